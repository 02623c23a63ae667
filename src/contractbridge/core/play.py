"""The play (Laws 41-71 in their regular course): leads, following suit, tricks, claims."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from contractbridge.core.card import CARDS, Card, Suit
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.errors import (
    CardNotHeldError,
    CardOutOfTurnError,
    IllegalPlayError,
    PlayCompleteError,
    RevokeError,
)
from contractbridge.core.hand import _BY_HOLDING, SUIT_MASK, Hand, holding_cards, mask_cards
from contractbridge.core.seat import SEATS, Seat, Side


class Trick(NamedTuple):
    """A completed trick: who led, the four cards in the order played, who won it."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    def card_of(self, seat: Seat) -> Card:
        return self.cards[(seat - self.leader) & 3]


class Claim(NamedTuple):
    """A claim or concession: ``tricks`` of the remaining ones go to ``by``'s side."""

    by: Seat
    tricks: int
    remaining: int


def trick_winner(cards: Sequence[int], leader: int, trump: int) -> Seat:
    """The seat that wins a trick: the highest trump, else the highest card of the suit led.

    ``trump`` is a suit number, or -1 at notrump.
    """
    best = cards[0]
    best_pos = 0
    for pos in range(1, len(cards)):
        card = cards[pos]
        suit = card // 13
        best_suit = best // 13
        if (suit == best_suit and card > best) or (suit == trump and best_suit != trump):
            best, best_pos = card, pos
    return SEATS[(leader + best_pos) & 3]


