"""The web table under bad input and failure: every bad request is a 4xx that changes
nothing, a failed save never leaves an unsaved action shown or built on, and no client can
run the server's robots without bound."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest

from contractbridge.server.app import create_app
from contractbridge.server.storage import Storage
from contractbridge.server.tables.settings import ROBOT_TABLE_BOARDS, TableSettings
from contractbridge.server.tables.table import ServerTable
from serverapi import act, client, create, run_apart, view
from waiting import until

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

__all__ = ["client"]  # the fixture, used by name


def south_to_act(api: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """South's view once it is South's turn (the robots answer first)."""
    for _ in range(200):
        v = view(api, table, "S")
        if v.get("you_act"):
            return v
        time.sleep(0.02)
    raise AssertionError("South never had to act")


# -- bad input ----------------------------------------------------------------------------------
NON_ASCII = "é"


def test_a_non_ascii_token_anywhere_is_refused_with_403_not_a_crash(client: TestClient) -> None:
    table = create(client, {"S": "Ann"})
    path = f"/api/tables/{table['id']}"
    assert client.get(path, params={"token": NON_ASCII}).status_code == 403
    r = client.post(path + "/actions", json={"token": NON_ASCII, "version": 1, "action": {}})
    assert r.status_code == 403
    r = client.post(
        path + "/actions",
        json={"version": 1, "action": {}},
        headers={"Authorization": "Bearer é".encode()},  # type: ignore[dict-item]
    )
    assert r.status_code == 403
    with client.websocket_connect(f"/ws/{table['id']}?token={NON_ASCII}") as ws:
        assert json.loads(ws.receive_text())["type"] == "error"
        closed = ws.receive()
        assert closed["code"] == 4403
    ev = client.post("/api/events", json={"tables": 3, "boards_per_round": 2}).json()
    r = client.get(f"/api/events/{ev['id']}", params={"token": NON_ASCII})
    assert r.status_code == 403
    r = client.post(f"/api/events/{ev['id']}/entries", json={"token": NON_ASCII, "entry": {}})
    assert r.status_code == 403


@pytest.mark.parametrize(
    "action",
    [
        {"concede": False},
        {"undo": False},
        {"undo": "yes"},
        {"stop": 1},
        {"accept_claim": "yes"},
        {"accept_undo": None},
        {"withdraw_claim": 0},
        {"call": "1NT", "alert": "no"},
        {"claim": True},
        {"card": ["SA"]},
    ],
)
def test_a_false_looking_or_wrongly_typed_action_does_nothing(
    client: TestClient, action: dict[str, Any]
) -> None:
    table = create(client, {"S": "Ann"})
    before = south_to_act(client, table)
    r = act(client, table, "S", before["version"], action)
    assert r.status_code == 400, r.text
    assert r.json()["error"]
    assert view(client, table, "S") == before


@pytest.mark.parametrize(
    "body",
    [
        {"boards": True},
        {"seats": {"S": {"robot": "no"}}},
        {"seats": {"S": {"name": ["x"]}}},
        {"seats": {"Q": {"name": "x"}}},
        {"seed": True},
        {"seed": -1},
    ],
)
def test_wrong_types_in_a_new_table_are_refused(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/tables", json={"kind": "duplicate", **body})
    assert r.status_code == 400
    assert r.json()["error"]


def test_oversized_bodies_are_refused_with_413_and_change_nothing(client: TestClient) -> None:
    table = create(client, {"S": "Ann"})
    before = south_to_act(client, table)
    padding = "x" * 100_000
    r = act(client, table, "S", before["version"], {"call": "Pass", "explanation": padding})
    assert r.status_code == 413
    assert "too large" in r.json()["error"]
    assert view(client, table, "S") == before
    r = client.post(
        "/api/tables", content=b"[" + b"1," * 50_000 + b"1]",
        headers={"content-type": "application/json"},
    )  # fmt: skip
    assert r.status_code == 413


def test_an_event_entry_stores_only_the_fields_its_kind_uses(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'e.db'}"
    with TestClient(create_app(db, robots="basic")) as api:
        ev = api.post("/api/events", json={"tables": 3, "boards_per_round": 2}).json()
        table_token = ev["tables"]["1"].rsplit("token=", 1)[1]
        big = "y" * 200_000
        entry = {
            "board": 1, "round": 1, "table": 1, "contract": "3NT", "declarer": "N",
            "tricks": 9, "pbn": big, "names": big, "pair": big,
        }  # fmt: skip
        r = api.post(f"/api/events/{ev['id']}/entries", json={"token": table_token, "entry": entry})
        assert r.status_code == 200, r.text
        r = api.post(
            f"/api/events/{ev['id']}/entries",
            json={"token": table_token, "entry": {**entry, "board": 2, "contract": "x" * 300}},
        )
        assert r.status_code == 400
    storage = Storage(db)
    _, entries = storage.load_event(ev["id"])
    storage.close()
    assert len(entries) == 1
    assert not {"pbn", "names", "pair"} & set(entries[0])
    assert len(json.dumps(entries[0])) < 300


# -- the log stays the one truth -------------------------------------------------------------------
def test_a_failed_save_while_requests_wait_shows_nothing_unsaved_and_the_log_replays(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 't.db'}"
    app = create_app(db, robots="basic")

    async def scenario() -> None:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://table") as api:
                r = await api.post("/api/tables", json={"seats": {"S": {"name": "Ann"}}})
                table = r.json()
                token = table["tokens"]["S"]
                path = f"/api/tables/{table['id']}"
                await app.state.hub.settled(table["id"])
                before = (await api.get(path, params={"token": token})).json()
                assert before["you_act"]
                storage = app.state.hub.storage
                append = storage.append

                saving = threading.Event()

                def failing(*args: Any) -> None:
                    saving.set()
                    time.sleep(0.3)  # a slow disk
                    raise OSError("the disk is full")

                storage.append = failing
                action = {"token": token, "version": before["version"], "action": {"call": "Pass"}}
                post = asyncio.ensure_future(api.post(path + "/actions", json=action))
                await until(saving.is_set)  # the save is under way: three pages ask meanwhile
                gets = [api.get(path, params={"token": token}) for _ in range(3)]
                answers = await asyncio.gather(post, *gets)
                storage.append = append
                assert answers[0].status_code == 503
                for answer in answers[1:]:
                    assert answer.status_code == 200
                    assert answer.json() == before  # the unsaved Pass is never shown
                # The table goes on from the log: South calls again, and the robots answer.
                r = await api.post(path + "/actions", json=action)
                assert r.status_code == 200, r.text
                await app.state.hub.settled(table["id"])
                after = (await api.get(path, params={"token": token})).json()
                assert after["version"] > before["version"] + 1

        storage = Storage(db)
        settings, events = storage.load(table["id"])
        storage.close()
        replayed = ServerTable.replay(TableSettings.from_json(settings), events)
        assert replayed.version == after["version"]

    run_apart(scenario)


# -- bounded abuse --------------------------------------------------------------------------------
@pytest.mark.slow
def test_robots_alone_play_a_short_duplicate_set_and_no_endless_series() -> None:
    with TestClient(create_app("sqlite://", robots="basic")) as api:
        r = api.post("/api/tables", json={"kind": "rubber"})
        assert r.status_code == 400 and "needs a person" in r.json()["error"]
        r = api.post("/api/tables", json={"boards": ROBOT_TABLE_BOARDS + 1})
        assert r.status_code == 400
        r = api.post("/api/tables", json={})
        assert r.status_code == 201
        table = r.json()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            v = api.get(f"/api/tables/{table['id']}").json()
            if v["sheet"]["over"]:
                break
            time.sleep(0.05)
        assert v["sheet"]["over"] and len(v["sheet"]["rows"]) == ROBOT_TABLE_BOARDS


def test_a_flood_of_new_tables_from_one_client_is_answered_429_with_the_reason() -> None:
    with TestClient(create_app("sqlite://", robots="basic", tables_per_hour=5)) as api:
        made = [api.post("/api/tables", json={"seats": {"S": {}}}) for _ in range(5)]
        assert all(r.status_code == 201 for r in made)
        r = api.post("/api/tables", json={"seats": {"S": {}}})
        assert r.status_code == 429
        assert "at most 5 an hour" in r.json()["error"]


def test_tables_long_unused_leave_memory_and_come_back_from_the_log(client: TestClient) -> None:
    table = create(client, {"S": "Ann"})
    before = south_to_act(client, table)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.tables[table["id"]].used -= 3600
    hub._forget_idle()
    assert table["id"] not in hub.tables
    assert view(client, table, "S") == before


def test_a_binary_frame_or_json_nested_past_reach_is_answered_and_the_socket_lives(
    client: TestClient,
) -> None:
    """Issue 43: either killed the socket's handler (the socket dropped with no close code)."""
    table = create(client, {"S": "Ann"})
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        assert json.loads(ws.receive_text())["type"] == "update"
        ws.send_bytes(b"\x00\x01")
        assert json.loads(ws.receive_text()) == {"type": "error", "reason": "send JSON as text"}
        ws.send_text("[" * 100_000 + "]" * 100_000)
        assert json.loads(ws.receive_text())["reason"] == "send JSON"
        ws.send_text(json.dumps({"type": "ping", "id": 7}))
        assert json.loads(ws.receive_text()) == {"type": "pong", "id": 7}


