"""The tournaments of the day's tables, in the database the tables are kept in
(``storage.py``'s metadata): every server process reads and writes the same rows.

- ``cb_daily_sets``: a day's set as dealt (its deals, scoring, window), one row per day and
  position -- the unique key makes two processes dealing the same day keep one copy;
- ``cb_daily_entries``: a player's entry in a set (one per player per set);
- ``cb_daily_results``: a finished deal, one per player per deal (the primary key refuses a
  second), with an increasing ``id`` to read the new ones since a known point;
- ``cb_daily_tables``: the table a player plays a deal at, one per player per deal (reloading
  the page, or a second tab, finds the same table);
- ``cb_daily_auctions``: a declarer-only deal's robots' auction, made once per deal (the
  first stored stands), so every player and process declares after the same auction.

Every method is one short transaction.

>>> from contractbridge.server.storage import Storage
>>> store = DailyStore(Storage("sqlite://"))
>>> store.add_set("2026-11-29-1", "2026-11-29", 1, {"name": "Daily"}, now=0.0)
True
>>> store.add_set("2026-11-29-1", "2026-11-29", 1, {"name": "Again"}, now=1.0)
False
>>> store.sets_of("2026-11-29")
[{'name': 'Daily'}]
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    func,
    select,
)

from contractbridge.server.storage import Storage, metadata
from contractbridge.server.tables.scored_rows import insert_once, table_deal, table_of

daily_sets = Table(
    "cb_daily_sets",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("day", String(10), nullable=False),
    Column("position", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("data", Text, nullable=False),
    # a day's n-th set exists once, whichever process dealt it first
    UniqueConstraint("day", "position", name="uq_cb_daily_sets_day_position"),
)
daily_entries = Table(
    "cb_daily_entries",
    metadata,
    Column("set_id", String(64), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("started", Float, nullable=False),
)
daily_results = Table(
    "cb_daily_results",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("set_id", String(64), nullable=False, index=True),
    Column("board", Integer, nullable=False),
    Column("player", String(64), nullable=False),
    Column("finished", Float, nullable=False),
    Column("data", Text, nullable=False),
    # each player's deal is scored once, however many processes or tabs submit it
    UniqueConstraint("set_id", "board", "player", name="uq_cb_daily_results_deal_player"),
)

daily_tables = Table(
    "cb_daily_tables",
    metadata,
    Column("set_id", String(64), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("table_id", String(64), nullable=False, unique=True),
    Column("token", String(64), nullable=False),
    Column("created", Float, nullable=False),
)
daily_auctions = Table(
    "cb_daily_auctions",
    metadata,
    Column("set_id", String(64), primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("data", Text, nullable=False),
)
TABLES = [daily_sets, daily_entries, daily_results, daily_tables, daily_auctions]


class DailyStore:
    """The rows of the tournaments of the day over ``storage``'s database (the tables are
    created if missing)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine
        metadata.create_all(self.engine, tables=TABLES)

    # -- sets ---------------------------------------------------------------------------
    def add_set(
        self, set_id: str, day: str, position: int, data: dict[str, Any], *, now: float
    ) -> bool:
        """Store a dealt set; False if that day's set at ``position`` is there already
        (another process dealt it first: its copy stands)."""
        row = {"id": set_id, "day": day, "position": position, "created": now,
               "data": json.dumps(data)}  # fmt: skip
        return insert_once(self.engine, daily_sets, row)

    def sets_of(self, day: str) -> list[dict[str, Any]]:
        """The day's sets in their order."""
        with self.engine.connect() as conn:
            query = select(daily_sets.c.data).where(daily_sets.c.day == day)
            rows = conn.execute(query.order_by(daily_sets.c.position)).all()
        return [json.loads(row[0]) for row in rows]

    def get_set(self, set_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            query = select(daily_sets.c.data).where(daily_sets.c.id == set_id)
            row = conn.execute(query).first()
        return None if row is None else dict(json.loads(row[0]))

    # -- entries ------------------------------------------------------------------------
    def enter(self, set_id: str, player: str, *, now: float) -> bool:
        """``player`` enters the set; False if they had entered it already."""
        row = {"set_id": set_id, "player": player, "started": now}
        return insert_once(self.engine, daily_entries, row)

    def has_entered(self, set_id: str, player: str) -> bool:
        with self.engine.connect() as conn:
            query = select(daily_entries.c.player).where(
                (daily_entries.c.set_id == set_id) & (daily_entries.c.player == player)
            )
            return conn.execute(query).first() is not None

    def entrants(self, set_id: str) -> list[str]:
        with self.engine.connect() as conn:
            query = select(daily_entries.c.player).where(daily_entries.c.set_id == set_id)
            return [str(row[0]) for row in conn.execute(query)]

    # -- results ------------------------------------------------------------------------
    def add_result(
        self, set_id: str, board: int, player: str, data: dict[str, Any], *, finished: float
    ) -> bool:
        """Store a finished deal; False if that player's deal has a result already."""
        row = {"set_id": set_id, "board": board, "player": player, "finished": finished,
               "data": json.dumps(data)}  # fmt: skip
        return insert_once(self.engine, daily_results, row)

    def boards_finished(self, set_id: str, player: str) -> set[int]:
        with self.engine.connect() as conn:
            query = select(daily_results.c.board).where(
                (daily_results.c.set_id == set_id) & (daily_results.c.player == player)
            )
            return {int(row[0]) for row in conn.execute(query)}

    def count_results(self, set_id: str) -> int:
        with self.engine.connect() as conn:
            query = select(func.count()).select_from(daily_results)
            return int(conn.execute(query.where(daily_results.c.set_id == set_id)).scalar_one())

    def results(self, set_id: str, *, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The set's results with an id above ``after``, by id: (id, result)."""
        with self.engine.connect() as conn:
            query = select(daily_results.c.id, daily_results.c.data).where(
                (daily_results.c.set_id == set_id) & (daily_results.c.id > after)
            )
            rows = conn.execute(query.order_by(daily_results.c.id)).all()
        return [(int(row[0]), json.loads(row[1])) for row in rows]

    # -- the players' tables ------------------------------------------------------------
    def add_table(
        self, set_id: str, player: str, board: int, table_id: str, token: str, *, now: float
    ) -> bool:
        """The table ``player`` plays ``board`` at; False if they have one already (another
        tab or process made it first: that one stands)."""
        row = {"set_id": set_id, "player": player, "board": board, "table_id": table_id,
               "token": token, "created": now}  # fmt: skip
        return insert_once(self.engine, daily_tables, row)

    def table_of(self, set_id: str, player: str, board: int) -> tuple[str, str] | None:
        """The player's table for the deal and their seat's token (None: none yet)."""
        return table_of(self.engine, daily_tables.c.set_id, set_id, player, board)

    def table_deal(self, table_id: str) -> tuple[str, str, int] | None:
        """Which set, player and board a table is for (None: not a daily table)."""
        return table_deal(self.engine, daily_tables.c.set_id, table_id)

    # -- declarer-only auctions -----------------------------------------------------------
    def add_auction(self, set_id: str, board: int, calls: list[dict[str, Any]]) -> bool:
        """Store a deal's robots' auction; False if one is stored already (it stands)."""
        row = {"set_id": set_id, "board": board, "data": json.dumps(calls)}
        return insert_once(self.engine, daily_auctions, row)

    def auction(self, set_id: str, board: int) -> list[dict[str, Any]] | None:
        with self.engine.connect() as conn:
            query = select(daily_auctions.c.data).where(
                (daily_auctions.c.set_id == set_id) & (daily_auctions.c.board == board)
            )
            row = conn.execute(query).first()
        return None if row is None else list(json.loads(row[0]))
