"""Errors raised by the analysis layer."""

from __future__ import annotations

from contractbridge.core.errors import BridgeError


class AnalysisError(BridgeError):
    """A position or request the double-dummy solver cannot work on (explained in words)."""


class ConstraintError(BridgeError):
    """A dealing constraint that cannot be read or cannot be met."""
