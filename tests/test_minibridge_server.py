"""Minibridge in the browser: the API behind ``/minibridge`` (server/minibridge/)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from contractbridge.robots.minibridge import MinibridgeRobot
from contractbridge.server.app import create_app
from serverapi import Served

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient


def quick_robot(seed: int = 0) -> MinibridgeRobot:
    return MinibridgeRobot(seed=seed, samples=3, max_seconds=None, budget=0.02)


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr("contractbridge.server.robots.pool.MinibridgeRobot", quick_robot)
    with TestClient(create_app("sqlite://", robots="basic")) as c:
        yield c


def answer_for(state: dict[str, Any]) -> dict[str, Any]:
    """A legal answer for the learner: the true count, open, partscore NT, 1NT, a card."""
    phase = state["phase"]
    if phase == "announce":
        return {
            "announce": sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c[1], 0) for c in state["hand"])
        }
    if phase == "open":
        return {"open": True}
    if phase == "declare":
        return {"declare": "1NT"}
    if phase == "bid":
        return {"bid": "7NT"} if state["actions"][-1]["kind"] == "open" else {"bid": None}
    return {"card": state["legal"][0]}


def test_the_page_is_served(client: TestClient) -> None:
    r = client.get("/minibridge")
    assert r.status_code == 200 and "minibridge.js" in r.text


@pytest.mark.slow
@pytest.mark.parametrize("form", ["points", "slips"])
def test_a_learner_plays_a_deal_to_the_end_in_the_browser(client: TestClient, form: str) -> None:
    r = client.post("/api/minibridge", json={"form": form, "seat": "S", "seed": 3, "deals": 1})
    assert r.status_code == 201, r.text
    state = r.json()
    game = state["id"]
    for _ in range(60):
        if state["over"]:
            break
        assert state["mine"]
        # the learner sees its own hand, never another hidden one
        assert "hands" not in state and len(state["hand"]) <= 13
        r = client.post(f"/api/minibridge/{game}", json=answer_for(state))
        assert r.status_code == 200, r.text
        state = r.json()
    assert state["over"] and len(state["finished"]) >= 1
    last = state["finished"][-1]
    assert last["contract"] is not None and last["tricks"] is not None
    # how it ended: the thirteenth trick whole, won by someone, and every card in the log
    assert len(last["last_trick"]["cards"]) == 4 and last["last_trick"]["winner"] in "NESW"
    cards = [a["card"] for a in last["actions"] if a["kind"] == "card"]
    assert len(cards) == 52 and cards[-4:] == [c for _, c in last["last_trick"]["cards"]]
    assert state["totals"]["NS"] + state["totals"]["EW"] == last["ns"] + last["ew"]


def test_a_wrong_answer_is_refused_with_its_reason(client: TestClient) -> None:
    state = client.post("/api/minibridge", json={"seat": "E", "seed": 3, "deals": 1}).json()
    assert state["phase"] == "announce" and state["mine"]
    r = client.post(f"/api/minibridge/{state['id']}", json={"announce": 40})
    assert r.status_code == 400 and "East holds" in r.json()["error"]
    r = client.post(f"/api/minibridge/{state['id']}", json={"card": "SA"})
    assert r.status_code == 400 and "not the time to play a card" in r.json()["error"]
    assert client.get("/api/minibridge/nope").status_code == 404


def play_until_cards(base_post: Any, base_get: Any, game: str, cards: int) -> dict[str, Any]:
    """The learner answers (through ``base_post``) until ``cards`` cards have been played."""
    state: dict[str, Any] = base_get(game)
    for _ in range(80):
        if state["over"] or state.get("played", 0) >= cards:
            return state
        r = base_post(game, answer_for(state))
        assert r.status_code == 200, r.text
        state = r.json()
    raise AssertionError("the game did not reach the play")


def test_a_game_is_read_back_from_its_log_move_for_move(client: TestClient) -> None:
    """Every move is stored: a game dropped from memory comes back exactly as it was."""
    created = client.post("/api/minibridge", json={"seat": "W", "seed": 5, "deals": 2}).json()
    game = created["id"]
    state = play_until_cards(
        lambda g, body: client.post(f"/api/minibridge/{g}", json=body),
        lambda g: client.get(f"/api/minibridge/{g}").json(),
        game,
        6,
    )
    room = client.app.state.games  # type: ignore[attr-defined]
    room.games.clear()  # as after a restart: nothing of it left in memory
    assert client.get(f"/api/minibridge/{game}").json() == state


@pytest.mark.slow
def test_a_game_survives_a_killed_server_and_its_robots_think_in_the_workers(
    tmp_path: Path,
) -> None:
    import httpx

    with Served(str(tmp_path / "mini.db"), "--robots", "basic", "--workers", "1") as server:
        base = server.base + "/api/minibridge"
        r = httpx.post(base, json={"seat": "S", "seed": 7, "deals": 1}, timeout=120)
        assert r.status_code == 201, r.text
        game = r.json()["id"]
        state = play_until_cards(
            lambda g, body: httpx.post(f"{base}/{g}", json=body, timeout=120),
            lambda g: httpx.get(f"{base}/{g}", timeout=120).json(),
            game,
            5,
        )
        robots = httpx.get(server.base + "/readyz").json()["robots"]
        assert robots["tasks"] > 0 and robots["pids"]  # decided by the worker process
        server.restart(kill=True)  # SIGKILL: nothing is flushed on the way out
        again = httpx.get(f"{base}/{game}", timeout=120)
        assert again.status_code == 200 and again.json() == state


def test_the_hand_a_card_comes_from_is_named_for_north_too(client: TestClient) -> None:
    """North is seat 0: its hand must still be named when a card is to come from it."""
    for seed in range(1, 8):
        state = client.post("/api/minibridge", json={"seat": "N", "seed": seed, "deals": 1}).json()
        game = state["id"]
        while not state["over"]:
            if state["phase"] == "play" and state["mine"]:
                assert state["card_hand"] in ("N", "S")  # its own cards, or dummy's as declarer
                return
            state = client.post(f"/api/minibridge/{game}", json=answer_for(state)).json()
    raise AssertionError("North never came to play a card")
