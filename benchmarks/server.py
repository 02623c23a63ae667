"""The web table under load: many tables at once, robots in three seats, a scripted person in
the fourth, all on loopback.

Starts ``contractbridge serve`` in a subprocess (SQLite in a temporary file unless ``--db`` is
given), opens one WebSocket per table and plays whole deals: the person bids (1NT when it
opens, else pass), plays its first legal card as soon as it is its turn and accepts claims.
Reports the person's actions per second, the latency from sending an action to its
acknowledgement (stored and applied) and from sending it to the robots' answer reaching the
socket, p50 and p99, the errors (any error message, refused request or lost connection),
and from the server's ``/readyz``: the longest time a robot's task waited for a free worker
because other tables' robots were thinking.

``--silent-spectators N`` also opens N spectators per table that never read their socket
(a 1 KB receive buffer, never emptied): the slow-client run of issue 43. Nobody else's
latency may change with them (the server drops them with close code 4008).

    .venv/bin/python benchmarks/server.py --tables 50 --deals 1 --robots best --workers 2

The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def choose(view: dict[str, Any]) -> dict[str, Any] | None:
    """The scripted person's action, or None when there is nothing it can do yet."""
    board = view["board"]
    if board.get("pending_claim") or board.get("pending_concession"):
        return {"accept_claim": True}
    if view.get("legal_calls"):
        opened = any(c["call"] != "Pass" for c in board["calls"])
        return {"call": "1NT" if not opened and "1NT" in view["legal_calls"] else "Pass"}
    if view.get("legal_cards"):
        return {"card": view["legal_cards"][0]}
    return None


class Figures:
    def __init__(self) -> None:
        self.ack: list[float] = []
        self.robot: list[float] = []
        self.errors: list[str] = []
        self.silent: list[socket.socket] = []


def silent_spectator(base: str, table_id: str) -> socket.socket:
    """A spectator that opens the table's socket with a tiny receive buffer and never reads."""
    host, port = base.removeprefix("http://").split(":")
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    s.connect((host, int(port)))
    key = "dGhlIHNhbXBsZSBub25jZQ=="
    s.sendall(
        f"GET /ws/{table_id} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    return s


async def person(base: str, deals: int, figures: Figures, silent: int = 0) -> tuple[int, int]:
    """Create a table, play ``deals`` deals as South; returns the person's actions and the
    events the table stored (the robots' calls and cards included)."""
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        r = await http.post("/api/tables", json={"kind": "duplicate", "seats": {"S": {}}})
        if r.status_code != 201:
            figures.errors.append(f"create: {r.status_code} {r.text}")
            return 0, 0
        table = r.json()
    figures.silent += [silent_spectator(base, table["id"]) for _ in range(silent)]
    ws_url = base.replace("http", "ws") + f"/ws/{table['id']}?token={table['tokens']['S']}"
    actions = 0
    sent: dict[int, float] = {}
    answered_since: float | None = None  # the last action acknowledged, robots to answer
    async with websockets.connect(ws_url, max_size=None) as ws:
        ref = 0
        view: dict[str, Any] | None = None
        async for raw in ws:
            message = json.loads(raw)
            now = time.perf_counter()
            if message["type"] == "ack":
                began = sent.pop(message["id"])
                figures.ack.append(now - began)
                answered_since = began
            elif message["type"] == "error":
                figures.errors.append(f"{message.get('status')}: {message['reason']}")
                sent.clear()
            else:
                view = message["view"]
                if message["events"] and answered_since is not None and not sent:
                    figures.robot.append(now - answered_since)  # the robots' first answer
                    answered_since = None
            if view is None or sent:
                continue  # one action in flight at a time, as a person clicks
            if len(view["sheet"]["rows"]) >= deals:  # deals finished (the next is dealt at once)
                return actions, int(view["version"])
            action = choose(view) if view.get("you_act") else None
            if action is not None:
                ref += 1
                sent[ref] = time.perf_counter()
                answered_since = None
                message = {"type": "act", "id": ref, "version": view["version"], "action": action}
                await ws.send(json.dumps(message))
                actions += 1
    figures.errors.append("the server closed the connection")
    return actions, 0


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(len(values) * q))]


