"""``contractbridge imps SCORE [OTHER]``: IMPs for a difference (Law 78B).

``contractbridge imps 420 -50`` prints 10: the IMPs for +420 against -50.
"""

from __future__ import annotations

import argparse

from contractbridge.scoring.imps import imps


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "imps",
        help="IMPs for a score against another (or for a difference)",
        description="Convert a score difference to IMPs (Law 78B). "
        "With two scores, the first is IMPed against the second.",
    )
    parser.add_argument("score", type=int, help="a score, or a difference in points")
    parser.add_argument("other", type=int, nargs="?", default=0, help="the score compared with")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    print(imps(args.score - args.other))
    return 0
