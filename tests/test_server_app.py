"""The web table's API: seats and tokens, hidden cards, versions, errors, robots, downloads."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from contractbridge.core import SEATS, Card, Deal, Seat
from contractbridge.server.app import create_app
from gametable import ONE_SUIT_EACH, dealt_log
from serverapi import act, client, create, view

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

__all__ = ["client"]  # the fixture, used by name


def simple_action(v: dict[str, Any]) -> dict[str, Any]:
    """A legal action for whoever this view belongs to: open 1NT if possible, else pass;
    play the first legal card."""
    if v.get("legal_calls"):
        bids = [c["call"] for c in v["board"]["calls"] if c["call"] != "Pass"]
        if not bids and "1NT" in v["legal_calls"]:
            return {"call": "1NT"}
        return {"call": "Pass"}
    assert v.get("legal_cards"), "nothing to do"
    return {"card": v["legal_cards"][0]}


def finished(v: dict[str, Any]) -> int:
    """How many deals are over (the next one is dealt at once)."""
    return len(v["sheet"]["rows"])


def last_finished(v: dict[str, Any]) -> dict[str, Any]:
    return dict(v["board"] if v["board"]["over"] else v["history"][-1])


def test_creating_a_table_gives_a_secret_link_per_human_seat_and_none_to_robots(
    client: TestClient,
) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"})
    assert set(table["links"]) == {"N", "S"}
    assert table["tokens"]["N"] != table["tokens"]["S"]
    assert table["tokens"]["S"] in table["links"]["S"]
    v = view(client, table, "S")
    assert v["names"]["S"] == "Ann" and v["robots"] == ["E", "W"]
    assert "token" not in json.dumps(v)


def test_a_seat_sees_its_own_hand_only_and_a_spectator_none(client: TestClient) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"}, seed=11)
    south = view(client, table, "S")
    assert len(south["hands"]["S"]) == 13
    assert south["hands"]["N"] is None and south["hands"]["E"] is None
    spectator = view(client, table, None)
    assert all(h is None for h in spectator["hands"].values())
    assert spectator["seat"] is None


def test_wrong_token_is_refused(client: TestClient) -> None:
    table = create(client, {"S": "Ann"})
    r = client.get(f"/api/tables/{table['id']}", params={"token": "nope"})
    assert r.status_code == 403
    r = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"token": "nope", "version": 1, "action": {"call": "Pass"}},
    )
    assert r.status_code == 403


def test_unknown_table_is_404(client: TestClient) -> None:
    assert client.get("/api/tables/nothere").status_code == 404


def test_a_token_acts_only_for_its_seat(client: TestClient) -> None:
    table = create(client, {"N": "Bob", "S": "Ann"}, seed=2)  # board 1: North deals
    v = view(client, table, "S")
    r = act(client, table, "S", v["version"], {"call": "1C"})
    assert r.status_code == 409
    assert "North's turn" in r.json()["error"]
    assert view(client, table, "S")["version"] == v["version"]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"call": "8NT"}, "not a call"),
        ({"call": "X"}, "no bid to double"),
        ({"call": 3}, "a call is written"),
        ({"card": "SA"}, "no card can be played"),
        ({"dance": True}, "unknown action"),
        ("Pass", "action: is an object"),  # the body's model (issue 43)
        ({"claim": 3}, "during the play"),
        ({"accept_claim": True}, "no claim"),
    ],
)
def test_illegal_or_malformed_actions_are_4xx_with_a_reason_and_change_nothing(
    client: TestClient, action: Any, reason: str
) -> None:
    table = create(client, {"N": "Bob", "S": "Ann"}, seed=2)
    before = view(client, table, "N")
    r = act(client, table, "N", before["version"], action)
    assert 400 <= r.status_code < 500
    assert reason in r.json()["error"]
    assert view(client, table, "N") == before


@pytest.mark.parametrize(
    "body",
    [b"not json", b"[1, 2]", b'{"version": "x", "action": {"call": "Pass"}}', b"{}"],
)
def test_malformed_requests_are_4xx_never_500(client: TestClient, body: bytes) -> None:
    table = create(client, {"N": "Bob"}, seed=2)
    r = client.post(
        f"/api/tables/{table['id']}/actions",
        content=body.replace(b"{}", json.dumps({"token": table["tokens"]["N"]}).encode()),
        headers={"content-type": "application/json"},
    )
    assert 400 <= r.status_code < 500, r.text


@pytest.mark.parametrize(
    "body",
    [{"kind": "poker"}, {"seats": []}, {"seats": {"N": 3}}, {"boards": -1}, {"seed": "x"}],
)
def test_bad_table_settings_are_refused(client: TestClient, body: dict[str, Any]) -> None:
    assert client.post("/api/tables", json=body).status_code == 400


def test_an_action_on_an_old_version_is_refused_so_a_double_click_plays_one_card(
    client: TestClient,
) -> None:
    table = create(client, {"N": "Bob", "S": "Ann"}, seed=2)
    v = view(client, table, "N")
    first = act(client, table, "N", v["version"], {"call": "1C"})
    second = act(client, table, "N", v["version"], {"call": "1C"})
    assert first.status_code == 200
    assert second.status_code == 409
    assert "moved on" in second.json()["error"]
    calls = [c["call"] for c in view(client, table, "N")["board"]["calls"]]
    assert calls.count("1C") == 1


def test_an_action_without_a_version_is_refused(client: TestClient) -> None:
    table = create(client, {"N": "Bob"}, seed=2)
    r = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"token": table["tokens"]["N"], "action": {"call": "Pass"}},
    )
    assert r.status_code == 400


def play_out(client: TestClient, table: dict[str, Any], seat: str, deals: int) -> dict[str, Any]:
    """Play ``deals`` deals as ``seat`` against robots; returns the last view."""
    for _ in range(60 * deals):
        v = view(client, table, seat)
        if finished(v) >= deals:
            return v
        r = act(client, table, seat, v["version"], simple_action(v))
        assert r.status_code == 200, r.text
    raise AssertionError("the deals did not finish")


def test_a_whole_deal_against_robots_ends_with_a_score_analysis_and_the_full_deal(
    client: TestClient,
) -> None:
    table = create(client, {"S": "Ann"}, seed=5)
    v = play_out(client, table, "S", 1)
    board = last_finished(v)
    assert board["over"] and board["number"] == 1
    assert all(len(h) for h in board["deal"].values())
    assert v["sheet"]["rows"][0]["number"] == 1
    assert isinstance(board["score_ns"], int)
    if not board["passed_out"]:
        assert board["won"]["NS"] + board["won"]["EW"] == 13
    analysis = board["analysis"]
    assert set(analysis["dd"]) == {"C", "D", "H", "S", "NT"}
    assert all(0 <= analysis["dd"][s][p] <= 13 for s in analysis["dd"] for p in "NESW")


def test_finished_boards_download_as_pbn_and_lin(client: TestClient) -> None:
    table = create(client, {"S": "Ann"}, seed=5)
    v = play_out(client, table, "S", 1)
    pbn = client.get(f"/api/tables/{table['id']}/boards/1.pbn")
    assert pbn.status_code == 200
    assert '[Board "1"]' in pbn.text and "[Deal " in pbn.text
    assert '[Scoring "IMP"]' in pbn.text  # a practice board is compared with par in IMPs
    dealt = next(line for line in pbn.text.splitlines() if line.startswith("[Deal "))
    assert Deal.from_pbn(dealt[7:-2]) == Deal.from_pbn(last_finished(v)["pbn"])
    lin = client.get(f"/api/tables/{table['id']}/boards/1.lin")
    assert lin.status_code == 200 and lin.text.startswith("pn|") and "|md|" in lin.text
    unplayed = client.get(f"/api/tables/{table['id']}/boards/2.pbn")
    assert unplayed.status_code == 404


def test_a_closed_table_gives_its_files_to_its_players_only(client: TestClient) -> None:
    """Issue 43: its finished boards (names, deal, auction) were served without a token."""
    table = create(client, {"S": "Ann"}, seed=5, spectators=False)
    play_out(client, table, "S", 1)
    for fmt in ("pbn", "lin"):
        path = f"/api/tables/{table['id']}/boards/1.{fmt}"
        r = client.get(path)
        assert r.status_code == 403 and "closed to spectators" in r.json()["error"]
        assert client.get(path, params={"token": table["tokens"]["S"]}).status_code == 200


def test_a_duplicate_sheet_scores_each_board_against_par_in_imps(client: TestClient) -> None:
    import time

    from contractbridge.scoring.imps import imps

    table = create(client, {"S": "Ann"}, seed=5)
    play_out(client, table, "S", 1)
    for _ in range(200):  # the analysis (par) comes from a worker, a moment later
        v = view(client, table, "S")
        row = v["sheet"]["rows"][0]
        if "imps" in row:
            break
        time.sleep(0.1)
    done = last_finished(v)
    if done["passed_out"]:
        pytest.skip("this seed's board was passed out")
    assert row["imps"] == imps(row["ns"] - done["analysis"]["par_score"])
    assert v["sheet"]["imps"] == row["imps"]


def test_undo_against_robots_is_free_and_gives_the_turn_back(client: TestClient) -> None:
    table = create(client, {"S": "Ann"}, seed=5)
    for _ in range(20):
        v = view(client, table, "S")
        if v.get("legal_calls"):
            break
    before = view(client, table, "S")
    r = act(client, table, "S", before["version"], {"call": "1NT"})
    assert r.status_code == 200
    after = view(client, table, "S")
    assert after["board"]["calls"] != before["board"]["calls"]
    r = act(client, table, "S", after["version"], {"undo": True})
    assert r.status_code == 200, r.text
    undone = view(client, table, "S")
    assert undone["board"]["calls"] == before["board"]["calls"]
    assert undone["legal_calls"] == before["legal_calls"]


def test_undo_and_explaining_made_before_the_robots_answered_are_not_refused(
    client: TestClient,
) -> None:
    """The page sends them at the version it saw; robots may have answered meanwhile. Neither
    depends on that moment: an explanation names its call, an undo takes back the asker's own
    last action and the robots' answers to it."""
    table = create(client, {"S": "Ann"}, seed=5)
    before = view(client, table, "S")
    assert before.get("legal_calls")
    r = act(client, table, "S", before["version"], {"call": "1NT"})
    assert r.status_code == 200
    seen = r.json()["version"]  # what the page knew: the robots answered after it
    answered = view(client, table, "S")
    assert answered["version"] > seen and len(answered["board"]["calls"]) > 1 + len(
        before["board"]["calls"]
    )
    mine = len(before["board"]["calls"])
    r = act(client, table, "S", seen, {"explain": mine, "explanation": "15-17", "alert": False})
    assert r.status_code == 200, r.text
    assert view(client, table, "S")["board"]["calls"][mine]["explanation"] == "15-17"
    r = act(client, table, "S", seen, {"undo": True})
    assert r.status_code == 200, r.text
    undone = view(client, table, "S")
    assert undone["board"]["calls"] == before["board"]["calls"]
    assert undone["legal_calls"] == before["legal_calls"]
    # a move in the game made at that old version is still refused
    r = act(client, table, "S", seen, {"call": "Pass"})
    assert r.status_code == 409 and "moved on" in r.json()["error"]