async def run(bases: list[str], tables: int, deals: int, silent: int = 0) -> dict[str, Any]:
    figures = Figures()
    start = time.perf_counter()
    results = await asyncio.gather(
        *(person(bases[i % len(bases)], deals, figures, silent) for i in range(tables)),
        return_exceptions=True,
    )
    elapsed = time.perf_counter() - start
    for s in figures.silent:
        s.close()
    done = [r for r in results if isinstance(r, tuple)]
    figures.errors += [repr(r) for r in results if isinstance(r, BaseException)]
    actions = sum(a for a, _ in done)
    waits = []
    async with httpx.AsyncClient() as http:
        for base in bases:
            robots = (await http.get(base + "/readyz")).json()["robots"]
            waits.append(robots.get("local", robots))
    return {
        "tables": tables,
        "silent_spectators_per_table": silent,
        "deals": tables * deals,
        "actions": actions,
        "seconds": round(elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
        "events_per_s": round(sum(e for _, e in done) / elapsed, 1),
        "ack_p50_ms": round(statistics.median(figures.ack) * 1000, 1) if figures.ack else None,
        "ack_p99_ms": round(pct(figures.ack, 0.99), 1),
        "robot_p50_ms": round(pct(figures.robot, 0.5), 1),
        "robot_p99_ms": round(pct(figures.robot, 0.99), 1),
        "errors": len(figures.errors),
        "first_errors": figures.errors[:3],
        "longest_robot_wait_ms": max(w["longest_wait_ms"] for w in waits),
        "mean_robot_wait_ms": round(statistics.mean(w["mean_wait_ms"] for w in waits), 1),
        "worker_restarts": sum(w["restarts"] for w in waits),
    }


def wait_ready(server: subprocess.Popen[bytes], base: str, deadline: float) -> None:
    """Wait until the server at ``base`` answers /readyz; stop the benchmark if it died or
    the deadline passed."""
    while True:
        try:
            if httpx.get(base + "/readyz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            raise SystemExit("a server did not start")
        time.sleep(0.1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--deals", type=int, default=1, help="deals per table")
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary file)")
    parser.add_argument("--robots", default="best", choices=("basic", "best"))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--robot-seconds", type=float, default=0.5)
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes on the database (PostgreSQL)"
    )
    parser.add_argument(
        "--silent-spectators", type=int, default=0, help="spectators per table that never read"
    )
    args = parser.parse_args()
    if args.processes > 1 and not (args.db or "").startswith("postgres"):
        raise SystemExit("several server processes share a PostgreSQL database: give --db")

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        servers, bases = [], []
        for _ in range(args.processes):
            port = free_port()
            command = [sys.executable, "-m", "contractbridge", "serve", "--port", str(port)]
            command += ["--db", db, "--robots", args.robots, "--workers", str(args.workers)]
            command += ["--robot-seconds", str(args.robot_seconds), "--log-level", "warning"]
            command += ["--tables-per-hour", "1000000"]
            env = {**os.environ, "PYTHONUNBUFFERED": "1"}
            servers.append(subprocess.Popen(command, env=env))
            bases.append(f"http://127.0.0.1:{port}")
        try:
            deadline = time.monotonic() + 60
            for server, base in zip(servers, bases, strict=True):
                wait_ready(server, base, deadline)
            result = asyncio.run(run(bases, args.tables, args.deals, args.silent_spectators))
            result["server_alive"] = all(server.poll() is None for server in servers)
        finally:
            for server in servers:
                server.send_signal(signal.SIGTERM)
            for server in servers:
                server.wait(30)
    kind = "SQLite file" if args.db is None else args.db.split(":", 1)[0]
    result |= {"db": kind, "robots": args.robots, "workers": args.workers}
    result["processes"] = args.processes
    print(
        f"{result['tables']} tables, {result['deals']} deals, {result['actions']} person "
        f"actions in {result['seconds']} s ({kind}, {args.processes} processes with "
        f"{args.workers} workers each, {args.robots} robots): {result['actions_per_s']} "
        "actions/s; action -> ack p50 "
        f"{result['ack_p50_ms']} ms, p99 {result['ack_p99_ms']} ms; action -> robots' answer "
        f"p50 {result['robot_p50_ms']} ms, p99 {result['robot_p99_ms']} ms; "
        f"{result['errors']} errors; longest wait for a worker {result['longest_robot_wait_ms']} ms"
    )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
