"""Constrained dealing: accepted deals per second, ours against endplay's dealer.

Both generate deals meeting the same constraint in the same run: a loose one (a 15-17
balanced North, about 1 deal in 22) and a tight one (a 20-21 balanced North facing five
or more spades, about 1 in 1000). endplay (``endplay.dealer.generate_deals``) shuffles and
tests one deal at a time in Python; we shuffle and test NumPy batches.

Run: python benchmarks/dealing.py [--seconds 5]
Prints one JSON object on its last line: the ratio is the smaller of the two constraints'.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

from endplay.dealer import generate_deals as endplay_generate

from contractbridge.analysis.dealing import generate_deals
from contractbridge.analysis.evaluation import hcp, is_balanced
from contractbridge.core import Seat

CASES = {
    "loose": (
        "hcp(N) >= 15 and hcp(N) <= 17 and balanced(N)",
        "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)",
    ),
    "tight": (
        "hcp(N) >= 20 and hcp(N) <= 21 and balanced(N) and spades(S) >= 5",
        "hcp(north) >= 20 && hcp(north) <= 21 && "
        "shape(north, any 4333 + any 4432 + any 5332) && spades(south) >= 5",
    ),
}


def rate(run: object, seconds: float) -> tuple[float, int]:
    """Accepted deals per second: call ``run(k)`` with growing k until ``seconds`` pass."""
    done, spent, k = 0, 0.0, 4
    while spent < seconds:
        t = time.perf_counter()
        got = run(k)  # type: ignore[operator]
        spent += time.perf_counter() - t
        done += got
        k *= 2
    return done / spent, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per side and case")
    args = parser.parse_args()
    seed = [0]

    results = {}
    for name, (ours_expr, their_expr) in CASES.items():

        def ours(k: int, expr: str = ours_expr) -> int:
            seed[0] += 1
            deals = generate_deals(k, expr, seed=seed[0])
            north = deals[0][Seat.N]
            assert 15 <= hcp(north) <= 21 and is_balanced(north)
            return len(deals)

        def theirs(k: int, expr: str = their_expr) -> int:
            seed[0] += 1
            return sum(1 for _ in endplay_generate(expr, produce=k, seed=seed[0]))

        ours_rate, ours_n = rate(ours, args.seconds)
        their_rate, their_n = rate(theirs, args.seconds)
        results[name] = {
            "ours_per_s": round(ours_rate, 1),
            "anchor_per_s": round(their_rate, 1),
            "ratio": round(ours_rate / their_rate, 2),
            "ours_deals": ours_n,
            "anchor_deals": their_n,
        }
        print(f"{name}: {results[name]}", flush=True)

    worst = min(results, key=lambda n: results[n]["ratio"])
    summary = {
        "benchmark": "dealing",
        "anchor": "endplay.dealer.generate_deals",
        "ours_per_s": results[worst]["ours_per_s"],
        "anchor_per_s": results[worst]["anchor_per_s"],
        "ratio": results[worst]["ratio"],
        "worst_case": worst,
        "cases": results,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
