"""Rubber bridge: the WE/THEY sheet, above and below the line, games and the rubber.

Only the trick score of a made contract goes below the line and counts toward a game (100).
Everything else goes above the line: overtricks, undertricks (to the defenders), the insult,
slams, honours (to whichever side held them) and the rubber bonus, 700 when the losers have no
game, 500 when they have one. A game cancels both sides' partscores for the next game, and a
side that has won a game is vulnerable (standards.md §1.5; text 004, "Rubber Bridge").

>>> sheet = RubberScoresheet()
>>> _ = sheet.record(Contract.parse("3NT N"), 9)
>>> sheet.vulnerability, sheet.dealer
(<Vulnerability.NS: 1>, <Seat.E: 1>)
>>> _ = sheet.record(Contract.parse("4S S"), 10)
>>> sheet.is_complete, sheet.totals()
(True, {<Side.NS: 0>: 920, <Side.EW: 1>: 0})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.seat import SEATS, Seat, Side, Vulnerability
from contractbridge.scoring.duplicate import (
    GAME,
    as_contract,
    insult_bonus,
    overtrick_score,
    slam_bonus,
    trick_score,
    undertrick_penalty,
)
from contractbridge.scoring.errors import ScoresheetError, SeriesCompleteError
from contractbridge.scoring.honours import Honours, honours_in

RUBBER_BONUS_TWO_NIL = 700
RUBBER_BONUS_TWO_ONE = 500
UNFINISHED_GAME = 300
UNFINISHED_PARTSCORE = 100  # 50 before the 1993 rubber laws
SIDES = (Side.NS, Side.EW)


@dataclass(frozen=True, slots=True)
class Premium:
    """One score written above the line: who scores it, how much, and what for.

    ``reason`` is one of "overtricks", "undertricks", "insult", "slam", "honours", "game"
    (Chicago), "partscore" (Chicago's fourth deal), "rubber", "unfinished game",
    "unfinished partscore".
    """

    side: Side
    points: int
    reason: str
    deal: int


@dataclass(frozen=True, slots=True)
class RubberEntry:
    """What one deal wrote on the sheet.

    ``below`` and ``above`` are indexed by side (``entry.below[Side.NS]``); ``game`` is the side
    that completed a game with this deal, ``game_number`` the game the trick score counted
    toward (1, 2 or 3). A passed-out deal has ``contract`` None and scores nothing.
    """

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    contract: Contract | None
    declarer_tricks: int | None
    below: tuple[int, int]
    above: tuple[int, int]
    honours: Honours | None
    premiums: tuple[Premium, ...]
    game: Side | None
    game_number: int

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract is not None else None

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    def points(self, side: Side) -> int:
        """Everything ``side`` scored on this deal, above and below the line."""
        return self.below[side] + self.above[side]


def checked_result(
    contract: Contract | str | None, declarer_tricks: int
) -> tuple[Contract | None, int]:
    """The contract (with its declarer) and the trick count, or a ScoresheetError."""
    parsed = as_contract(contract)
    if parsed is None:
        return None, 0
    if parsed.declarer is None:
        raise ScoresheetError(
            f"say who declared {parsed}: a scoresheet needs the declarer (like '{parsed} S')"
        )
    if not isinstance(declarer_tricks, int) or not 0 <= declarer_tricks <= 13:
        raise ScoresheetError(f"declarer takes 0 to 13 tricks, not {declarer_tricks!r}")
    return parsed, declarer_tricks


def contract_premiums(
    contract: Contract, declarer_tricks: int, vulnerable: bool, number: int
) -> tuple[int, list[Premium]]:
    """Trick score (below the line, 0 if defeated) and the premiums above it, as in Law 77."""
    side = contract.declarer.side if contract.declarer is not None else Side.NS
    needed = contract.tricks_needed
    if declarer_tricks < needed:
        penalty = undertrick_penalty(needed - declarer_tricks, contract.doubled, vulnerable)
        return 0, [Premium(side.opponents, penalty, "undertricks", number)]
    premiums = [
        Premium(side, points, reason, number)
        for reason, points in (
            ("overtricks", overtrick_score(contract, declarer_tricks - needed, vulnerable)),
            ("insult", insult_bonus(contract)),
            ("slam", slam_bonus(contract, vulnerable)),
        )
        if points
    ]
    return trick_score(contract), premiums


def resolve_honours(
    contract: Contract | None, deal: Deal | None, honours: Honours | None
) -> Honours | None:
    """Honours given explicitly, else found in ``deal``; none on a passed-out deal."""
    if contract is None:
        if honours is not None:
            raise ScoresheetError("a passed-out deal has no trumps, so no honours")
        return None
    if honours is not None:
        honours.check(contract)
        return honours
    return honours_in(deal, contract) if deal is not None else None


def sum_sides(premiums: Sequence[Premium]) -> tuple[int, int]:
    ns = sum(p.points for p in premiums if p.side == Side.NS)
    ew = sum(p.points for p in premiums if p.side == Side.EW)
    return ns, ew


class RubberScoresheet:
    """A rubber: the best of three games, scored above and below the line.

    ``dealer`` deals the first deal; the deal passes clockwise after every deal, passed-out
    ones included. ``unfinished_partscore`` is the premium for the only partscore in an
    unfinished game when the rubber is stopped (100; 50 under the laws before 1993).
    ``honours=False`` plays without honours (an agreement some tables make).
    """

    def __init__(
        self,
        dealer: Seat = Seat.N,
        *,
        unfinished_partscore: int = UNFINISHED_PARTSCORE,
        honours: bool = True,
    ) -> None:
        self._first_dealer = dealer
        self._unfinished_partscore = unfinished_partscore
        self._honours = honours
        self._entries: list[RubberEntry] = []
        self._closing: tuple[Premium, ...] = ()
        self._games = [0, 0]
        self._partscore = [0, 0]
        self._finished = False

    # -- the Scoresheet protocol -----------------------------------------------------------

    @property
    def dealer(self) -> Seat:
        return SEATS[(self._first_dealer + len(self._entries)) % 4]

    @property
    def vulnerability(self) -> Vulnerability:
        """A side that has won a game is vulnerable."""
        return Vulnerability.of(self._games[Side.NS] > 0, self._games[Side.EW] > 0)

    @property
    def is_complete(self) -> bool:
        """True once a side has won two games, or the rubber was stopped with :meth:`finish`."""
        return self.winner is not None or self._finished

    def record(
        self,
        contract: Contract | str | None,
        declarer_tricks: int,
        deal: Deal | None = None,
        *,
        honours: Honours | None = None,
    ) -> RubberEntry:
        """Score one deal; honours are found in ``deal`` or given as ``honours``.

        ``contract`` must name its declarer (``"4SX S"``); None or "Pass" for a passed-out deal.
        """
        if self.is_complete:
            raise SeriesCompleteError("the rubber is over: start a new sheet")
        parsed, tricks = checked_result(contract, declarer_tricks)
        number = len(self._entries) + 1
        vulnerability = self.vulnerability
        held = resolve_honours(parsed, deal, honours) if self._honours else None
        below = [0, 0]
        premiums: list[Premium] = []
        game: Side | None = None
        game_number = sum(self._games) + 1
        if parsed is not None and parsed.declarer is not None:
            side = parsed.declarer.side
            points, premiums = contract_premiums(
                parsed, tricks, vulnerability.is_vulnerable(side), number
            )
            below[side] = points
            if held is not None:
                premiums.append(Premium(held.side, held.points, "honours", number))
            self._partscore[side] += points
            if self._partscore[side] >= GAME:
                game = side
                self._games[side] += 1
                self._partscore = [0, 0]  # a game cancels both partscores for the next game
                if self._games[side] == 2:
                    bonus = (
                        RUBBER_BONUS_TWO_ONE
                        if self._games[side.opponents]
                        else RUBBER_BONUS_TWO_NIL
                    )
                    premiums.append(Premium(side, bonus, "rubber", number))
        entry = RubberEntry(
            number=number,
            dealer=self.dealer,
            vulnerability=vulnerability,
            contract=parsed,
            declarer_tricks=tricks if parsed is not None else None,
            below=(below[0], below[1]),
            above=sum_sides(premiums),
            honours=held,
            premiums=tuple(premiums),
            game=game,
            game_number=game_number,
        )
        self._entries.append(entry)
        return entry

    def totals(self) -> dict[Side, int]:
        """Each side's points, above and below the line (with the unfinished-rubber premiums
        once :meth:`finish` has been called)."""
        totals = {side: 0 for side in SIDES}
        for entry in self._entries:
            for side in SIDES:
                totals[side] += entry.points(side)
        for premium in self._closing:
            totals[premium.side] += premium.points
        return totals

    # -- rubber specifics ------------------------------------------------------------------

    @property
    def entries(self) -> list[RubberEntry]:
        """One record per deal, in order (passed-out deals included)."""
        return list(self._entries)

    @property
    def premiums(self) -> list[Premium]:
        """Every score above the line in the order written, unfinished-rubber ones last."""
        return [p for e in self._entries for p in e.premiums] + list(self._closing)

    @property
    def games(self) -> dict[Side, int]:
        """Games won by each side so far."""
        return {side: self._games[side] for side in SIDES}

    @property
    def partscores(self) -> dict[Side, int]:
        """Trick points each side has toward the game in progress."""
        return {side: self._partscore[side] for side in SIDES}

    @property
    def winner(self) -> Side | None:
        """The side that won the rubber (two games), or None."""
        for side in SIDES:
            if self._games[side] == 2:
                return side
        return None

    def finish(self) -> tuple[Premium, ...]:
        """Stop an unfinished rubber and write its premiums.

        A side with the only game scores 300; a side with the only partscore in the game in
        progress scores 100 (or ``unfinished_partscore``). Returns the premiums written.
        """
        if self.is_complete:
            raise SeriesCompleteError("the rubber is already over")
        number = len(self._entries)
        closing: list[Premium] = []
        for side in SIDES:
            if self._games[side] == 1 and self._games[side.opponents] == 0:
                closing.append(Premium(side, UNFINISHED_GAME, "unfinished game", number))
        for side in SIDES:
            if self._partscore[side] and not self._partscore[side.opponents]:
                closing.append(
                    Premium(side, self._unfinished_partscore, "unfinished partscore", number)
                )
        self._closing = tuple(closing)
        self._finished = True
        return self._closing

    def render(self) -> str:
        """The sheet as people draw it: WE (NS) | THEY (EW)."""
        premiums: dict[Side, list[int]] = {side: [] for side in SIDES}
        for premium in self.premiums:
            premiums[premium.side].append(premium.points)
        games: list[tuple[list[int], list[int], bool]] = []
        for entry in self._entries:
            while len(games) < entry.game_number:
                games.append(([], [], False))
            ns, ew, _ = games[entry.game_number - 1]
            for side, column in zip(SIDES, (ns, ew), strict=True):
                if entry.below[side]:
                    column.append(entry.below[side])
            if entry.game is not None:
                games[entry.game_number - 1] = (ns, ew, True)
        return render_line_sheet(premiums, games, self.totals())


def render_line_sheet(
    premiums: dict[Side, list[int]],
    games: Sequence[tuple[list[int], list[int], bool]],
    totals: dict[Side, int],
    width: int = 9,
) -> str:
    """Two columns WE | THEY: premiums stacked upward from the line, trick scores below it
    game by game with a line under each completed game, totals at the bottom.

    >>> print(render_line_sheet({Side.NS: [30, 500], Side.EW: [50]}, [([100], [], True)],
    ...                         {Side.NS: 630, Side.EW: 50}, width=5))
     WE   | THEY
          |
      500 |
       30 |    50
    ======+======
      100 |
    ------+------
    ======+======
      630 |    50
    """

    def row(left: str, right: str) -> str:
        return f"{left:>{width}} | {right:>{width}}".rstrip()

    def cell(values: list[int], index: int) -> str:
        return str(values[index]) if index < len(values) else ""

    rule = "=" * (width + 1) + "+" + "=" * (width + 1)
    thin = "-" * (width + 1) + "+" + "-" * (width + 1)
    lines = [f"{'WE':^{width}} | {'THEY':^{width}}".rstrip(), row("", "")]
    we, they = premiums[Side.NS], premiums[Side.EW]
    for level in range(max(len(we), len(they)) - 1, -1, -1):
        lines.append(row(cell(we, level), cell(they, level)))
    lines.append(rule)
    for ns, ew, complete in games:
        for index in range(max(len(ns), len(ew))):
            lines.append(row(cell(ns, index), cell(ew, index)))
        if complete:
            lines.append(thin)
    lines.append(rule)
    lines.append(row(str(totals[Side.NS]), str(totals[Side.EW])))
    return "\n".join(lines)
