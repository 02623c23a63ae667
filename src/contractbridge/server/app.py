"""The web table: a small ASGI app. Routes are thin; the live tables are the hub's
(``hub.py``), the rules the table's engine's, the robots' thinking the workers' (``workers.py``).

- ``POST /api/tables`` creates a table and returns one secret link per seat.
- ``GET /api/tables/{id}?token=...`` is that seat's view (no token: a spectator's).
- ``POST /api/tables/{id}/actions`` makes a call, plays a card, claims, undoes...
- ``WS /ws/{id}?token=...`` streams the seat's view after every change and takes actions.
- ``/api/events...``: pairs and teams events whose tables or teams enter their results
  here (``club.py``).

Every action carries the version of the state it was made on; an action on an old version is
refused (409), so a double click or a retried request never plays two cards. Events are
stored before they are applied or acknowledged. Bad input of any kind is a 4xx with a reason
(a request body over its limit 413, too many new tables from one client 429).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnected

from contractbridge.core import SEATS, Seat
from contractbridge.server import club, director, export, minibridge, requests
from contractbridge.server.hub import Hub, LiveTable
from contractbridge.server.limits import RateLimit, client_of
from contractbridge.server.outbox import Outbox
from contractbridge.server.remote import Listener, QueueRobots, TaskRunner
from contractbridge.server.requests import documented, json_body
from contractbridge.server.storage import Storage
from contractbridge.server.table import KIBITZERS_SEE_HANDS, KINDS, ActionError
from contractbridge.server.tokens import owner_key, same_token
from contractbridge.server.workers import RobotPool

STATIC = Path(__file__).parent / "static"
I18N = Path(__file__).parent / "i18n"
LANGUAGES = ("en", "sk", "hu", "pl", "pt", "de")
#: the largest request body a route takes: an action is well under 1 KiB; an event's deals
#: or event file (``/api/events``), or a played deal for the director, may be larger
MAX_BODY = 64 * 1024
MAX_EVENT_BODY = 4 * 1024 * 1024
#: a table where no person sits (robots alone, to watch) plays at most this many boards
ROBOT_TABLE_BOARDS = 4
CLOSED_TO_SPECTATORS = "this table is closed to spectators: open it with your seat's link"
#: the cookie that marks a browser as a player of one table (the value: its seat's token).
#: A spectator's request that carries it gets the plain spectator's view, never the
#: kibitzers' (all hands): best effort, as a table has no accounts (docs/server.md).
SEAT_COOKIE = "cb_seat"
SEAT_COOKIE_SECONDS = 30 * 24 * 3600
#: the longest name a seat may be given
NAME_CHARS = 40


class BodyLimit:
    """Refuses a request whose body is over its route's limit with 413 and a reason, before
    the route reads it (``Content-Length`` or, without it, counted as it arrives)."""

    def __init__(self, app: ASGIApp, limit: int, event_limit: int) -> None:
        self.app, self.limit, self.event_limit = app, limit, event_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        files = scope["path"].startswith(("/api/events", "/api/director"))
        limit = self.event_limit if files else self.limit
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._refuse(send, limit)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await self._refuse(send, limit)

    @staticmethod
    async def _refuse(send: Send, limit: int) -> None:
        body = json.dumps({"error": f"the request is too large (at most {limit} bytes)"})
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body.encode()})


class _TooLarge(Exception):
    pass


def seat_cookies(table_id: str, token: str, *, secure: bool) -> list[str]:
    """``Set-Cookie`` values marking this browser as a player of the table: HttpOnly, sent
    back only to that table's page, API and socket (a path each) and not on other sites'
    requests (SameSite=Lax)."""
    paths = (f"/table/{table_id}", f"/api/tables/{table_id}", f"/ws/{table_id}")
    attributes = f"Max-Age={SEAT_COOKIE_SECONDS}; HttpOnly; SameSite=Lax"
    return [
        f"{SEAT_COOKIE}={token}; Path={path}; {attributes}{'; Secure' if secure else ''}"
        for path in paths
    ]


def mark_player(response: Response, table_id: str, tokens: list[str], request: Request) -> None:
    """Set the seat cookies of ``tokens`` (seats of the table) on ``response``."""
    for token in tokens:
        for cookie in seat_cookies(table_id, token, secure=request.url.scheme == "https"):
            response.headers.append("set-cookie", cookie)


def seat_settings(seats_in: Any) -> dict[str, Any]:
    """The seats of a new table from the request: ``{N: {name, robot}, ...}``; an absent
    seat is a robot's. ActionError with the reason for anything else."""
    if not isinstance(seats_in, dict):
        raise ActionError("seats maps N, E, S, W to {name, robot}")
    unknown = set(seats_in) - {s.name for s in SEATS}
    if unknown:
        raise ActionError(f"seats are N, E, S and W, not {', '.join(sorted(map(str, unknown)))}")
    seats: dict[str, Any] = {}
    for seat in SEATS:
        info = seats_in.get(seat.name)
        if info is None:
            info = {"robot": True}  # an empty seat is filled by a robot
        if not isinstance(info, dict):
            raise ActionError(f"seat {seat.name}: give {{name, robot}}")
        is_robot = info.get("robot", False)
        if not isinstance(is_robot, bool):
            raise ActionError(f"seat {seat.name}: robot is true or false")
        name = info.get("name") or ""
        if not isinstance(name, str):
            raise ActionError(f"seat {seat.name}: a name is text")
        name = name.strip()[:NAME_CHARS] or (f"Robot {seat.name}" if is_robot else "")
        seats[seat.name] = {
            "name": name,
            "robot": is_robot,
            "token": None if is_robot else secrets.token_urlsafe(16),
        }
    return seats


