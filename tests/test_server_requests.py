"""Request bodies that do not fit: each is a 400 naming the field and what it must be (issue
43's probe found these answered 500, or taken: a Minibridge game of 10^300 deals)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contractbridge.server.web.requests import _REASONS
from serverapi import client, enter, token
from test_server_events import new_event, table_token

__all__ = ["client"]  # the fixture, used by name

I18N = Path(__file__).parent.parent / "src" / "contractbridge" / "server" / "i18n"
DEEP = ("[" * 5000 + "]" * 5000).encode()


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        ("/api/director", {"kind": "insufficient-bid", "auction": 5}, "auction: is text"),
        ("/api/director", {"kind": "insufficient-bid", "dealer": 5}, "dealer: is text"),
        (
            "/api/director",
            {"kind": "insufficient-bid", "auction": ["1C", "ZZ"]},
            "auction: is text",
        ),
        ("/api/director", {"kind": "revoke", "text": 5}, "text: is text"),
        ("/api/director", {"kind": "revoke", "led": "yes"}, "led: is true or false"),
        ("/api/director", {"kind": "insufficient-bid", "auction": "1C ZZ"}, "ZZ"),
        (
            "/api/director",
            {"kind": "insufficient-bid", "auction": "1C P 1D", "seat": "Q", "call": "1C"},
            "not a seat",
        ),
        ("/api/minibridge", {"deals": None}, "deals: is a whole number"),
        ("/api/minibridge", {"seed": [1]}, "seed: is a whole number"),
        ("/api/minibridge", {"deals": 1_000_000_000_000}, "deals: is too large"),
        ("/api/minibridge", {"deals": 1e300}, "deals: is a whole number"),
        ("/api/minibridge", {"deals": 0}, "deals: is too small"),
        ("/api/events", {"tables": 30, "movement": "howell"}, "at most 10 tables"),
        ("/api/events", {"tables": 2, "absent": [1, 2, 3, 4]}, "at least two pairs"),
    ],
)
def test_a_body_that_does_not_fit_is_a_400_that_says_why(
    client: Any, path: str, body: dict[str, Any], words: str
) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 400, r.text
    assert words in r.json()["error"]


@pytest.mark.parametrize("path", ["/api/tables", "/api/director", "/api/minibridge", "/api/events"])
def test_json_nested_past_reach_is_a_400(client: Any, path: str) -> None:
    r = client.post(path, content=DEEP, headers={"content-type": "application/json"})
    assert r.status_code == 400 and "nested too deep" in r.json()["error"]


def test_a_minibridge_answer_of_the_wrong_type_is_a_400_and_changes_nothing(client: Any) -> None:
    game = client.post("/api/minibridge", json={"seed": 1}).json()
    path = f"/api/minibridge/{game['id']}"
    before = client.get(path).json()
    for body in (
        {"announce": None},
        {"announce": [1]},
        {"announce": "7"},
        {"bid": 5},
        {"bid": [1]},
        {"bid": {"a": 1}},
        {"card": 5},
        {"open": "yes"},
    ):
        r = client.post(path, json=body)
        assert r.status_code in (400, 409), (body, r.text)
        assert "error" in r.json()
    r = client.post(path, content=DEEP, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert client.get(path).json() == before


def test_an_event_entry_with_a_board_of_strange_digits_is_a_400(client: Any) -> None:
    ev = new_event(client)
    for board in ("+-1", "²", "١", "9" * 20):
        r = enter(client, ev, table_token(ev, 1), board=board, round=1, table=1, contract="Pass")
        assert r.status_code == 400 and "board is a whole number" in r.json()["error"], board
    assert token(ev["tables"]["1"])  # the event is still there and whole


def test_every_reason_a_field_is_refused_for_is_translated() -> None:
    for lang in ("de", "hu", "pl", "pt", "sk"):
        catalogue = json.loads((I18N / f"{lang}.json").read_text("utf-8"))
        missing = [r for r in {*_REASONS.values(), "is not valid"} if f"msg.{r}" not in catalogue]
        assert missing == [], lang


def test_events_and_minibridge_games_are_limited_per_client() -> None:
    """Issue 43: 300 events from one client were all taken (+217 MB), and 200 anonymous
    Minibridge games in 3.7 s pushed every learner's game out of memory."""
    import warnings

    from contractbridge.server.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from fastapi.testclient import TestClient

    app = create_app("sqlite://", robots="basic", events_per_hour=2, games_per_hour=2)
    with TestClient(app) as api:
        body = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
        codes = [api.post("/api/events", json=body).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
        assert "too many new events" in api.post("/api/events", json=body).json()["error"]
        codes = [api.post("/api/minibridge", json={"seed": 1}).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