def test_a_double_click_on_undo_undoes_once(client: TestClient) -> None:
    """Issue 43: two undos sent at the same version both took effect (7 times in 10)."""
    table = create(client, {"S": "Ann"}, seed=5)
    v = view(client, table, "S")
    assert act(client, table, "S", v["version"], {"call": "1NT"}).status_code == 200
    first = view(client, table, "S")
    second = {"call": "Pass"} if first.get("legal_calls") else {"card": first["legal_cards"][0]}
    assert act(client, table, "S", first["version"], second).status_code == 200
    seen = view(client, table, "S")
    assert act(client, table, "S", seen["version"], {"undo": True}).status_code == 200
    again = act(client, table, "S", seen["version"], {"undo": True})
    assert again.status_code == 409 and "undone already" in again.json()["error"]
    after = view(client, table, "S")
    assert after["board"]["calls"] == first["board"]["calls"]  # the 1NT stands
    # looked again, the next undo is taken
    assert act(client, table, "S", after["version"], {"undo": True}).status_code == 200
    assert view(client, table, "S")["board"]["calls"] == v["board"]["calls"]


def test_a_call_is_explained_to_the_opponents_but_not_to_partner(client: TestClient) -> None:
    table = create(client, {"N": "Bob", "E": "Eve", "S": "Ann"}, seed=2)  # North deals
    v = view(client, table, "N")
    explained = {"call": "1NT", "alert": True, "explanation": "15-17 balanced"}
    assert act(client, table, "N", v["version"], explained).status_code == 200
    east, south = view(client, table, "E"), view(client, table, "S")
    assert east["board"]["calls"][0]["explanation"] == "15-17 balanced"
    assert east["board"]["calls"][0]["alert"] is True
    assert south["board"]["calls"][0]["explanation"] is None
    assert south["board"]["calls"][0]["alert"] is False
    # nor a spectator while people play: the plain link would tell South (Laws 16, 20F)
    assert view(client, table, None)["board"]["calls"][0]["explanation"] is None


