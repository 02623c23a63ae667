"""Honours (rubber bridge): premiums for the side that held the top trumps, by luck alone.

Four of the five trump honours (A K Q J 10) in one hand score 100; all five in one hand 150;
at notrump, the four aces in one hand score 150. They go above the line to the side that
held them, declaring or defending (text 002's scoring list; standards.md §1.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from contractbridge.core.card import Rank, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.seat import SEATS, Seat, Side
from contractbridge.scoring.errors import ScoresheetError

FOUR_HONOURS = 100
FIVE_HONOURS = 150
FOUR_ACES = 150

# The five honours of a suit as a 13-bit holding: A K Q J T are ranks 14..10, bits 12..8.
_HONOUR_BITS = 0b1_1111_0000_0000
_ACE_BIT = 1 << (Rank.ACE - 2)


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours held on one deal: the side that held them and the premium.

    >>> Honours(Side.EW, 150)
    Honours(side=<Side.EW: 1>, points=150)
    """

    side: Side
    points: int

    def __post_init__(self) -> None:
        if self.points not in (FOUR_HONOURS, FIVE_HONOURS):
            raise ScoresheetError(
                f"honours score 100 (four trump honours) or 150 (all five, or four aces "
                f"at notrump), not {self.points}"
            )

    def check(self, contract: Contract) -> None:
        """Raise if these honours cannot occur in ``contract`` (only 150 at notrump)."""
        if contract.strain == Strain.NT and self.points != FOUR_ACES:
            raise ScoresheetError("at notrump only the four aces in one hand count (150)")


def honours_holder(deal: Deal, strain: Strain) -> tuple[Seat, int] | None:
    """The seat holding honours in ``strain`` and their premium, or None.

    >>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> honours_holder(d, Strain.S), honours_holder(d, Strain.H), honours_holder(d, Strain.NT)
    ((<Seat.N: 0>, 100), (<Seat.W: 3>, 100), None)
    """
    for seat in SEATS:
        hand = deal[seat]
        if strain == Strain.NT:
            if all(hand.holding(suit) & _ACE_BIT for suit in range(4)):
                return seat, FOUR_ACES
            continue
        held = (hand.holding(strain) & _HONOUR_BITS).bit_count()
        if held == 5:
            return seat, FIVE_HONOURS
        if held == 4:
            return seat, FOUR_HONOURS
    return None


def honours_in(deal: Deal, contract: Contract) -> Honours | None:
    """The honours of ``deal`` played in ``contract``'s strain, credited to the holder's side."""
    found = honours_holder(deal, contract.strain)
    return Honours(found[0].side, found[1]) if found is not None else None
