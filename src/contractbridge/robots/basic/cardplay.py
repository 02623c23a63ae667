"""The basic robot's card play: opening leads, leads, following and discards by simple
heuristics from what the seat sees (:func:`choose_card`), and the sure winners it counts
before accepting a claim (:func:`sure_winners`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from contractbridge.core.card import CARDS, Card, Strain
from contractbridge.core.hand import Hand
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.basic.hands import suit_hcp


def _played_mask(view: SeatView) -> int:
    m = 0
    for _, card in view.played:
        m |= 1 << card
    return m


def _cards_in(hand: Hand, suit: int) -> tuple[Card, ...]:
    return hand.cards_in(suit)  # highest first


def _is_master(card: int, ours: int, played: int) -> bool:
    """No card above ``card`` in its suit is still held by the opponents (as far as seen)."""
    suit_top = (card // 13) * 13 + 12
    known = ours | played
    return all(known >> higher & 1 for higher in range(card + 1, suit_top + 1))


def _bottom_of_sequence(card: Card, hand: Hand, played: int) -> Card:
    """The cheapest card equal to ``card``: step down through our cards and played ones."""
    best = card
    c = card - 1
    base = (card // 13) * 13
    while c >= base:
        if hand.mask >> c & 1:
            best = CARDS[c]
        elif not played >> c & 1:
            break
        c -= 1
    return best


@dataclass(frozen=True, slots=True)
class _PlayContext:
    view: SeatView
    turn: Seat
    hand: Hand
    partner_hand: Hand | None
    trump: int  # suit number, -1 at notrump
    played: int
    declaring: bool

    @property
    def ours(self) -> int:
        return self.hand.mask | (self.partner_hand.mask if self.partner_hand else 0)


def choose_card(view: SeatView) -> Card:
    """The basic robot's card for ``view.turn`` (its own hand or, declaring, dummy's)."""
    legal = view.legal_cards()
    if not legal:
        raise ValueError("the basic robot was asked for a card it cannot play")
    if len(legal) == 1:
        return legal[0]
    assert view.turn is not None and view.contract is not None and view.declarer is not None
    turn = view.turn
    hand = view.visible_hand(turn)
    assert hand is not None
    suit = view.contract.strain.suit
    ctx = _PlayContext(
        view=view,
        turn=turn,
        hand=hand,
        partner_hand=view.visible_hand(turn.partner),
        trump=int(suit) if suit is not None else -1,
        played=_played_mask(view),
        declaring=turn.side == view.declarer.side,
    )
    trick = view.current_trick
    if not trick:
        if not view.played:
            return _opening_lead(ctx, legal)
        return _lead(ctx, legal)
    return _follow(ctx, legal, trick)


def _lead_card(ctx: _PlayContext, suit: int) -> Card:
    """Top of a sequence, top of a doubleton, fourth best from four or more, low from an honour
    (but never away from an ace at a suit contract), top of three small."""
    cards = _cards_in(ctx.hand, suit)
    n = len(cards)
    if n == 1:
        return cards[0]
    if cards[0].rank >= 10 and cards[1] == cards[0] - 1:
        return cards[0]
    if ctx.trump >= 0 and suit != ctx.trump and cards[0].rank == 14:
        return cards[0]
    if n == 2:
        return cards[0]
    if n >= 4:
        return cards[3]
    return cards[-1] if cards[0].rank >= 11 else cards[0]


def _suits_bid(view: SeatView, seats: Iterable[Seat]) -> list[int]:
    """Suits bid by ``seats``, most recent first."""
    wanted = set(seats)
    out: list[int] = []
    for i in range(len(view.calls) - 1, -1, -1):
        call = view.calls[i]
        if view.dealer.next(i) in wanted and call.is_bid and call.strain != Strain.NT:
            assert call.strain is not None
            if int(call.strain) not in out:
                out.append(int(call.strain))
    return out


def _opening_lead(ctx: _PlayContext, legal: Sequence[Card]) -> Card:
    view, hand = ctx.view, ctx.hand
    for suit in _suits_bid(view, [ctx.turn.partner]):
        if suit != ctx.trump and hand.length(suit):
            return _lead_card(ctx, suit)
    theirs = set(_suits_bid(view, [ctx.turn.lho, ctx.turn.rho]))
    suits = [s for s in range(4) if hand.length(s) and s != ctx.trump] or [
        s for s in range(4) if hand.length(s)
    ]
    if ctx.trump >= 0:
        seqs = [s for s in suits if _top_sequence(hand, s)]
        if seqs:
            return _lead_card(ctx, max(seqs, key=lambda s: (suit_hcp(hand, s), s)))
    unbid = [s for s in suits if s not in theirs] or suits
    best = max(unbid, key=lambda s: (hand.length(s), suit_hcp(hand, s), s))
    return _lead_card(ctx, best)


def _top_sequence(hand: Hand, suit: int) -> bool:
    cards = hand.cards_in(suit)
    return len(cards) >= 2 and cards[0].rank >= 11 and cards[1] == cards[0] - 1


def _lead(ctx: _PlayContext, legal: Sequence[Card]) -> Card:
    hand, played, trump = ctx.hand, ctx.played, ctx.trump
    if ctx.declaring:
        partner = ctx.partner_hand or Hand()
        if trump >= 0 and hand.length(trump):
            ours = hand.length(trump) + partner.length(trump)
            gone = (played >> (13 * trump) & 0x1FFF).bit_count()
            outstanding = 13 - ours - gone
            if outstanding > 0:  # draw trumps: the master if held, else a low one
                top = hand.cards_in(trump)[0]
                return top if _is_master(top, ctx.ours, played) else hand.cards_in(trump)[-1]
        masters = [c for c in hand if _is_master(c, ctx.ours, played)]
        if masters:  # cash winners, side suits first, the longest suit between the hands first
            return max(
                masters,
                key=lambda c: (c // 13 != trump, hand.length(c // 13) + partner.length(c // 13)),
            )
        for s in range(4):
            tops = partner.cards_in(s)
            if tops and hand.length(s) and _is_master(tops[0], ctx.ours, played):
                return hand.cards_in(s)[-1]
        suits = [s for s in range(4) if hand.length(s) and s != trump] or [
            s for s in range(4) if hand.length(s)
        ]
        return hand.cards_in(max(suits, key=lambda s: (hand.length(s), s)))[-1]
    # a defender on lead: partner's suit, then winners, then my own suit, then the longest
    view = ctx.view
    leads = [(seat, c) for i, (seat, c) in enumerate(view.played) if i % 4 == 0]
    partner_leads = [c for seat, c in leads if seat == ctx.turn.partner]
    if partner_leads:
        suit = partner_leads[0] // 13
        if hand.length(suit) and suit != trump:
            cards = hand.cards_in(suit)
            if _is_master(cards[0], ctx.ours, played) or len(cards) <= 2:
                return cards[0]
            return cards[-1]
    masters = [c for c in hand if c // 13 != trump and _is_master(c, ctx.ours, played)]
    if masters:
        return masters[0]
    my_leads = [c for seat, c in leads if seat == ctx.turn]
    if my_leads and hand.length(my_leads[0] // 13):
        return _lead_card(ctx, my_leads[0] // 13)
    suits = [s for s in range(4) if hand.length(s) and s != trump] or [
        s for s in range(4) if hand.length(s)
    ]
    return _lead_card(ctx, max(suits, key=lambda s: (hand.length(s), suit_hcp(hand, s), s)))


def _follow(ctx: _PlayContext, legal: Sequence[Card], trick: tuple[tuple[Seat, Card], ...]) -> Card:
    cards = [c for _, c in trick]
    leader = trick[0][0]
    winner = trick_winner(cards, leader, ctx.trump)
    winning_card = cards[(winner - leader) & 3]
    partner_winning = winner == ctx.turn.partner
    led = cards[0] // 13
    position = len(trick)  # 1 second hand, 2 third hand, 3 fourth hand
    following = legal[0] // 13 == led
    if following:
        lowest = legal[-1]
        beats = [c for c in legal if _beats(c, winning_card, ctx.trump)]
        if position == 1:
            return lowest  # second hand low
        if position == 3:
            return lowest if partner_winning or not beats else beats[-1]  # win cheaply
        # third hand high (with the cheapest of equal cards), unless partner has it won
        if partner_winning and _is_master(winning_card, ctx.ours, ctx.played):
            return lowest
        fourth = ctx.view.visible_hand(ctx.turn.lho)
        if fourth is not None and fourth.length(led):
            top4 = fourth.cards_in(led)[0]
            sure = [c for c in beats if c > top4]
            return sure[-1] if sure else lowest
        if not beats:
            return lowest
        return _bottom_of_sequence(legal[0], ctx.hand, ctx.played)
    # cannot follow: let partner's winner stand, else ruff as cheaply as will win, else discard
    if partner_winning and (position == 3 or _is_master(winning_card, ctx.ours, ctx.played)):
        return _discard(ctx, legal)
    if ctx.trump >= 0:
        ruffs = [c for c in legal if c // 13 == ctx.trump and _beats(c, winning_card, ctx.trump)]
        if ruffs:
            return ruffs[-1]
    return _discard(ctx, legal)


def _beats(card: int, best: int, trump: int) -> bool:
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def _discard(ctx: _PlayContext, legal: Sequence[Card]) -> Card:
    """The lowest card of the weakest side suit (fewest high-card points; then the longest)."""
    suits = sorted({c // 13 for c in legal})
    side = [s for s in suits if s != ctx.trump] or suits
    weakest = min(side, key=lambda s: (suit_hcp(ctx.hand, s), -ctx.hand.length(s), s))
    return ctx.hand.cards_in(weakest)[-1]


def sure_winners(view: SeatView) -> int:
    """Tricks this seat can see it will take on its own: masters from the top of each suit."""
    played = _played_mask(view)
    ours = view.hand.mask
    total = 0
    for suit in range(4):
        for card in view.hand.cards_in(suit):
            if _is_master(card, ours, played):
                total += 1
            else:
                break
    return total
