"""Several server processes on one PostgreSQL database (real processes, HTTP, WebSockets):
a page on one hears what is done through the other, an action is applied once, robots act
once per turn, a killed process loses nothing, and a lone ``contractbridge worker`` plays the
robots of a server that has none. Skipped (with the reason) without a PostgreSQL server,
except in CI, where ``.ci/run`` starts one."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from contractbridge.server.storage import Storage, robot_tasks
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable
from pgschema import IN_CI, POSTGRES_URL, postgres_schema
from serverapi import Served, run_apart
from test_server_load import choose

pytestmark = [
    pytest.mark.postgres,
    # one after another in one test worker: each test's servers take any robot task on the
    # shared database, so two of these at once would decide each other's robots
    pytest.mark.xdist_group("postgres-processes"),
    pytest.mark.skipif(
        not POSTGRES_URL and not IN_CI,
        reason="CB_TEST_POSTGRES_URL is not set (run .ci/postgres.sh)",
    ),
]
BASIC = ("--robots", "basic", "--workers", "1")


@pytest.fixture
def db() -> Iterator[str]:
    """A schema of its own on the test database (``pgschema.py``)."""
    with postgres_schema() as url:
        yield url


def new_table(base: str, **extra: Any) -> dict[str, Any]:
    seats = {"S": {"name": "Ann"}, "N": {"name": "Bob"}}
    r = httpx.post(base + "/api/tables", json={"seats": seats, **extra}, timeout=60)
    assert r.status_code == 201, r.text
    return dict(r.json())


def get(base: str, table: dict[str, Any], seat: str) -> dict[str, Any]:
    r = httpx.get(
        f"{base}/api/tables/{table['id']}", params={"token": table["tokens"][seat]}, timeout=60
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def post(base: str, table: dict[str, Any], seat: str, version: int, action: Any) -> Any:
    return httpx.post(
        f"{base}/api/tables/{table['id']}/actions",
        json={"token": table["tokens"][seat], "version": version, "action": action},
        timeout=60,
    )


def test_a_page_on_one_process_hears_an_action_made_through_another(db: str) -> None:
    with Served(db, *BASIC) as a, Served(db, *BASIC) as b:
        table = new_table(a.base)

        async def scenario() -> None:
            url = a.base.replace("http", "ws") + f"/ws/{table['id']}?token={table['tokens']['S']}"
            async with websockets.connect(url) as ws:
                view = json.loads(await ws.recv())["view"]
                seat = view["pending"][0]  # North or South: a person
                seen = get(b.base, table, seat)
                r = post(b.base, table, seat, seen["version"], {"call": "Pass"})
                assert r.status_code == 200
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if message["view"]["version"] > view["version"]:
                        calls = message["view"]["board"]["calls"]
                        assert calls[len(view["board"]["calls"])]["call"] == "Pass"
                        return

        # no process polls: without the notice the page would wait out its 10 s and fail
        run_apart(scenario)
        assert get(a.base, table, "S")["version"] == get(b.base, table, "S")["version"]


def test_the_same_action_sent_to_both_processes_at_once_is_applied_once(db: str) -> None:
    with Served(db, *BASIC) as a, Served(db, *BASIC) as b:
        table = new_table(a.base)
        view = get(a.base, table, "S")
        seat = view["pending"][0]
        get(b.base, table, seat)  # B holds the table in memory too

        async def both() -> list[int]:
            async with httpx.AsyncClient(timeout=60) as http:
                body = {"token": table["tokens"][seat], "version": view["version"],
                        "action": {"call": "Pass"}}  # fmt: skip
                answers = await asyncio.gather(
                    *(http.post(f"{base}/api/tables/{table['id']}/actions", json=body)
                      for base in (a.base, b.base))
                )  # fmt: skip
                return sorted(r.status_code for r in answers)

        assert run_apart(both) == [200, 409]
        storage = Storage(db)
        settings, events = storage.load(table["id"])
        storage.close()
        ServerTable.replay(TableSettings.from_json(settings), events)  # the log replays: no fork
        passes = [e for e in events if e.get("type") == "call" and e.get("seat") == seat]
        assert len(passes) == 1


def play_over_both(a: Served, b: Served, table: dict[str, Any], *, kill_a: bool = False) -> None:
    """North acts through A and South through B, each from its own page's view, until the
    deal is over; with ``kill_a`` A is SIGKILLed mid-hand and North carries on through B."""
    servers = {"N": a, "S": b}
    killed = False
    for _ in range(400):
        views = {seat: get(servers[seat].base, table, seat) for seat in servers}
        if views["S"]["sheet"]["rows"]:
            return
        if kill_a and not killed and len(views["S"]["board"].get("tricks", [])) >= 2:
            a.stop(kill=True)
            servers["N"] = b  # the page reconnects to the other process
            killed = True
            continue
        for seat, view in views.items():
            action = choose(view) if view.get("you_act") else None
            if action is not None:
                post(servers[seat].base, table, seat, view["version"], action)
                break
        else:
            time.sleep(0.05)
    raise AssertionError("the deal did not end")


def robot_decisions(db: str, table_id: str) -> int:
    storage = Storage(db)
    with storage.engine.connect() as conn:
        rows = conn.execute(robot_tasks.select().where(robot_tasks.c.key.like(f"{table_id}:%")))
        count = len(rows.all())
    storage.close()
    return count


def test_robots_at_a_table_watched_through_two_processes_act_once_per_turn(db: str) -> None:
    with Served(db, *BASIC) as a, Served(db, *BASIC) as b:
        table = new_table(a.base, seed=4)
        play_over_both(a, b, table)
        decided = sum(
            httpx.get(s.base + "/readyz").json()["robots"]["local"]["decided"] for s in (a, b)
        )
        storage = Storage(db)
        settings, events = storage.load(table["id"])
        storage.close()
        state = ServerTable.replay(TableSettings.from_json(settings), events)
        robot_seats = {"E", "W"}
        robot_actions = [e for e in events if e.get("seat") in robot_seats and
                         e.get("type") in ("call", "card")]  # fmt: skip
        assert state.finished and robot_actions
        # one task per robot turn, each decided once, however many processes watched
        assert robot_decisions(db, table["id"]) == len(robot_actions)
        # and no task decided twice (a lease may lapse, rarely, on a slow machine)
        assert decided <= len(robot_actions) + 2


def test_a_process_killed_mid_hand_loses_nothing_and_the_table_goes_on_through_the_other(
    db: str,
) -> None:
    with Served(db, *BASIC) as a, Served(db, *BASIC) as b:
        table = new_table(a.base, seed=6)
        before = get(a.base, table, "S")
        play_over_both(a, b, table, kill_a=True)
        after = get(b.base, table, "S")
        assert after["version"] > before["version"]
        assert len(after["sheet"]["rows"]) == 1
        storage = Storage(db)
        settings, events = storage.load(table["id"])
        storage.close()
        assert ServerTable.replay(TableSettings.from_json(settings), events).finished


def test_a_lone_worker_plays_the_robots_of_a_server_without_workers(db: str) -> None:
    worker = subprocess.Popen(
        [sys.executable, "-m", "contractbridge", "worker", "--db", db, *BASIC]
    )
    try:
        with Served(db, "--robots", "basic", "--workers", "0") as server:
            assert "local" not in httpx.get(server.base + "/readyz").json()["robots"]
            table = new_table(server.base, seed=8)
            play_over_both(server, server, table)
            assert worker.poll() is None
    finally:
        worker.terminate()
        worker.wait(30)


def test_a_seat_taken_by_invitation_through_one_process_opens_through_the_other(db: str) -> None:
    with Served(db, *BASIC) as a, Served(db, *BASIC) as b:
        seats = {"S": {"name": "Ann"}, "N": {"name": "Bob"}}
        r = httpx.post(a.base + "/api/tables", json={"seats": seats, "invite": True, "me": "S"})
        assert r.status_code == 201, r.text
        table = r.json()
        get(b.base, table, "S")  # B holds the table, with North not yet taken
        code = table["invitations"]["N"].rsplit("invite=", 1)[1]
        joined = httpx.post(f"{a.base}/api/tables/{table['id']}/join", json={"invite": code})
        assert joined.status_code == 200, joined.text
        token = joined.json()["token"]
        r = httpx.get(f"{b.base}/api/tables/{table['id']}", params={"token": token}, timeout=60)
        assert r.status_code == 200 and r.json()["seat"] == "N"
        again = httpx.post(f"{b.base}/api/tables/{table['id']}/join", json={"invite": code})
        assert again.status_code == 409


def test_a_minibridge_game_started_on_one_process_goes_on_through_the_other(db: str) -> None:
    with Served(db, *BASIC) as a, Served(db, *BASIC) as b:
        r = httpx.post(a.base + "/api/minibridge", json={"seed": 3, "deals": 1}, timeout=120)
        assert r.status_code == 201, r.text
        state = r.json()
        game = state.pop("id")
        assert httpx.get(f"{b.base}/api/minibridge/{game}", timeout=60).json() == state
        points = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c[1], 0) for c in state["hand"])
        moved = httpx.post(
            f"{b.base}/api/minibridge/{game}", json={"announce": points}, timeout=120
        )
        assert moved.status_code == 200, moved.text
        # A held the game in memory before the move: it hears of it and reads the log again
        deadline = time.monotonic() + 10
        while httpx.get(f"{a.base}/api/minibridge/{game}", timeout=60).json() != moved.json():
            assert time.monotonic() < deadline, "the first process never heard of the move"
            time.sleep(0.1)


def test_an_outside_robot_through_one_process_plays_with_a_person_on_the_other(db: str) -> None:
    """The Blue Chip client connects to B's door; the person acts through A: each process
    hears the other's moves from the log, and the deal is played to the end."""
    import socket
    import threading

    from contractbridge.bluechip.client import BlueChipClient
    from contractbridge.core import Seat
    from contractbridge.robots import robot_player

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        door_port = s.getsockname()[1]
    with (
        Served(db, *BASIC) as a,
        Served(db, *BASIC, "--bluechip-port", str(door_port)) as b,
    ):
        seats = {"N": {"name": "Ann"}, "S": {"bluechip": True, "name": "Visitor"}}
        refused = httpx.post(a.base + "/api/tables", json={"seats": seats}, timeout=60)
        assert refused.status_code == 400  # A takes no Blue Chip clients
        r = httpx.post(b.base + "/api/tables", json={"seats": seats, "boards": 1}, timeout=60)
        assert r.status_code == 201, r.text
        table = r.json()
        door = table["bluechip"]["S"]
        client = BlueChipClient(robot_player("basic"), Seat.S, door["team"])
        played: list[int] = []
        thread = threading.Thread(
            target=lambda: played.append(run_apart(lambda: client.run(door["host"], door["port"]))),
            daemon=True,
        )
        thread.start()
        deadline = time.monotonic() + 30
        while get(a.base, table, "N")["bluechip"]["S"]["name"] is None:
            assert time.monotonic() < deadline, "A never heard that the client sat down"
            time.sleep(0.1)
        for _ in range(300):
            v = get(a.base, table, "N")
            if not v["pending"]:
                break
            if "N" not in v["pending"]:
                time.sleep(0.05)
                continue
            action = {"call": "Pass"} if v.get("legal_calls") else {"card": v["legal_cards"][0]}
            r = post(a.base, table, "N", v["version"], action)
            assert r.status_code in (200, 409), r.text  # 409: B's move came first: look again
        thread.join(60)
        assert played == [1]  # the client played the deal to its end through B
        v = get(a.base, table, "N")
        assert v["sheet"]["rows"] and v["board"]["over"]
