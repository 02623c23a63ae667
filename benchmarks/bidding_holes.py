"""Where the bidding rules have nothing to say: random deals bid by the rules at all four seats.

A robot that finds no rule passes. Most such passes are right (nothing to add). A pass when
partner has just made a forcing bid and the right-hand opponent passed is a hole in the
system; over an invitation it declines, right with a minimum and a hole with a maximum, so
those are listed for reading, not counted as faults. This script deals
``--deals`` random boards (in turn the dealer goes round, nobody vulnerable), bids each with
the system's rules alone at every seat, and lists those passes with the auction, the hand
and what partner's call meant. It is how two of the holes closed on 2026-12-06 were found
(the 1NT overcaller passing advancer's 2NT invitation over their raise, opener passing the
limit raise over a two-level overcall).

    python benchmarks/bidding_holes.py --deals 3000 --system sayc

The last line is one JSON object: deals and calls bid, passes with no rule over a forcing
bid and over an invitation, and the invitations passed by partner's call.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter

from rich.progress import track

from contractbridge.core import Auction, Deal, Seat, Vulnerability
from contractbridge.robots.bidding import bidder

#: what a partner's call must be for a pass with no rule over it to count as a hole
ASKING = ("forcing", "game forcing", "invitational")


def holes(deals: int, system: str, seed: int) -> tuple[list[tuple[str, str, str, str]], int]:
    """Each pass as (auction so far, the hand that passed, partner's call explained, and how
    forcing it was), and how many calls were made in all."""
    b = bidder(system)
    rng = random.Random(seed)
    found: list[tuple[str, str, str, str]] = []
    calls = 0
    for i in track(range(deals), description=f"bidding {deals} deals ({system})"):
        deal = Deal.random(rng)
        dealer = Seat(i % 4)
        auction = Auction(dealer)
        while not auction.is_complete and len(auction) < 60:
            hand = deal[auction.turn]
            call, rule = b.choose_with_rule(hand, auction, Vulnerability.NONE, dealer)
            calls += 1
            if rule is None and len(auction) >= 2 and auction.calls[-1].is_pass:
                partner_call = auction.calls[-2]
                meaning = b.explain(auction)[-2]
                if partner_call.is_bid and meaning.forcing in ASKING:
                    said = " ".join(str(c) for c in auction.calls)
                    explained = f"{partner_call}: {meaning.text}"
                    found.append((said, str(hand), explained, meaning.forcing))
            auction.add(call)
    return found, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", "-n", type=int, default=1000)
    parser.add_argument("--system", default="sayc")
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    found, calls = holes(args.deals, args.system, args.seed)
    for said, hand, meaning, _ in found:
        print(f"{said:50s} {hand:20s} partner's {meaning}")
    invited = [m.split(":")[0] for _, _, m, forcing in found if forcing == "invitational"]
    print(json.dumps({
        "system": args.system,
        "deals": args.deals,
        "calls": calls,
        "passes_over_forcing_bids": len(found) - len(invited),
        "passes_over_invitations": len(invited),
        "invitations_passed_by_call": dict(Counter(invited).most_common(10)),
    }))  # fmt: skip


if __name__ == "__main__":
    main()
