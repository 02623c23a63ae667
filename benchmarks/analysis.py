"""Double-dummy throughput: our ``analyze`` path against raw endplay ``calc_all_tables``.

The same deals (DDS's own list1000 reference deals) go through both, in the same run:

* ours: :func:`contractbridge.analysis.annotate.analyze_records` on game records, the path
  ``contractbridge analyze`` takes: tables in DDS batches, par for each board, and the
  DoubleDummyTricks / OptimumResultTable / OptimumScore / ParContract tags;
* anchor: ``endplay.dds.calc_all_tables`` on ready-made endplay deals, 40 per call (its
  maximum for five strains), tables only.

The deals go in blocks of 40 (one DDS call), ours and the anchor taking turns to go first, so load
from other processes falls on both alike. Every table of ours is checked against the
anchor's and against DDS's reference TABLE line (the counts are reported).

Run: python benchmarks/analysis.py [--deals 1000]
Prints one JSON object on its last line.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import time
from pathlib import Path

from endplay.dds import calc_all_tables
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

from contractbridge.analysis.annotate import analyze_records
from contractbridge.core import SEATS, Deal, Strain
from contractbridge.formats import GameRecord

LIST1000 = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "dds" / "list1000.txt"
if not LIST1000.exists():
    LIST1000 = Path("/work/shared/corpus/dds/list1000.txt")

_DENOM = {
    Strain.C: Denom.clubs,
    Strain.D: Denom.diamonds,
    Strain.H: Denom.hearts,
    Strain.S: Denom.spades,
    Strain.NT: Denom.nt,
}
_PLAYER = (Player.north, Player.east, Player.south, Player.west)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--block", type=int, default=40)
    args = parser.parse_args()

    text = LIST1000.read_text()
    pbns = re.findall(r'^PBN \d \d \d \d "([^"]+)"', text, re.M)[: args.deals]
    # DDS's reference tables: strains S H D C NT x seats N E S W
    reference = [
        [int(x) for x in t.split()[:20]] for t in re.findall(r"^TABLE ([\d ]+)", text, re.M)
    ]
    dds_strains = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)
    ours_time = anchor_time = 0.0
    mismatches = reference_mismatches = 0
    for b, start in enumerate(range(0, len(pbns), args.block)):
        block = pbns[start : start + args.block]
        records = [
            GameRecord(board=start + i + 1, deal=Deal.from_pbn(p)) for i, p in enumerate(block)
        ]
        theirs_in = [EndplayDeal(p) for p in block]

        def ours(records: list[GameRecord] = records) -> list:  # type: ignore[type-arg]
            return analyze_records(records)

        def anchor(deals: list[EndplayDeal] = theirs_in) -> list:  # type: ignore[type-arg]
            out = []
            for i in range(0, len(deals), 40):
                out.extend(calc_all_tables(deals[i : i + 40]))
            return out

        order = [("ours", ours), ("anchor", anchor)]
        if b % 2:
            order.reverse()
        got = {}
        for name, func in order:
            t = time.perf_counter()
            got[name] = func()
            spent = time.perf_counter() - t
            if name == "ours":
                ours_time += spent
            else:
                anchor_time += spent
        for i, mine in enumerate(got["ours"]):
            expected = reference[start + i]
            mine_dds = [mine.table.tricks(seat, s) for s in dds_strains for seat in SEATS]
            reference_mismatches += mine_dds != expected
        for mine, theirs in zip(got["ours"], got["anchor"], strict=True):
            for seat in SEATS:
                for strain, denom in _DENOM.items():
                    if mine.table.tricks(seat, strain) != theirs[denom, _PLAYER[seat]]:
                        mismatches += 1
        print(
            f"{start + len(block)} deals: ours {ours_time:.1f} s, anchor {anchor_time:.1f} s",
            flush=True,
        )

    n = len(pbns)
    summary = {
        "benchmark": "analysis",
        "deals": n,
        "anchor": "endplay.dds.calc_all_tables (40 deals a call)",
        "ours_per_s": round(n / ours_time, 2),
        "anchor_per_s": round(n / anchor_time, 2),
        "ratio": round(anchor_time / ours_time, 3),
        "table_mismatches": mismatches,
        "reference_table_mismatches": reference_mismatches,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
