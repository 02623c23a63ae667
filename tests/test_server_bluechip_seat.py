"""A seat of the web table given to a Blue Chip client (an outside robot): the server as its
table manager, from the creation of the table to the client's leaving."""

from __future__ import annotations

import asyncio
import re
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from contractbridge.bluechip.client import BlueChipClient
from contractbridge.bluechip.protocol import CallMessage, CardMessage, Timing, parse
from contractbridge.core import Seat
from contractbridge.robots import robot_player
from contractbridge.server.app import create_app
from contractbridge.server.tables import hub as hub_module
from serverapi import act, view

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture
def served() -> Iterator[TestClient]:
    app = create_app("sqlite://", robots="basic", bluechip=("127.0.0.1", 0))
    with TestClient(app) as c:
        yield c


def new_table(client: TestClient, seats: dict[str, Any], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"kind": "duplicate", "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return dict(r.json())


def pending_for(client: TestClient, table: dict[str, Any], seat: str, seconds: float = 20) -> Any:
    """The seat's view once it must act (or the deals are over)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        v = view(client, table, seat)
        if seat in v["pending"] or not v["pending"]:
            return v
        time.sleep(0.05)
    raise AssertionError(f"{seat} was never asked to act")


def simple(v: dict[str, Any]) -> dict[str, Any]:
    if v.get("legal_calls"):
        return {"call": "Pass"}
    return {"card": v["legal_cards"][0]}


def raw_client(port: int, lines: list[str], reply_lines: int) -> list[str]:
    """Send ``lines`` to the door and read ``reply_lines`` lines back (fewer if it closes)."""
    got: list[str] = []
    with socket.create_connection(("127.0.0.1", port), 5) as s:
        s.settimeout(10)
        f = s.makefile("rw", newline="\r\n")
        for line in lines:
            f.write(line + "\r\n")
            f.flush()
        for _ in range(reply_lines):
            text = f.readline()
            if not text:
                break
            got.append(text.strip())
    return got


def test_a_seat_goes_to_a_blue_chip_client_only_where_the_server_takes_them(
    served: TestClient,
) -> None:
    with TestClient(create_app("sqlite://", robots="basic")) as plain:
        r = plain.post(
            "/api/tables", json={"seats": {"S": {"name": "Ann"}, "N": {"bluechip": True}}}
        )
        assert r.status_code == 400
        assert "--bluechip-port" in r.json()["error"]
    r = served.post("/api/tables", json={"seats": {"N": {"bluechip": True, "robot": False}}})
    assert r.status_code == 400 and "true for bluechip" in r.json()["error"]
    table = new_table(served, {"S": {"name": "Ann"}, "N": {"bluechip": True, "name": "GIB"}})
    door = table["bluechip"]["N"]
    assert door["port"] == served.app.state.hub.bluechip_address[1]  # type: ignore[attr-defined]
    assert door["team"].startswith(table["id"] + ":")
    assert set(table["links"]) == {"S"}  # the outside robot's seat has no browser link
    v = view(served, table, "S")
    assert v["bluechip"] == {"N": {"name": None, "plays": False}}
    assert door["team"].split(":")[1] not in str(v)  # the secret is the creator's alone


def test_a_client_that_names_no_seat_of_ours_is_refused_with_the_reason(served: TestClient) -> None:
    table = new_table(served, {"N": {"name": "Ann"}, "E": {"bluechip": True}})
    door = table["bluechip"]["E"]
    port = door["port"]
    hello = 'Connecting "{}" as {} using protocol version 18'
    wrong = raw_client(port, [hello.format(table["id"] + ":nope", "East")], 1)
    assert wrong and wrong[0].startswith("Error no seat for this team name")
    other = raw_client(port, [hello.format(door["team"], "West")], 1)
    assert other == ["Error this team name is East's seat"]


@pytest.mark.slow
def test_an_outside_robot_plays_its_seat_and_is_told_its_own_view_alone(
    served: TestClient,
) -> None:
    # North (the person) is the dealer of board 1: nothing is called before the client
    # comes, so it plays from the first deal.
    table = new_table(
        served, {"N": {"name": "Ann"}, "S": {"bluechip": True, "name": "Visitor"}}, boards=2, seed=4
    )
    door = table["bluechip"]["S"]
    lines: list[tuple[str, str]] = []
    robot = robot_player("basic")
    client = BlueChipClient(
        robot, Seat.S, door["team"], transcript=lambda w, x: lines.append((w, x))
    )
    played: list[int] = []
    thread = threading.Thread(
        target=lambda: played.append(asyncio.run(client.run(door["host"], door["port"])))
    )
    thread.start()
    deadline = time.monotonic() + 20
    while view(served, table, "N")["bluechip"]["S"]["name"] is None:
        assert time.monotonic() < deadline, "the client was never seated"
        time.sleep(0.05)
    assert view(served, table, "N")["bluechip"]["S"] == {"name": "Visitor", "plays": True}
    undo_refused = None
    for _ in range(200):
        v = pending_for(served, table, "N")
        if not v["pending"]:
            break
        r = act(served, table, "N", v["version"], simple(v))
        assert r.status_code == 200, r.text
        if undo_refused is None:
            undo = act(served, table, "N", r.json()["version"], {"undo": True})
            undo_refused = (undo.status_code, undo.json()["error"])
    thread.join(60)
    assert played == [2]  # both deals played to the end by the client
    assert undo_refused == (409, undo_refused[1]) and "Blue Chip" in undo_refused[1]
    sent = [parse(x) for w, x in lines if w.endswith("-> TM")]
    told = [x for w, x in lines if w.startswith("TM ->")]
    # its own cards alone, and dummy's once the opening lead is made
    hands = [x for x in told if "'s cards :" in x]
    assert [x.split("'")[0] for x in hands if not x.startswith("Dummy")] == ["South", "South"]
    v = view(served, table, "N")
    boards = [*v["history"], v["board"]]
    assert [b["number"] for b in boards] == [1, 2] and all(b["over"] for b in boards)
    # every call and card of the seat's at the table is one the client sent, in order
    calls = [str(m.call) for m in sent if isinstance(m, CallMessage)]
    assert calls == [c["call"] for b in boards for c in b["calls"] if c["seat"] == "S"]
    cards = [str(m.card) for m in sent if isinstance(m, CardMessage)]
    assert cards == [card for b in boards for card in _cards_of(b, Seat.S)]
    # and it was told every other card, the last trick's too, before the deal's end
    heard = [m for m in map(parse, told) if isinstance(m, (CardMessage, Timing))]
    for b in boards:
        end = next(i for i, m in enumerate(heard) if isinstance(m, Timing))
        shown, heard = heard[:end], heard[end + 1 :]
        everything = [c for trick in b.get("tricks", []) for c in trick["cards"]]
        assert sorted([str(m.card) for m in shown] + _cards_of(b, Seat.S)) == sorted(everything)


def _cards_of(board: dict[str, Any], seat: Seat) -> list[str]:
    """The cards ``seat`` chose in a finished deal: its own, and dummy's when it declared."""
    if board["passed_out"]:
        return []
    declarer = Seat[board["contract"]["declarer"]]
    if declarer.partner == seat:
        return []  # dummy chooses nothing
    hands = {seat, declarer.partner} if declarer == seat else {seat}
    return [
        card
        for trick in board["tricks"]
        for i, card in enumerate(trick["cards"])
        if Seat[trick["leader"]].next(i) in hands
    ]


@pytest.mark.slow
@pytest.mark.parametrize("who_notices", ["the connection", "the table"])
def test_a_silent_client_loses_its_seat_to_our_robot(
    served: TestClient, monkeypatch: pytest.MonkeyPatch, who_notices: str
) -> None:
    door_service = served.app.state.bluechip  # type: ignore[attr-defined]
    if who_notices == "the connection":
        door_service.seconds = 0.5  # its time for a call runs out
    else:  # a client whose process died holds no connection here: the table's watch
        monkeypatch.setattr(hub_module, "OUTSIDE_SECONDS", 0.3)
        monkeypatch.setattr(hub_module, "OUTSIDE_GRACE", 0.0)
    table = new_table(served, {"N": {"name": "Ann"}, "E": {"bluechip": True}}, boards=1, seed=2)
    door = table["bluechip"]["E"]
    got: list[str] = []

    def silent() -> None:
        hello = f'Connecting "{door["team"]}" as East using protocol version 18'
        with socket.create_connection(("127.0.0.1", door["port"]), 5) as s:
            s.settimeout(15)
            f = s.makefile("rw", newline="\r\n")
            ready = ("for teams", "to start", "for deal", "for cards")
            for line in (hello, *(f"East ready {what}" for what in ready)):
                f.write(line + "\r\n")
                f.flush()
            while True:  # reads, never calls
                try:
                    text = f.readline()
                except OSError:
                    return
                if not text:
                    return
                got.append(text.strip())

    thread = threading.Thread(target=silent, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while view(served, table, "N")["bluechip"]["E"]["name"] is None:
        assert time.monotonic() < deadline, "the client was never seated"
        time.sleep(0.05)
    v = view(served, table, "N")
    assert act(served, table, "N", v["version"], {"call": "Pass"}).status_code == 200
    deadline = time.monotonic() + 30
    while True:  # East's call is made by our robot once the client is taken for gone
        v = view(served, table, "N")
        if len(v["board"]["calls"]) >= 2:
            break
        assert time.monotonic() < deadline, "East never called"
        time.sleep(0.1)
    assert v["bluechip"]["E"] == {"name": None, "plays": False}
    if who_notices == "the connection":
        thread.join(10)
        # it said it was ready for the deal and its cards, and then nothing in its time
        assert any(re.match(r"Error East sent no .* within 0\.5 s", x) for x in got), got


@pytest.mark.slow
def test_the_door_survives_what_a_client_sends(served: TestClient) -> None:
    """Garbage, a line too long, a client that leaves mid-handshake, two clients racing for
    one seat: each is refused or dropped, the door still takes the next client, and the
    table goes on (our robot plays the seat)."""
    table = new_table(served, {"N": {"name": "Ann"}, "E": {"bluechip": True}}, boards=1, seed=3)
    door = table["bluechip"]["E"]
    port = door["port"]
    hello = f'Connecting "{door["team"]}" as East using protocol version 18'
    assert raw_client(port, ["hello?"], 1)[0].startswith("Error")
    assert all(x.startswith("Error") for x in raw_client(port, ["x" * 100_000], 1))
    # seated, it leaves before "ready for teams" (read first: the seat is held by then)
    assert raw_client(port, [hello], 1)[0].startswith("East (")
    holding = served.app.state.bluechip.holding  # type: ignore[attr-defined]
    deadline = time.monotonic() + 10
    while holding:  # the seat it held mid-handshake is free again once the door sees it go
        assert time.monotonic() < deadline, "the seat stayed held by a client that left"
        time.sleep(0.05)
    replies: list[list[str]] = []

    def racer() -> None:
        replies.append(raw_client(port, [hello, "East ready for teams"], 2))

    racers = [threading.Thread(target=racer) for _ in range(2)]
    for r in racers:
        r.start()
    for r in racers:
        r.join(20)
    refused = [r for r in replies if r and r[0] == "Error East is already seated"]
    seated = [r for r in replies if r and r[0].startswith("East (")]
    assert len(refused) + len(seated) == 2 and len(seated) >= 1
    # the table went on all along: North passes, and East's call comes (our robot's, once
    # the racer that sat down has gone)
    v = view(served, table, "N")
    assert act(served, table, "N", v["version"], {"call": "Pass"}).status_code == 200
    deadline = time.monotonic() + 30
    while len(view(served, table, "N")["board"]["calls"]) < 2:
        assert time.monotonic() < deadline, "East never called"
        time.sleep(0.1)
