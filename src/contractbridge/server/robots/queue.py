"""Past one process: what other processes store is heard, and robots' tasks go through the
database so that any worker on any machine can decide them.

On PostgreSQL every process of a service shares one database:

- the bus (:mod:`contractbridge.server.bus`) tells each process what the others stored and
  when a task is asked or answered;
- :class:`QueueRobots` asks for a robot's decision by writing a task keyed by the table and
  its version. Two processes watching the same table ask for the same key, so the decision
  is made once; whichever stores the answer first wins (the log's key refuses the other).
- :class:`TaskRunner` claims tasks (``FOR UPDATE SKIP LOCKED``, for a lease) and has its
  local :class:`~contractbridge.server.robots.pool.RobotPool` decide them. ``serve`` runs one
  over its own workers; ``contractbridge worker --db URL`` runs one on any other machine.
  A task whose worker died is claimed again when its lease runs out.

No new service is needed: the database already is the one truth.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import json
import logging
import os
import pickle
import socket
import time
from typing import Any

from contractbridge.core import Deal, Seat
from contractbridge.server import bus
from contractbridge.server.robots.pool import (
    HoneymoonTask,
    MiniTask,
    RobotFailure,
    RobotPool,
    RobotTask,
)
from contractbridge.server.storage import Storage

log = logging.getLogger("contractbridge.remote")

#: seconds a worker holds a task before another may take it (its worker is taken for dead)
LEASE = 15.0
#: the longest a table waits for a robot's task before it is set aside
PATIENCE = 300.0


def _encode(value: Any) -> str:
    # Only processes of the same service (sharing the database's password) read these.
    return base64.b64encode(pickle.dumps(value)).decode("ascii")


def _decode(text: str) -> Any:
    return pickle.loads(base64.b64decode(text))  # written by our own processes only


class QueueRobots:
    """The robots, asked through the database (see the module's text); the same face as
    :class:`RobotPool` towards the hub."""

    def __init__(self, storage: Storage, *, patience: float = PATIENCE) -> None:
        self.storage = storage
        self.patience = patience
        self._answers: dict[str, asyncio.Event] = {}
        self.asked = 0

    async def start(self) -> None:
        return None

    def close(self) -> None:
        return None

    def pids(self) -> list[int]:
        return []

    def stats(self) -> dict[str, Any]:
        return {"queue": "database", "waiting": len(self._answers), "asked": self.asked}

    def heard(self, message: bus.Message) -> None:
        if isinstance(message, bus.TaskAnswered):
            found = self._answers.get(message.key)
            if found is not None:
                found.set()

    async def decide(self, owner: str, task: RobotTask, key: str = "") -> dict[str, Any]:
        result: dict[str, Any] = await self._ask(key, owner, ("decide", owner, task))
        return result

    async def minibridge(self, owner: str, task: MiniTask, key: str = "") -> dict[str, Any]:
        result: dict[str, Any] = await self._ask(key, owner, ("minibridge", owner, task))
        return result

    async def honeymoon(self, owner: str, task: HoneymoonTask, key: str = "") -> dict[str, Any]:
        result: dict[str, Any] = await self._ask(key, owner, ("honeymoon", owner, task))
        return result

    async def analyse(self, deal: Deal, vulnerability: int, dealer: Seat, line: str = "") -> Any:
        pbn = deal.to_pbn()
        # the key names the line by a digest: a task key is at most 200 characters
        digest = hashlib.sha1(line.encode()).hexdigest()[:16]
        key = f"dd:{pbn}:{vulnerability}:{int(dealer)}:{digest}"
        work = ("analyse", pbn, vulnerability, int(dealer), line)
        return await self._ask(key, "analysis", work)

    async def _ask(self, key: str, owner: str, work: tuple[Any, ...]) -> Any:
        if not key:
            raise RobotFailure("a robot's task through the database needs a key")
        self.asked += 1
        event = self._answers.setdefault(key, asyncio.Event())
        try:
            await self.storage.run(self.storage.put_task, key, owner, _encode(work))
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self.patience
            while loop.time() < deadline:
                text = await self.storage.run(self.storage.task_result, key)
                if text is not None:
                    answer = json.loads(text)
                    if isinstance(answer, dict) and "failure" in answer:
                        await self.storage.run(self.storage.forget_task, key)  # ask afresh later
                        raise RobotFailure(str(answer["failure"]))
                    return answer["result"]
                event.clear()
                with contextlib.suppress(TimeoutError):  # a missed notice costs a second
                    await asyncio.wait_for(event.wait(), 1.0)
            raise RobotFailure(f"no robot worker answered in {self.patience:.0f} s")
        finally:
            self._answers.pop(key, None)


class TaskRunner:
    """Claims robots' tasks from the database and has ``pool`` decide them."""

    def __init__(self, storage: Storage, pool: RobotPool, *, lease: float = LEASE) -> None:
        self.storage = storage
        self.pool = pool
        self.lease = lease
        self.name = f"{socket.gethostname()}:{os.getpid()}"[:64]
        self._wake = asyncio.Event()
        self._running = 0
        self._stopped = False
        self.done = 0
        #: the longest and total seconds a task waited in the database to be claimed here
        self.longest_wait = 0.0
        self.total_wait = 0.0

    def stats(self) -> dict[str, Any]:
        claimed = max(1, self.done + self._running)
        return {
            "decided": self.done,
            "longest_wait_ms": round(1000 * self.longest_wait, 1),
            "mean_wait_ms": round(1000 * self.total_wait / claimed, 1),
        }

    def heard(self, message: bus.Message) -> None:
        if isinstance(message, bus.TaskAsked):
            self._wake.set()

    def stop(self) -> None:
        self._stopped = True
        self._wake.set()

    async def run(self) -> None:
        """Take tasks while the pool has room, until stopped; looks every second even when
        no notice comes (a task whose worker died is free again after its lease)."""
        tasks: set[asyncio.Task[None]] = set()
        # a few tasks more than the workers, so that a worker never waits for the database;
        # the local pool shares them out fairly
        capacity = 2 * max(1, self.pool.workers) + 2
        pruned = time.monotonic()
        while not self._stopped:
            self._wake.clear()
            while self._running < capacity and not self._stopped:
                claimed = await self.storage.run(
                    self.storage.claim_tasks, self.name, self.lease, capacity - self._running
                )
                if not claimed:
                    break
                for key, payload, asked in claimed:
                    waited = max(0.0, time.time() - asked)  # behind other tables' robots
                    self.longest_wait = max(self.longest_wait, waited)
                    self.total_wait += waited
                    self._running += 1
                    task = asyncio.create_task(self._handle(key, payload))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
            if time.monotonic() - pruned > 30:  # the queue keeps only what is still wanted
                pruned = time.monotonic()
                await self.storage.run(self.storage.prune_tasks)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), 1.0)
        for task in list(tasks):
            task.cancel()

    async def _handle(self, key: str, payload: str) -> None:
        try:
            work = _decode(payload)
            if work[0] == "decide":
                _, owner, task = work
                answer: dict[str, Any] = {"result": await self.pool.decide(owner, task)}
            elif work[0] == "minibridge":
                _, owner, task = work
                answer = {"result": await self.pool.minibridge(owner, task)}
            elif work[0] == "honeymoon":
                _, owner, task = work
                answer = {"result": await self.pool.honeymoon(owner, task)}
            else:
                _, pbn, vulnerability, dealer, *line = work  # tasks from before: no line
                deal = Deal.from_pbn(pbn)
                found = await self.pool.analyse(deal, vulnerability, Seat(dealer), *line)
                answer = {"result": found}
        except RobotFailure as failure:
            answer = {"failure": str(failure)}
        except Exception as error:  # a task we cannot read: say so rather than hang
            log.exception("robot task %s", key)
            answer = {"failure": f"the task could not be done: {error!r}"}
        try:
            await self.storage.run(self.storage.finish_task, key, json.dumps(answer))
            self.done += 1
        except Exception:
            log.exception("storing the answer to %s failed; it is asked again later", key)
        finally:
            self._running -= 1
            self._wake.set()
