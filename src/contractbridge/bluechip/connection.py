"""One TCP connection speaking the protocol: lines in a queue, lines out with CR LF.

Both sides use it: the manager has one per seat, the client one to the manager. Every line
in either direction goes through :attr:`Connection.transcript` hooks, so a match can be
logged exactly as it went over the wire.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from contractbridge.bluechip.protocol import Message, format_message

log = logging.getLogger("contractbridge.bluechip")

#: a line longer than this is not the protocol (a client gone wrong); the connection is closed
MAX_LINE = 4096

T = TypeVar("T")


def run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run``, also from a thread whose event loop is already running (a caller
    inside another library's loop, such as Playwright's): then on a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    got: list[T] = []
    failed: list[BaseException] = []

    def work() -> None:
        try:
            got.append(asyncio.run(coroutine))
        except BaseException as error:  # handed back to the caller's thread
            failed.append(error)

    thread = threading.Thread(target=work, name="bluechip")
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return got[0]


Transcript = Callable[[str, str], None]
"""Called with (who, line): ``who`` is ``"TM -> North"``, ``"North -> TM"`` and the like."""


class Connection:
    """Lines from ``reader`` are queued by a background task (None marks the end);
    :meth:`send` writes one message."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        name: str = "peer",
        me: str = "TM",
        transcript: Transcript | None = None,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.name = name
        self.me = me
        self.transcript = transcript
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                raw = await self.reader.readline()
                if not raw:
                    break
                if len(raw) > MAX_LINE:
                    log.warning("%s sent a line of %d bytes: closing", self.name, len(raw))
                    break
                line = raw.decode("ascii", "replace").strip()
                if not line:
                    continue
                if self.transcript is not None:
                    self.transcript(f"{self.name} -> {self.me}", line)
                await self.queue.put(line)
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        finally:
            self.closed = True
            await self.queue.put(None)

    async def line(self, timeout: float | None = None) -> str | None:
        """The next line, None once the peer has gone; raises TimeoutError after ``timeout``."""
        if timeout is None:
            return await self.queue.get()
        # asyncio.timeout, not wait_for: on 3.11 wait_for can swallow a cancellation that
        # arrives with the line, and the manager cancels waits when a seat fails
        async with asyncio.timeout(max(timeout, 0.0)):
            return await self.queue.get()

    async def send(self, message: Message | str) -> None:
        line = message if isinstance(message, str) else format_message(message)
        if self.transcript is not None:
            self.transcript(f"{self.me} -> {self.name}", line)
        if self.closed or self.writer.is_closing():
            return
        try:
            self.writer.write(line.encode("ascii", "replace") + b"\r\n")
            await self.writer.drain()
        except (ConnectionError, RuntimeError):
            self.closed = True

    async def close(self) -> None:
        self.closed = True
        self._task.cancel()
        with contextlib.suppress(BaseException):
            await self._task
        with contextlib.suppress(Exception):
            self.writer.close()
            await self.writer.wait_closed()
