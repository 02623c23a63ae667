"""Who decides for a robot: worker processes, never the server's own threads.

The robots' thinking (bidding, card play by double-dummy simulation, claims, answering
claims) and the after-hand analysis run in a pool of worker processes. Each worker is a
separate process with its own copy of the native solver, entered by one task at a time, so
no two threads ever meet inside it, and a crash inside it (killed, or a fault in native code)
ends that worker, not the server.

A robot is asked a :class:`RobotTask` (a Minibridge robot a :class:`MiniTask`): its seat's
view and what it must do now. The task carries nothing the seat may not see, so a worker
cannot leak a hidden card even if asked.

:class:`RobotPool` hands tasks to the workers fairly: one queue per owner (the client that
created the table), taken in turn, so a person with a thousand tables waits behind their
own tables, not everyone else's. A worker that dies mid-task is replaced (the pool is
rebuilt) and the task asked again; a task that fails three times raises
:class:`RobotFailure` and the table is set aside by the hub.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Protocol

from contractbridge.core import SEATS, Deal, Seat, SeatView, Vulnerability
from contractbridge.core.honeymoon import HoneymoonView
from contractbridge.core.minibridge import MiniView
from contractbridge.game import honeymoon as honeymoon_game
from contractbridge.game.minibridge import move_of
from contractbridge.robots import Robot, robot_player
from contractbridge.robots.base import alerts, announcement
from contractbridge.robots.honeymoon import HoneymoonRobot
from contractbridge.robots.minibridge import MinibridgeRobot

log = logging.getLogger("contractbridge.workers")

#: how often a task is asked before the table is set aside
ATTEMPTS = 3
#: how often the pool looks for a worker that died while idle
WATCH_SECONDS = 1.0


class Robots(Protocol):
    """Who decides for the hub's robots: a :class:`RobotPool` of this process, or the
    database's queue (``queue.QueueRobots``)."""

    async def start(self) -> None: ...
    def close(self) -> None: ...
    def stats(self) -> dict[str, Any]: ...
    async def decide(self, owner: str, task: RobotTask, key: str = "") -> dict[str, Any]: ...
    async def analyse(
        self, deal: Deal, vulnerability: int, dealer: Seat, line: str = ""
    ) -> Any: ...
    async def minibridge(self, owner: str, task: MiniTask, key: str = "") -> dict[str, Any]: ...
    async def honeymoon(self, owner: str, task: HoneymoonTask, key: str = "") -> dict[str, Any]: ...


class RobotFailure(Exception):
    """The robots could not decide (every attempt failed); the message says why."""


@dataclass(frozen=True, slots=True)
class RobotTask:
    """What the robot in ``seat`` must do, with that seat's view and nothing more.

    ``kind`` is ``"call"``, ``"card"`` (``may_claim``: declarer on lead may claim the rest
    instead) or ``"answer"`` (agree or not that ``claimer``'s side takes ``tricks`` of the
    remaining tricks: an opponent's claim, or partner's concession). ``carding``: the table's
    carding agreement for its robots (``robots/cardplay/carding.py`` ``AGREEMENTS``);
    ``system`` the bidding system of the seat's side and ``their_system`` the opponents'
    (``robots/bidding/systems``): rules of the table everyone there is told, not hidden cards.
    """

    seat: Seat
    view: SeatView
    kind: str
    may_claim: bool = False
    claimer: Seat | None = None
    tricks: int = 0
    carding: str = "standard"
    system: str = "sayc"
    their_system: str = "sayc"


@dataclass(frozen=True, slots=True)
class MiniTask:
    """What the Minibridge robot in ``view.seat`` must do: that seat's view and nothing more
    (``seed``: the robot's own, so that each seat's robot decides as itself)."""

    view: MiniView
    seed: int


def decide_minibridge(task: MiniTask) -> dict[str, Any]:
    """The Minibridge robot's move for ``task`` (as :func:`~contractbridge.game.minibridge.move_of`
    gives it)."""
    return move_of(MinibridgeRobot(seed=task.seed), task.view)


@dataclass(frozen=True, slots=True)
class HoneymoonTask:
    """What the Honeymoon bridge robot in ``view.seat`` must do: that player's view alone."""

    view: HoneymoonView


