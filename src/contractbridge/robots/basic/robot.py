"""The basic robot as a Player: its calls (remembered for the explanation that follows),
cards and answers to claims."""

from __future__ import annotations

from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.basic.bidding import Choice, choose_call
from contractbridge.robots.basic.cardplay import choose_card, sure_winners


class BasicRobot:
    """Natural bidding (no conventions), simple card play. Decides from the SeatView only."""

    def __init__(self, name: str = "BasicRobot") -> None:
        self.name = name
        self._last: tuple[SeatView, Choice] | None = None

    # -- the Player interface --------------------------------------------------------------
    def call(self, view: SeatView) -> Call:
        return self._choose(view)[0]

    def explain(self, view: SeatView, call: Call) -> str | None:
        """What the robot meant by ``call`` in ``view`` (None if it would not make it)."""
        chosen, text = self._choose(view)
        return text if chosen == call else None

    def card(self, view: SeatView) -> Card:
        return choose_card(view)

    def accept_claim(self, view: SeatView, claimer: Seat, tricks: int) -> bool:
        """Accept unless this seat holds more sure winners than the claim leaves its side."""
        remaining = 13 - len(view.played) // 4
        return remaining - tricks >= sure_winners(view)

    # -- bidding ---------------------------------------------------------------------------
    def _choose(self, view: SeatView) -> Choice:
        if self._last is not None and self._last[0] == view:
            return self._last[1]
        choice = choose_call(view)
        self._last = (view, choice)
        return choice
