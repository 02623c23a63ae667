"""The live tables: each table's state in memory, its lock, its sockets, and its robots.

The routes (``routes.py``) stay thin; everything that keeps a table alive is here, with two
seams: *who decides for a robot* (:class:`~contractbridge.server.robots.pool.RobotPool`, worker
processes) and *who hears of a new event* (:meth:`Hub.broadcast`, the sockets of this
process).

The stored log is the one truth. An action is checked and applied to the table in memory,
stored, and only then acknowledged and shown. If the store fails, the copy in memory (which
holds the unsaved action) is marked stale and dropped: every request, including those
already waiting for the table's lock, then works on the table reloaded from the log, so
nothing unsaved is ever shown or built on.

Robots think outside the table's lock (in a worker), so a person's page, an explanation or
another table never waits for them; their answer is applied only if the table has not moved
on meanwhile (otherwise they are asked again).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from starlette.websockets import WebSocket

from contractbridge.core import Seat
from contractbridge.game import Event
from contractbridge.server import bus
from contractbridge.server.robots.analyses import analysis_known, remember_analysis
from contractbridge.server.robots.pool import RobotFailure, Robots, RobotTask
from contractbridge.server.storage import ConflictError, Storage, load_once
from contractbridge.server.tables.settings import KIBITZERS_SEE_HANDS, TableSettings
from contractbridge.server.tables.table import BoardState, ServerTable
from contractbridge.server.tables.views import analysis_key, board_analysis, explained, view_for
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.outbox import Outbox

log = logging.getLogger("contractbridge.hub")
T = TypeVar("T")

#: the most actions the robots take in a row before a person must act (a deal has at most
#: 52 cards, an auction a few dozen calls, and claims): past it, something is wrong
MAX_ROBOT_ACTIONS = 400
#: a table whose robots stopped tries again by itself after this long, doubled each time
#: they stop again, up to half an hour (a robot-only table has no player to ask)
RETRY_SECONDS = 60.0
MAX_RETRY_SECONDS = 1800.0
#: a table nobody has used for this long, with no page open, leaves this process's memory
IDLE_SECONDS = 600.0
#: a page watching a table: its outbox, its seat (None: a spectator), and whether it is a
#: kibitzer's (a spectator whose browser holds no seat at the table: :func:`view_for`)
Watcher = tuple[Outbox, Seat | None, bool]
#: pages watching one table in this process, and pages from one address at all its tables
#: (a club's players may share an address: generous, but not the thousands a script opens)
MAX_TABLE_SOCKETS = 200
MAX_ADDRESS_SOCKETS = 100
#: seconds a Blue Chip client has for a call or a card (as championship managers give);
#: past them and a grace, it is taken for gone and our robot plays its seat again
OUTSIDE_SECONDS = 60.0
OUTSIDE_GRACE = 15.0


@dataclass
class LiveTable:
    """A table in memory: its state, its lock, the sockets watching it, its robots' driver."""

    id: str
    settings: TableSettings
    state: ServerTable
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: the pages watching it, each with its own outbox (a page that does not read holds no one)
    sockets: set[Watcher] = field(default_factory=set)
    #: a store failed after this copy was changed: it is not the log any more
    stale: bool = False
    #: why the robots stopped at this table (shown to its players), if they did
    set_aside: str | None = None
    #: how many times its robots stopped (the wait before they try again by themselves)
    asides: int = 0
    driver: asyncio.Task[None] | None = None
    #: when a request last used the table (tables long unused are dropped from memory)
    used: float = 0.0

    @property
    def owner(self) -> str:
        return self.settings.owner or self.id

    def seat_of(self, token: str | None) -> Seat | None:
        """The seat a token acts for; None for no token; KeyError for a wrong one."""
        return self.settings.seat_of(token)

    def holds_seat(self, token: str | None) -> bool:
        """Whether ``token`` (a browser's seat cookie) is one of this table's seats."""
        try:
            return self.seat_of(token) is not None
        except KeyError:
            return False

    @property
    def watchable(self) -> bool:
        """Whether the table may be watched without a seat's link (its creator's choice)."""
        return self.settings.spectators

    def names(self) -> dict[str, str]:
        return self.settings.names()


