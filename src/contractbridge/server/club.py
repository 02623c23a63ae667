"""Events run from the browser: the director's page and each table's (or team's) entry.

A pairs event is described below; a teams event (``teamroom.py``) is created with
``"kind": "teams"`` and served on the same routes, with one link per team.

- ``POST /api/events`` creates an event (a Mitchell or a Howell, or an event file made by
  ``contractbridge event create``) and returns the director's link and one link per table.
- ``GET /api/events/{id}?token=...`` is the director's view (everything) or one table's
  (its rounds and its own results: a table does not see how the others played a board).
- ``POST /api/events/{id}/entries`` enters or corrects a result; the director also removes
  results, gives adjusted scores and names the pairs.
- ``GET /api/events/{id}/files/{event.json, event.pbn, report.html}?token=...`` (director):
  the event file the CLI reads, PBN with ScoreTable and TotalScoreTable, a printable page.

Every entry is checked by the tournament layer (``PairsEvent.enter``: the movement, the
contract, the tricks, the lead) before it is stored, and stored before it is acknowledged,
as one more line of the event's log; the event is its creation replayed with the log.
"""

from __future__ import annotations

import asyncio
import copy
import json
import secrets
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from contractbridge.core import Board, Deal, Seat, Strain
from contractbridge.core.errors import BridgeError
from contractbridge.formats import pbn
from contractbridge.formats.record import GameRecord
from contractbridge.tournament import movement as mv
from contractbridge.tournament.event import PairsEvent
from contractbridge.tournament.pairs import Method
from contractbridge.tournament.report import (
    HandRecord,
    event_sections,
    html_page,
    pbn_records,
    ranking_rows,
    ranking_titles,
    teams_records,
    teams_sections,
    traveller_rows,
)
from contractbridge.tournament.results import TableResult
from contractbridge.tournament.teams import TeamsEvent

from .entries import DIRECTOR, deals_file, text, whole
from .limits import RateLimit, client_of
from .outbox import Outbox
from .requests import EventEntry, NewEvent, documented, json_body, parse
from .storage import ConflictError, Storage, load_once
from .table import ActionError
from .teamroom import TEAM_ENTRY_KEYS, apply_teams, new_teams, team_view, teams_director_view
from .tokens import same_token
from .views import analysis_known, cached_analysis, remember_analysis
from .workers import RobotFailure, Robots

MAX_TABLES = 30
#: seconds an event stays in memory unused (then it is read from its log again)
IDLE_SECONDS = 600.0
#: new events one client address may create in an hour (a club makes one an evening)
EVENTS_PER_HOUR = 20
#: a Howell of more tables takes 19 rounds or more: no club plays one
MAX_HOWELL_TABLES = 10
# what an entry may carry (anything else a client sends is not stored)
ENTRY_KEYS = {"op", "board", "round", "table", "contract", "declarer", "tricks", "score"}
ENTRY_KEYS |= {"lead", "adjusted", "correct", "pair", "names", "pbn"}
# fields kept only with the entries that use them (a result carrying a deals file or names
# does not store them: the log is replayed on every load)
ONLY_FOR = {"pbn": {"deals"}, "names": {"name"}, "pair": {"name", "remove"}}
#: the longest text a field of an entry may hold (a deals file: the request's own limit)
FIELD_CHARS = 200


def entry_record(entry: Mapping[str, Any], keys: frozenset[str]) -> dict[str, Any]:
    """What is stored of an entry: the fields its kind of entry uses, each checked for size
    and type (ActionError 400 otherwise)."""
    op = entry.get("op", "result")
    if not isinstance(op, str):
        raise ActionError("op is text: result, remove, name, adjust, next or deals")
    record = {k: v for k, v in entry.items() if k in keys and op in ONLY_FOR.get(k, {op})}
    for key, value in record.items():
        if key == "correct" and not isinstance(value, bool):
            raise ActionError("correct is true or false")
        if isinstance(value, str) and key != "pbn" and len(value) > FIELD_CHARS:
            raise ActionError(f"{key} takes at most {FIELD_CHARS} characters")
        if isinstance(value, list | dict):
            raise ActionError(f"{key} is a number or text, not a list")
    return record


