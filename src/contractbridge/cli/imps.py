"""``contractbridge imps SCORE [OTHER]``: IMPs for a difference (Law 78B).

``contractbridge imps 420 -50`` prints 10: the IMPs for +420 against -50.
``contractbridge imps 420 --russian 18`` prints 10: Russian Chicago, North-South made +420
holding 18 high-card points (East-West's target was 70).
"""

from __future__ import annotations

import argparse

from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Side, Vulnerability
from contractbridge.scoring.imps import imps
from contractbridge.scoring.russian import russian_imps


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "imps",
        help="IMPs for a score against another (or for a difference)",
        description="Convert a score difference to IMPs (Law 78B). "
        "With two scores, the first is IMPed against the second.",
    )
    parser.add_argument("score", type=int, help="a score, or a difference in points")
    parser.add_argument("other", type=int, nargs="?", help="the score compared with")
    parser.add_argument(
        "--russian",
        type=int,
        metavar="NS_HCP",
        help="Russian Chicago: IMP North-South's SCORE against the target for the high-card"
        " points North-South held",
    )
    parser.add_argument("--vulnerable", help="with --russian: None (default), NS, EW or All")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.russian is not None:
        if args.other is not None:
            raise BridgeError(
                "with --russian give North-South's score only: it is IMPed against the target"
            )
        vul = Vulnerability.parse(args.vulnerable or "None")
        print(
            russian_imps(
                args.score,
                ns_points=args.russian,
                ns_vulnerable=vul.is_vulnerable(Side.NS),
                ew_vulnerable=vul.is_vulnerable(Side.EW),
            )
        )
        return 0
    if args.vulnerable is not None:
        raise BridgeError("--vulnerable goes with --russian (plain IMPs do not depend on it)")
    print(imps(args.score - (args.other or 0)))
    return 0
