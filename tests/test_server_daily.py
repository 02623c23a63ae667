"""Tournaments of the day on the server: the day dealt once, entries, results recorded
exactly once, rankings and field views, with several service instances on one database
(SQLite files here; PostgreSQL too when CB_TEST_POSTGRES_URL is set)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from contractbridge.robots.basic import BasicRobot
from contractbridge.server.daily import DailyService, NoSuchSetError
from contractbridge.server.daily.store import daily_results, daily_sets
from contractbridge.server.storage import Storage
from contractbridge.tournament.daily import (
    ROBOTS,
    AlreadyRecordedError,
    DailyError,
    DailyPlan,
    DealResult,
    NotFinishedError,
    NotStartedError,
    OutOfOrderError,
    Scoring,
    SetClosedError,
    SetPlan,
)
from pgschema import IN_CI, POSTGRES_URL, postgres_schema

SECRET = "the operator's secret for tests"
DAY = date(2026, 11, 29)
NOON = datetime(2026, 11, 29, 12, tzinfo=UTC)
PLAN = DailyPlan((SetPlan("MP", 3), SetPlan("IMPs", 2, Scoring.BUTLER)))
MP = "2026-11-29-1"


class Clock:
    def __init__(self, at: datetime = NOON) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'daily.db'}"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def make(db: str, clock: Clock) -> Iterator[Callable[..., DailyService]]:
    stores: list[Storage] = []

    def make(secret: str = SECRET, plan: DailyPlan = PLAN, url: str = db) -> DailyService:
        storage = Storage(url)
        stores.append(storage)
        return DailyService(storage, secret, plan, now=clock)

    yield make
    for storage in stores:
        storage.close()


def play(service: DailyService, player: str, board: int, contract: str, tricks: int,
         set_id: str = MP) -> DealResult:  # fmt: skip
    deal = service.get_set(set_id).deal(board)
    result = DealResult.of(player, deal, contract, tricks, lead="SA", finished=service._now())
    service.record(set_id, result)
    return result


def rows(service: DailyService, table: Any) -> int:
    with service.store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


def race(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls at once on threads; each one's return value or exception."""
    barrier = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            out[i] = calls[i]()
        except Exception as error:
            out[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return out


# -- the day's sets -------------------------------------------------------------------------
def test_the_day_is_dealt_once_however_often_it_is_asked(make: Callable[..., DailyService]) -> None:
    service = make()
    first = service.ensure_day(DAY)
    assert [s.name for s in first] == ["MP", "IMPs"]
    assert service.ensure_day(DAY) == first == service.sets_of(DAY)
    assert rows(service, daily_sets) == 2
    assert service.sets_of(DAY + timedelta(days=1)) == ()


def test_two_processes_racing_to_deal_the_day_keep_one_copy(
    make: Callable[..., DailyService],
) -> None:
    for _ in range(3):
        day = DAY + timedelta(days=_)
        a, b = make(), make()
        got = race(lambda: a.ensure_day(day), lambda: b.ensure_day(day))  # noqa: B023
        assert not any(isinstance(g, Exception) for g in got), got
        assert got[0] == got[1] and len(got[0]) == 2
    assert rows(a, daily_sets) == 6


def test_the_first_stored_copy_stands_even_against_another_secret(
    make: Callable[..., DailyService],
) -> None:
    ours = make().ensure_day(DAY)
    theirs = make(secret="a different secret, as long").ensure_day(DAY)
    assert theirs == ours


def test_an_unknown_set_is_refused(make: Callable[..., DailyService]) -> None:
    with pytest.raises(NoSuchSetError):
        make().start("1999-01-01-1", "ann")


# -- entries and results --------------------------------------------------------------------
def test_a_player_has_one_entry_and_plays_the_deals_in_order(
    make: Callable[..., DailyService],
) -> None:
    service = make()
    service.ensure_day(DAY)
    progress = service.start(MP, "ann")
    assert progress.finished == () and progress.next_deal is not None
    assert progress.next_deal.board == 1
    play(service, "ann", 1, "4S S", 10)
    again = service.start(MP, "ann")
    assert again.finished == (1,) and again.next_deal is not None and again.next_deal.board == 2
    assert service.store.entrants(MP) == ["ann"]
    with pytest.raises(OutOfOrderError, match="board 2"):
        play(service, "ann", 3, "4S S", 10)
    play(service, "ann", 2, "3NT N", 9)
    play(service, "ann", 3, "2H S", 8)
    done = service.progress(MP, "ann")
    assert done.is_complete and done.next_deal is None


def test_a_second_submission_of_a_deal_is_refused(make: Callable[..., DailyService]) -> None:
    service = make()
    service.ensure_day(DAY)
    service.start(MP, "ann")
    play(service, "ann", 1, "4S S", 10)
    with pytest.raises(AlreadyRecordedError, match="already scored"):
        play(service, "ann", 1, "4S S", 11)
    assert rows(service, daily_results) == 1


def test_a_result_needs_an_entry_an_open_set_and_a_player_key(
    make: Callable[..., DailyService], clock: Clock
) -> None:
    service = make()
    service.ensure_day(DAY)
    with pytest.raises(NotStartedError):
        play(service, "ann", 1, "4S S", 10)
    service.start(MP, "ann")
    robots = DealResult.of(ROBOTS, service.get_set(MP).deal(1), "4S S", 10, lead="SA",
                           finished=NOON)  # fmt: skip
    with pytest.raises(DailyError, match="cannot name a player"):
        service.record(MP, robots)
    clock.at = datetime(2026, 11, 30, 0, tzinfo=UTC)  # the close
    with pytest.raises(SetClosedError, match="closed"):
        play(service, "ann", 1, "4S S", 10)
    with pytest.raises(SetClosedError):
        service.start(MP, "bob")
    clock.at = datetime(2026, 11, 28, 23, tzinfo=UTC)
    with pytest.raises(SetClosedError, match="opens"):
        service.start(MP, "bob")


def test_two_processes_racing_to_record_the_same_deal_store_it_once(
    make: Callable[..., DailyService],
) -> None:
    a, b = make(), make()
    a.ensure_day(DAY)
    for player in ("ann", "bob", "cy"):
        a.start(MP, player)
        got = race(lambda: play(a, player, 1, "4S S", 10),  # noqa: B023
                   lambda: play(b, player, 1, "4S S", 9))  # noqa: B023  # fmt: skip
        refused = [g for g in got if isinstance(g, Exception)]
        assert len(refused) == 1 and isinstance(refused[0], AlreadyRecordedError), got
    assert rows(a, daily_results) == 3


def test_results_recorded_by_two_processes_rank_the_same_in_both(
    make: Callable[..., DailyService],
) -> None:
    a, b = make(), make()
    a.ensure_day(DAY)
    players = [f"p{i}" for i in range(12)]
    for player in players:
        a.start(MP, player)

    def record(service: DailyService, group: list[str]) -> None:
        for i, player in enumerate(group):
            play(service, player, 1, "4S S", 8 + i % 4)

    got = race(lambda: record(a, players[:6]), lambda: record(b, players[6:]))
    assert got == [None, None]
    ranking_a, ranking_b = a.ranking(MP), b.ranking(MP)
    assert ranking_a == ranking_b and len(ranking_a.standings) == 12
    # a later result through one is seen by the other (read incrementally)
    play(a, "p0", 2, "3NT N", 9)
    assert next(s for s in b.ranking(MP).standings if s.player == "p0").played == 2


def test_a_result_stored_late_with_a_lower_id_is_not_missed(
    make: Callable[..., DailyService],
) -> None:
    a, b = make(), make()
    a.ensure_day(DAY)
    for player in ("ann", "bob"):
        a.start(MP, player)
    play(a, "ann", 1, "4S S", 10)
    assert len(b.ranking(MP).standings) == 1
    # as if a transaction holding a lower id committed after b had read past it
    field, _last = b._fields[MP]
    b._fields[MP] = (field, 10**6)
    play(a, "bob", 1, "4S S", 9)
    assert len(b.ranking(MP).standings) == 2


def test_the_field_view_is_given_only_after_finishing_the_deal(
    make: Callable[..., DailyService],
) -> None:
    service = make()
    service.ensure_day(DAY)
    for player in ("ann", "bob"):
        service.start(MP, player)
    play(service, "ann", 1, "4S S", 10)
    with pytest.raises(NotFinishedError):
        service.field_view(MP, "bob", 1)
    view = service.field_view(MP, "ann", 1).to_json()
    assert view["entries"] == 1 and view["rows"][0]["contract"] == "4S S"
    play(service, "bob", 1, "4S S", 9)
    assert service.field_view(MP, "bob", 1).entries == 2
    assert [c["board"] for c in service.scorecard(MP, "bob")] == [1]


def test_the_ranking_is_final_at_the_close_with_unfinished_deals_average_minus(
    make: Callable[..., DailyService], clock: Clock
) -> None:
    service = make()
    service.ensure_day(DAY)
    for player in ("ann", "bob", "cy"):
        service.start(MP, player)
    play(service, "ann", 1, "4S S", 10)  # 420
    play(service, "bob", 1, "4S S", 9)  # -50
    live = service.ranking(MP)
    assert not live.final and [s.player for s in live.standings] == ["ann", "bob"]
    clock.at = datetime(2026, 11, 30, 0, tzinfo=UTC)
    final = service.ranking(MP)
    assert final.final
    averages = {s.player: s.average for s in final.standings}
    assert averages == pytest.approx({"ann": 60.0, "bob": 80 / 3, "cy": 40.0})


def test_the_robots_result_joins_the_field_once(make: Callable[..., DailyService]) -> None:
    a, b = make(), make()
    a.ensure_day(DAY)
    robots = [BasicRobot()] * 4
    stored = race(lambda: a.record_robots(MP, robots), lambda: b.record_robots(MP, robots))
    assert sum(stored) == 3, stored  # each deal stored by one of them
    assert a.record_robots(MP, robots) == 0
    standing = a.ranking(MP).standing(ROBOTS)
    assert standing is not None and standing.played == 3


def test_everything_comes_back_after_a_restart(make: Callable[..., DailyService]) -> None:
    service = make()
    service.ensure_day(DAY)
    service.start(MP, "ann")
    play(service, "ann", 1, "4S S", 10)
    again = make()
    assert again.progress(MP, "ann").finished == (1,)
    assert again.ranking(MP) == service.ranking(MP)


@pytest.mark.postgres
@pytest.mark.skipif(
    not POSTGRES_URL and not IN_CI, reason="CB_TEST_POSTGRES_URL is not set (run .ci/postgres.sh)"
)
def test_two_servers_on_postgresql_share_the_day_and_record_once() -> None:
    at = NOON
    with postgres_schema() as url:  # a schema of its own (pgschema.py)
        a = DailyService(Storage(url), SECRET, PLAN, now=lambda: at)
        b = DailyService(Storage(url), SECRET, PLAN, now=lambda: at)
        try:
            got = race(lambda: a.ensure_day(DAY), lambda: b.ensure_day(DAY))
            assert got[0] == got[1] and len(got[0]) == 2, got
            assert rows(a, daily_sets) == 2
            a.start(MP, "ann")
            deal = a.get_set(MP).deal(1)
            result = DealResult.of("ann", deal, "4S S", 10, lead="SA", finished=at)
            outcome = race(lambda: a.record(MP, result), lambda: b.record(MP, result))
            assert sum(isinstance(o, AlreadyRecordedError) for o in outcome) == 1, outcome
            assert a.ranking(MP) == b.ranking(MP) and len(a.ranking(MP).standings) == 1
        finally:
            a.store.storage.close()
            b.store.storage.close()
