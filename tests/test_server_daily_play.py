"""Playing the tournaments of the day at the web table: a table given its deal (the board's
number, dealer and vulnerability, the cards, an auction made before it opened), stored and
restored; ``POST /api/daily/{id}/play`` making the player's table for their next deal (the
same one on a reload); the result recorded from the table's stored log when the deal ends,
once, with two app instances on one SQLite file (also racing); declarer-only deals after the robots'
auction stored once; and nothing of a player's unfinished deal reaching another account."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from contractbridge.core import Auction, Board, Call, Deal, Seat, Side
from contractbridge.server.app import create_app
from contractbridge.server.daily.store import daily_results
from contractbridge.server.tables.settings import FixedDeal, SeatSettings, TableSettings
from contractbridge.server.tables.table import ServerTable
from contractbridge.server.web.errors import ActionError
from contractbridge.tournament.daily import ROBOTS, DailyPlan, Kind
from players import TestClient, cheap_rules, client, key_of, refused, signed_up

SECRET = "the operator's secret for these tests"
#: the tests of the routes play a deal or two with the basic robots (a second or two each)
slow = pytest.mark.slow


def new_app(db: Path) -> Any:
    return create_app(
        f"sqlite:///{db}", robots="basic", account_rules=cheap_rules(), daily_secret=SECRET
    )


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    """The test's clients, each closed (its app's lifespan ended) after the test."""
    with ExitStack() as clients:
        yield clients


def view(c: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    r = c.get(f"/api/tables/{table['table']}", params={"token": table["token"]})
    assert r.status_code == 200, r.text
    return dict(r.json())


def act(c: TestClient, table: dict[str, Any], version: int, action: dict[str, Any]) -> Any:
    return c.post(
        f"/api/tables/{table['table']}/actions",
        json={"token": table["token"], "version": version, "action": action},
    )


def play_out(c: TestClient, table: dict[str, Any], stop_before_end: bool = False) -> dict[str, Any]:
    """The player passes every call and plays their first legal card (for dummy too) until
    the deal is over (or, with ``stop_before_end``, until a card has been played)."""
    for _ in range(200):
        v = view(c, table)
        if v["sheet"]["over"]:
            return v
        if not v.get("you_act"):
            continue
        if v.get("legal_calls"):
            action = {"call": "P"}
        else:
            if stop_before_end and v["board"].get("tricks"):
                return v
            action = {"card": v["legal_cards"][0]}
        r = act(c, table, v["version"], action)
        assert r.status_code == 200, r.text
    raise AssertionError("the deal did not end")


def results_of(app: Any, set_id: str, player: str) -> list[dict[str, Any]]:
    return [data for _, data in app.state.daily.store.results(set_id) if data["player"] == player]


# -- the table given its deal ---------------------------------------------------------------
def test_a_table_plays_a_given_deal_as_its_board_and_comes_back_from_its_log() -> None:
    deal = Deal.random(11)
    seats = {Seat.S: SeatSettings("Ann", robot=False, token="t0k")}
    settings = TableSettings(seats=seats, fixed=FixedDeal(7, deal.to_pbn()), tournament="x")
    stored = TableSettings.from_json(settings.to_json())
    assert stored == settings
    table = ServerTable.new(stored)
    board = table.board
    assert (board.number, board.dealer, board.vulnerability) == (
        7, Board(7).dealer, Board(7).vulnerability
    )  # fmt: skip
    assert board.deal == deal and table.pending() == [Board(7).dealer]
    again = ServerTable.replay(stored, table.start_events())
    assert again.board.deal == deal and again.version == table.version
    # another number, another dealer; the seed no longer decides the cards
    other = ServerTable.new(TableSettings(seed=5, fixed=FixedDeal(2, deal.to_pbn())))
    assert other.board.deal == deal and other.board.dealer == Board(2).dealer


def test_a_given_auction_is_made_as_the_table_opens() -> None:
    deal = Deal.random(12)
    dealer = Board(3).dealer
    calls = (("1H", False, "5+ hearts"), ("P", False, None), ("4H", True, "to play"),
             ("P", False, None), ("P", False, None), ("P", False, None))  # fmt: skip
    table = ServerTable.new(TableSettings(fixed=FixedDeal(3, deal.to_pbn(), calls)))
    board = table.board
    assert list(board.auction.calls) == [Call.parse(c) for c, _, _ in calls]
    assert board.explanations[0] == "5+ hearts" and board.alerts[2] is True
    assert board.contract is not None and board.contract.declarer == dealer
    passes = (("P", False, None),) * 4
    over = ServerTable.new(TableSettings(fixed=FixedDeal(3, deal.to_pbn(), passes)))
    assert over.table.is_over and over.finished[0].contract is None
    with pytest.raises(ActionError):  # not a legal auction
        ServerTable.new(
            TableSettings(
                fixed=FixedDeal(3, deal.to_pbn(), (("1H", False, None), ("1C", False, None)))
            )
        )
    with pytest.raises(ActionError):
        ServerTable.new(TableSettings(kind="rubber", fixed=FixedDeal(3, deal.to_pbn())))


def test_a_tournament_table_takes_no_undo_no_stop() -> None:
    seats = {Seat.S: SeatSettings("Ann", robot=False, token="t0k")}
    fixed = FixedDeal(4, Deal.random(1).to_pbn())  # West deals board 4
    table = ServerTable.new(TableSettings(seats=seats, fixed=fixed, tournament="x"))
    for seat in (Seat.W, Seat.N, Seat.E):
        table.act(seat, {"call": "P"})
    table.act(Seat.S, {"call": "1NT"})
    with pytest.raises(ActionError, match="no undo in a tournament"):
        table.act(Seat.S, {"undo": True})
    with pytest.raises(ActionError, match="played to its end"):
        table.act(Seat.S, {"stop": True})
    plain = ServerTable.new(TableSettings(seats=seats, fixed=fixed))
    for seat in (Seat.W, Seat.N, Seat.E):
        plain.act(seat, {"call": "P"})
    plain.act(Seat.S, {"call": "1NT"})
    assert [e["type"] for e in plain.act(Seat.S, {"undo": True})] == ["undone"]


# -- the play route -------------------------------------------------------------------------
@slow
def test_a_deal_is_played_at_its_table_and_recorded_once(tmp_path: Path, stack: ExitStack) -> None:
    app = new_app(tmp_path / "d.db")
    ann = signed_up(stack, app, "Ann")
    day = ann.get("/api/daily").json()
    mp = day["sets"][0]["id"]
    assert refused(ann.post(f"/api/daily/{mp}/play"), 409) == (
        "you have not started this tournament of the day"
    )
    ann.post(f"/api/daily/{mp}/start")
    first = ann.post(f"/api/daily/{mp}/play").json()
    assert (first["board"], first["deal"], first["seat"]) == (1, 1, "S")
    assert first["link"] == f"/table/{first['table']}?token={first['token']}"
    again = ann.post(f"/api/daily/{mp}/play").json()
    assert again == first  # a reload finds the same table, not a fresh deal
    daily = app.state.daily.get_set(mp)
    v = view(ann, first)
    assert v["board"]["number"] == 1 and v["tournament"] == mp and v["hints"] is False
    assert v["hands"]["S"] is not None and v["hands"]["N"] is None  # South's own hand only
    south = daily.deal(1).deal[Seat.S]
    assert sorted(v["hands"]["S"]) == sorted(str(c) for c in south)
    # the table is the account's (its history and "My tables")
    assert [t["table"] for t in ann.get("/api/me/tables").json()["tables"]] == [first["table"]]
    # nobody else may watch it
    stranger = client(stack, app)
    assert stranger.get(f"/api/tables/{first['table']}").status_code == 403

    end = play_out(ann, first)
    ann_key = key_of(app, "Ann")
    stored = results_of(app, mp, ann_key)
    assert len(stored) == 1 and stored[0]["board"] == 1
    board = end["board"]
    if board.get("contract"):
        contract = board["contract"]
        assert stored[0]["contract"].startswith(str(contract["level"]))
        assert stored[0]["tricks"] == board["declarer_tricks"]
        assert stored[0]["score"] == board["score_ns"]
    else:
        assert stored[0]["contract"] == "Pass"
    assert ann.get(f"/api/daily/{mp}/field/1").status_code == 200
    assert [d["board"] for d in ann.get(f"/api/daily/{mp}/scorecard").json()["deals"]] == [1]
    # the table is over: nothing more is played there
    over = view(ann, first)
    assert act(ann, first, over["version"], {"call": "P"}).status_code == 400
    second = ann.post(f"/api/daily/{mp}/play").json()
    assert second["board"] == 2 and second["table"] != first["table"]

    # a second app on the same file: recording the same table again stores nothing
    other = new_app(tmp_path / "d.db")
    assert other.state.daily.record_table(first["table"]) is False
    assert app.state.daily.record_table(first["table"]) is False
    assert len(results_of(other, mp, ann_key)) == 1


@slow
def test_a_deal_ended_where_the_hook_did_not_run_is_recorded_by_the_next_ask(
    tmp_path: Path, stack: ExitStack
) -> None:
    one, two = new_app(tmp_path / "e.db"), new_app(tmp_path / "e.db")
    ann = signed_up(stack, one, "Ann")
    mp = ann.get("/api/daily").json()["sets"][0]["id"]
    ann.post(f"/api/daily/{mp}/start")
    table = ann.post(f"/api/daily/{mp}/play").json()
    one.state.hub.scored.clear()  # this process stops recording (as if it died in between)
    play_out(ann, table)
    key = key_of(one, "Ann")
    assert results_of(one, mp, key) == []
    # the player asks the other process for their next deal: the ended one is recorded first
    with TestClient(two) as other:
        other.cookies.update(ann.cookies)
        nxt = other.post(f"/api/daily/{mp}/play").json()
        again = other.post(f"/api/daily/{mp}/play").json()
    assert nxt["board"] == 2 and again == nxt
    assert [r["board"] for r in results_of(two, mp, key)] == [1]
    with two.state.daily.store.engine.connect() as db:
        rows = db.execute(select(daily_results.c.board).where(daily_results.c.player == key))
        assert [r[0] for r in rows] == [1]


@slow
def test_refusals_in_the_players_words(tmp_path: Path, stack: ExitStack) -> None:
    app = new_app(tmp_path / "f.db")
    ann = signed_up(stack, app, "Ann")
    sets = ann.get("/api/daily").json()["sets"]
    guest = client(stack, app)
    assert refused(guest.post(f"/api/daily/{sets[0]['id']}/play"), 401) == "log in first"
    assert refused(ann.post("/api/daily/1999-01-01-9/play"), 404) == (
        "there is no such tournament of the day"
    )
    # a set of one board, played: then every deal is played
    plan_app = create_app(
        f"sqlite:///{tmp_path / 'g.db'}", robots="basic", account_rules=cheap_rules(),
        daily_secret=SECRET,
        daily_plan=DailyPlan.from_settings({"sets": [{"name": "One", "boards": 1}]}),
    )  # fmt: skip
    bob = signed_up(stack, plan_app, "Bob")
    one = bob.get("/api/daily").json()["sets"][0]["id"]
    bob.post(f"/api/daily/{one}/start")
    play_out(bob, bob.post(f"/api/daily/{one}/play").json())
    assert refused(bob.post(f"/api/daily/{one}/play"), 409) == (
        "you have played every deal of this tournament of the day"
    )
    # the set closes: no more play
    service = plan_app.state.daily
    service._now = lambda: datetime(2099, 1, 1, tzinfo=UTC)
    assert refused(bob.post(f"/api/daily/{one}/play"), 409) == (
        "this tournament of the day is not open now"
    )


# -- declarer only --------------------------------------------------------------------------
@slow
def test_a_declarer_only_deal_after_the_robots_auction_stored_once(
    tmp_path: Path, stack: ExitStack
) -> None:
    app = new_app(tmp_path / "h.db")
    ann, bob = signed_up(stack, app, "Ann"), signed_up(stack, app, "Bob")
    sets = ann.get("/api/daily").json()["sets"]
    declarer = next(s["id"] for s in sets if s["kind"] == Kind.DECLARER.value)
    service = app.state.daily
    daily = service.get_set(declarer)
    stored = {d.board: service.auction(declarer, d.board) for d in daily.deals}
    assert all(a is not None for a in stored.values())  # made when the day was dealt
    for c in (ann, bob):
        c.post(f"/api/daily/{declarer}/start")
    tables = [c.post(f"/api/daily/{declarer}/play").json() for c in (ann, bob)]
    board = tables[0]["board"]
    calls = stored[board]
    assert calls is not None
    auction = Auction(daily.deal(board).dealer)
    for call, _, _ in calls:
        auction.add(Call.parse(call))
    views = [view(c, t) for c, t in zip((ann, bob), tables, strict=True)]
    for v in views:  # both after the stored auction
        assert [c["call"] for c in v["board"]["calls"]] == [c for c, _, _ in calls]
    contract = auction.contract
    robots = next(r for _, r in service.store.results(declarer)
                  if r["player"] == ROBOTS and r["board"] == board)  # fmt: skip
    if contract is None:
        assert tables[0]["seat"] == "S" and robots["contract"] == "Pass"
        assert views[0]["sheet"]["over"]
    else:
        assert contract.declarer is not None
        assert tables[0]["seat"] == contract.declarer.name  # the player is declarer
        assert robots["contract"] == str(contract)  # the robots' entry: the same contract
        play_out(ann, tables[0])
    result = results_of(app, declarer, key_of(app, "Ann"))
    assert [r["board"] for r in result] == [board]
    if contract is not None:
        assert contract.declarer is not None
        assert result[0]["side"] == contract.declarer.side.name
        assert result[0]["contract"] == str(contract)


@slow
def test_a_passed_out_declarer_deal_is_scored_at_once_and_the_next_follows(
    tmp_path: Path, stack: ExitStack
) -> None:
    app = new_app(tmp_path / "i.db")
    service = app.state.daily
    sets = service.ensure_day(datetime.now(UTC).date())
    declarer = next(s for s in sets if s.kind is Kind.DECLARER)
    # the robots' auction of board 1 passed out (stored before anyone asked)
    service.add_auction(declarer.id, 1, [("P", False, None)] * 4)
    ann = signed_up(stack, app, "Ann")
    ann.get("/api/daily")
    ann.post(f"/api/daily/{declarer.id}/start")
    first = ann.post(f"/api/daily/{declarer.id}/play").json()
    assert (first["board"], first["seat"]) == (1, "S")
    assert view(ann, first)["board"]["passed_out"] is True
    stored = results_of(app, declarer.id, key_of(app, "Ann"))
    assert [(r["board"], r["contract"], r["side"]) for r in stored] == [(1, "Pass", Side.NS.name)]
    robots = [r for _, r in service.store.results(declarer.id) if r["player"] == ROBOTS]
    assert next(r for r in robots if r["board"] == 1)["contract"] == "Pass"
    assert ann.post(f"/api/daily/{declarer.id}/play").json()["board"] == 2


# -- hidden information ---------------------------------------------------------------------
@slow
def test_another_account_never_gets_a_players_unfinished_deal(
    tmp_path: Path, stack: ExitStack
) -> None:
    app = new_app(tmp_path / "j.db")
    ann, bob = signed_up(stack, app, "Ann"), signed_up(stack, app, "Bob")
    mp = ann.get("/api/daily").json()["sets"][0]["id"]
    ann.post(f"/api/daily/{mp}/start")
    table = ann.post(f"/api/daily/{mp}/play").json()
    play_out(ann, table, stop_before_end=True)  # Ann is in the middle of board 1
    deal = app.state.daily.get_set(mp).deal(1).deal
    bob.post(f"/api/daily/{mp}/start")
    seen = [
        bob.get("/api/daily").text,
        bob.get(f"/api/daily/{mp}/ranking").text,
        bob.get(f"/api/daily/{mp}/scorecard").text,
        bob.get(f"/api/daily/{mp}/field/1").text,
        bob.get(f"/api/tables/{table['table']}").text,  # no token: refused
        bob.get(f"/api/tables/{table['table']}", params={"token": "guess"}).text,
        bob.get("/api/me/tables").text,
        bob.get("/api/me/history").text,
    ]
    hands = [deal[s].to_pbn() for s in Seat]
    for text in seen:
        assert table["token"] not in text
        assert deal.to_pbn() not in text and deal.to_pbn().split(":", 1)[1] not in text
        for hand in hands:
            assert hand not in text
        # nor any card one by one, as a table's view lists a hand (none of Bob's answers
        # names a card: he has finished nothing)
        assert not re.findall(r'"[SHDC][2-9TJQKA]"', text), text
    assert bob.get(f"/api/tables/{table['table']}").status_code == 403


@slow
def test_two_processes_recording_the_same_table_at_once_store_it_once(
    tmp_path: Path, stack: ExitStack
) -> None:
    one, two = new_app(tmp_path / "k.db"), new_app(tmp_path / "k.db")
    ann = signed_up(stack, one, "Ann")
    mp = ann.get("/api/daily").json()["sets"][0]["id"]
    ann.post(f"/api/daily/{mp}/start")
    table = ann.post(f"/api/daily/{mp}/play").json()
    one.state.hub.scored.clear()  # neither records on its own: both are asked at once
    play_out(ann, table)
    services = [one.state.daily, two.state.daily, one.state.daily, two.state.daily]
    start = threading.Barrier(len(services))

    def record(service: Any) -> bool:
        start.wait()
        return bool(service.record_table(table["table"]))

    with ThreadPoolExecutor(len(services)) as pool:
        stored = list(pool.map(record, services))
    assert sorted(stored) == [False, False, False, True]
    assert [r["board"] for r in results_of(two, mp, key_of(two, "Ann"))] == [1]
