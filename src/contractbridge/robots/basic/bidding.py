"""The basic robot's bidding: natural, no conventions, each call with the words for what it
shows (:func:`choose_call`), from the auction as the robot reads it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from contractbridge.core.call import PASS, Call
from contractbridge.core.card import Strain
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.basic.hands import good_suit, hcp, is_balanced

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def _bid(level: int, strain: int) -> Call:
    return Call.bid(level, Strain(strain))


def _name(strain: int) -> str:
    return "notrump" if strain == 4 else SUIT_NAMES[strain]


# -- the auction as the robot reads it -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Auction:
    me: Seat
    seq: tuple[tuple[Seat, Call], ...]

    @classmethod
    def of(cls, view: SeatView) -> _Auction:
        return cls(view.seat, tuple((view.dealer.next(i), c) for i, c in enumerate(view.calls)))

    @property
    def bids(self) -> list[tuple[Seat, Call]]:
        return [(s, c) for s, c in self.seq if c.is_bid]

    def bids_of(self, seat: Seat) -> list[Call]:
        return [c for s, c in self.seq if s == seat and c.is_bid]

    @property
    def last_bid(self) -> Call | None:
        bids = self.bids
        return bids[-1][1] if bids else None

    def legal(self, call: Call) -> bool:
        """Whether ``call`` is a legal call now (robots never double or redouble)."""
        if call.is_pass:
            return True
        last = self.last_bid
        return call.is_bid and (last is None or call.index > last.index)

    def cheapest(self, strain: int) -> Call | None:
        """The cheapest legal bid in ``strain``."""
        for level in range(1, 8):
            call = _bid(level, strain)
            if self.legal(call):
                return call
        return None


Choice = tuple[Call, str]


def choose_call(view: SeatView) -> Choice:
    """The basic robot's call for ``view``, and what it shows in words."""
    a = _Auction.of(view)
    hand = view.hand
    me = view.seat
    bids = a.bids
    choice: Choice | None
    if not bids:
        choice = _opening(hand)
    else:
        opener, opening = bids[0]
        mine = a.bids_of(me)
        partners = a.bids_of(me.partner)
        if opener == me:
            choice = _opener_rebid(a, hand, opening, partners) if len(mine) == 1 else None
        elif opener == me.partner:
            choice = _response(a, hand, opening) if not mine else None
        elif not mine and not partners:
            choice = _overcall(a, hand)
        elif not mine:
            choice = _advance(a, hand, partners[0])
        else:
            choice = None
        if choice is None:
            choice = _later(a, hand)
    if not a.legal(choice[0]):  # a rule may name a bid the auction has gone past
        return PASS, "nothing more to say"
    return choice


def _opening(hand: Hand) -> Choice:
    points = hcp(hand)
    if is_balanced(hand) and 20 <= points <= 21:
        return _bid(2, 4), "20-21 HCP, balanced"
    if is_balanced(hand) and 15 <= points <= 17:
        return _bid(1, 4), "15-17 HCP, balanced"
    if points < 12:
        return PASS, "fewer than 12 HCP"
    suit = opening_suit(hand)
    if suit >= 2:
        return _bid(1, suit), f"12+ HCP, 5+ {SUIT_NAMES[suit]}"
    n = hand.length(suit)
    if n >= 5 and n == max(hand.shape()):
        return _bid(1, suit), f"12+ HCP, {SUIT_NAMES[suit]} the longest suit"
    return _bid(1, suit), f"12+ HCP, 3+ {SUIT_NAMES[suit]}, no 5-card major"


def opening_suit(hand: Hand) -> int:
    """The longest suit (the higher of two 5+ suits); without a 5-card suit the longer minor."""
    lengths = [hand.length(s) for s in range(4)]
    longest = max(lengths)
    if longest >= 5:
        return max(s for s in range(4) if lengths[s] == longest)
    return 1 if lengths[1] > lengths[0] or lengths[1] == lengths[0] == 4 else 0