def decide_honeymoon(task: HoneymoonTask) -> dict[str, Any]:
    """The Honeymoon robot's move for ``task`` (as :func:`~contractbridge.game.honeymoon.move_of`
    gives it)."""
    return honeymoon_game.move_of(HoneymoonRobot(), task.view)


def decide(robot: Robot, task: RobotTask) -> dict[str, Any]:
    """The robot's action for ``task``, as the table's action JSON."""
    view = task.view
    if task.kind == "answer":
        assert task.claimer is not None
        return {"accept_claim": bool(robot.accept_claim(view, task.claimer, task.tricks))}
    if task.kind == "call":
        call = robot.call(view)
        try:
            explanation = robot.explain(view, call)
            alert = alerts(robot, view, call)
            said = announcement(robot, view, call)
        except Exception:  # an explanation is a courtesy; never stop the table for it
            explanation, alert, said = None, False, None
        action = {"call": str(call), "explanation": explanation, "alert": alert}
        if said is not None:
            action["announcement"] = said
        return action
    claim: Callable[[SeatView], int | None] | None = getattr(robot, "claim", None)
    if task.may_claim and claim is not None:
        claimed = claim(view)
        if claimed is not None:
            return {"claim": int(claimed)}
    return {"card": str(robot.card(view))}


def analyse(pbn: str, vulnerability: int, dealer: int, line: str = "") -> dict[str, Any] | None:
    """Double-dummy tricks per strain and declarer, and par, for a finished deal (or None
    when the solver cannot: the analysis is an extra and never hides the result); with the
    deal's ``line`` (:func:`~contractbridge.server.tables.views.play_line`), also ``cards``: the
    value of every legal card at every point of the play (:func:`card_values`)."""
    from contractbridge.analysis import dd_table, par
    from contractbridge.core import STRAINS

    try:
        deal = Deal.from_pbn(pbn)
        table = dd_table(deal)
        result = par(table, Vulnerability(vulnerability), Seat(dealer))
        cards = card_values(deal, Seat(dealer), line)
    except Exception:
        return None
    dd = {
        strain.name: {seat.name: table.tricks(seat, strain) for seat in SEATS} for strain in STRAINS
    }
    found = {
        "dd": dd,
        "par_score": result.score,
        "par": [str(c) for c in result.contracts],
        "par_text": str(result),  # as a hand record writes it: "NS 620: NS 4S="
    }
    if cards:
        found["cards"] = cards
    return found


def card_values(deal: Deal, dealer: Seat, line: str) -> list[dict[str, Any]]:
    """For each card played in ``line`` ("calls;cards"), as a hand viewer shows it: who
    played it, the tricks declarer's side takes in all after each legal card of that seat
    (double dummy), and ``cost``, the tricks the card played gave away against the best."""
    from contractbridge.analysis import Position, dd_cards_many
    from contractbridge.core import Auction, Card, Play

    calls, _, played = line.partition(";")
    if not played.split():  # no play to value (a hand record asks for the table alone)
        return []
    contract = Auction(dealer, calls.split()).contract
    if contract is None or not played.split():
        return []
    play = Play(deal, contract)
    positions, steps = [], []
    for text in played.split():
        card = Card.parse(text)
        positions.append(Position.from_play(play))
        steps.append((play.turn, card))
        play.play(card)
    out = []
    for (seat, card), values in zip(steps, dd_cards_many(positions), strict=True):
        assert seat is not None and contract.declarer is not None
        declaring = seat.side == contract.declarer.side
        best = max(values.values()) if declaring else min(values.values())
        out.append(
            {
                "seat": seat.name,
                "card": str(card),
                "values": {str(c): v for c, v in values.items()},
                "cost": abs(best - values[card]),
            }
        )
    return out


