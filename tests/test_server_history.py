"""A player's history through the API: the deals finished at the account's seats, each
checked against the stored table (contract, result, score, par from the analysis layer),
filters and paging, statistics, the PBN export read back, nothing of another account's, no
deal still being played, and 401 for a guest."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from contractbridge.analysis import dd_table, par
from contractbridge.formats.pbn.reading import loads
from contractbridge.scoring.imps import imps
from contractbridge.server.app import create_app
from contractbridge.server.history import Filters, HistoryError, stats
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable, contract_text
from players import TestClient, cheap_rules, sign_up
from serverapi import act, create, view


def simple_action(v: dict[str, Any]) -> dict[str, Any]:
    """Open 1NT if nobody has bid, else pass; play the first legal card."""
    if v.get("legal_calls"):
        bids = [c["call"] for c in v["board"]["calls"] if c["call"] != "Pass"]
        if not bids and "1NT" in v["legal_calls"]:
            return {"call": "1NT"}
        return {"call": "Pass"}
    return {"card": v["legal_cards"][0]}


def play_out(client: TestClient, table: dict[str, Any], seat: str, deals: int) -> None:
    for _ in range(60 * deals):
        v = view(client, table, seat)
        if len(v["sheet"]["rows"]) >= deals:
            return
        assert act(client, table, seat, v["version"], simple_action(v)).status_code == 200
    raise AssertionError("the deals did not finish")


@pytest.fixture
def app() -> Any:
    return create_app("sqlite://", robots="basic", account_rules=cheap_rules())


def browser(app: Any) -> TestClient:
    return TestClient(app)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def claim(c: TestClient, table: dict[str, Any]) -> None:
    seats = [{"table": table["id"], "token": t} for t in table["tokens"].values()]
    assert c.post("/api/me/tables/claim", json={"seats": seats}).status_code == 200


def test_a_guest_is_asked_to_log_in(client: TestClient) -> None:
    for path in ("/api/me/history", "/api/me/history/stats", "/api/me/history.pbn"):
        r = client.get(path)
        assert r.status_code == 401 and r.json()["error"] == "log in first"


def test_bad_filters_are_refused_in_words() -> None:
    with pytest.raises(HistoryError, match="unknown role"):
        Filters.of({"role": "captain"})
    with pytest.raises(HistoryError, match="not a date"):
        Filters.of({"from": "yesterday"})


def entry(**fields: Any) -> dict[str, Any]:
    base = {
        "role": "declarer",
        "tricks": None,
        "dd_tricks": None,
        "score": 0,
        "par_score": None,
        "imps": None,
        "date": "2026-01-01",
        "table": "t",
        "board": 1,
    }
    return base | fields  # fmt: skip


def test_statistics_on_a_small_known_set() -> None:
    # worked by hand: declarer +1 and -1 trick against DD (average 0); against par one at
    # (0 IMPs), one above (+620-+420 = 200: 5 IMPs), one below (-100 - +110 = -210: -5 IMPs)
    entries = [
        entry(tricks=10, dd_tricks=9, score=420, par_score=420, imps=0),
        entry(role="dummy", score=620, par_score=420, imps=5),
        entry(tricks=8, dd_tricks=9, score=-100, par_score=110, imps=-5),
        entry(role="defender"),  # no analysis: counted as a deal only
    ]
    found = stats(entries)
    assert found["deals"] == 4 and found["declared"] == 2
    assert found["declarer_vs_dd"] == 0
    assert (found["at_par"], found["above_par"], found["below_par"]) == (1, 1, 1)
    assert found["imps_vs_par"] == 0
    assert [p["imps"] for p in found["series"]] == [-5, 5, 0]  # oldest first


@pytest.mark.slow
def test_the_history_of_deals_played_at_the_accounts_seat(client: TestClient, app: Any) -> None:
    table = create(client, {"S": "Ann"}, seed=5)
    sign_up(client, "Ann")
    claim(client, table)
    play_out(client, table, "S", 2)  # two deals over; the third is being dealt or played
    r = client.get("/api/me/history")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    listed = r.json()
    # checked against the stored log, not hard-coded
    storage = app.state.players.store.storage
    settings, stored = storage.load(table["id"])
    kept = ServerTable.replay(TableSettings.from_json(settings), stored)
    assert len(kept.finished) == 2 and listed["total"] == 2
    # the third deal is being played: it is not in the history
    now = view(client, table, "S")["board"]
    assert now["number"] == 3 and not now["over"]
    assert 3 not in {e["board"] for e in listed["entries"]}
    by_board = {e["board"]: e for e in listed["entries"]}
    assert set(by_board) == {b.number for b in kept.finished}
    for board in kept.finished:
        e = by_board[board.number]
        assert e["seat"] == "S" and e["source"] == "table" and e["table"] == table["id"]
        contract = board.contract
        assert e["contract"] == contract_text(contract)
        assert e["score"] == board.ns_score()
        found = par(dd_table(board.deal), board.vulnerability, board.dealer)
        assert e["par_score"] == found.score
        assert e["imps"] == imps(board.ns_score() - found.score)
        if contract is not None:
            assert e["declarer"] == contract.declarer.name
            assert e["tricks"] == board.declarer_tricks()
    # filters: each role's list holds that role's deals, and the four add up
    for role in ("declarer", "dummy", "defender"):
        shown = client.get("/api/me/history", params={"role": role}).json()["entries"]
        assert all(e["role"] == role for e in shown)
    total = sum(
        client.get("/api/me/history", params={"role": r}).json()["total"]
        for r in ("declarer", "dummy", "defender", "passed")
    )
    assert total == 2
    assert client.get("/api/me/history", params={"to": "2000-01-01"}).json()["total"] == 0
    # statistics
    figures = client.get("/api/me/history/stats").json()
    assert figures["deals"] == 2 and len(figures["series"]) == 2
    # PBN export, read back by the project's reader
    r = client.get("/api/me/history.pbn")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    games = loads(r.text)
    assert sorted(g.board for g in games) == [1, 2]
    for g in games:
        board = next(b for b in kept.finished if b.number == g.board)
        assert g.deal == board.deal
    # another account sees nothing of it
    other = browser(app)
    sign_up(other, "Bob")
    assert other.get("/api/me/history").json()["total"] == 0
    assert loads(other.get("/api/me/history.pbn").text) == []