@dataclass
class LiveEvent:
    """An event in memory, its kind, the tokens of its links, and the lock that orders
    entries."""

    id: str
    kind: Kind
    settings: dict[str, Any]
    event: Any  # PairsEvent or TeamsEvent, as ``kind`` says
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: the open pages, told the new version after each entry (they then fetch their view)
    sockets: set[Outbox] = field(default_factory=set)
    #: report.html as last made, with the version it was made at (its double-dummy tables
    #: take seconds a board: made once per version, however many ask)
    report: tuple[int, asyncio.Task[str]] | None = None
    #: when a request last used the event (events long unused leave memory)
    used: float = 0.0

    async def announce(self) -> None:
        """Tell every open page that the event has changed; a page gone is forgotten."""
        message = json.dumps({"type": "changed", "version": self.version})
        for box in list(self.sockets):  # queued: a page that does not read holds no one
            if not box.send(message):
                self.sockets.discard(box)

    def role(self, token: str | None) -> str | int:
        """``"director"``, or a table or team number (from 1); ActionError 403 for a missing
        or wrong token."""
        if token:
            if same_token(self.settings["director"], token):
                return DIRECTOR
            for number, table_token in self.settings[self.kind.places].items():
                if same_token(table_token, token):
                    return int(number)
        raise ActionError("this link's token is not valid for this event", 403)


# -- entries ------------------------------------------------------------------------------
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
    else:
        raise ActionError(f"the movement is mitchell or howell, not {kind!r}")
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
def _result(r: TableResult) -> dict[str, Any]:
    return {**r.to_dict(), "text": r.describe()}


def _encounter(e: mv.Encounter) -> dict[str, Any]:
    return {"round": e.round, "table": e.table, "ns": e.ns, "ew": e.ew, "boards": list(e.boards)}


def table_view(live: LiveEvent, table: int) -> dict[str, Any]:
    """One table's rounds: who sits where, its boards, and the results it entered."""
    event = live.event
    assert isinstance(event, PairsEvent)
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
                results[str(b)] = _result(r)
        rounds.append({**_encounter(e), "results": results})
    current = next((r["round"] for r in rounds if len(r["results"]) < len(r["boards"])), None)
    return {
        "id": live.id,
        "role": "table",
        "table": table,
        "name": event.name,
        "scoring": event.method.value,
        "version": live.version,
        "tables": event.movement.tables,
        "rounds": rounds,
        "current": current,
        "names": dict(event.names),
    }


def _grid(table: tuple[list[str], list[list[str]]]) -> dict[str, Any]:
    header, rows = table
    return {"header": header, "rows": rows}


def director_view(live: LiveEvent, base: str) -> dict[str, Any]:
    """Everything: the movement, every result, what is missing, rankings and travellers."""
    event = live.event
    assert isinstance(event, PairsEvent)
    matchpoints = event.method.is_matchpoints
    rankings = event.rankings()
    expected = sum(len(e.boards) for e in event.movement.encounters)
    return {
        "id": live.id,
        "role": DIRECTOR,
        "name": event.name,
        "scoring": event.method.value,
        "version": live.version,
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
        "results": [_result(r) for r in event.results],
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
        "links": links(live, base),
    }


def links(live: LiveEvent, base: str) -> dict[str, Any]:
    page = f"{base}/event/{live.id}"
    places = live.kind.places
    return {
        "director": f"{page}?token={live.settings['director']}",
        places: {n: f"{page}?token={t}" for n, t in live.settings[places].items()},
    }


def _pairs_view(live: LiveEvent, role: str | int, base: str) -> dict[str, Any]:
    if role == DIRECTOR:
        return director_view(live, base)
    assert isinstance(role, int)
    return table_view(live, role)


def _teams_view(live: LiveEvent, role: str | int, base: str) -> dict[str, Any]:
    if role == DIRECTOR:
        return teams_director_view(live.id, live.event, live.version, links(live, base))
    assert isinstance(role, int)
    return team_view(live.id, live.event, live.version, role)


