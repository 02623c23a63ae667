"""SAYC conformance: run the 906 cases of ../shared/corpus/bidding/sayc_standard.json.

Prints failures with ``-v``, a pass rate per group, and as the last line a JSON summary.
``--write PATH`` stores pass/fail per case (the expectations file the tests guard).
Cases are dealt by North (the corpus's origin deals every case from North).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from contractbridge.core import Auction, Call, Hand, ParseError, Seat, Vulnerability
from contractbridge.robots.bidding import Bidder

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "bidding" / "sayc_standard.json"


def case_id(i: int, case: dict[str, object]) -> str:
    auction = " ".join(case["auction"]) or "-"  # type: ignore[arg-type]
    return f"{i:03d} {case['hand']} {auction}"


def run_cases(cases: list[dict], bidder: Bidder) -> list[tuple[str, bool, str]]:  # type: ignore[type-arg]
    out = []
    for i, case in enumerate(cases):
        auction = Auction(Seat.N, case["auction"])
        try:
            hand = Hand.from_pbn(case["hand"])
        except ParseError:  # the corpus holds a few impossible hands; they count as failures
            out.append((case_id(i, case), False, "invalid hand"))
            continue
        call = bidder.choose(hand, auction, Vulnerability.parse(case["vulnerable"]))
        ok = call == Call.parse(case["expected"])
        out.append((case_id(i, case), ok, str(call)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--system", default="sayc")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every failure")
    parser.add_argument("--group", help="only cases of this group")
    parser.add_argument("--write", type=Path, help="write pass/fail per case to this JSON file")
    args = parser.parse_args()

    cases = json.loads(args.corpus.read_text())
    bidder = Bidder(args.system)
    start = time.perf_counter()
    results = run_cases(cases, bidder)
    elapsed = time.perf_counter() - start
    per_group: Counter[str] = Counter()
    passed_group: Counter[str] = Counter()
    for case, (_cid, ok, got) in zip(cases, results, strict=True):
        if args.group and case["group"] != args.group:
            continue
        per_group[case["group"]] += 1
        passed_group[case["group"]] += ok
        if args.verbose and not ok:
            print(
                f"FAIL {case['group']}: {case['hand']} [{' '.join(case['auction'])}] "
                f"{case['vulnerable']}: expected {case['expected']}, got {got}"
            )
    for group, n in per_group.items():
        print(f"{group:50s} {passed_group[group]:4d}/{n:<4d}")
    total = sum(per_group.values())
    passed = sum(passed_group.values())
    if args.write:
        args.write.write_text(
            json.dumps({cid: ok for cid, ok, _ in results}, indent=0, sort_keys=True) + "\n"
        )
    summary = {
        "cases": total,
        "passed": passed,
        "pass_rate": round(passed / total, 4) if total else 0.0,
        "ms_per_call": round(1000 * elapsed / len(cases), 2),
    }
    sys.stdout.write(json.dumps(summary) + "\n")


if __name__ == "__main__":
    main()
