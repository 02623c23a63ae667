"""The tournaments of the day's API for signed-in players (docs/daily.md):

- ``GET /api/daily``: today's sets (dealt on the first ask of the day), each with its
  window, the rule for unfinished deals in words, how many played it and where the player is;
- ``POST /api/daily/{set_id}/start``: the player enters the set (again: where they are);
- ``GET /api/daily/{set_id}/ranking``: the live (final after the close) ranking, by name;
- ``GET /api/daily/{set_id}/scorecard``: the player's finished deals against the field;
- ``GET /api/daily/{set_id}/field/{board}``: how the field played a deal, only once the
  player finished it (403 before);
- ``POST /api/daily/{set_id}/play``: the table of the player's next deal (made on the first
  ask, the same one after: a reload never deals afresh), South (in a declarer-only set,
  declarer's seat) with three of the server's robots; its result is recorded from the
  table's log when the deal ends (:meth:`DailyService.record_table`, once);
- ``GET /daily``: the page.

A guest is refused (401, "log in first"). The robots' entry is played, once per set, by the
basic robots in a worker thread when the day is first dealt in this process: the best robots
take seconds a deal, and the robots' entry is one line of the field, not the opponents.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse
from sqlalchemy import select

from contractbridge.core import Auction, Call, Seat
from contractbridge.robots.basic import BasicRobot
from contractbridge.server.accounts.players import Player, Players
from contractbridge.server.accounts.routes import player_of, private
from contractbridge.server.accounts.store import accounts
from contractbridge.server.daily.service import DailyService, NoSuchSetError, StoredCall
from contractbridge.server.robots.pool import RobotFailure
from contractbridge.server.tables.hub import MAX_ROBOT_ACTIONS, Hub, robot_events, robot_task
from contractbridge.server.tables.routes import mark_player
from contractbridge.server.tables.scored import new_table
from contractbridge.server.tables.settings import FixedDeal, TableSettings
from contractbridge.server.tables.table import ServerTable
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.pages import STATIC
from contractbridge.tournament.daily import (
    ROBOTS,
    DailyDeal,
    DailySet,
    Kind,
    NotFinishedError,
    NotStartedError,
    SetClosedError,
)

log = logging.getLogger("contractbridge.daily")
NOT_OPEN = "this tournament of the day is not open now"
NOT_STARTED = "you have not started this tournament of the day"


class DailyRoutes:
    """The routes' state: which days this process has dealt and given to the robots."""

    def __init__(
        self,
        service: DailyService,
        players: Players,
        hub: Hub | None,
        today: Callable[[], date] | None = None,
    ) -> None:
        self.service = service
        self.players = players
        self.hub = hub
        self._today = today or (lambda: datetime.now(UTC).date())
        self._ready: dict[date, asyncio.Task[None]] = {}
        if hub is not None:
            hub.scored.append(self.scored)

    async def day_sets(self) -> tuple[DailySet, ...]:
        """Today's sets, dealt (idempotently, in a thread) and the robots' entry recorded."""
        day = self._today()
        sets = await asyncio.to_thread(self.service.ensure_day, day)
        task = self._ready.get(day)
        if task is None or (task.done() and task.exception() is not None):  # retry a failure
            task = self._ready[day] = asyncio.create_task(self._robots(sets))
        await asyncio.shield(task)  # the ranking always holds the robots' line
        # in the last hour before midnight (UTC): tomorrow's sets dealt and their robots'
        # entry made now, in the background, so the first players after midnight wait for
        # nothing (the task is the one the next day's first ask then finds done)
        ahead = await asyncio.to_thread(self.service.ensure_ahead)
        if ahead and ahead[0].day not in self._ready:
            self._ready[ahead[0].day] = asyncio.create_task(self._robots(ahead))
        return sets

    async def _robots(self, sets: tuple[DailySet, ...]) -> None:
        robots = [BasicRobot()] * 4
        for daily in sets:
            if daily.kind is Kind.DECLARER and self.hub is not None:
                for deal in daily.deals:  # the auctions first: the robots' entry uses them
                    try:
                        await self.auction(daily, deal)
                    except ActionError:  # made when a player first asks for the deal
                        log.warning("set %s board %d: no auction yet", daily.id, deal.board)
            await asyncio.to_thread(self.service.record_robots, daily.id, robots)

    async def auction(self, daily: DailySet, deal: DailyDeal) -> tuple[StoredCall, ...]:
        """A declarer-only deal's robots' auction: the stored one, or made now by the
        server's robots (each from its own seat's view) and stored; if another process
        stored one meanwhile, that one stands."""
        stored = await asyncio.to_thread(self.service.auction, daily.id, deal.board)
        if stored is not None:
            return stored
        assert self.hub is not None
        state = ServerTable.new(TableSettings(fixed=FixedDeal(deal.board, deal.deal.to_pbn())))
        for _ in range(MAX_ROBOT_ACTIONS):
            if state.board.auction.is_complete:
                break
            task = robot_task(state, state.board.auction.turn)
            assert task is not None
            key = f"daily:{daily.id}:{deal.board}:{state.version}"
            try:
                action = await self.hub.pool.decide(f"daily:{daily.id}", task, key)
            except RobotFailure:
                raise ActionError("the robots cannot bid this deal now; try again", 503) from None
            robot_events(state, task, action)
        board = state.board
        calls = [
            (str(call), board.alerts[i], board.explanations[i])
            for i, call in enumerate(board.auction.calls)
        ]
        return await asyncio.to_thread(self.service.add_auction, daily.id, deal.board, calls)

    async def scored(self, table_id: str) -> None:
        """A deal ended at a table: if it is a player's deal of a set, its result is
        recorded from the stored log (once, whoever calls: the unique key)."""
        try:
            await asyncio.to_thread(self.service.record_table, table_id)
        except Exception:  # the next ask to play records it (play's catching up)
            log.exception("table %s: the deal's result could not be recorded", table_id)

    async def play(self, daily: DailySet, player: Player, request: Request) -> dict[str, Any]:
        """The player's table for their next deal (made now if they have none)."""
        service, hub = self.service, self.hub
        if hub is None:
            raise ActionError("this server plays no tournament of the day", 404)
        try:
            progress = await asyncio.to_thread(service.progress, daily.id, player.id)
        except NotStartedError:
            raise ActionError(NOT_STARTED, 409) from None
        if not daily.is_open(service.now()):
            raise ActionError(NOT_OPEN, 409)
        while True:  # at most once round per deal of the set
            deal = progress.next_deal
            if deal is None:
                raise ActionError("you have played every deal of this tournament of the day", 409)
            found = await asyncio.to_thread(service.table_of, daily.id, player.id, deal.board)
            if found is None:
                found = await self._new_table(daily, deal, player, request)
                await self.scored(found[0])  # passed out in its given auction: over at once
                break
            # a deal over whose result is not stored yet (a process stopped in between) is
            # recorded now; then the next deal
            if not await asyncio.to_thread(service.record_table, found[0]):
                break
            progress = await asyncio.to_thread(service.progress, daily.id, player.id)
        table_id, token = found
        live = await hub.get(table_id)
        seat = live.seat_of(token)
        assert seat is not None
        return {
            "set": daily.id,
            "table": table_id,
            "seat": seat.name,
            "token": token,
            "link": f"/table/{table_id}?token={token}",
            "board": deal.board,
            "deal": daily.boards.index(deal.board) + 1,
            "deals": len(daily.deals),
        }

    async def _new_table(
        self, daily: DailySet, deal: DailyDeal, player: Player, request: Request
    ) -> tuple[str, str]:
        """A table for ``deal``, the player South (in a declarer-only set declarer's seat)
        with three robots; kept as the player's unless another tab kept one first."""
        assert self.hub is not None
        calls: tuple[StoredCall, ...] = ()
        seat = Seat.S
        if daily.kind is Kind.DECLARER:
            calls = await self.auction(daily, deal)
            # the robots' entry on it, if the auction was made only now (idempotent)
            await asyncio.to_thread(self.service.record_robots, daily.id, [BasicRobot()] * 4)
            auction = Auction(deal.dealer)
            for call, _, _ in calls:
                auction.add(Call.parse(call))
            contract = auction.contract
            if contract is not None and contract.declarer is not None:
                seat = contract.declarer
        service = self.service
        return await new_table(
            self.hub, self.players, player, request, seat=seat,
            fixed=FixedDeal(deal.board, deal.deal.to_pbn(), calls), tournament=daily.id,
            keep=lambda table_id, token: service.add_table(
                daily.id, player.id, deal.board, table_id, token
            ),
            kept=lambda: service.table_of(daily.id, player.id, deal.board),
        )  # fmt: skip

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


