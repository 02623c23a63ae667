"""A real server (a subprocess, real HTTP and WebSockets) with the default robots: many tables
at once, a worker killed in the middle of a decision, a restart. The server must stay up,
answer no request with a 5xx, finish every table and come back with every table as it was.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from contractbridge.server.storage import Storage
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable
from serverapi import Served, run_apart

#: the best robots (SAYC bidding, card play by simulation) quickly: a small budget per card
BEST = ("--robots", "best", "--robot-seconds", "0.05", "--workers", "2")


def choose(view: dict[str, Any]) -> dict[str, Any] | None:
    """A person at South: opens 1NT when it can, else passes, plays its first legal card,
    agrees to claims."""
    board = view["board"]
    if board.get("pending_claim") or board.get("pending_concession"):
        return {"accept_claim": True}
    if view.get("legal_calls"):
        opened = any(c["call"] != "Pass" for c in board["calls"])
        return {"call": "1NT" if not opened and "1NT" in view["legal_calls"] else "Pass"}
    if view.get("legal_cards"):
        return {"card": view["legal_cards"][0]}
    return None


async def play_table(base: str, boards: int, problems: list[str], seed: int) -> dict[str, Any]:
    """Create a table with a person at South and play ``boards`` boards over its socket;
    returns the table's links."""
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        r = await http.post(
            "/api/tables",
            json={"kind": "duplicate", "seats": {"S": {"name": "Ann"}}, "boards": boards,
                  "seed": seed},
        )  # fmt: skip
        assert r.status_code == 201, r.text
        table: dict[str, Any] = r.json()
    url = base.replace("http", "ws") + f"/ws/{table['id']}?token={table['tokens']['S']}"
    async with websockets.connect(url, max_size=None) as ws:
        waiting = False
        view: dict[str, Any] | None = None
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                problems.append(f"{table['id']}: {message}")
                waiting = False
            elif message["type"] == "ack":
                waiting = False  # the view after it may have come first: act on that one
            else:
                view = message["view"]
            if view is None:
                continue
            if view["sheet"]["over"]:
                return table
            action = choose(view) if view.get("you_act") and not waiting else None
            if action is not None:
                waiting = True
                act = {"type": "act", "id": 1, "version": view["version"], "action": action}
                await ws.send(json.dumps(act))
    raise AssertionError(f"table {table['id']}: the socket closed before the end")


def without_analysis(view: Any) -> Any:
    """A view less what arrives on its own time: the double-dummy analysis, and the sheet's
    IMPs against par, which come with it."""
    if isinstance(view, dict):
        return {k: without_analysis(v) for k, v in view.items() if k not in ("analysis", "imps")}
    if isinstance(view, list):
        return [without_analysis(v) for v in view]
    return view


@pytest.mark.slow
def test_eight_tables_with_the_default_robots_play_to_the_end_and_survive_a_restart(
    tmp_path: Path,
) -> None:
    """Two tables of the default robots thinking at once used to end the process (the
    native solver entered by two threads)."""
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with Served(db, *BEST) as server:
        problems: list[str] = []

        async def everyone() -> list[dict[str, Any]]:
            games = (play_table(server.base, 1, problems, seed) for seed in range(8))
            return await asyncio.wait_for(asyncio.gather(*games), 600)

        tables = run_apart(everyone)
        assert server.alive()
        assert problems == []
        views = {}
        for table in tables:
            r = httpx.get(
                f"{server.base}/api/tables/{table['id']}", params={"token": table["tokens"]["S"]}
            )
            assert r.status_code == 200
            views[table["id"]] = without_analysis(r.json())
            assert views[table["id"]]["sheet"]["over"]
            assert len(views[table["id"]]["sheet"]["rows"]) == 1
        server.restart()
        for table in tables:
            r = httpx.get(
                f"{server.base}/api/tables/{table['id']}", params={"token": table["tokens"]["S"]}
            )
            assert without_analysis(r.json()) == views[table["id"]]


