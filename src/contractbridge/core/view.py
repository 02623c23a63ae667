"""What one seat may know: its own hand, dummy after the opening lead, calls and cards.

Every player, human or robot, decides from a :class:`SeatView` and from nothing else. It is
built from the full state by :meth:`SeatView.of`, the one place that decides what is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass

from contractbridge.core.auction import Auction
from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.hand import SUIT_MASK, Hand, holding_cards, mask_cards
from contractbridge.core.play import Play
from contractbridge.core.seat import Seat, Vulnerability


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of a deal in progress.

    ``hand`` is the seat's remaining cards; ``dummy`` is dummy's remaining cards once the
    opening lead has been made (None before, and for dummy itself it is its own hand);
    ``played`` lists every card played, with who played it, in order.
    """

    seat: Seat
    dealer: Seat
    vulnerability: Vulnerability
    hand: Hand
    calls: tuple[Call, ...] = ()
    contract: Contract | None = None
    dummy: Hand | None = None
    played: tuple[tuple[Seat, Card], ...] = ()
    scoring: str = "IMP"
    #: the seat whose call or card is awaited (dummy's seat on dummy's turn), or None
    turn: Seat | None = None
    #: explanations of the calls made so far (as the table shows them), parallel to ``calls``
    explanations: tuple[str | None, ...] = ()
    #: remaining cards other seats have faced to this one: a claimer's, while the claim
    #: waits for this seat's answer (Law 68C: the claimer faces its hand)
    shown: tuple[tuple[Seat, Hand], ...] = ()

    @classmethod
    def of(
        cls,
        seat: Seat,
        deal: Deal,
        auction: Auction,
        play: Play | None = None,
        *,
        vulnerability: Vulnerability = Vulnerability.NONE,
        scoring: str = "IMP",
        explanations: tuple[str | None, ...] = (),
        faced: tuple[Seat, ...] = (),
    ) -> SeatView:
        """The view of ``seat``; the only function that reads hidden hands. ``faced``: the
        seats whose remaining cards are shown to ``seat`` (a claimer's, to its opponents)."""
        hand = play.hand(seat) if play is not None else deal[seat]
        dummy: Hand | None = None
        played: tuple[tuple[Seat, Card], ...] = ()
        contract = auction.contract if auction.is_complete else None
        turn: Seat | None = auction.turn if not auction.is_complete else None
        if play is not None:
            if play.dummy_visible:
                dummy = play.hand(play.dummy)
            seq: list[tuple[Seat, Card]] = []
            for trick in play.tricks:
                for i, card in enumerate(trick.cards):
                    seq.append((trick.leader.next(i), card))
            for i, card in enumerate(play.current_trick):
                seq.append((play.leader.next(i), card))
            played = tuple(seq)
            turn = play.turn
        return cls(
            seat=seat,
            dealer=auction.dealer,
            vulnerability=vulnerability,
            hand=hand,
            calls=auction.calls,
            contract=contract,
            dummy=dummy,
            played=played,
            scoring=scoring,
            turn=turn,
            explanations=explanations,
            shown=tuple((s, play.hand(s)) for s in faced if s != seat) if play is not None else (),
        )

    # -- derived ----------------------------------------------------------------------
    def auction(self) -> Auction:
        return Auction(self.dealer, self.calls)

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract is not None else None

    @property
    def is_dummy(self) -> bool:
        return self.declarer is not None and self.seat == self.declarer.partner

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards of the trick in progress, with who played them."""
        n = len(self.played) % 4
        return self.played[len(self.played) - n :] if n else ()

    def visible_hand(self, seat: Seat) -> Hand | None:
        """The remaining cards of ``seat`` if this view shows them."""
        if seat == self.seat:
            return self.hand
        if self.declarer is not None and seat == self.declarer.partner:
            return self.dummy
        for who, hand in self.shown:
            if who == seat:
                return hand
        return None

    def legal_cards(self) -> tuple[Card, ...]:
        """Cards that may be played now from the hand in turn, if this view holds it."""
        if self.turn is None or self.contract is None:
            return ()
        hand = self.visible_hand(self.turn)
        if hand is None:
            return ()
        trick = self.current_trick
        if trick:
            led = trick[0][1] // 13
            holding = hand.mask >> (13 * led) & SUIT_MASK
            if holding:
                return holding_cards(led, holding)
        return mask_cards(hand.mask)

    def unseen_cards(self) -> Hand:
        """Cards not yet played that this seat cannot see (what robots sample)."""
        known = self.hand.mask | (self.dummy.mask if self.dummy is not None else 0)
        for _, hand in self.shown:
            known |= hand.mask
        for _, card in self.played:
            known |= 1 << card
        return Hand.from_mask(((1 << 52) - 1) & ~known)

    def cards_played_by(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(card for who, card in self.played if who == seat)
