"""Who is told what a call means at the web table: a robot partner explains its own calls
to its human partner (a table setting), robots alert what their system alerts, spectators
are told nothing while people play and may be shut out (Laws 16, 20F, 40B)."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest

from contractbridge.core import Seat
from contractbridge.robots import robot_player
from contractbridge.server.tables.hub import event_for
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable
from contractbridge.server.tables.views import explained, view_for
from gametable import dealt_log
from serverapi import client, create, view
from test_server_app import _robot_action

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

__all__ = ["client"]  # the fixture, used by name

# North 16 HCP balanced (a 1NT opening); South 3 HCP with five hearts (a transfer); East
# 1 HCP (passes).
DEAL = "N:AK2.K32.AQ32.432 8765.76.987.JT98 43.QJ954.654.765 QJT9.AT8.KJT.AKQ"


def transfer_table(**options: Any) -> ServerTable:
    """North (a person) opens 1NT, East passes, and South, a SAYC robot, transfers."""
    settings = {"kind": "duplicate", "seats": {"N": {"robot": False}}, **options}
    state = ServerTable.replay(
        TableSettings.from_json(settings), [e.to_dict() for e in dealt_log(DEAL)]
    )
    best = robot_player("best", 0.1)
    state.act(Seat.N, {"call": "1NT"})
    state.act(Seat.E, _robot_action(state, Seat.E, best))
    state.act(Seat.S, _robot_action(state, Seat.S, best))
    return state


def south_call(state: ServerTable, seat: Seat | None) -> dict[str, Any]:
    return dict(view_for(state, seat, names={})["board"]["calls"][2])


def test_a_robot_announces_its_transfer_and_explains_it_to_its_human_partner() -> None:
    state = transfer_table()
    for seat in (Seat.N, Seat.E, Seat.W):  # partner (the table's setting) and opponents
        call = south_call(state, seat)
        # SAYC's home rules (the ACBL's) announce a transfer by its suit: not also alerted
        assert call["call"] == "2D" and call["alert"] is False
        assert call["announcement"] == "hearts"
        assert "transfer" in call["explanation"]
    spectator = south_call(state, None)  # while people play: no explanation, the words heard
    assert spectator["explanation"] is None and spectator["announcement"] == "hearts"
    assert south_call(state, Seat.N)["announcement"] == "hearts"
    # the socket's copy of the call tells partner too
    event = state.table.events[-1].to_dict()
    told = event_for(event, Seat.N, explained(state, Seat.N))
    assert told["announcement"] == "hearts" and "transfer" in told["explanation"]


def test_a_table_may_keep_a_robots_explanations_from_its_partner() -> None:
    state = transfer_table(robot_partner_explains=False)
    assert (south_call(state, Seat.N)["explanation"], south_call(state, Seat.N)["alert"]) == (
        None,
        False,
    )
    assert "transfer" in south_call(state, Seat.E)["explanation"]
    event = state.table.events[-1].to_dict()
    hidden = event_for(event, Seat.N, explained(state, Seat.N))
    assert (hidden["alert"], hidden["explanation"]) == (False, None)
    assert hidden["announcement"] == "hearts"  # an announcement is heard by everyone


def test_a_persons_explanation_never_reaches_their_partner() -> None:
    settings = {"kind": "duplicate", "seats": {"N": {"robot": False}, "S": {"robot": False}}}
    state = ServerTable.replay(
        TableSettings.from_json(settings), [e.to_dict() for e in dealt_log(DEAL)]
    )
    state.act(Seat.N, {"call": "1NT", "explanation": "15-17", "alert": False})
    assert view_for(state, Seat.S, names={})["board"]["calls"][0]["explanation"] is None
    assert view_for(state, Seat.E, names={})["board"]["calls"][0]["explanation"] == "15-17"


def test_spectators_of_a_robot_table_are_told_every_explanation(client: TestClient) -> None:
    r = client.post("/api/tables", json={"seed": 6, "boards": 1})
    assert r.status_code == 201, r.text
    table = r.json()
    calls = view(client, {**table, "tokens": {}}, None)["board"]["calls"]
    assert any(c["explanation"] for c in calls)


def test_a_table_closed_to_spectators_refuses_the_plain_link(client: TestClient) -> None:
    table = create(client, {"S": "Ann"}, spectators=False)
    r = client.get(f"/api/tables/{table['id']}")
    assert r.status_code == 403 and "closed to spectators" in r.json()["error"]
    assert view(client, table, "S")["seat"] == "S"  # the seat's own link still opens it
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        message = json.loads(ws.receive_text())
    assert message["type"] == "error" and "closed to spectators" in message["reason"]
    open_table = create(client, {"S": "Ann"})
    assert client.get(f"/api/tables/{open_table['id']}").status_code == 200


@pytest.mark.parametrize("option", ["spectators", "robot_partner_explains"])
def test_table_options_are_true_or_false(client: TestClient, option: str) -> None:
    r = client.post("/api/tables", json={"seats": {"S": {"name": "Ann"}}, option: "no"})
    assert r.status_code == 400 and "true or false" in r.json()["error"]


def test_lin_marks_only_alerted_calls_with_a_bang() -> None:
    from contractbridge.server.tables.export import lin

    state = transfer_table()
    state.act(Seat.W, {"call": "Pass", "explanation": "no overcall"})  # explained, not alerted
    text = lin(state.board, {})
    assert "mb|1N|" in text
    assert "mb|2D|an|" in text and "transfer" in text  # announced, not alerted
    assert "mb|p|an|no overcall|" in text and "mb|p!|" not in text


def test_seat_links_are_invitations_the_first_browser_takes(client: TestClient) -> None:
    seats = {"S": {"name": "Ann"}, "N": {"name": "Bob"}}
    r = client.post("/api/tables", json={"seats": seats, "invite": True, "me": "S", "seed": 2})
    assert r.status_code == 201, r.text
    table = r.json()
    assert set(table["tokens"]) == {"S"}  # the creator keeps only their own seat
    assert set(table["invitations"]) == {"N"} and "token=" not in table["invitations"]["N"]
    code = table["invitations"]["N"].rsplit("invite=", 1)[1]
    joined = client.post(f"/api/tables/{table['id']}/join", json={"invite": code})
    assert joined.status_code == 200, joined.text
    north = joined.json()
    assert north["seat"] == "N" and north["token"] in north["link"]
    r = client.get(f"/api/tables/{table['id']}", params={"token": north["token"]})
    assert r.status_code == 200 and r.json()["seat"] == "N" and r.json()["hands"]["N"]
    again = client.post(f"/api/tables/{table['id']}/join", json={"invite": code})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    wrong = client.post(f"/api/tables/{table['id']}/join", json={"invite": "nope"})
    assert wrong.status_code == 403
    # the invitation code is no token: it never opens the seat by itself
    r = client.get(f"/api/tables/{table['id']}", params={"token": code})
    assert r.status_code == 403
    refused = client.post("/api/tables", json={"seats": seats, "invite": True, "me": "E"})
    assert refused.status_code == 400 and "own seat" in refused.json()["error"]


def test_a_hint_is_the_robots_choice_from_the_seats_own_view_where_no_person_opposes(
    client: TestClient,
) -> None:
    table = create(client, {"S": "Ann"}, seed=5)
    v = view(client, table, "S")
    assert v["you_act"] and v["hints"] and v.get("legal_calls")
    r = client.get(f"/api/tables/{table['id']}/hint", params={"token": table["tokens"]["S"]})
    assert r.status_code == 200, r.text
    action = r.json()["action"]
    assert action["call"] in v["legal_calls"]
    assert view(client, table, "S")["version"] == v["version"]  # a hint changes nothing
    # against a person no hint is given (help from outside the table), nor to a spectator
    opposed = create(client, {"S": "Ann", "W": "Wes"}, seed=5)
    assert view(client, opposed, "S")["hints"] is False
    r = client.get(f"/api/tables/{opposed['id']}/hint", params={"token": opposed["tokens"]["S"]})
    assert r.status_code == 403 and "opponent" in r.json()["error"]
    r = client.get(f"/api/tables/{table['id']}/hint")
    assert r.status_code == 403


def test_no_hint_out_of_turn(client: TestClient) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"}, seed=2)  # North deals and must call
    r = client.get(f"/api/tables/{table['id']}/hint", params={"token": table["tokens"]["S"]})
    assert r.status_code == 409 and "your turn" in r.json()["error"]


def test_a_robot_alerts_and_announces_by_its_systems_home_rules() -> None:
    from contractbridge.core import Call, SeatView
    from contractbridge.core.auction import Auction

    best = robot_player("best", 0.1)
    deal = dealt_log(DEAL)[1].deal()  # type: ignore[attr-defined]
    auction = Auction(Seat.N, ["1NT", "Pass"])
    view = SeatView.of(Seat.S, deal, auction, None)
    # SAYC at home (the ACBL): Stayman is artificial but not alerted, the puppet 2S is
    assert not best.alerts(view, Call.parse("2C"))
    assert best.alerts(view, Call.parse("2S"))
    assert not best.alerts(view, Call.parse("3NT"))  # natural
    assert best.announcement(view, Call.parse("2D")) == "hearts"
    assert best.announcement(view, Call.parse("3NT")) is None