def test_a_table_set_aside_by_failing_robots_is_resumed_by_its_player(client: TestClient) -> None:
    """Issue 43: a table set aside stayed stopped until the server restarted."""
    from contractbridge.server.robots.pool import RobotFailure

    hub = client.app.state.hub  # type: ignore[attr-defined]
    decide = hub.pool.decide

    async def failing(*args: Any, **kwargs: Any) -> Any:
        raise RobotFailure("a robot's worker died 3 times")

    hub.pool.decide = failing
    try:
        table = create(client, {"S": "Ann"}, seed=3)  # North deals: the robots begin
        stopped = view(client, table, "S")
        assert "cannot go on" in stopped["set_aside"] and not stopped.get("you_act")
    finally:
        hub.pool.decide = decide
    spectator = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"version": stopped["version"], "action": {"resume": True}},
    )
    assert spectator.status_code == 403
    r = act(client, table, "S", stopped["version"], {"resume": True})
    assert r.status_code == 200 and r.json()["version"] == stopped["version"]
    going = south_to_act(client, table)
    assert going["set_aside"] is None and len(going["board"]["calls"]) >= 1
    again = act(client, table, "S", going["version"], {"resume": True})
    assert again.status_code == 409 and "not stopped" in again.json()["error"]


def test_a_robot_only_table_set_aside_tries_again_by_itself_later_and_later(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table of four robots has no player to ask them to try again: it stayed stopped
    until the server restarted. Now it waits, then tries again, waiting twice as long after
    each new stop."""
    from contractbridge.server.robots.pool import RobotFailure
    from contractbridge.server.tables import hub as hubs

    monkeypatch.setattr(hubs, "RETRY_SECONDS", 0.3)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    decide = hub.pool.decide

    async def failing(*args: Any, **kwargs: Any) -> Any:
        raise RobotFailure("a robot's worker died 3 times")

    robots = {seat: {"robot": True} for seat in "NESW"}
    hub.pool.decide = failing
    try:
        r = client.post("/api/tables", json={"seats": robots, "seed": 3, "boards": 1})
        table = r.json()["id"]
        stopped = client.get(f"/api/tables/{table}").json()
        assert "try again by themselves" in stopped["set_aside"]
        for _ in range(100):  # they try again (and fail again): the next wait is doubled
            time.sleep(0.05)
            if hub.tables[table].asides >= 2:
                break
        assert hub.tables[table].asides >= 2
    finally:
        hub.pool.decide = decide
    for _ in range(100):  # after the doubled wait, with working robots
        time.sleep(0.1)
        going = client.get(f"/api/tables/{table}").json()
        if going["set_aside"] is None and going["version"] > stopped["version"]:
            break
    assert going["set_aside"] is None and going["version"] > stopped["version"]


def test_pages_open_from_one_address_are_bounded(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 43: 1,500 sockets from one client were all accepted (112 MB, never returned)."""
    from contextlib import ExitStack

    from contractbridge.server.tables import hub

    monkeypatch.setattr(hub, "MAX_ADDRESS_SOCKETS", 3)
    table = create(client, {"S": "Ann"})
    with ExitStack() as pages:
        for _ in range(3):
            ws = pages.enter_context(client.websocket_connect(f"/ws/{table['id']}"))
            assert json.loads(ws.receive_text())["type"] == "update"
        with client.websocket_connect(f"/ws/{table['id']}") as extra:
            refused = json.loads(extra.receive_text())
            assert refused["type"] == "error"
            assert "3 table pages open" in refused["reason"]
            assert extra.receive()["code"] == 4429
    # closed, they count no more
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        assert json.loads(ws.receive_text())["type"] == "update"
