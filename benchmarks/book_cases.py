"""A system's conformance to its book: run the cases of tests/data/<book>_cases.json (each
written from the system's published description and naming its section) with a system's
rules — the book's own system by default, or another (``--system sayc``) for comparison.

    python benchmarks/book_cases.py forumd            # Forum D 2012 Kurzbeschreibung
    python benchmarks/book_cases.py acol -v           # EBU Standard English, with failures
    python benchmarks/book_cases.py acol --system sayc

Prints failures with ``-v``, a pass rate per group, and as the last line a JSON summary.
(The SAYC cases, from a different source, have their own script: ``sayc.py``.)
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from sayc import run_cases  # type: ignore[import-not-found]

from contractbridge.robots.bidding import Bidder

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("book", choices=("forumd", "acol"), help="whose cases")
    parser.add_argument("--system", help="the system bidding them (default: the book's)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every failure")
    args = parser.parse_args()
    system = args.system or args.book
    cases = json.loads((DATA / f"{args.book}_cases.json").read_text("utf-8"))
    results = run_cases(cases, Bidder(system))
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
    summary = {"book": args.book, "system": system, "cases": n, "passed": won}
    print(json.dumps({**summary, "pass_rate": round(won / n, 4)}))


if __name__ == "__main__":
    main()