def _set_json(daily: DailySet, played: int, finished: int | None, now: datetime) -> dict[str, Any]:
    return {
        "id": daily.id,
        "name": daily.name,
        "scoring": daily.scoring.value,
        "kind": daily.kind.value,
        "deals": len(daily.deals),
        "opens": daily.opens.isoformat(),
        "closes": daily.closes.isoformat(),
        "rule": daily.unplayed.text(daily.scoring),
        "unplayed": daily.unplayed.value,
        "open": daily.is_open(now),
        "played": played,
        "finished": finished,  # the player's finished deals; None: not started
    }


def router(
    players: Players,
    service: DailyService,
    today: Callable[[], date] | None = None,
    *,
    hub: Hub | None = None,
) -> APIRouter:
    """The routes; ``hub``: the tables' hub the deals are played at (None: no play)."""
    routes = APIRouter()
    state = DailyRoutes(service, players, hub, today)

    @routes.get("/daily")
    async def daily_page() -> FileResponse:
        return FileResponse(STATIC / "daily.html")

    def listing(daily: DailySet, player: Player) -> dict[str, Any]:
        entrants = [p for p in service.store.entrants(daily.id) if p != ROBOTS]
        finished = None
        if player.id in entrants:
            finished = len(service.progress(daily.id, player.id, daily).finished)
        return _set_json(daily, len(entrants), finished, service.now())

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
            raise ActionError(NOT_OPEN, 409) from None
        nxt = progress.next_deal
        return private({
            "set": daily.id,
            "finished": list(progress.finished),
            "next": None if nxt is None else nxt.board,
        })  # fmt: skip

    @routes.post("/api/daily/{set_id}/play")
    async def play(set_id: str, request: Request) -> JSONResponse:
        player = await player_of(players, request)
        daily = await state._set(set_id)
        answer = await state.play(daily, player, request)
        shown = private(answer)
        mark_player(shown, answer["table"], [answer["token"]], request)
        return shown

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
            raise ActionError(NOT_STARTED, 409) from None
        lines = await asyncio.to_thread(service.scorecard, set_id, player.id)
        for line in lines:
            line.pop("player", None)  # the account's id is never sent
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
