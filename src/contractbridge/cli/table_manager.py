"""``contractbridge table-manager``: a Blue Chip table manager that runs a robots' match.

``contractbridge table-manager --boards 16 --seed 7 --pbn match.pbn --lin match.lin`` waits
on port 2000 for four Blue Chip clients (each names its seat in its Connecting line, as
ben's and WBridge5's do), plays a teams match of 16 boards (each board in both rooms, the
teams swapping sides) and prints the IMPs board by board. ``--robots-at NS`` seats our own
robots in those seats from this same process, so one more command brings the other side.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from contractbridge.bluechip.connection import run_to_end
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat
from contractbridge.robots import STRENGTHS

if TYPE_CHECKING:
    from contractbridge.bluechip.manager import BoardScore, MatchResult, TableManager


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "table-manager",
        help="a Blue Chip table manager: robots from anywhere play a match",
        description=(
            "Run a Blue Chip Bridge table manager (protocol version 18). Four clients "
            "connect, the match is played, recorded as PBN and LIN and scored in IMPs."
        ),
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=2000, help="port (default 2000; 0: any)")
    parser.add_argument(
        "--seat-ports",
        action="store_true",
        help="one port a seat: North on PORT, East PORT+1, South PORT+2, West PORT+3",
    )
    parser.add_argument("--boards", type=int, default=16, help="random boards (default 16)")
    parser.add_argument("--seed", type=int, help="seed for the random deals")
    parser.add_argument("--deals", type=Path, help="play the boards of this PBN, LIN or JSON file")
    parser.add_argument(
        "--form",
        choices=("teams", "pairs"),
        default="teams",
        help="teams: each board in both rooms, sides swapped (default); pairs: once, "
        "IMPs against double-dummy par",
    )
    parser.add_argument("--call-seconds", type=float, default=60.0, help="time for a call")
    parser.add_argument("--card-seconds", type=float, default=60.0, help="time for a card")
    parser.add_argument(
        "--reconnect-seconds",
        type=float,
        default=60.0,
        help="how long a client that left may take to come back before the match stops",
    )
    parser.add_argument(
        "--seat-seconds", type=float, help="how long to wait for four clients (default: ever)"
    )
    parser.add_argument(
        "--trick-pause", type=float, default=0.0, help="pause after each trick (seconds)"
    )
    parser.add_argument("--ns-team", help="the N/S team name the clients must give")
    parser.add_argument("--ew-team", help="the E/W team name the clients must give")
    parser.add_argument("--event", default="Blue Chip match", help="event name in the records")
    parser.add_argument("--pbn", type=Path, help="record the match here as PBN")
    parser.add_argument("--lin", type=Path, help="record the match here as LIN")
    parser.add_argument("--transcript", type=Path, help="write every line sent and received")
    parser.add_argument(
        "--robots-at",
        default="",
        metavar="SEATS",
        help="seats our robots take from this process, e.g. NS or NESW",
    )
    parser.add_argument("--robots", choices=STRENGTHS, default="best", help="their strength")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from contractbridge.bluechip.manager import (
        ManagerError,
        Settings,
        TableManager,
        boards_from_records,
        random_boards,
    )

    if args.boards < 1:
        raise ManagerError(f"--boards must be at least 1, not {args.boards}")
    seats = [Seat.parse(c) for c in args.robots_at.replace(",", "")]
    if args.deals is not None:
        from contractbridge.formats import load_file

        boards = boards_from_records(load_file(args.deals, strict=False))
    else:
        boards = random_boards(args.boards, args.seed)
    settings = Settings(
        form=args.form,
        call_seconds=args.call_seconds,
        card_seconds=args.card_seconds,
        reconnect_seconds=args.reconnect_seconds,
        seat_seconds=args.seat_seconds,
        trick_pause=args.trick_pause,
        ns_team=args.ns_team,
        ew_team=args.ew_team,
        event=args.event,
    )
    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        format="%(asctime)s %(message)s",
        datefmt="%H:%M:%S",
    )
    transcript_file = args.transcript.open("w", encoding="ascii") if args.transcript else None

    def transcript(who: str, line: str) -> None:
        if transcript_file is not None:
            transcript_file.write(f"{who:<14} {line}\n")
            transcript_file.flush()

    def on_board(score: BoardScore) -> None:
        if not args.quiet:
            print(board_line(score), flush=True)

    manager = TableManager(
        boards, settings, pbn=args.pbn, lin=args.lin, transcript=transcript, on_board=on_board
    )
    try:
        result = run_to_end(_serve(manager, args, seats))
    finally:
        if transcript_file is not None:
            transcript_file.close()
    print(result.summary())
    return 0 if result.stopped is None else 1


async def _serve(manager: TableManager, args: argparse.Namespace, seats: list[Seat]) -> MatchResult:
    from contractbridge.bluechip.client import play_seat
    from contractbridge.robots import robot_player

    ports = await manager.listen(args.host, args.port, seat_ports=args.seat_ports)
    where = ", ".join(str(p) for p in ports)
    print(f"table manager on {args.host} port {where}: waiting for clients", flush=True)
    robots = [
        asyncio.create_task(
            play_seat(
                args.host,
                ports[seat] if args.seat_ports else ports[0],
                robot_player(args.robots),
                seat,
                "contractbridge",
            )
        )
        for seat in seats
    ]
    try:
        return await manager.run()
    finally:
        for task in robots:
            if not task.done():
                task.cancel()
        for task in robots:
            try:
                await task
            except (asyncio.CancelledError, BridgeError) as error:
                if not isinstance(error, asyncio.CancelledError):
                    print(f"robot: {error}", file=sys.stderr)


def board_line(score: BoardScore) -> str:
    """``Board 3: 4S N =, N/S +420 | 3NT S +1, N/S -430 -> +0 IMPs``: a board's rooms."""
    from contractbridge.bluechip.manager import TableResult

    def room(result: TableResult) -> str:
        if result.at_fault is not None:
            return f"not finished ({result.at_fault} at fault)"
        if result.contract is None:
            return "passed out"
        need = result.contract.level + 6
        made = (result.tricks or 0) - need
        outcome = "=" if made == 0 else f"{made:+d}"
        return f"{result.contract} {outcome}, N/S {result.score:+d}"

    text = " | ".join(room(r) for r in score.results)
    imps = "" if score.imps is None else f" -> {score.imps:+d} IMPs"
    return f"Board {score.number}: {text}{imps}"
