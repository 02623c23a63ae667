"""SAYC conformance: no case of the shared corpus that passed may start failing.

``tests/data/sayc_expectations.json`` records pass/fail per case; refresh it with
``python benchmarks/sayc.py --write tests/data/sayc_expectations.json`` after an improvement.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contractbridge.core import Auction, Call, Hand, ParseError, Seat, Vulnerability
from contractbridge.robots.bidding import Bidder
from corpus import CORPUS as CORPUS_ROOT

ROOT = Path(__file__).resolve().parent.parent
CORPUS = CORPUS_ROOT / "bidding" / "sayc_standard.json"
EXPECTATIONS = Path(__file__).parent / "data" / "sayc_expectations.json"


@pytest.mark.slow
def test_sayc_cases_that_passed_still_pass() -> None:
    cases = json.loads(CORPUS.read_text())
    expected = json.loads(EXPECTATIONS.read_text())
    assert len(cases) == 906
    bidder = Bidder("sayc")
    regressions = []
    for i, case in enumerate(cases):
        cid = f"{i:03d} {case['hand']} {' '.join(case['auction']) or '-'}"
        if not expected.get(cid):
            continue
        try:
            hand = Hand.from_pbn(case["hand"])
        except ParseError:
            regressions.append(f"{cid}: hand no longer parses")
            continue
        call = bidder.choose(
            hand, Auction(Seat.N, case["auction"]), Vulnerability.parse(case["vulnerable"])
        )
        if call != Call.parse(case["expected"]):
            regressions.append(f"{cid}: expected {case['expected']}, now {call}")
    assert not regressions, "\n".join(regressions)


def test_expectations_file_covers_every_case_and_records_the_pass_rate() -> None:
    expected = json.loads(EXPECTATIONS.read_text())
    assert len(expected) == 906
    assert sum(expected.values()) / 906 >= 0.5
