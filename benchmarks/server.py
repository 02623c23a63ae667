"""The web table under load: many tables at once, robots in three seats, a scripted client in
the fourth, all on loopback.

Starts ``contractbridge serve`` in a subprocess (SQLite in a temporary file unless ``--db`` is
given), opens one WebSocket per table and plays whole deals: the client bids (1NT when it
opens, else pass) and plays its first legal card as soon as it is its turn. Reports the
client's actions per second and the latency from sending an action to its acknowledgement
(the action stored and applied), p50 and p99.

    .venv/bin/python benchmarks/server.py --tables 50 --deals 2
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


def choose(view: dict[str, Any]) -> dict[str, Any]:
    if view.get("legal_calls"):
        opened = any(c["call"] != "Pass" for c in view["board"]["calls"])
        return {"call": "1NT" if not opened and "1NT" in view["legal_calls"] else "Pass"}
    return {"card": view["legal_cards"][0]}


async def client(base: str, deals: int, latencies: list[float]) -> tuple[int, int]:
    """Create a table, play ``deals`` deals as South; returns the client's actions and the
    events the table stored (the robots' calls and cards included)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        r = await http.post("/api/tables", json={"kind": "duplicate", "seats": {"S": {}}})
        r.raise_for_status()
        table = r.json()
    ws_url = base.replace("http", "ws") + f"/ws/{table['id']}?token={table['tokens']['S']}"
    actions = 0
    sent: dict[int, float] = {}
    async with websockets.connect(ws_url, max_size=None) as ws:
        ref = 0
        view: dict[str, Any] | None = None
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "ack":
                latencies.append(time.perf_counter() - sent.pop(message["id"]))
            elif message["type"] == "error":
                raise RuntimeError(message["reason"])
            else:
                view = message["view"]
            if view is None or sent:
                continue  # one action in flight at a time, as a person clicks
            if len(view["sheet"]["rows"]) >= deals:  # deals finished (the next is dealt at once)
                return actions, int(view["version"])
            if view.get("you_act"):
                ref += 1
                sent[ref] = time.perf_counter()
                action = {"type": "act", "id": ref, "version": view["version"]}
                await ws.send(json.dumps({**action, "action": choose(view)}))
                actions += 1
    raise RuntimeError("the server closed the connection")


async def run(base: str, tables: int, deals: int) -> dict[str, float]:
    latencies: list[float] = []
    start = time.perf_counter()
    results = await asyncio.gather(*(client(base, deals, latencies) for _ in range(tables)))
    elapsed = time.perf_counter() - start
    counts = [a for a, _ in results]
    events = sum(e for _, e in results)
    latencies.sort()
    return {
        "tables": tables,
        "deals": tables * deals,
        "actions": sum(counts),
        "seconds": elapsed,
        "actions_per_second": sum(counts) / elapsed,
        "events_per_second": events / elapsed,
        "p50_ms": 1000 * statistics.median(latencies),
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--deals", type=int, default=2, help="deals per table")
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary file)")
    parser.add_argument("--robots", default="basic", choices=("basic", "best"))
    args = parser.parse_args()

    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "contractbridge",
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--robots",
                args.robots,
                "--log-level",
                "warning",
            ],
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(base + "/", timeout=1)
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            result = asyncio.run(run(base, args.tables, args.deals))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(10)
    kind = "SQLite file" if args.db is None else args.db.split(":", 1)[0]
    print(
        f"{result['tables']} tables, {result['deals']} deals, {result['actions']} client "
        f"actions in {result['seconds']:.1f} s ({kind}, {args.robots} robots)\n"
        f"  {result['actions_per_second']:.0f} client actions/s "
        f"({result['events_per_second']:.0f} events/s stored, robots' included); "
        "latency action -> ack: "
        f"p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
