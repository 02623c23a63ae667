"""Pairs events run from the browser: each table enters its results, the director sees all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contractbridge.core import Deal, Seat
from contractbridge.formats import pbn
from contractbridge.server.app import create_app
from contractbridge.tournament.event import PairsEvent
from contractbridge.tournament.movement import mitchell
from serverapi import TestClient, client, enter, look, token

__all__ = ["client"]  # the fixture, used by name


def new_event(api: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"name": "Tuesday pairs", "movement": "mitchell", "tables": 3, "boards_per_round": 2}
    r = api.post("/api/events", json=body | extra)
    assert r.status_code == 201, r.text
    return dict(r.json())


def table_token(ev: dict[str, Any], table: int) -> str:
    return token(ev["tables"][str(table)])


def test_a_table_sees_its_rounds_and_enters_a_result(client: TestClient) -> None:
    ev = new_event(client)
    assert set(ev["tables"]) == {"1", "2", "3"}
    view = look(client, ev, table_token(ev, 1))
    assert view["role"] == "table" and view["table"] == 1 and view["current"] == 1
    first = view["rounds"][0]
    # a Mitchell: NS pair 1 stays at table 1, EW pairs 4-6 move up, boards move down
    assert (first["ns"], first["ew"], first["boards"]) == (1, 4, [1, 2])
    assert [r["ew"] for r in view["rounds"]] == [4, 6, 5]

    r = enter(
        client,
        ev,
        table_token(ev, 1),
        board=1,
        round=1,
        table=1,
        contract="4S",
        declarer="N",
        tricks=10,
        lead="HK",
    )
    assert r.status_code == 200, r.text
    assert r.json()["result"]["score"] == 420  # board 1: nobody vulnerable
    assert r.json()["result"]["text"] == "4S N ="
    view = look(client, ev, table_token(ev, 1))
    assert view["rounds"][0]["results"]["1"]["lead"] == "HK"
    assert view["current"] == 1  # board 2 of round 1 is still to come
    r = enter(client, ev, table_token(ev, 1), board=2, round=1, table=1, contract="Pass")
    assert r.status_code == 200, r.text
    assert look(client, ev, table_token(ev, 1))["current"] == 2


def test_entries_are_checked_and_say_why(client: TestClient) -> None:
    ev = new_event(client)
    t1 = table_token(ev, 1)
    cases = [
        (
            {"board": 3, "round": 1, "table": 1, "contract": "3NT", "declarer": "S", "tricks": 9},
            400,
            "table 1 plays boards 1, 2 in round 1, not 3",
        ),
        (
            {"board": 1, "round": 1, "table": 2, "contract": "3NT", "declarer": "S", "tricks": 9},
            403,
            "table 1, not table 2",
        ),
        (
            {"board": 1, "round": 1, "table": 1, "contract": "3NT", "declarer": "S", "tricks": 14},
            400,
            "tricks",
        ),
        ({"board": 1, "round": 1, "table": 1, "adjusted": "A+/A-"}, 403, "director"),
        (
            {"board": 1, "round": 9, "table": 1, "contract": "2H", "declarer": "E", "tricks": 8},
            400,
            "rounds 1-3",
        ),
        ({"board": "one", "round": 1, "table": 1}, 400, "board is a whole number"),
        ({"op": "remove", "board": 1, "pair": "1"}, 403, "only the director"),
    ]
    for entry, status, words in cases:
        r = enter(client, ev, t1, **entry)
        assert r.status_code == status, (entry, r.text)
        assert words in r.json()["error"], (entry, r.json())
    ok = {"board": 1, "round": 1, "table": 1, "contract": "3NT", "declarer": "S"}
    assert enter(client, ev, t1, **ok, tricks=9).status_code == 200
    again = enter(client, ev, t1, **ok, tricks=10)
    assert again.status_code == 400 and "correct it" in again.json()["error"]
    fixed = enter(client, ev, t1, **ok, tricks=10, correct=True)
    assert fixed.status_code == 200 and fixed.json()["result"]["score"] == 430
    # nothing refused was recorded: one result, corrected once
    director = look(client, ev, token(ev["director"]))
    assert director["version"] == 2 and director["entered"] == 1
    wrong = client.get(f"/api/events/{ev['id']}", params={"token": "nope"})
    assert wrong.status_code == 403
    assert client.get("/api/events/nothere", params={"token": t1}).status_code == 404


def test_a_bad_event_is_refused(client: TestClient) -> None:
    for body, words in [
        ({"movement": "mitchell", "tables": 0}, "tables"),
        ({"movement": "barometer", "tables": 3}, "mitchell or howell"),
        ({"movement": "howell", "tables": 3, "boards_per_round": "two"}, "boards_per_round"),
        ({"tables": 3, "scoring": "golf"}, "scoring method"),
        ({"event": {"format": "something else"}}, "not an event file"),
    ]:
        r = client.post("/api/events", json=body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)


def test_the_director_sees_rankings_travellers_and_what_is_missing(client: TestClient) -> None:
    ev = new_event(client)
    director = token(ev["director"])
    # board 1 is played at table 1 in round 1, at table 3 in round 2, at table 2 in round 3
    for table, rnd, tricks in ((1, 1, 10), (3, 2, 11), (2, 3, 9)):
        r = enter(
            client,
            ev,
            table_token(ev, table),
            board=1,
            round=rnd,
            table=table,
            contract="4H",
            declarer="S",
            tricks=tricks,
        )
        assert r.status_code == 200, r.text
    view = look(client, ev, director)
    assert view["role"] == "director" and view["entered"] == 3 and view["expected"] == 18
    assert {(m["round"], m["table"]) for m in view["missing"]} == {
        (r, t) for r in (1, 2, 3) for t in (1, 2, 3)
    }
    (traveller,) = view["travellers"]
    header, rows = traveller["header"], traveller["rows"]
    by_score = {row[header.index("NS score")]: row for row in rows}
    # three results, two matchpoints per score beaten: the top is 4
    assert by_score["450"][header.index("NS MP")] == "4"
    assert by_score["420"][header.index("NS MP")] == "2"
    assert by_score[""][header.index("EW MP")] == "4"  # 4H one down: EW +50
    assert [r["title"] for r in view["rankings"]] == ["Ranking, North-South", "Ranking, East-West"]
    assert set(view["links"]["tables"]) == {"1", "2", "3"}


def test_the_director_adjusts_names_removes_and_downloads(client: TestClient) -> None:
    ev = new_event(client)
    director = token(ev["director"])
    adjusted = enter(client, ev, director, board=2, round=1, table=1, adjusted="A+/A-")
    assert adjusted.status_code == 200
    assert enter(client, ev, director, op="name", pair="4", names="Ann & Bob").status_code == 200
    r = enter(client, ev, director, op="name", pair="9", names="Nobody")
    assert r.status_code == 400 and "pair 9" in r.json()["error"]
    assert (
        enter(
            client,
            ev,
            table_token(ev, 1),
            board=1,
            round=1,
            table=1,
            contract="2S",
            declarer="E",
            tricks=8,
        ).status_code
        == 200
    )
    assert enter(client, ev, director, op="remove", board=1, pair="4").status_code == 200
    files = f"/api/events/{ev['id']}/files"
    data = client.get(f"{files}/event.json", params={"token": director})
    assert data.status_code == 200
    event = PairsEvent.from_dict(data.json())  # the file the CLI reads
    assert event.names == {"4": "Ann & Bob"}
    assert [r.describe() for r in event.results] == ["A+/A-"]
    page = client.get(f"{files}/report.html", params={"token": director})
    assert page.status_code == 200 and "Ann &amp; Bob" in page.text
    records = pbn.loads(client.get(f"{files}/event.pbn", params={"token": director}).text)
    assert records and records[0].event == "Tuesday pairs" and records[0].board == 2
    denied = client.get(f"{files}/event.json", params={"token": table_token(ev, 1)})
    assert denied.status_code == 403


def test_an_event_file_from_the_cli_continues_on_the_web(client: TestClient) -> None:
    event = PairsEvent("From the CLI", mitchell(2, boards_per_round=3))
    event.enter(board=1, ns="1", contract="1NT", declarer="N", tricks=8)
    r = client.post("/api/events", json={"event": event.to_dict()})
    assert r.status_code == 201, r.text
    ev = r.json()
    view = look(client, ev, table_token(ev, 1))
    assert view["name"] == "From the CLI" and view["rounds"][0]["results"]["1"]["score"] == 120


def test_results_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    with TestClient(create_app(url, robots="basic")) as first:
        ev = new_event(first, movement="howell", tables=2, boards_per_round=2)
        t2 = table_token(ev, 2)
        assert len(ev["tables"]) == 2
        board = look(first, ev, t2)["rounds"][0]["boards"][0]
        r = enter(
            first, ev, t2, board=board, round=1, table=2, contract="3NTX", declarer="W", tricks=7
        )
        assert r.status_code == 200, r.text
        score = r.json()["result"]["score"]
    with TestClient(create_app(url, robots="basic")) as second:
        view = look(second, ev, t2)
        assert view["version"] == 1
        assert view["rounds"][0]["results"][str(board)]["score"] == score > 0
        assert json.loads(json.dumps(view))  # a plain JSON view


def test_the_deals_give_hand_records_and_check_the_lead(client: TestClient) -> None:
    ev = new_event(client)
    director = token(ev["director"])
    deals = {b: Deal.random(b) for b in (1, 2, 3)}
    text = "\n".join(f'[Board "{b}"]\n[Deal "{d.to_pbn()}"]\n' for b, d in deals.items())
    refused = enter(client, ev, table_token(ev, 1), op="deals", pbn=text)
    assert refused.status_code == 403
    r = enter(client, ev, director, op="deals", pbn=text)
    assert r.status_code == 200, r.text
    assert look(client, ev, director)["deals"] == [1, 2, 3]
    # South declares: West leads, so a card South holds cannot be the lead
    south_card = str(next(iter(deals[1][Seat.S])))
    west_card = str(next(iter(deals[1][Seat.W])))
    common = {"board": 1, "round": 1, "table": 1, "contract": "2H", "declarer": "S", "tricks": 8}
    wrong = enter(client, ev, table_token(ev, 1), **common, lead=south_card)
    assert wrong.status_code == 400 and "West" in wrong.json()["error"], wrong.text
    assert enter(client, ev, table_token(ev, 1), **common, lead=west_card).status_code == 200
    page = client.get(f"/api/events/{ev['id']}/files/report.html", params={"token": director})
    assert "Par" in page.text and "Dealer North" in page.text  # board 1's hand record
    other = enter(
        client, ev, director, op="deals", pbn='[Board "40"]\n[Deal "' + deals[1].to_pbn() + '"]\n'
    )
    assert other.status_code == 400 and "boards 1-6" in other.json()["error"]


def test_an_odd_number_of_pairs_has_a_phantom_and_a_table_sits_out(client: TestClient) -> None:
    # nine pairs: a five-table Mitchell without pair 10, so its opponents sit out in turn
    ev = new_event(client, tables=5, absent=[10])
    director = token(ev["director"])
    d = look(client, ev, director)
    assert 10 not in d["movement"]["pairs"] and len(d["movement"]["pairs"]) == 9
    idle = []
    for table in range(1, 6):
        view = look(client, ev, table_token(ev, table))
        for r in view["rounds"]:
            if r.get("idle"):
                idle.append((r["round"], table, r["sitting_out"]))
    # every round exactly one table is idle, and the pair sitting out there is named
    assert sorted(r for r, _, _ in idle) == [1, 2, 3, 4, 5]
    for rnd, table, out in idle:
        assert out == [table]  # the stationary North-South pair of that table
        r = enter(client, ev, table_token(ev, table), board=1, round=rnd, table=table,
                  contract="3NT", declarer="N", tricks=9)  # fmt: skip
        assert r.status_code == 400 and f"no play at table {table} in round {rnd}" in r.text
    assert d["expected"] == 5 * 4 * 2  # twenty table-rounds played, two boards each
    r = client.post("/api/events", json={"movement": "mitchell", "tables": 3, "absent": [9]})
    assert r.status_code == 400 and "pair 9 does not play" in r.json()["error"]
    r = client.post("/api/events", json={"movement": "mitchell", "tables": 3, "absent": ["x"]})
    assert r.status_code == 400 and "missing pairs' numbers" in r.json()["error"]


def test_an_open_page_is_told_at_once_when_a_result_comes_in(client: TestClient) -> None:
    ev = new_event(client)
    director = ev["director_token"]
    with client.websocket_connect(f"/ws/events/{ev['id']}?token={director}") as ws:
        assert ws.receive_json() == {"type": "changed", "version": 0}
        r = enter(client, ev, table_token(ev, 2), board=3, round=1, table=2, contract="Pass")
        assert r.status_code == 200, r.text
        assert ws.receive_json() == {"type": "changed", "version": 1}
        refused = enter(client, ev, table_token(ev, 2), board=9, round=1, table=2, contract="Pass")
        assert refused.status_code == 400  # nothing recorded: nothing announced
        enter(client, ev, table_token(ev, 1), board=1, round=1, table=1, contract="Pass")
        assert ws.receive_json() == {"type": "changed", "version": 2}
    with client.websocket_connect(f"/ws/events/{ev['id']}?token=nope") as ws:
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect("/ws/events/nothere?token=x") as ws:
        assert ws.receive_json() == {"type": "error", "reason": "no such event"}


def test_the_report_is_made_once_per_version_however_many_ask(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 43: report.html solved every board double dummy on each request (64 boards:
    36.8 s a request, six at once 236 s)."""
    import dataclasses

    from contractbridge.server.events import desk as club

    made: list[int] = []
    kind = club.KINDS["pairs"]

    def counting(event: Any, records: Any) -> Any:
        made.append(1)
        return kind.printout(event, records)

    monkeypatch.setitem(club.KINDS, "pairs", dataclasses.replace(kind, printout=counting))
    ev = new_event(client)
    director = token(ev["director"])
    path = f"/api/events/{ev['id']}/files/report.html"
    pages = run_apart_many(client, path, director, 4)
    assert len(set(pages)) == 1 and len(made) == 1  # four at once: made once
    assert client.get(path, params={"token": director}).text == pages[0] and len(made) == 1
    ok = {"board": 1, "round": 1, "table": 1, "contract": "3NT", "declarer": "S", "tricks": 9}
    assert enter(client, ev, table_token(ev, 1), **ok).status_code == 200
    assert client.get(path, params={"token": director}).text != pages[0]  # a new version
    assert len(made) == 2


