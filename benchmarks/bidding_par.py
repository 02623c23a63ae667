"""Contract quality: four robots bid seeded random deals; each final contract is scored by
its double-dummy result and compared with par, in IMPs.

Prints, per robot, the average IMPs per deal lost to par (the absolute IMP difference
between the table score and the par score), and as the last line a JSON summary.
The SAYC robot is measured always; the basic robot when ``robots/basic.py`` exists.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

from contractbridge.analysis.dd import DDTable, dd_tables, par
from contractbridge.core import SEATS, VULNERABILITIES, Auction, Call, Deal, SeatView
from contractbridge.core.contract import Doubled
from contractbridge.core.seat import Seat, Vulnerability
from contractbridge.robots.bidding.robot import SystemRobot
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import imps

CallFn = Callable[[SeatView], Call]


def board_conditions(i: int) -> tuple[Seat, Vulnerability]:
    """Dealer and vulnerability of board ``i + 1`` of the standard 16-board cycle."""
    dealer = SEATS[i % 4]
    return dealer, VULNERABILITIES[(i // 4 + i % 4) % 4]


def bid(deal: Deal, dealer: Seat, vul: Vulnerability, call: CallFn) -> Auction:
    auction = Auction(dealer)
    while not auction.is_complete:
        if len(auction) >= 80:  # a robot that never stops: treat the rest as passes
            while not auction.is_complete:
                auction.add("P")
            break
        view = SeatView.of(auction.turn, deal, auction, vulnerability=vul)
        auction.add(call(view))
    return auction


def ns_score(auction: Auction, table: DDTable, vul: Vulnerability) -> int:
    contract = auction.contract
    if contract is None or contract.declarer is None:
        return 0
    tricks = table.tricks(contract.declarer, contract.strain)
    score = duplicate_score(contract, tricks, vul.is_vulnerable(contract.declarer))
    return score if contract.declarer.side == 0 else -score


def measure(call: CallFn, deals: list[Deal], tables: list[DDTable]) -> dict[str, float]:
    lost = 0
    calls = 0
    times: list[float] = []
    auctions: list[float] = []
    par_slams = slams_reached = slams_bid = slams_failed = 0
    for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
        dealer, vul = board_conditions(i)
        start = time.perf_counter()
        auction = bid(deal, dealer, vul, timed(call, times))
        auctions.append(time.perf_counter() - start)
        calls += len(auction)
        best = par(table, vul, dealer)
        lost += abs(imps(ns_score(auction, table, vul) - best.score))
        # the slam deals alone: a par slam (not a sacrifice) reached by its side; a slam bid
        # that fails double dummy
        contract = auction.contract
        slam = best.contracts[0].contract if best.contracts else None
        if slam is not None and slam.level >= 6 and slam.doubled == Doubled.NONE:
            par_slams += 1
            side = best.contracts[0].declarers[0].side
            declarer = contract.declarer if contract else None
            if contract and contract.level >= 6 and declarer and declarer.side == side:
                slams_reached += 1
        if contract is not None and contract.level >= 6 and contract.declarer is not None:
            slams_bid += 1
            if table.tricks(contract.declarer, contract.strain) < contract.level + 6:
                slams_failed += 1
    times.sort()
    return {
        "imps_lost_per_deal": round(lost / len(deals), 3),
        "ms_per_call": round(1000 * sum(times) / max(calls, 1), 2),
        "median_ms_per_call": round(1000 * times[len(times) // 2], 3),
        "slowest_ms_per_call": round(1000 * times[-1], 1),
        "median_ms_per_auction": round(1000 * sorted(auctions)[len(auctions) // 2], 1),
        "par_slams": par_slams,
        "par_slams_reached": slams_reached,
        "slams_bid": slams_bid,
        "slams_bid_failing": slams_failed,
    }


def timed(call: CallFn, times: list[float]) -> CallFn:
    def timed_call(view: SeatView) -> Call:
        start = time.perf_counter()
        chosen = call(view)
        times.append(time.perf_counter() - start)
        return chosen

    return timed_call


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", "--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    robot = SystemRobot()  # load the system before the long double-dummy step
    rng = random.Random(args.seed)
    deals = [Deal.random(rng) for _ in range(args.deals)]
    tables = dd_tables(deals)
    results: dict[str, dict[str, float]] = {}
    # the SAYC robot as it plays (the rules, and judgement by simulation where they leave a
    # choice of level), then its rules alone
    results["sayc"] = measure(robot.call, deals, tables)
    bidder = robot.bidder
    results["sayc_rules"] = measure(
        lambda v: bidder.choose(v.hand, v.auction(), v.vulnerability),
        deals,
        tables,
    )
    try:
        from contractbridge.robots.basic import BasicRobot
    except ImportError:
        print("robots/basic.py not available: basic robot not measured", file=sys.stderr)
    else:
        basic = BasicRobot()
        results["basic"] = measure(basic.call, deals, tables)
    results["pass_out"] = measure(lambda v: Call.parse("P"), deals, tables)
    for name, r in results.items():
        print(
            f"{name:10s} {r['imps_lost_per_deal']:6.2f} IMPs lost to par per deal; par slams "
            f"reached {r['par_slams_reached']} of {r['par_slams']}, slams bid {r['slams_bid']} "
            f"({r['slams_bid_failing']} failing); per call median {r['median_ms_per_call']} ms, "
            f"slowest {r['slowest_ms_per_call']} ms"
        )
    sys.stdout.write(json.dumps({"deals": args.deals, "seed": args.seed, **results}) + "\n")


if __name__ == "__main__":
    main()
