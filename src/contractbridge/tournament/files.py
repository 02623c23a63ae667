"""Results from game files: a PBN ScoreTable per board, or one game per table result.

Works on :class:`~contractbridge.formats.record.GameRecord` lists, so any format that
reads into records (PBN, LIN) feeds it. Every row goes through
:func:`~contractbridge.tournament.results.enter`, so a score that disagrees with its
contract and tricks is reported with the board it is on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat
from contractbridge.formats import FORMATS, Records, load_file
from contractbridge.formats.record import GameRecord, Table
from contractbridge.tournament.movement import Encounter, Movement
from contractbridge.tournament.pairs import Method
from contractbridge.tournament.results import Adjusted, ResultError, TableResult, enter


@dataclass(slots=True)
class ImportedResults:
    """What a file holds about a pairs event."""

    boards: dict[int, list[TableResult]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    deals: dict[int, Deal] = field(default_factory=dict)
    records: dict[int, GameRecord] = field(default_factory=dict)
    method: Method | None = None
    scoring: str | None = None
    event: str | None = None
    total_score_table: Table | None = None

    def add(self, result: TableResult) -> None:
        self.boards.setdefault(result.board, []).append(result)


def read_records(path: str | Path, *, strict: bool = True) -> Records:
    """The games of a PBN, LIN or JSON file, by its extension (any other name is read as
    PBN). ``strict=False`` skips games that cannot be read (listed in ``errors``)."""
    suffix = Path(path).suffix.lower().lstrip(".")
    return load_file(path, strict=strict, format=suffix if suffix in FORMATS else "pbn")


def _cell(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    return None if value in ("", "-", "?") else value


def _int(value: str | None) -> int | None:
    value = _cell(value)
    if value is None:
        return None
    try:
        return int(value.lstrip("+"))
    except ValueError:
        return None


def _row_result(board: int, row: dict[str, str]) -> TableResult | None:
    ns, ew = _cell(row.get("PairId_NS")), _cell(row.get("PairId_EW"))
    if ns is None or ew is None:
        return None  # a sit-out line
    score_ns, score_ew = _cell(row.get("Score_NS")), _cell(row.get("Score_EW"))
    marked = [s for s in (score_ns, score_ew) if s is not None]
    if any(s.upper() in ("BYE", "SITOUT") for s in marked):
        return None
    if any(s.startswith("^") for s in marked):
        ns_pct = (score_ns or "^").lstrip("^") or None
        ew_pct = (score_ew or "^").lstrip("^") or None
        text = "/".join(p for p in (ns_pct, ew_pct) if p)
        return enter(
            board=board,
            ns=ns,
            ew=ew,
            adjusted=Adjusted.parse(text),
            round=_int(row.get("Round")),
            table=_int(row.get("Table")),
        )
    score: int | None = None
    if score_ns is not None:
        score = int(score_ns)
    elif score_ew is not None:
        score = -int(score_ew)
    contract = _cell(row.get("Contract"))
    declarer = _cell(row.get("Declarer"))
    tricks = _int(row.get("Result"))
    lead = _cell(row.get("Lead"))
    return enter(
        board=board,
        ns=ns,
        ew=ew,
        contract=contract,
        declarer=declarer if contract is not None and contract.upper() != "PASS" else None,
        tricks=tricks if contract is not None and contract.upper() != "PASS" else None,
        score=score,
        lead=lead if contract is not None and contract.upper() != "PASS" else None,
        round=_int(row.get("Round")),
        table=_int(row.get("Table")),
    )


def _pair_name(record: GameRecord, first: Seat, second: Seat) -> str | None:
    a, b = record.players.get(first), record.players.get(second)
    if not a and not b:
        return None
    if a == b or not b:
        return a
    if not a:
        return b
    return f"{a} - {b}"


def _tag(record: GameRecord, name: str) -> str | None:
    if name in record.tags:
        return record.tags[name]
    table = record.tables.get(name)
    if table is not None and table.columns and not table.rows:
        return table.columns[0]  # a tag read as an empty section
    return None


def results_from_records(records: Iterable[GameRecord]) -> ImportedResults:
    """Every table result the records hold: a ScoreTable per board when there is one,
    else each game is one table's result (pairs named by their players)."""
    out = ImportedResults()
    for record in records:
        board = record.board
        if board is None:
            continue
        if record.deal is not None:
            out.deals.setdefault(board, record.deal)
            out.records.setdefault(board, record)
        out.scoring = out.scoring or record.scoring
        out.event = out.event or record.event
        if "TotalScoreTable" in record.tables and out.total_score_table is None:
            out.total_score_table = record.tables["TotalScoreTable"]
            _names_from_totals(out.total_score_table, out.names)
        score_table = record.tables.get("ScoreTable")
        if score_table is not None and score_table.rows:
            for row in score_table.records():
                try:
                    result = _row_result(board, row)
                except BridgeError as error:
                    raise ResultError(f"ScoreTable of board {board}: {error}") from None
                if result is not None:
                    out.add(result)
                for key, side in (
                    ("Names_NS", result.ns if result else None),
                    ("Names_EW", result.ew if result else None),
                ):
                    if side and _cell(row.get(key)):
                        out.names.setdefault(side, str(row[key]))
            continue
        if not _has_result(record):
            continue  # a hand record: the deal without a table result
        out.add(_game_result(record, board))
    if not out.boards:
        raise ResultError("the games hold no table results (no contract, score or ScoreTable)")
    out.method = Method.from_pbn(out.scoring)
    return out


