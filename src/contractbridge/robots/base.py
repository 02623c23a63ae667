"""The one small interface every player implements, human front-end or robot.

A player is asked for a call or a card and is given only its seat's view
(:class:`~contractbridge.core.view.SeatView`). When the seat is declarer and it is dummy's
turn, ``view.turn`` is dummy's seat and the card must come from dummy's hand.
"""

from __future__ import annotations

from typing import Protocol

from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView


class Player(Protocol):
    """Anything that can sit at a table."""

    name: str

    def call(self, view: SeatView) -> Call:
        """The next call for ``view.seat`` (``view.turn == view.seat``)."""
        ...

    def card(self, view: SeatView) -> Card:
        """The next card for ``view.turn`` (own hand, or dummy's when declaring)."""
        ...

    def accept_claim(self, view: SeatView, claimer: Seat, tricks: int) -> bool:
        """Whether to agree that ``claimer``'s side takes ``tricks`` of the remaining tricks."""
        ...


class Robot(Player, Protocol):
    """A player a table seats by itself: it also says what its calls show. One may also
    claim, with ``claim(view) -> int | None`` as declarer (``Table.offer_claim``), and alert,
    with ``alerts(view, call) -> bool`` (:func:`alerts`)."""

    def explain(self, view: SeatView, call: Call) -> str | None:
        """What ``call``, about to be made from ``view``, shows (None: nothing to say)."""
        ...


class Explainer(Protocol):
    """Reads calls by a bidding system: what each call in an auction shows."""

    def explain_call(
        self, calls: tuple[Call, ...], dealer: Seat, position: int, reader: Seat | None = None
    ) -> str | None:
        """A short text for the call at ``position`` (None when it needs no explanation), as
        ``reader`` reads it (the two sides may play different systems)."""
        ...


def alerts(robot: object, view: SeatView, call: Call) -> bool:
    """Whether ``robot`` alerts ``call`` (a robot without a system to say so never does)."""
    alerting = getattr(robot, "alerts", None)
    return bool(alerting(view, call)) if callable(alerting) else False


def announcement(robot: object, view: SeatView, call: Call) -> str | None:
    """The words ``robot`` announces ``call`` with (its system's home regulations: "15-17",
    "hearts"), or None (a robot without a system to say so announces nothing)."""
    announcing = getattr(robot, "announcement", None)
    if not callable(announcing):
        return None
    words = announcing(view, call)
    return words if isinstance(words, str) and words else None
