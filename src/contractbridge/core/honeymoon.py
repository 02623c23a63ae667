"""Honeymoon bridge, bridge for two: one deal's rules.

Text 004 names the game and says no more than that it is a two-player adaptation of bridge
with several versions. This module plays the version published by the United States
Playing Card Company (Bicycle's and Hoyle's "Honeymoon Bridge"; see ``docs/honeymoon.md``):

- **The deal.** The dealer gives each player thirteen cards, one at a time, the
  non-dealer first; the other twenty-six are the stock, face down.
- **The draw** (``Phase.DRAW``). The non-dealer leads. Thirteen tricks are played at
  notrump: the second player must follow suit if able. After each trick the winner draws
  the top card of the stock and the loser the next (each sees only the card drawn), and
  the winner leads. These tricks do not score: they build the hands.
- **The auction** (``Phase.AUCTION``), when the stock is gone. The dealer calls first, and
  the two call in turn, as in bridge, until a bid, double or redouble is followed by a
  pass. Two passes at the start pass the deal out (``Phase.PASSED_OUT``).
- **The play** (``Phase.PLAY``). The player who did not make the final bid leads, and
  thirteen tricks are played in the contract's strain. Declarer needs ``level + 6``.

Every card played in the draw is seen by both, so once the stock is gone each player can
work out the other's thirteen cards: the game rewards memory. A :class:`HoneymoonView`
still carries only what the seat saw (its hand, its own draws, the tricks, the calls).

The two players sit South and West (:data:`PLAYERS`): seats of opposite sides, so that a
rubber scoresheet's WE and THEY columns are theirs.

>>> from contractbridge.core.card import CARDS
>>> deal = HoneymoonDeal(CARDS, dealer=Seat.S)
>>> deal.phase, deal.turn, len(deal.stock), len(deal.hands[Seat.W])
(<Phase.DRAW: 'draw'>, <Seat.W: 3>, 26, 13)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from contractbridge.core.call import BIDS, Call
from contractbridge.core.card import Card, Strain
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.errors import BridgeError
from contractbridge.core.hand import FULL_MASK, Hand
from contractbridge.core.seat import Seat, Vulnerability

#: the two players' seats (of opposite sides: each player is a side of the rubber)
PLAYERS = (Seat.S, Seat.W)
#: cards dealt to each player; the rest is the stock
HAND_SIZE = 13


class HoneymoonError(BridgeError):
    """An action the Honeymoon bridge rules do not allow now (out of turn, a revoke...)."""


class Phase(StrEnum):
    """Where a deal stands; ``turn`` says who acts in it."""

    DRAW = "draw"  # thirteen tricks at notrump for the stock; they do not score
    AUCTION = "auction"
    PLAY = "play"
    PASSED_OUT = "passed_out"  # two passes: no score, the other player deals next
    OVER = "over"


def opponent(seat: Seat) -> Seat:
    """The other player.

    >>> opponent(Seat.S), opponent(Seat.W)
    (<Seat.W: 3>, <Seat.S: 2>)
    """
    if seat not in PLAYERS:
        raise HoneymoonError(f"{seat.full_name} is not at a Honeymoon bridge table (South, West)")
    return PLAYERS[1 - PLAYERS.index(seat)]


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick of two cards: ``leader``'s card, then the other player's.

    >>> Trick(Seat.W, (Card.parse("H5"), Card.parse("S2"))).winner(Strain.NT)
    <Seat.W: 3>
    >>> Trick(Seat.W, (Card.parse("H5"), Card.parse("S2"))).winner(Strain.S)
    <Seat.S: 2>
    """

    leader: Seat
    cards: tuple[Card, ...]

    def winner(self, trump: Strain) -> Seat:
        lead, follow = self.cards
        if follow.suit == lead.suit:
            beats = follow.rank > lead.rank
        else:
            beats = trump != Strain.NT and int(follow.suit) == int(trump)
        return opponent(self.leader) if beats else self.leader

    def card_of(self, seat: Seat) -> Card:
        return self.cards[0] if seat == self.leader else self.cards[1]


@dataclass(frozen=True, slots=True)
class CallMade:
    """One call of the auction and who made it."""

    seat: Seat
    call: Call


def legal_cards(hand: Hand, led: Card | None) -> tuple[Card, ...]:
    """The cards ``hand`` may play: any on the lead, else one of the led suit if it has one.

    >>> legal_cards(Hand.from_pbn("A.K.Q.J"), Card.parse("D2"))
    (Card.parse('DQ'),)
    """
    if led is not None:
        follow = hand.cards_in(led.suit)
        if follow:
            return follow
    return tuple(hand)


