"""The messages between a service's processes: what one stored, the others hear.

Storage publishes a message in the same transaction as what it tells of (PostgreSQL's
``NOTIFY`` is sent only if the transaction commits), so a message never runs ahead of the
log. Each process's :class:`Listener` hears them and hands each to the subscribers: the
tables' hub, the events' desk, the Minibridge room, and the robots' queue and runner. On
SQLite there is one process and nothing to hear.

The wire form is one short line (NOTIFY payloads are at most 8,000 bytes), written by
:func:`encode` and read by :func:`decode` only:

>>> decode(encode(TableStored("k3x9", 12)))
TableStored(table_id='k3x9', version=12)
>>> decode(encode(TaskAnswered("dd:N:AKQ..."))) == TaskAnswered("dd:N:AKQ...")
True
>>> decode("nonsense") is None
True
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

log = logging.getLogger("contractbridge.bus")

#: the PostgreSQL channel every process of a service listens on
CHANNEL = "contractbridge"


@dataclass(frozen=True)
class TableStored:
    """A table's log now holds ``version`` entries."""

    table_id: str
    version: int


@dataclass(frozen=True)
class EventStored:
    """A pairs or teams event's log now holds ``version`` entries."""

    event_id: str
    version: int


@dataclass(frozen=True)
class GameStored:
    """A Minibridge game's log now holds ``version`` entries."""

    game_id: str
    version: int


@dataclass(frozen=True)
class HoneymoonStored:
    """A Honeymoon bridge match's log now holds ``version`` entries."""

    game_id: str
    version: int


@dataclass(frozen=True)
class TaskAsked:
    """A robot's task waits in the database's queue."""


@dataclass(frozen=True)
class TaskAnswered:
    """The robot's task ``key`` has its answer."""

    key: str


Message = TableStored | EventStored | GameStored | HoneymoonStored | TaskAsked | TaskAnswered
_Stored = TableStored | EventStored | GameStored | HoneymoonStored

_LOGS: dict[str, type[_Stored]] = {
    "t": TableStored,
    "e": EventStored,
    "g": GameStored,
    "h": HoneymoonStored,
}


def encode(message: Message) -> str:
    """The message on the wire: ``t:<id>:<version>`` (``e:``, ``g:``, ``h:`` alike), ``q``,
    ``r:<key>``."""
    match message:
        case (
            TableStored(key, version)
            | EventStored(key, version)
            | GameStored(key, version)
            | HoneymoonStored(key, version)
        ):
            prefix = next(p for p, kind in _LOGS.items() if isinstance(message, kind))
            return f"{prefix}:{key}:{version}"
        case TaskAsked():
            return "q"
        case TaskAnswered(key):
            return f"r:{key}"


def decode(payload: str) -> Message | None:
    """The message a payload carries; None for one this version does not know (a newer
    process may say more: it is ignored, never an error)."""
    if payload == "q":
        return TaskAsked()
    kind, _, rest = payload.partition(":")
    if kind == "r" and rest:
        return TaskAnswered(rest)
    key, _, version = rest.rpartition(":")
    if kind in _LOGS and key and version.isdigit():
        return _LOGS[kind](key, int(version))
    return None


class Subscriber(Protocol):
    """Whoever keeps something another process may change hears of it here (in the event
    loop; it must not block)."""

    def heard(self, message: Message) -> None: ...


class Bus:
    """Hands each message heard to every subscriber."""

    def __init__(self, subscribers: Iterable[Subscriber | None] = ()) -> None:
        self.subscribers = [s for s in subscribers if s is not None]

    def deliver(self, payload: str) -> None:
        message = decode(payload)
        if message is None:
            log.debug("ignored a message this version does not know: %r", payload)
            return
        for subscriber in self.subscribers:
            subscriber.heard(message)


class Listener:
    """Hears the database's notifications in a thread and passes each payload to ``heard``
    in the event loop. It reconnects by itself after an error."""

    def __init__(self, url: str, heard: Callable[[str], None]) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.heard = heard
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.ready = threading.Event()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        def listen() -> None:
            import psycopg

            while not self._stop.is_set():
                try:
                    with psycopg.connect(self.url, autocommit=True) as conn:
                        conn.execute(f"LISTEN {CHANNEL}")
                        self.ready.set()
                        while not self._stop.is_set():
                            for note in conn.notifies(timeout=0.5):
                                loop.call_soon_threadsafe(self.heard, note.payload)
                except Exception as error:  # the database went away: try again shortly
                    if self._stop.is_set():
                        return
                    log.warning("listening to the database failed: %r; again in 1 s", error)
                    self._stop.wait(1.0)

        self._thread = threading.Thread(target=listen, name="listen", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
