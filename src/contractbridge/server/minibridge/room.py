"""Minibridge games on the tables' path: each game is its settings and a log of moves,
stored before anyone is shown them, replayed after a restart or in another process; its
robots think in the workers (or any worker of the database's queue), from their own seat's
view alone.

A move is plain data (:func:`~contractbridge.game.minibridge.move_of`): ``{"seat": "S",
"card": "SA"}``. The learner's move is checked by the game, stored, and then the robots
move, each move stored as it is made, until it is the learner's turn again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from contractbridge.core.errors import BridgeError
from contractbridge.core.minibridge import Form
from contractbridge.core.seat import SEATS, Seat
from contractbridge.game.minibridge import MinibridgeSeries
from contractbridge.server import bus
from contractbridge.server.robots.pool import MiniTask, RobotFailure, Robots
from contractbridge.server.storage import ConflictError, Storage, load_once
from contractbridge.server.web.errors import ActionError

log = logging.getLogger("contractbridge.minibridge")

#: games kept in memory at once; past it the least recently used leaves (it stays stored)
MAX_GAMES = 200
#: a game unused this long leaves memory (it is read from its log again when next used)
IDLE_SECONDS = 600.0


@dataclass(frozen=True)
class GameSettings:
    """A game as created: the learner's seat, the form, how many deals, the cards' seed,
    and who created it (the robots' tasks are queued fairly by creator)."""

    me: Seat
    form: Form
    deals: int
    seed: int
    owner: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.me.name,
            "form": self.form.value,
            "deals": self.deals,
            "seed": self.seed,
            "owner": self.owner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameSettings:
        return cls(
            Seat.parse(str(data["seat"])),
            Form.parse(str(data["form"])),
            int(data["deals"]),
            int(data["seed"]),
            str(data.get("owner", "")),
        )

    def series(self) -> MinibridgeSeries:
        """The series as it opens (every seat waits to be told its moves)."""
        return MinibridgeSeries(
            {s: None for s in SEATS}, form=self.form, deals=self.deals, seed=self.seed
        )


@dataclass
class LiveGame:
    """A game in memory: its series as the log leaves it, and the lock that orders moves."""

    id: str
    settings: GameSettings
    series: MinibridgeSeries
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    used: float = 0.0

    @property
    def robots_turn(self) -> Seat | None:
        """The robot's seat that must move now (None: the learner's turn, or the end)."""
        pending = self.series.pending()
        if pending is None or pending[0] == self.settings.me:
            return None
        return pending[0]


class GameRoom:
    """Every Minibridge game of this process, over the store and the robots."""

    def __init__(self, storage: Storage, robots: Robots) -> None:
        self.storage = storage
        self.robots = robots
        self.games: dict[str, LiveGame] = {}
        self._loading = asyncio.Lock()
        self._gets = 0

    def close(self) -> None:
        self.games.clear()

    # -- games in memory ----------------------------------------------------------------------
    async def get(self, game_id: str) -> LiveGame:
        """The game, read from its log on first use; ActionError 404 if there is none."""

        async def load() -> LiveGame:
            try:
                stored, moves = await self.storage.run(self.storage.load_game, game_id)
            except KeyError:
                raise ActionError("no such Minibridge game", 404) from None
            settings = GameSettings.from_json(stored)
            series = settings.series()
            for move in moves:  # each was checked before it was stored
                series.move(Seat.parse(move["seat"]), move)
            return LiveGame(game_id, settings, series, len(moves))

        live = await load_once(self.games, self._loading, game_id, load)
        live.used = time.monotonic()
        self._gets += 1
        if len(self.games) > MAX_GAMES or self._gets % 64 == 0:
            self._forget_some()
        return live

    def _forget_some(self) -> None:
        """Drop games long unused, and the least used past :data:`MAX_GAMES`."""
        quiet = time.monotonic() - IDLE_SECONDS
        free = sorted((g for g in self.games.values() if not g.lock.locked()), key=lambda g: g.used)
        over = len(self.games) - MAX_GAMES
        for i, live in enumerate(free):
            if i < over or live.used < quiet:
                self.games.pop(live.id, None)

    @contextlib.asynccontextmanager
    async def locked(self, game_id: str) -> AsyncIterator[LiveGame]:
        """The game, its lock held, as its log has it now."""
        live = await self.get(game_id)
        async with live.lock:
            if self.games.get(game_id) is not live:  # dropped while this waited: read again
                live = await self.get(game_id)
                async with live.lock:
                    yield live
                    return
            yield live

    def heard(self, message: bus.Message) -> None:
        """Another process stored moves of a game: a copy here that is behind is dropped
        (read again from the log when next asked for)."""
        if isinstance(message, bus.GameStored):
            live = self.games.get(message.game_id)
            if live is not None and live.version < message.version:
                self.games.pop(message.game_id, None)

    # -- moves ------------------------------------------------------------------------------
    async def create(self, settings: GameSettings) -> LiveGame:
        game_id = secrets.token_urlsafe(8)
        live = LiveGame(game_id, settings, settings.series(), 0, used=time.monotonic())
        await self.storage.run(self.storage.create_game, game_id, settings.to_json())
        self.games[game_id] = live
        return live

    async def move(self, live: LiveGame, seat: Seat, move: dict[str, Any]) -> None:
        """Make ``move`` for ``seat`` and store it (the caller holds the game's lock):
        BridgeError if the rules refuse it; ActionError if it cannot be stored, and the
        copy in memory, which holds the unsaved move, is dropped."""
        live.series.move(seat, move)
        try:
            await self.storage.run(
                self.storage.append_moves, live.id, live.version, [{"seat": seat.name, **move}]
            )
        except ConflictError:
            self.games.pop(live.id, None)
            raise ActionError("the game moved on in another window; reload it", 409) from None
        except Exception:
            self.games.pop(live.id, None)
            log.exception("storing a move of game %s failed", live.id)
            raise ActionError("the move could not be saved just now; try again", 503) from None
        live.version += 1

    async def settle(self, live: LiveGame) -> None:
        """The robots move until it is the learner's turn (or the end); each move is stored
        as it is made, so a server stopped meanwhile goes on from the last one."""
        while (seat := live.robots_turn) is not None:
            task = MiniTask(live.series.view(seat), seed=int(seat))
            key = f"mb:{live.id}:{live.version}"
            try:
                move = await self.robots.minibridge(live.settings.owner, task, key)
            except RobotFailure as failure:
                raise ActionError(f"the robots could not move: {failure}", 503) from None
            try:
                await self.move(live, seat, move)
            except BridgeError as error:  # a robot's mistake: say so rather than loop
                log.error("game %s: %s's robot moved %r: %s", live.id, seat.name, move, error)
                raise ActionError("a robot made a move the rules refuse", 500) from None
