"""Argument types shared by the commands (not a command: the name starts with ``_``)."""

from __future__ import annotations

import argparse

from contractbridge.core.errors import BridgeError
from contractbridge.tournament.pairs import Method


def scoring_method(text: str) -> Method:
    """``--scoring`` values: ``MP``, ``MP-ACBL``, ``IMP-BUTLER``, ``CROSS-IMP`` (and aliases),
    with the method's own message when the name is unknown (argparse would print only
    "invalid parse value")."""
    try:
        return Method.parse(text)
    except BridgeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def plural(count: int, noun: str) -> str:
    """``plural(1, "game")`` -> ``"1 game"``; ``plural(2, "game")`` -> ``"2 games"``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
