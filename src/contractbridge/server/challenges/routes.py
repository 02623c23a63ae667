"""The challenges' API for signed-in players (docs/challenges.md):

- ``GET /api/challenges``: the player's challenges (received, sent, in play, over), each
  with its state, the other player's name, when it expires or closes and how far each got;
- ``POST /api/challenges``: challenge a player by their account's name
  (``{"opponent": "Bob"}``) or the robots (``{"robots": true}``);
- ``POST /api/challenges/{id}/accept`` and ``/decline``: the player challenged answers;
- ``POST /api/challenges/{id}/play``: the table of the player's next deal (made on the first
  ask, the same one after), South with three robots; its result is recorded from the
  table's log when the deal ends (once);
- ``GET /api/challenges/{id}``: the challenge and its deal-by-deal comparison, as the
  viewer may see it (a deal's line once they finished it; the other's result and the IMPs
  once both did);
- ``GET /challenges``: the page.

A guest is refused (401); anyone but the challenge's two players is told there is no such
challenge (404), so nothing of it reaches them.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse
from sqlalchemy import select

from contractbridge.core import Seat
from contractbridge.robots.basic import BasicRobot
from contractbridge.server.accounts.players import Player, Players
from contractbridge.server.accounts.routes import player_of, private
from contractbridge.server.accounts.rules import name_key
from contractbridge.server.accounts.store import accounts
from contractbridge.server.challenges.service import (
    ChallengeService,
    NoSuchChallengeError,
    TooManyChallengesError,
)
from contractbridge.server.tables.hub import Hub
from contractbridge.server.tables.routes import mark_player
from contractbridge.server.tables.scored import new_table
from contractbridge.server.tables.settings import FixedDeal
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.pages import STATIC
from contractbridge.server.web.requests import json_object
from contractbridge.tournament.challenges import Challenge, ChallengeError, State
from contractbridge.tournament.daily import ROBOTS

log = logging.getLogger("contractbridge.challenges")
#: the tables' ``tournament`` mark for a challenge's deal (the table page links back)
MARK = "challenge:"
NO_SUCH = "there is no such challenge"


class ChallengeRoutes:
    def __init__(self, service: ChallengeService, players: Players, hub: Hub) -> None:
        self.service = service
        self.players = players
        self.hub = hub
        # the hub tells every owner of scored tables when a deal ends; each records the
        # tables that are its own (a challenge's here, a day's set in daily/routes.py)
        hub.scored.append(self.scored)

    async def scored(self, table_id: str) -> None:
        try:
            await asyncio.to_thread(self.service.record_table, table_id)
        except Exception:  # the next ask to play records it
            log.exception("table %s: the challenge's deal could not be recorded", table_id)

    async def challenge(self, challenge_id: str, player: Player) -> Challenge:
        try:
            return await asyncio.to_thread(self.service.get, challenge_id, player.id)
        except NoSuchChallengeError:
            raise ActionError(NO_SUCH, 404) from None

    def names(self, keys: set[str]) -> dict[str, str]:
        wanted = [k for k in keys if k != ROBOTS]
        if not wanted:
            return {}
        with self.service.store.engine.connect() as db:
            rows = db.execute(
                select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(wanted))
            )
            return {row.id: row.name for row in rows}

    def account(self, name: str) -> str | None:
        with self.service.store.engine.connect() as db:
            query = select(accounts.c.id).where(accounts.c.name_key == name_key(name))
            found = db.execute(query).first()
        return None if found is None else str(found[0])

    def summary(self, challenge: Challenge, viewer: str, names: dict[str, str]) -> dict[str, Any]:
        """What the viewer's list shows of a challenge: no cards, no result."""
        other = challenge.other(viewer)
        results = self.service.results(challenge.id)
        done = {p: sorted(b for q, b in results if q == p) for p in challenge.players()}
        state = challenge.state(self.service.now(), done)
        closes = challenge.closes()
        return {
            "id": challenge.id,
            "state": state.value,
            "sent": challenge.challenger == viewer,
            "robots": challenge.robots,
            "opponent": None if other == ROBOTS else names.get(other, "?"),
            "deals": len(challenge.deals),
            "created": challenge.created.isoformat(),
            "expires": challenge.expires().isoformat(),
            "closes": None if closes is None else closes.isoformat(),
            "finished": len(done[viewer]),
            "their_finished": len(done[other]),
        }

    def view(self, challenge: Challenge, viewer: str) -> dict[str, Any]:
        names = self.names(set(challenge.players()))
        out = self.summary(challenge, viewer, names)
        lines, won, lost = challenge.comparison(viewer, self.service.results(challenge.id))
        out["lines"] = [line.to_json() for line in lines]
        out["imps"] = {"mine": won, "theirs": lost}
        return out

    async def play(self, challenge: Challenge, player: Player, request: Request) -> dict[str, Any]:
        service = self.service
        if challenge.robots:  # their results, if making them failed when it was made
            await asyncio.to_thread(service.record_robots, challenge.id, [BasicRobot()] * 4)
        while True:  # a deal over whose result is not stored yet is recorded, then the next
            finished = await asyncio.to_thread(service.finished, challenge.id, player.id)
            state = await asyncio.to_thread(service.state, challenge)
            if state is State.OPEN:
                raise ActionError("this challenge has not been accepted yet", 409)
            if state is not State.PLAYING:
                raise ActionError("this challenge is not being played", 409)
            board = challenge.next_board(finished)
            if board is None:
                raise ActionError("you have played every deal of this challenge", 409)
            found = await asyncio.to_thread(service.store.table_of, challenge.id, player.id, board)
            if found is None:
                found = await self._new_table(challenge, board, player, request)
                await self.scored(found[0])
                break
            if not await asyncio.to_thread(service.record_table, found[0]):
                break
        table_id, token = found
        return {
            "challenge": challenge.id,
            "table": table_id,
            "seat": "S",
            "token": token,
            "link": f"/table/{table_id}?token={token}",
            "board": board,
            "deals": len(challenge.deals),
        }

    async def _new_table(
        self, challenge: Challenge, board: int, player: Player, request: Request
    ) -> tuple[str, str]:
        """A scored table of ``board`` alone, the player South with three robots."""
        store = self.service.store
        return await new_table(
            self.hub, self.players, player, request, seat=Seat.S,
            fixed=FixedDeal(board, challenge.deal(board).deal.to_pbn()),
            tournament=MARK + challenge.id,
            keep=lambda table_id, token: store.add_table(
                challenge.id, player.id, board, table_id, token
            ),
            kept=lambda: store.table_of(challenge.id, player.id, board),
        )  # fmt: skip


