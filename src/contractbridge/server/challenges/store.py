"""The challenges' tables, in the database the tables are kept in (``storage.py``'s
metadata), shared by every server process:

- ``cb_challenges``: a challenge (its players, deals, when made, accepted, declined);
- ``cb_challenge_results``: a finished deal, one per player per deal (the primary key
  refuses a second, from whatever process);
- ``cb_challenge_tables``: the table a player plays a deal at, one per player per deal.

Every method is one short transaction.
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
    func,
    insert,
    or_,
    select,
    update,
)

from contractbridge.server.storage import Storage, metadata
from contractbridge.server.tables.scored_rows import insert_once, table_deal, table_of

challenges = Table(
    "cb_challenges",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("challenger", String(64), nullable=False, index=True),
    Column("opponent", String(64), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("accepted", Float, nullable=True),
    Column("declined", Float, nullable=True),
    Column("deals", Text, nullable=False),
)
challenge_results = Table(
    "cb_challenge_results",
    metadata,
    Column("challenge", String(32), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("data", Text, nullable=False),
)
challenge_tables = Table(
    "cb_challenge_tables",
    metadata,
    Column("challenge", String(32), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("table_id", String(64), nullable=False, unique=True),
    Column("token", String(64), nullable=False),
)
TABLES = [challenges, challenge_results, challenge_tables]


class ChallengeStore:
    """The challenges' rows over ``storage``'s database (the tables made if missing)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine
        metadata.create_all(self.engine, tables=TABLES)

    def add(self, row: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(challenges).values(**row))

    def get(self, challenge: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(challenges).where(challenges.c.id == challenge)).first()
        return None if row is None else dict(row._mapping)

    def of_player(self, player: str) -> list[dict[str, Any]]:
        """The player's challenges, sent or received, the newest first."""
        with self.engine.connect() as conn:
            query = select(challenges).where(
                or_(challenges.c.challenger == player, challenges.c.opponent == player)
            )
            rows = conn.execute(query.order_by(challenges.c.created.desc())).all()
        return [dict(row._mapping) for row in rows]

    def count_made(self, player: str, since: float) -> int:
        """How many challenges ``player`` made since ``since``."""
        c = challenges.c
        with self.engine.connect() as conn:
            query = select(func.count()).select_from(challenges)
            query = query.where((c.challenger == player) & (c.created >= since))
            return int(conn.execute(query).scalar_one())

    def answer(self, challenge: str, column: str, when: float) -> bool:
        """Set ``accepted`` or ``declined`` if neither is set: False if it was answered
        (by another tab or process) first."""
        c = challenges.c
        with self.engine.begin() as conn:
            done = conn.execute(
                update(challenges)
                .where((c.id == challenge) & c.accepted.is_(None) & c.declined.is_(None))
                .values({column: when})
            )
        return done.rowcount == 1

    def add_result(self, challenge: str, player: str, board: int, data: dict[str, Any]) -> bool:
        """Store a finished deal; False if that player's deal has a result already."""
        row = {"challenge": challenge, "player": player, "board": board,
               "data": json.dumps(data)}  # fmt: skip
        return insert_once(self.engine, challenge_results, row)

    def results(self, challenge: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            query = select(challenge_results.c.data).where(
                challenge_results.c.challenge == challenge
            )
            return [json.loads(row[0]) for row in conn.execute(query)]

    def add_table(self, challenge: str, player: str, board: int, table_id: str, token: str) -> bool:
        """The table ``player`` plays ``board`` at; False if they have one (it stands)."""
        row = {"challenge": challenge, "player": player, "board": board, "table_id": table_id,
               "token": token}  # fmt: skip
        return insert_once(self.engine, challenge_tables, row)

    def table_of(self, challenge: str, player: str, board: int) -> tuple[str, str] | None:
        return table_of(self.engine, challenge_tables.c.challenge, challenge, player, board)

    def table_deal(self, table_id: str) -> tuple[str, str, int] | None:
        """Which challenge, player and board a table is for (None: not a challenge's)."""
        return table_deal(self.engine, challenge_tables.c.challenge, table_id)
