"""Errors of the table itself (turn order, claims, undo); the rules' own errors come from core."""

from __future__ import annotations

from contractbridge.core.errors import BridgeError


class TableError(BridgeError):
    """An action the table cannot take now, for a reason outside the Laws of the auction/play."""


class NotYourTurnError(TableError):
    """A seat acted when another seat (or another kind of action) was awaited."""


class NoClaimError(TableError):
    """An answer to a claim when no claim is waiting for one."""


class NothingToUndoError(TableError):
    """An undo when the seat has made no call or card in the deal in progress."""


class SeriesOverError(TableError):
    """An action after the last deal of the series has been scored."""


class EventLogError(TableError):
    """A log that does not describe a possible game (wrong order, versions or contents)."""


class ExplanationError(TableError):
    """An explanation that cannot be given: no such call, another seat's call, a finished
    deal, or a text too long."""
