"""``contractbridge vp --imps 10 --boards 16``: victory points on the WBF 2013 scale."""

from __future__ import annotations

import argparse

from contractbridge.scoring.vp import victory_points, vp_table


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "vp",
        help="victory points for an IMP margin (WBF 2013 continuous 20-VP scale)",
        description="Victory points for a match won (or lost, negative) by a margin of IMPs.",
    )
    parser.add_argument("--imps", type=int, help="the IMP margin (negative for a loss)")
    parser.add_argument("--boards", type=int, required=True, help="boards in the match")
    parser.add_argument(
        "--table", action="store_true", help="print the whole scale for this match length"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.table or args.imps is None:
        for margin, vp in enumerate(vp_table(args.boards)):
            print(f"{margin:3d}  {vp:5.2f}  {20 - vp:5.2f}")
        return 0
    print(f"{victory_points(args.imps, args.boards):.2f}")
    return 0
