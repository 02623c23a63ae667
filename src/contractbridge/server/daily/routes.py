"""The tournaments of the day's API for signed-in players (docs/daily.md):

- ``GET /api/daily``: today's sets (dealt on the first ask of the day), each with its
  window, the rule for unfinished deals in words, how many played it and where the player is;
- ``POST /api/daily/{set_id}/start``: the player enters the set (again: where they are);
- ``GET /api/daily/{set_id}/ranking``: the live (final after the close) ranking, by name;
- ``GET /api/daily/{set_id}/scorecard``: the player's finished deals against the field;
- ``GET /api/daily/{set_id}/field/{board}``: how the field played a deal, only once the
  player finished it (403 before).

A guest is refused (401, "log in first"). The robots' entry is played, once per set, by the
basic robots in a worker thread when the day is first dealt in this process: the best robots
take seconds a deal, and the robots' entry is one line of the field, not the opponents.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import select

from contractbridge.robots.basic import BasicRobot
from contractbridge.server.accounts.players import Player, Players
from contractbridge.server.accounts.routes import player_of, private
from contractbridge.server.accounts.store import accounts
from contractbridge.server.daily.service import DailyService, NoSuchSetError
from contractbridge.server.web.errors import ActionError
from contractbridge.tournament.daily import (
    ROBOTS,
    DailySet,
    NotFinishedError,
    NotStartedError,
    SetClosedError,
)


class DailyRoutes:
    """The routes' state: which days this process has dealt and given to the robots."""

    def __init__(self, service: DailyService, today: Callable[[], date] | None = None) -> None:
        self.service = service
        self._today = today or (lambda: datetime.now(UTC).date())
        self._ready: dict[date, asyncio.Task[None]] = {}

    async def day_sets(self) -> tuple[DailySet, ...]:
        """Today's sets, dealt (idempotently, in a thread) and the robots' entry recorded."""
        day = self._today()
        sets = await asyncio.to_thread(self.service.ensure_day, day)
        task = self._ready.get(day)
        if task is None or (task.done() and task.exception() is not None):  # retry a failure
            task = self._ready[day] = asyncio.create_task(self._robots(sets))
        await asyncio.shield(task)  # the ranking always holds the robots' line
        return sets

    async def _robots(self, sets: tuple[DailySet, ...]) -> None:
        robots = [BasicRobot()] * 4
        for daily in sets:
            await asyncio.to_thread(self.service.record_robots, daily.id, robots)

    async def _set(self, set_id: str) -> DailySet:
        await self.day_sets()
        try:
            return await asyncio.to_thread(self.service.get_set, set_id)
        except NoSuchSetError:
            raise ActionError("there is no such tournament of the day", 404) from None

    def names(self, keys: list[str]) -> dict[str, str]:
        wanted = [k for k in keys if k != ROBOTS]
        found: dict[str, str] = {}
        if wanted:
            with self.service.store.storage.engine.connect() as db:
                rows = db.execute(
                    select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(wanted))
                )
                found = {row.id: row.name for row in rows}
        return found


def _set_json(daily: DailySet, played: int, finished: int | None) -> dict[str, Any]:
    return {
        "id": daily.id,
        "name": daily.name,
        "scoring": daily.scoring.value,
        "kind": daily.kind.value,
        "deals": len(daily.deals),
        "opens": daily.opens.isoformat(),
        "closes": daily.closes.isoformat(),
        "rule": daily.unplayed.text(daily.scoring),
        "played": played,
        "finished": finished,  # the player's finished deals; None: not started
    }


def router(players: Players, service: DailyService, today: Callable[[], date] | None = None
           ) -> APIRouter:  # fmt: skip
    routes = APIRouter()
    state = DailyRoutes(service, today)

    def listing(daily: DailySet, player: Player) -> dict[str, Any]:
        entrants = [p for p in service.store.entrants(daily.id) if p != ROBOTS]
        finished = None
        if player.id in entrants:
            finished = len(service.progress(daily.id, player.id, daily).finished)
        return _set_json(daily, len(entrants), finished)

    @routes.get("/api/daily")
    async def day(request: Request) -> JSONResponse:
        player = await player_of(players, request)
        sets = await state.day_sets()
        listed = [await asyncio.to_thread(listing, s, player) for s in sets]
        return private({"day": state._today().isoformat(), "sets": listed})

    @routes.post("/api/daily/{set_id}/start")
    async def start(set_id: str, request: Request) -> JSONResponse:
        player = await player_of(players, request)
        daily = await state._set(set_id)
        try:
            progress = await asyncio.to_thread(service.start, set_id, player.id)
        except SetClosedError:
            raise ActionError("this tournament of the day is not open now", 409) from None
        nxt = progress.next_deal
        return private({
            "set": daily.id,
            "finished": list(progress.finished),
            "next": None if nxt is None else nxt.board,
        })  # fmt: skip

    @routes.get("/api/daily/{set_id}/ranking")
    async def ranking(set_id: str, request: Request) -> JSONResponse:
        player = await player_of(players, request)
        await state._set(set_id)
        answer = (await asyncio.to_thread(service.ranking, set_id)).to_json(player.id)
        names = await asyncio.to_thread(state.names, [s["player"] for s in answer["standings"]])
        for line in answer["standings"]:
            key = line.pop("player")  # account ids are never shown to others
            line["name"] = None if key == ROBOTS else names.get(key, "?")
        return private(answer)

    @routes.get("/api/daily/{set_id}/scorecard")
    async def scorecard(set_id: str, request: Request) -> JSONResponse:
        player = await player_of(players, request)
        await state._set(set_id)
        try:
            await asyncio.to_thread(service.progress, set_id, player.id)
        except NotStartedError:
            raise ActionError("you have not started this tournament of the day", 409) from None
        lines = await asyncio.to_thread(service.scorecard, set_id, player.id)
        return private({"set": set_id, "deals": lines})

    @routes.get("/api/daily/{set_id}/field/{board}")
    async def field(set_id: str, board: int, request: Request) -> JSONResponse:
        player = await player_of(players, request)
        await state._set(set_id)
        try:
            view = await asyncio.to_thread(service.field_view, set_id, player.id, board)
        except NotFinishedError:
            raise ActionError("finish this deal to see how the field played it", 403) from None
        answer = view.to_json()
        for row in answer.get("rows", []):
            row.pop("players", None)  # who played what stays private; "yours" marks the viewer
        answer.pop("viewer", None)
        return private(answer)

    return routes