# -- the app ---------------------------------------------------------------------------------


def create_app(
    db_url: str = "sqlite:///contractbridge.db",
    *,
    robots: str = "best",
    budget: float = 0.5,
    workers: int = 0,
    tables_per_hour: int = 60,
    events_per_hour: int = club.EVENTS_PER_HOUR,
    games_per_hour: int = minibridge.GAMES_PER_HOUR,
    local_robots: bool = True,
) -> FastAPI:
    """The app over the database at ``db_url``; ``robots`` is "best" or "basic".

    ``workers`` robot worker processes decide for the robots and analyse finished deals
    (0: one thread of this process, for tests and embedding; ``contractbridge serve`` starts
    one per core). One client may create ``tables_per_hour`` tables, ``events_per_hour``
    events and ``games_per_hour`` Minibridge games an hour.

    On PostgreSQL several processes may serve the same tables: each hears what the others
    store, and the robots' tasks go through the database (``remote.py``), decided by this
    process's workers unless ``local_robots`` is false (then by ``contractbridge worker``).
    """
    pool = RobotPool(robots, budget, workers)  # ValueError for an unknown strength
    storage = Storage(db_url)
    queue = QueueRobots(storage) if storage.shared else None
    runner = TaskRunner(storage, pool) if queue is not None and local_robots else None
    hub = Hub(storage, queue if queue is not None else pool)
    creations = RateLimit(tables_per_hour, 3600.0, "tables")
    desk: club.Desk
    warming: list[asyncio.Task[None]] = []

    def heard(payload: str) -> None:
        for listener in (hub, desk, queue, runner):
            if listener is not None:
                listener.heard(payload)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        listener = Listener(storage.url, heard) if storage.shared else None
        running = None
        if queue is None or runner is not None:
            # The workers load the robots and the solver while the server already answers;
            # a robot's task waits for them, and /readyz says 503 until they are up.
            warming.append(asyncio.create_task(pool.start()))
        if listener is not None:
            listener.start(asyncio.get_running_loop())
            await asyncio.to_thread(listener.ready.wait, 10)
        if runner is not None:
            running = asyncio.create_task(runner.run())
        yield
        if runner is not None and running is not None:
            runner.stop()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(running, 5)
        if listener is not None:
            listener.stop()
        hub.close()
        pool.close()
        storage.close()

    app = FastAPI(title="contractbridge", lifespan=lifespan)
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=MAX_BODY, event_limit=MAX_EVENT_BODY)

    def error(reason: str, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": reason}, status_code=status)

    async def find(table_id: str) -> LiveTable | None:
        try:
            return await hub.get(table_id)
        except KeyError:
            return None

    async def seat_for(live: LiveTable, token: Any) -> Seat | None:
        if token is not None and not isinstance(token, str):
            raise ActionError("a token is text")
        try:
            seat = live.seat_of(token)
        except KeyError:
            # a seat may have been taken by invitation since (through another process)
            live.settings = await storage.run(storage.table_settings, live.id)
            try:
                seat = live.seat_of(token)
            except KeyError:
                raise ActionError("this link's token is not valid at this table", 403) from None
        if seat is None and not live.watchable:
            raise ActionError(CLOSED_TO_SPECTATORS, 403)
        return seat

    async def kibitzer(live: LiveTable, cookie: str | None) -> bool:
        """Whether a spectator's browser holds no seat at the table (by its seat cookie): a
        kibitzer, who may be shown every hand if the table's people allow it."""
        if not cookie:
            return True
        if not live.holds_seat(cookie):
            # a seat may have been taken by invitation since (through another process)
            live.settings = await storage.run(storage.table_settings, live.id)
        return not live.holds_seat(cookie)

    @app.exception_handler(ActionError)
    async def _action_error(request: Request, exc: ActionError) -> JSONResponse:
        return error(exc.reason, exc.status)

    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}")
    async def table_page(request: Request, table_id: str, token: str | None = None) -> FileResponse:
        page = FileResponse(STATIC / "index.html")
        live = await find(table_id) if token else None
        if live is not None and live.holds_seat(token):
            mark_player(page, table_id, [str(token)], request)
        return page

    @app.get("/event/{event_id}")
    async def event_page(event_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        """The process is up and its event loop answers."""
        return JSONResponse({"ok": True})

    @app.get("/readyz")
    async def readyz() -> JSONResponse:
        """Ready for tables once the robots' workers are up (503 before): their figures."""
        if any(not task.done() for task in warming):
            return JSONResponse({"ready": False, "reason": "the robots are starting"}, 503)
        robots = hub.pool.stats()
        if runner is not None:
            # the waits that matter are in the database's queue, before a task is claimed
            robots["local"] = pool.stats() | runner.stats()
        return JSONResponse({"ready": True, "robots": robots})

    @app.get("/api/i18n/{lang}")
    async def catalogue(lang: str) -> Response:
        if lang not in LANGUAGES:
            return error(f"no catalogue for {lang!r}; there are {', '.join(LANGUAGES)}", 404)
        return FileResponse(I18N / f"{lang}.json", media_type="application/json")

    @app.post("/api/tables", openapi_extra=documented(requests.NewTable))
    async def create_table(request: Request) -> JSONResponse:
        body = await json_body(request)
        if not isinstance(body, dict):
            return error("send a JSON object describing the table")
        kind = body.get("kind", "duplicate")
        if kind not in KINDS:
            return error(f"a table plays rubber, chicago or duplicate, not {kind!r}")
        seats = seat_settings(body.get("seats", {}))
        boards = body.get("boards", 0)
        if not isinstance(boards, int) or isinstance(boards, bool) or not 0 <= boards <= 64:
            return error("boards is 0 (no limit) to 64")
        if all(info["robot"] for info in seats.values()):
            # robots alone play a short set to watch, never an endless series
            if kind != "duplicate":
                return error(
                    f"a {kind} needs a person at the table; robots alone play a duplicate "
                    f"set of at most {ROBOT_TABLE_BOARDS} boards"
                )
            if boards > ROBOT_TABLE_BOARDS:
                return error(f"robots alone play at most {ROBOT_TABLE_BOARDS} boards")
            boards = boards or ROBOT_TABLE_BOARDS
        invite = body.get("invite", False)
        if not isinstance(invite, bool):
            return error("invite is true or false")
        me = body.get("me")
        if invite:
            # seat links become invitations: the first browser to open one takes the seat
            # with a token of its own; the creator keeps only their own seat (``me``)
            humans = [s for s, info in seats.items() if not info["robot"]]
            if me is not None and me not in humans:
                return error("me names the creator's own seat, one of the people's seats")
            for seat_name in humans:
                if seat_name != me:
                    seats[seat_name]["invite"] = secrets.token_urlsafe(16)
                    seats[seat_name]["token"] = None
        options = {}
        for option in ("spectators", "robot_partner_explains"):
            value = body.get(option, True)
            if not isinstance(value, bool):
                return error(f"{option} is true or false")
            options[option] = value
        # kibitzers see all hands at a table of robots alone; where people play, only with
        # every person's word: the creator's true stands for all who sit down (table.py)
        people = any(not info["robot"] for info in seats.values())
        see_hands = body.get(KIBITZERS_SEE_HANDS, not people)
        if not isinstance(see_hands, bool):
            return error(
                "kibitzers_see_hands is true (kibitzers see all four hands) or false (they "
                "see dummy only)"
            )
        options[KIBITZERS_SEE_HANDS] = see_hands
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(48)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            return error("seed is a whole number from 0")
        requests.parse(requests.NewTable, body)  # anything the checks above let through
        client = client_of(request)
        creations.check(client)
        settings = {
            "kind": kind,
            "seats": seats,
            "boards": boards,
            "seed": seed,
            "owner": owner_key(client),
            **options,
        }
        live = await hub.create(settings)
        if not all(info["robot"] for info in seats.values()):
            await hub.settled(live.id)  # the robots before the first person have called
        base = str(request.base_url).rstrip("/")
        links = {
            s: f"{base}/table/{live.id}?token={info['token']}"
            for s, info in seats.items()
            if info["token"]
        }
        invitations = {
            s: f"{base}/table/{live.id}?invite={info['invite']}"
            for s, info in seats.items()
            if info.get("invite")
        }
        tokens = {s: info["token"] for s, info in seats.items() if info["token"]}
        created = JSONResponse(
            {
                "id": live.id,
                "tokens": tokens,
                "links": links,
                "invitations": invitations,
                "spectator": f"{base}/table/{live.id}",
                "version": live.state.version,
            },
            status_code=201,
        )
        # the creator's browser holds these seats: it is no kibitzer of this table
        mark_player(created, live.id, list(tokens.values()), request)
        return created

    @app.get("/api/tables/{table_id}")
    async def get_table(request: Request, table_id: str, token: str | None = None) -> JSONResponse:
        if await find(table_id) is None:
            return error("no such table", 404)
        async with hub.locked(table_id) as live:  # never a copy a failed store made stale
            seat = await seat_for(live, token)
            watcher = seat is None and await kibitzer(live, request.cookies.get(SEAT_COOKIE))
            shown = JSONResponse(hub.view(live, seat, watcher))
        if seat is not None:
            mark_player(shown, table_id, [str(token)], request)
        return shown

    @app.get("/api/tables/{table_id}/hint")
    async def hint(table_id: str, token: str | None = None) -> JSONResponse:
        live = await find(table_id)
        if live is None:
            return error("no such table", 404)
        seat = await seat_for(live, token)
        return JSONResponse({"action": await hub.hint(table_id, seat)})

    @app.post("/api/tables/{table_id}/actions", openapi_extra=documented(requests.TableAction))
    async def post_action(table_id: str, request: Request) -> JSONResponse:
        live = await find(table_id)
        if live is None:
            return error("no such table", 404)
        body = await club.json_object(request, "{token, version, action}")
        requests.parse(requests.TableAction, body)
        token = body.get("token") or request.headers.get("authorization", "").removeprefix(
            "Bearer "
        )
        seat = await seat_for(live, token)
        version = await hub.act(table_id, seat, body.get("action"), body.get("version"))
        await hub.settled(table_id)  # over HTTP the robots' answers come with the reply
        return JSONResponse({"ok": True, "version": version})

    @app.post("/api/tables/{table_id}/join", openapi_extra=documented(requests.Join))
    async def join(table_id: str, request: Request) -> JSONResponse:
        """An invitation link is opened: the first browser takes the seat, with a token of
        its own; the link is used up."""
        live = await find(table_id)
        if live is None:
            return error("no such table", 404)
        code = requests.parse(requests.Join, await club.json_object(request, "{invite}")).invite
        if not code:
            return error("send a JSON object: {invite}")
        settings = await storage.run(storage.table_settings, table_id)
        seat = next(
            (s for s in SEATS if same_token(settings["seats"][s.name].get("invite"), code)), None
        )
        if seat is None:
            return error("this invitation is not valid at this table", 403)
        token = secrets.token_urlsafe(16)
        taken = await storage.run(
            storage.take_seat, table_id, seat.name, settings["seats"][seat.name]["invite"], token
        )
        live.settings = await storage.run(storage.table_settings, table_id)
        if not taken:
            return error(
                f"{seat.full_name}'s seat has been taken: this invitation was opened in "
                "another browser. Ask the table's creator for a new table if that was not you.",
                409,
            )
        base = str(request.base_url).rstrip("/")
        joined = JSONResponse(
            {"seat": seat.name, "token": token, "link": f"{base}/table/{table_id}?token={token}"}
        )
        mark_player(joined, table_id, [token], request)
        return joined

    @app.get("/api/tables/{table_id}/boards/{number}.{fmt}")
    async def download(table_id: str, number: int, fmt: str, token: str | None = None) -> Response:
        live = await find(table_id)
        if live is None:
            return error("no such table", 404)
        await seat_for(live, token)  # a table closed to spectators: its players' files only
        if fmt not in ("pbn", "lin"):
            return error("download as pbn or lin", 404)
        async with hub.locked(table_id) as live:
            boards = [b for b in live.state.boards if b.number == number]
            if not boards or not boards[0].is_over:
                return error("a board can be downloaded once it has been played", 404)
            names = live.names()
            if fmt == "pbn":
                text = export.pbn(boards[0], names, live.state.kind)
            else:
                text = export.lin(boards[0], names)
        return PlainTextResponse(
            text,
            headers={"Content-Disposition": f'attachment; filename="{table_id}-{number}.{fmt}"'},
        )

    @app.websocket("/ws/{table_id}")
    async def socket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        live = await find(table_id)
        cookies = []
        if live is not None and live.holds_seat(token):
            # a player's browser: marked, so that its spectator's pages show no kibitzer's view
            marks = seat_cookies(table_id, str(token), secure=ws.url.scheme == "wss")
            cookies = [(b"set-cookie", cookie.encode()) for cookie in marks]
        await ws.accept(headers=cookies)
        if live is None:
            await ws.send_text(json.dumps({"type": "error", "reason": "no such table"}))
            await ws.close(code=4404)
            return
        try:
            seat = await seat_for(live, token)
        except ActionError as refusal:
            await ws.send_text(json.dumps({"type": "error", "reason": refusal.reason}))
            await ws.close(code=4403)
            return
        refused = hub.admit(live, ws)
        if refused is not None:
            await ws.send_text(json.dumps({"type": "error", "reason": refused}))
            await ws.close(code=4429)
            return
        box = Outbox(ws)
        watcher = seat is None and await kibitzer(live, ws.cookies.get(SEAT_COOKIE))
        entry = (box, seat, watcher)
        try:
            async with hub.locked(table_id) as live:
                live.sockets.add(entry)
                shown = hub.view(live, seat, watcher)
                box.send(json.dumps({"type": "update", "events": [], "view": shown}))
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame: this socket speaks JSON text
                    box.send(json.dumps({"type": "error", "reason": "send JSON as text"}))
                    continue
                await _ws_command(hub, table_id, box, seat, text)
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass  # the page went away (closed, reloaded, offline): it reconnects by itself
        finally:
            live.sockets.discard(entry)
            hub.release(ws)
            box.close()

    desk = club.add_routes(app, storage, hub.pool, events_per_hour)
    app.state.desk = desk
    director.add_routes(app)
    minibridge.add_routes(app, storage, games_per_hour)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _ws_command(hub: Hub, table_id: str, box: Outbox, seat: Seat | None, text: str) -> None:
    """Answer one message of a table's socket (answers go through the page's outbox, after
    the updates the command has caused)."""

    def answer(message: dict[str, Any]) -> None:
        box.send(json.dumps(message))

    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested past Python's reach
        answer({"type": "error", "reason": "send JSON"})
        return
    if not isinstance(message, dict):
        answer({"type": "error", "reason": "send a JSON object"})
        return
    ref = message.get("id")
    if not isinstance(ref, int | str | None) or isinstance(ref, bool):
        ref = None
    if message.get("type") == "ping":
        answer({"type": "pong", "id": ref})
        return
    if message.get("type") != "act":
        answer({"type": "error", "id": ref, "reason": "unknown message type"})
        return
    try:
        version = await hub.act(table_id, seat, message.get("action"), message.get("version"))
    except ActionError as exc:
        answer({"type": "error", "id": ref, "reason": exc.reason, "status": exc.status})
        return
    answer({"type": "ack", "id": ref, "version": version})
