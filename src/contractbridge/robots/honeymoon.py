"""The Honeymoon bridge robot: a clear heuristic, deciding from its own
:class:`~contractbridge.core.honeymoon.HoneymoonView` only.

The project's four-handed robots (SAYC bidding, card play by double-dummy simulation) do
not fit a game of two hands without partners, so this robot reasons on its own:

- **The draw.** Each trick costs each player one card, and the cards drawn are unknown,
  so what counts is what is kept: it plays the legal card it values least (high cards and
  cards of long suits are worth keeping).
- **The auction.** Once the stock is gone the other player's hand is every card it has not
  seen (all the draw's tricks were face up), so it counts the tricks it would take in each
  strain as declarer against that hand (:func:`estimate_tricks`): sure winners, long cards
  and long trumps. It bids the best contract it expects to make, the game if it can, never
  above its count; doubles a contract the count says fails by two or more; redoubles its
  own when it expects an overtrick.
- **The play.** With eight cards or fewer each it solves the ending exactly
  (:func:`solve`); before, it cashes its winners, wins a trick as cheaply as it can and
  otherwise gives away its least useful card.

>>> from contractbridge.core.card import CARDS
>>> from contractbridge.core.honeymoon import HoneymoonDeal, Seat
>>> deal = HoneymoonDeal(CARDS, Seat.S)
>>> HoneymoonRobot().card(deal.view(Seat.W)) in deal.hands[Seat.W]
True
"""

from __future__ import annotations

from functools import lru_cache

from contractbridge.core.call import Call
from contractbridge.core.card import STRAINS, SUITS, Card, Rank, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.hand import Hand
from contractbridge.core.honeymoon import (
    HoneymoonView,
    Phase,
    auction_contract,
    legal_calls,
    legal_cards,
)
from contractbridge.scoring.duplicate import duplicate_score

#: cards each at or below which the robot solves the ending exactly
SOLVE_CARDS = 8
_HONOUR = {Rank.ACE: 4.5, Rank.KING: 3.0, Rank.QUEEN: 2.0, Rank.JACK: 1.0, Rank.TEN: 0.5}


def keep_value(card: Card, hand: Hand) -> float:
    """How much ``hand`` wants to keep ``card`` for the auction: its honour value, plus a
    little for each card of its suit (long suits make tricks), plus a hair for its rank."""
    return _HONOUR.get(card.rank, 0.0) + 0.25 * hand.length(card.suit) + card.rank / 100


def suit_tricks(mine: list[int], theirs: list[int]) -> int:
    """Rounds of a suit played out that my cards (ranks) win while both follow, each round
    won by the higher top card, the other playing its lowest.

    >>> suit_tricks([13, 12], [14]), suit_tricks([14, 12], [13, 11]), suit_tricks([14], [])
    (0, 1, 0)
    """
    mine, theirs = sorted(mine), sorted(theirs)
    won = 0
    while mine and theirs:
        if mine[-1] > theirs[-1]:
            mine.pop()
            theirs.pop(0)
            won += 1
        else:
            theirs.pop()
            mine.pop(0)
    return won


def estimate_tricks(hand: Hand, other: Hand, strain: Strain) -> int:
    """Tricks ``hand`` may take as declarer in ``strain`` against ``other`` (both known):
    in each suit the rounds its cards win while both follow (:func:`suit_tricks`), and its
    long cards once the other's are gone (at notrump, in the trump suit, or in a side suit
    when the other has no trumps to ruff them).

    >>> estimate_tricks(Hand.from_pbn("AKQJT98765432..."), Hand.from_pbn(".AKQJT98765432.."),
    ...                 Strain.S)
    13
    >>> estimate_tricks(Hand.from_pbn("KQ2.K2.K2.K5432"), Hand.from_pbn("A43.A3.A3.A9876"),
    ...                 Strain.NT)
    5
    """
    total = 0
    other_trumps = other.length(int(strain)) if strain != Strain.NT else 0
    for suit in SUITS:
        mine = [int(c.rank) for c in hand.cards_in(suit)]
        theirs = [int(c.rank) for c in other.cards_in(suit)]
        total += suit_tricks(mine, theirs)
        long_cards = max(0, len(mine) - len(theirs))
        is_trump = strain != Strain.NT and int(suit) == int(strain)
        if strain == Strain.NT or is_trump or not other_trumps:
            total += long_cards
    return min(total, 13)


