"""The challenges' API (server/challenges): a guest refused; Ann challenges Bob by name, Bob
sees it in his list and accepts (Ann may not, nor decline it for him); a third account is
told there is no such challenge (404) for every route and its list stays empty; the deals
are played in order at scored tables and recorded once from the table's log; the
comparison shows a deal's line to a viewer only once they finished it and the other's
result and the IMPs only once both did (message scans); IMPs by hand from known scores;
declined and expired challenges; and a challenge of the robots, whose results are stored
once at creation and compared like a player's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from contractbridge.server.app import create_app
from contractbridge.server.challenges.store import challenge_results
from contractbridge.tournament.challenges import LIFETIME, State, deal_imps
from contractbridge.tournament.daily import ROBOTS, DealResult
from players import (
    CATALOGUES,
    TestClient,
    cheap_rules,
    client,
    key_of,
    mentions,
    refused,
    signed_up,
)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(
        f"sqlite:///{tmp_path / 'challenges.db'}", robots="basic", account_rules=cheap_rules()
    )


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    with ExitStack() as clients:
        yield clients


def finish(app: Any, name: str, challenge: str, board: int, contract: str, tricks: int) -> None:
    """Store ``name``'s result on ``board`` as the table's hook would."""
    service = app.state.challenges
    deal = service.get(challenge).deal(board)
    lead = None if contract == "Pass" else "SA"
    result = DealResult.of(key_of(app, name), deal, contract, tricks, lead=lead,
                           finished=datetime.now(UTC))  # fmt: skip
    assert service.record(challenge, result)


def play_out(c: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """The player passes every call and plays their first legal card to the deal's end."""
    for _ in range(200):
        r = c.get(f"/api/tables/{table['table']}", params={"token": table["token"]})
        v = r.json()
        if v["sheet"]["over"]:
            return dict(v)
        if not v.get("you_act"):
            continue
        action = {"call": "P"} if v.get("legal_calls") else {"card": v["legal_cards"][0]}
        body = {"token": table["token"], "version": v["version"], "action": action}
        assert c.post(f"/api/tables/{table['table']}/actions", json=body).status_code == 200
    raise AssertionError("the deal did not end")


def hands(pbn: str) -> list[str]:
    return pbn.split(":", 1)[1].split()


