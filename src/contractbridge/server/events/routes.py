"""Events run from the browser: the director's page and each table's (or team's) entry.

A pairs event is described below; a teams event (``teams.py``) is created with
``"kind": "teams"`` and served on the same routes, with one link per team.

- ``POST /api/events`` creates an event (a Mitchell or a Howell, or an event file made by
  ``contractbridge event create``) and returns the director's link and one link per table.
- ``GET /api/events/{id}?token=...`` is the director's view (everything) or one table's
  (its rounds and its own results: a table does not see how the others played a board).
- ``POST /api/events/{id}/entries`` enters or corrects a result; the director also removes
  results, gives adjusted scores and names the pairs.
- ``GET /api/events/{id}/files/{event.json, event.pbn, report.html}?token=...`` (director):
  the event file the CLI reads, PBN with ScoreTable and TotalScoreTable, a printable page;
  and the printables for the tables (``guide-cards.html``, ``pickup-slips.html``,
  ``travellers.html``, ``curtain-cards.html``, ``hand-records.html``; ``&paper=letter``).

The desk (``desk.py``) keeps the events; these routes are thin over it.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from contractbridge.core.errors import BridgeError
from contractbridge.formats import pbn
from contractbridge.server.events.desk import EVENTS_PER_HOUR, KINDS, Desk, LiveEvent, links
from contractbridge.server.events.entries import DIRECTOR, result_json
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.limits import RateLimit, client_of
from contractbridge.server.web.outbox import Outbox
from contractbridge.server.web.requests import EventEntry, NewEvent, documented, json_object, parse
from contractbridge.tournament import printables
from contractbridge.tournament.event import PairsEvent
from contractbridge.tournament.results import TableResult


def router(desk: Desk, events_per_hour: int = EVENTS_PER_HOUR) -> APIRouter:
    """The event API over ``desk`` (its pages are served by the app's index)."""
    routes = APIRouter()
    creations = RateLimit(events_per_hour, 3600.0, "events")
    body_of = json_object

    def base(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    def bridge_error(error: BridgeError) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=400)

    @routes.post("/api/events", openapi_extra=documented(NewEvent))
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
                "director_token": live.tokens.director,
                **links(live, base(request)),
            },
            status_code=201,
        )

    @routes.get("/api/events/{event_id}")
    async def get_event(event_id: str, request: Request, token: str | None = None) -> JSONResponse:
        live = await desk.get(event_id)
        return JSONResponse(live.kind.view(live, live.role(token), base(request)))

    @routes.post("/api/events/{event_id}/entries", openapi_extra=documented(EventEntry))
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
                "result": result if not isinstance(result, TableResult) else result_json(result),
            }
        )

    @routes.websocket("/ws/events/{event_id}")
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

    @routes.get("/api/events/{event_id}/files/{name}")
    async def event_file(
        event_id: str, name: str, token: str | None = None, paper: str = "a4"
    ) -> Response:
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
        what = name.removesuffix(".html")
        if what in printables.EVENT_PRINTABLES and isinstance(event, PairsEvent):
            page = await _printable(live, what, paper)
            return Response(page, media_type="text/html; charset=utf-8")
        raise ActionError("the files are event.json, event.pbn and report.html", 404)

    async def _printable(live: LiveEvent, what: str, paper: str) -> str:
        """Guide cards, pickup slips, travellers, curtain cards or hand records of a pairs
        event (the printables of the movement and of its boards)."""
        event = live.event
        title = f"{event.name}: {what.replace('-', ' ')}"
        try:
            if what in printables.DEAL_PRINTABLES:
                boards: Any = event.deals
                if what == "hand-records" and event.deals:
                    records = await desk.hand_records(live)
                    boards = [records[b] for b in sorted(records)]
                return printables.for_deals(boards, what, paper=paper, title=title)
            return printables.for_movement(event.movement, what, paper=paper, title=title)
        except BridgeError as error:
            raise ActionError(str(error), 400) from None

    return routes
