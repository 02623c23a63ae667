"""Errors a scoresheet raises: a result it cannot write, a sheet already closed."""

from __future__ import annotations

from contractbridge.core.errors import BridgeError


class ScoresheetError(BridgeError):
    """A result a scoresheet cannot record (no declarer named, impossible honours ...)."""


class SeriesCompleteError(ScoresheetError):
    """A result offered after the series ended (rubber won, four Chicago deals, all boards)."""
