"""What the auction says of the hidden hands, for dealing them: each seat's range as the
system explains its calls, and what the explanations leave out (a capped pass, a strong
opening's strength, a six-card rebid, a takeout double's shape, a penalty doubler's length in
their suit, the suits we agreed); and how far a layout lies outside it (:func:`_outside`)."""

from __future__ import annotations

from collections.abc import Sequence

from contractbridge.core.auction import Auction
from contractbridge.core.deal import Deal
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat
from contractbridge.robots.bidding.explanation import Explanation, HandConstraints
from contractbridge.robots.bidding.features import HandFeatures
from contractbridge.robots.inference import HandRange

#: a seat that passed when it could have opened holds at most this many HCP
PASSED_OPENER_HCP = 12
#: a strong artificial opening is dealt at least this many HCP
STRONG_OPENING_HCP = 20
#: a seat that only passed over an opening holds at most this many HCP
PASSED_OVER_OPENING_HCP = 16
#: the HCP a penalty double promises in their suit (the system's "length and strength")
PENALTY_SUIT_HCP = 4


def _range(c: HandConstraints) -> HandRange:
    r = HandRange(hcp=c.hcp, lengths=list(c.lengths))
    if c.balanced:
        r.balanced()
    return r


def _cap_passes(auction: Auction, ranges: dict[Seat, HandRange]) -> None:
    """What the system's explanations leave out: a pass where one could open, or act over
    an opening, limits the hand."""
    opened = False
    capped: set[Seat] = set()
    for i, call in enumerate(auction.calls):
        seat = auction.seat_of(i)
        if call.is_pass and seat not in capped:
            cap = PASSED_OVER_OPENING_HCP if opened else PASSED_OPENER_HCP
            ranges[seat].narrow_hcp(0, cap)
        capped.add(seat)
        opened = opened or call.is_bid


def _strong_openings(
    auction: Auction, explained: Sequence[Explanation], ranges: dict[Seat, HandRange]
) -> None:
    """A strong artificial opening (2♣) is read as its usual strength: the playing-tricks
    hands it also covers are rare, and a range from 12 HCP would hide every slam."""
    for i, call in enumerate(auction.calls):
        if call.is_bid and explained[i].artificial and explained[i].text.startswith("strong"):
            ranges[auction.seat_of(i)].narrow_hcp(STRONG_OPENING_HCP, 37)


def _six_card_rebids(
    auction: Auction, explained: Sequence[Explanation], ranges: dict[Seat, HandRange]
) -> None:
    """A suit rebid as "a six-card suit" is read so. Its explanation's lengths are the widest
    of the rules that make the call, one of which rebids a five-card suit when nothing else
    fits; that hand is rare, and reading five cards hides a fit (two cards opposite a strong
    jump shift's rebid suit)."""
    for i, call in enumerate(auction.calls):
        text = explained[i].text
        six = "6-card suit" in text or "six-card suit" in text
        if six and call.is_bid and call.strain is not None and call.strain <= 3:
            ranges[auction.seat_of(i)].narrow_length(call.strain, 6)


def _takeout_shapes(
    auction: Auction, explained: Sequence[Explanation], ranges: dict[Seat, HandRange]
) -> None:
    """A takeout double's shape, which its explanation leaves to the words: short in the
    suits the doubler's opponents bid, three or more in the others (a strong doubler of
    any shape is rarer, so three cards in their suit are allowed)."""
    theirs: dict[int, set[int]] = {0: set(), 1: set()}
    for i, call in enumerate(auction.calls):
        seat = auction.seat_of(i)
        if call.is_bid and call.strain is not None and call.strain <= 3:
            if not explained[i].artificial:
                theirs[1 - seat.side].add(call.strain)
        elif call.is_double and explained[i].text.startswith("takeout") and theirs[seat.side]:
            for suit in range(4):
                if suit in theirs[seat.side]:
                    ranges[seat].narrow_length(suit, 0, 3)
                else:
                    ranges[seat].narrow_length(suit, 3)