class RobotsByCarding:
    """A robot of one strength for each carding agreement and pair of bidding systems (its
    side's, the opponents'), each built when a table first asks for it and kept (the bidding
    tables and the solver are shared between them). Safe to ask from several threads."""

    def __init__(self, strength: str, budget: float) -> None:
        self.strength = strength
        self.budget = budget
        self._robots: dict[tuple[str, str, str], Robot] = {}
        self._building = threading.Lock()

    def robot(
        self, carding: str = "standard", system: str = "sayc", their_system: str = "sayc"
    ) -> Robot:
        """The robot that plays ``carding`` and bids ``system`` against ``their_system``
        (ValueError for an unknown agreement, BridgeError for an unknown system)."""
        key = (carding, system, their_system)
        robot = self._robots.get(key)
        if robot is None:
            with self._building:
                robot = self._robots.get(key)
                if robot is None:
                    robot = robot_player(
                        self.strength,
                        self.budget,
                        carding=carding,
                        system=system,
                        their_system=their_system,
                    )
                    self._robots[key] = robot
        return robot

    def decide(self, task: RobotTask) -> dict[str, Any]:
        """The action for ``task`` by the robot of the task's agreements."""
        # a task queued by a server of an earlier version has no carding or systems
        return decide(
            self.robot(
                getattr(task, "carding", "standard"),
                getattr(task, "system", "sayc"),
                getattr(task, "their_system", "sayc"),
            ),
            task,
        )


# -- inside a worker process -----------------------------------------------------------------
_ROBOTS: RobotsByCarding | None = None


def _start_worker(strength: str, budget: float, parent: int) -> None:
    """Each worker builds its robot once (the SAYC tables, the solver) and ignores Ctrl-C,
    which the server handles. ``parent``: the server's process id."""
    global _ROBOTS
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def orphaned() -> None:  # a server killed outright leaves no worker behind
        # the server's id is given, not read here: a server that ended while this worker
        # was starting would otherwise leave it watching its new parent (init) for ever
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=orphaned, name="parent-watch", daemon=True).start()
    _ROBOTS = RobotsByCarding(strength, budget)
    _ROBOTS.robot()  # the standard robot now: most tables play it
    import contractbridge.analysis  # noqa: F401  (loads DDS now, not at the first deal's end)

    if strength != "basic":
        # the judge's searches run in a child that can be killed at their deadline: start it
        # now, so that the first judged call is bounded too (it ends with this worker)
        from contractbridge.analysis.search import warm_up

        warm_up(wait=30.0)


def _decide_here(task: RobotTask) -> dict[str, Any]:
    assert _ROBOTS is not None, "the worker was not started"
    return _ROBOTS.decide(task)


def _alive(process: Any) -> bool:
    """Whether a worker process still runs. Not ``Process.is_alive()``: while the
    executor's own thread reaps a dead worker, ``is_alive()`` in another thread meets a
    child already reaped and answers "alive". The sentinel becomes readable the moment
    the process ends, whoever reaps it."""
    if process.exitcode is not None:
        return False
    try:
        return not multiprocessing.connection.wait([process.sentinel], timeout=0)
    except (OSError, ValueError):  # the process object was closed: it has ended
        return False


def _pid() -> int:
    return os.getpid()


# -- the pool, seen from the server ----------------------------------------------------------
@dataclass
class _Job:
    func: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    queued: float
    attempts: int = 0
    background: bool = False


