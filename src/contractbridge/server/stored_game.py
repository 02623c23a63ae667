"""A game played against robots that lives as its settings and a log of moves (Minibridge,
Honeymoon bridge): stored before anyone is shown a move, replayed after a restart or in
another process; its robots think in the workers, from their own seat's view alone.

A room holds the games of one kind in this process. What differs between kinds is said by a
subclass: the store's rows, the settings, and how a robot is asked for its move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat
from contractbridge.server import bus
from contractbridge.server.robots.pool import RobotFailure, Robots
from contractbridge.server.storage import ConflictError, Storage, load_once
from contractbridge.server.web.errors import ActionError

log = logging.getLogger("contractbridge.games")

#: games kept in memory at once, per room; past it the least recently used leave (stored)
MAX_GAMES = 200
#: a game unused this long leaves memory (it is read from its log again when next used)
IDLE_SECONDS = 600.0


class Game(Protocol):
    """What a room needs of a game: the seat to move, and a move made by the rules."""

    def pending(self) -> tuple[Seat, Any] | None: ...

    def move(self, seat: Seat, move: Mapping[str, Any]) -> Any: ...


class Settings(Protocol):
    """What a room needs of a game's settings: the person's seat, the creator, and JSON."""

    @property
    def me(self) -> Seat: ...

    @property
    def owner(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=Settings)
G = TypeVar("G", bound=Game)


@dataclass
class LiveGame(Generic[S, G]):
    """A game in memory: the game as its log leaves it, and the lock that orders moves."""

    id: str
    settings: S
    game: G
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    used: float = 0.0

    @property
    def robots_turn(self) -> Seat | None:
        """The robot's seat that must move now (None: the person's turn, or the end)."""
        pending = self.game.pending()
        if pending is None or pending[0] == self.settings.me:
            return None
        return pending[0]


class StoredGameRoom(ABC, Generic[S, G]):
    """Every game of one kind in this process, over the store and the robots."""

    #: the game's name in the server's log, and the message when there is no such game
    noun: ClassVar[str]
    missing: ClassVar[str]
    #: the bus message another process sends when it stored moves of such a game
    stored: ClassVar[type[bus.GameStored] | type[bus.HoneymoonStored]]

    def __init__(self, storage: Storage, robots: Robots) -> None:
        self.storage = storage
        self.robots = robots
        self.games: dict[str, LiveGame[S, G]] = {}
        self._loading = asyncio.Lock()
        self._gets = 0

    def close(self) -> None:
        self.games.clear()

    # -- what each kind says ----------------------------------------------------------------------
    @abstractmethod
    def settings_of(self, data: Mapping[str, Any]) -> S:
        """The settings as stored."""

    @abstractmethod
    def start(self, settings: S) -> G:
        """The game as it opens (every seat waits to be told its moves)."""

    @abstractmethod
    def _create_row(self, game_id: str, settings: dict[str, Any]) -> None: ...

    @abstractmethod
    def _load_rows(self, game_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]: ...

    @abstractmethod
    def _append_rows(self, game_id: str, first_seq: int, new: Sequence[dict[str, Any]]) -> None: ...

    @abstractmethod
    async def robot_move(self, live: LiveGame[S, G], seat: Seat) -> dict[str, Any]:
        """The robot's move for ``seat``, decided in a worker from that seat's view alone
        (RobotFailure if none came)."""

    # -- games in memory ----------------------------------------------------------------------
    async def get(self, game_id: str) -> LiveGame[S, G]:
        """The game, read from its log on first use; ActionError 404 if there is none."""

        async def load() -> LiveGame[S, G]:
            try:
                stored, moves = await self.storage.run(self._load_rows, game_id)
            except KeyError:
                raise ActionError(self.missing, 404) from None
            settings = self.settings_of(stored)
            game = self.start(settings)
            for move in moves:  # each was checked before it was stored
                game.move(Seat.parse(move["seat"]), move)
            return LiveGame(game_id, settings, game, len(moves))

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
    async def locked(self, game_id: str) -> AsyncIterator[LiveGame[S, G]]:
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
        if isinstance(message, self.stored):
            live = self.games.get(message.game_id)
            if live is not None and live.version < message.version:
                self.games.pop(message.game_id, None)

    # -- moves ------------------------------------------------------------------------------
    async def create(self, settings: S) -> LiveGame[S, G]:
        game_id = secrets.token_urlsafe(8)
        live = LiveGame(game_id, settings, self.start(settings), 0, used=time.monotonic())
        await self.storage.run(self._create_row, game_id, settings.to_json())
        self.games[game_id] = live
        return live

    async def move(self, live: LiveGame[S, G], seat: Seat, move: dict[str, Any]) -> None:
        """Make ``move`` for ``seat`` and store it (the caller holds the game's lock):
        BridgeError if the rules refuse it; ActionError if it cannot be stored, and the
        copy in memory, which holds the unsaved move, is dropped."""
        live.game.move(seat, move)
        try:
            await self.storage.run(
                self._append_rows, live.id, live.version, [{"seat": seat.name, **move}]
            )
        except ConflictError:
            self.games.pop(live.id, None)
            raise ActionError("the game moved on in another window; reload it", 409) from None
        except Exception:
            self.games.pop(live.id, None)
            log.exception("storing a move of %s %s failed", self.noun, live.id)
            raise ActionError("the move could not be saved just now; try again", 503) from None
        live.version += 1

    async def settle(self, live: LiveGame[S, G]) -> None:
        """The robots move until it is the person's turn (or the end); each move is stored
        as it is made, so a server stopped meanwhile goes on from the last one."""
        while (seat := live.robots_turn) is not None:
            try:
                move = await self.robot_move(live, seat)
            except RobotFailure as failure:
                raise ActionError(f"the robots could not move: {failure}", 503) from None
            try:
                await self.move(live, seat, move)
            except BridgeError as error:  # a robot's mistake: say so rather than loop
                log.error("game %s: %s's robot moved %r: %s", live.id, seat, move, error)
                raise ActionError("a robot made a move the rules refuse", 500) from None