def _pairs_printout(event: PairsEvent, records: dict[int, HandRecord]) -> list[tuple[str, str]]:
    return event_sections(event, records=records)


def _pairs_games(event: PairsEvent) -> list[GameRecord]:
    scored, rankings = event.scored(), event.rankings()
    return pbn_records(
        scored, rankings, deals=event.deals, event=event.name, scoring=event.method.value
    )


def _teams_printout(event: TeamsEvent, records: dict[int, HandRecord]) -> list[tuple[str, str]]:
    return teams_sections(event, records=records)


def record_of(number: int, deal: Deal, found: Mapping[str, Any] | None) -> HandRecord:
    """A board's hand record from a worker's analysis (:func:`workers.analyse`), or the deal
    alone when the analysis failed."""
    board = Board(number)
    if found is None:
        return HandRecord(number, deal, board.dealer, board.vulnerability)
    tricks = {
        Strain[strain]: {Seat[seat]: n for seat, n in row.items()}
        for strain, row in found["dd"].items()
    }
    par, score = found["par_text"], int(found["par_score"])
    return HandRecord(number, deal, board.dealer, board.vulnerability, tricks, par, score)


# -- the kinds of event --------------------------------------------------------------------------
@dataclass(frozen=True)
class Kind:
    """What a kind of event brings to the desk, the routes and the storage they share."""

    name: str  # kept in the event's row
    places: str  # whom the links besides the director's are for
    load: Callable[[Any], Any]  # the event file -> the event
    new: Callable[[Mapping[str, Any]], Any]  # a creation request -> the event
    apply: Callable[[Any, Mapping[str, Any], str | int], TableResult | int | None]
    keys: frozenset[str]  # what an entry may carry (anything else is not stored)
    count: Callable[[Any], int]  # how many places
    view: Callable[[LiveEvent, str | int, str], dict[str, Any]]
    printout: Callable[[Any, dict[int, HandRecord]], list[tuple[str, str]]]  # report.html
    played: Callable[[Any], Collection[int]]  # the boards with a result
    games: Callable[[Any], list[GameRecord]]  # event.pbn


PAIRS = Kind(
    "pairs", "tables", PairsEvent.from_dict, new_event, apply, frozenset(ENTRY_KEYS),
    lambda e: e.movement.tables, _pairs_view, _pairs_printout, lambda e: e.scored(), _pairs_games,
)  # fmt: skip
TEAMS = Kind(
    "teams", "teams", TeamsEvent.from_dict, new_teams, apply_teams, frozenset(TEAM_ENTRY_KEYS),
    lambda e: len(e.teams), _teams_view, _teams_printout, lambda e: e.played, teams_records,
)  # fmt: skip
# an event stored before teams events were kept has no "kind": it is a pairs event
KINDS = {k.name: k for k in (PAIRS, TEAMS)}


