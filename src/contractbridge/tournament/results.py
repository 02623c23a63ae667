"""Table results: what was played at one table on one board, checked as it is entered.

A :class:`TableResult` names the board, the two pairs, and either the contract, declarer and
tricks (the score follows from Law 77), or only a score, or an adjusted score (artificial
or weighted). :func:`enter` checks what a director types and says why an entry is
impossible.

>>> r = enter(board=1, ns="1", ew="9", contract="4S", declarer="N", tricks=10)
>>> r.ns_score, r.describe()
(420, '4S N =')
>>> enter(board=1, ns="1", ew="9", contract="4S", declarer="N", tricks=10, score=450)
Traceback (most recent call last):
...
contractbridge.tournament.results.ResultError: board 1: 4S by N taking 10 tricks scores 420 \
for North-South, not 450
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Board, Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat, Side, Vulnerability
from contractbridge.formats.record import GameRecord
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.matchpoints import Artificial, WeightedScore


class ResultError(BridgeError):
    """A table result that cannot have happened, or does not fit the event."""


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score: each side's percentage (a split score when they differ
    from 100 in total, e.g. 60 / 40 or 60 / 0)."""

    ns: float
    ew: float

    @classmethod
    def parse(cls, text: str) -> Adjusted:
        """``"A+"`` (60/40), ``"A"``, ``"A-"``, or a split ``"A+/A-"``, ``"60/0"``."""
        parts = text.replace(" ", "").split("/")
        if len(parts) == 1:
            ns = _percent(parts[0])
            return cls(ns, 100.0 - ns)
        if len(parts) == 2:
            return cls(_percent(parts[0]), _percent(parts[1]))
        raise ResultError(f"{text!r} is not an adjusted score (use A+, A, A- or NS/EW like 60/40)")

    def __str__(self) -> str:
        return f"{_name(self.ns)}/{_name(self.ew)}"


def _percent(text: str) -> float:
    try:
        return Artificial.parse(text).value
    except BridgeError:
        pass
    try:
        value = float(text.rstrip("%"))
    except ValueError:
        raise ResultError(f"{text!r} is not an adjusted score (use A+, A, A- or a %)") from None
    if not 0 <= value <= 100:
        raise ResultError(f"an adjusted score is 0% to 100%, not {value}")
    return value


def _name(value: float) -> str:
    names = {60.0: "A+", 50.0: "A", 40.0: "A-"}
    return names.get(value, f"{value:g}%")


@dataclass(slots=True)
class TableResult:
    """One board at one table. ``ns_score`` is North-South's score (None when adjusted)."""

    board: int
    ns: str
    ew: str
    contract: Contract | None = None  # with declarer; None when passed out or adjusted
    tricks: int | None = None
    ns_score: int | None = None
    lead: Card | None = None
    round: int | None = None
    table: int | None = None
    adjusted: Adjusted | None = None
    weighted: WeightedScore | None = None
    passed_out: bool = False

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract is not None else None

    @property
    def is_artificial(self) -> bool:
        return self.adjusted is not None

    @property
    def comparable(self) -> int | WeightedScore | None:
        """What is compared with the other tables: the score, a weighted score, or None
        (an artificial score is not compared)."""
        if self.adjusted is not None:
            return None
        return self.weighted if self.weighted is not None else self.ns_score

    def describe(self) -> str:
        """``"4S N +1"``, ``"Pass"``, ``"A+/A-"`` ..."""
        if self.adjusted is not None:
            return str(self.adjusted)
        if self.weighted is not None:
            return f"weighted: {self.weighted}"
        if self.passed_out:
            return "Pass"
        if self.contract is None or self.tricks is None:
            return "score only"
        diff = self.tricks - self.contract.tricks_needed
        return f"{self.contract} {'=' if diff == 0 else f'{diff:+d}'}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"board": self.board, "ns": self.ns, "ew": self.ew}
        if self.round is not None:
            data["round"] = self.round
        if self.table is not None:
            data["table"] = self.table
        if self.passed_out:
            data["contract"] = "Pass"
        elif self.contract is not None:
            data["contract"] = f"{self.contract.level}{self.contract.strain.name}"
            data["contract"] += str(self.contract.doubled)
            data["declarer"] = self.declarer.name if self.declarer is not None else None
        if self.tricks is not None:
            data["tricks"] = self.tricks
        if self.ns_score is not None:
            data["score"] = self.ns_score
        if self.lead is not None:
            data["lead"] = str(self.lead)
        if self.adjusted is not None:
            data["adjusted"] = [self.adjusted.ns, self.adjusted.ew]
        if self.weighted is not None:
            data["weighted"] = [list(p) for p in self.weighted.parts]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableResult:
        adjusted = data.get("adjusted")
        weighted = data.get("weighted")
        return enter(
            board=int(data["board"]),
            ns=str(data["ns"]),
            ew=str(data["ew"]),
            contract=data.get("contract"),
            declarer=data.get("declarer"),
            tricks=data.get("tricks"),
            score=data.get("score"),
            lead=data.get("lead"),
            round=data.get("round"),
            table=data.get("table"),
            adjusted=Adjusted(float(adjusted[0]), float(adjusted[1])) if adjusted else None,
            weighted=WeightedScore.of(*(tuple(p) for p in weighted)) if weighted else None,
        )