def _response(a: _Auction, hand: Hand, opening: Call) -> Choice | None:
    points = hcp(hand)
    assert opening.strain is not None
    if opening.level == 1 and opening.strain == Strain.NT:
        return _respond_1nt(hand, points)
    if opening.level == 2 and opening.strain == Strain.NT:
        major = _long_major(hand, 6)
        if points >= 4 and major is not None:
            return _bid(4, major), f"4+ HCP, 6+ {SUIT_NAMES[major]}, to play"
        if 4 <= points <= 10:
            return _bid(3, 4), "4-10 HCP, to play"
        if points >= 11:
            return _bid(6, 4), "11+ HCP, to play"
        return PASS, "fewer than 4 HCP"
    if points < 6:
        return PASS, "fewer than 6 HCP"
    x = int(opening.strain)
    major = x >= 2
    if major and hand.length(x) >= 3:
        return _raise(a, x, points, 3)
    # a new suit at the one level: the longest (of equal ones the cheaper, of 5-5 the higher)
    ups = [s for s in range(x + 1, 4) if hand.length(s) >= 4 and a.legal(_bid(1, s))]
    if ups:
        s = _pick_suit(hand, ups)
        return _bid(1, s), f"6+ HCP, 4+ {SUIT_NAMES[s]}"
    if not major and hand.length(x) >= 4 and points <= 12:
        return _raise(a, x, points, 4)
    if points >= 10:
        downs = [s for s in range(x) if hand.length(s) >= (5 if s == 2 and x == 3 else 4)]
        if downs:
            s = _pick_suit(hand, downs)
            return _bid(2, s), f"10+ HCP, 4+ {SUIT_NAMES[s]}"
    if points <= 10:
        return _bid(1, 4), "6-10 HCP, no fit, no suit to bid at the one level"
    if points <= 12:
        return _bid(2, 4), "11-12 HCP, no fit, invitational"
    return _bid(3, 4), "13+ HCP, no fit, to play"


def _raise(a: _Auction, x: int, points: int, support: int) -> Choice:
    if points <= 9:
        return _bid(2, x), f"6-9 HCP, {support}+ {SUIT_NAMES[x]}"
    if points <= 12:
        return _bid(3, x), f"10-12 HCP, {support}+ {SUIT_NAMES[x]}, invitational"
    if x >= 2:
        return _bid(4, x), f"13+ HCP, {support}+ {SUIT_NAMES[x]}, game"
    return _bid(3, 4), f"13+ HCP, {support}+ {SUIT_NAMES[x]}, to play"


def _respond_1nt(hand: Hand, points: int) -> Choice:
    major6, major5 = _long_major(hand, 6), _long_major(hand, 5)
    if points >= 10 and major6 is not None:
        return _bid(4, major6), f"10+ HCP, 6+ {SUIT_NAMES[major6]}, to play"
    if points >= 10 and major5 is not None:
        return _bid(3, major5), f"10+ HCP, 5 {SUIT_NAMES[major5]}, forcing: 3NT or 4 of it"
    if points <= 7:
        long = [s for s in (1, 2, 3) if hand.length(s) >= 5]
        if long:
            s = _pick_suit(hand, long)
            return _bid(2, s), f"0-7 HCP, 5+ {SUIT_NAMES[s]}, to play"
        return PASS, "0-7 HCP"
    if points <= 9:
        return _bid(2, 4), "8-9 HCP, invitational"
    if points <= 15:
        return _bid(3, 4), "10-15 HCP, to play"
    if points <= 17:
        return _bid(4, 4), "16-17 HCP, invites 6NT"
    return _bid(6, 4), "18+ HCP, to play"


def _long_major(hand: Hand, n: int) -> int | None:
    majors = [s for s in (3, 2) if hand.length(s) >= n]
    return max(majors, key=hand.length) if majors else None


def _pick_suit(hand: Hand, suits: Sequence[int]) -> int:
    """The longest; of equal four-card suits the cheapest, of equal 5+ suits the highest."""
    longest = max(hand.length(s) for s in suits)
    tied = [s for s in suits if hand.length(s) == longest]
    return max(tied) if longest >= 5 else min(tied)


