"""The events' desk: pairs and teams events in memory over their stored logs.

Every entry is checked by the tournament layer (``PairsEvent.enter``: the movement, the
contract, the tricks, the lead) before it is stored, and stored before it is acknowledged,
as one more line of the event's log; the event is its creation replayed with the log. What
is particular to a pairs event is in ``pairs.py``, to a teams event in ``teams.py``; the
routes are ``routes.py``.
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

from contractbridge.core import Board, Deal, Seat, Strain
from contractbridge.formats.record import GameRecord
from contractbridge.server import bus
from contractbridge.server.events import pairs
from contractbridge.server.events.entries import DIRECTOR, entry_record
from contractbridge.server.events.teams import (
    TEAM_ENTRY_KEYS,
    apply_teams,
    new_teams,
    team_view,
    teams_director_view,
)
from contractbridge.server.robots.analyses import analysis_known, cached_analysis, remember_analysis
from contractbridge.server.robots.pool import RobotFailure, Robots
from contractbridge.server.storage import ConflictError, Storage, load_once
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.outbox import Outbox
from contractbridge.server.web.tokens import same_token
from contractbridge.tournament.event import PairsEvent
from contractbridge.tournament.report import (
    HandRecord,
    html_page,
    teams_records,
    teams_sections,
)
from contractbridge.tournament.results import TableResult
from contractbridge.tournament.teams import TeamsEvent

#: seconds an event stays in memory unused (then it is read from its log again)
IDLE_SECONDS = 600.0
#: new events one client address may create in an hour (a club makes one an evening)
EVENTS_PER_HOUR = 20


@dataclass(frozen=True)
class EventTokens:
    """The secret of each link of an event: the director's, and each table's (or team's) by
    its number from 1. Stored beside the event as ``{"director": ..., places: {"1": ...}}``."""

    director: str
    places: Mapping[int, str]

    @classmethod
    def new(cls, count: int) -> EventTokens:
        places = {n: secrets.token_urlsafe(12) for n in range(1, count + 1)}
        return cls(secrets.token_urlsafe(16), places)

    def role(self, token: str | None) -> str | int | None:
        """``"director"``, a table or team number, or None for no link of this event."""
        if token:
            if same_token(self.director, token):
                return DIRECTOR
            for number, place in self.places.items():
                if same_token(place, token):
                    return number
        return None


@dataclass
class LiveEvent:
    """An event in memory, its kind, the tokens of its links, and the lock that orders
    entries."""

    id: str
    kind: Kind
    tokens: EventTokens
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
        role = self.tokens.role(token)
        if role is None:
            raise ActionError("this link's token is not valid for this event", 403)
        return role


# -- views ----------------------------------------------------------------------------------
def links(live: LiveEvent, base: str) -> dict[str, Any]:
    page = f"{base}/event/{live.id}"
    places = live.kind.places
    return {
        "director": f"{page}?token={live.tokens.director}",
        places: {str(n): f"{page}?token={t}" for n, t in live.tokens.places.items()},
    }


def _pairs_view(live: LiveEvent, role: str | int, base: str) -> dict[str, Any]:
    if role == DIRECTOR:
        return pairs.director_view(live.id, live.event, live.version, links(live, base))
    assert isinstance(role, int)
    return pairs.table_view(live.id, live.event, live.version, role)


def _teams_view(live: LiveEvent, role: str | int, base: str) -> dict[str, Any]:
    if role == DIRECTOR:
        return teams_director_view(live.id, live.event, live.version, links(live, base))
    assert isinstance(role, int)
    return team_view(live.id, live.event, live.version, role)


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
    "pairs", "tables", PairsEvent.from_dict, pairs.new_event, pairs.apply,
    frozenset(pairs.ENTRY_KEYS), lambda e: e.movement.tables, _pairs_view, pairs.printout,
    lambda e: e.scored(), pairs.games,
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
            places = {int(n): str(t) for n, t in settings[kind.places].items()}
            tokens = EventTokens(str(settings["director"]), places)
            return LiveEvent(event_id, kind, tokens, event, len(entries))

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

    async def hand_records(self, live: LiveEvent) -> dict[int, HandRecord]:
        """Every board's hand record (played or not: for the printed hand records)."""
        async with self._reporting:
            return await self._records(live.kind, live.event, every=True)

    async def _records(
        self, kind: Kind, event: Any, *, every: bool = False
    ) -> dict[int, HandRecord]:
        """The played boards' hand records (``every``: all the boards'), each board solved
        in the robots' workers and remembered (the same deal is not solved twice)."""
        played = kind.played(event)
        out = {}
        for number, deal in event.deals.items():
            if (number not in played and not every) or not deal.is_complete:
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

    def heard(self, message: bus.Message) -> None:
        """Another process stored an entry: a copy here that is behind is read again from
        the log, and its open pages told."""
        if not isinstance(message, bus.EventStored):
            return
        live = self.events.get(message.event_id)
        if live is not None and live.version < message.version:
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
        tokens = EventTokens.new(kind.count(event))
        settings = {
            "kind": kind.name,
            "event": event.to_dict(),
            "director": tokens.director,
            kind.places: {str(n): t for n, t in tokens.places.items()},
        }
        await self.storage.run(self.storage.create_event, event_id, settings)
        live = LiveEvent(event_id, kind, tokens, event, 0)
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
