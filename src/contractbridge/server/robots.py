"""Robots for the empty seats: the strongest players the package has.

The bidding and card-play robots live in :mod:`contractbridge.robots`; this module only picks
them and asks them for calls, cards, explanations and answers to claims, always from the
seat's :class:`SeatView` and never from the full deal.
"""

from __future__ import annotations

from contractbridge.core import Call, Card, Seat, SeatView
from contractbridge.robots.base import Player
from contractbridge.robots.basic import BasicRobot
from contractbridge.robots.bidding import SystemRobot
from contractbridge.robots.cardplay import CardPlayer

STRENGTHS = ("best", "basic")


class RobotPlayer:
    """One robot seat: a bidder and a card player.

    ``strength="best"`` is the SAYC bidder with the card player that simulates (``budget``
    seconds per card); ``"basic"`` the quick baseline robot (tests, benchmarks, slow
    machines). Each explains its calls in its own system's words.
    """

    def __init__(self, strength: str = "best", budget: float = 0.5) -> None:
        if strength not in STRENGTHS:
            raise ValueError(f"robots are {' or '.join(STRENGTHS)}, not {strength!r}")
        self.basic = BasicRobot()
        self.system = SystemRobot() if strength == "best" else None
        self.player: Player = self.basic
        if strength == "best":
            self.player = CardPlayer(budget=budget, lead_budget=budget * 2, max_seconds=3.0)
        self.strength = strength
        self.name = "Robot"

    def call(self, view: SeatView) -> Call:
        return (self.system or self.basic).call(view)

    def card(self, view: SeatView) -> Card:
        return self.player.card(view)

    def accept_claim(self, view: SeatView, claimer: Seat, tricks: int) -> bool:
        """Whether ``claimer``'s side surely takes ``tricks`` of the rest, as far as this
        seat can tell (the card player checks every layout its view allows)."""
        return self.player.accept_claim(view, claimer, tricks)

    def explain(self, view: SeatView, call: Call) -> str | None:
        """What ``call`` (about to be made from ``view``) shows, by the robot's own system."""
        try:
            if self.system is None:
                return self.basic.explain(view, call)
            return self.system.explain_call((*view.calls, call), view.dealer, len(view.calls))
        except Exception:  # an explanation is a courtesy; never stop the table for it
            return None


_ROBOTS: dict[tuple[str, float], RobotPlayer] = {}


def robot(strength: str = "best", budget: float = 0.5) -> RobotPlayer:
    """The shared robot of that strength (robots keep no state between calls)."""
    key = (strength, budget)
    if key not in _ROBOTS:
        _ROBOTS[key] = RobotPlayer(strength, budget)
    return _ROBOTS[key]
