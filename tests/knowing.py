"""Helpers for the card-play sampler tests: what a seat knows before any card is seen."""

from __future__ import annotations

from contractbridge.core.seat import Seat
from contractbridge.robots.inference import HandRange, Knowledge, LeadEvidence, Signal


def nothing_known(*signals: Signal, lead: LeadEvidence | None = None) -> Knowledge:
    """Every seat hidden with 13 cards, no ranges from an auction; only ``signals`` and
    ``lead``."""
    return Knowledge(
        unseen=(1 << 52) - 1,
        hidden=(Seat.N, Seat.E, Seat.S, Seat.W),
        counts=(13, 13, 13, 13),
        voids=(frozenset(),) * 4,
        played=(0, 0, 0, 0),
        ranges=(HandRange(),) * 4,
        signals=signals,
        lead=lead,
    )
