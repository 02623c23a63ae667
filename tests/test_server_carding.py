"""The web table's carding agreement: chosen when the table is created (standard attitude and
count, or Lavinthal discards), kept with the table, told to everyone at it, and played by
its robots, each still deciding from its own seat's view."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from contractbridge.core import Card, Seat
from contractbridge.robots.cardplay.carding import AGREEMENTS, Carding, lavinthal_suits
from contractbridge.server.app import create_app
from contractbridge.server.robots.pool import RobotPool
from contractbridge.server.tables.hub import robot_task
from contractbridge.server.tables.settings import SeatSettings, TableSettings
from contractbridge.server.tables.table import ServerTable
from serverapi import client, create, run_apart, view

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

__all__ = ["client"]  # the fixture, used by name

BAD_CARDING = "carding is standard (attitude and count) or lavinthal (suit-preference discards)"


def test_a_table_is_created_with_lavinthal_and_tells_everyone_there(client: TestClient) -> None:
    table = create(client, {"S": "Ann"}, carding="lavinthal")
    assert view(client, table, "S")["carding"] == "lavinthal"
    assert view(client, table, None)["carding"] == "lavinthal"  # spectators are told too
    live = client.app.state.hub.tables[table["id"]]  # type: ignore[attr-defined]
    assert live.state.settings.carding == "lavinthal"
    # a robot (here West's) is asked with the agreement
    task = robot_task(live.state, Seat.W)
    assert task is not None and task.carding == "lavinthal"


def test_standard_carding_is_the_default(client: TestClient) -> None:
    table = create(client, {"S": "Ann"})
    assert view(client, table, "S")["carding"] == "standard"
    assert AGREEMENTS[0] == "standard"


@pytest.mark.parametrize("bad", ["odd-even", "Lavinthal", 1, None, ["lavinthal"]])
def test_an_unknown_carding_is_refused_with_the_choices(client: TestClient, bad: object) -> None:
    seats = {"S": {"name": "Ann"}}
    r = client.post("/api/tables", json={"kind": "duplicate", "seats": seats, "carding": bad})
    assert r.status_code == 400
    assert r.json()["error"] == BAD_CARDING


def test_the_carding_is_stored_and_read_back_after_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, robots="basic")) as first:
        lavinthal = create(first, {"S": "Ann"}, carding="lavinthal")
        standard = create(first, {"S": "Bob"})
    with TestClient(create_app(db, robots="basic")) as second:
        assert view(second, lavinthal, "S")["carding"] == "lavinthal"
        assert view(second, standard, "S")["carding"] == "standard"


def test_a_table_stored_before_the_setting_reads_as_standard() -> None:
    old = {"kind": "rubber", "seats": {"S": {"name": "Ann", "robot": False, "token": "t"}}}
    assert TableSettings.from_json(old).carding == "standard"
    assert TableSettings.from_json({**old, "carding": "no such"}).carding == "standard"
    lavinthal = TableSettings.from_json({**old, "carding": "lavinthal"})
    assert lavinthal.carding == "lavinthal"
    assert TableSettings.from_json(lavinthal.to_json()) == lavinthal
    # a standard table is stored as before the setting (no new key)
    assert "carding" not in TableSettings.from_json(old).to_json()


# -- the robots play the table's agreement ---------------------------------------------------
# South declares 3NT; West leads a diamond and East, a robot, has none: its first discard.
# East holds the ace-king of spades and nothing in hearts, and clubs 8 7 6 5 4 3 2, all equal.
# By hand, from the agreement's text (docs/cardplay.md): standard discards the lowest club,
# the 2; Lavinthal's club says "not clubs" and asks for spades, the higher of the two suits
# left (hearts and spades), with the highest spot that costs nothing, the 8.
HANDS = ["Q543.Q54.KQJ5.T9", "AK2.T73.-.8765432", "J9.AKJ.A432.AKQJ", "T876.9862.T9876."]


def _east_to_discard(carding: str) -> ServerTable:
    """The web table with people at North and South, robots at East and West, as it stands
    when East must play to the first trick."""
    people = {
        Seat.N: SeatSettings(name="Ann", robot=False, token="north"),
        Seat.S: SeatSettings(name="Bob", robot=False, token="south"),
    }
    settings = TableSettings(seats=people, boards=1, seed=1, carding=carding)
    events = ServerTable.new(settings).start_events()
    assert events[1]["type"] == "deal_dealt"
    events[1] = {**events[1], "dealer": "N", "hands": HANDS}
    state = ServerTable.replay(settings, events)
    for i, call in enumerate(["P", "P", "3NT", "P", "P", "P"]):
        state.act(Seat.N.next(i), {"call": call})  # North deals
    state.act(Seat.W, {"card": "DT"})
    state.act(Seat.S, {"card": "DJ"})  # declarer plays dummy's card
    assert state.pending() == [Seat.E]
    return state


def _discards(pool: RobotPool) -> dict[str, Card]:
    """East's card at the table of each carding agreement, as ``pool`` decides it; each
    checked against the library's agreement asked from East's view among its equal clubs."""

    async def ask(carding: str) -> Card:
        state = _east_to_discard(carding)
        task = robot_task(state, Seat.E)
        assert task is not None and task.kind == "card" and task.carding == carding
        # the robot still sees only its own seat: its hand and dummy, not West's or South's
        assert task.view.seat == Seat.E
        assert task.view.visible_hand(Seat.W) is None and task.view.visible_hand(Seat.S) is None
        played = Card.parse((await pool.decide("owner", task))["card"])
        hand = task.view.visible_hand(Seat.E)
        assert hand is not None
        clubs = list(hand.cards_in(0))  # clubs: suit 0
        assert played == Carding(discards=carding).choose(task.view, clubs)
        return played

    async def each() -> dict[str, Card]:
        await pool.start()
        try:
            return {c: await ask(c) for c in AGREEMENTS}
        finally:
            pool.close()

    return run_apart(each)  # a thread of its own: Playwright may run a loop in this worker


def test_a_robot_defender_discards_by_the_tables_carding() -> None:
    cards = _discards(RobotPool("best", budget=0.3, workers=0))  # the best robot, in-process
    assert cards["standard"] != cards["lavinthal"]
    # the hand check: the lowest club, and a high one asking for spades
    assert lavinthal_suits(1, 0, -1) == (2, 3)  # diamonds led, a club discarded: H or S
    assert cards == {"standard": Card.parse("C2"), "lavinthal": Card.parse("C8")}


@pytest.mark.slow
def test_a_robot_in_a_worker_process_discards_by_the_tables_carding() -> None:
    # as the server runs its robots: each worker builds the robot of an agreement once
    cards = _discards(RobotPool("best", budget=0.3, workers=1))
    assert cards == {"standard": Card.parse("C2"), "lavinthal": Card.parse("C8")}