def router(players: Players, service: ChallengeService, hub: Hub) -> APIRouter:
    routes = APIRouter()
    state = ChallengeRoutes(service, players, hub)

    @routes.get("/challenges")
    async def page() -> FileResponse:
        return FileResponse(STATIC / "challenges.html")

    @routes.get("/api/challenges")
    async def mine(request: Request) -> JSONResponse:
        player = await player_of(players, request)

        def listed() -> list[dict[str, Any]]:
            found = service.of_player(player.id)
            names = state.names({p for c in found for p in c.players()})
            return [state.summary(c, player.id, names) for c in found]

        return private({"challenges": await asyncio.to_thread(listed)})

    @routes.post("/api/challenges")
    async def create(request: Request) -> JSONResponse:
        player = await player_of(players, request)
        body = await json_object(request, "the player to challenge, or the robots")
        if body.get("robots") is True:
            opponent = ROBOTS
        else:
            name = body.get("opponent")
            if not isinstance(name, str) or not name.strip() or len(name) > 64:
                raise ActionError("name the player to challenge, or the robots")
            found = await asyncio.to_thread(state.account, name)
            if found is None:
                raise ActionError("there is no player of that name", 404)
            opponent = found
        if opponent == player.id:
            raise ActionError("you cannot challenge yourself")
        try:
            made = await asyncio.to_thread(service.create, player.id, opponent)
        except TooManyChallengesError as error:
            raise ActionError(str(error), 429) from None
        if made.robots:  # the robots' own results, played now by the basic robots
            await asyncio.to_thread(service.record_robots, made.id, [BasicRobot()] * 4)
        answer = await asyncio.to_thread(state.view, made, player.id)
        return private(answer, 201)

    @routes.get("/api/challenges/{challenge_id}")
    async def show(challenge_id: str, request: Request) -> JSONResponse:
        player = await player_of(players, request)
        challenge = await state.challenge(challenge_id, player)
        return private(await asyncio.to_thread(state.view, challenge, player.id))

    async def answer(challenge_id: str, request: Request, accept: bool) -> JSONResponse:
        player = await player_of(players, request)
        challenge = await state.challenge(challenge_id, player)
        try:
            act = service.accept if accept else service.decline
            done = await asyncio.to_thread(act, challenge.id, player.id)
        except ChallengeError as error:
            raise ActionError(str(error), 409) from None
        return private(await asyncio.to_thread(state.view, done, player.id))

    @routes.post("/api/challenges/{challenge_id}/accept")
    async def accept(challenge_id: str, request: Request) -> JSONResponse:
        return await answer(challenge_id, request, True)

    @routes.post("/api/challenges/{challenge_id}/decline")
    async def decline(challenge_id: str, request: Request) -> JSONResponse:
        return await answer(challenge_id, request, False)

    @routes.post("/api/challenges/{challenge_id}/play")
    async def play(challenge_id: str, request: Request) -> JSONResponse:
        player = await player_of(players, request)
        challenge = await state.challenge(challenge_id, player)
        answer = await state.play(challenge, player, request)
        shown = private(answer)
        mark_player(shown, answer["table"], [answer["token"]], request)
        return shown

    return routes
