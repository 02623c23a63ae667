"""Minibridge in the browser: one learner and three robots, at ``/minibridge``.

The routes are thin over the games' room (``room.py``); the game is
:class:`~contractbridge.game.minibridge.MinibridgeSeries`, what the page is sent
``views.py``.

- ``GET /minibridge``: the page (``static/minibridge.html`` and ``minibridge.js``)
- ``POST /api/minibridge`` ``{form, seat, seed, deals}``: a new game, answered with its state
- ``GET /api/minibridge/{id}``: the state
- ``POST /api/minibridge/{id}`` ``{announce: 12}``, ``{open: true}``, ``{declare: "4H"}``
  (or ``{strain: "H", game: true}``), ``{bid: "2NT"}`` (``null``: pass), ``{card: "SA"}``;
  the robots then play until the learner's turn, and the new state comes back
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import Field

from contractbridge.core.card import Strain
from contractbridge.core.contract import Contract
from contractbridge.core.errors import BridgeError
from contractbridge.core.minibridge import Form, declared_contract
from contractbridge.core.seat import Seat
from contractbridge.server.minibridge.room import GameRoom, GameSettings
from contractbridge.server.minibridge.views import state_for
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.limits import RateLimit, client_of
from contractbridge.server.web.pages import STATIC
from contractbridge.server.web.requests import Body, documented, json_body, parse
from contractbridge.server.web.tokens import owner_key

#: new games one client address may start in an hour (a lesson is a few)
GAMES_PER_HOUR = 30
#: the most deals one game may have (a lesson is a handful; a club evening 24)
MAX_DEALS = 52


class NewGame(Body):
    """The body of ``POST /api/minibridge``."""

    seat: str = Field("S", max_length=8)
    form: str = Field("points", max_length=16)
    deals: int = Field(4, ge=1, le=MAX_DEALS)
    seed: int | None = Field(None, ge=0, lt=2**63)


class Answer(Body):
    """The body of ``POST /api/minibridge/{id}``: one of its fields (see :func:`learners_move`)."""

    announce: int | None = Field(None, ge=0, le=40)
    open: bool | None = None
    strain: str | None = Field(None, max_length=8)
    game: bool = False
    declare: str | None = Field(None, max_length=8)
    bid: str | None = Field(None, max_length=8)
    card: str | None = Field(None, max_length=4)


def learners_move(body: Answer) -> dict[str, Any]:
    """The learner's answer as a move of the game; BridgeError if it names none."""
    given = body.model_fields_set
    if "announce" in given and body.announce is not None:
        return {"announce": body.announce}
    if "open" in given and body.open is not None:
        return {"open": body.open}
    if body.strain is not None:
        return {"strain": Strain.parse(body.strain).name, "game": body.game}
    if body.declare is not None:
        contract = Contract.parse(body.declare)
        game = contract.level > 1
        if declared_contract(contract.strain, game) != Contract(contract.level, contract.strain):
            raise BridgeError(
                f"{contract.level}{contract.strain.symbol} is neither a partscore (level 1) "
                "nor a game (3NT, 4 of a major, 5 of a minor)"
            )
        return {"strain": contract.strain.name, "game": game}
    if "bid" in given:
        bid = None if body.bid in (None, "", "pass") else Contract.parse(body.bid or "")
        return {"bid": f"{bid.level}{bid.strain.name}" if bid is not None else None}
    if body.card is not None:
        return {"card": body.card}
    raise BridgeError("send one of announce, open, declare, bid or card")


def router(room: GameRoom, games_per_hour: int = GAMES_PER_HOUR) -> APIRouter:
    """The Minibridge page and API over ``room``."""
    routes = APIRouter()
    # one client may not start enough games to fill the store
    creations = RateLimit(games_per_hour, 3600.0, "Minibridge games")

    @routes.get("/minibridge")
    async def minibridge_page() -> FileResponse:
        return FileResponse(STATIC / "minibridge.html")

    @routes.post("/api/minibridge", openapi_extra=documented(NewGame))
    async def new_game(request: Request) -> JSONResponse:
        body = parse(NewGame, await json_body(request))
        client = client_of(request)
        creations.check(client)
        try:
            seed = body.seed if body.seed is not None else secrets.randbits(32)
            settings = GameSettings(
                Seat.parse(body.seat), Form.parse(body.form), body.deals, seed, owner_key(client)
            )
        except (BridgeError, ValueError) as problem:
            raise ActionError(str(problem)) from None
        live = await room.create(settings)
        async with room.locked(live.id) as live:
            await room.settle(live)
            return JSONResponse(
                {"id": live.id, **state_for(live.game, settings.me)}, status_code=201
            )

    @routes.get("/api/minibridge/{game_id}")
    async def get_game(game_id: str) -> JSONResponse:
        async with room.locked(game_id) as live:
            await room.settle(live)  # robots a stopped server left thinking
            return JSONResponse(state_for(live.game, live.settings.me))

    @routes.post("/api/minibridge/{game_id}", openapi_extra=documented(Answer))
    async def answer(game_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise ActionError("send a JSON object")
        async with room.locked(game_id) as live:
            me = live.settings.me
            pending = live.game.pending()
            if pending is None or pending[0] != me:
                raise ActionError("it is not your turn", 409)
            try:
                await room.move(live, me, learners_move(parse(Answer, body)))
            except (BridgeError, ValueError) as problem:
                raise ActionError(str(problem)) from None
            await room.settle(live)
            return JSONResponse(state_for(live.game, me))

    return routes