def test_undo_among_humans_needs_the_others_consent(client: TestClient) -> None:
    table = create(client, {"N": "Bob", "S": "Ann"}, seed=2)
    v = view(client, table, "N")
    act(client, table, "N", v["version"], {"call": "1C"})
    v = view(client, table, "N")
    assert act(client, table, "N", v["version"], {"undo": True}).status_code == 200
    asked = view(client, table, "S")
    assert asked["board"]["pending_undo"]["seat"] == "N"
    assert asked["pending"] == ["S"]
    assert asked["board"]["calls"][0]["call"] == "1C"
    assert act(client, table, "S", asked["version"], {"accept_undo": True}).status_code == 200
    done = view(client, table, "N")
    assert done["board"]["calls"] == [] and done["legal_calls"]


def test_a_refused_undo_changes_nothing_in_the_auction(client: TestClient) -> None:
    table = create(client, {"N": "Bob", "S": "Ann"}, seed=2)
    v = view(client, table, "N")
    act(client, table, "N", v["version"], {"call": "1C"})
    v = view(client, table, "N")
    act(client, table, "N", v["version"], {"undo": True})
    asked = view(client, table, "S")
    assert act(client, table, "S", asked["version"], {"accept_undo": False}).status_code == 200
    after = view(client, table, "N")
    assert after["board"]["calls"][0]["call"] == "1C"
    assert "pending_undo" not in after["board"]


def until_play(client: TestClient, table: dict[str, Any], seat: str) -> dict[str, Any]:
    """Bid 1NT (or pass) as ``seat`` until the play starts and it is ``seat``'s card."""
    for _ in range(40):
        v = view(client, table, seat)
        if v.get("legal_cards"):
            return v
        r = act(client, table, seat, v["version"], simple_action(v))
        assert r.status_code == 200, r.text
    raise AssertionError("the play did not start")


def find_declaring_seed(
    client: TestClient, start: int = 0
) -> tuple[dict[str, Any], dict[str, Any]]:
    for seed in range(start, start + 60):
        table = create(client, {"S": "Ann"}, seed=seed)
        try:
            v = until_play(client, table, "S")
        except AssertionError:
            continue
        if v["board"]["contract"]["declarer"] == "S":
            return table, v
    raise AssertionError("no seed where South declares")


def _robot_action(state: Any, seat: Seat, bot: Any) -> dict[str, Any]:
    """What the robot ``bot`` in ``seat`` does now, asked as the server's workers ask it."""
    from contractbridge.server.robots.pool import decide
    from contractbridge.server.tables.hub import robot_task

    task = robot_task(state, seat)
    assert task is not None
    return decide(bot, task)


def robots_accept(state: Any, claimer: Seat, tricks: int) -> bool:
    """Whether every robot that answers the claim agrees, each judging from its own view."""
    from contractbridge.robots import robot_player

    bot = robot_player("basic")
    declarer = state.board.play.declarer
    opponents = [declarer] if claimer.side != declarer.side else [declarer.lho, declarer.rho]
    answering = [s for s in opponents if s in state.robots()]
    return all(bot.accept_claim(state.table.view_for(s), claimer, tricks) for s in answering)


@pytest.mark.slow
def test_robots_answer_a_claim_from_what_their_seat_sees(client: TestClient) -> None:
    outcomes = set()
    for attempt in range(6):
        table, v = find_declaring_seed(client, start=attempt * 7)
        live = client.app.state.hub.tables[table["id"]]  # type: ignore[attr-defined]
        remaining = 13 - len(v["board"]["tricks"])
        won = v["board"]["won"]["NS"]
        agreed = robots_accept(live.state, Seat.S, remaining)
        r = act(client, table, "S", v["version"], {"claim": remaining})
        assert r.status_code == 200
        after = view(client, table, "S")
        if agreed:
            assert finished(after) == finished(v) + 1
            assert last_finished(after)["declarer_tricks"] == won + remaining
        else:
            assert after["board"]["number"] == v["board"]["number"]
            assert "pending_claim" not in after["board"]
        outcomes.add(agreed)
        if outcomes == {True, False}:
            return
    assert False in outcomes  # claiming every trick at trick one is almost never agreed


