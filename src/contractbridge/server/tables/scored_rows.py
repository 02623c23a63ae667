"""The rows kept once per player per deal of an event (a tournament of the day's set, a
challenge), shared by :mod:`contractbridge.server.daily.store` and
:mod:`contractbridge.server.challenges.store`: a row stored once under its unique key
(whatever process or tab stores it first stands), and the players' tables, whose columns are
the event's key, ``player``, ``board``, ``table_id`` and ``token``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, Engine, Table, insert, select
from sqlalchemy.exc import IntegrityError


def insert_once(engine: Engine, table: Table, row: dict[str, Any]) -> bool:
    """Insert ``row`` into ``table``; False if a unique key refused it (one is stored
    already, by another process or tab: that one stands)."""
    try:
        with engine.begin() as conn:
            conn.execute(insert(table).values(**row))
    except IntegrityError:
        return False
    return True


def table_of(
    engine: Engine, key: Column[Any], event: str, player: str, board: int
) -> tuple[str, str] | None:
    """The table (id, the player's seat token) where ``player`` plays ``board`` of ``event``
    (None: none yet); ``key`` is the players' tables' column of the event."""
    c = key.table.c
    with engine.connect() as conn:
        query = select(c.table_id, c.token).where(
            (key == event) & (c.player == player) & (c.board == board)
        )
        row = conn.execute(query).first()
    return None if row is None else (str(row[0]), str(row[1]))


def table_deal(engine: Engine, key: Column[Any], table_id: str) -> tuple[str, str, int] | None:
    """Which event, player and board the table ``table_id`` is for (None: not one of the
    players' tables that ``key`` is the event's column of)."""
    c = key.table.c
    with engine.connect() as conn:
        query = select(key, c.player, c.board).where(c.table_id == table_id)
        row = conn.execute(query).first()
    return None if row is None else (str(row[0]), str(row[1]), int(row[2]))
