"""Kibitzers (issue 42, item 10): as on BBO a kibitzer may see all four hands, but only at a
table of robots alone or while every person at the table agrees; any one of them may switch
it off. A browser that holds a seat at the table never gets the kibitzers' view."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from contractbridge.core import SEATS, Seat
from contractbridge.server.app import create_app
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable
from contractbridge.server.tables.views import view_for
from contractbridge.server.web.errors import ActionError
from gametable import ONE_SUIT_EACH, dealt_log
from serverapi import act, client, create, view

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

__all__ = ["client"]  # the fixture, used by name

NAMES = {s.name: "" for s in SEATS}


@contextmanager
def another_browser(client: TestClient) -> Iterator[TestClient]:
    """The client as a browser that holds no seat anywhere (its cookies put aside)."""
    kept = httpx.Cookies(client.cookies)
    client.cookies.clear()
    try:
        yield client
    finally:
        client.cookies = kept


def kibitz(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """The table's plain link, opened in a browser that holds no seat there."""
    with another_browser(client):
        r = client.get(f"/api/tables/{table['id']}")
    assert r.status_code == 200, r.text
    return dict(r.json())


def agree(client: TestClient, table: dict[str, Any], seat: str, word: Any) -> Any:
    v = view(client, table, seat)
    return act(client, table, seat, v["version"], {"kibitzers_see_hands": word})


def shown(v: dict[str, Any]) -> dict[str, int]:
    return {s: len(h) for s, h in v["hands"].items() if h is not None}


def test_a_kibitzer_sees_no_hand_where_people_play_by_default(client: TestClient) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"}, seed=11)
    v = kibitz(client, table)
    assert shown(v) == {} and v["kibitzing"] is False
    assert v["kibitzers"] == {"allowed": True, "see_hands": False, "agreed": []}


def test_a_kibitzer_sees_every_hand_and_explanation_at_a_table_of_robots_alone(
    client: TestClient,
) -> None:
    r = client.post("/api/tables", json={"seed": 6, "boards": 1})
    assert r.status_code == 201, r.text
    v = kibitz(client, r.json())
    board = v["board"]
    assert v["kibitzing"] is True and v["kibitzers"]["see_hands"] is True
    if not board["over"]:  # the robots play on meanwhile: the cards each has left
        assert shown(v) == board["counts"] and len(shown(v)) == 4
    assert any(c["explanation"] for c in board["calls"])
    # its creator may say no
    r = client.post("/api/tables", json={"seed": 6, "boards": 1, "kibitzers_see_hands": False})
    v = kibitz(client, r.json())
    board = v["board"]
    assert v["kibitzing"] is False
    if not board["over"]:
        assert set(shown(v)) <= {board.get("contract", {}).get("dummy")}


def test_a_kibitzer_sees_all_hands_while_every_person_agrees_and_not_once_one_withdraws(
    client: TestClient,
) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"}, seed=11)
    assert agree(client, table, "S", True).status_code == 200
    v = kibitz(client, table)
    assert shown(v) == {} and v["kibitzers"]["agreed"] == ["S"]  # Bob has not agreed yet
    assert view(client, table, "N")["kibitzers"]["see_hands"] is False
    assert agree(client, table, "N", True).status_code == 200
    v = kibitz(client, table)
    assert v["kibitzing"] is True and shown(v) == {"N": 13, "E": 13, "S": 13, "W": 13}
    assert v["kibitzers"] == {"allowed": True, "see_hands": True, "agreed": ["N", "S"]}
    # the players' own views are as they were: their own hand
    assert shown(view(client, table, "S")) == {"S": 13}
    # any one of them switches it off, at any time
    assert agree(client, table, "N", False).status_code == 200
    v = kibitz(client, table)
    assert v["kibitzing"] is False and shown(v) == {}
    assert v["kibitzers"]["agreed"] == ["S"]


def test_the_same_word_twice_changes_nothing_and_an_old_version_is_no_refusal(
    client: TestClient,
) -> None:
    table = create(client, {"S": "Ann"}, seed=11)
    v = view(client, table, "S")
    assert act(client, table, "S", v["version"], {"kibitzers_see_hands": True}).status_code == 200
    again = act(client, table, "S", v["version"], {"kibitzers_see_hands": True})  # a double click
    assert again.status_code == 200 and again.json()["version"] == v["version"] + 1
    assert kibitz(client, table)["kibitzing"] is True  # the only person agrees


def test_the_creators_word_stands_for_everyone_who_sits_down_until_one_withdraws(
    client: TestClient,
) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"}, seed=11, kibitzers_see_hands=True)
    v = kibitz(client, table)
    assert v["kibitzing"] is True and v["kibitzers"]["agreed"] == ["N", "S"]
    assert agree(client, table, "S", False).status_code == 200
    assert kibitz(client, table)["kibitzing"] is False


def test_a_browser_that_holds_a_seat_never_gets_the_kibitzers_view(client: TestClient) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"}, seed=11, kibitzers_see_hands=True)
    assert kibitz(client, table)["kibitzing"] is True
    # Bob's browser opens his seat's page: it is marked as a player of this table ...
    with another_browser(client):
        page = client.get(f"/table/{table['id']}", params={"token": table["tokens"]["N"]})
        assert page.status_code == 200
        marks = page.headers.get_list("set-cookie")
        assert {m.split("; Path=")[1].split(";")[0] for m in marks} == {
            f"/table/{table['id']}",
            f"/api/tables/{table['id']}",
            f"/ws/{table['id']}",
        }
        assert all("HttpOnly" in m and "SameSite=Lax" in m for m in marks)
        # ... and its spectator's link shows the plain spectator's view, hands hidden
        v = client.get(f"/api/tables/{table['id']}").json()
        assert v["kibitzing"] is False and shown(v) == {} and v["seat"] is None
        with client.websocket_connect(f"/ws/{table['id']}") as ws:
            update = json.loads(ws.receive_text())
        assert update["view"]["kibitzing"] is False and shown(update["view"]) == {}
        # the cookie marks, it does not open: no seat is taken by it
        r = client.post(
            f"/api/tables/{table['id']}/actions",
            json={"version": v["version"], "action": {"call": "Pass"}},
        )
        assert r.status_code == 403
    # a cookie that is no seat of this table is no player's
    with another_browser(client):
        client.cookies.set("cb_seat", "nonsense", path=f"/api/tables/{table['id']}")
        assert client.get(f"/api/tables/{table['id']}").json()["kibitzing"] is True