# -- the desk: events in memory over their logs ------------------------------------------------
class Desk:
    """All events, pairs and teams: loaded from storage on first use; entries are stored in
    order."""

    def __init__(self, storage: Storage, robots: Robots) -> None:
        self.storage = storage
        self.robots = robots  # the robots' workers, which solve the report's boards
        self.events: dict[str, LiveEvent] = {}
        self._loading = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self._reporting = asyncio.Lock()
        self._gets = 0

    async def get(self, event_id: str) -> LiveEvent:
        """The event; ActionError 404 when there is none."""

        async def load() -> LiveEvent:
            try:
                settings, entries = await self.storage.run(self.storage.load_event, event_id)
            except KeyError:
                raise ActionError("no such event", 404) from None
            kind = KINDS[settings.get("kind", "pairs")]
            event = kind.load(settings["event"])
            for entry in entries:  # each was checked before it was stored
                kind.apply(event, entry, DIRECTOR)
            return LiveEvent(event_id, kind, settings, event, len(entries))

        live = await load_once(self.events, self._loading, event_id, load)
        live.used = time.monotonic()
        self._gets += 1
        if self._gets % 64 == 0:
            self._forget_idle()
        return live

    def _forget_idle(self) -> None:
        """Drop from memory the events nobody has used for a while (no page open, no entry
        or report under way): they are read from their log again when next used."""
        quiet = time.monotonic() - IDLE_SECONDS
        for event_id, live in list(self.events.items()):
            reporting = live.report is not None and not live.report[1].done()
            if live.used < quiet and not live.sockets and not reporting and not live.lock.locked():
                del self.events[event_id]

    async def report(self, live: LiveEvent) -> str:
        """The event's report.html at its current version: made once per version (requests
        at the same time share the making), one report at a time in this process (each is
        seconds of double-dummy analysis a board), off the event loop."""
        if live.report is None or live.report[0] != live.version:

            async def make(event: Any) -> str:
                async with self._reporting:
                    records = await self._records(live.kind, event)
                    sections = await asyncio.to_thread(live.kind.printout, event, records)
                return html_page(event.name, sections)

            # a copy: entries may be applied to the event while the report is being made
            snapshot = copy.deepcopy(live.event)
            live.report = (live.version, asyncio.get_running_loop().create_task(make(snapshot)))
        return await asyncio.shield(live.report[1])

    async def _records(self, kind: Kind, event: Any) -> dict[int, HandRecord]:
        """The played boards' hand records, each board solved in the robots' workers and
        remembered (the same deal is not solved twice)."""
        played = kind.played(event)
        out = {}
        for number, deal in event.deals.items():
            if number not in played or not deal.is_complete:
                continue
            board = Board(number)
            key = (deal.to_pbn(), int(board.vulnerability), board.dealer, "")
            if analysis_known(*key):
                found = cached_analysis(*key)
            else:
                try:
                    found = await self.robots.analyse(deal, key[1], board.dealer)
                except RobotFailure:
                    found = None
                remember_analysis(*key, found)
            out[number] = record_of(number, deal, found)
        return out

    def heard(self, payload: str) -> None:
        """Another process stored an entry (``e:<id>:<version>``): a copy here that is behind
        is read again from the log, and its open pages told."""
        kind, _, rest = payload.partition(":")
        event_id, _, version = rest.rpartition(":")
        live = self.events.get(event_id)
        if kind == "e" and live is not None and version.isdigit() and live.version < int(version):
            task = asyncio.get_running_loop().create_task(self._catch_up(live))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, stale: LiveEvent) -> None:
        async with stale.lock:
            if self.events.get(stale.id) is stale:
                del self.events[stale.id]
        fresh = await self.get(stale.id)
        fresh.sockets |= stale.sockets
        await fresh.announce()

    async def create(self, kind: Kind, event: Any) -> LiveEvent:
        event_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        settings = {
            "kind": kind.name,
            "event": event.to_dict(),
            "director": secrets.token_urlsafe(16),
            kind.places: {
                str(n): secrets.token_urlsafe(12) for n in range(1, kind.count(event) + 1)
            },
        }
        await self.storage.run(self.storage.create_event, event_id, settings)
        live = LiveEvent(event_id, kind, settings, event, 0)
        self.events[event_id] = live
        return live

    async def enter(self, live: LiveEvent, role: str | int, entry: Any) -> TableResult | int | None:
        """Check, apply and store one entry (in that order; a refused one changes nothing)."""
        if not isinstance(entry, Mapping):
            raise ActionError("an entry is a JSON object, like {board, round, table, contract}")
        async with live.lock:
            record = entry_record(entry, live.kind.keys)
            result = live.kind.apply(live.event, record, role)
            record |= {"by": str(role), "at": round(time.time(), 3)}
            try:
                await self.storage.run(self.storage.append_entries, live.id, live.version, [record])
            except Exception as error:
                # Applied but not stored: forget the event; it is read again from its log,
                # and the open pages reconnect to that copy.
                self.events.pop(live.id, None)
                for box in list(live.sockets):
                    box.close(1012)
                if isinstance(error, ConflictError):
                    raise ActionError(str(error), 409) from error
                raise ActionError(
                    "the result could not be saved just now; try again", 503
                ) from error
            live.version += 1
        await live.announce()
        return result