def auction_contract(calls: Sequence[CallMade]) -> Contract | None:
    """The contract the calls name so far (the last bid, doubled or redoubled, with its
    bidder as declarer); None before any bid."""
    doubled = Doubled.NONE
    for made in reversed(calls):
        if made.call.is_double and doubled == Doubled.NONE:
            doubled = Doubled.DOUBLED
        elif made.call.is_redouble:
            doubled = Doubled.REDOUBLED
        elif made.call.is_bid:
            assert made.call.strain is not None
            return Contract(made.call.level, made.call.strain, doubled, made.seat)
    return None


def legal_calls(calls: Sequence[CallMade]) -> tuple[Call, ...]:
    """The calls the player in turn may make: pass, a higher bid, double of the other's
    bid, redouble of the other's double (two players call in turn, so the last call is
    always the other player's).

    >>> [str(c) for c in legal_calls([CallMade(Seat.S, Call.parse("7S"))])]
    ['Pass', 'X', '7NT']
    """
    last_bid = next((m.call for m in reversed(calls) if m.call.is_bid), None)
    calls_now = [Call.parse("Pass")]
    last = calls[-1].call if calls else None
    if last is not None and last.is_bid:
        calls_now.append(Call.parse("X"))
    if last is not None and last.is_double:
        calls_now.append(Call.parse("XX"))
    calls_now.extend(b for b in BIDS if last_bid is None or b.outranks(last_bid))
    return tuple(calls_now)


@dataclass(frozen=True)
class HoneymoonView:
    """What one player may know of a deal: the only thing a player decides from.

    ``hand`` is the cards held now; ``draws`` the cards this player drew from the stock, in
    order (the other's draws are never shown); ``draw_tricks`` and ``tricks`` the completed
    tricks of the draw and of the play, which both saw; ``trick`` the cards of the trick in
    progress.
    """

    seat: Seat
    dealer: Seat
    vulnerability: Vulnerability
    phase: Phase
    turn: Seat | None
    hand: Hand
    draws: tuple[Card, ...]
    stock: int
    draw_tricks: tuple[Trick, ...]
    calls: tuple[CallMade, ...]
    contract: Contract | None
    tricks: tuple[Trick, ...]
    trick: tuple[Card, ...]
    leader: Seat | None

    @property
    def opponent(self) -> Seat:
        return opponent(self.seat)

    @property
    def trump(self) -> Strain:
        return self.contract.strain if self.phase == Phase.PLAY and self.contract else Strain.NT

    @property
    def seen(self) -> Hand:
        """Every card that has left the players' hands (all tricks, the one in progress too)."""
        cards = [c for t in (*self.draw_tricks, *self.tricks) for c in t.cards]
        return Hand([*cards, *self.trick])

    @property
    def unseen(self) -> Hand:
        """The cards this player has not seen: the other's hand and the stock. Once the stock
        is gone, exactly the other player's hand."""
        return Hand.from_mask(FULL_MASK) - self.hand - self.seen

    def legal_cards(self) -> tuple[Card, ...]:
        if self.turn != self.seat or self.phase not in (Phase.DRAW, Phase.PLAY):
            return ()
        return legal_cards(self.hand, self.trick[0] if self.trick else None)

    def legal_calls(self) -> tuple[Call, ...]:
        if self.turn != self.seat or self.phase != Phase.AUCTION:
            return ()
        return legal_calls(self.calls)

    def won(self, seat: Seat) -> int:
        """Tricks ``seat`` has won in the play (the draw's tricks do not count)."""
        return sum(1 for t in self.tricks if t.winner(self.trump) == seat)


