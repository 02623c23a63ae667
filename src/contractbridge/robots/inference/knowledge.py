"""What a seat knows of the hidden hands: :class:`Knowledge`, and reading it from a view.

A :class:`Knowledge` is everything the sampler needs: the cards to deal, the hidden seats
and how many cards each still holds, the suits each has shown out of, the ranges read from
the auction (:class:`~contractbridge.robots.inference.auction.HandRange`), and the soft
evidence of the cards played: signals (:class:`Signal`) and the opening lead
(:class:`LeadEvidence`). :func:`knowledge_of` reads it from a
:class:`~contractbridge.core.view.SeatView`; the bidding judge and the Minibridge robot
build or adjust one from what their own game tells them.

>>> from contractbridge.core.auction import Auction
>>> from contractbridge.core.deal import Deal
>>> deal = Deal.from_pbn("N:AKQ2.KJ4.A93.Q72 J76.Q92.QJ4.KJ53 T985.A73.K65.A84 43.T865.T872.T96")
>>> know = knowledge_of(SeatView.of(Seat.S, deal, Auction(Seat.N, ["1NT", "P", "3NT"])))
>>> know.hidden, know.counts, know.ranges[0].hcp  # South, before the lead: North opened 1NT
((<Seat.N: 0>, <Seat.E: 1>, <Seat.W: 3>), (13, 13, 13), (15, 17))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from contractbridge.core.card import Strain
from contractbridge.core.seat import SEATS, Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.base import Explainer
from contractbridge.robots.inference.auction import HandRange, read_auction
from contractbridge.robots.inference.leads import LeadContext


@dataclass(frozen=True, slots=True)
class Signal:
    """A reading of a card as a signal: ``seat``'s original holding in ``suit`` ...

    ``kind`` is ``"honour"`` (holds the ace, king or queen), ``"no_honour"``, ``"even"``
    or ``"odd"`` (length), ``"card"`` (holds ``card``) or ``"no_card"`` (does not hold
    ``card``); ``weight`` is the log-weight a layout loses if it contradicts it.
    """

    seat: Seat
    suit: int
    kind: str
    weight: float = 1.0
    card: int = -1


@dataclass(frozen=True, slots=True)
class LeadEvidence:
    """The opening lead: ``seat`` (a hidden seat) led from ``suit`` in ``context``; a
    layout is weighted by the chance its ``seat`` would have led that suit, to the power
    ``weight``."""

    seat: Seat
    suit: int
    context: LeadContext
    weight: float = 1.0


@dataclass(slots=True)
class Knowledge:
    """Everything the sampler needs: who is hidden, how many cards each still holds, ..."""

    unseen: int  # mask of the cards to deal
    hidden: tuple[Seat, ...]
    counts: tuple[int, ...]  # remaining cards per hidden seat
    voids: tuple[frozenset[int], ...]  # suits each hidden seat has shown out of
    played: tuple[int, ...]  # mask of the cards each hidden seat has played
    ranges: tuple[HandRange, ...]
    signals: tuple[Signal, ...] = field(default=())
    lead: LeadEvidence | None = None


def knowledge_of(
    view: SeatView, explainer: Explainer | None = None, signals: Sequence[Signal] = ()
) -> Knowledge:
    """What ``view``'s seat knows of the hidden hands, ready for the sampler.

    The auction is read by ``explainer`` where the table showed no explanation
    (:func:`~contractbridge.robots.inference.auction.read_auction`); ``signals`` are the
    played cards read by the partnership's carding agreement (the card player passes
    :func:`~contractbridge.robots.cardplay.carding.read_signals`).
    """
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
    ranges = read_auction(view.dealer, view.calls, view.explanations, explainer, view.seat)
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
        signals=tuple(signals),
        lead=lead,
    )
