"""The interface every series of deals keeps its score through (rubber, Chicago, duplicate).

A game table asks its scoresheet who deals next and at what vulnerability, records each
deal's result, and shows the sheet; the table never needs to know which form is in force.
"""

from __future__ import annotations

from typing import Protocol

from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.seat import Seat, Side, Vulnerability


class Scoresheet(Protocol):
    """A running score over a series of deals."""

    @property
    def dealer(self) -> Seat:
        """Who deals the next deal."""
        ...

    @property
    def vulnerability(self) -> Vulnerability:
        """The vulnerability of the next deal."""
        ...

    @property
    def is_complete(self) -> bool:
        """True when the series is over (a rubber won, four Chicago deals, all boards)."""
        ...

    def record(
        self, contract: Contract | None, declarer_tricks: int, deal: Deal | None = None
    ) -> object:
        """Score one deal (``contract`` None = passed out); ``deal`` gives honours in rubber.

        Returns the entry it wrote (a small record of the points for each side).
        """
        ...

    def totals(self) -> dict[Side, int]:
        """Points for each side so far."""
        ...

    def render(self) -> str:
        """The sheet as people draw it (plain text)."""
        ...
