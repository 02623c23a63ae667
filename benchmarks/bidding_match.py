"""A duplicate bidding match: two bidders at two tables, contracts scored double dummy.

On each deal the new bidder sits North-South at one table and East-West at the other; the
baseline takes the other seats. Each table's final contract is scored by its double-dummy
result (Law 77 scores), and the new bidder's IMPs on the board are the difference between
the two North-South scores. Prints the mean IMPs per board with a 95% confidence interval,
the same for the deals whose par is a slam, and as the last line one JSON object.

The baseline is the SAYC robot as it was at a git commit (``--baseline``, by default the
robot at the start of issue 19), exported with ``git archive`` and run in its own process:
two versions of one package cannot share a process. ``--baseline basic`` plays the basic
robot instead. A baseline equal to the new bidder must score exactly 0.

    python benchmarks/bidding_match.py --deals 1000 --seed 2027
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bidding_par import bid, board_conditions, ns_score
from rich.progress import Progress

from contractbridge.analysis.dd import dd_tables, par
from contractbridge.core import Call, Deal, SeatView
from contractbridge.core.seat import Side
from contractbridge.robots.bidding.robot import SystemRobot
from contractbridge.scoring.imps import imps

#: the SAYC robot when issue 19 (bidding judgement) was taken up
START_OF_ISSUE_19 = "35fd49a94303fa77cb9058b2ec9d620af16e8303"
ROOT = Path(__file__).resolve().parents[1]
CallFn = Callable[[SeatView], Call]

# The baseline's process: one question a line (the deal, the dealer, the vulnerability and
# the calls so far), one call a line back, from the seat in turn's own view.
SERVE = """
import json, sys
from contractbridge.core import Auction, Deal, SeatView
from contractbridge.core.seat import Seat, Vulnerability
from contractbridge.robots.bidding.robot import SystemRobot
robot = SystemRobot()
for line in sys.stdin:
    q = json.loads(line)
    deal = Deal.from_pbn(q["deal"])
    auction = Auction(Seat[q["dealer"]], q["calls"])
    view = SeatView.of(auction.turn, deal, auction, vulnerability=Vulnerability(q["vul"]))
    print(str(robot.call(view)), flush=True)
"""


class RemoteBidder:
    """The SAYC bidder of another commit, in a process of its own."""

    def __init__(self, ref: str) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="cb-baseline-")
        archive = Path(self.folder.name) / "src.tar"
        with archive.open("wb") as out:
            subprocess.run(["git", "archive", ref, "src"], cwd=ROOT, stdout=out, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(self.folder.name, filter="data")
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={"PYTHONPATH": str(Path(self.folder.name) / "src"), "PATH": "/usr/bin:/bin"},
        )

    def call(self, view: SeatView, deal: Deal) -> Call:
        assert self.process.stdin is not None and self.process.stdout is not None
        question = {
            "deal": deal.to_pbn(),
            "dealer": view.dealer.name,
            "vul": int(view.vulnerability),
            "calls": [str(c) for c in view.calls],
        }
        self.process.stdin.write(json.dumps(question) + "\n")
        self.process.stdin.flush()
        return Call.parse(self.process.stdout.readline().strip())

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        self.folder.cleanup()


def by_side(calls: dict[Side, CallFn]) -> CallFn:
    """One call function for an auction where each side has its own bidder."""
    return lambda view: calls[view.seat.side](view)


def summary(values: list[int]) -> dict[str, float]:
    """Mean with a 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return {"boards": 0, "mean": 0.0, "low": 0.0, "high": 0.0}
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return {"boards": n, "mean": round(mean, 3), "low": round(mean - half, 3),
            "high": round(mean + half, 3)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("-n", "--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--baseline", default=START_OF_ISSUE_19,
                        help="a git commit of this repository, or 'basic'")  # fmt: skip
    parser.add_argument("--rules-only", action="store_true",
                        help="the new robot without judgement by simulation")  # fmt: skip
    args = parser.parse_args()

    robot = SystemRobot(judgement=not args.rules_only)
    new: CallFn = robot.call
    remote = None
    if args.baseline == "basic":
        from contractbridge.robots.basic import BasicRobot

        basic = BasicRobot()
        baseline: Callable[[SeatView, Deal], Call] = lambda v, d: basic.call(v)  # noqa: E731
    else:
        remote = RemoteBidder(args.baseline)
        baseline = remote.call
    rng = random.Random(args.seed)
    deals = [Deal.random(rng) for _ in range(args.deals)]
    started = time.perf_counter()
    tables = dd_tables(deals)
    gains: list[int] = []
    slams: list[int] = []
    differ = 0
    try:
        with Progress(transient=True) as progress:
            task = progress.add_task("bidding", total=len(deals))
            for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
                dealer, vul = board_conditions(i)
                old: CallFn = lambda v, d=deal: baseline(v, d)  # noqa: E731
                open_room = bid(deal, dealer, vul, by_side({Side.NS: new, Side.EW: old}))
                closed_room = bid(deal, dealer, vul, by_side({Side.NS: old, Side.EW: new}))
                gain = imps(ns_score(open_room, table, vul) - ns_score(closed_room, table, vul))
                gains.append(gain)
                differ += open_room.contract != closed_room.contract
                best = par(table, vul, dealer)
                if any(c.contract.level >= 6 and c.result >= 0 for c in best.contracts):
                    slams.append(gain)
                progress.advance(task)
    finally:
        if remote is not None:
            remote.close()
    result = {
        "deals": args.deals,
        "seed": args.seed,
        "baseline": args.baseline,
        "imps_per_board": summary(gains),
        "slam_deals": summary(slams),
        "boards_with_different_contracts": differ,
        "seconds": round(time.perf_counter() - started, 1),
    }
    whole, slam = result["imps_per_board"], result["slam_deals"]
    print(f"new against {args.baseline}: {whole['mean']:+.2f} IMPs per board "
          f"(95% CI {whole['low']:+.2f} to {whole['high']:+.2f}) on {len(deals)} deals; "
          f"slam deals {slam['mean']:+.2f} ({slam['boards']} boards)")  # fmt: skip
    sys.stdout.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
