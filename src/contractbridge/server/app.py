"""The web table: a small ASGI app. Routes are thin; the rules live in the table's engine.

- ``POST /api/tables`` creates a table and returns one secret link per seat.
- ``GET /api/tables/{id}?token=...`` is that seat's view (no token: a spectator's).
- ``POST /api/tables/{id}/actions`` makes a call, plays a card, claims, undoes...
- ``WS /ws/{id}?token=...`` streams the seat's view after every change and takes actions.
- ``/api/events...``: pairs and teams events whose tables or teams enter their results
  here (``club.py``).

Every action carries the version of the state it was made on; an action on an old version is
refused (409), so a double click or a retried request never plays two cards. Events are
stored before they are applied or acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnected

from contractbridge.core import SEATS, Seat
from contractbridge.game import Event
from contractbridge.robots import Robot, robot_player
from contractbridge.server import club, export, minibridge
from contractbridge.server.storage import ConflictError, Storage, load_once
from contractbridge.server.table import KINDS, ActionError, BoardState, ServerTable
from contractbridge.server.views import analysis, cached_analysis, view_for

STATIC = Path(__file__).parent / "static"
I18N = Path(__file__).parent / "i18n"
LANGUAGES = ("en", "sk", "hu", "pl", "pt", "de")


@dataclass
class LiveTable:
    """A table in memory: its state, its lock, and the sockets watching it."""

    id: str
    settings: dict[str, Any]
    state: ServerTable
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sockets: set[tuple[WebSocket, Seat | None]] = field(default_factory=set)

    def seat_of(self, token: str | None) -> Seat | None:
        """The seat a token acts for; None for no token; KeyError for a wrong one."""
        if not token:
            return None
        for seat in SEATS:
            info = self.settings["seats"].get(seat.name, {})
            if info.get("token") and secrets.compare_digest(str(info["token"]), token):
                return seat
        raise KeyError(token)

    def names(self) -> dict[str, str]:
        return {s.name: str(self.settings["seats"][s.name].get("name") or "") for s in SEATS}


class Hub:
    """All tables: loads them from storage on first use and serialises their changes."""

    def __init__(self, storage: Storage, robots: Robot) -> None:
        self.storage = storage
        self.robot = robots
        # Double-dummy analysis waits on one solver lock: give it its own thread so that it
        # never holds up the storage writes of other tables in the shared pool.
        self._analysis = ThreadPoolExecutor(1, thread_name_prefix="dd")
        self._tasks: set[asyncio.Task[None]] = set()
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()

    async def get(self, table_id: str) -> LiveTable:
        async def load() -> LiveTable:
            settings, events = await asyncio.to_thread(self.storage.load, table_id)
            state = ServerTable.replay(settings, events)
            live = LiveTable(table_id, settings, state)
            if state.backlog:  # events the game adds on reopening an older log
                backlog, state.backlog = state.backlog, []
                await self._commit(live, len(events), backlog)
            return live

        live = await load_once(self.tables, self._loading, table_id, load)
        # A server killed between a human's action and the robots' answers resumes here.
        async with live.lock:
            await self._run_robots(live)
        return live

    async def create(self, settings: dict[str, Any]) -> LiveTable:
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        state = ServerTable.new(settings)
        await asyncio.to_thread(self.storage.create_table, table_id, settings)
        await asyncio.to_thread(self.storage.append, table_id, 0, state.start_events())
        live = LiveTable(table_id, settings, state)
        self.tables[table_id] = live
        async with live.lock:
            await self._run_robots(live)
        return live

    async def act(
        self,
        live: LiveTable,
        seat: Seat | None,
        action: Any,
        version: Any,
        *,
        robots: bool = True,
    ) -> int:
        """Check, store, apply and broadcast one action; returns the new version.

        With ``robots`` the robots then answer before this returns; otherwise call
        :meth:`settle` after acknowledging the action.
        """
        async with live.lock:
            state = live.state
            if version is None:
                raise ActionError("an action carries the version of the state it was made on")
            if not isinstance(version, int) or isinstance(version, bool):
                raise ActionError("version is a whole number")
            if version != state.version:
                raise ActionError(
                    f"the table has moved on (it is at version {state.version}, "
                    f"the action was made at {version})",
                    409,
                )
            before = state.version
            events = state.act(seat, action)
            await self._commit(live, before, events)
            version_after = state.version
            if robots:
                await self._run_robots(live)
            return version_after

    async def settle(self, live: LiveTable) -> None:
        """Let the robots act until a human must."""
        async with live.lock:
            await self._run_robots(live)

    async def _commit(self, live: LiveTable, first: int, events: list[dict[str, Any]]) -> None:
        """Store events the table has just made (from position ``first``), then tell everyone.

        The game applies an action as it checks it, so if the events cannot be stored the
        table is dropped from memory and reloaded from the log on next use: nothing that was
        not stored is ever acknowledged or shown.
        """
        if not events:
            return
        state = live.state
        try:
            await asyncio.to_thread(self.storage.append, live.id, first, events)
        except Exception as error:
            self.tables.pop(live.id, None)
            for ws, _ in list(live.sockets):
                with contextlib.suppress(Exception):
                    await ws.close(code=1012)  # "service restart": the page reconnects
            if isinstance(error, ConflictError):
                raise ActionError(str(error), 409) from error
            raise ActionError("the table could not be saved just now; try again", 503) from error
        await self.broadcast(live, events)
        board = state.finished[-1] if state.finished else None
        if board is not None and self.analysed(board) is None:
            task = asyncio.create_task(self._analyse(live, board))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def analysed(self, board: BoardState) -> dict[str, Any] | None:
        return cached_analysis(board.deal.to_pbn(), int(board.vulnerability), board.dealer)

    async def analyse(self, board: BoardState) -> None:
        """Solve a finished deal double dummy, off the event loop (once; then cached)."""
        await asyncio.get_running_loop().run_in_executor(
            self._analysis, analysis, board.deal.to_pbn(), int(board.vulnerability), board.dealer
        )

    async def _analyse(self, live: LiveTable, board: BoardState) -> None:
        # The result is shown at once; the analysis follows in its own update when solved.
        await self.analyse(board)
        async with live.lock:
            await self.broadcast(live, [])

    async def _run_robots(self, live: LiveTable) -> None:
        state = live.state
        robots = state.robots()
        for _ in range(200):  # a deal has at most 52 cards and a bounded auction
            seat = next((s for s in state.pending() if s in robots), None)
            if seat is None:
                return
            action = await asyncio.to_thread(_robot_action, state, seat, self.robot)
            before = state.version
            events = state.act(seat, action)
            await self._commit(live, before, events)

    async def broadcast(self, live: LiveTable, events: list[dict[str, Any]]) -> None:
        if not live.sockets:
            return
        views: dict[Seat | None, str] = {}
        for ws, seat in list(live.sockets):
            if seat not in views:
                views[seat] = json.dumps(
                    {
                        "type": "update",
                        "events": [event_for(e, seat) for e in events],
                        "view": view_for(live.state, seat, names=live.names()),
                    }
                )
            try:
                await ws.send_text(views[seat])
            except Exception:
                live.sockets.discard((ws, seat))


def event_for(e: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    """An event as ``seat`` may receive it: the game's per-seat copy (a deal shows only the
    seat's own hand, an explanation is not shown to the caller's partner)."""
    if str(e.get("type", "")).startswith("server."):
        return e
    return Event.from_dict(e).for_seat(seat).to_dict()


def _robot_action(state: ServerTable, seat: Seat, bot: Robot) -> dict[str, Any]:
    """What the robot in ``seat`` does now, from its own view only: a claim too is judged
    on the layouts that view allows, so an answer never tells what the robot cannot see."""
    b = state.board
    view = state.table.view_for(seat)
    if b.pending_claim is not None:
        claimer, tricks, _ = b.pending_claim
        return {"accept_claim": bot.accept_claim(view, claimer, tricks)}
    if b.pending_concession is not None and b.play is not None:
        # partner's concession (Law 68B2): agree if declarer's side takes those tricks anyway
        _, conceded = b.pending_concession
        return {"accept_claim": bot.accept_claim(view, b.play.declarer, conceded)}
    if not b.auction.is_complete:
        call = bot.call(view)
        if b.auction.why_illegal(call) is not None:
            call = b.auction.legal_calls()[0]
        try:
            explanation = bot.explain(view, call)
        except Exception:  # an explanation is a courtesy; never stop the table for it
            explanation = None
        return {"call": str(call), "explanation": explanation}
    assert b.play is not None
    claimed = state.table.offer_claim(seat, bot, view)
    if claimed is not None:  # declarer on lead with only winners claims the rest
        return {"claim": claimed}
    card = bot.card(view)
    if b.play.why_illegal(card) is not None:
        card = b.play.legal_cards()[0]
    return {"card": str(card)}


# -- the app ---------------------------------------------------------------------------------


def create_app(
    db_url: str = "sqlite:///contractbridge.db", *, robots: str = "best", budget: float = 0.5
) -> FastAPI:
    """The app over the database at ``db_url``; ``robots`` is "best" or "basic"."""
    robot = robot_player(robots, budget)  # ValueError for an unknown strength
    storage = Storage(db_url)
    import contractbridge.analysis  # noqa: F401  (loads DDS now, not at the first deal's end)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        storage.close()

    app = FastAPI(title="contractbridge", lifespan=lifespan)
    hub = Hub(storage, robot)
    app.state.hub = hub

    def error(reason: str, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": reason}, status_code=status)

    async def find(table_id: str) -> LiveTable | None:
        try:
            return await hub.get(table_id)
        except KeyError:
            return None

    @app.exception_handler(ActionError)
    async def _action_error(request: Request, exc: ActionError) -> JSONResponse:
        return error(exc.reason, exc.status)

    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/event/{event_id}")
    async def event_page(event_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/i18n/{lang}")
    async def catalogue(lang: str) -> Response:
        if lang not in LANGUAGES:
            return error(f"no catalogue for {lang!r}; there are {', '.join(LANGUAGES)}", 404)
        return FileResponse(I18N / f"{lang}.json", media_type="application/json")

    @app.post("/api/tables")
    async def create_table(request: Request) -> JSONResponse:
        try:
            body = await request.json()
        except ValueError:
            return error("send a JSON object describing the table")
        if not isinstance(body, dict):
            return error("send a JSON object describing the table")
        kind = body.get("kind", "duplicate")
        if kind not in KINDS:
            return error(f"a table plays rubber, chicago or duplicate, not {kind!r}")
        seats_in = body.get("seats", {})
        if not isinstance(seats_in, dict):
            return error("seats maps N, E, S, W to {name, robot}")
        seats: dict[str, Any] = {}
        for seat in SEATS:
            info = seats_in.get(seat.name)
            if info is None:
                info = {"robot": True}  # an empty seat is filled by a robot
            if not isinstance(info, dict):
                return error(f"seat {seat.name}: give {{name, robot}}")
            is_robot = bool(info.get("robot", False))
            name = str(info.get("name") or "")[:40] or (f"Robot {seat.name}" if is_robot else "")
            seats[seat.name] = {
                "name": name,
                "robot": is_robot,
                "token": None if is_robot else secrets.token_urlsafe(16),
            }
        boards = body.get("boards", 0)
        if not isinstance(boards, int) or not 0 <= boards <= 64:
            return error("boards is 0 (no limit) to 64")
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(48)
        if not isinstance(seed, int):
            return error("seed is a whole number")
        settings = {"kind": kind, "seats": seats, "boards": boards, "seed": seed}
        live = await hub.create(settings)
        base = str(request.base_url).rstrip("/")
        links = {
            s: f"{base}/table/{live.id}?token={info['token']}"
            for s, info in seats.items()
            if info["token"]
        }
        return JSONResponse(
            {
                "id": live.id,
                "tokens": {s: info["token"] for s, info in seats.items() if info["token"]},
                "links": links,
                "spectator": f"{base}/table/{live.id}",
                "version": live.state.version,
            },
            status_code=201,
        )

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, token: str | None = None) -> JSONResponse:
        live = await find(table_id)
        if live is None:
            return error("no such table", 404)
        try:
            seat = live.seat_of(token)
        except KeyError:
            return error("this link's token is not valid at this table", 403)
        for board in live.state.boards:
            if board.is_over and hub.analysed(board) is None:
                await hub.analyse(board)
        return JSONResponse(view_for(live.state, seat, names=live.names()))

    @app.post("/api/tables/{table_id}/actions")
    async def post_action(table_id: str, request: Request) -> JSONResponse:
        live = await find(table_id)
        if live is None:
            return error("no such table", 404)
        try:
            body = await request.json()
        except ValueError:
            return error("send a JSON object: {token, version, action}")
        if not isinstance(body, dict):
            return error("send a JSON object: {token, version, action}")
        token = body.get("token") or request.headers.get("authorization", "").removeprefix(
            "Bearer "
        )
        if token is not None and not isinstance(token, str):
            return error("a token is text")
        try:
            seat = live.seat_of(token)
        except KeyError:
            return error("this link's token is not valid at this table", 403)
        version = await hub.act(live, seat, body.get("action"), body.get("version"))
        return JSONResponse({"ok": True, "version": version})

    @app.get("/api/tables/{table_id}/boards/{number}.{fmt}")
    async def download(table_id: str, number: int, fmt: str) -> Response:
        live = await find(table_id)
        if live is None:
            return error("no such table", 404)
        boards = [b for b in live.state.boards if b.number == number]
        if not boards or not boards[0].is_over:
            return error("a board can be downloaded once it has been played", 404)
        if fmt not in ("pbn", "lin"):
            return error("download as pbn or lin", 404)
        names = live.names()
        text = export.pbn(boards[0], names) if fmt == "pbn" else export.lin(boards[0], names)
        return PlainTextResponse(
            text,
            headers={"Content-Disposition": f'attachment; filename="{table_id}-{number}.{fmt}"'},
        )

    @app.websocket("/ws/{table_id}")
    async def socket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        await ws.accept()
        live = await find(table_id)
        if live is None:
            await ws.send_text(json.dumps({"type": "error", "reason": "no such table"}))
            await ws.close(code=4404)
            return
        try:
            seat = live.seat_of(token)
        except KeyError:
            await ws.send_text(
                json.dumps({"type": "error", "reason": "this link's token is not valid"})
            )
            await ws.close(code=4403)
            return
        entry = (ws, seat)
        async with live.lock:
            live.sockets.add(entry)
            await ws.send_text(
                json.dumps(
                    {
                        "type": "update",
                        "events": [],
                        "view": view_for(live.state, seat, names=live.names()),
                    }
                )
            )
        try:
            while True:
                text = await ws.receive_text()
                await _ws_command(hub, live, ws, seat, text)
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass  # the page went away (closed, reloaded, offline): it reconnects by itself
        finally:
            live.sockets.discard(entry)

    club.add_routes(app, storage)
    minibridge.add_routes(app, storage)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _ws_command(
    hub: Hub, live: LiveTable, ws: WebSocket, seat: Seat | None, text: str
) -> None:
    try:
        message = json.loads(text)
    except ValueError:
        await ws.send_text(json.dumps({"type": "error", "reason": "send JSON"}))
        return
    if not isinstance(message, dict):
        await ws.send_text(json.dumps({"type": "error", "reason": "send a JSON object"}))
        return
    ref = message.get("id")
    if message.get("type") == "ping":
        await ws.send_text(json.dumps({"type": "pong", "id": ref}))
        return
    if message.get("type") != "act":
        await ws.send_text(
            json.dumps({"type": "error", "id": ref, "reason": "unknown message type"})
        )
        return
    try:
        version = await hub.act(
            live, seat, message.get("action"), message.get("version"), robots=False
        )
    except ActionError as exc:
        await ws.send_text(
            json.dumps({"type": "error", "id": ref, "reason": exc.reason, "status": exc.status})
        )
        return
    await ws.send_text(json.dumps({"type": "ack", "id": ref, "version": version}))
    await hub.settle(live)