def _opener_rebid(a: _Auction, hand: Hand, opening: Call, partners: list[Call]) -> Choice | None:
    points = hcp(hand)
    if not partners:
        return PASS, "partner has not bid"
    r = partners[0]
    assert opening.strain is not None and r.strain is not None
    x, y = int(opening.strain), int(r.strain)
    if opening.strain == Strain.NT:
        if opening.level == 1:
            if r.level == 2 and y == 4:
                return (_bid(3, 4), "16-17 HCP, accepts") if points >= 16 else (PASS, "15 HCP")
            if r.level == 3 and y in (2, 3):
                if hand.length(y) >= 3:
                    return _bid(4, y), f"3+ {SUIT_NAMES[y]}"
                return _bid(3, 4), f"2 {SUIT_NAMES[y]}"
            if r.level == 4 and y == 4:
                return (_bid(6, 4), "16-17 HCP") if points >= 16 else (PASS, "15 HCP")
        return PASS, "partner has placed the contract"
    if y == x:  # partner raised
        if r.level == 2:
            if points >= 19:
                return _game(hand, x), "19+ HCP, game"
            if points >= 16:
                return _bid(3, x), "16-18 HCP, invites game"
            return PASS, "minimum opening"
        if r.level == 3 and points >= 14:
            return _game(hand, x), "14+ HCP, accepts the invitation"
        return PASS, "minimum opening" if r.level == 3 else "partner has placed the contract"
    if y == 4:
        if r.level == 1:
            if hand.length(x) >= 6:
                return _bid(2, x), f"6+ {SUIT_NAMES[x]}"
            if is_balanced(hand) and 18 <= points <= 19:
                return _bid(2, 4), "18-19 HCP, balanced"
            lower = [s for s in range(x) if hand.length(s) >= 4]
            if lower and not is_balanced(hand):
                s = _pick_suit(hand, lower)
                return _bid(2, s), f"4+ {SUIT_NAMES[s]}"
            return PASS, "minimum, nothing more to show"
        if r.level == 2:
            if hand.length(x) >= 6 and x >= 2:
                return (
                    (_bid(4, x), f"6+ {SUIT_NAMES[x]}, 14+ HCP")
                    if points >= 14
                    else (
                        _bid(3, x),
                        f"6+ {SUIT_NAMES[x]}, minimum",
                    )
                )
            return (_bid(3, 4), "14+ HCP") if points >= 14 else (PASS, "minimum")
        return PASS, "partner has placed the contract"
    # partner bid a new suit: forcing one round
    support = 4 if y < 2 else 4 if r.level == 1 else 3
    if hand.length(y) >= support:
        level = r.level + (1 if points <= 15 else 2 if points <= 18 else 3)
        if y < 2:
            level = min(level, 4)
        text = f"{support}+ {SUIT_NAMES[y]}, " + (
            "12-15 HCP" if points <= 15 else "16-18 HCP" if points <= 18 else "19+ HCP"
        )
        return _bid(min(level, 4 if y >= 2 else 5), y), text
    if r.level == 1:
        ups = [s for s in range(y + 1, 4) if hand.length(s) >= 4]
        if ups:
            s = _pick_suit(hand, ups)
            return _bid(1, s), f"4+ {SUIT_NAMES[s]}"
        if is_balanced(hand) and points <= 14:
            return _bid(1, 4), "12-14 HCP, balanced"
        if is_balanced(hand) and 18 <= points <= 19:
            return _bid(2, 4), "18-19 HCP, balanced"
    if hand.length(x) >= 6:
        level = 2 if points <= 15 else 3
        cheapest = a.cheapest(x)
        if cheapest is not None and cheapest.level > level:
            level = cheapest.level
        return _bid(level, x), f"6+ {SUIT_NAMES[x]}, " + ("12-15 HCP" if level == 2 else "16+ HCP")
    lower = [s for s in range(x) if hand.length(s) >= 4 and s != y]
    if lower:
        s = _pick_suit(hand, lower)
        second = a.cheapest(s)
        if second is not None and second.level <= 3:
            return second, f"4+ {SUIT_NAMES[s]}, second suit"
    if r.level == 2 and is_balanced(hand):
        return (
            (_bid(2, 4), "12-14 HCP, balanced")
            if points <= 14
            else (
                _bid(3, 4),
                "15+ HCP, balanced",
            )
        )
    if a.legal(_bid(2, x)):
        return _bid(2, x), f"5+ {SUIT_NAMES[x]}, minimum"
    return _bid(2, 4), "no fit, nothing else to show"


