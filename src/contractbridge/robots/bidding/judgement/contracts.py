"""The contract at stake: whose it is (:func:`_holder`), the contract a call would end the
auction in (:func:`_final`), the cheapest bid in a strain (:func:`_cheapest`), game levels."""

from __future__ import annotations

from contractbridge.core.auction import Auction
from contractbridge.core.call import PASS, Call
from contractbridge.core.card import Strain
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.seat import Seat


def _holder(auction: Auction, me: Seat) -> str | None:
    """Whose the contract so far is: "ours" or "theirs", "ours doubled" (they doubled it) or
    "theirs doubled" (partner doubled it, and they passed); None: no contract yet, or one the
    rules alone answer (redoubled)."""
    bidder = auction.last_bidder
    if bidder is None or auction.doubled == Doubled.REDOUBLED:
        return None
    ours = bidder.side == me.side
    if auction.doubled == Doubled.DOUBLED:
        if ours:
            return "ours doubled"
        # doubled by one of us and not ours: at our turn, partner doubled and they passed
        partners = (
            len(auction.calls) >= 2 and auction.calls[-2].is_double and auction.calls[-1].is_pass
        )
        return "theirs doubled" if partners else None
    return "ours" if ours else "theirs"


def _final(auction: Auction, call: Call) -> Contract | None:
    """The contract if ``call`` ended the auction (None: passed out)."""
    a = auction.copy()
    a.add(call)
    while not a.is_complete:
        a.add(PASS)
    return a.contract


def _cheapest(current: Call, strain: Strain) -> Call | None:
    """The cheapest bid in ``strain`` over ``current``; None over seven of a higher strain
    (after 7S doubled there is no 8C to run to)."""
    level = current.level + (current.strain is not None and strain <= current.strain)
    return Call.bid(level, strain) if level <= 7 else None
