"""Honeymoon bridge in the browser: one player against the robot, at ``/honeymoon``.

The routes are thin over the matches' room (``room.py``); the match is
:class:`~contractbridge.game.honeymoon.HoneymoonMatch`, what the page is sent ``views.py``.

- ``GET /honeymoon``: the page (``static/honeymoon.html`` and ``honeymoon.js``)
- ``POST /api/honeymoon`` ``{rubbers, seed, honours}``: a new match, answered with its state
- ``GET /api/honeymoon/{id}``: the state
- ``POST /api/honeymoon/{id}`` ``{card: "SA"}``, ``{call: "2H"}`` (``"Pass"``, ``"X"``,
  ``"XX"``) or ``{stop: true}`` (end the match: an unfinished rubber is scored as it
  stands); the robot then plays until the player's turn, and the new state comes back
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import Field

from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.errors import BridgeError
from contractbridge.core.honeymoon import PLAYERS
from contractbridge.server.honeymoon.room import HoneymoonRoom, MatchSettings
from contractbridge.server.honeymoon.views import state_for
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.limits import RateLimit, client_of
from contractbridge.server.web.pages import STATIC
from contractbridge.server.web.requests import Body, documented, json_body, parse
from contractbridge.server.web.tokens import owner_key

#: new matches one client address may start in an hour
GAMES_PER_HOUR = 30
#: the most rubbers one match may have
MAX_RUBBERS = 10


class NewMatch(Body):
    """The body of ``POST /api/honeymoon``."""

    rubbers: int = Field(1, ge=1, le=MAX_RUBBERS)
    seed: int | None = Field(None, ge=0, lt=2**63)
    honours: bool = True


class Answer(Body):
    """The body of ``POST /api/honeymoon/{id}``: one of its fields."""

    card: str | None = Field(None, max_length=4)
    call: str | None = Field(None, max_length=8)
    stop: bool = False


def players_move(body: Answer) -> dict[str, Any]:
    """The player's answer as a move of the match; BridgeError if it names none."""
    if body.stop:
        return {"stop": True}
    if body.card is not None:
        return {"card": str(Card.parse(body.card))}
    if body.call is not None:
        return {"call": str(Call.parse(body.call))}
    raise BridgeError("send one of card, call or stop")


def router(room: HoneymoonRoom, games_per_hour: int = GAMES_PER_HOUR) -> APIRouter:
    """The Honeymoon bridge page and API over ``room``."""
    routes = APIRouter()
    # one client may not start enough matches to fill the store
    creations = RateLimit(games_per_hour, 3600.0, "Honeymoon bridge matches")

    @routes.get("/honeymoon")
    async def honeymoon_page() -> FileResponse:
        return FileResponse(STATIC / "honeymoon.html")

    @routes.post("/api/honeymoon", openapi_extra=documented(NewMatch))
    async def new_match(request: Request) -> JSONResponse:
        body = parse(NewMatch, await json_body(request))
        client = client_of(request)
        creations.check(client)
        seed = body.seed if body.seed is not None else secrets.randbits(32)
        settings = MatchSettings(PLAYERS[0], body.rubbers, seed, body.honours, owner_key(client))
        live = await room.create(settings)
        async with room.locked(live.id) as live:
            await room.settle(live)
            return JSONResponse(
                {"id": live.id, **state_for(live.game, settings.me)}, status_code=201
            )

    @routes.get("/api/honeymoon/{game_id}")
    async def get_match(game_id: str) -> JSONResponse:
        async with room.locked(game_id) as live:
            await room.settle(live)  # a robot a stopped server left thinking
            return JSONResponse(state_for(live.game, live.settings.me))

    @routes.post("/api/honeymoon/{game_id}", openapi_extra=documented(Answer))
    async def answer(game_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise ActionError("send a JSON object")
        async with room.locked(game_id) as live:
            me = live.settings.me
            pending = live.game.pending()
            try:
                move = players_move(parse(Answer, body))
            except (BridgeError, ValueError) as problem:
                raise ActionError(str(problem)) from None
            if pending is None:
                raise ActionError("the match is over", 409)
            if pending[0] != me and not move.get("stop"):
                raise ActionError("it is not your turn", 409)
            try:
                await room.move(live, me, move)
            except (BridgeError, ValueError) as problem:
                raise ActionError(str(problem)) from None
            await room.settle(live)
            return JSONResponse(state_for(live.game, me))

    return routes
