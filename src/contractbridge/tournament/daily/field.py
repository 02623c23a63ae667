"""The field of a set: every result scored against all who played the same deal, the
ranking, and what a player may see of it.

**Scoring a deal.** Each entry's score for its side is compared with every other entry's on
that deal (the robots' entry included):

* matchpoints, Law 78A: 2 for each score beaten and 1 for each score equalled (the standard
  scale, PBN's ``MP1``), as a percentage of the top, 2 x (results - 1); a lone result scores
  50 % -- the same figures as :func:`contractbridge.scoring.matchpoints.percentages`;
* IMPs against a Butler datum (the field's average without its highest and lowest score,
  rounded to 10) -- :func:`contractbridge.scoring.imps.butler_imps`;
* cross-IMPs: IMPs against each other score, divided by the number of comparisons --
  :func:`contractbridge.scoring.imps.cross_imps` (``CrossDivisor.COMPARISONS``).

They are worked out by counting equal scores (a field of a thousand has a few dozen
different scores on a deal), so a new result costs a pass over that deal only.

**The ranking.** Live: every entry with a finished deal, by its average over the deals it
finished (equal averages share a rank). Final (at the close): the deals an entrant did not
finish count as the set's rule says (:class:`~contractbridge.tournament.daily.sets.Unplayed`).

**Hidden information.** :meth:`Field.field_view` tells a viewer how the field played a deal
only once the viewer has finished it (:class:`NotFinishedError` otherwise), and the ranking
holds totals only: no contract, lead, score or per-deal figure of anyone.

>>> from datetime import UTC, date, datetime
>>> from contractbridge.tournament.daily.sets import DailyPlan, deal_day
>>> s = deal_day(DailyPlan.default(), "an operator's secret, kept safe", date(2026, 11, 29))[0]
>>> at = datetime(2026, 11, 29, 12, tzinfo=UTC)
>>> field = Field(s)
>>> for who, contract, tricks in [("ann", "4S S", 10), ("bob", "4S S", 9), ("cy", "2S S", 10)]:
...     field.add(DealResult.of(who, s.deal(1), contract, tricks, lead="HK", finished=at))
>>> [(st.rank, st.player, round(st.average, 2)) for st in field.ranking().standings]
[(1, 'ann', 100.0), (2, 'cy', 50.0), (3, 'bob', 0.0)]
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import fsum
from typing import Any

from contractbridge.scoring.imps import butler_datum, imps
from contractbridge.scoring.matchpoints import STANDARD
from contractbridge.tournament.daily.errors import (
    AlreadyRecordedError,
    DailyError,
    NotFinishedError,
)
from contractbridge.tournament.daily.results import ROBOTS, DealResult, check_player
from contractbridge.tournament.daily.sets import DailySet, Scoring

# Averages equal to this many decimals are a tie (sums of the same figures in another
# order can differ in the last bit).
_TIE_DECIMALS = 9


def score_values(scoring: Scoring, scores: Sequence[int]) -> dict[int, float]:
    """What each distinct score of a deal earns against all ``scores`` (one per entry): a
    Law 78A percentage, Butler IMPs or cross-IMPs per comparison.

    >>> score_values(Scoring.MATCHPOINTS, [-50, -100, -100, -140])
    {-140: 0.0, -100: 50.0, -50: 100.0}
    >>> score_values(Scoring.CROSS_IMPS, [420, 420, 170, -50])
    {-50: -8.666666666666666, 170: -2.0, 420: 5.333333333333333}
    """
    counts = Counter(scores)
    n = len(scores)
    values = sorted(counts)
    if not values:
        return {}
    if scoring is Scoring.MATCHPOINTS:
        if n == 1:
            return {values[0]: 50.0}
        top = STANDARD.top(n)
        out: dict[int, float] = {}
        below = 0
        for value in values:
            equal = counts[value]
            mp = below * STANDARD.win + (equal - 1) * STANDARD.tie
            out[value] = 100.0 * mp / top
            below += equal
        return out
    if scoring is Scoring.BUTLER:
        datum = butler_datum(scores)
        return {value: float(imps(value - datum)) for value in values}
    if n == 1:
        return {values[0]: 0.0}
    return {
        value: sum(counts[other] * imps(value - other) for other in values) / (n - 1)
        for value in values
    }


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a ranking: totals only."""

    rank: int
    tied: bool
    player: str
    average: float
    played: int  # deals finished

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "tied": self.tied,
            "player": self.player,
            "robots": self.player == ROBOTS,
            "average": round(self.average, 2),
            "played": self.played,
        }


