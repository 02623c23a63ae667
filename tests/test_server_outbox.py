"""A page's outbox: whoever tells a page something never waits on it, and a page that does
not read is dropped with a close code instead of holding anyone."""

from __future__ import annotations

import asyncio
from typing import Any

from contractbridge.server.web.outbox import TOO_SLOW, Outbox
from serverapi import run_apart
from waiting import until


class Page:
    """A socket whose page reads ``reads`` messages and then never again."""

    def __init__(self, reads: int) -> None:
        self.reads = reads
        self.got: list[str] = []
        self.closed_with: int | None = None
        self.forever = asyncio.Event()

    async def send_text(self, text: str) -> None:
        if len(self.got) >= self.reads:
            await self.forever.wait()  # the network buffer is full: the send never ends
        self.got.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code
        await self.forever.wait()  # nor does the close handshake: the page does not read


def run(coro: Any) -> Any:
    """In a thread of its own, as the other server tests run their loops."""

    async def bounded() -> Any:
        return await asyncio.wait_for(coro, 10)

    return run_apart(bounded)


def test_messages_go_in_order_and_sending_never_waits() -> None:
    async def go() -> list[str]:
        page = Page(reads=1000)
        box = Outbox(page, limit=10)  # type: ignore[arg-type]
        for i in range(5):
            assert box.send(str(i))
        await until(lambda: len(page.got) == 5)
        box.close()
        return page.got

    assert run(go()) == ["0", "1", "2", "3", "4"]


def test_a_page_that_stops_reading_is_dropped_when_its_outbox_is_full() -> None:
    async def go() -> tuple[bool, int | None, list[bool]]:
        page = Page(reads=2)
        box = Outbox(page, limit=5)  # type: ignore[arg-type]
        sent = []
        loop = asyncio.get_running_loop()
        started = loop.time()
        for i in range(20):
            sent.append(box.send(str(i)))
            await asyncio.sleep(0)
        assert loop.time() - started < 1  # never waited on the page
        await until(lambda: page.closed_with is not None)
        return box.closed, page.closed_with, sent

    closed, code, sent = run(go())
    assert closed and code == TOO_SLOW
    assert sent[:7] == [True] * 7 and not any(sent[8:])  # two read, five queued, then dropped


def test_a_page_that_takes_too_long_over_one_message_is_dropped() -> None:
    async def go() -> tuple[bool, int | None]:
        page = Page(reads=0)
        box = Outbox(page, limit=100, send_timeout=0.05)  # type: ignore[arg-type]
        box.send("hello")
        await until(lambda: page.closed_with is not None)
        return box.closed, page.closed_with

    assert run(go()) == (True, TOO_SLOW)