def declarer_tricks(hand: Hand, other: Hand, strain: Strain) -> int:
    """The count :func:`estimate_tricks` gives ``hand`` as declarer, no more than the
    other's count leaves it (the other's long suits cost declarer discards).

    >>> declarer_tricks(Hand.from_pbn("AKQ.AKQ.AKQ.5432"), Hand.from_pbn("432.432.432.AKQJ"),
    ...                 Strain.NT)
    9
    """
    return min(estimate_tricks(hand, other, strain), 13 - estimate_tricks(other, hand, strain))


@lru_cache(maxsize=200_000)
def _solve(lead_hand: int, follow_hand: int, trump: int) -> int:
    """Tricks the player on lead takes from here, both playing their best (masks of cards)."""
    if not lead_hand:
        return 0
    best = 0
    lead_cards = Hand.from_mask(lead_hand)
    follow = Hand.from_mask(follow_hand)
    for led in _distinct(lead_cards, lead_hand | follow_hand):
        worst = 14
        for answer in _distinct_among(legal_cards(follow, led), lead_hand | follow_hand):
            if answer.suit == led.suit:
                leader_wins = led.rank > answer.rank
            else:
                leader_wins = trump == 4 or int(answer.suit) != trump
            rest_lead = lead_hand & ~led.bit
            rest_follow = follow_hand & ~answer.bit
            if leader_wins:
                got = 1 + _solve(rest_lead, rest_follow, trump)
            else:
                got = len(lead_cards) - 1 - _solve(rest_follow, rest_lead, trump)
            worst = min(worst, got)
            if worst <= best:
                break
        best = max(best, worst)
    return best


def _distinct(hand: Hand, live: int) -> list[Card]:
    return _distinct_among(tuple(hand), live)


def _distinct_among(cards: tuple[Card, ...], live: int) -> list[Card]:
    """One card of each run of cards equal in play (adjacent among the cards still out)."""
    kept: list[Card] = []
    for card in sorted(cards, reverse=True):
        if kept and kept[-1].suit == card.suit:
            between = (kept[-1].bit - 1) & ~((card.bit << 1) - 1)  # ranks strictly between
            if not between & live:
                continue
        kept.append(card)
    return kept


def solve(lead_hand: Hand, follow_hand: Hand, trump: Strain) -> int:
    """The tricks the player on lead takes, double dummy, of two equal hands.

    >>> solve(Hand.from_pbn("AK..."), Hand.from_pbn("QJ..."), Strain.NT)
    2
    >>> solve(Hand.from_pbn(".2.A."), Hand.from_pbn("..K.2"), Strain.C)
    1
    """
    return _solve(lead_hand.mask, follow_hand.mask, int(trump))


