"""A series of Minibridge deals with players (people or robots) in the seats.

Deals are numbered like boards: deal *n* is dealt by board *n*'s dealer (Law 2). A redeal
(20-20 points, or four passes in the slips form) is dealt again by the same dealer under the
same number. The score runs over the series (:class:`MinibridgeScore`). Minibridge is
played non-vulnerable; ``vulnerable=True`` takes each board's bridge vulnerability.

>>> from contractbridge.robots.minibridge import MinibridgeRobot
>>> series = MinibridgeSeries([MinibridgeRobot(budget=0.01, samples=2)] * 4, deals=1, seed=3)
>>> series.run()
>>> series.is_over, len(series.score.results)
(True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from contractbridge.core.card import Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Board, Deal
from contractbridge.core.minibridge import Form, MinibridgeDeal, MinibridgeError, MiniView, Phase
from contractbridge.core.seat import SEATS, Seat, Vulnerability
from contractbridge.scoring.minibridge import MinibridgeResult, MinibridgeScore


class MinibridgePlayer(Protocol):
    """Anything that can sit at a Minibridge table; each method gets the seat's view only."""

    name: str

    def announce(self, view: MiniView) -> int: ...

    def speak(self, view: MiniView) -> bool: ...

    def declare(self, view: MiniView) -> tuple[Strain, bool]: ...

    def bid(self, view: MiniView) -> Contract | None: ...

    def card(self, view: MiniView) -> Card: ...


def minibridge_deal_for(seed: int, number: int, attempt: int = 0) -> Deal:
    """The cards of deal ``number`` (its ``attempt``-th redeal) of a series opened with
    ``seed``: the same on every machine."""
    return Deal.random(random.Random(f"contractbridge/minibridge/{seed}/{number}/{attempt}"))


def move_of(player: MinibridgePlayer, view: MiniView) -> dict[str, Any]:
    """What ``player`` does at its turn (``view``'s phase), as a move: ``{"announce": 12}``,
    ``{"open": true}``, ``{"strain": "H", "game": true}``, ``{"bid": "2NT"}`` (None: pass)
    or ``{"card": "SA"}``; a move is plain data, so a log can keep it and a worker send it."""
    phase = view.phase
    if phase == Phase.ANNOUNCE:
        return {"announce": player.announce(view)}
    if phase == Phase.OPEN:
        return {"open": player.speak(view)}
    if phase == Phase.DECLARE:
        strain, game = player.declare(view)
        return {"strain": strain.name, "game": game}
    if phase == Phase.BID:
        bid = player.bid(view)
        return {"bid": f"{bid.level}{bid.strain.name}" if bid is not None else None}
    return {"card": str(player.card(view))}


