"""A duplicate bidding match between two systems: does a system, or its robot, cost IMPs?

On each deal the robot of system A sits North-South at one table and East-West at the other;
the robot of system B takes the other seats. Each robot reads the other side's calls by the
other side's system (``SystemRobot(system=..., their_system=...)``), as at a table where the
two partnerships play different systems. Each table's final contract is scored by its
double-dummy result; A's IMPs on the board are the difference between the two tables
(``bidding_match.py``'s scoring). Prints A's IMPs a board with a 95% confidence interval,
how many contracts differ, the worst boards with both auctions, and as the last line one
JSON object.

    python benchmarks/systems_match.py --a forumd --b sayc --deals 1000 --seed 31
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from bidding_match import by_side, summary
from bidding_par import bid, board_conditions, ns_score
from rich.progress import Progress

from contractbridge.analysis.dd import dd_tables
from contractbridge.core import Deal
from contractbridge.core.seat import Side
from contractbridge.robots.bidding.robot import SystemRobot
from contractbridge.scoring.imps import imps


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--a", default="forumd", help="the system measured")
    parser.add_argument("--b", default="sayc", help="the system it meets")
    parser.add_argument("-n", "--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--rules-only", action="store_true",
                        help="both robots without judgement by simulation")  # fmt: skip
    parser.add_argument("--worst", type=int, default=5, help="worst boards to print")
    args = parser.parse_args()

    judged = not args.rules_only
    robot_a = SystemRobot(system=args.a, their_system=args.b, judgement=judged)
    robot_b = SystemRobot(system=args.b, their_system=args.a, judgement=judged)
    rng = random.Random(args.seed)
    deals = [Deal.random(rng) for _ in range(args.deals)]
    started = time.perf_counter()
    tables = dd_tables(deals)
    gains: list[int] = []
    boards: list[tuple[int, int, str, str]] = []
    differ = 0
    with Progress(transient=True) as progress:
        task = progress.add_task(f"{args.a} against {args.b}", total=len(deals))
        for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
            dealer, vul = board_conditions(i)
            open_room = bid(
                deal, dealer, vul, by_side({Side.NS: robot_a.call, Side.EW: robot_b.call})
            )
            closed_room = bid(
                deal, dealer, vul, by_side({Side.NS: robot_b.call, Side.EW: robot_a.call})
            )
            gain = imps(ns_score(open_room, table, vul) - ns_score(closed_room, table, vul))
            gains.append(gain)
            if open_room.contract != closed_room.contract:
                differ += 1
                shown = (" ".join(str(c) for c in r.calls) for r in (open_room, closed_room))
                boards.append((gain, i, *shown))
            progress.advance(task)
    result = {
        "a": args.a,
        "b": args.b,
        "deals": args.deals,
        "seed": args.seed,
        "judgement": judged,
        "imps_per_board": summary(gains),
        "boards_with_different_contracts": differ,
        "seconds": round(time.perf_counter() - started, 1),
    }
    whole = result["imps_per_board"]
    print(f"{args.a} against {args.b}: {whole['mean']:+.2f} IMPs a board (95% CI "
          f"{whole['low']:+.2f} to {whole['high']:+.2f}) on {len(deals)} deals; "
          f"{differ} contracts differ")  # fmt: skip
    for gain, i, first, second in sorted(boards)[: args.worst]:
        print(f"  deal {i} ({gain:+d}): {args.a} NS: {first} | {args.a} EW: {second}")
    sys.stdout.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