def _has_result(record: GameRecord) -> bool:
    return (
        record.passed_out
        or record.score is not None
        or (record.contract is not None and record.result is not None)
    )


def _game_result(record: GameRecord, board: int) -> TableResult:
    ns = _tag(record, "PairId_NS") or _pair_name(record, Seat.N, Seat.S)
    ew = _tag(record, "PairId_EW") or _pair_name(record, Seat.E, Seat.W)
    table = _tag(record, "Table")
    if ns is None or ew is None:
        where = f"table {table}" if table else "a game"
        raise ResultError(f"board {board}, {where}: the pairs are not named")
    if record.passed_out:
        contract: str | None = "Pass"
    else:
        contract = None
        if record.contract is not None:
            c = record.contract
            contract = f"{c.level}{c.strain.name}{c.doubled}"
    declarer = record.declarer
    return enter(
        board=board,
        ns=ns,
        ew=ew,
        contract=contract,
        declarer=declarer if contract not in (None, "Pass") else None,
        tricks=record.result if contract not in (None, "Pass") else None,
        score=record.score if contract is None or record.result is None else None,
        vulnerability=record.board_vulnerability,
        table=int(table) if table and table.isdigit() else None,
        round=_int(_tag(record, "Round")),
    )


def _names_from_totals(table: Table, names: dict[str, str]) -> None:
    for row in table.records():
        pair, name = _cell(row.get("PairId")), _cell(row.get("Names"))
        if pair and name:
            names.setdefault(pair, name)


_NUMBERED = re.compile(r"([^\W\d_]*[-_ #]?)(\d+)")


def pair_number(name: str) -> str:
    """``"Para-12"`` -> ``"12"`` (a word and a number), else the name itself."""
    match = _NUMBERED.fullmatch(name.strip())
    return match.group(2) if match else name


def renumber(imported: ImportedResults, ids: Sequence[str] | None = None) -> ImportedResults:
    """Pairs named like ``"Para-7"`` renumbered ``"7"`` (names kept) when that is
    unambiguous; ``ids`` limits it to those pairs."""
    pairs = {p for rs in imported.boards.values() for r in rs for p in (r.ns, r.ew)}
    if ids is not None:
        pairs &= set(ids)
    matches = [_NUMBERED.fullmatch(p.strip()) for p in pairs]
    prefixes = {m.group(1) for m in matches if m is not None}
    if None in matches or len(prefixes) != 1:
        return imported  # only when every pair is the same word and a number ("Para-7")
    mapping = {p: pair_number(p) for p in pairs}
    if len(set(mapping.values())) != len(mapping):
        return imported
    for results in imported.boards.values():
        for r in results:
            r.ns, r.ew = mapping.get(r.ns, r.ns), mapping.get(r.ew, r.ew)
    for old, new in mapping.items():
        if old != new:
            imported.names.setdefault(new, old)
    return imported


def lead_problems(imported: ImportedResults) -> list[str]:
    """Opening leads recorded from a hand that is not on lead (files are not checked for
    this on import: real ones carry such slips)."""
    problems = []
    for board, results in imported.boards.items():
        deal = imported.deals.get(board)
        for r in results:
            if deal is None or r.lead is None or r.declarer is None:
                continue
            leader = r.declarer.lho
            if r.lead not in deal[leader]:
                holder = next(s for s in Seat if r.lead in deal[s])
                problems.append(
                    f"board {board}, {r.ns} vs {r.ew}: {r.describe()} led {r.lead},"
                    f" which {holder.full_name} held, not {leader.full_name}"
                )
    return problems


def movement_from_results(imported: ImportedResults, name: str = "from results") -> Movement:
    """The movement a file's results show (its Table and Round columns): who met whom,
    where, on which boards. Pairs must be numbered."""
    seen: dict[tuple[int, int], tuple[int, int, list[int]]] = {}
    for board, results in sorted(imported.boards.items()):
        for r in results:
            if r.round is None or r.table is None:
                raise ResultError(f"board {board}: {r.ns} v {r.ew} has no table and round")
            try:
                ns, ew = int(r.ns), int(r.ew)
            except ValueError:
                raise ResultError(f"pairs are not numbered ({r.ns}, {r.ew})") from None
            key = (r.round, r.table)
            if key in seen and seen[key][:2] != (ns, ew):
                old = seen[key]
                raise ResultError(
                    f"round {r.round}, table {r.table}: pairs {old[0]} v {old[1]} and {ns} v {ew}"
                )
            seen.setdefault(key, (ns, ew, []))[2].append(board)
    encounters = tuple(
        Encounter(rnd, table, ns, ew, tuple(boards))
        for (rnd, table), (ns, ew, boards) in sorted(seen.items())
    )
    # a barometer: several tables play a board in the same round, so it has copies
    at: dict[tuple[int, int], int] = {}
    for e in encounters:
        for b in e.boards:
            at[(b, e.round)] = at.get((b, e.round), 0) + 1
    return Movement(name, encounters, copies=max(at.values(), default=1))
