"""Robots for the empty seats: the strongest players the package has, and claim checking.

The bidding and card-play robots live in :mod:`contractbridge.robots`; this module only picks
them (falling back to a plain robot when a stronger one is not installed) and asks them for
calls, cards and explanations from a :class:`SeatView` — never from the full deal, except to
check a claim, where the robot looks at the remaining cards double-dummy as a director would.
"""

from __future__ import annotations

import importlib
from typing import Any

from contractbridge.core import PASS, Call, Card, Seat, SeatView
from contractbridge.server.table import BoardState


class PlainRobot:
    """The fallback: passes, and plays the lowest card that wins the trick, else the lowest."""

    name = "Robot"

    def call(self, view: SeatView) -> Call:
        return PASS

    def card(self, view: SeatView) -> Card:
        legal = view.legal_cards()
        return min(legal, key=lambda c: (c % 13, c))

    def accept_claim(self, view: SeatView, claimer: Seat, tricks: int) -> bool:
        return True


def _load(path: str, names: tuple[str, ...], needs: str) -> Any:
    """The first of ``names`` in module ``path`` that builds with no arguments and has
    the method ``needs``; None when the module is not there (yet)."""
    try:
        module = importlib.import_module(path)
    except Exception:  # a robot package that does not import is as good as absent
        return None
    for name in names:
        cls = getattr(module, name, None)
        if cls is None:
            continue
        try:
            player = cls()
        except Exception:
            continue
        if callable(getattr(player, needs, None)):
            return player
    return None


STRENGTHS = ("best", "basic")


class RobotPlayer:
    """One robot seat: a bidder and a card player.

    ``strength="best"`` takes the strongest robots installed (the SAYC bidder, the card
    player that simulates, with ``budget`` seconds per card); ``"basic"`` the quick baseline
    robots (tests, benchmarks, slow machines).
    """

    def __init__(self, strength: str = "best", budget: float = 0.5) -> None:
        basic = _load("contractbridge.robots.basic", ("BasicRobot",), "call") or PlainRobot()
        bidders = ("SystemRobot", "SAYCRobot", "BiddingRobot", "Bidder")
        self.bidder: Any = basic
        self.player: Any = basic
        self.explainer: Any = _load(
            "contractbridge.robots.bidding", (*bidders, "Explainer"), "explain_call"
        )
        if strength == "best":
            self.bidder = _load("contractbridge.robots.bidding", bidders, "call") or basic
            self.player = _best_card_player(budget) or basic
        self.strength = strength
        self.name = "Robot"

    def call(self, view: SeatView) -> Call:
        return Call.parse(str(self.bidder.call(view)))

    def card(self, view: SeatView) -> Card:
        return Card.parse(str(self.player.card(view)))

    def explain(self, view: SeatView, call: Call) -> str | None:
        """What ``call`` (about to be made from ``view``) shows, by the robots' system."""
        try:
            source = self.explainer or self.bidder
            explain_call = getattr(source, "explain_call", None)
            if explain_call is not None:
                calls = (*view.calls, call)
                text = explain_call(calls, view.dealer, len(view.calls))
            else:
                explain = getattr(self.bidder, "explain", None)
                text = explain(view, call) if explain is not None else None
        except Exception:  # an explanation is a courtesy; never stop the table for it
            return None
        return str(text) if text else None


def _best_card_player(budget: float) -> Any:
    try:
        from contractbridge.robots.cardplay import CardPlayer
    except Exception:
        return _load("contractbridge.robots.cardplay", ("CardPlayRobot", "Robot"), "card")
    try:
        return CardPlayer(budget=budget, lead_budget=budget * 2, max_seconds=3.0)
    except TypeError:
        return CardPlayer()


_ROBOTS: dict[tuple[str, float], RobotPlayer] = {}


def robot(strength: str = "best", budget: float = 0.5) -> RobotPlayer:
    """The shared robot of that strength (robots keep no state between calls)."""
    key = (strength, budget)
    if key not in _ROBOTS:
        _ROBOTS[key] = RobotPlayer(strength, budget)
    return _ROBOTS[key]


def claim_is_sound(board: BoardState, claimer: Seat, tricks: int) -> bool:
    """Whether ``claimer``'s side takes ``tricks`` of the rest against the best defence.

    The robots answer a claim as a director would: looking at all the remaining cards
    double dummy, with both sides playing their best from here.
    """
    play = board.play
    if play is None or play.is_complete:
        return False
    if tricks == 0:
        return True
    from contractbridge.analysis import dd_cards

    values = dd_cards(play).values()
    turn = play.turn
    assert turn is not None
    ours = turn.side == play.declarer.side
    declarer_total = max(values) if ours else min(values)
    declarer_rest = declarer_total - play.declarer_tricks
    side_rest = (
        declarer_rest
        if claimer.side == play.declarer.side
        else play.remaining_tricks - declarer_rest
    )
    return side_rest >= tricks
