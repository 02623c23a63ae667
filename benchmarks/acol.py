"""Acol conformance: run the cases of tests/data/acol_cases.json (written from the EBU's
Standard English Acol Foundation Level System File; each case names its section) with the
Acol rules.

Prints failures with ``-v``, a pass rate per group, and as the last line a JSON summary.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from sayc import run_cases  # type: ignore[import-not-found]

from contractbridge.robots.bidding import Bidder

CASES = Path(__file__).resolve().parent.parent / "tests" / "data" / "acol_cases.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--system", default="acol")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every failure")
    args = parser.parse_args()
    cases = json.loads(CASES.read_text("utf-8"))
    results = run_cases(cases, Bidder(args.system))
    total: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    for case, (_cid, ok, got) in zip(cases, results, strict=True):
        total[case["group"]] += 1
        passed[case["group"]] += ok
        if args.verbose and not ok:
            print(
                f"FAIL {case['section']}: {case['hand']} [{' '.join(case['auction'])}]: "
                f"expected {case['expected']}, got {got}"
            )
    for group, n in total.items():
        print(f"{group:40s} {passed[group]:4d}/{n:<4d}")
    n, won = sum(total.values()), sum(passed.values())
    print(
        json.dumps(
            {"system": args.system, "cases": n, "passed": won, "pass_rate": round(won / n, 4)}
        )
    )


if __name__ == "__main__":
    main()
