"""One server process's parts and their lifetime: the store, the robots (this process's
workers, or the database's queue shared by every process), the tables' hub, the events'
desk, the Minibridge and Honeymoon bridge rooms, and the bus that tells them what other
processes stored.

On SQLite one process serves everything; on PostgreSQL several processes may serve the
same tables: each hears what the others store (``bus.py``), and the robots' tasks go
through the database (``robots/queue.py``), decided by this process's workers unless
``local_robots`` is false (then by ``contractbridge worker``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI

from contractbridge.server.bluechip_seat import BluechipDoor
from contractbridge.server.bus import Bus, Listener
from contractbridge.server.events.desk import Desk
from contractbridge.server.honeymoon.room import HoneymoonRoom
from contractbridge.server.minibridge.room import GameRoom
from contractbridge.server.robots.pool import RobotPool
from contractbridge.server.robots.queue import QueueRobots, TaskRunner
from contractbridge.server.storage import Storage
from contractbridge.server.tables.hub import Hub


class Service:
    """The parts of one process, built over the database at ``db_url``."""

    def __init__(
        self,
        db_url: str,
        *,
        robots: str,
        budget: float,
        workers: int,
        local_robots: bool,
        bluechip: tuple[str, int] | None = None,
    ) -> None:
        """``bluechip``: the address where Blue Chip clients take seats (None: not taken)."""
        self.pool = RobotPool(robots, budget, workers)  # ValueError for an unknown strength
        self.storage = Storage(db_url)
        shared = self.storage.shared
        self.queue = QueueRobots(self.storage) if shared else None
        self.runner = TaskRunner(self.storage, self.pool) if shared and local_robots else None
        deciding = self.queue if self.queue is not None else self.pool
        self.hub = Hub(self.storage, deciding)
        self.desk = Desk(self.storage, deciding)
        self.games = GameRoom(self.storage, deciding)
        self.honeymoons = HoneymoonRoom(self.storage, deciding)
        self.bus = Bus([self.hub, self.desk, self.games, self.honeymoons, self.queue, self.runner])
        self.door = BluechipDoor(self.hub, *bluechip) if bluechip is not None else None
        self._warming: list[asyncio.Task[None]] = []

    def readiness(self) -> dict[str, Any] | str:
        """The robots' figures once the workers are up; before, why the service waits."""
        if any(not task.done() for task in self._warming):
            return "the robots are starting"
        robots = self.hub.pool.stats()
        if self.runner is not None:
            # the waits that matter are in the database's queue, before a task is claimed
            robots["local"] = self.pool.stats() | self.runner.stats()
        return robots

    @contextlib.asynccontextmanager
    async def lifespan(self, app: FastAPI) -> AsyncIterator[None]:
        storage, runner = self.storage, self.runner
        listener = Listener(storage.url, self.bus.deliver) if storage.shared else None
        running = None
        if self.queue is None or runner is not None:
            # The workers load the robots and the solver while the server already answers;
            # a robot's task waits for them, and /readyz says 503 until they are up.
            self._warming.append(asyncio.create_task(self.pool.start()))
        if listener is not None:
            listener.start(asyncio.get_running_loop())
            await asyncio.to_thread(listener.ready.wait, 10)
        if runner is not None:
            running = asyncio.create_task(runner.run())
        if self.door is not None:
            await self.door.start()
        yield
        if self.door is not None:
            await self.door.close()
        if runner is not None and running is not None:
            runner.stop()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(running, 5)
        if listener is not None:
            listener.stop()
        self.hub.close()
        self.games.close()
        self.honeymoons.close()
        self.pool.close()
        storage.close()
