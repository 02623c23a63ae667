"""A match of Honeymoon bridge: two players (people or robots), deal after deal, scored
as rubber bridge until the rubbers agreed are over.

Who deals first is settled by a cut (from the match's seed: the same on every machine);
then the deal alternates, passed-out deals included. Deal *n*'s pack is shuffled from the
seed and *n*, so a match's log of moves replays it exactly.

>>> from contractbridge.robots.honeymoon import HoneymoonRobot
>>> match = HoneymoonMatch({Seat.S: HoneymoonRobot(), Seat.W: HoneymoonRobot()}, seed=3)
>>> match.run()
>>> match.is_over, match.score.sheets[0].is_complete
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from contractbridge.core.call import Call
from contractbridge.core.card import CARDS, Card
from contractbridge.core.honeymoon import (
    PLAYERS,
    HoneymoonDeal,
    HoneymoonError,
    HoneymoonView,
    Phase,
    opponent,
)
from contractbridge.core.seat import Seat
from contractbridge.scoring.honeymoon import HoneymoonScore
from contractbridge.scoring.rubber import RubberEntry

#: a match stops after this many deals even if its rubbers are not over (a long run of
#: passed-out deals must end somewhere)
MAX_DEALS = 100


class HoneymoonPlayer(Protocol):
    """Anything that can sit at a Honeymoon table; each method gets the player's view only."""

    name: str

    def call(self, view: HoneymoonView) -> Call: ...

    def card(self, view: HoneymoonView) -> Card: ...


def honeymoon_pack(seed: int, number: int) -> tuple[Card, ...]:
    """The pack of deal ``number`` of a match opened with ``seed``, in the order dealt."""
    pack = list(CARDS)
    random.Random(f"contractbridge/honeymoon/{seed}/{number}").shuffle(pack)
    return tuple(pack)


def first_dealer(seed: int) -> Seat:
    """Who deals first: each cuts a card, the higher deals (equal ranks: the higher suit, as in
    the cut for partners in bridge)."""
    rng = random.Random(f"contractbridge/honeymoon/{seed}/cut")
    south, west = rng.sample(CARDS, 2)
    return Seat.S if (south.rank, south.suit) > (west.rank, west.suit) else Seat.W


def move_of(player: HoneymoonPlayer, view: HoneymoonView) -> dict[str, Any]:
    """What ``player`` does at its turn, as a move: ``{"call": "2H"}`` or ``{"card": "SA"}``
    (plain data, so that a log can keep it and a worker send it)."""
    if view.phase == Phase.AUCTION:
        return {"call": str(player.call(view))}
    return {"card": str(player.card(view))}


class HoneymoonMatch:
    """``rubbers`` rubbers of Honeymoon bridge; a seat without a player waits for
    :meth:`call` and :meth:`play_card` (or :meth:`move`)."""

    def __init__(
        self,
        players: Mapping[Seat, HoneymoonPlayer | None],
        *,
        rubbers: int = 1,
        seed: int | None = None,
        honours: bool = True,
    ) -> None:
        for seat in players:
            opponent(seat)  # HoneymoonError for a seat not at the table
        self.players = {s: players.get(s) for s in PLAYERS}
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.score = HoneymoonScore(rubbers, honours=honours)
        self.first_dealer = first_dealer(self.seed)
        #: every deal so far in order; the last is the one in progress
        self.history: list[HoneymoonDeal] = []
        #: what each finished deal wrote on the score (in the order of ``history``)
        self.entries: list[RubberEntry] = []
        self._new_deal()

    # -- state ---------------------------------------------------------------------------
    @property
    def current(self) -> HoneymoonDeal:
        return self.history[-1]

    @property
    def number(self) -> int:
        return len(self.history)

    @property
    def is_over(self) -> bool:
        return self.score.is_over

    def pending(self) -> tuple[Seat, Phase] | None:
        """Who must act now and in which phase; None when the match is over."""
        if self.is_over:
            return None
        turn = self.current.turn
        assert turn is not None
        return turn, self.current.phase

    def view(self, seat: Seat) -> HoneymoonView:
        return self.current.view(seat)

    def _new_deal(self) -> None:
        number = len(self.history) + 1
        dealer = self.first_dealer if number % 2 else opponent(self.first_dealer)
        pack = honeymoon_pack(self.seed, number)
        self.history.append(HoneymoonDeal(pack, dealer, self.score.vulnerability))

    def _settle(self) -> None:
        deal = self.current
        if not deal.is_over:
            return
        hands = deal.final_hands or {}
        self.entries.append(self.score.record(deal.contract, deal.declarer_tricks, hands))
        if not self.score.is_over and len(self.history) >= MAX_DEALS:
            self.score.stop()
        if not self.score.is_over:
            self._new_deal()

    def _live(self) -> HoneymoonDeal:
        if self.is_over:
            raise HoneymoonError("the match is over")
        return self.current

    # -- actions -------------------------------------------------------------------------
    def call(self, seat: Seat, call: Call | str) -> None:
        self._live().call(seat, call)
        self._settle()

    def play_card(self, seat: Seat, card: Card | str) -> None:
        self._live().play_card(seat, card)
        self._settle()

    def stop(self) -> None:
        """End the match now (an unfinished rubber scores its premiums)."""
        if not self.is_over:
            self.score.stop()

    def move(self, seat: Seat, move: Mapping[str, Any]) -> None:
        """Make one move (:func:`move_of`'s form, as a match's log stores it, or ``{"stop":
        true}``: ``seat`` ends the match) for ``seat``; HoneymoonError (or a ParseError) for
        a move the rules refuse or that names none."""
        if move.get("stop"):
            opponent(seat)
            self.stop()
        elif move.get("call") is not None:
            self.call(seat, Call.parse(str(move["call"])))
        elif move.get("card") is not None:
            self.play_card(seat, Card.parse(str(move["card"])))
        else:
            raise HoneymoonError("a move is a call, a card or stop")

    def step(self) -> bool:
        """Let the player of the seat in turn act, if it has one; False if it has none."""
        pending = self.pending()
        if pending is None:
            return False
        player = self.players[pending[0]]
        if player is None:
            return False
        self.move(pending[0], move_of(player, self.view(pending[0])))
        return True

    def run(self) -> None:
        """Let the seated players act until a seat without one is to act, or the end."""
        while self.step():
            pass