FINESSE = "N:AQ.AKQJ.KQJ2.AKQ JT98.76.76.87654 432.5432.A543.32 K765.T98.T98.JT9"


@pytest.mark.parametrize("king", ["W", "E"])
def test_a_robot_defender_judges_a_claim_with_the_claimers_hand_faced(king: str) -> None:
    """7NT by North needs the spade finesse. North claims all 13 tricks and faces its hand
    (Law 68C): East and West then see three hands, so each agrees when the ♠K lies with
    West (the finesse works) and objects when it lies with East."""
    from contractbridge.analysis import dd_cards
    from contractbridge.robots import robot_player

    text = FINESSE if king == "W" else FINESSE.replace("JT98.", "KT98.").replace("K765", "J765")
    state = state_of(text, "7NT")
    state.act(Seat.E, {"card": "C8"})
    sound = max(dd_cards(state.board.play).values()) == 13
    assert sound == (king == "W")
    state.act(Seat.N, {"claim": 13})
    best = robot_player("best", 0.2)
    for seat in (Seat.E, Seat.W):
        assert _robot_action(state, seat, best) == {"accept_claim": sound}
        assert len(state.table.view_for(seat).visible_hand(Seat.N) or ()) == 13


def test_declarers_concession_ends_the_play_without_asking(client: TestClient) -> None:
    table, v = find_declaring_seed(client)
    r = act(client, table, "S", v["version"], {"concede": True})
    assert r.status_code == 200
    done = last_finished(view(client, table, "S"))
    assert done["number"] == v["board"]["number"]
    assert done["declarer_tricks"] == v["board"]["won"]["NS"]


def state_of(pbn: str, contract_call: str) -> Any:
    """A server table where North and South are people, dealt ``pbn`` with North dealing:
    North opens ``contract_call`` and everyone passes."""
    from contractbridge.server.tables.settings import TableSettings
    from contractbridge.server.tables.table import ServerTable

    seats = {"N": {"robot": False}, "S": {"robot": False}}
    log = [e.to_dict() for e in dealt_log(pbn)]
    state = ServerTable.replay(TableSettings.from_json({"kind": "duplicate", "seats": seats}), log)
    for call in (contract_call, "Pass", "Pass", "Pass"):
        state.act(state.board.auction.turn, {"call": call})
    return state


def one_suit_each_state(contract_call: str) -> Any:
    """North holds all the diamonds, East the spades, South the hearts, West the clubs."""
    return state_of(ONE_SUIT_EACH, contract_call)


def test_a_robot_declarer_claims_the_rest_once_it_is_certain() -> None:
    from contractbridge.robots import robot_player

    state = one_suit_each_state("7D")  # North: every diamond
    best = robot_player("best", 0.2)
    state.act(Seat.E, {"card": "SA"})
    first = _robot_action(state, Seat.N, best)
    assert first.keys() == {"card"}  # dummy's card, in the middle of a trick: no claim
    state.act(Seat.N, first)
    state.act(Seat.W, {"card": "C2"})
    state.act(Seat.N, _robot_action(state, Seat.N, best))  # ruffs
    assert _robot_action(state, Seat.N, best) == {"claim": 12}  # on lead with only trumps
    assert _robot_action(state, Seat.N, robot_player("basic")).keys() == {"card"}


def test_dummy_may_not_play_or_claim() -> None:
    from contractbridge.server.web.errors import ActionError

    state = one_suit_each_state("1D")
    state.act(Seat.E, {"card": "SA"})
    for action in ({"card": "H2"}, {"claim": 1}):
        with pytest.raises(ActionError) as caught:
            state.act(Seat.S, action)
        assert caught.value.status == 403
        assert "dummy" in caught.value.reason
    assert state.act(Seat.N, {"card": "H2"})  # declarer plays dummy's card


def ws_messages(
    client: TestClient, table: dict[str, Any], seat: str, deals: int
) -> list[dict[str, Any]]:
    """Play ``deals`` deals over the WebSocket as ``seat``; every message received."""
    received: list[dict[str, Any]] = []
    token = table["tokens"][seat]
    with client.websocket_connect(f"/ws/{table['id']}?token={token}") as ws:
        ref = 0
        acted_at = -1  # one action per state: a repeated view (the analysis) is not a new turn
        for _ in range(2000):
            message = json.loads(ws.receive_text())
            received.append(message)
            assert message["type"] != "error", message
            if message["type"] != "update":
                continue
            v = message["view"]
            if finished(v) >= deals:
                return received
            if v.get("you_act") and v["version"] > acted_at:
                acted_at = v["version"]
                ref += 1
                ws.send_text(
                    json.dumps(
                        {
                            "type": "act",
                            "id": ref,
                            "version": v["version"],
                            "action": simple_action(v),
                        }
                    )
                )
    raise AssertionError("the deals did not finish")


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def hidden_cards(message: dict[str, Any], deal: Deal, me: Seat) -> set[str]:
    """Cards this seat must not see at the moment of ``message``."""
    board = message["view"]["board"]
    played = {c for t in board.get("tricks", []) for c in t["cards"]}
    played |= set(board.get("trick", {}).get("cards", []))
    dummy = Seat.parse(board["contract"]["dummy"]) if "contract" in board else None
    hidden: set[str] = set()
    for seat in SEATS:
        if seat == me or (seat == dummy and played):
            continue
        hidden |= {str(c) for c in deal[seat]} - played
    return hidden


