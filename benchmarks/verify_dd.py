"""Check every deal of DDS's list1000 (or another reference list) against our analysis.

For each deal: the double-dummy TABLE (``--no-tables`` skips it: ``benchmarks/analysis.py``
checks the same tables), PAR and PAR2 (par with and without the dealer), FUT (every
opening lead and its tricks) and TRACE (the double-dummy count after each card of a played
line). The test suite checks the same on all of list100 and list1000 (of list1000's tables a
different fifth each run); this script runs the check on any reference list, whole, and
reports counts and time.

Run: python benchmarks/verify_dd.py [--list list1000.txt] [--no-tables]
Prints one JSON object on its last line with the mismatch counts (all zero expected).
"""

from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

from contractbridge.analysis import DDTable, Position, dd_cards_many, dd_tables, dd_traces, par
from contractbridge.core import SEATS, Card, Contract, Deal, Play, Strain, Vulnerability

DDS_DIR = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "dds"
if not DDS_DIR.exists():
    DDS_DIR = Path("/work/shared/corpus/dds")
DDS_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)
DDS_VUL = (Vulnerability.NONE, Vulnerability.ALL, Vulnerability.NS, Vulnerability.EW)


def field(block: str, name: str) -> str:
    match = re.search(rf"\n{name} (.*)", block)
    assert match is not None, name
    return match.group(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--list", default="list1000.txt")
    parser.add_argument("--no-tables", action="store_true")
    args = parser.parse_args()
    blocks = (DDS_DIR / args.list).read_text().split("\nPBN ")[1:]

    refs = []
    for block in blocks:
        head = re.match(r'(\d) (\d) (\d) (\d) "([^"]*)"', block)
        assert head is not None
        dealer, vul, trump, first = (int(x) for x in head.groups()[:4])
        refs.append((SEATS[dealer], DDS_VUL[vul], DDS_STRAINS[trump], SEATS[first], block))
    deals = [Deal.from_pbn(re.match(r'[^"]*"([^"]*)"', r[4]).group(1)) for r in refs]  # type: ignore[union-attr]
    counts = {"table": 0, "par": 0, "fut": 0, "trace": 0}
    started = time.perf_counter()

    expected_tables = []
    for *_, block in refs:
        values = [int(x) for x in field(block, "TABLE").split()[:20]]
        grid = [[0] * 4 for _ in range(5)]
        for i, strain in enumerate(DDS_STRAINS):
            for seat in range(4):
                grid[strain][seat] = values[i * 4 + seat]
        expected_tables.append(DDTable(grid))
    if not args.no_tables:
        for ours, theirs in zip(dd_tables(deals), expected_tables, strict=True):
            counts["table"] += ours != theirs

    for (dealer, vul, _, _, block), table in zip(refs, expected_tables, strict=True):
        result = par(table, vul, dealer)
        par1 = re.findall(r'"([^"]*)"', field(block, "PAR"))
        par2 = re.findall(r'"([^"]*)"', field(block, "PAR2"))
        ours = set()
        for pc in result.contracts:
            who = pc.declarers[0].name if len(pc.declarers) == 1 else pc.side.name
            c = pc.contract
            strain = "N" if c.strain == Strain.NT else c.strain.name
            r = pc.result
            ours.add(
                f"{c.level}{strain}{'*' if c.doubled else ''}-{who}{'' if r == 0 else f'{r:+d}'}"
            )
        ok = result.score == int(par2[0]) == int(par1[0].split()[1]) and ours == set(par2[1:])
        counts["par"] += not ok

    positions, plays, expected_leads, expected_traces = [], [], [], []
    for (_, _, strain, leader, block), deal in zip(refs, deals, strict=True):
        positions.append(Position(deal, strain, leader))
        fut = [int(x) for x in field(block, "FUT").split()]
        n = fut[0]
        suits, ranks, equals, scores = (fut[1 + i * n : 1 + (i + 1) * n] for i in range(4))
        lead = {}
        for suit, rank, eq, score in zip(suits, ranks, equals, scores, strict=True):
            for r in range(2, 15):
                if (1 << rank | eq) >> r & 1:
                    lead[Card(3 - suit, r)] = 13 - score  # theirs: the leader's side
        expected_leads.append(lead)
        cards = re.search(r'"([^"]*)"', field(block, "PLAY")).group(1)  # type: ignore[union-attr]
        play = Play(deal, Contract(1, strain, declarer=leader.rho))
        for i in range(0, len(cards), 2):
            play.play(cards[i : i + 2])
        plays.append(play)
        expected_traces.append([int(x) for x in field(block, "TRACE").split()][1:])
    for ours_lead, lead in zip(dd_cards_many(positions), expected_leads, strict=True):
        counts["fut"] += ours_lead != lead
    for trace, expected in zip(dd_traces(plays), expected_traces, strict=True):
        counts["trace"] += list(trace[: len(expected)]) != expected

    summary = {
        "verification": args.list,
        "deals": len(refs),
        "tables_checked": not args.no_tables,
        "mismatches": counts,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