@dataclass(frozen=True, slots=True)
class Ranking:
    """A set's ranking, live or final; ``unit`` is "%" or "IMPs" (an average per deal)."""

    set_id: str
    final: bool
    unit: str
    deals: int
    rule: str
    standings: tuple[Standing, ...]

    def standing(self, player: str) -> Standing | None:
        for line in self.standings:
            if line.player == player:
                return line
        return None

    def to_json(self, viewer: str | None = None) -> dict[str, Any]:
        """The ranking as a page gets it; ``viewer``'s own line is marked."""
        return {
            "set": self.set_id,
            "final": self.final,
            "unit": self.unit,
            "deals": self.deals,
            "rule": self.rule,
            "standings": [
                {**line.to_json(), "you": line.player == viewer} for line in self.standings
            ],
        }


@dataclass(frozen=True, slots=True)
class FieldRow:
    """Results alike on a deal (same contract, declarer, tricks, lead and side), and how
    many entries had it."""

    contract: str
    declarer: str | None
    tricks: int
    lead: str | None
    side: str
    score: int  # North-South's
    points: float  # for the row's side
    count: int
    frequency: float  # % of the entries
    players: tuple[str, ...]

    def to_json(self, viewer: str | None = None) -> dict[str, Any]:
        return {
            "contract": self.contract,
            "declarer": self.declarer,
            "tricks": self.tricks,
            "lead": self.lead,
            "side": self.side,
            "score": self.score,
            "points": round(self.points, 2),
            "count": self.count,
            "frequency": round(self.frequency, 1),
            "players": list(self.players),
            "yours": viewer in self.players,
        }


@dataclass(frozen=True, slots=True)
class FieldView:
    """How the field played one deal, for a viewer who finished it."""

    set_id: str
    board: int
    deal: str  # PBN
    dealer: str
    vulnerability: str
    unit: str
    entries: int
    datum: int | None  # the Butler datum, at IMPs against a datum
    rows: tuple[FieldRow, ...]
    viewer: str

    def to_json(self) -> dict[str, Any]:
        return {
            "set": self.set_id,
            "board": self.board,
            "deal": self.deal,
            "dealer": self.dealer,
            "vulnerability": self.vulnerability,
            "unit": self.unit,
            "entries": self.entries,
            "datum": self.datum,
            "rows": [row.to_json(self.viewer) for row in self.rows],
        }