class HoneymoonRobot:
    """The robot opponent (see the module's text)."""

    def __init__(self, name: str = "Robot") -> None:
        self.name = name

    # -- the auction -----------------------------------------------------------------------
    def call(self, view: HoneymoonView) -> Call:
        legal = legal_calls(view.calls)
        other = view.unseen  # the stock is gone: exactly the other player's hand
        standing = auction_contract(view.calls)
        mine = {s: declarer_tricks(view.hand, other, s) for s in STRAINS}
        theirs_vul = view.vulnerability.is_vulnerable(view.opponent)
        my_vul = view.vulnerability.is_vulnerable(view.seat)
        last = view.calls[-1].call if view.calls else None
        if standing is not None and standing.declarer == view.seat:
            # my contract stands, doubled: redouble it when I expect an overtrick
            overtrick = mine[standing.strain] >= standing.tricks_needed + 1
            if last is not None and last.is_double and overtrick:
                return Call.parse("XX")
            return Call.parse("Pass")
        best = self._best_contract(mine, my_vul)
        if standing is not None:
            theirs = declarer_tricks(other, view.hand, standing.strain)
            against = -duplicate_score(standing, theirs, theirs_vul)
            mine_score = (
                duplicate_score(best, mine[best.strain], my_vul) if best is not None else None
            )
            higher = best is not None and Call.bid(best.level, best.strain) in legal
            if higher and mine_score is not None and mine_score > against:
                assert best is not None
                return Call.bid(best.level, best.strain)
            if Call.parse("X") in legal and theirs <= standing.tricks_needed - 2:
                return Call.parse("X")
            return Call.parse("Pass")
        if best is None:
            return Call.parse("Pass")
        return Call.bid(best.level, best.strain)

    @staticmethod
    def _best_contract(tricks: dict[Strain, int], vulnerable: bool) -> Contract | None:
        """The contract scoring most among those the counts say are made (the level of the
        tricks counted, no lower: only bid tricks count toward a game)."""
        best: tuple[int, int, Contract] | None = None
        for strain, count in tricks.items():
            if count < 7:
                continue
            contract = Contract(count - 6, strain)
            score = duplicate_score(contract, count, vulnerable)
            key = (score, -contract.level)
            if best is None or key > best[:2]:
                best = (score, -contract.level, contract)
        return best[2] if best is not None else None

    # -- the cards -------------------------------------------------------------------------
    def card(self, view: HoneymoonView) -> Card:
        legal = view.legal_cards()
        if not legal:
            raise ValueError("the robot was asked for a card out of its turn")
        if len(legal) == 1:
            return legal[0]
        if view.phase == Phase.DRAW:
            return min(legal, key=lambda c: keep_value(c, view.hand))
        other = view.unseen
        trump = view.trump
        if len(view.hand) <= SOLVE_CARDS:
            return self._solved(view, other, legal, trump)
        if view.trick:
            return self._follow(view.trick[0], legal, trump, view.hand)
        return self._lead(view.hand, other, trump)

    @staticmethod
    def _solved(view: HoneymoonView, other: Hand, legal: tuple[Card, ...], trump: Strain) -> Card:
        """The card that takes most tricks from here, double dummy (cheapest among equals)."""
        live = view.hand.mask | other.mask
        best: tuple[int, float, Card] | None = None
        for card in _distinct_among(legal, live):
            rest = view.hand.remove(card)
            if view.trick:
                led = view.trick[0]
                wins = (
                    card.rank > led.rank
                    if card.suit == led.suit
                    else trump != Strain.NT and int(card.suit) == int(trump)
                )
                after = (
                    1 + solve(rest, other, trump) if wins else len(rest) - solve(other, rest, trump)
                )
            else:
                after = min(
                    (
                        (1 + solve(rest, other.remove(a), trump))
                        if not _beats(a, card, trump)
                        else (len(rest) - solve(other.remove(a), rest, trump))
                    )
                    for a in legal_cards(other, card)
                )
            key = (after, -keep_value(card, view.hand))
            if best is None or key > best[:2]:
                best = (after, key[1], card)
        assert best is not None
        return best[2]

    @staticmethod
    def _follow(led: Card, legal: tuple[Card, ...], trump: Strain, hand: Hand) -> Card:
        """Win as cheaply as possible; else give the least useful card."""
        winners = [c for c in legal if _beats(c, led, trump)]
        if winners:
            return min(winners, key=lambda c: (c.suit != led.suit, c.rank))
        return min(legal, key=lambda c: keep_value(c, hand))

    @staticmethod
    def _lead(hand: Hand, other: Hand, trump: Strain) -> Card:
        """Cash a sure winner the other must follow (trumps first); else lead low from the
        longest suit."""
        winners = [
            card
            for card in hand
            if (theirs := other.cards_in(card.suit)) and all(card.rank > c.rank for c in theirs)
        ]
        if winners:
            return max(
                winners, key=lambda c: (trump != Strain.NT and int(c.suit) == int(trump), c.rank)
            )
        longest = max(SUITS, key=lambda s: (hand.length(s), -s))
        return min(hand.cards_in(longest), key=lambda c: c.rank)


def _beats(card: Card, led: Card, trump: Strain) -> bool:
    """Does ``card``, played second, win the trick ``led`` started?"""
    if card.suit == led.suit:
        return card.rank > led.rank
    return trump != Strain.NT and int(card.suit) == int(trump)
