"""Double-dummy searches that can be abandoned: DDS run in a child process.

A DDS search cannot be stopped once begun, and while most layouts solve in a few
milliseconds, a rare one takes most of a second. A robot that must answer in time asks
:func:`dd_tricks_within`: the searches run in a child process of this one, and a batch that
passes its deadline is abandoned by killing the child. A spare child, loaded beside it,
takes over at once (loading DDS takes a second or so), and another spare is started.

The first child is started at the first such search (or by :func:`warm_up`); until it is
ready, and wherever none can run (not POSIX), the searches run here, without the bound.
The results are the same either way: the child runs :func:`dd_tricks_many`. A child reads
its requests from a pipe and ends when this process does.

>>> from contractbridge.core import Deal, Seat, Strain
>>> deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
>>> dd_tricks_within([(deal, Strain.S, Seat.N), (deal, Strain.NT, Seat.E)], 5.0)
[13, 0]
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import select
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from contractbridge.analysis.dd import _masks, dd_tricks_many
from contractbridge.analysis.errors import AnalysisError
from contractbridge.core.card import Strain
from contractbridge.core.deal import Deal
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat

__all__ = ["SEARCHES", "NotReady", "SearchProcess", "dd_tricks_within", "warm_up"]

log = logging.getLogger("contractbridge.search")

_HEADER = struct.Struct(">I")
_READY = "ready"
# a child that cannot be started (or dies at once) this many times in a row is given up:
# the searches stay in this process
_FAILURES = 3

Contracts = Sequence[tuple[Deal, Strain, Seat]]


def _write(stream: IO[bytes], message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read_exactly(fd: int, size: int) -> bytes:
    buf = bytearray()
    while len(buf) < size:
        chunk = os.read(fd, size - len(buf))
        if not chunk:
            raise EOFError("the search process ended")
        buf += chunk
    return bytes(buf)


def _read(fd: int, deadline: float | None) -> Any:
    """The next message on ``fd``, or None if none has begun by ``deadline`` (monotonic;
    None waits). A message is written at once, so once it begins the rest follows."""
    if deadline is not None:
        left = max(0.0, deadline - time.monotonic())
        if not select.select([fd], [], [], left)[0]:
            return None
    (size,) = _HEADER.unpack(_read_exactly(fd, _HEADER.size))
    return pickle.loads(_read_exactly(fd, size))


class _Child:
    """One child process running DDS; it says once that it is ready."""

    def __init__(self) -> None:
        # the child imports this package from where this process found it
        root = str(Path(__file__).resolve().parents[2])
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (root, env.get("PYTHONPATH"))))
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "contractbridge.analysis.search"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            # out of the terminal's process group: Ctrl-C is this process's to handle
            start_new_session=True,
        )
        self.ready = False

    def is_ready(self, deadline: float) -> bool:
        """Whether it has loaded DDS, waiting until ``deadline``; EOFError if it died."""
        if not self.ready:
            assert self.popen.stdout is not None
            self.ready = _read(self.popen.stdout.fileno(), deadline) == _READY
        return self.ready

    def ask(self, request: object, deadline: float) -> Any:
        """Its answer to ``request``, or None past ``deadline``; EOFError or BrokenPipeError
        if it died."""
        assert self.popen.stdin is not None and self.popen.stdout is not None
        _write(self.popen.stdin, request)
        return _read(self.popen.stdout.fileno(), deadline)

    def kill(self) -> None:
        self.popen.kill()
        self.popen.wait()
        for stream in (self.popen.stdin, self.popen.stdout):
            if stream is not None:
                # a request still buffered (its write failed as the child died) is flushed
                # on close and fails again; the pipe is closed all the same
                with contextlib.suppress(OSError):
                    stream.close()


class SearchProcess:
    """A child process running DDS, one batch of searches at a time (a lock orders the
    threads of this process), and a spare loaded beside it to take over at once when a
    search is abandoned. Started when first needed; :meth:`close` ends both."""

    def __init__(self) -> None:
        self._reset()
        #: batches abandoned at their deadline
        self.abandoned = 0

    def _reset(self) -> None:
        self._owner = os.getpid()
        self._lock = threading.Lock()
        self._child: _Child | None = None
        self._spare: _Child | None = None
        self._failures = 0
        self._served = False  # a child has been ready once

    def _forked(self) -> None:
        """In a process forked from the owner, the children (and their pipes) are the
        owner's: this process starts its own (a lock held at the fork is the owner's too)."""
        if self._owner != os.getpid():
            self._reset()

    @property
    def usable(self) -> bool:
        """Whether a child can run here (POSIX pipes; not given up after failed starts)."""
        return os.name == "posix" and self._failures < _FAILURES

    @property
    def pid(self) -> int | None:
        """The process id of the child that answers now."""
        return None if self._child is None else self._child.popen.pid

    def start(self, wait: float = 0.0) -> bool:
        """Start the child if none runs (it loads DDS while this process goes on), waiting
        up to ``wait`` seconds for it and its spare to be ready; whether both are."""
        deadline = time.monotonic() + wait
        self._forked()
        with self._lock:
            if not self._is_ready(deadline):
                return False
            spare = self._spare
            try:
                return spare is not None and spare.is_ready(deadline)
            except EOFError:  # it died loading: the next abandonment will say so
                return False

    def close(self) -> None:
        self._forked()
        with self._lock:
            for child in (self._child, self._spare):
                if child is not None:
                    child.kill()
            self._child = self._spare = None

    def tricks(self, contracts: Contracts, seconds: float) -> list[int] | None:
        """The tricks, or None if not found within ``seconds`` (the search is abandoned);
        raises :class:`NotReady` while the first child loads."""
        if seconds <= 0:
            return None
        deadline = time.monotonic() + seconds
        self._forked()
        # waiting for another thread's batch counts against this one's deadline
        if not self._lock.acquire(timeout=seconds):
            return None
        try:
            if not self._is_ready(time.monotonic()):
                # the first child loading: the caller searches itself meanwhile; the spare
                # still loading after two searches abandoned in a row: nothing is bounded
                if self._served and self.usable:
                    return None
                raise NotReady
            child = self._child
            assert child is not None
            request = [(_masks(deal), int(strain), int(seat)) for deal, strain, seat in contracts]
            try:
                answer = child.ask(request, deadline)
            except (EOFError, BrokenPipeError) as error:
                # the child died under the search (killed from outside, or DDS failed)
                child.kill()
                self._child = None
                message = "the double-dummy search process ended unexpectedly"
                raise AnalysisError(message) from error
            if answer is None:  # past the deadline: abandon the search with its process
                self.abandoned += 1
                child.kill()
                self._child = None
                self._is_ready(time.monotonic())  # the spare takes over
                return None
            if isinstance(answer, str):
                raise AnalysisError(answer)
            return list(answer)
        finally:
            self._lock.release()

    def _is_ready(self, deadline: float) -> bool:
        """Whether the child is ready, waiting until ``deadline``: started (or the spare
        taken) if none runs; the spare started once the child is ready, so that the two do
        not load at once. The caller holds the lock."""
        if not self.usable:
            return False
        try:
            if self._child is None:
                self._child, self._spare = self._spare or _Child(), None
            if not self._child.is_ready(deadline):
                return False
            self._failures = 0
            self._served = True
            if self._spare is None:
                self._spare = _Child()
            return True
        except (OSError, EOFError) as error:
            self._failures += 1
            log.warning("the search process could not start: %s", error)
            for child in (self._child, self._spare):
                if child is not None:
                    child.kill()
            self._child = self._spare = None
            return False


class NotReady(Exception):
    """The search process is still loading DDS, or cannot run here."""


#: this process's search process, shared by its robots
SEARCHES = SearchProcess()


def warm_up(wait: float = 0.0) -> bool:
    """Start this process's search process now, so that the first judged call is bounded
    too; waits up to ``wait`` seconds for it to be ready, and says whether it is."""
    return SEARCHES.start(wait)


def dd_tricks_within(
    contracts: Contracts, seconds: float, searches: SearchProcess = SEARCHES
) -> list[int] | None:
    """:func:`dd_tricks_many`, or None if the searches would take longer than ``seconds``:
    they are abandoned then (their process is killed, and another started).

    While the first search process starts, and where none can run, the searches run in
    this process, unbounded.
    """
    if not contracts:
        return []
    if searches.usable:
        try:
            return searches.tricks(contracts, seconds)
        except NotReady:
            pass
    return dd_tricks_many(contracts)


def _serve() -> None:
    """The child: answer each batch of searches with their tricks, until stdin closes."""
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray output must not reach the pipe
    _write(out, _READY)
    fd = sys.stdin.fileno()
    while True:
        try:
            request = _read(fd, None)
        except EOFError:
            return
        contracts = [
            (Deal([Hand.from_mask(m) for m in masks]), Strain(strain), Seat(seat))
            for masks, strain, seat in request
        ]
        try:
            answer: object = dd_tricks_many(contracts)
        except AnalysisError as error:
            answer = str(error)
        _write(out, answer)


if __name__ == "__main__":
    # BrokenPipeError: this process's parent ended first (a spare still loading)
    with contextlib.suppress(BrokenPipeError):
        _serve()
