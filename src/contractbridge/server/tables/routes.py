"""The table's routes: thin, over the hub (``hub.py``), which keeps the live tables.

- ``POST /api/tables`` creates a table and returns one secret link per seat.
- ``GET /api/tables/{id}?token=...`` is that seat's view (no token: a spectator's).
- ``POST /api/tables/{id}/actions`` makes a call, plays a card, claims, undoes...
- ``POST /api/tables/{id}/join`` takes a seat by an invitation.
- ``GET /api/tables/{id}/boards/{n}.pbn|lin`` downloads a played board.
- ``WS /ws/{id}?token=...`` streams the seat's view after every change and takes actions.

Every action carries the version of the state it was made on; an action on an old version is
refused (409), so a double click or a retried request never plays two cards.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.websockets import WebSocketDisconnected

from contractbridge.core import Seat
from contractbridge.server.tables import export
from contractbridge.server.tables.hub import Hub, LiveTable
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.web import requests
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.limits import RateLimit, client_of
from contractbridge.server.web.outbox import Outbox
from contractbridge.server.web.pages import INDEX, error
from contractbridge.server.web.requests import documented, json_body, json_object
from contractbridge.server.web.tokens import owner_key

CLOSED_TO_SPECTATORS = "this table is closed to spectators: open it with your seat's link"
#: the cookie that marks a browser as a player of one table (the value: its seat's token).
#: A spectator's request that carries it gets the plain spectator's view, never the
#: kibitzers' (all hands): best effort, as a table has no accounts (docs/server.md).
SEAT_COOKIE = "cb_seat"
SEAT_COOKIE_SECONDS = 30 * 24 * 3600


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


def bluechip_door(hub: Hub, request: Request, table_id: str, secret: str | None) -> dict[str, Any]:
    """Where a Blue Chip client connects to take a seat, and the name it gives."""
    assert hub.bluechip_address is not None and secret is not None
    host, port = hub.bluechip_address
    if host in ("0.0.0.0", "::", ""):  # every address: the one the creator reached
        host = request.url.hostname or "localhost"
    return {"host": host, "port": port, "team": f"{table_id}:{secret}"}


def mark_player(response: Response, table_id: str, tokens: list[str], request: Request) -> None:
    """Set the seat cookies of ``tokens`` (seats of the table) on ``response``."""
    for token in tokens:
        for cookie in seat_cookies(table_id, token, secure=request.url.scheme == "https"):
            response.headers.append("set-cookie", cookie)


class Doors:
    """Who comes in at a table: the seat a link's token opens, and whether a spectator is
    a kibitzer (holds no seat there)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def find(self, table_id: str) -> LiveTable | None:
        try:
            return await self.hub.get(table_id)
        except KeyError:
            return None

    async def table(self, table_id: str) -> LiveTable:
        live = await self.find(table_id)
        if live is None:
            raise ActionError("no such table", 404)
        return live

    async def seat(self, live: LiveTable, token: Any) -> Seat | None:
        if token is not None and not isinstance(token, str):
            raise ActionError("a token is text")
        try:
            seat = live.seat_of(token)
        except KeyError:
            await self.hub.reread_settings(live)
            try:
                seat = live.seat_of(token)
            except KeyError:
                raise ActionError("this link's token is not valid at this table", 403) from None
        if seat is None and not live.watchable:
            raise ActionError(CLOSED_TO_SPECTATORS, 403)
        return seat

    async def kibitzer(self, live: LiveTable, cookie: str | None) -> bool:
        """Whether a spectator's browser holds no seat at the table (by its seat cookie): a
        kibitzer, who may be shown every hand if the table's people allow it."""
        if not cookie:
            return True
        if not live.holds_seat(cookie):
            await self.hub.reread_settings(live)
        return not live.holds_seat(cookie)


