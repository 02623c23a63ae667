"""Exceptions a player can read.

Every error raised for bad input is a :class:`BridgeError` (a ``ValueError``), so callers at
the edges (CLI, server) can catch one type and show its message as it is.
"""

from __future__ import annotations


class BridgeError(ValueError):
    """Base class: bad input, explained in words a player understands."""


class ParseError(BridgeError):
    """Text that does not name a card, call, hand, deal or contract."""


class InvalidDealError(BridgeError):
    """Hands that are not a legal deal (13 cards each, 52 distinct cards)."""


class IllegalCallError(BridgeError):
    """A call the Laws do not allow at this point of the auction."""


class AuctionNotCompleteError(BridgeError):
    """Asked for the contract before the auction has ended."""


class IllegalPlayError(BridgeError):
    """A card (or claim) the Laws do not allow at this point of the play."""


class CardOutOfTurnError(IllegalPlayError):
    """A card played by, or for, a seat whose turn it is not."""


class CardNotHeldError(IllegalPlayError):
    """A card that is not in the hand of the seat to play."""


class RevokeError(IllegalPlayError):
    """A failure to follow suit while holding a card of the suit led."""


class PlayCompleteError(IllegalPlayError):
    """An action after the thirteenth trick, a claim or a concession."""
