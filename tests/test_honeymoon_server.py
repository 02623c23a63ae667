"""Honeymoon bridge in the browser: the API behind ``/honeymoon`` (server/honeymoon/):
every move stored and replayed, and the robot's hand (and the stock) in no message."""

from __future__ import annotations

import contextlib
import json
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from contractbridge.core.card import Card
from contractbridge.core.honeymoon import PLAYERS
from contractbridge.game.honeymoon import HoneymoonMatch
from contractbridge.server import bus
from contractbridge.server.app import create_app
from serverapi import Served

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", robots="basic")) as c:
        yield c


def answer_for(state: dict[str, Any]) -> dict[str, Any]:
    """A legal answer: the first legal card; in the auction 1NT if it may, else pass."""
    if state["phase"] == "auction":
        return {"call": "1NT" if "1NT" in state["legal_calls"] else "Pass"}
    return {"card": state["legal"][0]}


def shadow(game: str, client: TestClient) -> HoneymoonMatch:
    """The match as the server holds it (to know what must stay hidden)."""
    return client.app.state.honeymoons.games[game].game  # type: ignore[attr-defined,no-any-return]


def hidden_now(match: HoneymoonMatch) -> set[str]:
    """What South may not see now: the robot's cards in hand and the stock."""
    deal = match.current
    return {str(c) for c in deal.hands[PLAYERS[1]]} | {str(c) for c in deal.stock}


