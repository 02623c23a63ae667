"""Our robots against ben through our Blue Chip table manager: a teams match in IMPs.

ben (lorserker/ben) is not a dependency: point ``BEN_HOME`` at a checkout of it (the folder
holding ``src/table_manager_client.py``, ``models/onnx`` and ``bin``) and ``BEN_PYTHON`` at a
Python that has ben's requirements (TensorFlow, onnxruntime, colorama; ben's client needs
Python 3.12). Our robots sit North-South, two ben clients East-West; each board is played
in the open room, then turned in the closed room, so each side holds each hand once.

    BEN_HOME=/tmp/ben BEN_PYTHON=/tmp/benenv312/bin/python \\
        .venv/bin/python benchmarks/bluechip_vs_ben.py --boards 4 --out /tmp/ben-match

Prints each board as it ends and the IMPs a board for our robots with a 95% CI; the match
is recorded in OUT (match.pbn, match.lin, transcript.txt, ben-East.log, ben-West.log).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

from contractbridge.bluechip.client import play_seat
from contractbridge.bluechip.manager import BoardScore, Settings, TableManager, random_boards
from contractbridge.cli.table_manager import board_line
from contractbridge.core.seat import Seat
from contractbridge.robots import STRENGTHS, robot_player


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--robots", choices=STRENGTHS, default="best")
    parser.add_argument("--config", default="config/onnx.conf", help="ben's config, from src/")
    parser.add_argument("--seconds", type=float, default=600.0, help="time a call or card")
    parser.add_argument("--out", type=Path, default=Path("bluechip-vs-ben"))
    parser.add_argument(
        "--minutes", type=float, help="end the match after the first board that ends later"
    )
    args = parser.parse_args()
    home = os.environ.get("BEN_HOME")
    if not home or not (Path(home) / "src" / "table_manager_client.py").exists():
        print("set BEN_HOME to a checkout of lorserker/ben (with src/table_manager_client.py)")
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    return asyncio.run(match(args, Path(home), os.environ.get("BEN_PYTHON", sys.executable)))


async def match(args: argparse.Namespace, home: Path, python: str) -> int:
    transcript = (args.out / "transcript.txt").open("w", encoding="ascii")
    started = time.monotonic()

    def line(who: str, text: str) -> None:
        transcript.write(f"{time.monotonic() - started:8.1f} {who:<14} {text}\n")
        transcript.flush()

    def on_board(score: BoardScore) -> None:
        print(f"{time.monotonic() - started:7.0f} s  {board_line(score)}", flush=True)
        if args.minutes is not None and time.monotonic() - started > args.minutes * 60:
            manager.request_stop()

    manager = TableManager(
        random_boards(args.boards, args.seed),
        Settings(call_seconds=args.seconds, card_seconds=args.seconds, reconnect_seconds=5,
                 seat_seconds=600, ew_team="ben", event="contractbridge v ben"),
        pbn=args.out / "match.pbn", lin=args.out / "match.lin", transcript=line,
        on_board=on_board,
    )  # fmt: skip
    [port] = await manager.listen("127.0.0.1", 0)
    ben = []
    for seat in ("East", "West"):
        log = (args.out / f"ben-{seat}.log").open("w")
        ben.append(
            subprocess.Popen(
                [python, "table_manager_client.py", "--host", "127.0.0.1", "--port", str(port),
                 "--name", "ben", "--seat", seat, "--config", args.config],
                cwd=home / "src", stdout=log, stderr=subprocess.STDOUT,
                env={**os.environ, "BEN_HOME": str(home)},
            )
        )  # fmt: skip
    ours = [
        asyncio.create_task(play_seat("127.0.0.1", port, robot_player(args.robots), seat, "ours"))
        for seat in (Seat.N, Seat.S)
    ]
    try:
        result = await manager.run()
    finally:
        for task in ours:
            task.cancel()
        for process in ben:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
        transcript.close()
    print(result.summary())
    print(f"{time.monotonic() - started:.0f} s for {len(result.boards)} boards (both rooms)")
    return 0 if result.stopped in (None, "stopped on request") else 1


if __name__ == "__main__":
    sys.exit(main())
