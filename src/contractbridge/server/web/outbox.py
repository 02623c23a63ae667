"""One socket's outgoing messages, sent by a task of its own.

Whoever tells a page something (a table's broadcast, an event's announcement, the answer to
the page's own command) puts the message in the page's outbox and goes on: nobody waits on
a page's network, least of all while holding a table's lock. A page that does not read
(asleep, on a bad line, or a client that never reads on purpose) fills its outbox, or takes
longer than :data:`SEND_TIMEOUT` over one message; it is then dropped with close code
:data:`TOO_SLOW`, and reconnects to a fresh view like any page that lost its connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.websockets import WebSocket

log = logging.getLogger(__name__)

#: messages waiting for one page before it is dropped (a page reads each in milliseconds;
#: a whole deal is about 60 messages)
LIMIT = 64
#: seconds one message may take to leave before the page is dropped
SEND_TIMEOUT = 10.0
#: seconds a close handshake may take (a page that does not read never answers it)
CLOSE_TIMEOUT = 2.0
#: the close code of a page dropped for not reading (an application code: the page reconnects)
TOO_SLOW = 4008


class Outbox:
    """The messages for one socket, in order, sent by their own task. ``send`` never waits."""

    def __init__(
        self, ws: WebSocket, *, limit: int = LIMIT, send_timeout: float = SEND_TIMEOUT
    ) -> None:
        self.ws = ws
        self.send_timeout = send_timeout
        self._queue: asyncio.Queue[str] = asyncio.Queue(limit)
        self._closed = False
        self._sender = asyncio.create_task(self._run())
        self._closing: asyncio.Task[None] | None = None

    @property
    def closed(self) -> bool:
        return self._closed

    def send(self, text: str) -> bool:
        """Queue ``text``; False (and the socket dropped) when the page has fallen too far
        behind, or is gone."""
        if self._closed:
            return False
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            log.info("a page fell %d messages behind: dropped", self._queue.maxsize)
            self.close(TOO_SLOW)
            return False
        return True

    def close(self, code: int = 1000) -> None:
        """Stop sending and close the socket, without waiting for the page to answer."""
        if self._closed:
            return
        self._closed = True
        self._sender.cancel()
        self._closing = asyncio.create_task(self._close(code))

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception, asyncio.TimeoutError):
            await asyncio.wait_for(self.ws.close(code=code), CLOSE_TIMEOUT)

    async def _run(self) -> None:
        while True:
            text = await self._queue.get()
            try:
                await asyncio.wait_for(self.ws.send_text(text), self.send_timeout)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # gone, or too slow to take one message
                if isinstance(error, asyncio.TimeoutError):
                    log.info(
                        "a page took over %.0f s to take a message: dropped", self.send_timeout
                    )
                    self.close(TOO_SLOW)
                else:
                    self.close(1011)
                return