def test_a_challenge_between_two_accounts(app: Any, stack: ExitStack) -> None:
    guest = client(stack, app)
    assert refused(guest.get("/api/challenges"), 401) == "log in first"
    assert refused(guest.post("/api/challenges", json={"robots": True}), 401) == "log in first"
    ann, bob, cyd = (signed_up(stack, app, n) for n in ("Ann", "Bob", "Cyd"))
    assert refused(ann.post("/api/challenges", json={"opponent": "Nobody"}), 404) == (
        "there is no player of that name"
    )
    assert refused(ann.post("/api/challenges", json={"opponent": "ann"}), 400) == (
        "you cannot challenge yourself"
    )
    assert refused(ann.post("/api/challenges", json={}), 400) == (
        "name the player to challenge, or the robots"
    )
    made = ann.post("/api/challenges", json={"opponent": "bob"})  # any case
    assert made.status_code == 201, made.text
    c = made.json()
    cid = c["id"]
    assert (c["state"], c["sent"], c["opponent"], c["deals"]) == ("open", True, "Bob", 5)
    assert all(line["mine"] is None and line["theirs"] is None for line in c["lines"])
    listed = bob.get("/api/challenges").json()["challenges"]
    assert [(x["id"], x["state"], x["sent"], x["opponent"]) for x in listed] == [
        (cid, "open", False, "Ann")
    ]  # fmt: skip
    assert refused(ann.post(f"/api/challenges/{cid}/play"), 409) == (
        "this challenge has not been accepted yet"
    )
    assert refused(ann.post(f"/api/challenges/{cid}/accept"), 409) == (
        "only the player challenged may accept or decline"
    )

    # a third account: nothing of it, whatever it asks
    assert cyd.get("/api/challenges").json() == {"challenges": []}
    asked = [cyd.get(f"/api/challenges/{cid}")]
    asked += [cyd.post(f"/api/challenges/{cid}/{verb}") for verb in ("accept", "decline", "play")]
    for r in asked:
        assert refused(r, 404) == "there is no such challenge"
    assert refused(ann.get("/api/challenges/nope"), 404) == "there is no such challenge"

    assert bob.post(f"/api/challenges/{cid}/accept").json()["state"] == "playing"
    assert refused(bob.post(f"/api/challenges/{cid}/decline"), 409) == (
        "this challenge is not open any more"
    )

    # Ann plays board 1 at her table; it is a scored table of the challenge
    table = ann.post(f"/api/challenges/{cid}/play").json()
    assert (table["board"], table["seat"]) == (1, "S")
    assert ann.post(f"/api/challenges/{cid}/play").json()["table"] == table["table"]  # a reload
    v = ann.get(f"/api/tables/{table['table']}", params={"token": table["token"]}).json()
    assert v["tournament"] == f"challenge:{cid}" and v["board"]["number"] == 1
    service = app.state.challenges
    board1, board2 = (service.get(cid).deal(b).deal.to_pbn() for b in (1, 2))
    # board 1, none vulnerable: 4S S making 10 = +420 (Ann), 2S S making 10 = +170 (Bob)
    finish(app, "Ann", cid, 1, "4S S", 10)
    assert not service.record(cid, DealResult.of(
        key_of(app, "Ann"), service.get(cid).deal(1), "Pass", 0, lead=None,
        finished=datetime.now(UTC)))  # fmt: skip  # once
    mine = ann.get(f"/api/challenges/{cid}").json()
    assert mine["lines"][0]["mine"]["score"] == 420 and mine["lines"][0]["theirs"] is None
    assert mine["lines"][0]["imps"] is None and (mine["finished"], mine["their_finished"]) == (1, 0)
    ann_table2 = ann.post(f"/api/challenges/{cid}/play").json()
    assert ann_table2["board"] == 2

    # Bob has not finished board 1: nothing of it (cards, Ann's contract or score), nor of
    # Ann's board 2 table, reaches him
    seen = [bob.get("/api/challenges").text, bob.get(f"/api/challenges/{cid}").text,
            bob.get("/api/me/tables").text]  # fmt: skip
    r = bob.get(f"/api/tables/{ann_table2['table']}")
    assert r.status_code == 403
    seen.append(r.text)
    for text in seen:
        assert not mentions(text, "4S") and not mentions(text, "420")
        assert table["token"] not in text
        assert ann_table2["token"] not in text
        for hand in hands(board1) + hands(board2):
            assert hand not in text
    assert key_of(app, "Ann") not in "".join(seen)  # names, never account ids

    finish(app, "Bob", cid, 1, "2S S", 10)
    for viewer, swing, total in ((ann, 6, {"mine": 6, "theirs": 0}),
                                 (bob, -6, {"mine": 0, "theirs": 6})):  # fmt: skip
        shown = viewer.get(f"/api/challenges/{cid}").json()
        assert shown["lines"][0]["imps"] == swing and shown["imps"] == total
        assert {shown["lines"][0]["mine"]["score"], shown["lines"][0]["theirs"]["score"]} == {
            420, 170
        }  # fmt: skip
        assert all(line["imps"] is None for line in shown["lines"][1:])

    for board in (2, 3, 4, 5):
        finish(app, "Ann", cid, board, "Pass", 0)
    assert refused(ann.post(f"/api/challenges/{cid}/play"), 409) == (
        "you have played every deal of this challenge"
    )
    for board in (2, 3, 4, 5):
        finish(app, "Bob", cid, board, "Pass", 0)
    over = ann.get(f"/api/challenges/{cid}").json()
    assert over["state"] == "finished" and over["imps"] == {"mine": 6, "theirs": 0}
    assert refused(ann.post(f"/api/challenges/{cid}/play"), 409) == (
        "this challenge is not being played"
    )


def test_declined_and_expired_challenges(app: Any, stack: ExitStack) -> None:
    ann, bob = signed_up(stack, app, "Ann"), signed_up(stack, app, "Bob")
    first = ann.post("/api/challenges", json={"opponent": "Bob"}).json()["id"]
    assert bob.post(f"/api/challenges/{first}/decline").json()["state"] == "declined"
    assert refused(bob.post(f"/api/challenges/{first}/accept"), 409) == (
        "this challenge is not open any more"
    )
    assert refused(ann.post(f"/api/challenges/{first}/play"), 409) == (
        "this challenge is not being played"
    )
    second = ann.post("/api/challenges", json={"opponent": "Bob"}).json()["id"]
    service = app.state.challenges
    later = datetime.now(UTC) + LIFETIME
    service._now = lambda: later
    states = {x["id"]: x["state"] for x in bob.get("/api/challenges").json()["challenges"]}
    assert states == {first: "declined", second: "expired"}
    assert refused(bob.post(f"/api/challenges/{second}/accept"), 409) == (
        "this challenge is not open any more"
    )


