"""A person and ben at one web table: ben's ``table_manager_client.py`` takes a seat our web
server gave to a Blue Chip client, and plays it against our robots, with a scripted person
in North (passes, then the first legal card; North deals board 1, so nothing is called
before ben sits and it plays from the first deal) -- the mixed table of docs/bluechip.md, tried
with a client nobody here wrote.

ben (lorserker/ben) is not a dependency: ``BEN_HOME`` is a checkout of it and ``BEN_PYTHON``
a Python with its requirements (docs/bluechip.md, "Against ben")::

    BEN_HOME=/tmp/ben876 BEN_PYTHON=/tmp/benenv312/bin/python \\
        .venv/bin/python benchmarks/bluechip_seat_with_ben.py --deals 2 --seat W

The last line is a JSON object: deals played, ben's calls and cards, the seconds taken.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--seat", default="W", choices=["E", "S", "W"], help="ben's seat")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--config", default="config/onnx-linux.conf", help="ben's, from src/")
    parser.add_argument("--minutes", type=float, default=20)
    args = parser.parse_args()
    home = os.environ.get("BEN_HOME")
    if not home or not (Path(home) / "src" / "table_manager_client.py").exists():
        print("set BEN_HOME to a checkout of lorserker/ben (with src/table_manager_client.py)")
        return 2
    python = os.environ.get("BEN_PYTHON", sys.executable)
    work = Path(tempfile.mkdtemp(prefix="cb-ben-seat-"))
    web, door = free_port(), free_port()
    server_log = (work / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "contractbridge", "serve", "--port", str(web),
         "--db", f"sqlite:///{work / 'tables.db'}", "--workers", "1",
         "--bluechip-port", str(door), "--log-level", "warning"],
        stdout=server_log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{web}"
    ben = None
    started = time.monotonic()
    try:
        for _ in range(600):
            try:
                if urllib.request.urlopen(base + "/readyz", timeout=2).status == 200:
                    break
            except OSError:
                time.sleep(0.2)
        seats = {"N": {"name": "Ann"}, args.seat: {"bluechip": True, "name": "ben"}}
        table = call(base, "/api/tables", {"seats": seats, "boards": args.deals, "seed": args.seed})
        given = table["bluechip"][args.seat]
        ben_log = (work / "ben.log").open("w")
        seat_word = {"S": "South", "E": "East", "W": "West"}[args.seat]
        ben = subprocess.Popen(
            [python, "table_manager_client.py", "--host", given["host"], "--port",
             str(given["port"]), "--name", given["team"], "--seat", seat_word,
             "--config", args.config],
            cwd=Path(home) / "src", stdout=ben_log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        token = table["tokens"]["N"]
        path = f"/api/tables/{table['id']}"
        deadline = started + args.minutes * 60
        while call(base, f"{path}?token={token}")["bluechip"][args.seat]["name"] is None:
            if ben.poll() is not None or time.monotonic() > deadline:
                print(f"ben did not take its seat; see {work / 'ben.log'}")
                return 1
            time.sleep(0.5)
        seated = time.monotonic()
        while time.monotonic() < deadline:
            v = call(base, f"{path}?token={token}")
            if len(v["sheet"]["rows"]) >= args.deals or not v["pending"]:
                break
            if "N" not in v["pending"]:
                time.sleep(0.3)
                continue
            action = {"call": "Pass"} if v.get("legal_calls") else {"card": v["legal_cards"][0]}
            sent = {"token": token, "version": v["version"], "action": action}
            call(base, f"{path}/actions", sent)
        # ben leaves by itself once told the last cards and "End of session"
        with contextlib.suppress(subprocess.TimeoutExpired):
            ben.wait(60)
        v = call(base, f"{path}?token={token}")
        boards = [*v["history"], v["board"]]
        played = [b for b in boards if b["over"]]
        calls = sum(1 for b in played for c in b["calls"] if c["seat"] == args.seat)
        print(f"deals played: {len(played)} of {args.deals}; work in {work}")
        for b in played:
            print(f"  board {b['number']}: " + " ".join(c["call"] for c in b["calls"]))
        print(json.dumps({
            "deals": len(played), "ben_seat": args.seat, "ben_calls": calls,
            "seconds_seated": round(time.monotonic() - seated, 1),
            "ben_left_at_end_of_session": ben.returncode == 0,
        }))  # fmt: skip
        return 0 if len(played) == args.deals else 1
    finally:
        for process in (ben, server):
            if process is not None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()


if __name__ == "__main__":
    raise SystemExit(main())