@pytest.mark.slow
def test_a_worker_killed_in_the_middle_of_a_decision_is_replaced_and_nothing_is_lost(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    # slow robots (a second a card), so that a decision is surely in progress when killed
    with Served(db, "--robots", "best", "--robot-seconds", "1", "--workers", "1") as server:
        problems: list[str] = []

        async def game_and_kill() -> dict[str, Any]:
            game = asyncio.ensure_future(play_table(server.base, 1, problems, 5))
            async with httpx.AsyncClient(base_url=server.base) as http:
                killed: list[int] = []
                deadline = time.monotonic() + 120
                while not killed and time.monotonic() < deadline and not game.done():
                    robots = (await http.get("/readyz")).json()["robots"]
                    if robots["running"] and robots["pids"]:  # a decision is under way
                        for pid in robots["pids"]:
                            os.kill(pid, signal.SIGKILL)
                            killed.append(pid)
                    await asyncio.sleep(0.05)
                assert killed, "no robot was ever seen thinking"
                table = await asyncio.wait_for(game, 600)
                robots = (await http.get("/readyz")).json()["robots"]
                assert robots["restarts"] >= 1
                assert robots["pids"] and set(robots["pids"]).isdisjoint(killed)  # new workers
            return table

        table = run_apart(game_and_kill)
        assert server.alive()
        assert problems == []
    # The log replays, and each card of the deal was played at most once.
    storage = Storage(db)
    settings, events = storage.load(table["id"])
    storage.close()
    state = ServerTable.replay(TableSettings.from_json(settings), events)
    assert state.series_over()
    cards = [e["card"] for e in events if e.get("type") == "card"]
    assert len(cards) == len(set(cards)) <= 52


@pytest.mark.slow
def test_worker_and_serve_refuse_what_cannot_work(tmp_path: Path) -> None:
    sqlite = f"sqlite:///{tmp_path / 'one.db'}"
    done = subprocess.run(
        [sys.executable, "-m", "contractbridge", "worker", "--db", sqlite],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and "PostgreSQL" in done.stderr
    with Served(sqlite, "--robots", "basic", "--workers", "1"):
        second = subprocess.run(
            [sys.executable, "-m", "contractbridge", "serve", "--db", sqlite, "--port", "1"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert second.returncode == 2 and "another server is using" in second.stderr


@pytest.mark.slow
def test_serve_on_postgresql_without_its_driver_says_how_to_install_it(tmp_path: Path) -> None:
    # a psycopg that cannot be imported, as after a plain `pip install contractbridge`
    fake = "raise ModuleNotFoundError(\"No module named 'psycopg'\")\n"
    (tmp_path / "psycopg.py").write_text(fake)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "contractbridge", "serve", "--db", "postgresql://u@127.0.0.1/x"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "contractbridge: PostgreSQL needs its driver: pip install 'contractbridge[postgres]'"
    )


@pytest.mark.slow
def test_sigterm_closes_the_pages_sockets_so_that_they_reconnect_elsewhere(tmp_path: Path) -> None:
    server = Served(f"sqlite:///{tmp_path / 't.db'}", "--robots", "basic", "--workers", "1")
    try:
        table = httpx.post(server.base + "/api/tables", json={"seats": {"S": {}}}).json()
        url = server.base.replace("http", "ws") + f"/ws/{table['id']}?token={table['tokens']['S']}"

        async def closed_with() -> int | None:
            async with websockets.connect(url) as ws:
                await ws.recv()
                server.process.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(ws.recv(), 15)
                except websockets.ConnectionClosed as closed:
                    return closed.rcvd.code if closed.rcvd is not None else None
            return None

        assert run_apart(closed_with) == 1012  # "service restart": the page reconnects
        server.process.wait(30)
    finally:
        server.stop(kill=True)


def silent_spectator(base: str, table_id: str) -> socket.socket:
    """A spectator that opens the table's socket with a tiny receive buffer and never reads."""
    host, port = base.removeprefix("http://").split(":")
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    s.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        f"GET /ws/{table_id} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    return s


@pytest.mark.slow
def test_a_spectator_that_never_reads_holds_up_nobody(tmp_path: Path) -> None:
    """Issue 43: the broadcast awaited each send under the table's lock, so one spectator that
    never read froze its table (every request hung once its buffers were full)."""
    with Served(f"sqlite:///{tmp_path / 't.db'}", "--robots", "basic", "--workers", "1") as server:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            body = {"seats": {"S": {"name": "Ann"}}, "boards": 4, "seed": 5}
            table = http.post("/api/tables", json=body).json()
            silent = [silent_spectator(server.base, table["id"]) for _ in range(3)]
            slowest = 0.0
            actions = 0
            try:
                path, token = f"/api/tables/{table['id']}", table["tokens"]["S"]
                while actions < 400:
                    view = http.get(path, params={"token": token}).json()
                    if view["sheet"]["over"]:
                        break
                    action = choose(view) if view.get("you_act") else None
                    if action is None:
                        time.sleep(0.01)
                        continue
                    started = time.monotonic()
                    r = http.post(
                        path + "/actions",
                        json={"token": token, "version": view["version"], "action": action},
                    )
                    slowest = max(slowest, time.monotonic() - started)
                    assert r.status_code in (200, 409), r.text
                    actions += 1
                assert view["sheet"]["over"], "the table did not finish"
            finally:
                for s in silent:
                    s.close()
        assert actions >= 60
        assert slowest < 5, f"an action took {slowest:.1f} s"


@pytest.mark.slow
def test_a_client_cannot_dodge_the_per_client_limits_by_naming_itself_in_a_header(
    tmp_path: Path,
) -> None:
    """Issue 43: behind `--forwarded-allow-ips "*"` 100 tables with spoofed X-Forwarded-For
    were all created. Trusting only the proxy's address, the client's own entries in the
    header do not count: the address the proxy saw (its last entry) does."""
    db = f"sqlite:///{tmp_path / 't.db'}"
    options = ("--robots", "basic", "--workers", "1", "--tables-per-hour", "2")

    def three_tables(proxy: str, forwarded: str) -> list[int]:
        """Three new tables, each naming a new address in X-Forwarded-For (``{}``)."""
        with Served(db, *options, "--forwarded-allow-ips", proxy) as server:
            return [
                httpx.post(
                    server.base + "/api/tables",
                    json={"seats": {"S": {}}},
                    headers={"X-Forwarded-For": forwarded.format(i)},
                ).status_code
                for i in range(3)
            ]

    # a server whose trusted proxy is elsewhere: this client's headers are not believed
    assert three_tables("10.9.9.9", "203.0.113.{}") == [201, 201, 429]
    # this client as the trusted proxy, appending the address it saw after the client's own
    assert three_tables("127.0.0.1", "203.0.113.{}, 198.51.100.7") == [201, 201, 429]


@pytest.mark.slow
def test_a_websocket_upgrade_with_an_oversized_url_is_answered_at_once(tmp_path: Path) -> None:
    """Issue 43: a 20 KB URL got no reply and was held 180 s (the handshake's line limit),
    and a 60 KB token timed out in the handshake instead of closing with 4403."""
    with Served(f"sqlite:///{tmp_path / 't.db'}", "--robots", "basic", "--workers", "1") as server:
        host, port = server.base.removeprefix("http://").split(":")
        for size in (20_000, 60_000, 300_000):
            with socket.create_connection((host, int(port)), timeout=5) as s:
                s.sendall(
                    f"GET /ws/nosuchtable?token={'x' * size} HTTP/1.1\r\nHost: {host}\r\n"
                    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n".encode()
                )
                answer = s.recv(100)  # within the timeout: a 101 (then 4404) or a 400
                assert answer.startswith((b"HTTP/1.1 101", b"HTTP/1.1 400")), (size, answer)