class MinibridgeSeries:
    """``deals`` Minibridge deals in ``form``; seats without a player wait for the methods
    :meth:`announce`, :meth:`speak`, :meth:`declare`, :meth:`bid` and :meth:`play_card`."""

    def __init__(
        self,
        players: Mapping[Seat, MinibridgePlayer | None] | Sequence[MinibridgePlayer | None],
        *,
        form: Form | str = Form.POINTS,
        deals: int = 4,
        seed: int | None = None,
        vulnerable: bool = False,
    ) -> None:
        if deals < 1:
            raise MinibridgeError(f"a series has at least one deal, not {deals}")
        if isinstance(players, Mapping):
            self.players = {s: players.get(s) for s in SEATS}
        else:
            seq = list(players) or [None] * 4
            self.players = dict(zip(SEATS, seq, strict=True))
        self.form = form if isinstance(form, Form) else Form.parse(form)
        self.deals = deals
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.vulnerable = vulnerable
        self.score = MinibridgeScore()
        self.number = 1
        self.attempt = 0
        #: every deal so far in order, redeals included; the last is the one in progress
        self.history: list[MinibridgeDeal] = []
        #: the deal number of each deal of ``history`` (a redeal keeps its number)
        self.numbers: list[int] = []
        self._new_deal()

    # -- state --------------------------------------------------------------------------------
    @property
    def current(self) -> MinibridgeDeal:
        return self.history[-1]

    @property
    def is_over(self) -> bool:
        return self.number > self.deals

    def board(self) -> Board:
        return Board(self.number)

    def pending(self) -> tuple[Seat, Phase] | None:
        """Who must act now and in which phase; None when the series is over."""
        if self.is_over:
            return None
        turn = self.current.turn
        assert turn is not None
        return turn, self.current.phase

    def view(self, seat: Seat) -> MiniView:
        return self.current.view(seat)

    def result_of(self, deal: MinibridgeDeal) -> MinibridgeResult | None:
        """The scored result of a finished deal of this series (None: redealt, unfinished)."""
        played = [d for d in self.history if d.phase == Phase.OVER]
        if deal not in played:
            return None
        return self.score.results[played.index(deal)]

    def _new_deal(self) -> None:
        board = Board(self.number)
        vul = board.vulnerability if self.vulnerable else Vulnerability.NONE
        cards = minibridge_deal_for(self.seed, self.number, self.attempt)
        self.history.append(MinibridgeDeal(cards, board.dealer, self.form, vul))
        self.numbers.append(self.number)

    def _settle(self) -> None:
        deal = self.current
        if deal.phase == Phase.REDEAL:
            self.attempt += 1
            self._new_deal()
        elif deal.phase == Phase.OVER:
            assert deal.contract is not None and deal.declarer is not None
            vul = deal.vulnerability.is_vulnerable(deal.declarer)
            self.score.record(self.number, deal.contract, deal.declarer_tricks, vul)
            self.number += 1
            self.attempt = 0
            if not self.is_over:
                self._new_deal()

    def _live(self) -> MinibridgeDeal:
        if self.is_over:
            raise MinibridgeError("the series is over")
        return self.current

    # -- actions ------------------------------------------------------------------------------
    def announce(self, seat: Seat, points: int) -> None:
        self._live().announce(seat, points)
        self._settle()

    def speak(self, seat: Seat, opens: bool) -> None:
        self._live().speak(seat, opens)
        self._settle()

    def declare(self, seat: Seat, strain: Strain, game: bool) -> None:
        self._live().declare(seat, strain, game)
        self._settle()

    def bid(self, seat: Seat, contract: Contract | None) -> None:
        self._live().bid(seat, contract)
        self._settle()

    def play_card(self, seat: Seat, card: Card | str) -> None:
        self._live().play_card(seat, card)
        self._settle()

    def move(self, seat: Seat, move: Mapping[str, Any]) -> None:
        """Make one move (:func:`move_of`'s form, as a series' log stores it) for ``seat``;
        MinibridgeError (or a ParseError) for a move the rules refuse or that names none."""
        if move.get("announce") is not None:
            points = move["announce"]
            if not isinstance(points, int) or isinstance(points, bool):
                raise MinibridgeError("the points announced are a whole number")
            self.announce(seat, points)
        elif move.get("open") is not None:
            self.speak(seat, bool(move["open"]))
        elif move.get("strain") is not None:
            self.declare(seat, Strain.parse(str(move["strain"])), bool(move.get("game", False)))
        elif "bid" in move:
            bid = move["bid"]
            self.bid(seat, None if bid in (None, "", "pass") else Contract.parse(str(bid)))
        elif move.get("card") is not None:
            self.play_card(seat, Card.parse(str(move["card"])))
        else:
            raise MinibridgeError("a move is one of announce, open, strain, bid or card")

    def step(self) -> bool:
        """Let the player of the seat in turn act, if it has one; False if it has none."""
        pending = self.pending()
        if pending is None:
            return False
        seat, _ = pending
        player = self.players[seat]
        if player is None:
            return False
        self.move(seat, move_of(player, self.view(seat)))
        return True

    def run(self) -> None:
        """Let the seated players act until a seat without one is to act, or the end."""
        while self.step():
            pass
