"""``contractbridge vp --imps 10 --boards 16 [--scale wbf|wbf-integer|FILE]``: victory points
for an IMP margin, on the WBF 2013 continuous scale (the default), the WBF integer scale or a
club's scale of IMP bands read from a CSV or JSON file."""

from __future__ import annotations

import argparse

from contractbridge.scoring.vp import WbfContinuousScale
from contractbridge.tournament.teams import load_scale


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "vp",
        help="victory points for an IMP margin (WBF 2013 continuous, WBF integer or a file)",
        description="Victory points for a match won (or lost, negative) by a margin of IMPs.",
    )
    parser.add_argument("--imps", type=int, help="the IMP margin (negative for a loss)")
    parser.add_argument("--boards", type=int, required=True, help="boards in the match")
    parser.add_argument(
        "--scale",
        default="wbf",
        metavar="SCALE",
        help="wbf (WBF 2013 continuous, the default), wbf-integer (WBF whole VPs), or a CSV"
        " or JSON file of IMP bands",
    )
    parser.add_argument(
        "--table", action="store_true", help="print the whole scale for this match length"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    scale = load_scale(args.scale)
    # the continuous scale in hundredths, as the WBF publishes it; the others as given
    shown = "{:5.2f}".format if isinstance(scale, WbfContinuousScale) else "{:>5g}".format
    if args.table or args.imps is None:
        for margins, winners, losers in scale.rows(args.boards):
            print(f"{margins:>7}  {shown(winners)}  {shown(losers)}")
        return 0
    home, _ = scale.match(max(args.imps, 0), max(-args.imps, 0), args.boards)
    print(shown(home).strip())
    return 0
