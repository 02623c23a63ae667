"""Claims: when declarer may claim the rest, and whether a defender should agree to a claim.

Declarer claims only what is certain by reasoning on the visible cards: the hand on lead
holds nothing but master cards and, in a suit contract, enough master trumps to draw every
trump the defenders may still hold. A defender judges a claim against every layout of the
unseen cards consistent with the facts it has seen (its hand, dummy, the cards played, the
suits each seat has shown out of): all of them when there are few, else many random ones,
each solved double dummy (300 when late in the play, fewer early where each is slower).
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np

from contractbridge.core.hand import SUIT_MASK
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.cardplay.solver import Position, solve_cost, solve_positions
from contractbridge.robots.inference import HandRange, knowledge_of, sample_layouts

#: enumerate every layout when there are at most this many, else sample
ENUMERATE_LIMIT = 1000
SAMPLES = 300


def _is_master(card: int, against: int) -> bool:
    suit, rank = divmod(card, 13)
    return (against >> (13 * suit) & SUIT_MASK) >> rank == 0


def certain_claim(view: SeatView) -> int | None:
    """All the remaining tricks, when declarer's side is on lead with only winners; else None."""
    contract = view.contract
    if contract is None or contract.declarer is None or view.seat != contract.declarer:
        return None
    if view.current_trick or view.turn is None or view.turn.side != contract.declarer.side:
        return None
    lead_hand = view.visible_hand(view.turn)
    if lead_hand is None or not lead_hand:
        return None
    against = view.unseen_cards().mask
    if not all(_is_master(c, against) for c in lead_hand):
        return None
    suit = contract.strain.suit
    if suit is not None:
        their_trumps = (against >> (13 * suit) & SUIT_MASK).bit_count()
        if their_trumps > lead_hand.length(suit):
            return None
    return len(lead_hand)


def _turn(view: SeatView) -> Seat:
    if view.turn is not None:
        return view.turn
    contract = view.contract
    assert contract is not None and contract.declarer is not None
    if not view.played:
        return contract.declarer.lho
    trick = view.current_trick
    if trick:
        return trick[-1][0].next()
    last = view.played[-4:]
    suit = contract.strain.suit
    return trick_winner([c for _, c in last], last[0][0], int(suit) if suit is not None else -1)


def worst_case(view: SeatView, claimer: Seat, rng: np.random.Generator) -> int:
    """The fewest tricks ``claimer``'s side takes from here, over the layouts the view allows."""
    contract = view.contract
    assert contract is not None
    # the hard facts only: no ranges, no lead, no signals (none are given)
    know = knowledge_of(view)
    know.ranges = tuple(HandRange() for _ in know.hidden)
    know.lead = None
    layouts = _all_layouts(know.unseen, know.counts, know.voids)
    if layouts is None:
        # many layouts: as many samples as a few seconds allow (fewer early in the play)
        wanted = int(min(SAMPLES, max(30, 3.0 / solve_cost(max(know.counts)))))
        # a layout drawn twice is solved once (one hidden seat, with a claimer's hand
        # faced, has a single layout)
        layouts = list(dict.fromkeys(sample_layouts(know, wanted, rng)))
    turn = _turn(view)
    trick = view.current_trick
    leader = trick[0][0] if trick else turn
    visible = [view.visible_hand(s) for s in (Seat.N, Seat.E, Seat.S, Seat.W)]
    positions = []
    for layout in layouts:
        hands = [h.mask if h is not None else 0 for h in visible]
        for seat, mask in zip(know.hidden, layout, strict=True):
            hands[seat] = mask
        positions.append(
            Position(
                (hands[0], hands[1], hands[2], hands[3]), int(leader), tuple(c for _, c in trick)
            )
        )
    left = 13 - len(view.played) // 4
    worst = left
    for result in solve_positions(positions, contract.strain):
        best = max(result.values()) if result else 0
        mine = best if turn.side == claimer.side else left - best
        worst = min(worst, mine)
    return worst


def _all_layouts(
    unseen: int, counts: tuple[int, ...], voids: tuple[frozenset[int], ...]
) -> list[tuple[int, ...]] | None:
    """Every split of the unseen cards between two hidden seats, or None if too many."""
    if len(counts) != 2:
        return None
    forced = [0, 0]
    free: list[int] = []
    for card in range(52):
        if not unseen >> card & 1:
            continue
        a = card // 13 not in voids[0]
        b = card // 13 not in voids[1]
        if a and not b:
            forced[0] |= 1 << card
        elif b and not a:
            forced[1] |= 1 << card
        else:
            free.append(card)
    need = counts[0] - forced[0].bit_count()
    if need < 0 or need > len(free) or comb(len(free), need) > ENUMERATE_LIMIT:
        return None
    everything = sum(1 << c for c in free)
    out: list[tuple[int, ...]] = []
    for chosen in combinations(free, need):
        mask = sum(1 << c for c in chosen)
        out.append((forced[0] | mask, forced[1] | (everything & ~mask)))
    return out
