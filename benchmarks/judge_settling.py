"""The judge's settling measured: every judged decision weighed twice, on all its layouts and
settling once the layouts left could not change the answer (``simulation.SETTLED``).

The SAYC robot bids seeded random deals at all four seats (judged for IMPs, or with
``--scoring matchpoints``); at each call the judgement is made both ways, with no time
valve, so the answers depend on the layouts alone.
Prints the answers that differ, then how many agree, the layouts solved and the seconds
spent each way, and the calls over 1 s; the last line is one JSON object.

    python benchmarks/judge_settling.py --deals 200 --seed 2026
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from bidding_par import board_conditions

from contractbridge.analysis.search import warm_up
from contractbridge.core import Auction, Deal
from contractbridge.robots.bidding.judgement import simulation
from contractbridge.robots.bidding.robot import SystemRobot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--scoring", choices=("imps", "matchpoints"), default="imps")
    args = parser.parse_args()

    judge = SystemRobot().judges[args.scoring]
    judge.budget = 1e9  # no valve: each answer depends on the layouts alone
    settled_at = simulation.SETTLED
    warm_up(10)
    rng = random.Random(args.seed)
    decisions = agree = 0
    layouts = {"all": 0, "settled": 0}
    seconds = {"all": 0.0, "settled": 0.0}
    slow = {"all": 0, "settled": 0}
    for i in range(args.deals):
        deal = Deal.random(rng)
        dealer, vul = board_conditions(i)
        auction = Auction(dealer)
        while not auction.is_complete and len(auction) < 80:
            hand = deal.hands[auction.turn]
            rule_call = judge.bidder.choose(hand, auction, vul)
            answers = {}
            for way, z in (("all", 1e9), ("settled", settled_at)):
                simulation.SETTLED = z
                began = time.perf_counter()
                choice = judge.weigh(hand, auction, vul, rule_call)
                took = time.perf_counter() - began
                answers[way] = choice
                seconds[way] += took
                slow[way] += took > 1.0
            simulation.SETTLED = settled_at
            full, fast = answers["all"], answers["settled"]
            if full is not None and fast is not None:
                decisions += 1
                agree += full.call == fast.call
                layouts["all"] += full.layouts
                layouts["settled"] += fast.layouts
                if full.call != fast.call:
                    print(
                        f"deal {i}: {auction} {hand}: {full.call} on {full.layouts} layouts,"
                        f" {fast.call} on {fast.layouts}",
                        flush=True,
                    )
            auction.add(rule_call if full is None else full.call)
        print(f"\r{i + 1}/{args.deals} deals, {decisions} judgements", end="", file=sys.stderr)
    print(file=sys.stderr)
    n = max(1, decisions)
    summary = {
        "deals": args.deals,
        "seed": args.seed,
        "scoring": args.scoring,
        "settled_sd": settled_at * simulation.SETTLED_BY[args.scoring],
        "judgements": decisions,
        "same_answer": agree,
        "layouts_all": round(layouts["all"] / n, 2),
        "layouts_settled": round(layouts["settled"] / n, 2),
        "seconds_all": round(seconds["all"], 1),
        "seconds_settled": round(seconds["settled"], 1),
        "ratio": round(seconds["settled"] / max(1e-9, seconds["all"]), 3),
        "calls_over_1s_all": slow["all"],
        "calls_over_1s_settled": slow["settled"],
    }
    print(
        f"{agree} of {decisions} judgements answer as on all the layouts; layouts "
        f"{summary['layouts_all']} -> {summary['layouts_settled']}; seconds "
        f"{summary['seconds_all']} -> {summary['seconds_settled']}"
    )
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
