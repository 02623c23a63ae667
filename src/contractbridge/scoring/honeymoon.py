"""Honeymoon bridge's score: contract bridge's rubber scoring, each player a side.

The published rules score Honeymoon bridge as rubber bridge (``docs/honeymoon.md``): trick
score below the line toward games of 100, the best of three games, 700 or 500 for the
rubber, undertricks and overtricks by vulnerability (a player with a game is vulnerable),
and honours to the player who held them at the start of the play. South is WE, West THEY
(:data:`~contractbridge.core.honeymoon.PLAYERS` sit on opposite sides).

>>> from contractbridge.core.contract import Contract
>>> score = HoneymoonScore()
>>> south = Hand.from_pbn("AKQJ.AK2.A32.432")
>>> west = Hand.from_pbn("T98.QJT.KQJ.AKQJ")
>>> entry = score.record(Contract.parse("4S S"), 10, {Seat.S: south, Seat.W: west})
>>> entry.below[Side.NS], [(p.reason, p.points) for p in entry.premiums]
(120, [('honours', 100)])
"""

from __future__ import annotations

from collections.abc import Mapping

from contractbridge.core.card import Rank, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat, Side, Vulnerability
from contractbridge.scoring.errors import SeriesCompleteError
from contractbridge.scoring.honours import FIVE_HONOURS, FOUR_ACES, FOUR_HONOURS, Honours
from contractbridge.scoring.rubber import RubberEntry, RubberScoresheet

_TOP_FIVE = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


def hand_honours(hand: Hand, strain: Strain) -> int:
    """The honours premium ``hand`` holds in ``strain``: 150 for all five trump honours
    (A K Q J 10) or, at notrump, the four aces; 100 for four of the five; else 0.

    >>> hand_honours(Hand.from_pbn("AKQJ.T98.765.432"), Strain.S)
    100
    >>> hand_honours(Hand.from_pbn("A.A.A.AKQJT98765"), Strain.NT)
    150
    """
    if strain == Strain.NT:
        aces = sum(1 for s in range(4) if any(c.rank == Rank.ACE for c in hand.cards_in(s)))
        return FOUR_ACES if aces == 4 else 0
    held = sum(1 for c in hand.cards_in(int(strain)) if c.rank in _TOP_FIVE)
    return FIVE_HONOURS if held == 5 else FOUR_HONOURS if held == 4 else 0


def honours_held(hands: Mapping[Seat, Hand], contract: Contract) -> Honours | None:
    """The honours in ``contract``'s strain, credited to the side of the player holding them."""
    for seat, hand in hands.items():
        points = hand_honours(hand, contract.strain)
        if points:
            return Honours(seat.side, points)
    return None


class HoneymoonScore:
    """The rubbers of a Honeymoon bridge match, one rubber scoresheet each.

    ``honours=False`` plays without honours (an agreement some players make).
    """

    def __init__(self, rubbers: int = 1, *, honours: bool = True) -> None:
        if rubbers < 1:
            raise SeriesCompleteError(f"a match has at least one rubber, not {rubbers}")
        self.rubbers = rubbers
        self.honours = honours
        self.sheets: list[RubberScoresheet] = [RubberScoresheet(honours=honours)]
        self.stopped = False

    @property
    def sheet(self) -> RubberScoresheet:
        """The rubber in progress (the last one, once the match is over)."""
        return self.sheets[-1]

    @property
    def is_over(self) -> bool:
        return self.stopped or (len(self.sheets) == self.rubbers and self.sheet.is_complete)

    @property
    def vulnerability(self) -> Vulnerability:
        """Who is vulnerable on the next deal: a player who has won a game of this rubber."""
        return self.sheet.vulnerability

    def record(
        self, contract: Contract | None, declarer_tricks: int, hands: Mapping[Seat, Hand]
    ) -> RubberEntry:
        """Score one deal (None: passed out) with the hands held at the start of the play;
        a finished rubber opens the next one."""
        if self.is_over:
            raise SeriesCompleteError("the match is over")
        held = honours_held(hands, contract) if contract is not None and self.honours else None
        entry = self.sheet.record(contract, declarer_tricks if contract else 0, honours=held)
        if self.sheet.is_complete and len(self.sheets) < self.rubbers:
            self.sheets.append(RubberScoresheet(honours=self.honours))
        return entry

    def stop(self) -> None:
        """End the match now: an unfinished rubber gets its premiums (300 for the only game,
        100 for the only partscore)."""
        if not self.sheet.is_complete and self.sheet.entries:
            self.sheet.finish()
        self.stopped = True

    def totals(self) -> dict[Side, int]:
        totals = {Side.NS: 0, Side.EW: 0}
        for sheet in self.sheets:
            for side, points in sheet.totals().items():
                totals[side] += points
        return totals

    def render(self) -> str:
        """Every rubber's sheet, WE (South) | THEY (West)."""
        parts = []
        for number, sheet in enumerate(self.sheets, 1):
            if not sheet.entries and number > 1:
                continue
            head = f"Rubber {number}" + ("" if sheet.is_complete else " (in progress)")
            parts.append(f"{head}\n{sheet.render()}")
        return "\n\n".join(parts)