def _game(hand: Hand, strain: int) -> Call:
    if strain >= 2:
        return _bid(4, strain)
    return _bid(3, 4) if is_balanced(hand) else _bid(5, strain)


def _overcall(a: _Auction, hand: Hand) -> Choice:
    points = hcp(hand)
    if not 8 <= points <= 16:
        return PASS, "no overcall (8-16 HCP needed)"
    suits = [s for s in range(4) if good_suit(hand, s)]
    candidates = []
    for s in suits:
        call = a.cheapest(s)
        if call is not None and (call.level == 1 or (call.level == 2 and points >= 10)):
            candidates.append((hand.length(s), s, call))
    if not candidates:
        return PASS, "no good 5-card suit to overcall"
    _, s, call = max(candidates)
    return call, f"{'8' if call.level == 1 else '10'}-16 HCP, a good 5+ {SUIT_NAMES[s]}"


def _advance(a: _Auction, hand: Hand, overcall: Call) -> Choice:
    assert overcall.strain is not None
    x = int(overcall.strain)
    points = hcp(hand)
    if x < 4 and hand.length(x) >= 3 and points >= 8:
        call = a.cheapest(x)
        if call is not None and call.level <= overcall.level + 1:
            return call, f"8+ HCP, 3+ {SUIT_NAMES[x]}"
    return PASS, "no raise of partner's overcall"


def _partner_minimum(a: _Auction) -> int:
    """The fewest HCP partner's bids have shown (openings, responses, overcalls, jumps)."""
    partner = a.me.partner
    bids = a.bids
    first_seat, opening = bids[0]
    best = 0
    previous: Call | None = None
    for seat, call in bids:
        if seat == partner:
            assert call.strain is not None
            if seat == first_seat and call is opening:
                shown = 20 if call == _bid(2, 4) else 15 if call == _bid(1, 4) else 12
            elif best == 0 and first_seat.side != partner.side:
                shown = 8  # an overcall or a raise of one
            elif best == 0:  # a response to my opening
                if call.strain == Strain.NT:
                    shown = {1: 6, 2: 11}.get(call.level, 13)
                elif call.strain == opening.strain:
                    shown = {2: 6, 3: 10}.get(call.level, 13)
                else:
                    shown = 6 if call.level == 1 else 10
            elif call.level == 3 and call.strain in {c.strain for c in a.bids_of(a.me)}:
                shown = max(best, 17)  # 1X-2X-3X invites with 16-18: counted as 17
            else:
                jump = previous is not None and call.level > _cheapest_over(previous, call)
                shown = best + (4 if jump else 0)
            best = max(best, shown)
        previous = call
    return best


def _cheapest_over(previous: Call, call: Call) -> int:
    assert call.strain is not None and previous.strain is not None
    return previous.level + (1 if call.strain <= previous.strain else 0)


def _later(a: _Auction, hand: Hand) -> Choice:
    """Any other turn: bid game with 25+ HCP between the hands (a fit in a major if any)."""
    me = a.me
    ours = [(s, c) for s, c in a.bids if s.side == me.side]
    if not ours:
        return PASS, "nothing more to say"
    total = hcp(hand) + _partner_minimum(a)
    last = ours[-1][1]
    assert last.strain is not None
    if last.level >= 4 and (last.strain >= 2 or last.level >= 5):
        return PASS, "our side has reached game"
    if last.level >= 3 and last.strain == Strain.NT:
        return PASS, "our side has reached game"
    if total < 25:
        return PASS, "no game in sight"
    partner_suits = {(c.index - 3) % 5 for s, c in ours if s == me.partner}  # 4 = NT
    my_suits = {(c.index - 3) % 5 for s, c in ours if s == me}
    fits = [
        s
        for s in (3, 2)
        if (s in partner_suits and hand.length(s) >= 3) or (s in my_suits and s in partner_suits)
    ]
    if fits:
        return _bid(4, fits[0]), f"{SUIT_NAMES[fits[0]]} agreed, 25+ HCP together"
    return _bid(3, 4), "25+ HCP together, no major fit"
