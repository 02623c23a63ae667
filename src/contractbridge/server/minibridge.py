"""Minibridge in the browser: one learner and three robots, at ``/minibridge``.

The routes are thin: the game is :class:`~contractbridge.game.minibridge.MinibridgeSeries`
and what the page is sent is built from the learner's :class:`MiniView` alone (plus the
cards of deals already finished, which the table shows everyone, and the last trick turned,
which everyone saw played). A finished deal comes with how it ended (its thirteenth trick
whole, the final count, its log), so the page never shows the moment before its last card
as its end. Games live in memory;
``storage`` is taken for symmetry with the other route modules and not used yet.

- ``GET /minibridge``: the page (``static/minibridge.html`` and ``minibridge.js``)
- ``POST /api/minibridge`` ``{form, seat, seed, deals}``: a new game, answered with its state
- ``GET /api/minibridge/{id}``: the state
- ``POST /api/minibridge/{id}`` ``{announce: 12}``, ``{open: true}``, ``{declare: "4H"}``
  (or ``{strain: "H", game: true}``), ``{bid: "2NT"}`` (``null``: pass), ``{card: "SA"}``;
  the robots then play until the learner's turn, and the new state comes back
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import Field
from starlette.concurrency import run_in_threadpool

from contractbridge.core.card import Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.errors import BridgeError, ParseError
from contractbridge.core.hand import Hand
from contractbridge.core.minibridge import (
    Action,
    Form,
    MinibridgeDeal,
    Phase,
    Slip,
    declared_contract,
)
from contractbridge.core.seat import SEATS, Seat, Side
from contractbridge.game.minibridge import MinibridgePlayer, MinibridgeSeries
from contractbridge.robots.minibridge import MinibridgeRobot
from contractbridge.server.limits import RateLimit, client_of
from contractbridge.server.requests import Body, documented, json_body, parse
from contractbridge.server.table import ActionError

STATIC = Path(__file__).parent / "static"
#: games kept at once; the oldest is forgotten past this
MAX_GAMES = 200
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
    """The body of ``POST /api/minibridge/{id}``: one of its fields (see :func:`apply`)."""

    announce: int | None = Field(None, ge=0, le=40)
    open: bool | None = None
    strain: str | None = Field(None, max_length=8)
    game: bool = False
    declare: str | None = Field(None, max_length=8)
    bid: str | None = Field(None, max_length=8)
    card: str | None = Field(None, max_length=4)


@dataclass
class Game:
    series: MinibridgeSeries
    me: Seat
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def _hand(hand: Hand | None) -> list[str] | None:
    return [str(c) for c in hand] if hand is not None else None


def _slip(slip: Slip | None) -> dict[str, Any] | None:
    if slip is None:
        return None
    return {"points": slip.points, "lengths": list(slip.lengths)}


def _contract(contract: Contract | None) -> str | None:
    if contract is None:
        return None
    text = f"{contract.level}{contract.strain.name}"
    return f"{text} {contract.declarer.name}" if contract.declarer is not None else text


def _actions(actions: Iterable[Action]) -> list[dict[str, Any]]:
    return [
        {
            "seat": a.seat.name,
            "kind": a.kind,
            "points": a.points,
            "contract": _contract(a.contract),
            "card": str(a.card) if a.card is not None else None,
        }
        for a in actions
    ]


def _last_trick(deal: MinibridgeDeal) -> dict[str, Any] | None:
    """The last completed trick of the deal (all four cards, in the order played): during
    the play the one before the trick in progress, at the end the thirteenth."""
    tricks = deal.play.tricks if deal.play is not None else ()
    if not tricks:
        return None
    trick = tricks[-1]
    return {
        "cards": [[trick.leader.next(i).name, str(c)] for i, c in enumerate(trick.cards)],
        "winner": trick.winner.name,
    }


def _finished(series: MinibridgeSeries, deal: MinibridgeDeal, number: int) -> dict[str, Any]:
    """A finished deal, every hand shown (the table shows them after the play), with how it
    ended: its last trick whole, the final count and what everyone did."""
    result = series.result_of(deal)
    return {
        "number": number,
        "redeal": deal.phase == Phase.REDEAL,
        "hands": {s.name: _hand(deal.deal[s]) for s in SEATS},
        "points": {s.name: deal.slips[s].points for s in SEATS},
        "contract": _contract(deal.contract),
        "tricks": deal.declarer_tricks if deal.contract is not None else None,
        "ns": result.ns if result is not None else 0,
        "ew": result.ew if result is not None else 0,
        "last_trick": _last_trick(deal),
        "actions": _actions(deal.actions),
    }


def state_for(game: Game) -> dict[str, Any]:
    """What the learner's page shows: built from the learner's view only."""
    series, me = game.series, game.me
    totals = series.score.totals()
    finished = [
        _finished(series, d, n)
        for d, n in zip(series.history, series.numbers, strict=True)
        if d.is_over
    ]
    state: dict[str, Any] = {
        "form": series.form.value,
        "seat": me.name,
        "deals": series.deals,
        "over": series.is_over,
        "totals": {"NS": totals[Side.NS], "EW": totals[Side.EW]},
        "finished": finished,
        "sheet": series.score.render(),
    }
    if series.is_over:
        return state
    view = series.view(me)
    pending = series.pending()
    assert pending is not None
    play = view.play
    state.update(
        {
            "number": series.number,
            "dealer": view.dealer.name,
            "phase": view.phase.value,
            "turn": pending[0].name,
            "mine": pending[0] == me,
            "card_hand": series.current.card_hand.name if series.current.card_hand else None,
            "hand": _hand(play.hand if play is not None else view.hand),
            "slip": _slip(view.slip),
            "partner_slip": _slip(view.partner_slip),
            "announced": {s.name: p for s, p in view.announced.items()},
            "actions": _actions(view.actions),
            "declarer": view.declarer.name if view.declarer is not None else None,
            "contract": _contract(view.contract),
            "dummy": _hand(play.dummy if play is not None else view.dummy),
            "trick": [[s.name, str(c)] for s, c in play.current_trick] if play else [],
            "legal": [str(c) for c in play.legal_cards()] if play and pending[0] == me else [],
            "tricks": series.current.declarer_tricks if play is not None else 0,
            "last_trick": _last_trick(series.current),
            "played": len(play.played) if play is not None else 0,
        }
    )
    return state


def apply(game: Game, raw: dict[str, Any]) -> None:
    """The learner's answer (see the module's docstring); raises BridgeError if wrong."""
    series, me = game.series, game.me
    try:
        body = parse(Answer, raw)
    except ActionError as refusal:
        raise ParseError(refusal.reason) from None
    given = body.model_fields_set
    if "announce" in given and body.announce is not None:
        series.announce(me, body.announce)
    elif "open" in given and body.open is not None:
        series.speak(me, body.open)
    elif body.declare is not None or body.strain is not None:
        if body.strain is not None:
            strain, game_call = Strain.parse(body.strain), body.game
        else:
            contract = Contract.parse(body.declare or "")
            strain, game_call = contract.strain, contract.level > 1
            if declared_contract(strain, game_call) != Contract(contract.level, strain):
                raise ParseError(
                    f"{contract.level}{strain.symbol} is neither a partscore (level 1) nor "
                    "a game (3NT, 4 of a major, 5 of a minor)"
                )
        series.declare(me, strain, game_call)
    elif "bid" in given:
        series.bid(me, None if body.bid in (None, "", "pass") else Contract.parse(body.bid or ""))
    elif body.card is not None:
        series.play_card(me, Card.parse(body.card))
    else:
        raise ParseError("send one of announce, open, declare, bid or card")


def add_routes(
    app: FastAPI, storage: object = None, games_per_hour: int = GAMES_PER_HOUR
) -> dict[str, Game]:
    """The Minibridge page and API on ``app``; returns the games (for tests)."""
    games: dict[str, Game] = {}
    # one client may not start enough games to push every learner's out of memory
    creations = RateLimit(games_per_hour, 3600.0, "Minibridge games")

    def error(text: str, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": text}, status_code=status)

    async def advance(game: Game) -> None:
        await run_in_threadpool(game.series.run)  # robots: DDS and the card player

    @app.get("/minibridge")
    async def minibridge_page() -> FileResponse:
        return FileResponse(STATIC / "minibridge.html")

    @app.post("/api/minibridge", openapi_extra=documented(NewGame))
    async def new_game(request: Request) -> JSONResponse:
        try:
            body = parse(NewGame, await json_body(request))
        except ActionError as refusal:
            return error(refusal.reason)
        creations.check(client_of(request))
        try:
            me = Seat.parse(body.seat)
            players: dict[Seat, MinibridgePlayer | None] = {
                s: MinibridgeRobot(seed=int(s)) for s in SEATS
            }
            players[me] = None
            series = MinibridgeSeries(
                players, form=Form.parse(body.form), deals=body.deals, seed=body.seed
            )
        except (BridgeError, ValueError) as problem:
            return error(str(problem))
        while len(games) >= MAX_GAMES:
            games.pop(next(iter(games)))
        game_id = secrets.token_urlsafe(8)
        game = games[game_id] = Game(series, me)
        async with game.lock:
            await advance(game)
            return JSONResponse({"id": game_id, **state_for(game)}, status_code=201)

    @app.get("/api/minibridge/{game_id}")
    async def get_game(game_id: str) -> JSONResponse:
        game = games.get(game_id)
        if game is None:
            return error("no such Minibridge game", 404)
        return JSONResponse(state_for(game))

    @app.post("/api/minibridge/{game_id}", openapi_extra=documented(Answer))
    async def answer(game_id: str, request: Request) -> JSONResponse:
        game = games.get(game_id)
        if game is None:
            return error("no such Minibridge game", 404)
        try:
            body = await json_body(request)
        except ActionError as refusal:
            return error(refusal.reason)
        if not isinstance(body, dict):
            return error("send a JSON object")
        async with game.lock:
            pending = game.series.pending()
            if pending is None or pending[0] != game.me:
                return error("it is not your turn", 409)
            try:
                apply(game, body)
            except (BridgeError, ValueError) as problem:
                return error(str(problem))
            await advance(game)
            return JSONResponse(state_for(game))

    return games
