"""Limits on what a client sends: how many of something one address may make in a while,
and how large a request body may be."""

from __future__ import annotations

import json
import time
from collections import deque

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from contractbridge.server.web.errors import ActionError


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


class BodyLimit:
    """Refuses a request whose body is over its route's limit with 413 and a reason, before
    the route reads it (``Content-Length`` or, without it, counted as it arrives)."""

    def __init__(self, app: ASGIApp, limit: int, event_limit: int) -> None:
        self.app, self.limit, self.event_limit = app, limit, event_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        files = scope["path"].startswith(("/api/events", "/api/director"))
        limit = self.event_limit if files else self.limit
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._refuse(send, limit)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await self._refuse(send, limit)

    @staticmethod
    async def _refuse(send: Send, limit: int) -> None:
        body = json.dumps({"error": f"the request is too large (at most {limit} bytes)"})
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body.encode()})


class _TooLarge(Exception):
    pass