@pytest.mark.slow
def test_no_message_to_a_seat_ever_shows_a_hidden_card(client: TestClient) -> None:
    table = create(client, {"S": "Ann"}, seed=21)
    messages = ws_messages(client, table, "S", 3)
    deals = {
        b.number: b.deal
        for b in client.app.state.hub.tables[table["id"]].state.boards  # type: ignore[attr-defined]
    }
    checked = 0
    for message in messages:
        if message["type"] != "update":
            continue
        v = message["view"]
        if v["board"]["over"]:
            continue
        hidden = hidden_cards(message, deals[v["board"]["number"]], Seat.S)
        # Everything about the deal in progress: its events (those before a new deal in the
        # same message belong to the deal that just ended), the hands, the board, the options.
        events = message["events"]
        starts = [i for i, e in enumerate(events) if e["type"] == "deal_dealt"]
        events = events[starts[-1] :] if starts else events
        current = [events, v["hands"], v["board"], v.get("legal_cards", [])]
        leaked = hidden & set(strings(current))
        assert not leaked, f"message {checked} shows {leaked}"
        for e in message["events"]:
            if e["type"] == "deal_dealt":
                others = [h for s, h in zip(SEATS, e["hands"], strict=True) if s != Seat.S]
                assert others == [None, None, None]
        checked += 1
    assert checked > 40


@pytest.mark.slow
def test_two_humans_at_one_table_see_the_same_auction_and_play(client: TestClient) -> None:
    table = create(client, {"N": "Bob", "S": "Ann"}, seed=8)
    for _ in range(200):
        moved = False
        for seat in ("N", "S"):
            v = view(client, table, seat)
            if v.get("you_act"):
                assert act(client, table, seat, v["version"], simple_action(v)).status_code == 200
                moved = True
        if finished(view(client, table, "N")) >= 1:
            break
        assert moved
    north, south = view(client, table, "N"), view(client, table, "S")
    assert last_finished(north) == last_finished(south)
    assert last_finished(north)["number"] == 1


def test_the_websocket_refuses_a_wrong_token_and_answers_bad_messages(client: TestClient) -> None:
    table = create(client, {"S": "Ann"}, seed=3)
    with client.websocket_connect(f"/ws/{table['id']}?token=bad") as ws:
        assert json.loads(ws.receive_text())["type"] == "error"
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        first = json.loads(ws.receive_text())
        assert first["type"] == "update"
        ws.send_text("not json")
        assert json.loads(ws.receive_text())["type"] == "error"
        ws.send_text(json.dumps({"type": "act", "id": 7, "version": 0, "action": {}}))
        reply = json.loads(ws.receive_text())
        assert reply["type"] == "error" and reply["id"] == 7 and reply["status"] == 409


def test_a_restarted_server_has_every_table_exactly_where_it_was(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, robots="basic")) as first:
        table = create(first, {"S": "Ann", "N": "Bob"}, seed=4)
        for _ in range(6):
            for seat in ("N", "S"):
                v = view(first, table, seat)
                if v.get("you_act"):
                    act(first, table, seat, v["version"], simple_action(v))
        before = {s: view(first, table, s) for s in ("N", "S")}
        before[""] = view(first, table, None)
    with TestClient(create_app(db, robots="basic")) as second:
        after = {s: view(second, table, s) for s in ("N", "S")}
        after[""] = view(second, table, None)
    assert after == before


def test_catalogues_have_every_key_and_the_local_notrump_words() -> None:
    folder = Path(__file__).parents[1] / "src/contractbridge/server/i18n"
    catalogues = {p.stem: json.loads(p.read_text("utf-8")) for p in folder.glob("*.json")}
    assert set(catalogues) == {"en", "sk", "hu", "pl", "pt", "de"}
    keys = set(catalogues["en"])
    for lang, catalogue in catalogues.items():
        assert set(catalogue) == keys, lang
    notrump = {lang: c["strain.NT.short"] for lang, c in catalogues.items()}
    assert notrump == {"en": "NT", "sk": "BT", "hu": "szan", "pl": "BA", "pt": "ST", "de": "SA"}


def test_every_text_key_the_page_uses_is_in_the_catalogue() -> None:
    import re

    static = Path(__file__).parents[1] / "src/contractbridge/server/static"
    catalogue = json.loads((static.parent / "i18n/en.json").read_text("utf-8"))
    used: set[str] = set()
    for path in static.glob("*.js"):
        used |= set(re.findall(r'\bt\("([a-zA-Z_.0-9]+)"', path.read_text("utf-8")))
    assert used and used <= set(catalogue), used - set(catalogue)


def test_every_column_heading_of_the_event_pages_is_in_every_catalogue() -> None:
    from contractbridge.tournament.report import ranking_rows, traveller_rows

    folder = Path(__file__).parents[1] / "src/contractbridge/server/i18n"
    headings = {"Datum", "Ranking, North-South", "Ranking, East-West"}  # Butler; two fields
    for matchpoints in (True, False):
        headings |= set(ranking_rows([], matchpoints=matchpoints)[0])
        headings |= set(traveller_rows([], matchpoints=matchpoints)[0])
    for path in folder.glob("*.json"):
        catalogue = json.loads(path.read_text("utf-8"))
        assert {h for h in headings if f"col.{h}" not in catalogue} == set(), path.stem


def test_the_page_and_its_modules_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'type="module"' in page.text
    assert client.get("/table/abc").status_code == 200
    for name in ("app.js", "table.js", "lobby.js", "i18n.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/api/i18n/sk").json()["strain.NT.short"] == "BT"
    assert client.get("/api/i18n/xx").status_code == 404