def _by(contract: Contract) -> str:
    bare = f"{contract.level}{contract.strain.name}{contract.doubled}"
    return f"{bare} by {contract.declarer}" if contract.declarer is not None else bare


@cache
def possible_scores(vulnerable: bool) -> frozenset[int]:
    """Every score declarer's side can get on a deal (either sign)."""
    scores = {0}
    for level in range(1, 8):
        for strain in "CDHSN":
            for dbl in ("", "X", "XX"):
                contract = Contract.parse(f"{level}{strain}{dbl}")
                for tricks in range(14):
                    scores.add(duplicate_score(contract, tricks, vulnerable))
    return frozenset(scores)


def enter(
    *,
    board: int,
    ns: str,
    ew: str,
    contract: Contract | str | None = None,
    declarer: Seat | str | None = None,
    tricks: int | str | None = None,
    score: int | str | None = None,
    lead: Card | str | None = None,
    round: int | None = None,
    table: int | None = None,
    adjusted: Adjusted | str | None = None,
    weighted: WeightedScore | None = None,
    vulnerability: Vulnerability | None = None,
    deal: Deal | None = None,
) -> TableResult:
    """A checked table result. Give contract + declarer + tricks (the score follows; a
    score given as well must agree), or a score alone, or ``adjusted`` / ``weighted``.

    ``score`` is North-South's. Vulnerability comes from the board number unless given.
    With the ``deal``, the opening lead must come from declarer's left-hand opponent.
    """
    where = f"board {board}"
    if not isinstance(board, int) or board < 1:
        raise ResultError(f"board numbers start at 1, not {board!r}")
    ns, ew = str(ns).strip(), str(ew).strip()
    if not ns or not ew:
        raise ResultError(f"{where}: name both pairs")
    if ns == ew:
        raise ResultError(f"{where}: pair {ns} cannot play against itself")
    vul = vulnerability if vulnerability is not None else Board(board).vulnerability
    base = TableResult(board, ns, ew, round=round, table=table)
    if adjusted is not None or weighted is not None:
        if contract is not None or score is not None:
            raise ResultError(f"{where}: give a result or an adjusted score, not both")
        if adjusted is not None:
            base.adjusted = adjusted if isinstance(adjusted, Adjusted) else Adjusted.parse(adjusted)
        base.weighted = weighted
        return base
    if isinstance(score, str):
        try:
            score = int(score.strip().lstrip("+"))
        except ValueError:
            raise ResultError(f"{where}: {score!r} is not a score") from None
    if isinstance(tricks, str):
        try:
            tricks = int(tricks)
        except ValueError:
            raise ResultError(f"{where}: {tricks!r} is not a number of tricks") from None
    passed = isinstance(contract, str) and contract.strip().upper() in ("PASS", "P", "AP", "0")
    if passed:
        if score not in (None, 0):
            raise ResultError(f"{where}: a board passed out scores 0, not {score}")
        base.passed_out, base.ns_score = True, 0
        return base
    if contract is None:
        if score is None:
            raise ResultError(f"{where}: give the contract, declarer and tricks, or a score")
        if tricks is not None or declarer is not None or lead is not None:
            raise ResultError(f"{where}: a declarer, tricks or lead needs the contract")
        if score not in possible_scores(vul.is_vulnerable(Side.NS)) and -score not in (
            possible_scores(vul.is_vulnerable(Side.EW))
        ):
            raise ResultError(f"{where}: no contract scores {score} (vulnerability {vul})")
        base.ns_score = score
        return base
    parsed = contract if isinstance(contract, Contract) else Contract.parse(contract)
    if declarer is not None:
        seat = declarer if isinstance(declarer, Seat) else Seat.parse(declarer)
        if parsed.declarer is not None and parsed.declarer != seat:
            raise ResultError(f"{where}: the contract says declarer {parsed.declarer}, not {seat}")
        parsed = parsed.with_declarer(seat)
    if parsed.declarer is None:
        raise ResultError(f"{where}: who declared {parsed}? (N, E, S or W)")
    side = parsed.declarer.side
    vulnerable = vul.is_vulnerable(side)
    sign = 1 if side == Side.NS else -1
    if tricks is None:
        if score is None:
            raise ResultError(f"{where}: how many tricks did declarer take in {parsed}?")
        found = None
        for t in range(14):
            if sign * duplicate_score(parsed, t, vulnerable) == score:
                found = t
        if found is None:
            raise ResultError(
                f"{where}: {_by(parsed)} cannot score {score} for North-South"
                f" ({'vulnerable' if vulnerable else 'not vulnerable'})"
            )
        tricks = found
    if not 0 <= tricks <= 13:
        raise ResultError(f"{where}: declarer takes 0 to 13 tricks, not {tricks}")
    computed = sign * duplicate_score(parsed, tricks, vulnerable)
    if score is not None and score != computed:
        raise ResultError(
            f"{where}: {_by(parsed)} taking {tricks} tricks scores {computed}"
            f" for North-South, not {score}"
        )
    base.contract, base.tricks, base.ns_score = parsed, tricks, computed
    if lead is not None:
        card = lead if isinstance(lead, Card) else Card.parse(lead)
        leader = parsed.declarer.lho
        if deal is not None and card not in deal[leader]:
            raise ResultError(f"{where}: {leader.full_name} (on lead) does not hold {card}")
        base.lead = card
    return base


