"""Contract quality: four robots bid seeded random deals; each final contract is scored by
its double-dummy result and compared with par, in IMPs.

Prints, per robot, the average IMPs per deal lost to par (the absolute IMP difference
between the table score and the par score), and as the last line a JSON summary.
The SAYC robot is measured always; the basic robot when ``robots/basic/`` exists.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from types import MethodType

from contractbridge.analysis.dd import DDTable, Par, dd_tables, par
from contractbridge.core import SEATS, VULNERABILITIES, Auction, Call, Deal, Hand, SeatView
from contractbridge.core.card import Strain
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.seat import Seat, Vulnerability
from contractbridge.robots.bidding.judgement import MIN_LAYOUTS, Judge
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


def loss_category(auction: Auction, table: DDTable, best: Par) -> str:
    """Where a deal's IMPs against par went: who declared against who should, and the level
    (part score, game, slam) and strain reached against par's."""
    contract = auction.contract
    if not best.contracts:
        return "par is a pass-out"
    target = best.contracts[0]
    if contract is None or contract.declarer is None:
        return "passed out"
    ours = contract.declarer.side == target.side
    if target.contract.doubled != Doubled.NONE:
        return "par is a sacrifice, declared by " + ("the sacrificers" if ours else "the others")
    if not ours:
        return "the wrong side declares" + (" (doubled)" if contract.doubled else "")

    def level(c: Contract) -> str:
        game = 3 if c.strain == Strain.NT else 4 if c.strain >= Strain.H else 5
        return "slam" if c.level >= 6 else "game" if c.level >= game else "part score"

    strain = "" if contract.strain == target.contract.strain else ", another strain"
    return f"par {level(target.contract)}, bid {level(contract)}{strain}"


def measure(
    call: CallFn,
    deals: list[Deal],
    tables: list[DDTable],
    on_deal: Callable[[Deal], None] | None = None,
    records: list[dict[str, object]] | None = None,
) -> dict[str, object]:
    lost = 0
    categories: dict[str, list[int]] = {}
    calls = 0
    times: list[float] = []
    auctions: list[float] = []
    par_slams = slams_reached = slams_bid = slams_failed = 0
    for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
        dealer, vul = board_conditions(i)
        if on_deal is not None:
            on_deal(deal)
        start = time.perf_counter()
        auction = bid(deal, dealer, vul, timed(call, times))
        auctions.append(time.perf_counter() - start)
        calls += len(auction)
        best = par(table, vul, dealer)
        loss = abs(imps(ns_score(auction, table, vul) - best.score))
        lost += loss
        category = loss_category(auction, table, best)
        counted = categories.setdefault(category, [0, 0])
        counted[0] += 1
        counted[1] += loss
        if records is not None:
            records.append(
                {
                    "deal": i,
                    "pbn": deal.to_pbn(),
                    "dealer": dealer.name,
                    "vulnerability": str(vul),
                    "calls": " ".join(str(c) for c in auction.calls),
                    "contract": str(auction.contract),
                    "par": str(best),
                    "imps_lost": loss,
                    "where": category,
                }
            )
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
        # deals and IMPs lost, by where they went, most IMPs first
        "breakdown": dict(sorted(categories.items(), key=lambda kv: -kv[1][1])),
    }


def measure_oracle(deals: list[Deal], tables: list[DDTable]) -> dict[str, object]:
    """The judge with the real hidden hands in place of its layouts (every other choice the
    robot's own): how far better knowledge of the hidden hands could take its judgements."""
    robot = SystemRobot()
    current: list[Deal] = []

    def real(judge: Judge, hand: Hand, *args: object) -> list[Deal]:
        return current[-1:] * MIN_LAYOUTS

    for judge in robot.judges.values():
        judge._deals = MethodType(real, judge)  # type: ignore[method-assign]
    return measure(robot.call, deals, tables, on_deal=current.append)


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
    parser.add_argument(
        "--breakdown", action="store_true", help="print where the judged robot's IMPs went"
    )
    parser.add_argument(
        "--oracle",
        action="store_true",
        help="also measure the judge dealt the real hidden hands: what its judgement points "
        "would give with perfect knowledge (a ceiling, not a robot)",
    )
    parser.add_argument(
        "--every-layout",
        action="store_true",
        help="give the judge no safety valve (it solves every layout it deals anyway; past "
        "2 s, about one call in 500, it would stop): the same answers on any load",
    )
    parser.add_argument(
        "--records",
        help="write the judged robot's deals (auction, contract, par, IMPs lost) "
        "to this file, one JSON object a line",
    )
    parser.add_argument(
        "--systems",
        default="sayc",
        help="comma-separated systems to measure, each judged and by its rules alone, all "
        "four seats playing it (e.g. sayc,forumd,acol); the first gets the other measures",
    )
    args = parser.parse_args()

    names = [name.strip() for name in args.systems.split(",") if name.strip()]
    # the systems are loaded before the long double-dummy step
    robots = {name: SystemRobot(system=name) for name in names}
    if args.every_layout:
        for each in robots.values():
            for judge in each.judges.values():
                judge.budget = 1e9
    robot = robots[names[0]]
    rng = random.Random(args.seed)
    deals = [Deal.random(rng) for _ in range(args.deals)]
    tables = dd_tables(deals)
    results: dict[str, dict[str, object]] = {}
    # the SAYC robot as it plays (the rules, and judgement by simulation where they leave a
    # choice of level), then its rules alone
    records: list[dict[str, object]] = []
    for name, each in robots.items():
        kept = records if each is robot else None
        results[name] = measure(each.call, deals, tables, records=kept)
        results[f"{name}_rules"] = measure(
            lambda v, b=each.bidder: b.choose(v.hand, v.auction(), v.vulnerability),
            deals,
            tables,
        )
    if args.records:
        with open(args.records, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(r) + "\n" for r in records)
    try:
        from contractbridge.robots.basic import BasicRobot
    except ImportError:
        print("robots/basic/ not available: basic robot not measured", file=sys.stderr)
    else:
        basic = BasicRobot()
        results["basic"] = measure(basic.call, deals, tables)
    results["pass_out"] = measure(lambda v: Call.parse("P"), deals, tables)
    if args.oracle:
        results[f"{names[0]}_oracle"] = measure_oracle(deals, tables)
    if args.breakdown:
        breakdown = results[names[0]]["breakdown"]
        assert isinstance(breakdown, dict)
        print("where the judged robot's IMPs went (IMPs, deals):")
        for name, (count, loss) in breakdown.items():
            print(f"  {loss:5d} {count:4d}  {name}")
    for name, r in results.items():
        print(
            f"{name:12s} {r['imps_lost_per_deal']:6.2f} IMPs lost to par per deal; par slams "
            f"reached {r['par_slams_reached']} of {r['par_slams']}, slams bid {r['slams_bid']} "
            f"({r['slams_bid_failing']} failing); per call median {r['median_ms_per_call']} ms, "
            f"slowest {r['slowest_ms_per_call']} ms"
        )
    sys.stdout.write(json.dumps({"deals": args.deals, "seed": args.seed, **results}) + "\n")


if __name__ == "__main__":
    main()
