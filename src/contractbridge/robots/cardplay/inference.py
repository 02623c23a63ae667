"""What a seat knows of the hidden hands, and what solving a layout costs: shared by the card
player and its claims (and read by the tests of the sampler).

>>> solve_cost(13) > solve_cost(5)
True
"""

from __future__ import annotations

from contractbridge.core.card import Strain
from contractbridge.core.seat import SEATS, Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.base import Explainer
from contractbridge.robots.cardplay.carding import read_signals
from contractbridge.robots.cardplay.knowledge import HandRange, read_auction
from contractbridge.robots.cardplay.leads import LeadContext
from contractbridge.robots.cardplay.sampling import Knowledge, LeadEvidence

# Seconds per sampled layout solved, by the cards left in the fullest hand: twice what DDS took
# on the 2-core development machine (x86_64) in play positions from 120 robot deals, the margin
# for a busy machine. It turns the time budget into a sample count deterministically, so the
# same seed gives the same card however busy the machine is.
COSTS = {13: 0.027, 12: 0.013, 11: 0.007, 10: 0.003, 9: 0.002, 8: 0.001, 7: 0.0005}
COST_SMALL = 0.0003


def solve_cost(cards_left: int) -> float:
    return COSTS.get(cards_left, COST_SMALL)


def knowledge_of(view: SeatView, explainer: Explainer | None = None) -> Knowledge:
    """What ``view``'s seat knows of the hidden hands, ready for the sampler."""
    hidden = tuple(s for s in SEATS if view.visible_hand(s) is None)
    played = {s: 0 for s in SEATS}
    voids: dict[Seat, set[int]] = {s: set() for s in SEATS}
    for start in range(0, len(view.played), 4):
        trick = view.played[start : start + 4]
        led = trick[0][1] // 13
        for who, card in trick:
            played[who] |= 1 << card
            if card // 13 != led:
                voids[who].add(led)
    ranges = read_auction(view.dealer, view.calls, view.explanations, explainer)
    lead = None
    notrump = view.contract is not None and view.contract.strain == Strain.NT
    if view.played and view.played[0][0] in hidden and notrump:
        # the opening lead read backwards (leads.py); at notrump only: in suit contracts the
        # same reading cost declarer errors on three sets of frozen decisions (cardplay.md)
        leader, card = view.played[0]
        context = LeadContext.of(leader, view.dealer, view.calls, -1)
        lead = LeadEvidence(leader, int(card.suit), context)
    return Knowledge(
        unseen=view.unseen_cards().mask,
        hidden=hidden,
        counts=tuple(13 - played[s].bit_count() for s in hidden),
        voids=tuple(frozenset(voids[s]) for s in hidden),
        played=tuple(played[s] for s in hidden),
        ranges=tuple(ranges.get(s, HandRange()) for s in hidden),
        signals=tuple(read_signals(view)),
        lead=lead,
    )
