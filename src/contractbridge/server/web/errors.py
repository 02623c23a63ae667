"""The one refusal every room gives: a reason a player understands and its HTTP status."""

from __future__ import annotations


class ActionError(Exception):
    """An action or request that may not be made now; the message says why."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status