class Field:
    """The results of one set, scored as they come; :meth:`add` one result at a time."""

    def __init__(
        self, daily_set: DailySet, results: Iterable[DealResult] = (), entrants: Iterable[str] = ()
    ) -> None:
        self.set = daily_set
        self._results: dict[int, dict[str, DealResult]] = {b: {} for b in daily_set.boards}
        self._own: dict[int, dict[str, int]] = {b: {} for b in daily_set.boards}
        self._values: dict[int, dict[int, float]] = {}  # board -> own score -> points
        # Kept as results come: each entry's points per board (in the set's order) and
        # their sum; only the boards changed since the last ranking are scored again.
        self._column = {b: i for i, b in enumerate(daily_set.boards)}
        self._points: dict[str, list[float]] = {}
        self._totals: dict[str, float] = {}
        self._played: Counter[str] = Counter()
        self._changed: set[int] = set()
        self._entrants: set[str] = set()
        self._ranking: Ranking | None = None
        for player in entrants:
            self.enter(player)
        for result in results:
            self.add(result)

    # -- changes ------------------------------------------------------------------------
    def enter(self, player: str) -> None:
        """``player`` started the set (they rank at the close even with nothing finished)."""
        if player != ROBOTS:
            check_player(player)
        if player not in self._entrants:
            self._entrants.add(player)
            self._ranking = None

    def add(self, result: DealResult) -> None:
        """A finished deal; a second result for the same player and deal is refused."""
        on_board = self._results.get(result.board)
        if on_board is None:
            raise DailyError(f"board {result.board} is not in the set {self.set.name!r}")
        if result.player in on_board:
            raise AlreadyRecordedError(
                f"board {result.board} of {self.set.name!r} is already scored for this player"
            )
        on_board[result.player] = result
        self._own[result.board][result.player] = result.own_score
        self._played[result.player] += 1
        if result.player not in self._points:
            self._points[result.player] = [0.0] * len(self._column)
        self._entrants.add(result.player)
        self._values.pop(result.board, None)
        self._changed.add(result.board)
        self._ranking = None

    # -- reading ------------------------------------------------------------------------
    def __len__(self) -> int:
        return sum(len(on_board) for on_board in self._results.values())

    def has_finished(self, player: str, board: int) -> bool:
        return player in self._results.get(board, {})

    def finished(self, player: str) -> tuple[int, ...]:
        """The boards ``player`` finished, in the set's order."""
        return tuple(b for b, on_board in self._results.items() if player in on_board)

    def result(self, player: str, board: int) -> DealResult | None:
        return self._results.get(board, {}).get(player)

    def points(self, result: DealResult) -> float:
        """What ``result`` earns against the field of its deal (its side's %, or IMPs)."""
        return self._board_values(result.board)[result.own_score]

    def _board_values(self, board: int) -> dict[int, float]:
        values = self._values.get(board)
        if values is None:
            scores = list(self._own[board].values())
            values = self._values[board] = score_values(self.set.scoring, scores)
        return values

    def _bring_up_to_date(self) -> None:
        """Score again the boards with new results, and the totals of those who played
        them; ``fsum`` makes a total independent of the order of its parts."""
        for board in self._changed:
            values = self._board_values(board)
            column = self._column[board]
            for player, score in self._own[board].items():
                row = self._points[player]
                row[column] = values[score]
                self._totals[player] = fsum(row)
        self._changed.clear()

    def ranking(self, *, final: bool = False) -> Ranking:
        """The live ranking (by the average over the deals finished), or with ``final`` the
        ranking at the close (unfinished deals scored by the set's rule)."""
        if not final and self._ranking is not None:
            return self._ranking
        self._bring_up_to_date()
        totals, played = self._totals, self._played
        deals = len(self.set.deals)
        unplayed = self.set.unplayed.points(self.set.scoring)
        keys: list[tuple[float, int, str]] = []  # (-average, -played, player): best first
        for player in self._entrants if final else totals:
            total, count = totals.get(player, 0.0), played[player]
            if final and unplayed is not None:
                total += unplayed * (deals - count)
                count = deals
            if count:
                keys.append((-round(total / count, _TIE_DECIMALS), -played[player], player))
        keys.sort()
        averages = [key[0] for key in keys]
        counted = Counter(averages)
        standings = tuple(
            Standing(
                rank=bisect_left(averages, minus) + 1,
                tied=counted[minus] > 1,
                player=player,
                average=-minus + 0.0,  # never -0.0
                played=-minus_played,
            )
            for minus, minus_played, player in keys
        )
        ranking = Ranking(
            self.set.id, final, self.set.scoring.unit, deals, self.set.rule_text, standings
        )
        if not final:
            self._ranking = ranking
        return ranking

    def field_view(self, viewer: str, board: int) -> FieldView:
        """How the field played ``board``: only for a viewer who finished it."""
        daily = self.set.deal(board)
        if not self.has_finished(viewer, board):
            raise NotFinishedError(
                f"board {board} of {self.set.name!r}: finish it to see how the field played it"
            )
        on_board = self._results[board]
        values = self._board_values(board)
        groups: dict[tuple[str, int, str | None, str], list[DealResult]] = {}
        for result in on_board.values():
            contract = str(result.contract) if result.contract is not None else "Pass"
            lead = str(result.lead) if result.lead is not None else None
            groups.setdefault((contract, result.tricks, lead, result.side.name), []).append(result)
        entries = len(on_board)
        rows = []
        for (contract, tricks, lead, side), alike in groups.items():
            first = alike[0]
            rows.append(
                FieldRow(
                    contract=contract,
                    declarer=first.declarer.name if first.declarer is not None else None,
                    tricks=tricks,
                    lead=lead,
                    side=side,
                    score=first.score,
                    points=values[first.own_score],
                    count=len(alike),
                    frequency=100.0 * len(alike) / entries,
                    players=tuple(sorted(r.player for r in alike)),
                )
            )
        rows.sort(key=lambda row: (-row.points, -row.count, row.contract, row.lead or ""))
        datum = None
        if self.set.scoring is Scoring.BUTLER:
            datum = butler_datum([r.own_score for r in on_board.values()])
        return FieldView(
            set_id=self.set.id,
            board=board,
            deal=daily.deal.to_pbn(),
            dealer=daily.dealer.name,
            vulnerability=str(daily.vulnerability),
            unit=self.set.scoring.unit,
            entries=entries,
            datum=datum,
            rows=tuple(rows),
            viewer=viewer,
        )

    def scorecard(self, viewer: str) -> list[dict[str, Any]]:
        """The viewer's own finished deals, each with its score against the field now."""
        card = []
        for board in self.finished(viewer):
            result = self._results[board][viewer]
            card.append({**result.to_json(), "points": round(self.points(result), 2)})
        return card
