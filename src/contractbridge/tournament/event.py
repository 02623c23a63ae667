"""A pairs event: a movement, the pairs' names, the results as they come in, the rankings.

Stored as one JSON file (:meth:`PairsEvent.save` / :meth:`PairsEvent.load`). Every result is
checked against the movement as it is entered: the pairs must meet on that board, in the
directions the movement seats them.

>>> from contractbridge.tournament.movement import mitchell
>>> ev = PairsEvent("Club night", mitchell(3, boards_per_round=2))
>>> ev.enter(board=1, ns="1", contract="3NT", declarer="S", tricks=10).ew
'4'
>>> ev.enter(board=1, ns="2", ew="4", score=430)
Traceback (most recent call last):
...
contractbridge.tournament.results.ResultError: board 1: pair 2 plays pair 6 on board 1 (round 3, \
table 2), not pair 4
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.formats.record import GameRecord
from contractbridge.scoring.imps import CrossDivisor
from contractbridge.scoring.matchpoints import Factoring, WeightedScore
from contractbridge.tournament.movement import Encounter, Movement
from contractbridge.tournament.pairs import (
    Method,
    Options,
    RankRow,
    ScoredResult,
    rank,
    score_event,
)
from contractbridge.tournament.results import (
    Adjusted,
    ResultError,
    ResultSet,
    TableResult,
    deals_of_boards,
    enter,
)

FORMAT = "contractbridge-event/1"


@dataclass(slots=True)
class PairsEvent:
    """A pairs event run with a movement."""

    name: str
    movement: Movement
    method: Method = Method.MP
    options: Options = field(default_factory=Options)
    names: dict[str, str] = field(default_factory=dict)
    results: ResultSet = field(default_factory=ResultSet)
    deals: dict[int, Deal] = field(default_factory=dict)

    # -- entering results ---------------------------------------------------------------
    def locate(
        self,
        board: int,
        *,
        ns: str | None = None,
        ew: str | None = None,
        table: int | None = None,
        round: int | None = None,
    ) -> Encounter:
        """Where ``board`` was played: by a pair, or by table and round."""
        where = f"board {board}"
        if board not in self.movement.boards:
            raise ResultError(
                f"{where} is not in this event (boards {_span(self.movement.boards)})"
            )
        if table is not None and round is not None:
            e = self.movement.encounter(round, table)
            if board not in e.boards:
                listed = ", ".join(str(b) for b in e.boards)
                raise ResultError(
                    f"{where}: table {table} plays boards {listed} in round {round}, not {board}"
                )
        else:
            pair = ns or ew
            if pair is None:
                raise ResultError(f"{where}: name a pair, or the table and round")
            found = self.movement.find(board, _number(pair, where))
            if found is None:
                raise ResultError(f"{where}: pair {pair} does not play board {board}")
            e = found
        if ns is not None and str(e.ns) != ns:
            if str(e.ew) == ns:
                raise ResultError(
                    f"{where}: pair {ns} sits East-West against pair {e.ns} (round {e.round},"
                    f" table {e.table})"
                )
            raise ResultError(f"{where}: pair {ns} does not play board {board}")
        if ew is not None and str(e.ew) != ew:
            raise ResultError(
                f"{where}: pair {e.ns} plays pair {e.ew} on board {board} (round {e.round},"
                f" table {e.table}), not pair {ew}"
            )
        return e

    def enter(
        self,
        *,
        board: int,
        ns: str | None = None,
        ew: str | None = None,
        table: int | None = None,
        round: int | None = None,
        contract: str | None = None,
        declarer: str | None = None,
        tricks: int | None = None,
        score: int | None = None,
        lead: str | None = None,
        adjusted: Adjusted | str | None = None,
        weighted: WeightedScore | None = None,
        replace: bool = False,
    ) -> TableResult:
        """Check and record a result (``replace=True`` corrects an earlier one)."""
        e = self.locate(board, ns=ns, ew=ew, table=table, round=round)
        result = enter(
            board=board,
            ns=str(e.ns),
            ew=str(e.ew),
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            score=score,
            lead=lead,
            round=e.round,
            table=e.table,
            adjusted=adjusted,
            weighted=weighted,
            deal=self.deals.get(board),
        )
        self.results.add(result, replace=replace)
        return result

    def add(self, result: TableResult, *, replace: bool = False) -> TableResult:
        """Record a result read from a file, checking its pairs against the movement."""
        e = self.locate(result.board, ns=result.ns, ew=result.ew)
        result.round, result.table = e.round, e.table
        self.results.add(result, replace=replace)
        return result

    def take_deals(
        self, records: Iterable[GameRecord], source: str = "the file"
    ) -> dict[int, Deal]:
        """Keep the deals of this event's boards found in ``records`` (for the hand records,
        and so that an entered lead is checked against declarer's left-hand opponent);
        returns them. Raises when none fits or a board has two deals."""
        found = deals_of_boards(records, self.movement.boards, source)
        self.deals.update(found)
        return found

    def remove(self, board: int, pair: str) -> TableResult:
        return self.results.remove(board, pair)

    def missing(self) -> list[Encounter]:
        """Table-rounds with at least one board still without a result."""
        return [
            e
            for e in self.movement.encounters
            if any(self.results.get(b, str(e.ns)) is None for b in e.boards)
        ]

    # -- scoring ----------------------------------------------------------------------
    def scored(self) -> dict[int, list[ScoredResult]]:
        """Every board scored; with Neuberg, every board is factored to the same top: that
        of the board played most often (a sit-out or a missing result leaves a board
        short)."""
        plays = [len(self.movement.plays(b)) for b in self.movement.boards]
        most = max(plays, default=0)
        expected = dict.fromkeys(self.movement.boards, most)
        return score_event(self.results.boards(), self.method, self.options, expected=expected)

    def rankings(self) -> list[list[RankRow]]:
        fields = [[str(p) for p in f] for f in self.movement.fields]
        return rank(self.scored(), fields=fields, names=self.names)

    # -- storage ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "name": self.name,
            "scoring": self.method.value,
            "options": {
                "factoring": self.options.factoring.value,
                "butler_drop": self.options.butler_drop,
                "butler_rounding": self.options.butler_rounding,
                "cross_divisor": self.options.cross_divisor.value,
            },
            "names": dict(sorted(self.names.items())),
            "movement": self.movement.to_dict(),
            "deals": {str(b): d.to_pbn() for b, d in sorted(self.deals.items())},
            "results": [r.to_dict() for r in self.results],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PairsEvent:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise ResultError(f"not an event file (expected format {FORMAT!r})")
        try:
            return cls._from_dict(data)
        except BridgeError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            what = f"no {error.args[0]!r} entry" if isinstance(error, KeyError) else str(error)
            raise ResultError(f"a damaged event file: {what}") from None

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> PairsEvent:
        opts = data.get("options", {})
        event = cls(
            str(data.get("name", "")),
            Movement.from_dict(data["movement"]),
            Method.parse(str(data.get("scoring", "MP"))),
            Options(
                Factoring(opts.get("factoring", "neuberg")),
                int(opts.get("butler_drop", 1)),
                int(opts.get("butler_rounding", 10)),
                CrossDivisor(opts.get("cross_divisor", "comparisons")),
            ),
            {str(k): str(v) for k, v in data.get("names", {}).items()},
            deals={int(b): Deal.from_pbn(d) for b, d in data.get("deals", {}).items()},
        )
        for item in data.get("results", ()):
            event.results.add(TableResult.from_dict(item))
        return event

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> PairsEvent:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise ResultError(f"{path} is not an event file: {error}") from None
        return cls.from_dict(data)


def _number(pair: str, where: str) -> int:
    try:
        return int(pair)
    except ValueError:
        raise ResultError(f"{where}: pairs are numbered in a movement, not {pair!r}") from None


def _span(boards: tuple[int, ...]) -> str:
    return f"{boards[0]}-{boards[-1]}" if boards else "none"