def test_a_kibitzers_socket_is_shown_the_hands_when_the_last_person_agrees(
    client: TestClient,
) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"}, seed=11)
    assert agree(client, table, "S", True).status_code == 200
    with another_browser(client):
        watching = client.websocket_connect(f"/ws/{table['id']}")
        ws = watching.__enter__()
    try:
        first = json.loads(ws.receive_text())["view"]
        assert first["kibitzing"] is False and shown(first) == {}
        assert agree(client, table, "N", True).status_code == 200
        update = json.loads(ws.receive_text())
        assert update["events"] == [{"type": "server.kibitz", "seat": "N", "agree": True}]
        assert update["view"]["kibitzing"] is True
        assert shown(update["view"]) == {"N": 13, "E": 13, "S": 13, "W": 13}
    finally:
        watching.__exit__(None, None, None)


@pytest.mark.parametrize("word", ["yes", 1, None, [True]])
def test_a_word_that_is_not_true_or_false_is_refused_and_changes_nothing(
    client: TestClient, word: Any
) -> None:
    table = create(client, {"S": "Ann"}, seed=11)
    before = view(client, table, "S")
    r = act(client, table, "S", before["version"], {"kibitzers_see_hands": word})
    assert r.status_code == 400
    assert "kibitzers_see_hands is true (kibitzers see all four hands)" in r.json()["error"]
    assert view(client, table, "S") == before


def test_a_spectator_cannot_switch_it_on_and_a_new_table_needs_true_or_false(
    client: TestClient,
) -> None:
    table = create(client, {"S": "Ann"}, seed=11)
    r = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"version": 0, "action": {"kibitzers_see_hands": True}},
    )
    assert r.status_code == 403 and "spectators cannot act" in r.json()["error"]
    r = client.post("/api/tables", json={"seats": {"S": {"name": "A"}}, "kibitzers_see_hands": 1})
    assert r.status_code == 400 and "kibitzers_see_hands is true" in r.json()["error"]


def one_suit_each(**settings: Any) -> ServerTable:
    """North and South are people; North opens 1D, all pass, and East leads."""
    seats = {"N": {"robot": False}, "S": {"robot": False}}
    log = [e.to_dict() for e in dealt_log(ONE_SUIT_EACH)]
    state = ServerTable.replay(
        TableSettings.from_json({"kind": "duplicate", "seats": seats, **settings}), log
    )
    state.act(Seat.N, {"call": "1D", "explanation": "diamonds, all of them"})
    for _ in range(3):
        state.act(state.board.auction.turn, {"call": "Pass"})
    state.act(Seat.E, {"card": "SA"})
    return state


def test_a_kibitzer_sees_the_cards_left_and_every_explanation() -> None:
    state = one_suit_each(kibitzers_see_hands=True)
    v = view_for(state, None, names=NAMES, kibitzer=True)
    assert shown(v) == {"N": 13, "E": 12, "S": 13, "W": 13}
    assert "SA" not in v["hands"]["E"]
    assert v["board"]["calls"][0]["explanation"] == "diamonds, all of them"
    # a spectator that is no kibitzer (a player's browser): dummy only, no explanation
    plain = view_for(state, None, names=NAMES)
    assert shown(plain) == {"S": 13} and plain["board"]["calls"][0]["explanation"] is None
    # one person withdraws: the kibitzer is back to dummy, and told no explanation
    state.act(Seat.S, {"kibitzers_see_hands": False})
    v = view_for(state, None, names=NAMES, kibitzer=True)
    assert shown(v) == {"S": 13} and v["board"]["calls"][0]["explanation"] is None


def test_each_persons_word_is_kept_in_the_log_and_replayed() -> None:
    state = one_suit_each()
    events = state.act(Seat.N, {"kibitzers_see_hands": True})
    assert events == [{"type": "server.kibitz", "seat": "N", "agree": True}]
    log = [e.to_dict() for e in dealt_log(ONE_SUIT_EACH)]
    seats = {"N": {"robot": False}, "S": {"robot": False}}
    again = ServerTable.replay(
        TableSettings.from_json({"kind": "duplicate", "seats": seats}), [*log, *events]
    )
    assert again.kibitz_agreed == {Seat.N} and not again.kibitzers_see_hands()
    assert again.version == len(log) + 1
    again.act(Seat.S, {"kibitzers_see_hands": True})
    assert again.kibitzers_see_hands()
    # a robot's seat has no word to give
    with pytest.raises(ActionError) as refused:
        again.act(Seat.E, {"kibitzers_see_hands": False})
    assert refused.value.status == 403


def test_the_kibitzers_setting_survives_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, robots="basic")) as first:
        table = create(first, {"S": "Ann", "N": "Bob"}, seed=4)
        for seat in ("S", "N"):
            assert agree(first, table, seat, True).status_code == 200
        before = kibitz(first, table)
    with TestClient(create_app(db, robots="basic")) as second:
        after = kibitz(second, table)
    assert after == before and after["kibitzing"] is True
