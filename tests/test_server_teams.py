"""Teams events run from the browser: each team enters its match, the director sees all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from contractbridge.core import Board, Contract, Seat
from contractbridge.formats import pbn
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import imps
from contractbridge.scoring.vp import match_victory_points
from contractbridge.server.app import create_app
from contractbridge.tournament.teams import TeamsEvent, matches_from_records
from serverapi import TestClient, client, enter, look, token

__all__ = ["client"]  # the fixture, used by name


def new_teams(api: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"kind": "teams", "name": "Winter teams", "teams": ["Lions", "Tigers", "Bears"]}
    r = api.post("/api/events", json=body | {"boards_per_match": 2} | extra)
    assert r.status_code == 201, r.text
    return dict(r.json())


def team_token(ev: dict[str, Any], index: int) -> str:
    return token(ev["teams"][str(index)])


def first_match(view: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in view["rounds"] if not r["bye"])


def test_a_team_enters_both_rooms_and_sees_the_imps(client: TestClient) -> None:
    ev = new_teams(client)
    director = token(ev["director"])
    assert set(ev["teams"]) == {"1", "2", "3"}
    lions = look(client, ev, team_token(ev, 1))
    assert lions["kind"] == "teams" and lions["role"] == "team" and lions["team"] == "Lions"
    # three teams: a round robin of three rounds, each team sitting out one
    assert len(lions["rounds"]) == 3 and sum(r["bye"] for r in lions["rounds"]) == 1
    m = first_match(lions)
    rnd, home, visitors = m["round"], m["home"], m["visitors"]
    assert "Lions" in (home, visitors) and [b["board"] for b in m["boards"]] == [
        2 * rnd - 1,
        2 * rnd,
    ]
    board = 2 * rnd - 1
    # Open Room: the home team sits North-South and makes 4S; Closed Room: 2S +2 by them too
    r = enter(client, ev, team_token(ev, 1), round=rnd, team="Lions", board=board,
              room="open", contract="4S", declarer="N", tricks=10)  # fmt: skip
    assert r.status_code == 200, r.text
    open_ns = r.json()["result"]
    assert open_ns == duplicate_score(Contract.parse("4SN"), 10, event_vul(board))
    r = enter(client, ev, team_token(ev, 1), round=rnd, team="Lions", board=board,
              room="closed", contract="2S", declarer="E", tricks=10)  # fmt: skip
    assert r.status_code == 200, r.text
    closed_ns = r.json()["result"]
    assert closed_ns < 0  # East-West (the home team in the Closed Room) scored it

    view = look(client, ev, team_token(ev, 1))
    m = first_match(view)
    row = m["boards"][0]
    assert row["open"]["text"] == "4S N =" and row["closed"]["text"] == "2S E +2"
    assert row["imps"] == imps(open_ns - closed_ns)
    assert m["imps"] == [imps(open_ns - closed_ns), 0]
    assert m["vps"] == list(match_victory_points(imps(open_ns - closed_ns), 0, 2))
    # the match is not finished: no standings shown to the teams yet
    assert view["standings"] == [] and view["current"] == rnd

    # the director sees the live standings
    d = look(client, ev, director)
    top = d["standings"][0]
    assert top["team"] == home and top["imps_for"] == imps(open_ns - closed_ns)
    # one match a round, two boards, two rooms: the other rooms of this round and two rounds
    assert sum(x["round"] == rnd for x in d["missing"]) == 2 and len(d["missing"]) == 2 + 8


def test_bad_and_foreign_entries_are_refused_and_nothing_recorded(client: TestClient) -> None:
    ev = new_teams(client)
    lions = look(client, ev, team_token(ev, 1))
    m = first_match(lions)
    rnd, board = m["round"], m["boards"][0]["board"]
    bye_round = next(r["round"] for r in lions["rounds"] if r["bye"])
    ok = {"round": rnd, "team": "Lions", "board": board, "room": "open"}
    cases = [
        (ok | {"contract": "4S", "declarer": "N", "tricks": 14}, "0 to 13 tricks"),
        (ok | {"room": "kitchen", "contract": "4S", "declarer": "N", "tricks": 10}, "room"),
        (ok | {"board": board + 40, "contract": "4S", "declarer": "N", "tricks": 10}, "boards"),
        (ok | {"round": bye_round, "contract": "4S", "declarer": "N", "tricks": 10}, "bye"),
        (ok | {"contract": "4S", "declarer": "N", "score": 999}, "cannot score"),
        (ok | {"op": "next"}, "director"),
    ]
    other = next(t for t in ("Tigers", "Bears") if t not in (m["home"], m["visitors"]))
    cases.append((ok | {"team": other, "contract": "4S", "declarer": "N", "tricks": 10}, "Lions"))
    for entry, words in cases:
        r = enter(client, ev, team_token(ev, 1), **entry)
        assert 400 <= r.status_code < 500, (entry, r.text)
        assert words in r.json()["error"], (entry, r.json()["error"])
    assert look(client, ev, token(ev["director"]))["version"] == 0

    # a second entry for a room is a correction only when it says so
    assert enter(client, ev, team_token(ev, 1), **ok, contract="3NT", declarer="S",
                 tricks=9).status_code == 200  # fmt: skip
    r = enter(client, ev, team_token(ev, 1), **ok, contract="3NT", declarer="S", tricks=10)
    assert r.status_code == 400 and "already entered (3NT S =)" in r.json()["error"]
    assert "correct it" in r.json()["error"]
    r = enter(client, ev, team_token(ev, 1), **ok, contract="3NT", declarer="S", tricks=10,
              correct=True)  # fmt: skip
    assert r.status_code == 200
    row = first_match(look(client, ev, team_token(ev, 1)))["boards"][0]
    assert row["open"]["text"] == "3NT S +1"
    # wrong token, no token: 403
    assert enter(client, ev, "nope", **ok, score=100).status_code == 403
    assert client.get(f"/api/events/{ev['id']}").status_code == 403


def _play_round(api: TestClient, ev: dict[str, Any], tok: str, rnd: int) -> None:
    """Every board of ``rnd`` in both rooms: 3NT making in the Open Room, -1 in the Closed."""
    d = look(api, ev, tok)
    for m in d["rounds"][rnd - 1]["matches"]:
        for b in m["boards"]:
            for room, tricks in (("open", 9), ("closed", 8)):
                r = enter(api, ev, tok, round=rnd, team=m["home"], board=b["board"], room=room,
                          contract="3NT", declarer="N", tricks=tricks)  # fmt: skip
                assert r.status_code == 200, r.text


def test_a_swiss_is_paired_round_by_round_and_old_rounds_close(client: TestClient) -> None:
    ev = new_teams(client, format="swiss", teams=["A", "B", "C", "D"])
    director = token(ev["director"])
    d = look(client, ev, director)
    assert d["format"] == "swiss" and d["rounds_drawn"] == 1 and not d["can_pair_next"]
    r = enter(client, ev, director, op="next")
    assert r.status_code == 400 and "still lacks 8 results" in r.json()["error"]
    _play_round(client, ev, director, 1)
    d = look(client, ev, director)
    assert d["can_pair_next"] and d["missing"] == []
    # every team's page now shows the standings after round 1
    a = look(client, ev, team_token(ev, 1))
    assert a["standings_after"] == 1 and len(a["standings"]) == 4
    assert enter(client, ev, director, op="next").status_code == 200
    d = look(client, ev, director)
    assert d["rounds_drawn"] == 2
    met = {frozenset((m["home"], m["visitors"])) for m in d["rounds"][0]["matches"]}
    again = {frozenset((m["home"], m["visitors"])) for m in d["rounds"][1]["matches"]}
    assert not met & again  # no rematch
    # round 1 is closed to the teams now; the director may still correct it
    m1 = next(m for m in d["rounds"][0]["matches"] if "A" in (m["home"], m["visitors"]))
    entry = {"round": 1, "team": "A", "board": 1, "room": "open", "contract": "3NT",
             "declarer": "N", "tricks": 10, "correct": True}  # fmt: skip
    r = enter(client, ev, team_token(ev, 1), **entry)
    assert r.status_code == 403 and "closed" in r.json()["error"]
    assert m1["boards"][0]["open"]["text"] == "3NT N ="
    assert enter(client, ev, director, **entry).status_code == 200
    d = look(client, ev, director)
    m1 = next(m for m in d["rounds"][0]["matches"] if "A" in (m["home"], m["visitors"]))
    assert m1["boards"][0]["open"]["text"] == "3NT N +1"
    # removal by the director
    r = enter(client, ev, director, op="remove", round=1, team="A", board=1, room="open")
    assert r.status_code == 200
    d = look(client, ev, director)
    m1 = next(m for m in d["rounds"][0]["matches"] if "A" in (m["home"], m["visitors"]))
    assert m1["boards"][0]["open"] is None and not m1["complete"]


def test_files_and_a_restart_keep_every_result(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    with TestClient(create_app(url, robots="basic")) as api:
        ev = new_teams(api, teams=["Lions", "Tigers"], boards_per_match=3)
        director = token(ev["director"])
        _play_round(api, ev, director, 1)
        before = look(api, ev, director)
    with TestClient(create_app(url, robots="basic")) as api:
        after = look(api, ev, director)
        assert after["standings"] == before["standings"] and after["version"] == 6
        r = api.get(f"/api/events/{ev['id']}/files/event.json", params={"token": director})
        assert r.status_code == 200
        event = TeamsEvent.from_dict(json.loads(r.text))
        (lions,) = [s for s in event.standings() if s.team == "Lions"]
        # three boards, each 3NT= in the Open Room and 3NT-1 in the Closed: Lions NS in Open
        swing = sum(
            imps(
                duplicate_score(Contract.parse("3NTN"), 9, event_vul(b))
                - duplicate_score(Contract.parse("3NTN"), 8, event_vul(b))
            )
            for b in (1, 2, 3)
        )
        assert lions.imps_for == swing
        r = api.get(f"/api/events/{ev['id']}/files/report.html", params={"token": director})
        assert r.status_code == 200 and "Round 1: Lions v Tigers" in r.text
        assert "3NT N -1" in r.text and "Standings" in r.text
        # every room's result as PBN games, read back into the same match
        r = api.get(f"/api/events/{ev['id']}/files/event.pbn", params={"token": director})
        assert r.status_code == 200 and '[Room "Closed"]' in r.text
        (match,) = matches_from_records(pbn.loads(r.text))
        assert (match.home, match.visitors) == ("Lions", "Tigers")
        assert match.imps == event.match(1, "Lions").imps == (swing, 0)
        r = api.get(f"/api/events/{ev['id']}/files/scores.csv", params={"token": director})
        assert r.status_code == 404
        r = api.get(f"/api/events/{ev['id']}/files/report.html",
                    params={"token": team_token(ev, 1)})  # fmt: skip
        assert r.status_code == 403


def event_vul(board: int) -> bool:
    return Board(board).vulnerability.is_vulnerable(Seat.N)


def test_a_teams_event_file_from_the_cli_is_continued(client: TestClient) -> None:
    event = TeamsEvent.round_robin("Cup", ["A", "B", "C", "D"], boards_per_match=4)
    event.enter(round=1, team="A", board=1, room="open", contract="4H", declarer="S", tricks=10)
    r = client.post("/api/events", json={"kind": "teams", "event": event.to_dict()})
    assert r.status_code == 201, r.text
    ev = r.json()
    d = look(client, ev, token(ev["director"]))
    assert d["name"] == "Cup" and len(d["rounds"]) == 3
    m = next(m for m in d["rounds"][0]["matches"] if "A" in (m["home"], m["visitors"]))
    assert m["boards"][0]["open"]["text"] == "4H S ="
    for body, words in (
        ({"kind": "teams", "teams": ["A"]}, "2 to 40 teams"),
        ({"kind": "teams", "teams": ["A", "A"]}, "own name"),
        ({"kind": "teams", "teams": ["A", "B"], "format": "knockout"}, "round-robin or swiss"),
        ({"kind": "teams", "teams": ["A", "B"], "boards_per_match": 0}, "1 to 64"),
        ({"kind": "teams", "event": {"format": "nope"}}, "not a teams event file"),
    ):
        r = client.post("/api/events", json=body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)


def test_the_director_gives_the_deals_and_the_printout_has_hand_records(
    client: TestClient,
) -> None:
    import random

    from contractbridge.core import Deal
    from contractbridge.formats import pbn
    from contractbridge.formats.record import GameRecord

    ev = new_teams(client, teams=["Lions", "Tigers"], boards_per_match=2)
    director = token(ev["director"])
    rng = random.Random(7)
    deals = {b: Deal.random(rng) for b in (1, 2)}
    text = pbn.dumps([GameRecord(board=b, deal=d) for b, d in deals.items()])
    r = enter(client, ev, team_token(ev, 1), op="deals", pbn=text)
    assert r.status_code == 403  # a team does not
    far = pbn.dumps([GameRecord(board=40, deal=deals[1])])
    r = enter(client, ev, director, op="deals", pbn=far)
    assert r.status_code == 400 and "no deal for a board of this event" in r.json()["error"]
    assert enter(client, ev, director, op="deals", pbn=text).status_code == 200
    assert look(client, ev, director)["deals"] == [1, 2]
    _play_round(client, ev, director, 1)
    r = client.get(f"/api/events/{ev['id']}/files/report.html", params={"token": director})
    assert r.status_code == 200
    page = r.text
    # each board's hand record after the round's scoresheet, with its par
    assert page.index("Round 1: Lions v Tigers") < page.index("<h2>Board 1</h2>")
    assert page.count("Par:") == 2
    west = deals[1][Seat.W].suits_text()
    assert all(cards in page for cards in west.values() if cards)
    saved = client.get(f"/api/events/{ev['id']}/files/event.json", params={"token": director})
    assert TeamsEvent.from_dict(json.loads(saved.text)).deals == deals


def test_the_director_gives_an_adjusted_score_in_imps(client: TestClient) -> None:
    ev = new_teams(client, teams=["Lions", "Tigers"], boards_per_match=2)
    director = token(ev["director"])
    r = enter(client, ev, team_token(ev, 1), op="adjust", round=1, team="Lions", board=1,
              adjusted="A+/A-")  # fmt: skip
    assert r.status_code == 403  # only the director adjusts
    r = enter(client, ev, director, op="adjust", round=1, team="Lions", board=1,
              adjusted="60/40")  # fmt: skip
    assert r.status_code == 400 and "A+/A-, A/A, A-/A-" in r.json()["error"]
    r = enter(client, ev, director, op="adjust", round=1, team="Tigers", board=1,
              adjusted="A+/A-")  # fmt: skip
    assert r.status_code == 200
    d = look(client, ev, director)
    m = d["rounds"][0]["matches"][0]
    home = m["home"]
    row = m["boards"][0]
    assert row["adjusted"] == "A+/A-" and row["result"] == [3, -3]
    assert m["imps"] == [3, 0] and len(d["missing"]) == 2  # board 2's two rooms
    assert d["standings"][0]["team"] == home and d["standings"][0]["imps_for"] == 3
    # the team sees it from its own side; the printout names it
    index = 1 if home == "Lions" else 2
    mine = first_match(look(client, ev, team_token(ev, index)))
    assert mine["boards"][0]["result"] == [3, -3]
    r = client.get(f"/api/events/{ev['id']}/files/report.html", params={"token": director})
    assert "A+ (+3)" in r.text and "A- (-3)" in r.text
    r = enter(client, ev, director, op="adjust", round=1, team="Lions", board=1, adjusted="")
    assert r.status_code == 200
    assert look(client, ev, director)["rounds"][0]["matches"][0]["boards"][0]["adjusted"] is None
