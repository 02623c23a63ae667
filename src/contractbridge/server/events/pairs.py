"""A pairs event's own rules at the desk: the entries a table or the director makes, the
event a creation request describes (a Mitchell or a Howell by name, or an event file), and
what each link is shown. A teams event has the same in ``teams.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contractbridge.formats.record import GameRecord
from contractbridge.server.events.entries import DIRECTOR, deals_file, result_json, text, whole
from contractbridge.server.web.errors import ActionError
from contractbridge.tournament import movement as mv
from contractbridge.tournament.event import PairsEvent
from contractbridge.tournament.pairs import Method
from contractbridge.tournament.report import (
    HandRecord,
    event_sections,
    pbn_records,
    ranking_rows,
    ranking_titles,
    traveller_rows,
)
from contractbridge.tournament.results import TableResult

#: the most tables a pairs event may have
MAX_TABLES = 30
#: a Howell of more tables takes 19 rounds or more: no club plays one
MAX_HOWELL_TABLES = 10
# what an entry may carry (anything else a client sends is not stored)
ENTRY_KEYS = {"op", "board", "round", "table", "contract", "declarer", "tricks", "score"}
ENTRY_KEYS |= {"lead", "adjusted", "correct", "pair", "names", "pbn"}


def apply(event: PairsEvent, entry: Mapping[str, Any], role: str | int) -> TableResult | None:
    """Check one entry and apply it to ``event``; nothing changes when it is refused.

    ``{"op": "result", board, round, table, contract, declarer, tricks | score, lead,
    correct}``; the director may also give ``adjusted`` ("A+/A-", "60/40"), and send
    ``{"op": "remove", board, pair}`` and ``{"op": "name", pair, names}``.
    """
    op = entry.get("op", "result")
    director = role == DIRECTOR
    if op == "result":
        board = whole(entry, "board")
        table = whole(entry, "table")
        rnd = whole(entry, "round")
        assert board is not None and table is not None and rnd is not None
        if not director and table != role:
            raise ActionError(
                f"this link enters the results of table {role}, not table {table}", 403
            )
        adjusted = text(entry, "adjusted")
        if adjusted is not None and not director:
            raise ActionError("only the director gives adjusted scores", 403)
        if table not in range(1, event.movement.tables + 1) or rnd not in range(
            1, event.movement.rounds + 1
        ):
            raise ActionError(
                f"there is no table {table} in round {rnd} (tables 1-{event.movement.tables},"
                f" rounds 1-{event.movement.rounds})"
            )
        return event.enter(
            board=board,
            table=table,
            round=rnd,
            contract=text(entry, "contract"),
            declarer=text(entry, "declarer"),
            tricks=whole(entry, "tricks", required=False),
            score=whole(entry, "score", required=False),
            lead=text(entry, "lead"),
            adjusted=adjusted,
            replace=bool(entry.get("correct", False)),
        )
    if not director:
        raise ActionError("only the director removes results, names pairs and gives deals", 403)
    if op == "deals":
        event.take_deals(deals_file(entry), "the deals file")
        return None
    pair = str(entry.get("pair", "")).strip()
    if op == "remove":
        board = whole(entry, "board")
        assert board is not None
        return event.remove(board, pair)
    if op == "name":
        if not pair.isdigit() or int(pair) not in event.movement.pairs:
            raise ActionError(f"pair {pair} does not play in this event")
        names = text(entry, "names") or ""
        if len(names) > 80:
            raise ActionError("a pair's names take at most 80 characters")
        if names:
            event.names[pair] = names
        else:
            event.names.pop(pair, None)
        return None
    raise ActionError(f"an entry is a result, a removal or a name, not {op!r}")


def new_event(body: Mapping[str, Any]) -> PairsEvent:
    """The event a creation request describes (a movement by name, or an event file)."""
    if "event" in body:
        return PairsEvent.from_dict(body["event"])
    kind = str(body.get("movement", "mitchell")).lower()
    tables = body.get("tables")
    per_round = body.get("boards_per_round", 2)
    rounds = body.get("rounds")
    for name, value, low, high in (
        ("tables", tables, 1, MAX_TABLES),
        ("boards_per_round", per_round, 1, 8),
        ("rounds", rounds if rounds is not None else 1, 1, 2 * MAX_TABLES),
    ):
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ActionError(f"{name} is a whole number from {low} to {high}")
    assert isinstance(tables, int) and isinstance(per_round, int)
    if kind == "mitchell":
        switch = body.get("arrow_switch", [])
        if not isinstance(switch, list) or not all(isinstance(r, int) for r in switch):
            raise ActionError("arrow_switch lists the rounds to switch, like [5]")
        movement = mv.mitchell(
            tables, boards_per_round=per_round, rounds=rounds, arrow_switch=switch
        )
    elif kind == "howell":
        if tables > MAX_HOWELL_TABLES:
            raise ActionError(
                f"a Howell is for at most {MAX_HOWELL_TABLES} tables; more play a Mitchell"
            )
        movement = mv.howell(tables, boards_per_round=per_round, rounds=rounds)
    elif kind == "one-set-howell":  # the club Howells: one set of boards, relays
        movement = mv.one_set_howell(tables, boards_per_round=per_round, rounds=rounds)
    else:
        raise ActionError(f"the movement is mitchell or howell (or one-set-howell), not {kind!r}")
    absent = body.get("absent", [])
    if not isinstance(absent, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in absent
    ):
        raise ActionError("absent lists the missing pairs' numbers, like [10]")
    if len(set(absent)) > len(movement.pairs) - 2:
        raise ActionError("at least two pairs must play")
    for pair in absent:  # a phantom pair: its opponents sit out that round
        movement = movement.without_pair(pair)
    problems = movement.check()
    if problems:
        raise ActionError("the movement does not work: " + "; ".join(problems))
    method = Method.parse(str(body.get("scoring", "MP")))
    name = str(body.get("name") or "").strip()[:80] or "Pairs event"
    return PairsEvent(name, movement, method)


# -- views ----------------------------------------------------------------------------------
def _encounter(e: mv.Encounter) -> dict[str, Any]:
    return {"round": e.round, "table": e.table, "ns": e.ns, "ew": e.ew, "boards": list(e.boards)}


def table_view(event_id: str, event: PairsEvent, version: int, table: int) -> dict[str, Any]:
    """One table's rounds: who sits where, its boards, and the results it entered."""
    rounds: list[dict[str, Any]] = []
    for rnd in range(1, event.movement.rounds + 1):
        found = [e for e in event.movement.round(rnd) if e.table == table]
        if not found:  # the phantom pair's table: nobody plays here this round
            out = [p for r, p in event.movement.sitouts if r == rnd]
            rounds.append({"round": rnd, "table": table, "idle": True, "sitting_out": out,
                           "boards": [], "results": {}})  # fmt: skip
            continue
        e = found[0]
        results = {}
        for b in e.boards:
            r = event.results.get(b, str(e.ns))
            if r is not None:
                results[str(b)] = result_json(r)
        rounds.append({**_encounter(e), "results": results})
    current = next((r["round"] for r in rounds if len(r["results"]) < len(r["boards"])), None)
    return {
        "id": event_id,
        "role": "table",
        "table": table,
        "name": event.name,
        "scoring": event.method.value,
        "version": version,
        "tables": event.movement.tables,
        "rounds": rounds,
        "current": current,
        "names": dict(event.names),
    }