def play_to_the_end(state: Any) -> None:
    """Play the first legal card each time, keeping the 7 of diamonds for last."""
    while not state.series_over():
        play = state.board.play
        cards = play.legal_cards()
        card = next((c for c in cards if c != Card.parse("D7")), cards[0])
        state.act(play.acting_seat, {"card": str(card)})


def test_beer_card_is_noted_when_the_seven_of_diamonds_wins_the_last_trick() -> None:
    state = one_suit_each_state("1D")  # North ruffs the lead, then draws every trump
    play_to_the_end(state)
    assert state.board.beer_card()
    assert state.score_sheet()["rows"][0]["beer"] is True


def test_no_beer_card_when_the_contract_fails() -> None:
    state = one_suit_each_state("7NT")  # East takes all thirteen spade tricks
    play_to_the_end(state)
    assert state.board.ns_score() < 0
    assert not state.board.beer_card()


@pytest.mark.slow
def test_a_server_killed_with_sigkill_comes_back_with_every_acknowledged_action(
    tmp_path: Path,
) -> None:
    import signal
    import socket
    import subprocess
    import sys
    import time

    import httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "contractbridge",
        "serve",
        "--port",
        str(port),
        "--db",
        str(tmp_path / "t.db"),
        "--robots",
        "basic",
        "--log-level",
        "warning",
    ]

    def start() -> subprocess.Popen[bytes]:
        # ready once its robots' workers are up: under load they take seconds to start
        process = subprocess.Popen(command)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(base + "/readyz", timeout=2).status_code == 200:
                    return process
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        process.kill()
        raise AssertionError("the server did not start")

    http = httpx.Client(timeout=60)  # a loaded machine answers slowly, not wrongly
    server = start()
    try:
        table = http.post(
            base + "/api/tables",
            json={"seats": {"N": {"name": "Bob"}, "S": {"name": "Ann"}}, "seed": 2},
        ).json()
        acked = 0
        for _ in range(8):
            for seat in ("N", "S"):
                v = http.get(
                    f"{base}/api/tables/{table['id']}", params={"token": table["tokens"][seat]}
                ).json()
                if v.get("you_act"):
                    r = http.post(
                        f"{base}/api/tables/{table['id']}/actions",
                        json={
                            "token": table["tokens"][seat],
                            "version": v["version"],
                            "action": simple_action(v),
                        },
                    )
                    assert r.status_code == 200
                    acked = r.json()["version"]
        before = http.get(
            f"{base}/api/tables/{table['id']}", params={"token": table["tokens"]["S"]}
        ).json()
        assert before["version"] >= acked > 1
        server.send_signal(signal.SIGKILL)
        server.wait()
        server = start()
        after = http.get(
            f"{base}/api/tables/{table['id']}", params={"token": table["tokens"]["S"]}
        ).json()
        assert after == before
    finally:
        http.close()
        server.kill()
        server.wait()


@pytest.mark.slow
def test_a_chicago_is_four_deals_and_then_the_series_is_over(client: TestClient) -> None:
    r = client.post("/api/tables", json={"kind": "chicago", "seats": {"S": {}}, "seed": 1})
    table = r.json()
    shown: dict[int, int] = {}  # running deal number -> the Chicago's deal of four
    for _ in range(400):
        v = view(client, table, "S")
        shown[v["board"]["number"]] = v["board"]["of_four"]
        if v["sheet"]["over"]:
            break
        assert act(client, table, "S", v["version"], simple_action(v)).status_code == 200
    assert v["sheet"]["over"] and v["pending"] == []
    played = [row for row in v["sheet"]["rows"] if row["contract"] != "Pass"]
    assert len(played) == 4  # a passed-out deal is dealt again by the same dealer
    # the page's "Chicago deal k of 4": a redeal after a pass-out keeps the number
    for number, of_four in shown.items():
        before = [r for r in v["sheet"]["rows"] if r["number"] < number and r["contract"] != "Pass"]
        assert of_four == len(before) + 1, (number, of_four)
    assert "lines" in v["sheet"]
    r = act(client, table, "S", v["version"], {"call": "Pass"})
    assert r.status_code == 400 and "over" in r.json()["error"]


def test_a_chicago_redeal_after_a_pass_out_shows_the_same_deal_of_four(
    client: TestClient,
) -> None:
    # seed 2: South passes throughout and the robots pass the first deal out
    r = client.post("/api/tables", json={"kind": "chicago", "seats": {"S": {}}, "seed": 2})
    table = r.json()
    shown: dict[int, int] = {}
    for _ in range(300):
        v = view(client, table, "S")
        shown[v["board"]["number"]] = v["board"]["of_four"]
        if v["board"]["number"] >= 3:
            break
        action = {"call": "Pass"} if v.get("legal_calls") else {"card": v["legal_cards"][0]}
        assert act(client, table, "S", v["version"], action).status_code == 200
    assert v["sheet"]["rows"][0]["contract"] == "Pass"
    assert shown == {1: 1, 2: 1, 3: 2}  # deal 2 is the redeal of the Chicago's first


# -- claims by defenders (Law 68) -------------------------------------------------------------


def all_humans_state(kind: str = "duplicate", seed: int = 3) -> Any:
    from contractbridge.server.tables.settings import TableSettings
    from contractbridge.server.tables.table import ServerTable

    seats = {s: {"robot": False} for s in "NESW"}
    return ServerTable.new(
        TableSettings.from_json({"kind": kind, "seed": seed, "boards": 2, "seats": seats})
    )