def _theirs_to_play(auction: Auction, explained: Sequence[Explanation]) -> bool:
    """Whether their last bid could end the auction: natural, not forcing, and a call the
    system covers. Their Michaels cue bid, unusual 2NT, cue-bid raise or forcing new suit is
    not a contract: passed, the auction goes on. A call the system does not cover is read as
    natural only for want of a meaning, and is often not natural (as 2NT over 1S P 1NT and
    2H over 1D P P 1H were, before the system read them as unusual and as a cue bid): not to
    play either."""
    last = max((i for i, c in enumerate(auction.calls) if c.is_bid), default=None)
    if last is None:
        return False
    e = explained[last]
    return not (e.artificial or e.undiscussed or e.forcing in ("forcing", "game forcing"))


def _penalty_doubled(auction: Auction, explained: Sequence[Explanation]) -> bool:
    """Whether the contract stands doubled by partner for penalties, in their natural suit
    at the three level or higher, and passed round to us."""
    calls = auction.calls
    if len(calls) < 3 or not calls[-1].is_pass:
        return False
    return any(
        i == len(calls) - 2 and level >= 3 for i, _, _, level in _penalty_suits(auction, explained)
    )


def _penalty_suits(
    auction: Auction, explained: Sequence[Explanation]
) -> list[tuple[int, Seat, int, int]]:
    """The penalty doubles of natural suit bids: where each stands in the auction, the
    doubler, their suit and its level (not "values: for penalties", which may be short in
    their suit)."""
    out = []
    for i, call in enumerate(auction.calls):
        if not call.is_double or not explained[i].text.startswith("penalty"):
            continue
        j = next((j for j in range(i - 1, -1, -1) if auction.calls[j].is_bid), None)
        if j is None or explained[j].artificial:
            continue
        last = auction.calls[j]
        if last.strain is not None and last.strain <= 3:
            out.append((i, auction.seat_of(i), int(last.strain), last.level))
    return out


def _penalty_doubles(
    hand: Hand, auction: Auction, explained: Sequence[Explanation], ranges: dict[Seat, HandRange]
) -> None:
    """A penalty double of a suit is read, as its words say, with length in it (its
    explanation counts the points, and would deal the doubler short in their trumps): four
    cards up to the three level, three above, as many as the suit has room for beside our
    hand and the lengths the others showed in it."""
    me = auction.turn
    for _, seat, suit, level in _penalty_suits(auction, explained):
        others = sum(ranges[s].lengths[suit][0] for s in Seat if s not in (seat, me))
        least = min(4 if level <= 3 else 3, 13 - hand.length(suit) - others)
        if ranges[seat].lengths[suit][0] < least <= ranges[seat].lengths[suit][1]:
            ranges[seat].narrow_length(suit, least)


def _agreed(
    auction: Auction, explained: Sequence[Explanation], me: Seat, ranges: dict[Seat, HandRange]
) -> list[int]:
    """The suits one of us bid and the other raised or gave preference to, in the order
    agreed; the raiser's range is given three cards at least."""
    bid_by: dict[int, Seat] = {}
    agreed: list[int] = []
    for i, call in enumerate(auction.calls):
        seat = auction.seat_of(i)
        if seat not in (me, me.partner) or not call.is_bid or explained[i].artificial:
            continue
        s = call.strain
        if s is None or s > 3:
            continue
        first = bid_by.setdefault(s, seat)
        if first != seat and s not in agreed:
            agreed.append(s)
            ranges[seat].narrow_length(s, 3)
    return agreed


def _outside(
    deal: Deal,
    seats: Sequence[Seat],
    ranges: dict[Seat, HandRange],
    trumps: Sequence[tuple[Seat, int]] = (),
) -> int:
    """How far the hands of ``seats`` lie outside their ranges (HCP and cards), and a
    penalty doubler's holding in their suit short of the strength its double promises."""
    out = 0
    for seat, suit in trumps:
        if seat in seats:
            strength = HandFeatures.of(deal.hands[seat]).suit_hcp[suit]
            out += max(0, PENALTY_SUIT_HCP - strength)
    for seat in seats:
        hand, r = deal.hands[seat], ranges[seat]
        hcp = HandFeatures.of(hand).hcp
        out += max(0, r.hcp[0] - hcp, hcp - r.hcp[1])
        for suit, (lo, hi) in enumerate(r.lengths):
            n = hand.length(suit)
            out += max(0, lo - n, n - hi)
    return out
