"""A tournament of the day played by many players at once through the web server (issue 37).

    .venv/bin/python benchmarks/daily_players.py --players 1000 --boards 8 --concurrency 60

Starts a real server (uvicorn, in a subprocess: the app with a daily secret, a plan of two
sets and the basic robots; SQLite in a temporary file unless ``--db`` is given), then:

1. ``--players`` accounts sign up (argon2 made cheap and the limit on new accounts lifted:
   the benchmark measures the tournament, not the password hash) and play the first set's
   ``--boards`` deals through the HTTP routes as a browser would: ``/api/daily``,
   ``/api/daily/{id}/start``, ``/api/daily/{id}/play`` for each deal, then the table's own
   WebSocket, where the player's calls and cards are chosen by the basic robot from a
   ``SeatView`` of the player's seat built from what the table sent that seat (its own hand,
   dummy after the lead, the calls and the tricks); claims are answered yes. At most
   ``--concurrency`` players play at once. Errors (a refused request, an error message from
   the table, a lost connection) are counted: there must be none.
2. When a player sees their deal end (the table's message that it is over), they ask for the
   ranking until their line counts that deal: the time from the deal's end to the ranking
   reflecting it, p50 / p99 / max.
3. The second set is seeded with ``--entries`` stored results (synthetic, written straight to
   the database before the server starts), and a signed-in player asks for its ranking
   (``GET /api/daily/{id}/ranking``): the first ask (the process reads every row) and the
   median of the next ``--asks``.

The last line printed is one JSON object with every figure.
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
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich.console import Console
from rich.progress import Progress
from server import wait_ready

from contractbridge.core import Call, Card, Contract, Hand, Seat, SeatView, Vulnerability
from contractbridge.robots.basic.robot import BasicRobot

SECRET = "the daily players benchmark's secret"
PASSWORD = "a benchmark password"


def plan_settings(boards: int) -> dict[str, Any]:
    return {
        "opens": "00:00",
        "sets": [
            {"name": "Played", "boards": boards, "scoring": "MP", "kind": "full", "hours": 24},
            {"name": "Seeded", "boards": 8, "scoring": "MP", "kind": "full", "hours": 24},
        ],
    }


# -- the server (this file run with --serve) ------------------------------------------------
def serve(args: argparse.Namespace) -> None:
    import uvicorn
    from argon2 import PasswordHasher

    from contractbridge.server.accounts.players import AccountRules
    from contractbridge.server.app import create_app
    from contractbridge.tournament.daily import DailyPlan

    rules = AccountRules(
        hasher=PasswordHasher(time_cost=1, memory_cost=8, parallelism=1),
        accounts_per_hour=10**9,
    )
    app = create_app(
        args.db,
        robots="basic",
        workers=args.workers,
        tables_per_hour=10**9,
        account_rules=rules,
        daily_secret=SECRET,
        daily_plan=DailyPlan.from_settings(plan_settings(args.boards)),
    )
    # a browser's idle connection outlives uvicorn's 5 s default between a deal's requests
    # (the deal is played on the WebSocket); a proxy in front would keep it open as long
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning", timeout_keep_alive=75)


def seed(db: str, boards: int, entries: int) -> str:
    """Deal today's sets and store ``entries`` results on the second; its id."""
    import random

    from daily_ranking import a_field_of_results
    from sqlalchemy import insert

    from contractbridge.server.daily import DailyService
    from contractbridge.server.daily.store import daily_entries, daily_results
    from contractbridge.server.storage import Storage
    from contractbridge.tournament.daily import DailyPlan

    plan = DailyPlan.from_settings(plan_settings(boards))
    service = DailyService(Storage(db), SECRET, plan)
    seeded = service.ensure_day(datetime.now(UTC).date())[1]
    players = -(-entries // len(seeded.deals))
    results = a_field_of_results(seeded, players, random.Random(1))[:entries]
    with service.store.engine.begin() as conn:
        conn.execute(insert(daily_entries), [
            {"set_id": seeded.id, "player": f"player{p}", "started": 0.0}
            for p in range(players)])  # fmt: skip
        conn.execute(insert(daily_results), [
            {"set_id": seeded.id, "board": r.board, "player": r.player,
             "finished": r.finished.timestamp(), "data": json.dumps(r.to_json())}
            for r in results])  # fmt: skip
    service.store.storage.close()
    return seeded.id


# -- a player -------------------------------------------------------------------------------
def seat_view(view: dict[str, Any]) -> SeatView:
    """What the player's seat sees, built from the table's message to that seat alone."""
    seat = Seat.parse(view["seat"])
    board = view["board"]
    hands = view["hands"]
    contract = None
    dummy = None
    played: list[tuple[Seat, Card]] = []
    if board.get("contract"):
        c = board["contract"]
        contract = Contract.parse(c["text"])
        tricks = [*board.get("tricks", []), *([board["trick"]] if board.get("trick") else [])]
        for trick in tricks:
            who = Seat.parse(trick["leader"])
            for card in trick["cards"]:
                played.append((who, Card.parse(card)))
                who = who.next()
        dummy_seat = Seat.parse(c["dummy"])
        if played and hands.get(dummy_seat.name) is not None and dummy_seat != seat:
            dummy = Hand(Card.parse(x) for x in hands[dummy_seat.name])
    return SeatView(
        seat=seat,
        dealer=Seat.parse(board["dealer"]),
        vulnerability=Vulnerability.parse(board["vulnerability"]),
        hand=Hand(Card.parse(x) for x in hands[seat.name]),
        calls=tuple(Call.parse(c["call"]) for c in board["calls"]),
        contract=contract,
        dummy=dummy,
        played=tuple(played),
        scoring="MP",
        turn=Seat.parse(board["turn"]) if board.get("turn") else None,
        explanations=tuple(c.get("explanation") for c in board["calls"]),
    )


def choose(robot: BasicRobot, view: dict[str, Any]) -> dict[str, Any] | None:
    """The player's action now (None: nothing to do yet)."""
    board = view["board"]
    if board.get("pending_claim") or board.get("pending_concession"):
        return {"accept_claim": True}
    if view.get("legal_calls"):
        return {"call": str(robot.call(seat_view(view)))}
    if view.get("legal_cards"):
        card = str(robot.card(seat_view(view)))
        return {"card": card if card in view["legal_cards"] else view["legal_cards"][0]}
    return None


class Figures:
    def __init__(self) -> None:
        self.errors: list[str] = []
        self.reflect: list[float] = []
        self.actions = 0
        self.deals = 0
        self.fallbacks = 0


async def play_deal(http: httpx.AsyncClient, ws_base: str, set_id: str, figures: Figures) -> float:
    """The player's next deal, played at its table; the time its end was seen."""
    r = await http.post(f"/api/daily/{set_id}/play")
    if r.status_code != 200:
        raise RuntimeError(f"play: {r.status_code} {r.text}")
    table = r.json()
    robot = BasicRobot()
    url = f"{ws_base}/ws/{table['table']}?token={table['token']}"
    async with websockets.connect(url, max_size=None) as ws:
        ref = 0
        waiting = False  # one action in flight at a time, as a person clicks
        view: dict[str, Any] | None = None
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "ack":
                waiting = False
            elif message["type"] == "error":
                raise RuntimeError(f"table: {message.get('status')} {message['reason']}")
            elif "view" in message:
                view = message["view"]
            if view is None or waiting:
                continue
            if view["sheet"]["over"]:
                return time.perf_counter()
            action = choose(robot, view) if view.get("you_act") else None
            if action is None:
                continue
            ref += 1
            waiting = True
            await ws.send(
                json.dumps({"type": "act", "id": ref, "version": view["version"], "action": action})
            )
            figures.actions += 1
    raise RuntimeError("the server closed the table's connection")


async def player(
    base: str, number: int, boards: int, gate: asyncio.Semaphore, figures: Figures, tick: Any
) -> None:
    ws_base = base.replace("http", "ws")
    async with gate, httpx.AsyncClient(base_url=base, timeout=120) as http:
        try:
            name = f"player{number:05d}"
            r = await http.post("/api/signup", json={"name": name, "password": PASSWORD})
            if r.status_code != 201:
                raise RuntimeError(f"signup: {r.status_code} {r.text}")
            day = (await http.get("/api/daily")).json()
            set_id = day["sets"][0]["id"]
            r = await http.post(f"/api/daily/{set_id}/start")
            if r.status_code != 200:
                raise RuntimeError(f"start: {r.status_code} {r.text}")
            for finished in range(1, boards + 1):
                ended = await play_deal(http, ws_base, set_id, figures)
                while True:
                    r = await http.get(f"/api/daily/{set_id}/ranking")
                    if r.status_code != 200:
                        raise RuntimeError(f"ranking: {r.status_code} {r.text}")
                    mine = [line for line in r.json()["standings"] if line["you"]]
                    if mine and mine[0]["played"] >= finished:
                        figures.reflect.append(time.perf_counter() - ended)
                        break
                    if time.perf_counter() - ended > 60:
                        raise RuntimeError("the ranking did not show the result within 60 s")
                    await asyncio.sleep(0.02)
                figures.deals += 1
                tick()
        except Exception as error:  # counted, never hidden: errors must be 0
            figures.errors.append(f"{type(error).__name__}: {error}")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


async def run(base: str, args: argparse.Namespace, seeded: str) -> dict[str, Any]:
    figures = Figures()
    gate = asyncio.Semaphore(args.concurrency)
    start = time.perf_counter()
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("deals played", total=args.players * args.boards)

        def tick() -> None:
            progress.advance(task)

        await asyncio.gather(
            *(player(base, n, args.boards, gate, figures, tick) for n in range(args.players))
        )
    elapsed = time.perf_counter() - start

    # the seeded set's ranking, asked by a signed-in player
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        await http.post("/api/signup", json={"name": "reader", "password": PASSWORD})
        times = []
        entries = 0
        for _ in range(args.asks + 1):
            began = time.perf_counter()
            r = await http.get(f"/api/daily/{seeded}/ranking")
            times.append(time.perf_counter() - began)
            if r.status_code != 200:
                figures.errors.append(f"seeded ranking: {r.status_code}")
                break
            entries = len(r.json()["standings"])
    return {
        "players": args.players,
        "boards": args.boards,
        "concurrency": args.concurrency,
        "deals_played": figures.deals,
        "person_actions": figures.actions,
        "seconds": round(elapsed, 1),
        "deals_per_s": round(figures.deals / elapsed, 2),
        "errors": len(figures.errors),
        "first_errors": figures.errors[:3],
        "end_to_ranking_p50_ms": round(1000 * pct(figures.reflect, 0.5), 1),
        "end_to_ranking_p99_ms": round(1000 * pct(figures.reflect, 0.99), 1),
        "end_to_ranking_max_ms": round(1000 * max(figures.reflect, default=0.0), 1),
        "seeded_entries": args.entries,
        "seeded_ranking_lines": entries,
        "seeded_ranking_first_ms": round(1000 * times[0], 1),
        "seeded_ranking_median_ms": round(1000 * statistics.median(times[1:] or times), 1),
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=8, help="deals of the played set")
    parser.add_argument("--concurrency", type=int, default=60, help="players playing at once")
    parser.add_argument("--entries", type=int, default=10_000, help="results of the seeded set")
    parser.add_argument("--asks", type=int, default=20, help="asks of the seeded ranking")
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary file)")
    parser.add_argument("--workers", type=int, default=0, help="robot worker processes")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args)
        return 0

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'daily.db'}"
        seeded = seed(db, args.boards, args.entries)
        port = free_port()
        command = [sys.executable, __file__, "--serve", "--port", str(port), "--db", db]
        command += ["--boards", str(args.boards), "--workers", str(args.workers)]
        server = subprocess.Popen(command, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        base = f"http://127.0.0.1:{port}"
        try:
            wait_ready(server, base, time.monotonic() + 60)
            result = asyncio.run(run(base, args, seeded))
            result["server_alive"] = server.poll() is None
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
    result["db"] = "SQLite file" if args.db is None else args.db.split(":", 1)[0]
    result["workers"] = args.workers
    print(
        f"{result['players']} players x {result['boards']} boards: {result['deals_played']} deals "
        f"in {result['seconds']} s ({result['deals_per_s']} deals/s, {result['person_actions']} "
        f"person actions), {result['errors']} errors; deal's end -> ranking p50 "
        f"{result['end_to_ranking_p50_ms']} ms, p99 {result['end_to_ranking_p99_ms']} ms; "
        f"ranking of {result['seeded_ranking_lines']} lines ({args.entries} results): first "
        f"{result['seeded_ranking_first_ms']} ms, then {result['seeded_ranking_median_ms']} ms"
    )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