def test_a_defenders_claim_is_answered_by_declarer_not_dummy_or_partner() -> None:
    from contractbridge.server.web.errors import ActionError

    state = one_suit_each_state("1D")  # North declares; North and South are people
    state.act(Seat.E, {"card": "SA"})
    events = state.act(Seat.W, {"claim": 1})  # a robot seat's claim made through the table
    assert [e["type"] for e in events] == ["claim"]
    assert state.pending() == [Seat.N]
    for seat in (Seat.S, Seat.E):
        with pytest.raises(ActionError):
            state.act(seat, {"accept_claim": True})
    state.act(Seat.N, {"accept_claim": True})
    done = state.finished[-1]
    assert done.declarer_tricks() == 12 and done.claim == (Seat.W, 1)


def test_a_claimers_hand_is_shown_to_the_opponents_who_answer_and_no_one_else() -> None:
    from contractbridge.server.tables.views import view_for

    state = one_suit_each_state("1D")  # North declares
    state.act(Seat.E, {"card": "SA"})
    state.act(Seat.N, {"claim": 12})
    names = {s.name: "" for s in SEATS}
    shown = {s: view_for(state, s, names=names)["hands"]["N"] for s in SEATS}
    assert shown[Seat.E] == shown[Seat.W] == shown[Seat.N]
    assert shown[Seat.E] is not None and len(shown[Seat.E]) == 13
    assert view_for(state, None, names=names)["hands"]["N"] is None  # a spectator
    state.act(Seat.N, {"withdraw_claim": True})
    assert view_for(state, Seat.E, names=names)["hands"]["N"] is None


def test_the_claimer_withdraws_a_waiting_claim_and_plays_on() -> None:
    from contractbridge.server.web.errors import ActionError

    state = one_suit_each_state("1D")  # North declares; East and West answer claims
    state.act(Seat.E, {"card": "SA"})
    state.act(Seat.N, {"claim": 12})
    for seat in (Seat.S, Seat.E):
        with pytest.raises(ActionError, match="only North, who claimed"):
            state.act(seat, {"withdraw_claim": True})
    events = state.act(Seat.N, {"withdraw_claim": True})
    assert [e["type"] for e in events] == ["claim_withdrawn"]
    assert state.board.pending_claim is None and state.pending() == [Seat.N]
    with pytest.raises(ActionError, match="no claim to withdraw"):
        state.act(Seat.N, {"withdraw_claim": True})
    # dummy's card, played by declarer, goes on from where the claim stopped the play
    state.act(Seat.N, {"card": "H2"})
    assert len(state.board.play.cards_played) == 2


def test_a_defenders_concession_waits_for_partner_law_68b2() -> None:
    from contractbridge.server.web.errors import ActionError

    state = all_humans_state()
    for call in ("3NT", "Pass", "Pass", "Pass"):  # North declares
        state.act(state.board.auction.turn, {"call": call})
    state.act(Seat.E, {"card": str(state.board.play.legal_cards()[0])})
    events = state.act(Seat.W, {"concede": True})
    assert [e["type"] for e in events] == ["conceded"]
    assert state.board.pending_concession == (Seat.W, 13) and state.pending() == [Seat.E]
    with pytest.raises(ActionError, match=r"East.s turn"):
        state.act(Seat.N, {"card": str(state.board.play.legal_cards()[0])})
    events = state.act(Seat.E, {"accept_claim": False})  # East objects: play goes on
    assert [e["type"] for e in events] == ["concession_answered"]
    assert state.board.pending_concession is None and state.pending() == [Seat.N]
    state.act(Seat.W, {"concede": True})
    state.act(Seat.E, {"accept_claim": True})
    assert state.finished[-1].declarer_tricks() == 13


def test_a_robot_partner_answers_a_concession_from_its_own_view(client: TestClient) -> None:
    from contractbridge.robots import robot_player

    table, v = find_defending_seed(client)  # South (a person) defends; North is a robot
    live = client.app.state.hub.tables[table["id"]]  # type: ignore[attr-defined]
    board = live.state.board
    remaining = 13 - len(v["board"]["tricks"])
    north = live.state.table.view_for(Seat.N)
    sound = robot_player("basic").accept_claim(north, board.play.declarer, remaining)
    r = act(client, table, "S", v["version"], {"concede": True})
    assert r.status_code == 200, r.text
    after = view(client, table, "S")
    assert "pending_concession" not in after["board"]  # the robot has answered
    if sound:  # declarer takes every trick anyway: North agrees
        assert last_finished(after)["declarer_tricks"] == 13 - v["board"]["won"]["NS"]
    else:  # North objects: no concession, South plays on
        assert not after["board"]["over"] and after["board"].get("claim") is None


