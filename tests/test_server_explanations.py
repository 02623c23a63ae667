"""The web table: a person explains one of their own calls after making it (Laws 20F, 40B)."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

import serverapi
from contractbridge.server.app import create_app
from serverapi import client, create, view

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

__all__ = ["client"]  # the fixture, used by name


def act(client: TestClient, table: dict[str, Any], seat: str, action: Any) -> Any:
    """``action`` by ``seat`` at the table's current version."""
    return serverapi.act(client, table, seat, view(client, table, seat)["version"], action)


def stayman_table(client: TestClient) -> dict[str, Any]:
    """North deals (board 1): 1NT by North, East passes, 2C by South; West is a robot."""
    table = create(client, {"N": "Bob", "E": "Eve", "S": "Ann"}, seed=2)
    for seat, call in (("N", "1NT"), ("E", "Pass"), ("S", "2C")):
        assert act(client, table, seat, {"call": call}).status_code == 200
    return table


def test_a_person_explains_their_call_afterwards_and_partner_is_not_told(
    client: TestClient,
) -> None:
    table = stayman_table(client)
    token = table["tokens"]["E"]
    with client.websocket_connect(f"/ws/{table['id']}?token={token}") as ws:
        assert json.loads(ws.receive_text())["type"] == "update"
        r = act(client, table, "S", {"explain": 2, "explanation": "Stayman", "alert": True})
        assert r.status_code == 200, r.text
        update = json.loads(ws.receive_text())
    (event,) = update["events"]
    assert event["type"] == "call_explained"
    assert (event["seat"], event["index"], event["explanation"]) == ("S", 2, "Stayman")
    assert update["view"]["board"]["calls"][2]["explanation"] == "Stayman"
    for seat in ("E", "S"):
        call = view(client, table, seat)["board"]["calls"][2]
        assert (call["explanation"], call["alert"]) == ("Stayman", True)
    # partner is not told, nor a spectator while people play (the plain link is anyone's)
    for seat in ("N", None):
        call = view(client, table, seat)["board"]["calls"][2]
        assert (call["explanation"], call["alert"]) == (None, False)


def test_an_explanation_is_corrected_without_touching_the_alert(client: TestClient) -> None:
    table = stayman_table(client)
    act(client, table, "S", {"explain": 2, "explanation": "Stayman", "alert": True})
    assert act(client, table, "S", {"explain": 2, "explanation": "asks for a major"}).status_code
    call = view(client, table, "E")["board"]["calls"][2]
    assert (call["explanation"], call["alert"]) == ("asks for a major", True)


@pytest.mark.parametrize(
    ("seat", "action", "status", "reason"),
    [
        ("S", {"explain": 0, "explanation": "15-17"}, 403, "North's"),
        ("N", {"explain": 9, "explanation": "15-17"}, 400, "no call number 10"),
        ("N", {"explain": "first", "explanation": "15-17"}, 400, "place in the auction"),
        ("N", {"explain": 0, "explanation": 17}, 400, "an explanation is text"),
        ("N", {"explain": 0, "explanation": "x" * 201}, 400, "at most 200 characters"),
        ("N", {"explain": 0, "explanation": "15-17", "alert": "yes"}, 400, "true or false"),
    ],
)
def test_a_refused_explanation_is_4xx_with_the_reason_and_changes_nothing(
    client: TestClient, seat: str, action: dict[str, Any], status: int, reason: str
) -> None:
    table = stayman_table(client)
    before = view(client, table, "E")
    r = act(client, table, seat, action)
    assert r.status_code == status
    assert reason in r.json()["error"]
    assert view(client, table, "E") == before


def test_an_explanation_sent_at_an_old_version_is_taken(client: TestClient) -> None:
    """Explaining is no move in the game: the table moving on (a robot calling) meanwhile
    does not refuse it."""
    table = stayman_table(client)
    old = view(client, table, "S")["version"] - 1
    action = {"explain": 2, "explanation": "Stayman", "alert": True}
    r = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"token": table["tokens"]["S"], "version": old, "action": action},
    )
    assert r.status_code == 200, r.text
    assert view(client, table, "E")["board"]["calls"][2]["explanation"] == "Stayman"


def test_an_explanation_survives_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, robots="basic")) as first:
        table = stayman_table(first)
        act(first, table, "S", {"explain": 2, "explanation": "Stayman"})
        before = {s: view(first, table, s) for s in ("N", "E", "S")}
    with TestClient(create_app(db, robots="basic")) as second:
        assert {s: view(second, table, s) for s in ("N", "E", "S")} == before
    assert before["E"]["board"]["calls"][2]["explanation"] == "Stayman"