def run_apart_many(client: TestClient, path: str, director: str, n: int) -> list[str]:
    """``n`` requests for ``path`` at once, from threads."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(n) as pool:
        answers = list(pool.map(lambda _: client.get(path, params={"token": director}), range(n)))
    assert all(a.status_code == 200 for a in answers)
    return [a.text for a in answers]


def test_an_event_unused_for_a_while_leaves_memory_and_comes_back_whole(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 43: events were never evicted (300 events: +217 MB never released)."""
    from contractbridge.server.events import desk as club

    desk = client.app.state.desk  # type: ignore[attr-defined]
    ev = new_event(client)
    t1 = table_token(ev, 1)
    ok = {"board": 1, "round": 1, "table": 1, "contract": "3NT", "declarer": "S", "tricks": 9}
    assert enter(client, ev, t1, **ok).status_code == 200
    before = look(client, ev, t1)
    monkeypatch.setattr(club, "IDLE_SECONDS", -1.0)  # every event is idle now
    other = new_event(client)
    for _ in range(64):  # the sweep runs every 64 uses
        look(client, other, table_token(other, 1))
    assert ev["id"] not in desk.events
    assert look(client, ev, t1) == before  # read back from its log


@pytest.mark.slow
def test_a_hand_record_from_the_workers_analysis_is_the_one_solved_here() -> None:
    """The report's boards are solved in the robots' workers (issue 43: it solved them in the
    server's own process, uncached); the record read from a worker's answer is the same."""
    from contractbridge.core import Board
    from contractbridge.server.events.desk import record_of
    from contractbridge.server.robots.pool import analyse
    from contractbridge.tournament.report import hand_record

    for number in (1, 2, 7, 12):
        deal = Deal.random(number)
        board = Board(number)
        found = analyse(deal.to_pbn(), int(board.vulnerability), int(board.dealer))
        assert record_of(number, deal, found) == hand_record(number, deal)
    assert record_of(3, Deal.random(3), None).tricks is None  # the analysis failed: the deal