def cards_in(value: Any) -> set[str]:
    """Every card name anywhere in a JSON value."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, str):
        with contextlib.suppress(ValueError):  # not a card's name
            found.add(str(Card.parse(value)))
    return found


def test_the_page_is_served(client: TestClient) -> None:
    r = client.get("/honeymoon")
    assert r.status_code == 200 and "honeymoon.js" in r.text


def test_a_deal_is_played_through_and_the_robots_hand_is_in_no_message(
    client: TestClient,
) -> None:
    r = client.post("/api/honeymoon", json={"seed": 3})
    assert r.status_code == 201, r.text
    state = r.json()
    game = state["id"]
    seen_phases = set()
    for _ in range(200):
        if state["over"] or state["finished"]:
            break
        assert state["mine"]
        seen_phases.add(state["phase"])
        match = shadow(game, client)
        current = {k: v for k, v in state.items() if k not in ("finished", "sheet")}
        # the robot's hand and the stock appear nowhere in what the player is sent
        assert cards_in(current).isdisjoint(hidden_now(match))
        assert len(state["hand"]) == len(match.current.hands[PLAYERS[0]])
        r = client.post(f"/api/honeymoon/{game}", json=answer_for(state))
        assert r.status_code == 200, r.text
        state = r.json()
    assert {"draw", "auction", "play"} <= seen_phases
    first = state["finished"][0]
    # a finished deal shows both hands (every card was played face up) and its score
    assert set(first["hands"]) == {"S", "W"} and len(first["hands"]["W"]) == 13
    assert first["contract"] is not None and 0 <= first["tricks"] <= 13
    scored = sum(first["below"].values()) + sum(p["points"] for p in first["premiums"])
    if not state["over"]:
        assert state["totals"]["S"] + state["totals"]["W"] == scored


def test_wrong_answers_are_refused_with_their_reason(client: TestClient) -> None:
    state = client.post("/api/honeymoon", json={"seed": 3}).json()
    game = state["id"]
    assert state["phase"] == "draw"
    not_mine = next(c for c in ("SA", "HA", "DA", "CA", "SK") if c not in state["hand"])
    r = client.post(f"/api/honeymoon/{game}", json={"card": not_mine})
    assert r.status_code == 400 and "does not hold" in r.json()["error"]
    r = client.post(f"/api/honeymoon/{game}", json={"call": "1NT"})
    assert r.status_code == 400 and "no call now" in r.json()["error"]
    r = client.post(f"/api/honeymoon/{game}", json={})
    assert r.status_code == 400
    assert client.get("/api/honeymoon/nosuchgame").status_code == 404


def play(
    post: Callable[[str, dict[str, Any]], Any], get: Callable[[str], Any], game: str, moves: int
) -> dict[str, Any]:
    state: dict[str, Any] = get(game)
    for _ in range(moves):
        r = post(game, answer_for(state))
        assert r.status_code == 200, r.text
        state = r.json()
    return state


def test_a_match_is_read_back_from_its_log_move_for_move(client: TestClient) -> None:
    """Every move is stored: a match dropped from memory comes back exactly as it was."""
    game = client.post("/api/honeymoon", json={"seed": 5}).json()["id"]
    state = play(
        lambda g, body: client.post(f"/api/honeymoon/{g}", json=body),
        lambda g: client.get(f"/api/honeymoon/{g}").json(),
        game,
        20,
    )
    room = client.app.state.honeymoons  # type: ignore[attr-defined]
    room.games.clear()  # as after a restart: nothing of it left in memory
    assert client.get(f"/api/honeymoon/{game}").json() == state
    # another process storing a move makes this one read the log again
    room.heard(bus.HoneymoonStored(game, 10_000))
    assert game not in room.games


def test_a_body_of_the_wrong_shape_is_a_400_and_changes_nothing(client: TestClient) -> None:
    for body, reason in (
        ({"rubbers": 0}, "rubbers: is too small"),
        ({"rubbers": 11}, "rubbers: is too large"),
        ({"seed": [1]}, "seed: is a whole number"),
    ):
        r = client.post("/api/honeymoon", json=body)
        assert r.status_code == 400 and reason in r.json()["error"], r.text
    game = client.post("/api/honeymoon", json={"seed": 1}).json()["id"]
    before = client.get(f"/api/honeymoon/{game}").json()
    for body in ({"card": 5}, {"card": "banana"}, {"call": [1]}, {"call": "8NT"}, {"stop": "x"}):
        r = client.post(f"/api/honeymoon/{game}", json=body)
        assert r.status_code == 400 and "error" in r.json(), (body, r.text)
    assert client.get(f"/api/honeymoon/{game}").json() == before


def test_new_matches_are_limited_per_client() -> None:
    with TestClient(create_app("sqlite://", robots="basic", games_per_hour=2)) as api:
        codes = [api.post("/api/honeymoon", json={"seed": 1}).status_code for _ in range(3)]
        assert codes == [201, 201, 429]


def test_stopping_scores_the_unfinished_rubber(client: TestClient) -> None:
    game = client.post("/api/honeymoon", json={"seed": 3}).json()["id"]
    r = client.post(f"/api/honeymoon/{game}", json={"stop": True})
    assert r.status_code == 200 and r.json()["over"]
    r = client.post(f"/api/honeymoon/{game}", json={"card": "SA"})
    assert r.status_code == 409


def test_the_bus_carries_a_honeymoon_match_stored() -> None:
    assert bus.decode(bus.encode(bus.HoneymoonStored("ab", 3))) == bus.HoneymoonStored("ab", 3)


@pytest.mark.slow
def test_a_match_survives_a_killed_server_and_its_robot_thinks_in_the_workers(
    tmp_path: Path,
) -> None:
    import httpx

    with Served(str(tmp_path / "hm.db"), "--robots", "basic", "--workers", "1") as server:
        base = server.base + "/api/honeymoon"
        r = httpx.post(base, json={"seed": 7}, timeout=120)
        assert r.status_code == 201, r.text
        game = r.json()["id"]
        state = play(
            lambda g, body: httpx.post(f"{base}/{g}", json=body, timeout=120),
            lambda g: httpx.get(f"{base}/{g}", timeout=120).json(),
            game,
            8,
        )
        robots = httpx.get(server.base + "/readyz").json()["robots"]
        assert robots["tasks"] > 0 and robots["pids"]  # decided by the worker process
        server.restart(kill=True)  # SIGKILL: nothing is flushed on the way out
        again = httpx.get(f"{base}/{game}", timeout=120)
        assert again.status_code == 200 and again.json() == state


# -- the page in six languages --------------------------------------------------------------
SERVER = Path(__file__).parents[1] / "src/contractbridge/server"
CATALOGUES = {p.stem: json.loads(p.read_text("utf-8")) for p in (SERVER / "i18n").glob("*.json")}


def page_keys() -> set[str]:
    """The keys the page names: its data-i18n attributes and its script's key strings."""
    page = (SERVER / "static/honeymoon.html").read_text("utf-8")
    script = (SERVER / "static/honeymoon.js").read_text("utf-8")
    in_page = set(re.findall(r'data-i18n(?:-placeholder)?="([\w.]+)"', page))
    in_script = set(re.findall(r'"((?:hm|ui)\.[\w.]+)"', script))
    reasons = {"overtricks", "undertricks", "insult", "slam", "honours", "rubber"}
    reasons |= {"unfinished_game", "unfinished_partscore"}  # the sheet's premiums' reasons
    return in_page | in_script | {f"hm.reason.{r}" for r in reasons}


@pytest.mark.parametrize("lang", ["en", "sk", "hu", "pl", "pt", "de"])
def test_every_text_of_the_page_is_in_every_catalogue_with_its_placeholders(lang: str) -> None:
    catalogue, english = CATALOGUES[lang], CATALOGUES["en"]
    keys = page_keys()
    assert {"hm.title", "hm.your_turn", "hm.deal_title", "ui.language"} <= keys
    assert sorted(k for k in keys if k not in catalogue) == []
    assert {k for k in catalogue if k.startswith("hm.")} == {
        k for k in english if k.startswith("hm.")
    }
    for key in (k for k in catalogue if k.startswith("hm.")):
        wanted = sorted(re.findall(r"\{\w+\}", english[key]))
        assert sorted(re.findall(r"\{\w+\}", catalogue[key])) == wanted, (lang, key)