def robot_task(state: ServerTable, seat: Seat | None = None) -> RobotTask | None:
    """What the robot in ``seat`` (by default: the first robot that must act) must do at the
    table now, from its own seat's view (None: no robot's turn)."""
    if seat is None:
        robots = state.robots()
        acting = [s for s in state.pending() if s in robots]
        if not acting:
            return None
        # a Blue Chip client plays its seat's calls and cards; the protocol has no claims,
        # so our robot answers those for it
        b = state.board
        answering = b.pending_claim is not None or b.pending_concession is not None
        seat = next((s for s in acting if answering or not state.plays_outside(s)), None)
        if seat is None:
            return None
    b = state.board
    view = state.table.view_for(seat)
    # the table's agreements, which its robots play and read: the carding, the seat's side's
    # bidding system and the opponents' (a hint for a person's seat: that side's)
    agreed: dict[str, Any] = {
        "carding": state.settings.carding,
        "system": state.settings.system(seat.side),
        "their_system": state.settings.system(seat.side.opponents),
    }
    if b.pending_claim is not None:
        claimer, tricks, _ = b.pending_claim
        return RobotTask(seat, view, "answer", claimer=claimer, tricks=tricks, **agreed)
    if b.pending_concession is not None and b.play is not None:
        # partner's concession (Law 68B2): agree if declarer's side takes those tricks anyway
        _, conceded = b.pending_concession
        return RobotTask(seat, view, "answer", claimer=b.play.declarer, tricks=conceded, **agreed)
    if not b.auction.is_complete:
        return RobotTask(seat, view, "call", **agreed)
    # no claim where a Blue Chip client plays: it would cut the client's deal short
    claims = state.table.may_claim(seat) and not any(map(state.plays_outside, state.outside))
    return RobotTask(seat, view, "card", may_claim=claims, **agreed)


def robot_events(
    state: ServerTable, task: RobotTask, action: dict[str, Any]
) -> list[dict[str, Any]]:
    """Apply the robot's ``action``; a call or card the rules refuse (a robot's slip) is
    replaced by the first legal one, so a robot never stops a table."""
    try:
        return state.act(task.seat, action)
    except ActionError:
        b = state.board
        if task.kind == "call":
            return state.act(task.seat, {"call": str(b.auction.legal_calls()[0])})
        if task.kind == "card" and b.play is not None:
            return state.act(task.seat, {"card": str(b.play.legal_cards()[0])})
        raise


