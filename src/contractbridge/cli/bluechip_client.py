"""``contractbridge bluechip-client HOST PORT --seat S``: our robot at any table manager.

Connects one of our robots (by default the SAYC bidder that plays by simulation, the one
the web table seats) to a Blue Chip table manager (Blue Chip's, Bridge Moniteur, ours) and
plays until the manager ends the session.
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from contractbridge.bluechip.connection import run_to_end
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat
from contractbridge.robots import STRENGTHS


def seat_or_any(text: str) -> Seat | None:
    if text.strip().upper() == "ANYPL":
        return None
    try:
        return Seat.parse(text)
    except BridgeError as error:
        raise argparse.ArgumentTypeError(f"{error}, or ANYPL") from None


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bluechip-client",
        help="our robot in one seat at a Blue Chip table manager",
        description="Connect one of our robots to a Blue Chip Bridge table manager "
        "(protocol version 18) and play until the session ends.",
    )
    parser.add_argument("host", help="the table manager's address")
    parser.add_argument("port", type=int, help="its port (2000 for most managers)")
    parser.add_argument(
        "--seat", type=seat_or_any, required=True, help="N, E, S, W, or ANYPL (any seat)"
    )
    parser.add_argument("--name", default="contractbridge", help="team name to give")
    parser.add_argument("--robots", choices=STRENGTHS, default="best", help="robot strength")
    parser.add_argument(
        "--budget", type=float, default=1.0, help="the card player's seconds per card"
    )
    parser.add_argument("--transcript", type=Path, help="write every line sent and received")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from contractbridge.bluechip.client import BlueChipClient
    from contractbridge.robots import robot_player

    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        format="%(asctime)s %(message)s",
        datefmt="%H:%M:%S",
    )
    out = args.transcript.open("w", encoding="ascii") if args.transcript else None

    def transcript(who: str, line: str) -> None:
        if out is not None:
            out.write(f"{who:<14} {line}\n")
            out.flush()
        if not args.quiet:
            print(f"{who:<14} {line}", flush=True)

    client = BlueChipClient(
        robot_player(args.robots, args.budget), args.seat, args.name, transcript=transcript
    )
    try:
        boards = run_to_end(client.run(args.host, args.port))
    finally:
        if out is not None:
            out.close()
    print(f"session over: {boards} boards played")
    return 0
