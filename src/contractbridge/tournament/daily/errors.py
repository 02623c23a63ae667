"""What can go wrong with a tournament of the day, in words a player understands."""

from __future__ import annotations

from contractbridge.core.errors import BridgeError


class DailyError(BridgeError):
    """Bad input for a tournament of the day (a plan, a set, a result)."""


class NotFinishedError(DailyError):
    """The viewer asked how the field played a deal they have not finished: refused, so
    nothing of it (the cards, a contract, a score) reaches someone still to play it."""


class AlreadyRecordedError(DailyError):
    """A second result for the same player and deal: each deal is scored once."""


class SetClosedError(DailyError):
    """The set is not open for play now (not yet open, or closed)."""


class NotStartedError(DailyError):
    """A result for a player who has not started the set."""


class OutOfOrderError(DailyError):
    """A result for a deal that is not the player's next one (the deals are played in order)."""