class RobotPool:
    """``workers`` processes deciding for robots of ``strength`` (``"best"`` or ``"basic"``).

    ``workers=0`` decides in one thread of this process instead (for embedding the app in
    a test or a notebook; a native crash then ends this process).
    """

    def __init__(
        self, strength: str = "best", budget: float = 0.5, workers: int = 1, *, timeout: float = 0
    ) -> None:
        self._robots = RobotsByCarding(strength, budget)
        self._robots.robot()  # ValueError for an unknown strength
        if workers < 0:
            raise ValueError("workers is 0 (in this process) or more")
        self.strength = strength
        self.budget = budget
        self.workers = workers
        # A decision takes at most a few times the card budget; past this the worker is
        # taken for hung, ended, and the task asked again.
        self.timeout = timeout or max(30.0, 20 * budget)
        # one executor of one process per worker: a worker that dies breaks its own executor
        # only (a shared process pool breaks whole, and every task in it with it)
        self._slots: list[Executor | None] = [None] * max(1, workers)
        self._busy: set[int] = set()
        self._queues: OrderedDict[str, deque[_Job]] = OrderedDict()
        self._running = 0
        self._background: deque[_Job] = deque()  # the after-hand analysis
        self._background_running = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self._watcher: asyncio.Task[None] | None = None
        self.restarts = 0
        #: tasks done, and the longest and total seconds a task waited for a free worker
        #: (that is, for other tables' robots to finish thinking)
        self.done = 0
        self.longest_wait = 0.0
        self.total_wait = 0.0

    # -- lifecycle -----------------------------------------------------------------------
    def _build(self) -> Executor:
        if self.workers == 0:
            return ThreadPoolExecutor(1, thread_name_prefix="robot")
        return ProcessPoolExecutor(
            1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(self.strength, self.budget, os.getpid()),
        )

    def _executor_now(self, slot: int) -> Executor:
        executor = self._slots[slot]
        if executor is None:
            executor = self._slots[slot] = self._build()
        return executor

    async def start(self) -> None:
        """Start every worker now (each loads the robots and the solver), so that the first
        table does not wait for it. A pool closed by an app's shutdown opens again here (a
        test client may run the app's lifespan more than once)."""
        self._closed = False
        if self.workers:
            loop = asyncio.get_running_loop()
            await asyncio.gather(
                *(
                    loop.run_in_executor(self._executor_now(slot), _pid)
                    for slot in range(len(self._slots))
                )
            )
            self._watcher = loop.create_task(self._watch())

    async def _watch(self) -> None:
        """A worker that dies while idle (killed, or out of memory) is replaced within a
        second and started at once, so that the next robot to think does not lose an
        attempt finding it dead."""
        loop = asyncio.get_running_loop()
        while not self._closed:
            await asyncio.sleep(WATCH_SECONDS)
            for slot, executor in enumerate(self._slots):
                if slot in self._busy or executor is None:
                    continue
                if any(not _alive(p) for p in self._processes(executor)):
                    self._replace(slot, executor)
                    warm = loop.run_in_executor(self._executor_now(slot), _pid)
                    warm.add_done_callback(lambda f: f.cancelled() or f.exception())

    @staticmethod
    def _processes(executor: Executor | None) -> list[Any]:
        if not isinstance(executor, ProcessPoolExecutor):
            return []
        return list((getattr(executor, "_processes", None) or {}).values())

    def pids(self) -> list[int]:
        """The live worker processes' ids (empty when deciding in this process)."""
        return sorted(
            int(p.pid) for e in self._slots for p in self._processes(e) if p.pid and _alive(p)
        )

    def stats(self) -> dict[str, Any]:
        """The pool's figures, for ``/readyz`` and the benchmarks."""
        return {
            "workers": self.workers,
            "pids": self.pids(),
            "restarts": self.restarts,
            "running": self._running,
            "queued": sum(len(q) for q in self._queues.values()),
            "analyses_queued": len(self._background),
            "tasks": self.done,
            "longest_wait_ms": round(1000 * self.longest_wait, 1),
            "mean_wait_ms": round(1000 * self.total_wait / max(1, self.done), 1),
        }

    def close(self) -> None:
        """Stop the workers: each finishes its task within a few seconds or is killed."""
        self._closed = True
        if self._watcher is not None:
            self._watcher.cancel()
        processes = [p for e in self._slots for p in self._processes(e)]
        for executor in self._slots:
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
        self._slots = [None] * len(self._slots)
        for process in processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
        for queue in [*self._queues.values(), self._background]:
            for job in queue:
                if not job.future.done():
                    job.future.set_exception(RobotFailure("the server is shutting down"))
        self._queues.clear()

    def _replace(self, slot: int, broken: Executor) -> None:
        """The worker of ``slot`` died or hung: end it and start another there. The other
        workers, and the tasks they are deciding, go on."""
        if self._slots[slot] is not broken:
            return
        self._slots[slot] = None
        self.restarts += 1
        for process in self._processes(broken):
            process.kill()
        broken.shutdown(wait=False, cancel_futures=True)
        log.warning("a robot worker died; it is replaced (restart %d)", self.restarts)

    # -- asking ----------------------------------------------------------------------------
    async def decide(self, owner: str, task: RobotTask, key: str = "") -> dict[str, Any]:
        """The robot's action for ``task``; :class:`RobotFailure` after three failures.
        (``key`` names the decision for a queue shared by processes; not needed here.)"""
        if self.workers == 0:
            result: dict[str, Any] = await self._submit(owner, self._robots.decide, task)
        else:
            result = await self._submit(owner, _decide_here, task)
        return result

    async def minibridge(self, owner: str, task: MiniTask, key: str = "") -> dict[str, Any]:
        """The Minibridge robot's move for ``task``, in a worker, in ``owner``'s turn."""
        result: dict[str, Any] = await self._submit(owner, decide_minibridge, task)
        return result

    async def honeymoon(self, owner: str, task: HoneymoonTask, key: str = "") -> dict[str, Any]:
        """The Honeymoon bridge robot's move for ``task``, in a worker, in ``owner``'s turn."""
        result: dict[str, Any] = await self._submit(owner, decide_honeymoon, task)
        return result

    async def analyse(self, deal: Deal, vulnerability: int, dealer: Seat, line: str = "") -> Any:
        """The after-hand analysis of ``deal`` (see :func:`analyse`), in a worker."""
        job = self._job(analyse, deal.to_pbn(), vulnerability, int(dealer), line)
        self._background.append(job)  # after every robot waiting: a person waits for those
        self._pump()
        return await job.future

    async def _submit(self, owner: str, func: Callable[..., Any], *args: Any) -> Any:
        job = self._job(func, *args)
        self._queues.setdefault(owner, deque()).append(job)
        self._pump()
        return await job.future

    def _job(self, func: Callable[..., Any], *args: Any) -> _Job:
        if self._closed:
            raise RobotFailure("the server is shutting down")
        loop = asyncio.get_running_loop()
        return _Job(func, args, loop.create_future(), loop.time())

    def _next(self) -> _Job | None:
        """The next task to start: a robot's, one owner after another; the analysis only
        while no robot waits, and never in every worker at once (when there are several)."""
        if self._queues:
            owner, queue = next(iter(self._queues.items()))
            job = queue.popleft()
            if queue:
                self._queues.move_to_end(owner)  # the next owner goes first next time
            else:
                del self._queues[owner]
            return job
        if self._background and self._background_running < max(1, self.workers - 1):
            job = self._background.popleft()
            job.background = True
            return job
        return None

    def _pump(self) -> None:
        """Give the workers as many tasks as they can take."""
        capacity = max(1, self.workers)
        while self._running < capacity:
            job = self._next()
            if job is None:
                return
            if job.future.done():  # its asker went away
                continue
            loop = asyncio.get_running_loop()
            if not job.background:
                waited = loop.time() - job.queued
                self.longest_wait = max(self.longest_wait, waited)
                self.total_wait += waited
                self.done += 1
            slot = next(k for k in range(len(self._slots)) if k not in self._busy)
            self._busy.add(slot)
            self._running += 1
            self._background_running += job.background
            task = loop.create_task(self._run(job, slot))
            self._tasks.add(task)  # held until done: the loop keeps only weak references
            task.add_done_callback(self._tasks.discard)

    async def _run(self, job: _Job, slot: int) -> None:
        try:
            while True:
                job.attempts += 1
                executor = self._executor_now(slot)
                try:
                    pending: Future[Any] = executor.submit(job.func, *job.args)
                    result = await asyncio.wait_for(asyncio.wrap_future(pending), self.timeout)
                except (BrokenProcessPool, TimeoutError, RuntimeError) as error:
                    # RuntimeError: submitted to an executor shut down meanwhile
                    self._replace(slot, executor)
                    reason = "timed out" if isinstance(error, TimeoutError) else "died"
                    log.warning("a robot task %s (attempt %d): %r", reason, job.attempts, error)
                    failure = f"a robot's worker {reason} {job.attempts} times"
                except Exception as error:  # the robot itself failed on this position
                    log.exception("a robot task failed (attempt %d)", job.attempts)
                    failure = f"the robot failed: {error}"
                else:
                    if not job.future.done():
                        job.future.set_result(result)
                    return
                if job.attempts >= ATTEMPTS or self._closed:
                    if not job.future.done():
                        job.future.set_exception(RobotFailure(failure))
                    return
        finally:
            self._busy.discard(slot)
            self._running -= 1
            self._background_running -= job.background
            if not self._closed:
                self._pump()
