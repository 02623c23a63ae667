"""A bidding system per partnership at the web table: chosen when the table is created (SAYC
unless chosen), kept with the table, told to everyone at it (a system is public, as the
carding is), bid by each side's robots (their calls explained by it, the opponents' calls
read by theirs) and followed by a person's hint; hidden cards stay hidden."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from contractbridge.core import Deal, Hand, Seat, Side
from contractbridge.robots.bidding import bidder
from contractbridge.robots.bidding.card import available_systems, system_name
from contractbridge.server.app import create_app
from contractbridge.server.tables.hub import robot_task
from contractbridge.server.tables.settings import FixedDeal, SeatSettings, TableSettings
from serverapi import client, create, view

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

__all__ = ["client"]  # the fixture, used by name

#: 26 HCP, balanced: Forum D opens its strongest opening, 2♦; SAYC opens 2♣
STRONG = "AKQ2.AKJ.AQ3.K32"


def test_the_systems_are_stored_and_read_back() -> None:
    seats = {Seat.S: SeatSettings("Ann", robot=False, token="t")}
    chosen = TableSettings(seats=seats, systems={"NS": "forumd", "EW": "sayc"})
    stored = chosen.to_json()
    assert stored["systems"] == {"NS": "forumd", "EW": "sayc"}
    again = TableSettings.from_json(stored)
    assert again == chosen
    assert (again.system(Side.NS), again.system(Side.EW)) == ("forumd", "sayc")
    # a table stored before the setting, or naming a system this version lacks: SAYC
    old = {k: v for k, v in stored.items() if k != "systems"}
    assert dict(TableSettings.from_json(old).systems) == {"NS": "sayc", "EW": "sayc"}
    gone = TableSettings.from_json({**old, "systems": {"NS": "no such", "EW": "forumd"}})
    assert dict(gone.systems) == {"NS": "sayc", "EW": "forumd"}
    # SAYC for both is stored as before the setting (no new key)
    assert "systems" not in TableSettings.from_json(old).to_json()


def test_a_table_is_created_with_a_system_per_side_and_tells_everyone(client: TestClient) -> None:
    table = create(client, {"S": "Ann"}, systems={"EW": "forumd"})
    names = {"NS": system_name("sayc"), "EW": system_name("forumd")}
    for seat in ("S", None):  # the player and a spectator alike
        shown = view(client, table, seat)
        assert shown["systems"] == {"NS": "sayc", "EW": "forumd"}
        assert shown["system_names"] == names
    live = client.app.state.hub.tables[table["id"]]  # type: ignore[attr-defined]
    west, north = robot_task(live.state, Seat.W), robot_task(live.state, Seat.N)
    assert west is not None and (west.system, west.their_system) == ("forumd", "sayc")
    assert north is not None and (north.system, north.their_system) == ("sayc", "forumd")


def test_sayc_is_the_default(client: TestClient) -> None:
    table = create(client, {"S": "Ann"})
    assert view(client, table, "S")["systems"] == {"NS": "sayc", "EW": "sayc"}


@pytest.mark.parametrize(
    ("systems", "reason"),
    [
        ({"NS": "acol 1970"}, "not 'acol 1970'"),
        ({"EW": 2}, "not that"),
        ({"N": "sayc"}, None),
        ("forumd", None),
    ],
)
def test_an_unknown_system_is_refused_with_the_choices(
    client: TestClient, systems: object, reason: str | None
) -> None:
    seats = {"S": {"name": "Ann"}}
    r = client.post("/api/tables", json={"kind": "duplicate", "seats": seats, "systems": systems})
    assert r.status_code == 400
    if reason is None:
        assert r.json()["error"] == "systems maps NS and EW to the name of a bidding system"
    else:
        known = ", ".join(available_systems())
        assert r.json()["error"] == f"the bidding systems here are {known}, {reason}"


def test_the_systems_are_kept_after_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, robots="basic")) as first:
        table = create(first, {"S": "Ann"}, systems={"NS": "forumd", "EW": "sayc"})
    with TestClient(create_app(db, robots="basic")) as second:
        assert view(second, table, "S")["systems"] == {"NS": "forumd", "EW": "sayc"}


# -- the robots bid their side's system -------------------------------------------------------
@pytest.fixture(scope="module")
def best() -> Iterator[TestClient]:
    """The app with the best robots, deciding in this process."""
    with TestClient(create_app("sqlite://", robots="best", budget=0.05)) as c:
        yield c


def _table(api: TestClient, board: int, strong: Seat, systems: dict[str, str]) -> dict[str, Any]:
    """A one-board table of ``board`` (its dealer from the number) where ``strong`` holds
    :data:`STRONG`, Ann sits South and robots the other seats; the robots before her have
    called."""
    given = Hand.from_pbn(STRONG)
    shuffled = Deal.random(board)
    rest = [c for seat in Seat for c in shuffled[seat] if c not in given]
    others = iter([Hand(rest[k : k + 13]) for k in range(0, 39, 13)])
    deal = Deal({seat: given if seat == strong else next(others) for seat in Seat})
    seats = {Seat.S: SeatSettings("Ann", robot=False, token="ann")}
    settings = TableSettings(
        seats=seats, boards=1, fixed=FixedDeal(board, deal.to_pbn()), systems=systems
    )
    hub = api.app.state.hub  # type: ignore[attr-defined]
    live = api.portal.call(hub.create, settings)  # type: ignore[union-attr]
    api.portal.call(hub.settled, live.id)  # type: ignore[union-attr]
    return {"id": live.id, "tokens": {"S": "ann"}}


def test_forum_d_robots_open_their_strongest_2d_and_the_sayc_side_reads_it_so(
    best: TestClient,
) -> None:
    forum_d = bidder("forumd").explain(["2D"])[0].text
    assert forum_d.startswith("strongest opening")
    # board 2: East deals, with 26 HCP, at a table where East-West play Forum D
    table = _table(best, 2, Seat.E, {"NS": "sayc", "EW": "forumd"})
    shown = view(best, table, "S")
    east = shown["board"]["calls"][0]
    assert (east["seat"], east["call"]) == ("E", "2D")
    assert east["explanation"] == forum_d  # South, an opponent, is told Forum D's meaning
    # the SAYC robot at North reads East's 2♦ by Forum D (its own 2♦ would be a weak two)
    live = best.app.state.hub.tables[table["id"]]  # type: ignore[attr-defined]
    task = robot_task(live.state, Seat.N)
    assert task is not None and (task.system, task.their_system) == ("sayc", "forumd")
    robot: Any = best.app.state.hub.pool._robots.robot(  # type: ignore[attr-defined]
        task.carding, task.system, task.their_system
    )
    read = robot.bidder.explain(task.view.auction(), ours=Seat.N)[0].text
    assert read == forum_d and "weak two" in bidder("sayc").explain(["P", "2D"])[1].text
    # hidden cards stay hidden: South sees its own hand alone, a spectator none and no
    # explanation while a person plays
    assert [s for s, h in shown["hands"].items() if h is not None] == ["S"]
    watcher = view(best, table, None)
    assert all(h is None for h in watcher["hands"].values())
    assert watcher["board"]["calls"][0]["explanation"] is None
    assert watcher["systems"] == {"NS": "sayc", "EW": "forumd"}
    # the same deal where East-West play SAYC: East opens 2♣
    sayc = view(best, _table(best, 2, Seat.E, {"NS": "sayc", "EW": "sayc"}), "S")
    assert sayc["board"]["calls"][0]["call"] == "2C"


def test_the_hint_follows_the_players_sides_system(best: TestClient) -> None:
    # board 3: South deals, with 26 HCP; the hint is what South's side's robot would bid
    hints = {}
    for system in ("forumd", "sayc"):
        table = _table(best, 3, Seat.S, {"NS": system, "EW": "sayc"})
        r = best.get(f"/api/tables/{table['id']}/hint", params={"token": "ann"})
        assert r.status_code == 200, r.text
        hints[system] = r.json()["action"]
    assert hints["forumd"]["call"] == "2D"
    assert hints["forumd"]["explanation"] == bidder("forumd").explain(["2D"])[0].text
    assert hints["sayc"]["call"] == "2C"
    assert hints["sayc"]["explanation"].startswith("strong, artificial")
