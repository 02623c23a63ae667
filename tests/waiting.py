"""Waiting for a condition, never for a fixed time: shared by the tests of processes."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


async def until(done: Callable[[], bool], seconds: float = 30) -> None:
    """Wait until ``done()`` (never a fixed time); fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"{done} was not met in {seconds} s")
        await asyncio.sleep(0.01)


def eventually(done: Callable[[], bool], seconds: float = 30) -> None:
    """:func:`until` for a test's own thread, while the app's loop runs in another."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"{done} was not met in {seconds} s")
        time.sleep(0.01)


def process_dead(pid: int) -> bool:
    """The process has ended and can be reaped: gone, or a zombie with no thread still
    exiting (a killed process's leader is a zombie while its other threads still exit, and
    its parent cannot reap it until they have)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
    except FileNotFoundError:
        return True
    return fields["State"].split()[0] in ("Z", "X") and int(fields.get("Threads", "1")) <= 1
