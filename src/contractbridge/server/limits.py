"""Per-client limits: how many of something one client address may make in a while."""

from __future__ import annotations

import time
from collections import deque

from starlette.requests import HTTPConnection


def client_of(connection: HTTPConnection) -> str:
    """The client's address (as the trusted proxy reports it: ``--forwarded-allow-ips``)."""
    return connection.client.host if connection.client is not None else "unknown"


class RateLimit:
    """At most ``count`` of something per client in any ``seconds``."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count, self.seconds = count, seconds
        self._seen: dict[str, deque[float]] = {}

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