@pytest.mark.slow
def test_a_challenge_of_the_robots_played_at_the_table(app: Any, stack: ExitStack) -> None:
    ann = signed_up(stack, app, "Ann")
    made = ann.post("/api/challenges", json={"robots": True})
    assert made.status_code == 201, made.text
    c = made.json()
    cid = c["id"]
    assert (c["state"], c["robots"], c["opponent"]) == ("playing", True, None)
    assert all(line["theirs"] is None for line in c["lines"])  # not before Ann plays
    service = app.state.challenges
    robots = {b: r for (p, b), r in service.results(cid).items() if p == ROBOTS}
    assert sorted(robots) == [1, 2, 3, 4, 5]
    service.record_robots(cid, [])  # stored once: not played again
    assert c["their_finished"] == 5

    table = ann.post(f"/api/challenges/{cid}/play").json()
    end = play_out(ann, table)
    assert end["sheet"]["over"]
    assert not service.record_table(table["table"])  # the hook recorded it already: once
    with service.store.engine.connect() as db:
        count = db.execute(select(func.count()).select_from(challenge_results).where(
            challenge_results.c.player == key_of(app, "Ann"))).scalar_one()  # fmt: skip
    assert count == 1
    shown = ann.get(f"/api/challenges/{cid}").json()
    line = shown["lines"][0]
    mine = service.results(cid)[key_of(app, "Ann"), 1]
    assert line["mine"]["score"] == mine.score and line["theirs"] == {
        k: v for k, v in robots[1].to_json().items() if k != "player"
    }  # fmt: skip
    assert line["imps"] == deal_imps(mine.score, robots[1].score)
    assert all(x["theirs"] is None for x in shown["lines"][1:])
    assert ann.post(f"/api/challenges/{cid}/play").json()["board"] == 2


def test_a_player_makes_a_limited_number_of_challenges_a_day(
    app: Any, stack: ExitStack, monkeypatch: pytest.MonkeyPatch
) -> None:
    from contractbridge.server.challenges import service as module

    monkeypatch.setattr(module, "MAX_A_DAY", 2)
    ann, _ = signed_up(stack, app, "Ann"), signed_up(stack, app, "Bob")
    for _ in range(2):
        assert ann.post("/api/challenges", json={"opponent": "Bob"}).status_code == 201
    assert refused(ann.post("/api/challenges", json={"opponent": "Bob"}), 429) == (
        "you have made too many challenges today; try again tomorrow"
    )
    service = app.state.challenges
    tomorrow = datetime.now(UTC) + module.DAY
    service._now = lambda: tomorrow
    assert ann.post("/api/challenges", json={"opponent": "Bob"}).status_code == 201


STATIC = Path(__file__).parents[1] / "src/contractbridge/server/static"


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_word_of_the_page_and_the_lobby_panel_is_in_every_catalogue(lang: str) -> None:
    import re

    page = (STATIC / "challenges.js").read_text("utf-8")
    lobby = (STATIC / "lobby.js").read_text("utf-8")
    panel = lobby[lobby.index("function challengesPanel") :]
    html = (STATIC / "challenges.html").read_text("utf-8")
    keys = set(re.findall(r'\bt\("([\w.]+)"', page + panel))
    keys |= set(re.findall(r'data-i18n="([\w.]+)"', html))
    keys |= {f"challenges.state.{s.value}" for s in State}
    keys |= {f"challenges.section.{s}" for s in ("received", "sent", "playing", "over")}
    keys |= {f"challenges.lobby.{s}" for s in ("received", "sent", "playing")}
    assert len(keys) > 40
    assert sorted(k for k in keys if k not in CATALOGUES[lang]) == []
    english = CATALOGUES["en"]
    for key in keys:  # the same placeholders as the English text
        assert set(re.findall(r"\{\w+\}", CATALOGUES[lang][key])) == set(
            re.findall(r"\{\w+\}", english[key])
        ), key