async def json_object(request: Request, what: str) -> dict[str, Any]:
    """The request's JSON object; ActionError (400) naming ``what`` for anything else."""
    body = await json_body(request)  # not JSON, or nested past reach: 400
    if not isinstance(body, dict):
        raise ActionError(f"send a JSON object: {what}")
    return body


def add_routes(
    app: FastAPI,
    storage: Storage,
    robots: Robots,
    events_per_hour: int = EVENTS_PER_HOUR,
) -> Desk:
    """The event API on ``app`` (its pages are served by the app's index)."""
    desk = Desk(storage, robots)
    creations = RateLimit(events_per_hour, 3600.0, "events")
    body_of = json_object

    def base(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    def bridge_error(error: BridgeError) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=400)

    @app.post("/api/events", openapi_extra=documented(NewEvent))
    async def create_event(request: Request) -> JSONResponse:
        body = await body_of(request, "{name, movement, tables, boards_per_round, scoring}")
        kind = KINDS.get(str(body.get("kind", "pairs")))
        if kind is None:
            raise ActionError(f"an event is of kind {' or '.join(KINDS)}, not {body['kind']!r}")
        try:
            event = kind.new(body)
        except BridgeError as error:
            return bridge_error(error)
        parse(NewEvent, body)  # anything its own checks let through
        creations.check(client_of(request))
        live = await desk.create(kind, event)
        return JSONResponse(
            {
                "id": live.id,
                "director_token": live.settings["director"],
                **links(live, base(request)),
            },
            status_code=201,
        )

    @app.get("/api/events/{event_id}")
    async def get_event(event_id: str, request: Request, token: str | None = None) -> JSONResponse:
        live = await desk.get(event_id)
        return JSONResponse(live.kind.view(live, live.role(token), base(request)))

    @app.post("/api/events/{event_id}/entries", openapi_extra=documented(EventEntry))
    async def post_entry(event_id: str, request: Request) -> JSONResponse:
        body = await body_of(request, "{token, entry}")
        parse(EventEntry, body)
        live = await desk.get(event_id)
        token = body.get("token")
        role = live.role(token if isinstance(token, str) else None)
        try:
            result = await desk.enter(live, role, body.get("entry"))
        except BridgeError as error:
            return bridge_error(error)
        return JSONResponse(
            {
                "ok": True,
                "version": live.version,
                "result": result if not isinstance(result, TableResult) else _result(result),
            }
        )

    @app.websocket("/ws/events/{event_id}")
    async def event_socket(ws: WebSocket, event_id: str, token: str | None = None) -> None:
        """Pushes ``{"type": "changed", "version": n}`` after every entry, so a page shows a
        result as soon as it is in (the page then fetches its own view, as it would anyway)."""
        await ws.accept()
        try:
            live = await desk.get(event_id)
            live.role(token)
        except ActionError as error:
            await ws.send_text(json.dumps({"type": "error", "reason": error.reason}))
            await ws.close(code=4000 + error.status)
            return
        box = Outbox(ws)
        live.sockets.add(box)
        try:
            box.send(json.dumps({"type": "changed", "version": live.version}))
            while (await ws.receive())["type"] != "websocket.disconnect":
                pass  # nothing is expected: this waits for the close
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            live.sockets.discard(box)
            box.close()

    @app.get("/api/events/{event_id}/files/{name}")
    async def event_file(event_id: str, name: str, token: str | None = None) -> Response:
        live = await desk.get(event_id)
        if live.role(token) != DIRECTOR:
            raise ActionError("only the director downloads the event", 403)
        event = live.event
        disposition = {"Content-Disposition": f'attachment; filename="{event_id}-{name}"'}
        if name == "event.json":
            body = json.dumps(event.to_dict(), indent=1) + "\n"
            return PlainTextResponse(body, media_type="application/json", headers=disposition)
        if name == "event.pbn":
            return PlainTextResponse(pbn.dumps(live.kind.games(event)), headers=disposition)
        if name == "report.html":
            page = await desk.report(live)
            return Response(page, media_type="text/html; charset=utf-8")
        raise ActionError("the files are event.json, event.pbn and report.html", 404)

    return desk
