"""The event store on SQLite and, when CB_TEST_POSTGRES_URL is set, on PostgreSQL."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from contractbridge.server.storage import ConflictError, Storage, normalise_url
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable
from pgschema import IN_CI, POSTGRES_URL, postgres_schema


def postgres_param() -> object:
    if POSTGRES_URL or IN_CI:
        # In CI a missing URL is a failure of the set-up, not a reason to skip.
        return pytest.param("postgres", marks=pytest.mark.postgres)
    return pytest.param(
        "postgres",
        marks=pytest.mark.skip(reason="CB_TEST_POSTGRES_URL is not set (run .ci/postgres.sh)"),
    )


@pytest.fixture(params=["sqlite", postgres_param()])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    # a schema of its own: two workers creating the tables in one schema at once collide in
    # PostgreSQL's catalogue (CREATE TABLE is not safe to race, even "if not exists")
    with postgres_schema() as schema_url:
        yield schema_url


def test_events_come_back_in_order_after_reopening(url: str) -> None:
    table_id = "t" + secrets.token_hex(6)
    store = Storage(url)
    store.create_table(table_id, {"kind": "rubber", "seats": {}})
    store.append(table_id, 0, [{"type": "deal", "n": 1}])
    store.append(table_id, 1, [{"type": "call", "call": "1NT"}, {"type": "call", "call": "Pass"}])
    store.close()
    again = Storage(url)
    settings, events = again.load(table_id)
    assert settings == {"kind": "rubber", "seats": {}}
    assert [e.get("call") for e in events] == [None, "1NT", "Pass"]
    assert table_id in again.table_ids()
    again.close()


def test_two_writers_cannot_both_append_at_the_same_position(url: str) -> None:
    table_id = "t" + secrets.token_hex(6)
    a, b = Storage(url), Storage(url)
    a.create_table(table_id, {})
    a.append(table_id, 0, [{"type": "card", "card": "SA"}])
    with pytest.raises(ConflictError):
        b.append(table_id, 0, [{"type": "card", "card": "HA"}])
    # A failed batch writes nothing, not even its events at free positions.
    with pytest.raises(ConflictError):
        b.append(table_id, 0, [{"type": "card", "card": "HA"}, {"type": "card", "card": "HK"}])
    assert [e["card"] for e in a.load(table_id)[1]] == ["SA"]
    a.close()
    b.close()


def test_a_missing_table_is_a_key_error(url: str) -> None:
    store = Storage(url)
    with pytest.raises(KeyError):
        store.load("no-such-table")
    store.close()


def test_a_table_replays_from_storage_to_the_same_state(url: str) -> None:
    table_id = "t" + secrets.token_hex(6)
    store = Storage(url)
    settings = {"kind": "duplicate", "seed": 9}
    state = ServerTable.new(TableSettings.from_json(settings))
    store.create_table(table_id, settings)
    store.append(table_id, 0, state.start_events())
    for call in ("1H", "Pass", "2H", "Pass", "Pass", "Pass"):
        first = state.version
        store.append(table_id, first, state.act(state.board.auction.turn, {"call": call}))
    loaded_settings, loaded = store.load(table_id)
    replayed = ServerTable.replay(TableSettings.from_json(loaded_settings), loaded)
    assert replayed.version == state.version == len(loaded)
    assert replayed.board.auction == state.board.auction
    assert str(replayed.board.contract) == "2H N"
    store.close()


def test_urls_are_normalised_for_the_drivers_we_ship() -> None:
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("/tmp/x.db") == "sqlite:////tmp/x.db"


def test_the_robot_queue_keeps_only_what_is_still_wanted(tmp_path: Path) -> None:
    # its own database: a shared one's queue holds other tests' tasks, not to be taken
    store = Storage(f"sqlite:///{tmp_path / 'queue.db'}")
    prefix = "q" + secrets.token_hex(4)
    store.put_task(f"{prefix}:1", "owner", "payload-1")
    store.put_task(f"{prefix}:1", "owner", "again")  # the same decision asked twice: one task
    store.put_task(f"{prefix}:2", "owner", "payload-2")
    claimed = []
    while (found := store.claim_task("worker", 15.0)) is not None:
        claimed.append(found[0])
    assert [k for k in claimed if k.startswith(prefix)] == [f"{prefix}:1", f"{prefix}:2"]
    store.finish_task(f"{prefix}:1", '{"result": 1}')
    assert store.task_result(f"{prefix}:1") == '{"result": 1}'
    store.prune_tasks(answered=-1.0)  # every answer has been read
    assert store.task_result(f"{prefix}:1") is None
    assert store.claim_task("worker", 15.0) is None  # :2 is held (leased), not answered
    store.prune_tasks(answered=-1.0, unanswered=-1.0)
    store.close()