def find_defending_seed(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    for seed in range(60):
        table = create(client, {"S": "Ann"}, seed=seed)
        try:
            v = until_play(client, table, "S")
        except AssertionError:
            continue
        if v["board"]["contract"]["declarer"] in ("E", "W"):
            return table, v
    raise AssertionError("no seed where South defends")


def test_a_defender_claiming_none_of_the_rest_waits_for_partner_law_68b2() -> None:
    state = one_suit_each_state("1D")  # North declares; East and West act through the table
    state.act(Seat.E, {"card": "SA"})
    events = state.act(Seat.W, {"claim": 0})
    assert [e["type"] for e in events] == ["conceded"]
    assert state.pending() == [Seat.E]  # partner, not declarer, answers
    state.act(Seat.E, {"accept_claim": False})  # objects: no concession
    assert not state.finished and state.pending() == [Seat.N]  # declarer plays from dummy


def test_a_defender_claims_and_the_robot_declarer_checks_the_claim(client: TestClient) -> None:
    table, v = find_defending_seed(client)
    live = client.app.state.hub.tables[table["id"]]  # type: ignore[attr-defined]
    remaining = 13 - len(v["board"]["tricks"])
    sound = robots_accept(live.state, Seat.S, remaining)
    r = act(client, table, "S", v["version"], {"claim": remaining})  # every trick left
    assert r.status_code == 200, r.text
    after = view(client, table, "S")
    if sound:
        assert last_finished(after)["declarer_tricks"] == v["board"]["won"]["EW"]
    else:  # rejected: the claim is withdrawn and South plays on
        assert "pending_claim" not in after["board"] and after["legal_cards"]
        while not finished(after):  # South plays the rest out
            r = act(client, table, "S", after["version"], simple_action(after))
            assert r.status_code == 200, r.text
            after = view(client, table, "S")
        return
    done = last_finished(after)
    assert done["claim"]["seat"] == "S"
    assert "pending_claim" not in done  # agreed: no longer waiting for an answer
    assert finished(after) == 1


# -- stopping a series early ------------------------------------------------------------------


def made_game_by_concession(state: Any) -> None:
    """North opens 3NT on the first deal, all pass, East leads and West concedes all."""
    for call in ("3NT", "Pass", "Pass", "Pass"):
        state.act(state.board.auction.turn, {"call": call})
    state.act(Seat.E, {"card": str(state.board.play.legal_cards()[0])})
    state.act(Seat.W, {"concede": True})
    state.act(Seat.E, {"accept_claim": True})  # partner agrees (Law 68B2)


def test_stopping_a_rubber_among_people_needs_every_other_persons_consent() -> None:
    from contractbridge.server.tables.table import ServerTable
    from contractbridge.server.web.errors import ActionError

    state = all_humans_state("rubber")
    made_game_by_concession(state)
    events = state.act(Seat.N, {"stop": True})
    assert [e["type"] for e in events] == ["server.stop_request"]
    assert state.pending() == [Seat.E, Seat.S, Seat.W]
    with pytest.raises(ActionError, match="stop the series"):
        state.act(state.table.pending().seat, {"call": "Pass"})  # type: ignore[union-attr]
    state.act(Seat.E, {"accept_stop": True})
    state.act(Seat.S, {"accept_stop": False})  # one refusal: the series goes on
    assert state.pending_stop is None and not state.series_over()
    state.act(Seat.E, {"stop": True})
    for seat in (Seat.N, Seat.S):
        state.act(seat, {"accept_stop": True})
    events = state.act(Seat.W, {"accept_stop": True})
    assert [e["type"] for e in events][-2:] == ["series_stopped", "series_ended"]
    sheet = state.score_sheet()
    assert sheet["over"] and sheet["stopped"] == "E" and state.pending() == []
    assert {"side": "NS", "points": 300, "reason": "unfinished game"} in sheet["lines"]["premiums"]
    honours = sum(p["points"] for p in sheet["lines"]["premiums"] if p["reason"] == "honours")
    assert sheet["totals"]["NS"] == 100 + 4 * 30 + 300 + honours  # 3NT made with 13 tricks
    # the stored log rebuilds the same table
    again = ServerTable.replay(state.settings, [e.to_dict() for e in state.table.events])
    assert again.score_sheet() == sheet and again.series_over()


def test_a_player_alone_with_robots_stops_the_series_at_once(client: TestClient) -> None:
    r = client.post("/api/tables", json={"kind": "chicago", "seats": {"S": {}}, "seed": 1})
    table = r.json()
    v = play_out(client, table, "S", 1)
    shown = v["board"]["number"]
    assert act(client, table, "S", v["version"] - 1, {"stop": True}).status_code == 409
    for wrong in (False, "yes", 1):
        assert act(client, table, "S", v["version"], {"stop": wrong}).status_code == 400
    spectator = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"version": v["version"], "action": {"stop": True}},
    )
    assert spectator.status_code == 403
    r = act(client, table, "S", v["version"], {"stop": True})
    assert r.status_code == 200, r.text
    after = view(client, table, "S")
    assert after["sheet"]["over"] and after["sheet"]["stopped"] == "S" and after["pending"] == []
    assert after["sheet"]["totals"] == v["sheet"]["totals"]
    assert after["board"]["over"] and after["board"]["number"] <= shown  # no half-played deal
    r = act(client, table, "S", after["version"], {"stop": True})
    assert r.status_code == 400 and "over" in r.json()["error"]
    assert view(client, table, None)["sheet"]["stopped"] == "S"


def test_a_request_to_stop_and_a_stopped_series_survive_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, robots="basic")) as first:
        asked = create(first, {"S": "Ann", "N": "Bob"}, seed=4)
        v = view(first, asked, "S")
        assert act(first, asked, "S", v["version"], {"stop": True}).status_code == 200
        stopped = create(first, {"S": "Ann"}, kind="rubber", seed=4)
        v = view(first, stopped, "S")
        assert act(first, stopped, "S", v["version"], {"stop": True}).status_code == 200
        before = [view(first, t, s) for t in (asked, stopped) for s in ("S", None)]
    with TestClient(create_app(db, robots="basic")) as second:
        after = [view(second, t, s) for t in (asked, stopped) for s in ("S", None)]
        assert after == before
        north = view(second, asked, "N")
        assert north["pending_stop"] == {"seat": "S"} and north["pending"] == ["N"]
        assert "legal_calls" not in north  # the table waits for North's answer
        assert act(second, asked, "N", north["version"], {"accept_stop": True}).status_code == 200
        assert view(second, asked, "S")["sheet"]["stopped"] == "S"
        assert after[0]["sheet"]["over"] is False and after[2]["sheet"]["stopped"] == "S"


def test_a_north_declarer_is_kept_on_the_score_sheet_and_in_the_pbn() -> None:
    """North is seat 0: a test of the seat for truth used to drop it."""
    from contractbridge.server.tables import export

    state = one_suit_each_state("1D")  # North declares
    play_to_the_end(state)
    assert state.score_sheet()["rows"][0]["declarer"] == "N"
    assert '[Declarer "N"]' in export.pbn(state.finished[0], {})