def deals_of_boards(
    records: Iterable[GameRecord], boards: Collection[int], source: str = "the file"
) -> dict[int, Deal]:
    """The complete deals in ``records`` of the ``boards`` an event plays. Raises when none
    fits or a board has two different deals."""
    found: dict[int, Deal] = {}
    others: set[int] = set()
    for record in records:
        board, deal = record.board, record.deal
        if board is None or deal is None or not deal.is_complete:
            continue
        if board not in boards:
            others.add(board)
        elif found.setdefault(board, deal) != deal:
            raise ResultError(f"board {board}: {source} holds two different deals")
    if not found:
        theirs = f" (boards {min(others)}-{max(others)})" if others else ""
        raise ResultError(
            f"{source} has no deal for a board of this event{theirs}; "
            f"the event plays boards {min(boards)}-{max(boards)}"
        )
    return found


@dataclass(slots=True)
class ResultSet:
    """Every table result of an event, at most one per board and pair (so a second entry
    for the same board and pairs is a correction)."""

    results: dict[tuple[int, str], TableResult] = field(default_factory=dict)

    def add(self, result: TableResult, *, replace: bool = False) -> TableResult | None:
        """Add a result; with ``replace`` it corrects an earlier one (returned)."""
        old = self.get(result.board, result.ns) or self.get(result.board, result.ew)
        if old is not None and not replace:
            raise ResultError(
                f"board {result.board}: pair {result.ns} vs {result.ew} already has a result "
                f"({old.describe()}); correct it instead"
            )
        if old is not None:
            self.remove(old.board, old.ns)
        self.results[(result.board, result.ns)] = result
        self.results[(result.board, result.ew)] = result
        return old

    def get(self, board: int, pair: str) -> TableResult | None:
        return self.results.get((board, pair))

    def remove(self, board: int, pair: str) -> TableResult:
        result = self.results.get((board, pair))
        if result is None:
            raise ResultError(f"board {board}: pair {pair} has no result to remove")
        del self.results[(board, result.ns)]
        del self.results[(board, result.ew)]
        return result

    def __iter__(self) -> Iterator[TableResult]:
        seen: set[int] = set()
        for result in self.results.values():
            if id(result) not in seen:
                seen.add(id(result))
                yield result

    def __len__(self) -> int:
        return len(self.results) // 2

    def boards(self) -> dict[int, list[TableResult]]:
        """The results board by board (a traveller each), in entry order."""
        by: dict[int, list[TableResult]] = {}
        for result in self:
            by.setdefault(result.board, []).append(result)
        return dict(sorted(by.items()))