class Play:
    """The play of a deal in a contract.

    The opening lead is made by declarer's left-hand opponent; dummy is faced after it and
    declarer plays dummy's cards. ``play(card)`` plays for whoever is in turn; pass
    ``by=seat`` to check who is acting (declarer acts for dummy).

    >>> deal = Deal.from_pbn(
    ...     "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> play = Play(deal, Contract.parse("3NT S"))
    >>> play.turn, play.play("HA"), play.turn
    (<Seat.W: 3>, None, <Seat.N: 0>)
    >>> play.play("D5")
    Traceback (most recent call last):
    ...
    contractbridge.core.errors.RevokeError: North must follow suit: hearts were led
    """

    __slots__ = (
        "_claim",
        "_decl_won",
        "_done",
        "_hands",
        "_leader",
        "_trick",
        "_tricks",
        "_trump",
        "_turn",
        "contract",
        "deal",
        "declarer",
        "first_leader",
    )

    deal: Deal
    contract: Contract
    declarer: Seat
    first_leader: Seat

    def __init__(self, deal: Deal, contract: Contract, *, leader: Seat | None = None) -> None:
        if contract.declarer is None:
            raise IllegalPlayError("the contract needs a declarer before the play")
        lengths = {len(h) for h in deal}
        if len(lengths) != 1 or 0 in lengths:
            raise IllegalPlayError("every hand must hold the same number of cards to play")
        self.deal = deal
        self.contract = contract
        self.declarer = contract.declarer
        self.first_leader = leader if leader is not None else self.declarer.lho
        suit = contract.strain.suit
        self._trump = int(suit) if suit is not None else -1
        self._hands = [h.mask for h in deal]
        self._turn = int(self.first_leader)
        self._leader = int(self.first_leader)
        self._trick: list[int] = []
        # completed tricks as (leader, c0, c1, c2, c3, winner) ints; Trick objects on demand
        self._tricks: list[tuple[int, int, int, int, int, int]] = []
        self._decl_won = 0
        self._claim: Claim | None = None
        self._done = False

    # -- state ------------------------------------------------------------------------
    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def turn(self) -> Seat | None:
        """The seat whose card is next (dummy's turn is dummy's seat), None when over."""
        return None if self.is_complete else SEATS[self._turn]

    @property
    def acting_seat(self) -> Seat | None:
        """The seat that must act now: declarer when it is dummy's turn."""
        turn = self.turn
        if turn is None:
            return None
        return self.declarer if turn == self.dummy else turn

    @property
    def is_complete(self) -> bool:
        return self._done

    def _hands_left(self) -> int:
        # cards still to play, counted in whole tricks (the trick in progress included)
        n = self._hands[self._leader].bit_count()
        return n + (1 if self._trick else 0)

    @property
    def dummy_visible(self) -> bool:
        """Dummy is faced once the opening lead is made."""
        return bool(self._tricks or self._trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(
            Trick(SEATS[t[0]], (CARDS[t[1]], CARDS[t[2]], CARDS[t[3]], CARDS[t[4]]), SEATS[t[5]])
            for t in self._tricks
        )

    @property
    def tricks_played(self) -> int:
        """Completed tricks (not counting a claim)."""
        return len(self._tricks)

    @property
    def current_trick(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self._trick)

    @property
    def leader(self) -> Seat:
        """Who led (or will lead) the trick in progress."""
        return SEATS[self._leader]

    @property
    def cards_played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        return tuple(CARDS[c] for t in self._tricks for c in t[1:5]) + self.current_trick

    @property
    def claim_made(self) -> Claim | None:
        return self._claim

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand.from_mask(self._hands[seat])

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by declarer's side so far (all of them once a claim is agreed)."""
        if self._claim is not None:
            claim = self._claim
            ours = claim.by.side == self.declarer.side
            return self._decl_won + (claim.tricks if ours else claim.remaining - claim.tricks)
        return self._decl_won

    @property
    def defender_tricks(self) -> int:
        done = len(self._tricks) + (self._claim.remaining if self._claim else 0)
        return done - self.declarer_tricks

    def tricks_won(self, side: Side) -> int:
        return self.declarer_tricks if side == self.declarer.side else self.defender_tricks

    @property
    def remaining_tricks(self) -> int:
        """Tricks not yet completed, the one in progress included."""
        if self._claim is not None:
            return 0
        return self._hands_left()

    # -- legality ---------------------------------------------------------------------
    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat in turn may play (those of the suit led if it has any)."""
        if self._done:
            return ()
        hand = self._hands[self._turn]
        trick = self._trick
        if trick:
            led = trick[0] // 13
            holding = hand >> (13 * led) & SUIT_MASK
            if holding:
                cards = _BY_HOLDING[led][holding]
                return cards if cards is not None else holding_cards(led, holding)
        return mask_cards(hand)

    def why_illegal(self, card: Card, by: Seat | None = None) -> str | None:
        """The reason ``card`` may not be played now (by ``by``), or None if it may."""
        try:
            self._check(card, by)
        except IllegalPlayError as error:
            return str(error)
        return None

    def _check(self, card: int, by: Seat | None) -> None:
        if self._done:
            raise PlayCompleteError("the play is over")
        turn = self._turn
        if by is not None:
            acting = self.declarer if turn == self.dummy else SEATS[turn]
            if by != acting:
                if by == self.dummy:
                    raise CardOutOfTurnError("dummy takes no part in the play; declarer plays")
                raise CardOutOfTurnError(
                    f"it is {acting.full_name}'s turn to play, not {by.full_name}'s"
                )
        hand = self._hands[turn]
        bit = 1 << card
        if not hand & bit:
            name = SEATS[turn].full_name
            for seat in SEATS:
                if self._hands[seat] & bit:
                    if by is None:
                        raise CardOutOfTurnError(
                            f"it is {name}'s turn to play; {CARDS[card]} is in "
                            f"{seat.full_name}'s hand"
                        )
                    raise CardNotHeldError(f"{name} does not hold {CARDS[card]}")
            raise CardNotHeldError(f"{CARDS[card]} has already been played")
        if self._trick:
            led = self._trick[0] // 13
            if card // 13 != led and hand >> (13 * led) & SUIT_MASK:
                raise RevokeError(
                    f"{SEATS[turn].full_name} must follow suit: {Suit(led).full_name} were led"
                )

    # -- changes ----------------------------------------------------------------------
    def play(self, card: Card | str, by: Seat | None = None) -> None:
        """Play ``card`` for the seat in turn (``by`` = who acts, checked when given)."""
        if card.__class__ is not Card:
            card = Card.parse(card) if isinstance(card, str) else CARDS[card]
        turn = self._turn
        hands = self._hands
        hand = hands[turn]
        bit = 1 << card
        trick = self._trick
        # Fast path: the card is held, it follows suit (or cannot) and nobody else acts.
        if by is not None or not hand & bit or self._done:
            self._check(card, by)
        elif trick:
            led = trick[0] // 13
            if card // 13 != led and hand >> (13 * led) & SUIT_MASK:
                self._check(card, by)
        hands[turn] = hand & ~bit
        trick.append(card)
        if len(trick) < 4:
            self._turn = (turn + 1) & 3
            return
        # The winner, inlined for speed: highest trump, else highest card of the suit led.
        c0, c1, c2, c3 = trick
        best, pos, trump = c0, 0, self._trump
        for p, c in ((1, c1), (2, c2), (3, c3)):
            if (c // 13 == best // 13 and c > best) or (c // 13 == trump and best // 13 != trump):
                best, pos = c, p
        leader = self._leader
        winner = (leader + pos) & 3
        self._tricks.append((leader, c0, c1, c2, c3, winner))
        if (winner ^ self.declarer) & 1 == 0:
            self._decl_won += 1
        self._leader = self._turn = winner
        self._trick = []
        if not self._hands[winner]:
            self._done = True

    def claim(self, tricks: int, by: Seat | None = None) -> None:
        """``by`` (default declarer) claims ``tricks`` of the remaining tricks for its side.

        Ends the play; a concession is a claim of fewer than all the remaining tricks
        (see :meth:`concede`). The trick in progress counts as remaining.
        """
        if self.is_complete:
            raise PlayCompleteError("the play is over")
        claimer = by if by is not None else self.declarer
        if claimer == self.dummy:
            raise IllegalPlayError("dummy may not claim (Law 43); declarer may")
        remaining = self._hands_left()
        if not 0 <= tricks <= remaining:
            raise IllegalPlayError(
                f"a claim is for 0 to {remaining} tricks (the tricks still to play), not {tricks}"
            )
        self._claim = Claim(claimer, tricks, remaining)
        self._done = True

    def concede(self, tricks: int, by: Seat | None = None) -> None:
        """``by`` (default declarer) concedes ``tricks`` of the remaining tricks."""
        if self.is_complete:
            raise PlayCompleteError("the play is over")
        self.claim(self._hands_left() - tricks, by)

    def undo(self) -> None:
        """Withdraw the claim if there is one, else take back the last card played."""
        if self._claim is not None:
            self._claim = None
            self._done = not self._trick and not self._hands[self._leader]
            return
        cards = self.cards_played[:-1]
        if not self._tricks and not self._trick:
            raise IllegalPlayError("no card has been played yet")
        self.__init__(self.deal, self.contract, leader=self.first_leader)  # type: ignore[misc]
        for card in cards:
            self.play(card)

    def copy(self) -> Play:
        clone = Play.__new__(Play)
        clone.deal = self.deal
        clone.contract = self.contract
        clone.declarer = self.declarer
        clone.first_leader = self.first_leader
        clone._trump = self._trump
        clone._hands = list(self._hands)
        clone._turn = self._turn
        clone._leader = self._leader
        clone._trick = list(self._trick)
        clone._tricks = list(self._tricks)
        clone._decl_won = self._decl_won
        clone._claim = self._claim
        clone._done = self._done
        return clone

    def remaining_deal(self) -> Deal:
        """The cards still held, as a (partial) deal."""
        return Deal([Hand.from_mask(m) for m in self._hands], partial=True)

    def __repr__(self) -> str:
        return f"Play({self.contract}, {len(self._tricks)} tricks, declarer {self.declarer_tricks})"
