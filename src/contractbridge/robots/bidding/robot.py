"""A robot that bids by a system (through :class:`Bidder`) and plays cards through another.

>>> from contractbridge.core import Deal, Auction, SeatView, Seat
>>> robot = SystemRobot()
>>> robot.name
'SAYC robot'
"""

from __future__ import annotations

import importlib
from typing import Any

from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.base import Player
from contractbridge.robots.bidding.engine import Bidder, bidder
from contractbridge.robots.bidding.judgement import Judge
from contractbridge.robots.bidding.regulations import Disclosure, disclose


def _default_card_player() -> Player:
    # The basic robot is the baseline card player; imported late so bidding works without it.
    module: Any = importlib.import_module("contractbridge.robots.basic")
    player: Player = module.BasicRobot("card play")
    return player


class SystemRobot:
    """Calls by the bidding system; cards by ``card_player`` (the basic robot by default).

    It also explains calls (:meth:`explain_call`, the :class:`Explainer` protocol), which is
    how a robot partner reads a human's calls by the same system.
    """

    def __init__(
        self,
        name: str = "SAYC robot",
        system: str = "sayc",
        card_player: Player | None = None,
        judgement: bool = True,
        their_system: str | None = None,
    ) -> None:
        self.name = name
        # the opponents' calls are read by their system (``their_system``, when another)
        self.bidder: Bidder = bidder(system, their_system)
        # where the rules leave a choice of level, the robot deals the hidden hands and
        # weighs the contracts for the scoring in force (judgement=False: the rules alone)
        self.judges = (
            {form: Judge(self.bidder, scoring=form) for form in ("imps", "matchpoints")}
            if judgement
            else {}
        )
        self._card_player = card_player

    @property
    def card_player(self) -> Player:
        if self._card_player is None:
            self._card_player = _default_card_player()
        return self._card_player

    @property
    def judge(self) -> Judge | None:
        """The judge for IMPs (and for rubber and Chicago, whose totals IMPs follow best)."""
        return self.judges.get("imps")

    def call(self, view: SeatView) -> Call:
        form = "matchpoints" if view.scoring.upper().startswith("MP") else "imps"
        judge = self.judges.get(form)
        if judge is not None:
            return judge.choose(view.hand, view.auction(), view.vulnerability)
        return self.bidder.choose(view.hand, view.auction(), view.vulnerability)

    def card(self, view: SeatView) -> Card:
        return self.card_player.card(view)

    def accept_claim(self, view: SeatView, claimer: Seat, tricks: int) -> bool:
        return self.card_player.accept_claim(view, claimer, tricks)

    def claim(self, view: SeatView) -> int | None:
        """As declarer: the remaining tricks to claim, if the card player claims (it may not)."""
        claim = getattr(self.card_player, "claim", None)
        return claim(view) if claim is not None else None

    def explain(self, view: SeatView, call: Call) -> str | None:
        """What ``call``, about to be made from ``view``, shows by the system."""
        return self.explain_call((*view.calls, call), view.dealer, len(view.calls))

    def alerts(self, view: SeatView, call: Call) -> bool:
        """Whether ``call``, about to be made from ``view``, is alerted: as the system's home
        regulations say (:attr:`regulations`, :mod:`.regulations`; a call announced is not
        also alerted); by a system naming none, when the system marks it alertable (a
        transfer) or its meaning is artificial (Stayman, a strong 2♣)."""
        disclosure = self._disclosure(view, call)
        if disclosure is not None:
            return disclosure.alert
        calls = (*view.calls, call)
        meaning = self.bidder.explain(calls, view.dealer, ours=view.seat)[len(view.calls)]
        return meaning.alertable or meaning.artificial

    def announcement(self, view: SeatView, call: Call) -> str | None:
        """The words announcing ``call``, about to be made from ``view``, by the system's home
        regulations ("15-17" for a 1NT opening, "hearts" for a transfer; English, which the
        page translates), or None: the call is not announced."""
        disclosure = self._disclosure(view, call)
        return disclosure.announcement if disclosure is not None else None

    @property
    def regulations(self) -> str | None:
        """The regime the system's module names (``REGULATIONS``: "ACBL", "EBU", "DBV")."""
        module = importlib.import_module(
            f"contractbridge.robots.bidding.systems.{self.bidder.system}"
        )
        regime = getattr(module, "REGULATIONS", None)
        return regime if isinstance(regime, str) else None

    def _disclosure(self, view: SeatView, call: Call) -> Disclosure | None:
        regime = self.regulations
        if regime is None:
            return None
        calls = (*view.calls, call)
        return disclose(regime, calls, self.bidder.explain(calls, view.dealer, ours=view.seat))

    def explain_call(
        self, calls: tuple[Call, ...], dealer: Seat, position: int, reader: Seat | None = None
    ) -> str | None:
        """The system's short text for the call at ``position``, read by ``reader`` (None:
        by the caller, as the caller's own system): a reader reads the other side's calls
        by the other side's system."""
        ours = dealer.next(position) if reader is None else reader
        return self.bidder.explain(calls[: position + 1], dealer, ours=ours)[position].text
