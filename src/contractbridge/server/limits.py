"""Per-client limits: how many of something one client address may make in a while."""

from __future__ import annotations

import time
from collections import deque

from starlette.requests import HTTPConnection

from contractbridge.server.table import ActionError


def client_of(connection: HTTPConnection) -> str:
    """The client's address (as the trusted proxy reports it: ``--forwarded-allow-ips``)."""
    return connection.client.host if connection.client is not None else "unknown"


class RateLimit:
    """At most ``count`` of something (``what``: "tables") per client in any ``seconds``."""

    def __init__(self, count: int, seconds: float, what: str = "requests") -> None:
        self.count, self.seconds, self.what = count, seconds, what
        self._seen: dict[str, deque[float]] = {}

    def check(self, client: str) -> None:
        """Count one more for ``client``; ActionError 429, saying when to try again, past
        the limit (a page matches the message by its kind: each has its own translation)."""
        wait = self.wait(client)
        if wait:
            raise ActionError(
                f"too many new {self.what} from this address: at most {self.count} an hour; "
                f"try again in {int(wait / 60) + 1} minutes",
                429,
            )

    def wait(self, client: str) -> float:
        """0 if ``client`` may go on now (and it is counted), else the seconds to wait."""
        now = time.monotonic()
        seen = self._seen.setdefault(client, deque())
        while seen and seen[0] <= now - self.seconds:
            seen.popleft()
        if len(seen) >= self.count:
            return seen[0] + self.seconds - now
        seen.append(now)
        if len(self._seen) > 10_000:  # forget clients gone quiet
            for key in [k for k, v in self._seen.items() if not v]:
                del self._seen[key]
        return 0.0