def _grid(table: tuple[list[str], list[list[str]]]) -> dict[str, Any]:
    header, rows = table
    return {"header": header, "rows": rows}


def director_view(
    event_id: str, event: PairsEvent, version: int, links: dict[str, Any]
) -> dict[str, Any]:
    """Everything: the movement, every result, what is missing, rankings and travellers."""
    matchpoints = event.method.is_matchpoints
    rankings = event.rankings()
    expected = sum(len(e.boards) for e in event.movement.encounters)
    return {
        "id": event_id,
        "role": DIRECTOR,
        "name": event.name,
        "scoring": event.method.value,
        "version": version,
        "movement": {
            "name": event.movement.name,
            "tables": event.movement.tables,
            "rounds": event.movement.rounds,
            "pairs": list(event.movement.pairs),
            "boards": list(event.movement.boards),
        },
        "encounters": [_encounter(e) for e in event.movement.encounters],
        "names": dict(event.names),
        "deals": sorted(event.deals),
        "results": [result_json(r) for r in event.results],
        "entered": len(event.results),
        "expected": expected,
        "missing": [{"round": e.round, "table": e.table} for e in event.missing()],
        "rankings": [
            _grid(ranking_rows(r, matchpoints=matchpoints)) | {"title": title}
            for title, r in zip(ranking_titles(len(rankings)), rankings, strict=True)
        ],
        "travellers": [
            _grid(traveller_rows(results, matchpoints=matchpoints)) | {"board": board}
            for board, results in event.scored().items()
        ],
        "links": links,
    }


def printout(event: PairsEvent, records: dict[int, HandRecord]) -> list[tuple[str, str]]:
    return event_sections(event, records=records)


def games(event: PairsEvent) -> list[GameRecord]:
    scored, rankings = event.scored(), event.rankings()
    return pbn_records(
        scored, rankings, deals=event.deals, event=event.name, scoring=event.method.value
    )
