"""Robots: players that decide from their seat's view alone.

:func:`robot_player` builds the robot a table puts in an empty seat: ``"best"`` bids its
side's system (SAYC unless told; explaining every call, reading the opponents' calls by
theirs) and plays the cards by simulation; ``"basic"`` is the quick baseline robot.
:func:`robots_for` seats four robots for a table whose sides bid systems of their own.
"""

from __future__ import annotations

from collections.abc import Mapping

from contractbridge.core.seat import SEATS, Seat, Side
from contractbridge.robots.base import Robot

__all__ = ["STRENGTHS", "Robot", "robot_player", "robots_for"]

#: the strengths of robot a table offers
STRENGTHS = ("best", "basic")


def robot_player(
    strength: str = "best",
    budget: float = 1.0,
    carding: str = "standard",
    system: str = "sayc",
    their_system: str | None = None,
) -> Robot:
    """A robot of ``strength``; ``budget`` is the card player's seconds per card (twice that
    for an opening lead); ``carding`` its discards (``"standard"`` or ``"lavinthal"``, for
    the best robot); ``system`` the bidding system its side plays and ``their_system`` the
    opponents' (None: the same), for the best robot. Raises ValueError for an unknown
    strength or carding, BridgeError for an unknown system."""
    if strength not in STRENGTHS:
        raise ValueError(f"robots are {' or '.join(STRENGTHS)}, not {strength!r}")
    from contractbridge.robots.basic import BasicRobot
    from contractbridge.robots.cardplay.carding import Carding

    agreement = Carding(discards=carding)  # ValueError for an unknown one
    if strength == "basic":
        return BasicRobot("Robot")
    from contractbridge.robots.bidding import SystemRobot
    from contractbridge.robots.cardplay import CardPlayer

    player = CardPlayer(budget=budget, lead_budget=budget * 2, max_seconds=3.0, carding=agreement)
    return SystemRobot("Robot", system=system, card_player=player, their_system=their_system)


def robots_for(
    systems: Mapping[Side, str] | None = None,
    strength: str = "best",
    budget: float = 1.0,
    carding: str = "standard",
) -> dict[Seat, Robot]:
    """The four robots of a table whose sides bid ``systems`` (SAYC for a side not named):
    each bids its side's system and reads the opponents' calls by theirs (both seats of a
    side share one robot). Errors as :func:`robot_player`'s.

    >>> robots = robots_for({Side.NS: "forumd"})
    >>> [(seat.name, robots[seat].bidder.system) for seat in (Seat.N, Seat.E)]
    [('N', 'forumd'), ('E', 'sayc')]
    >>> robots[Seat.S] is robots[Seat.N], robots[Seat.N].bidder.their_system
    (True, 'sayc')
    """
    bids = {side: (systems or {}).get(side, "sayc") for side in Side}
    by_side = {
        side: robot_player(
            strength, budget, carding, system=bids[side], their_system=bids[side.opponents]
        )
        for side in Side
    }
    return {seat: by_side[seat.side] for seat in SEATS}