class HoneymoonDeal:
    """One deal of Honeymoon bridge from ``pack`` (the 52 cards in the order dealt: the
    non-dealer gets the first card, the dealer the second, and so on; the last 26, in
    order, are the stock, top first)."""

    def __init__(
        self,
        pack: Iterable[Card],
        dealer: Seat,
        vulnerability: Vulnerability = Vulnerability.NONE,
    ) -> None:
        cards = tuple(Card.from_index(int(c)) for c in pack)
        if len(cards) != 52 or len(set(cards)) != 52:
            raise HoneymoonError("a Honeymoon deal needs the 52 cards, each once")
        first = opponent(dealer)
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.pack = cards
        dealt = cards[: 2 * HAND_SIZE]
        #: the hands as dealt
        self.dealt: dict[Seat, Hand] = {first: Hand(dealt[0::2]), dealer: Hand(dealt[1::2])}
        self.hands: dict[Seat, Hand] = dict(self.dealt)
        self.stock: tuple[Card, ...] = cards[2 * HAND_SIZE :]
        self.draws: dict[Seat, list[Card]] = {dealer: [], first: []}
        self.draw_tricks: list[Trick] = []
        self.calls: list[CallMade] = []
        self.contract: Contract | None = None
        #: the hands when the stock ran out: the hands the auction and the play are about
        self.final_hands: dict[Seat, Hand] | None = None
        self.tricks: list[Trick] = []
        self.trick: list[Card] = []
        self.leader: Seat = first
        self.phase = Phase.DRAW
        self.turn: Seat | None = first

    # -- state ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase in (Phase.OVER, Phase.PASSED_OUT)

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract is not None else None

    @property
    def trump(self) -> Strain:
        if self.phase in (Phase.PLAY, Phase.OVER) and self.contract is not None:
            return self.contract.strain
        return Strain.NT

    @property
    def declarer_tricks(self) -> int:
        contract = self.contract
        if contract is None:
            return 0
        return sum(1 for t in self.tricks if t.winner(contract.strain) == contract.declarer)

    def view(self, seat: Seat) -> HoneymoonView:
        """What ``seat`` may know now."""
        opponent(seat)  # a seat at the table
        return HoneymoonView(
            seat=seat,
            dealer=self.dealer,
            vulnerability=self.vulnerability,
            phase=self.phase,
            turn=self.turn,
            hand=self.hands[seat],
            draws=tuple(self.draws[seat]),
            stock=len(self.stock),
            draw_tricks=tuple(self.draw_tricks),
            calls=tuple(self.calls),
            contract=self.contract if self.phase != Phase.AUCTION else None,
            tricks=tuple(self.tricks),
            trick=tuple(self.trick),
            leader=self.leader if self.phase in (Phase.DRAW, Phase.PLAY) else None,
        )

    def _check_turn(self, seat: Seat, phases: tuple[Phase, ...]) -> None:
        if self.is_over:
            raise HoneymoonError("the deal is over")
        if self.phase not in phases:
            if self.phase == Phase.AUCTION:
                raise HoneymoonError("no card now: it is the auction")
            raise HoneymoonError("no call now: a card is to be played")
        if seat != self.turn:
            assert self.turn is not None
            raise HoneymoonError(f"it is {self.turn.full_name}'s turn, not {seat.full_name}'s")

    # -- actions -------------------------------------------------------------------------
    def play_card(self, seat: Seat, card: Card | str) -> None:
        """``seat`` plays ``card`` to the trick (the draw or the play)."""
        self._check_turn(seat, (Phase.DRAW, Phase.PLAY))
        if isinstance(card, str):
            card = Card.parse(card)
        hand = self.hands[seat]
        if card not in hand:
            raise HoneymoonError(f"{seat.full_name} does not hold {card.symbol}")
        if card not in legal_cards(hand, self.trick[0] if self.trick else None):
            led = self.trick[0].suit.full_name
            raise HoneymoonError(f"{seat.full_name} must follow suit: {led} were led")
        self.hands[seat] = hand.remove(card)
        self.trick.append(card)
        if len(self.trick) == 1:
            self.turn = opponent(seat)
            return
        done = Trick(self.leader, tuple(self.trick))
        winner = done.winner(self.trump)
        self.trick = []
        self.leader = self.turn = winner
        if self.phase == Phase.DRAW:
            self.draw_tricks.append(done)
            loser = opponent(winner)
            # the winner draws first: the top card, the loser the next
            for drawer, drawn in ((winner, self.stock[0]), (loser, self.stock[1])):
                self.hands[drawer] = self.hands[drawer].add(drawn)
                self.draws[drawer].append(drawn)
            self.stock = self.stock[2:]
            if not self.stock:
                self.final_hands = dict(self.hands)
                self.phase = Phase.AUCTION
                self.turn = self.dealer
                self.leader = self.dealer
            return
        self.tricks.append(done)
        if len(self.tricks) == HAND_SIZE:
            self.phase = Phase.OVER
            self.turn = None

    def call(self, seat: Seat, call: Call | str) -> None:
        """``seat`` makes ``call`` in the auction."""
        self._check_turn(seat, (Phase.AUCTION,))
        if isinstance(call, str):
            call = Call.parse(call)
        if call not in legal_calls(self.calls):
            standing = auction_contract(self.calls)
            if call.is_bid and standing is not None:
                last = f"{standing.level}{standing.strain.symbol}"
                raise HoneymoonError(f"{call.symbol} is not higher than {last}")
            if call.is_double:
                raise HoneymoonError("a double is of the other player's bid, just made")
            raise HoneymoonError("a redouble is of the other player's double, just made")
        before = self.calls[-1].call if self.calls else None
        self.calls.append(CallMade(seat, call))
        self.turn = opponent(seat)
        if not call.is_pass or before is None:
            return
        if before.is_pass:  # pass, pass: nobody bid
            self.phase = Phase.PASSED_OUT
            self.turn = None
            return
        # a bid, double or redouble followed by a pass ends the auction
        self.contract = auction_contract(self.calls)
        assert self.contract is not None and self.contract.declarer is not None
        self.phase = Phase.PLAY
        self.leader = self.turn = opponent(self.contract.declarer)
