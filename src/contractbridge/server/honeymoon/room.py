"""Honeymoon bridge matches on the tables' path, as Minibridge games go: each match is its
settings and a log of moves, stored before anyone is shown them, replayed after a restart or
in another process; its robot thinks in the workers (or any worker of the database's
queue), from its own view alone.

A move is plain data (:func:`~contractbridge.game.honeymoon.move_of`): ``{"seat": "S",
"card": "SA"}``, ``{"seat": "W", "call": "2H"}``, or ``{"seat": "S", "stop": true}`` (the
player ends the match). The player's move is checked by the match, stored, and then the
robot moves, each move stored as it is made, until it is the player's turn again.
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
from contractbridge.core.honeymoon import opponent
from contractbridge.core.seat import Seat
from contractbridge.game.honeymoon import HoneymoonMatch
from contractbridge.server import bus
from contractbridge.server.robots.pool import HoneymoonTask, RobotFailure, Robots
from contractbridge.server.storage import ConflictError, Storage, load_once
from contractbridge.server.web.errors import ActionError

log = logging.getLogger("contractbridge.honeymoon")

#: matches kept in memory at once; past it the least recently used leaves (it stays stored)
MAX_GAMES = 200
#: a match unused this long leaves memory (it is read from its log again when next used)
IDLE_SECONDS = 600.0


@dataclass(frozen=True)
class MatchSettings:
    """A match as created: the player's seat, the rubbers, the cards' seed, honours or not,
    and who created it (the robot's tasks are queued fairly by creator)."""

    me: Seat
    rubbers: int
    seed: int
    honours: bool
    owner: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.me.name,
            "rubbers": self.rubbers,
            "seed": self.seed,
            "honours": self.honours,
            "owner": self.owner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchSettings:
        return cls(
            Seat.parse(str(data["seat"])),
            int(data["rubbers"]),
            int(data["seed"]),
            bool(data.get("honours", True)),
            str(data.get("owner", "")),
        )

    def match(self) -> HoneymoonMatch:
        """The match as it opens (both players wait to be told their moves)."""
        players = {self.me: None, opponent(self.me): None}
        return HoneymoonMatch(players, rubbers=self.rubbers, seed=self.seed, honours=self.honours)


@dataclass
class LiveMatch:
    """A match in memory: as the log leaves it, and the lock that orders moves."""

    id: str
    settings: MatchSettings
    match: HoneymoonMatch
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    used: float = 0.0

    @property
    def robots_turn(self) -> Seat | None:
        """The robot's seat when it must move now (None: the player's turn, or the end)."""
        pending = self.match.pending()
        if pending is None or pending[0] == self.settings.me:
            return None
        return pending[0]


class HoneymoonRoom:
    """Every Honeymoon bridge match of this process, over the store and the robots."""

    def __init__(self, storage: Storage, robots: Robots) -> None:
        self.storage = storage
        self.robots = robots
        self.games: dict[str, LiveMatch] = {}
        self._loading = asyncio.Lock()
        self._gets = 0

    def close(self) -> None:
        self.games.clear()

    # -- matches in memory ----------------------------------------------------------------------
    async def get(self, game_id: str) -> LiveMatch:
        """The match, read from its log on first use; ActionError 404 if there is none."""

        async def load() -> LiveMatch:
            try:
                stored, moves = await self.storage.run(self.storage.load_honeymoon, game_id)
            except KeyError:
                raise ActionError("no such Honeymoon bridge match", 404) from None
            settings = MatchSettings.from_json(stored)
            match = settings.match()
            for move in moves:  # each was checked before it was stored
                match.move(Seat.parse(move["seat"]), move)
            return LiveMatch(game_id, settings, match, len(moves))

        live = await load_once(self.games, self._loading, game_id, load)
        live.used = time.monotonic()
        self._gets += 1
        if len(self.games) > MAX_GAMES or self._gets % 64 == 0:
            self._forget_some()
        return live

    def _forget_some(self) -> None:
        """Drop matches long unused, and the least used past :data:`MAX_GAMES`."""
        quiet = time.monotonic() - IDLE_SECONDS
        free = sorted((g for g in self.games.values() if not g.lock.locked()), key=lambda g: g.used)
        over = len(self.games) - MAX_GAMES
        for i, live in enumerate(free):
            if i < over or live.used < quiet:
                self.games.pop(live.id, None)

    @contextlib.asynccontextmanager
    async def locked(self, game_id: str) -> AsyncIterator[LiveMatch]:
        """The match, its lock held, as its log has it now."""
        live = await self.get(game_id)
        async with live.lock:
            if self.games.get(game_id) is not live:  # dropped while this waited: read again
                live = await self.get(game_id)
                async with live.lock:
                    yield live
                    return
            yield live

    def heard(self, message: bus.Message) -> None:
        """Another process stored moves of a match: a copy here that is behind is dropped
        (read again from the log when next asked for)."""
        if isinstance(message, bus.HoneymoonStored):
            live = self.games.get(message.game_id)
            if live is not None and live.version < message.version:
                self.games.pop(message.game_id, None)

    # -- moves ------------------------------------------------------------------------------
    async def create(self, settings: MatchSettings) -> LiveMatch:
        game_id = secrets.token_urlsafe(8)
        live = LiveMatch(game_id, settings, settings.match(), 0, used=time.monotonic())
        await self.storage.run(self.storage.create_honeymoon, game_id, settings.to_json())
        self.games[game_id] = live
        return live

    async def move(self, live: LiveMatch, seat: Seat, move: dict[str, Any]) -> None:
        """Make ``move`` for ``seat`` and store it (the caller holds the game's lock):
        BridgeError if the rules refuse it; ActionError if it cannot be stored, and the
        copy in memory, which holds the unsaved move, is dropped."""
        live.match.move(seat, move)
        try:
            await self.storage.run(
                self.storage.append_honeymoon_moves,
                live.id,
                live.version,
                [{"seat": seat.name, **move}],
            )
        except ConflictError:
            self.games.pop(live.id, None)
            raise ActionError("the game moved on in another window; reload it", 409) from None
        except Exception:
            self.games.pop(live.id, None)
            log.exception("storing a move of match %s failed", live.id)
            raise ActionError("the move could not be saved just now; try again", 503) from None
        live.version += 1

    async def settle(self, live: LiveMatch) -> None:
        """The robot moves until it is the player's turn (or the end); each move is stored
        as it is made, so a server stopped meanwhile goes on from the last one."""
        while (seat := live.robots_turn) is not None:
            task = HoneymoonTask(live.match.view(seat))
            key = f"hm:{live.id}:{live.version}"
            try:
                move = await self.robots.honeymoon(live.settings.owner, task, key)
            except RobotFailure as failure:
                raise ActionError(f"the robots could not move: {failure}", 503) from None
            try:
                await self.move(live, seat, move)
            except BridgeError as error:  # a robot's mistake: say so rather than loop
                log.exception("match %s: the robot moved %r: %s", live.id, move, error)
                raise ActionError("a robot made a move the rules refuse", 500) from None