def router(hub: Hub, tables_per_hour: int) -> APIRouter:
    """The table's pages, API and socket over ``hub``; one client creates at most
    ``tables_per_hour`` tables an hour."""
    routes = APIRouter()
    doors = Doors(hub)
    creations = RateLimit(tables_per_hour, 3600.0, "tables")

    @routes.get("/table/{table_id}")
    async def table_page(request: Request, table_id: str, token: str | None = None) -> FileResponse:
        page = FileResponse(INDEX)
        live = await doors.find(table_id) if token else None
        if live is not None and live.holds_seat(token):
            mark_player(page, table_id, [str(token)], request)
        return page

    @routes.get("/api/table-options")
    async def table_options() -> JSONResponse:
        """What a new table may have here beyond the usual: seats for Blue Chip clients."""
        return JSONResponse({"bluechip": hub.bluechip_address is not None})

    @routes.post("/api/tables", openapi_extra=documented(requests.NewTable))
    async def create_table(request: Request) -> JSONResponse:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise ActionError("send a JSON object describing the table")
        client = client_of(request)
        settings = TableSettings.from_request(body, owner_key(client))
        requests.parse(requests.NewTable, body)  # anything the checks above let through
        outside = settings.bluechip_seats()
        if outside and hub.bluechip_address is None:
            raise ActionError(
                "this server takes no Blue Chip clients: start it with --bluechip-port to give "
                "a seat to an outside robot"
            )
        creations.check(client)
        live = await hub.create(settings)
        if settings.humans():
            await hub.settled(live.id)  # the robots before the first person have called
        base = str(request.base_url).rstrip("/")
        seats = {s.name: info for s, info in settings.seats.items()}
        tokens = {s: info.token for s, info in seats.items() if info.token}
        created = JSONResponse(
            {
                "id": live.id,
                "tokens": tokens,
                "links": {s: f"{base}/table/{live.id}?token={t}" for s, t in tokens.items()},
                "invitations": {
                    s: f"{base}/table/{live.id}?invite={info.invite}"
                    for s, info in seats.items()
                    if info.invite
                },
                "spectator": f"{base}/table/{live.id}",
                "version": live.state.version,
                # what the creator gives the outside robot: where to connect, and the team
                # name that takes the seat (the table and the seat's secret)
                "bluechip": {
                    s.name: bluechip_door(hub, request, live.id, settings.seat(s).bluechip)
                    for s in sorted(outside)
                },
            },
            status_code=201,
        )
        # the creator's browser holds these seats: it is no kibitzer of this table
        mark_player(created, live.id, list(tokens.values()), request)
        return created

    @routes.get("/api/tables/{table_id}")
    async def get_table(request: Request, table_id: str, token: str | None = None) -> JSONResponse:
        await doors.table(table_id)
        async with hub.locked(table_id) as live:  # never a copy a failed store made stale
            seat = await doors.seat(live, token)
            watcher = seat is None and await doors.kibitzer(live, request.cookies.get(SEAT_COOKIE))
            shown = JSONResponse(hub.view(live, seat, watcher))
        if seat is not None:
            mark_player(shown, table_id, [str(token)], request)
        return shown

    @routes.get("/api/tables/{table_id}/hint")
    async def hint(table_id: str, token: str | None = None) -> JSONResponse:
        seat = await doors.seat(await doors.table(table_id), token)
        return JSONResponse({"action": await hub.hint(table_id, seat)})

    @routes.get("/api/tables/{table_id}/signal")
    async def signal(table_id: str, card: str, token: str | None = None) -> JSONResponse:
        seat = await doors.seat(await doors.table(table_id), token)
        return JSONResponse(await hub.signal(table_id, seat, card))

    @routes.post("/api/tables/{table_id}/actions", openapi_extra=documented(requests.TableAction))
    async def post_action(table_id: str, request: Request) -> JSONResponse:
        live = await doors.table(table_id)
        body = await json_object(request, "{token, version, action}")
        requests.parse(requests.TableAction, body)
        bearer = request.headers.get("authorization", "").removeprefix("Bearer ")
        seat = await doors.seat(live, body.get("token") or bearer)
        version = await hub.act(table_id, seat, body.get("action"), body.get("version"))
        await hub.settled(table_id)  # over HTTP the robots' answers come with the reply
        return JSONResponse({"ok": True, "version": version})

    @routes.post("/api/tables/{table_id}/join", openapi_extra=documented(requests.Join))
    async def join(table_id: str, request: Request) -> JSONResponse:
        """An invitation link is opened: the first browser takes the seat, with a token of
        its own; the link is used up."""
        live = await doors.table(table_id)
        code = requests.parse(requests.Join, await json_object(request, "{invite}")).invite
        if not code:
            raise ActionError("send a JSON object: {invite}")
        await hub.reread_settings(live)
        seat = live.settings.invited(code)
        invite = live.settings.seat(seat).invite if seat is not None else None
        if seat is None or invite is None:
            raise ActionError("this invitation is not valid at this table", 403)
        token = secrets.token_urlsafe(16)
        taken = await hub.store(hub.storage.take_seat, table_id, seat.name, invite, token)
        await hub.reread_settings(live)
        if not taken:
            raise ActionError(
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

    @routes.get("/api/tables/{table_id}/boards/{number}.{fmt}")
    async def download(table_id: str, number: int, fmt: str, token: str | None = None) -> Response:
        # a table closed to spectators: its players' files only
        await doors.seat(await doors.table(table_id), token)
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

    @routes.websocket("/ws/{table_id}")
    async def socket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        live = await doors.find(table_id)
        cookies = []
        if live is not None and live.holds_seat(token):
            # a player's browser: marked, so that its spectator's pages show no kibitzer's view
            marks = seat_cookies(table_id, str(token), secure=ws.url.scheme == "wss")
            cookies = [(b"set-cookie", cookie.encode()) for cookie in marks]
        await ws.accept(headers=cookies)

        async def refuse(reason: str, code: int) -> None:
            await ws.send_text(json.dumps({"type": "error", "reason": reason}))
            await ws.close(code=code)

        if live is None:
            return await refuse("no such table", 4404)
        try:
            seat = await doors.seat(live, token)
        except ActionError as refusal:
            return await refuse(refusal.reason, 4403)
        refused = hub.admit(live, ws)
        if refused is not None:
            return await refuse(refused, 4429)
        box = Outbox(ws)
        watcher = seat is None and await doors.kibitzer(live, ws.cookies.get(SEAT_COOKIE))
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
                await _command(hub, table_id, box, seat, text)
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass  # the page went away (closed, reloaded, offline): it reconnects by itself
        finally:
            live.sockets.discard(entry)
            hub.release(ws)
            box.close()

    return routes


async def _command(hub: Hub, table_id: str, box: Outbox, seat: Seat | None, text: str) -> None:
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