class Hub:
    """All live tables of this process: loads them from storage on first use and serialises
    their changes."""

    def __init__(self, storage: Storage, pool: Robots) -> None:
        self.storage = storage
        self.pool = pool
        self._tasks: set[asyncio.Task[Any]] = set()
        self._analysing: set[tuple[str, int, Seat, str]] = set()
        #: (table, version) where a Blue Chip client's turn is being timed
        self._watching: set[tuple[str, int]] = set()
        #: where Blue Chip clients connect, when this server takes them (host, port)
        self.bluechip_address: tuple[str, int] | None = None
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self._gets = 0
        self._watchers: Counter[str] = Counter()
        #: told (with the table's id) when a deal ends at a table whose deal counts for a
        #: tournament (``settings.tournament``), once the deal's end is stored
        self.scored: list[Callable[[str], Awaitable[None]]] = []

    # -- pages --------------------------------------------------------------------------------
    def admit(self, live: LiveTable, ws: WebSocket) -> str | None:
        """Count a page opening a table's socket; the reason it may not, if it may not."""
        address = ws.client.host if ws.client is not None else "unknown"
        if len(live.sockets) >= MAX_TABLE_SOCKETS:
            return f"this table has {MAX_TABLE_SOCKETS} pages open already: try again later"
        if self._watchers[address] >= MAX_ADDRESS_SOCKETS:
            return f"this address has {MAX_ADDRESS_SOCKETS} table pages open already: close some"
        self._watchers[address] += 1
        return None

    def release(self, ws: WebSocket) -> None:
        """A page admitted by :meth:`admit` has closed."""
        address = ws.client.host if ws.client is not None else "unknown"
        self._watchers[address] -= 1
        if self._watchers[address] <= 0:
            del self._watchers[address]

    async def store(self, func: Callable[..., T], *args: Any) -> T:
        return await self.storage.run(func, *args)

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for live in self.tables.values():
            if live.driver is not None:
                live.driver.cancel()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- tables in memory ---------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        """The table, loaded from its log on first use (KeyError: no such table)."""

        async def load() -> LiveTable:
            stored, events = await self.store(self.storage.load, table_id)
            settings = TableSettings.from_json(stored)
            state = ServerTable.replay(settings, events)
            live = LiveTable(table_id, settings, state)
            if state.backlog:  # events the game adds on reopening an older log
                backlog, state.backlog = state.backlog, []
                await self._commit(live, len(events), backlog)
            return live

        live = await load_once(self.tables, self._loading, table_id, load)
        live.used = time.monotonic()
        # A server stopped between a person's action and the robots' answers resumes here.
        self.kick(live)
        self._gets += 1
        if self._gets % 256 == 0:
            self._forget_idle()
        return live

    def _forget_idle(self) -> None:
        """Drop from memory the tables nobody has looked at for a while (no page open, no
        robot thinking): they are read from the log again when next used."""
        quiet = time.monotonic() - IDLE_SECONDS
        for table_id, live in list(self.tables.items()):
            thinking = live.driver is not None and not live.driver.done()
            if live.used < quiet and not live.sockets and not thinking and not live.lock.locked():
                del self.tables[table_id]

    @contextlib.asynccontextmanager
    async def locked(self, table_id: str) -> AsyncIterator[LiveTable]:
        """The table, its lock held, as the log has it: a copy made stale by a failed store
        while this request waited is never used; the table is reloaded instead."""
        for _ in range(5):
            live = await self.get(table_id)
            async with live.lock:
                if live.stale:
                    continue
                yield live
                return
        raise ActionError("the table could not be loaded just now; try again", 503)

    async def reread_settings(self, live: LiveTable) -> None:
        """The table's settings as stored now: a seat may have been taken by invitation
        since (through another process)."""
        stored = await self.store(self.storage.table_settings, live.id)
        live.settings = TableSettings.from_json(stored)

    async def create(self, settings: TableSettings) -> LiveTable:
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        state = ServerTable.new(settings)
        await self.store(self.storage.create_table, table_id, settings.to_json())
        await self.store(self.storage.append, table_id, 0, state.start_events())
        live = LiveTable(table_id, settings, state)
        self.tables[table_id] = live
        self.kick(live)
        return live

    # -- acting ---------------------------------------------------------------------------
    async def act(self, table_id: str, seat: Seat | None, action: Any, version: Any) -> int:
        """Check, store, apply and broadcast one action; returns the new version. The robots
        answer afterwards (:meth:`settled` waits for them)."""
        if version is None:
            raise ActionError("an action carries the version of the state it was made on")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ActionError("version is a whole number")
        if action == {"resume": True}:
            return await self.resume(table_id, seat)
        async with self.locked(table_id) as live:
            state = live.state
            if version != state.version and not timeless(action):
                raise ActionError(
                    f"the table has moved on (it is at version {state.version}, "
                    f"the action was made at {version})",
                    409,
                )
            if isinstance(action, dict) and "undo" in action and version < state.undone_at:
                # asked before the last undo was made: a second click of the same button
                raise ActionError("that was undone already; look again before undoing more", 409)
            before = state.version
            events = state.act(seat, action)
            await self._commit(live, before, events)
            self.kick(live)
            return state.version

    async def hint(self, table_id: str, seat: Seat | None) -> dict[str, Any]:
        """What the robot would do in ``seat``'s place now, from that seat's view only: given
        only where no person is an opponent (a hint against people would be help from
        outside the table), and only on the seat's turn to call or play."""
        async with self.locked(table_id) as live:
            state = live.state
            if seat is None:
                raise ActionError("a hint is for a player at the table", 403)
            if state.settings.tournament:
                raise ActionError("no hints in a tournament: the deal is scored", 403)
            if {seat.next(1), seat.next(3)} & state.humans():
                raise ActionError("a hint is given only where no person is an opponent", 403)
            task = robot_task(state, seat)
            if seat not in state.pending() or task is None or task.kind == "answer":
                raise ActionError("a hint is for your turn to call or play", 409)
            key = f"hint:{table_id}:{state.version}:{seat.name}"  # never a robot turn's key
            owner = live.owner
        return await self.pool.decide(owner, task, key)

    async def signal(self, table_id: str, seat: Seat | None, card: Any) -> dict[str, Any]:
        """What an opponent's card means by the table's carding agreement (Law 20F)."""
        if seat is None:
            raise ActionError("a player at the table asks what the opponents' cards mean", 403)
        async with self.locked(table_id) as live:
            return live.state.signal(seat, card)

    async def settled(self, table_id: str) -> None:
        """Wait until the robots have answered (a person must act, or the series is over)."""
        for _ in range(MAX_ROBOT_ACTIONS):
            live = await self.get(table_id)
            driver = live.driver
            if driver is None or driver.done():
                return
            with contextlib.suppress(Exception):
                await asyncio.shield(driver)

    async def _commit(self, live: LiveTable, first: int, events: list[dict[str, Any]]) -> None:
        """Store events the table has just made (from position ``first``), then tell everyone.

        The game applies an action as it checks it, so if the events cannot be stored the
        copy in memory is marked stale and dropped, and its pages told to reconnect:
        nothing that was not stored is ever acknowledged, shown or built on.
        """
        if not events:
            return
        try:
            await self.store(self.storage.append, live.id, first, events)
        except Exception as error:
            live.stale = True
            if self.tables.get(live.id) is live:
                del self.tables[live.id]
            if isinstance(error, ConflictError):
                # Another process stored first: the pages here move to the table reloaded
                # from the log, as it is there.
                log.info("table %s: another process stored event %d first", live.id, first)
                self._spawn(self._move_sockets(live))
            else:
                log.error("table %s: storing events %d.. failed: %r", live.id, first, error)
                for box, _, _ in list(live.sockets):
                    box.close(1012)  # "service restart": the page reconnects
            if isinstance(error, ConflictError):
                raise ActionError(
                    "the table has moved on (another action was stored first); look again", 409
                ) from error
            raise ActionError("the table could not be saved just now; try again", 503) from error
        await self.broadcast(live, events)
        if live.settings.tournament and any(e.get("type") == "deal_scored" for e in events):
            for told in self.scored:
                await told(live.id)
        board = live.state.finished[-1] if live.state.finished else None
        if board is not None:
            self.analyse_later(live, board)

    async def _move_sockets(self, stale: LiveTable) -> None:
        try:
            async with self.locked(stale.id) as live:
                live.sockets |= stale.sockets
                await self.broadcast(live, [])
        except Exception:  # the table cannot be read now: the pages reconnect
            for box, _, _ in list(stale.sockets):
                box.close(1012)

    # -- robots -------------------------------------------------------------------------------
    def kick(self, live: LiveTable) -> None:
        """Make sure the table's robots act if it is their turn (one driver per table), and
        that a Blue Chip client whose turn it is acts in time."""
        if live.stale or live.set_aside is not None:
            return
        idle = live.driver is None or live.driver.done()
        if idle and robot_task(live.state) is not None:
            live.driver = self._spawn(self._drive(live.id))
        state = live.state
        for seat in state.pending():
            if state.plays_outside(seat) and (live.id, state.version) not in self._watching:
                self._watching.add((live.id, state.version))
                client = state.outside[seat].client
                self._spawn(self._watch_outside(live.id, state.version, seat, client))

    async def seat_outside(
        self, table_id: str, seat: Seat, client: str, name: str | None
    ) -> ServerTable:
        """A Blue Chip client takes ``seat`` (``name``) or leaves it (None); stored, told to
        the pages, and the robots kicked (they play the seat again when it leaves)."""
        async with self.locked(table_id) as live:
            before = live.state.version
            events = live.state.seat_outside(seat, client, name)
            await self._commit(live, before, events)
            self.kick(live)
            return live.state

    async def _watch_outside(self, table_id: str, version: int, seat: Seat, client: str) -> None:
        """A Blue Chip client that has not acted in its time (its connection lost with a
        process that stopped, say) is taken for gone: our robot plays its seat again."""
        await asyncio.sleep(OUTSIDE_SECONDS + OUTSIDE_GRACE)
        self._watching.discard((table_id, version))
        with contextlib.suppress(Exception):
            live = await self.get(table_id)
            if live.state.version == version and seat in live.state.pending():
                log.warning("table %s: the Blue Chip client at %s did not act", table_id, seat)
                await self.seat_outside(table_id, seat, client, None)

    async def _drive(self, table_id: str) -> None:
        for _ in range(MAX_ROBOT_ACTIONS):
            async with self.locked(table_id) as live:
                if live.set_aside is not None:
                    return
                task = robot_task(live.state)
                if task is None:
                    return
                version, owner = live.state.version, live.owner
            try:
                action = await self.pool.decide(owner, task, f"{table_id}:{version}")
            except RobotFailure as failure:
                await self._set_aside(table_id, str(failure))
                return
            try:
                async with self.locked(table_id) as live:
                    if live.state.version != version:
                        continue  # the table moved on while the robot thought: ask again
                    events = robot_events(live.state, task, action)
                    await self._commit(live, version, events)
            except ActionError as error:
                if error.status in (409, 503):
                    # Another process stored first (409: this copy is reloaded from the log,
                    # where that process's robots go on) or the store failed (503: the next
                    # request reloads the table and its robots resume).
                    return
                await self._set_aside(table_id, f"a robot's action was refused: {error.reason}")
                return
        await self._set_aside(table_id, "the robots acted too many times in a row")

    async def _set_aside(self, table_id: str, reason: str) -> None:
        log.error("table %s set aside: %s", table_id, reason)
        async with self.locked(table_id) as live:
            live.asides += 1
            wait = min(RETRY_SECONDS * 2 ** (live.asides - 1), MAX_RETRY_SECONDS)
            live.set_aside = (
                f"The robots at this table cannot go on ({reason}). The table is set aside; "
                "what was played is kept. A player may ask the robots to try again; they "
                f"try again by themselves in {round(wait / 60)} min."
            )
            await self.broadcast(live, [])
            self._spawn(self._retry(live, wait, live.asides))

    async def _retry(self, stopped: LiveTable, wait: float, asides: int) -> None:
        """The robots of a table set aside try again after ``wait`` seconds, unless a
        player asked first, they stopped again since, or the table left memory (loading it
        again resumes them)."""
        await asyncio.sleep(wait)
        if self.tables.get(stopped.id) is not stopped or stopped.asides != asides:
            return
        async with self.locked(stopped.id) as live:
            if live is stopped and live.asides == asides and live.set_aside is not None:
                log.warning("table %s: the robots try again by themselves", live.id)
                await self._wake(live)

    async def _wake(self, live: LiveTable) -> None:
        live.set_aside = None
        self.kick(live)
        await self.broadcast(live, [])

    async def resume(self, table_id: str, seat: Seat | None) -> int:
        """A player asks the robots of a table set aside to try again (the cause, a worker
        that kept dying, may have passed); returns the version, unchanged."""
        if seat is None:
            raise ActionError("only a player at the table may ask the robots to try again", 403)
        async with self.locked(table_id) as live:
            if live.set_aside is None:
                raise ActionError("the robots at this table are not stopped", 409)
            log.warning("table %s: the robots are asked to try again", table_id)
            await self._wake(live)
            return live.state.version

    # -- what other processes stored ------------------------------------------------------------
    def heard(self, message: bus.Message) -> None:
        """Another process stored events of a table: a copy here that is behind is brought
        up to the log and its sockets told."""
        if not isinstance(message, bus.TableStored):
            return
        live = self.tables.get(message.table_id)
        if live is not None and live.state.version < message.version:
            self._spawn(self._catch_up(message.table_id, message.version))

    async def _catch_up(self, table_id: str, version: int) -> None:
        async with self.locked(table_id) as live:
            if live.state.version >= version:
                return
            settings, stored = await self.store(self.storage.load, table_id)
            behind = live.state.version
            live.state = ServerTable.replay(TableSettings.from_json(settings), stored)
            await self.broadcast(live, stored[behind:])
            self.kick(live)

    # -- analysis -----------------------------------------------------------------------------
    def analysed(self, board: BoardState) -> dict[str, Any] | None:
        return board_analysis(board)

    def analyse_later(self, live: LiveTable, board: BoardState) -> None:
        """Solve a finished deal double dummy in a worker; its table is told when it is done.
        A view never waits for it (the page says "analysing")."""
        key = analysis_key(board)
        if board.auction.is_passed_out or key in self._analysing or analysis_known(*key):
            return
        self._analysing.add(key)

        async def solve() -> None:
            try:
                found = await self.pool.analyse(board.deal, key[1], board.dealer, key[3])
            except RobotFailure:
                found = None
            finally:
                self._analysing.discard(key)
            remember_analysis(*key, found)
            current = self.tables.get(live.id)
            if current is not None:
                async with current.lock:
                    await self.broadcast(current, [])

        self._spawn(solve())

    # -- telling ------------------------------------------------------------------------------
    def view(self, live: LiveTable, seat: Seat | None, kibitzer: bool = False) -> dict[str, Any]:
        """What ``seat`` is shown of the table now (None and ``kibitzer``: a spectator whose
        browser holds no seat here); its finished deals' analysis is started if it has not
        been, and the view never waits for it."""
        out = view_for(live.state, seat, names=live.names(), kibitzer=kibitzer)
        for board in live.state.finished:
            self.analyse_later(live, board)
        out["set_aside"] = live.set_aside
        return out

    async def broadcast(self, live: LiveTable, events: list[dict[str, Any]]) -> None:
        if not live.sockets:
            return
        views: dict[tuple[Seat | None, bool], str] = {}
        # queued, never awaited: the table's lock is held here, and no page may hold it
        for box, seat, kibitzer in list(live.sockets):
            key = (seat, kibitzer and seat is None)
            if key not in views:
                told = explained(live.state, seat, kibitzer=key[1])
                views[key] = json.dumps(
                    {
                        "type": "update",
                        "events": [event_for(e, seat, told) for e in events],
                        "view": self.view(live, *key),
                    }
                )
            if not box.send(views[key]):
                live.sockets.discard((box, seat, kibitzer))


def event_for(e: dict[str, Any], seat: Seat | None, told: Callable[[Seat], bool]) -> dict[str, Any]:
    """An event as ``seat`` may receive it: the game's per-seat copy (a deal shows only the
    seat's own hand), and a call's alert and explanation only if ``told`` says the seat is
    told the caller's (:func:`~contractbridge.server.tables.views.explained`)."""
    if str(e.get("type", "")).startswith("server."):
        return e
    if e.get("type") in ("call", "call_explained") and e.get("seat") in Seat.__members__:
        return e if told(Seat[e["seat"]]) else {**e, "alert": False, "explanation": None}
    return Event.from_dict(e).for_seat(seat).to_dict()


def timeless(action: Any) -> bool:
    """An action that does not depend on the moment it was made, so it is not refused when
    the table has moved on meanwhile (a robot answered): explaining one's own call names the
    call; an undo takes back the asker's own last action and everything after it (but not
    twice for one click: :attr:`ServerTable.undone_at`); whether kibitzers see all hands is
    a person's word, whatever the moment."""
    return isinstance(action, dict) and (
        "explain" in action or "undo" in action or KIBITZERS_SEE_HANDS in action
    )
