"""Where tables and pairs events live: an append-only log each, through SQLAlchemy.

SQLite by default (a file, no set-up), PostgreSQL by URL. A table is one row (its settings
and seat tokens as JSON) plus its events, numbered from 0. An event is written in its own
committed transaction before anyone is told about it, so a server killed at any moment
comes back with every acknowledged call and card. A pairs or teams event run from the
browser is kept the same way: one row (the event as created, and its links' tokens) plus
the log of the results entered, corrected and removed; and so is a Minibridge game (its
settings, and every move made).

>>> store = Storage("sqlite://")
>>> store.create_table("t1", {"kind": "duplicate"})
>>> store.append("t1", 0, [{"type": "deal"}])
>>> store.load("t1")
({'kind': 'duplicate'}, [{'type': 'deal'}])
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import (
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

from contractbridge.server import bus

metadata = MetaData()
T = TypeVar("T")


def _row_and_log(head: str, log: str, owner: str) -> tuple[Table, Table]:
    """A row per thing (its settings as JSON) and its log (entries numbered from 0)."""
    row = Table(
        head,
        metadata,
        Column("id", String(64), primary_key=True),
        Column("created", Float, nullable=False),
        Column("settings", Text, nullable=False),
    )
    entries = Table(
        log,
        metadata,
        Column(owner, String(64), primary_key=True),
        Column("seq", Integer, primary_key=True, autoincrement=False),
        Column("data", Text, nullable=False),
    )
    return row, entries


tables, events = _row_and_log("cb_tables", "cb_events", "table_id")
# Robots' tasks shared by every process on one database (PostgreSQL): ``key`` names the
# decision (a table and its version, or a deal to analyse), so two processes watching the
# same table ask for it once; a worker claims a task for a lease and writes its result.
robot_tasks = Table(
    "cb_robot_tasks",
    metadata,
    Column("key", String(200), primary_key=True),
    Column("created", Float, nullable=False),
    Column("owner", String(64), nullable=False),
    Column("payload", Text, nullable=False),
    Column("claimed_by", String(64)),
    Column("claimed_until", Float),
    Column("result", Text),
)
# Workers take the oldest unanswered task: an index of those alone, however many answers
# the table still keeps.
Index(
    "ix_cb_robot_tasks_open",
    robot_tasks.c.created,
    postgresql_where=robot_tasks.c.result.is_(None),
    sqlite_where=robot_tasks.c.result.is_(None),
)
# pairs and teams events alike (the names date from when there were only pairs events)
club_events, club_entries = _row_and_log("cb_pairs_events", "cb_pairs_entries", "event_id")
# a Minibridge game: its settings, then every move (the learner's and the robots')
games, moves = _row_and_log("cb_minibridge_games", "cb_minibridge_moves", "game_id")
# a Honeymoon bridge match: its settings, then every move (the player's and the robot's)
honeymoons, honeymoon_moves = _row_and_log("cb_honeymoon_games", "cb_honeymoon_moves", "game_id")
#: what a stored append tells the other processes, by the log it went to
_STORED: dict[str, Callable[[str, int], bus.Message]] = {
    events.name: bus.TableStored,
    club_entries.name: bus.EventStored,
    moves.name: bus.GameStored,
    honeymoon_moves.name: bus.HoneymoonStored,
}


class ConflictError(Exception):
    """Someone else appended to the table first (the caller's state is stale)."""


class StorageError(Exception):
    """The database cannot be used as given; the message says what to do."""


def normalise_url(url: str) -> str:
    """Accept ``postgresql://`` and plain file paths as well as SQLAlchemy URLs.

    >>> normalise_url("postgresql://u@h/db"), normalise_url("tables.db")
    ('postgresql+psycopg://u@h/db', 'sqlite:///tables.db')
    """
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://") :]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


class Storage:
    """The event store. Every method is a short synchronous transaction."""

    def __init__(self, url: str) -> None:
        url = normalise_url(url)
        self.url = url
        self._executor: ThreadPoolExecutor | None = None
        self.engine: Engine
        if url.startswith("postgresql+psycopg"):
            try:
                import psycopg  # noqa: F401
            except ModuleNotFoundError:
                raise StorageError(
                    "PostgreSQL needs its driver: pip install 'contractbridge[postgres]'"
                ) from None
        if url.startswith("sqlite"):
            memory = url in ("sqlite://", "sqlite:///:memory:")
            self.engine = create_engine(
                url,
                connect_args={"check_same_thread": False},
                poolclass=StaticPool if memory else None,
            )

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_connection: Any, _record: Any) -> None:
                cursor = dbapi_connection.cursor()
                if not memory:
                    # WAL survives a killed process with every committed transaction.
                    cursor.execute("PRAGMA journal_mode=WAL")
                    cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute("PRAGMA busy_timeout=5000")
                cursor.close()

        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        metadata.create_all(self.engine)

    async def run(self, func: Callable[..., T], *args: Any) -> T:
        """``func(*args)`` (one of this store's methods) off the event loop. SQLite takes one
        writer at a time, so its calls go through one thread (no busy-wait back-off: stalls
        of a second under load, and a shared in-memory connection stays single-threaded); a
        server database takes several at once."""
        if self._executor is None:
            threads = 1 if self.url.startswith("sqlite") else 8
            self._executor = ThreadPoolExecutor(threads, thread_name_prefix="store")
        return await asyncio.get_running_loop().run_in_executor(self._executor, func, *args)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None
        self.engine.dispose()

    # -- tables ---------------------------------------------------------------------------
    def create_table(self, table_id: str, settings: dict[str, Any]) -> None:
        self._create(tables, table_id, settings)

    def update_settings(self, table_id: str, settings: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(tables).where(tables.c.id == table_id).values(settings=json.dumps(settings))
            )

    def table_settings(self, table_id: str) -> dict[str, Any]:
        """The table's settings as stored now (KeyError if there is no such table)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables.c.settings).where(tables.c.id == table_id)).first()
        if row is None:
            raise KeyError(table_id)
        return dict(json.loads(row[0]))

    def take_seat(self, table_id: str, seat: str, invite: str, token: str) -> bool:
        """The first to use ``invite`` takes ``seat`` with ``token``: False if the seat was
        taken already (by another browser, or another process at the same moment)."""
        with self.engine.begin() as conn:
            query = select(tables.c.settings).where(tables.c.id == table_id)
            if self.engine.dialect.name == "postgresql":
                query = query.with_for_update()
            row = conn.execute(query).first()
            if row is None:
                return False
            settings = json.loads(row[0])
            info = settings.get("seats", {}).get(seat, {})
            if info.get("invite") != invite or info.get("token"):
                return False
            info["token"] = token
            conn.execute(
                update(tables).where(tables.c.id == table_id).values(settings=json.dumps(settings))
            )
            return True

    def table_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.id).order_by(tables.c.created))
            return [row[0] for row in rows]

    def exists(self, table_id: str) -> bool:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables.c.id).where(tables.c.id == table_id)).first()
            return row is not None

    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The table's settings and all its events in order; KeyError if there is none."""
        return self._load(tables, events, table_id)

    def append(self, table_id: str, first_seq: int, new: Sequence[dict[str, Any]]) -> None:
        """Store ``new`` as events ``first_seq, first_seq + 1, ...`` in one transaction.

        Raises :class:`ConflictError` when one of those numbers is taken: the primary key
        makes two writers racing for the same position fail instead of interleaving.
        """
        self._append(events, table_id, first_seq, new)

    def count(self, table_id: str) -> int:
        with self.engine.connect() as conn:
            rows = conn.execute(select(events.c.seq).where(events.c.table_id == table_id))
            return len(rows.all())

    # -- pairs and teams events ---------------------------------------------------------------
    def create_event(self, event_id: str, settings: dict[str, Any]) -> None:
        self._create(club_events, event_id, settings)

    def load_event(self, event_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The event's settings and every entry in order; KeyError if there is none."""
        return self._load(club_events, club_entries, event_id)

    def append_entries(self, event_id: str, first_seq: int, new: Sequence[dict[str, Any]]) -> None:
        """Store entries as :meth:`append` stores a table's events (ConflictError on a race)."""
        self._append(club_entries, event_id, first_seq, new)

    # -- Minibridge games --------------------------------------------------------------------
    def create_game(self, game_id: str, settings: dict[str, Any]) -> None:
        self._create(games, game_id, settings)

    def load_game(self, game_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The game's settings and every move in order; KeyError if there is none."""
        return self._load(games, moves, game_id)

    def append_moves(self, game_id: str, first_seq: int, new: Sequence[dict[str, Any]]) -> None:
        """Store moves as :meth:`append` stores a table's events (ConflictError on a race)."""
        self._append(moves, game_id, first_seq, new)

    # -- Honeymoon bridge matches -----------------------------------------------------------
    def create_honeymoon(self, game_id: str, settings: dict[str, Any]) -> None:
        self._create(honeymoons, game_id, settings)

    def load_honeymoon(self, game_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The match's settings and every move in order; KeyError if there is none."""
        return self._load(honeymoons, honeymoon_moves, game_id)

    def append_honeymoon_moves(
        self, game_id: str, first_seq: int, new: Sequence[dict[str, Any]]
    ) -> None:
        """Store moves as :meth:`append` stores a table's events (ConflictError on a race)."""
        self._append(honeymoon_moves, game_id, first_seq, new)

    # -- one row and its log ----------------------------------------------------------------
    def _create(self, head: Table, key: str, settings: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(head).values(id=key, created=time.time(), settings=json.dumps(settings))
            )

    def _load(
        self, head: Table, log: Table, key: str
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        owner = log.c[log.primary_key.columns.keys()[0]]
        with self.engine.connect() as conn:
            row = conn.execute(select(head.c.settings).where(head.c.id == key)).first()
            if row is None:
                raise KeyError(key)
            rows = conn.execute(select(log.c.data).where(owner == key).order_by(log.c.seq))
            return json.loads(row[0]), [json.loads(r[0]) for r in rows]

    def _append(self, log: Table, key: str, first_seq: int, new: Sequence[dict[str, Any]]) -> None:
        if not new:
            return
        owner = log.primary_key.columns.keys()[0]
        rows = [
            {owner: key, "seq": first_seq + i, "data": json.dumps(e)} for i, e in enumerate(new)
        ]
        stored = _STORED[log.name](key, first_seq + len(new))
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(log), rows)
                # told to every listening process when (and only if) this commits
                self._notify(conn, stored)
        except IntegrityError as error:
            raise ConflictError(f"{key} changed under us at {first_seq}") from error

    # -- notifications and robots' tasks (shared by every process on one database) ----------
    @property
    def shared(self) -> bool:
        """Whether several processes may use this database (PostgreSQL; SQLite is one
        process's)."""
        return self.engine.dialect.name == "postgresql"

    def _notify(self, conn: Any, message: bus.Message) -> None:
        if self.shared:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": bus.CHANNEL, "payload": bus.encode(message)})  # fmt: skip

    def put_task(self, key: str, owner: str, payload: str) -> None:
        """Ask for a robot's task once: a second ask for the same ``key`` is the same task."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(robot_tasks).values(
                        key=key, created=time.time(), owner=owner, payload=payload
                    )
                )
                self._notify(conn, bus.TaskAsked())
        except IntegrityError:
            pass  # another process asked first

    def claim_task(self, worker: str, lease: float) -> tuple[str, str, float] | None:
        """The oldest task nobody holds (or whose holder's lease ran out), now held by
        ``worker`` for ``lease`` seconds: its key, payload and when it was asked; None if
        there is none."""
        found = self.claim_tasks(worker, lease, 1)
        return found[0] if found else None

    def claim_tasks(self, worker: str, lease: float, most: int) -> list[tuple[str, str, float]]:
        """Up to ``most`` of the oldest free tasks, in one transaction (see
        :meth:`claim_task`)."""
        now = time.time()
        free = (robot_tasks.c.result.is_(None)) & (
            robot_tasks.c.claimed_until.is_(None) | (robot_tasks.c.claimed_until < now)
        )
        with self.engine.begin() as conn:
            query = select(robot_tasks.c.key, robot_tasks.c.payload, robot_tasks.c.created)
            query = query.where(free).order_by(robot_tasks.c.created).limit(most)
            if self.shared:
                query = query.with_for_update(skip_locked=True)
            rows = conn.execute(query).all()
            if rows:
                conn.execute(
                    update(robot_tasks)
                    .where(robot_tasks.c.key.in_([row[0] for row in rows]))
                    .values(claimed_by=worker, claimed_until=now + lease)
                )
            return [(str(r[0]), str(r[1]), float(r[2])) for r in rows]

    def finish_task(self, key: str, result: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(robot_tasks).where(robot_tasks.c.key == key).values(result=result))
            self._notify(conn, bus.TaskAnswered(key))

    def task_result(self, key: str) -> str | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(robot_tasks.c.result).where(robot_tasks.c.key == key)).first()
            return None if row is None or row[0] is None else str(row[0])

    def forget_task(self, key: str) -> None:
        """Forget a task (a failed one, so that a later ask tries again)."""
        with self.engine.begin() as conn:
            conn.execute(robot_tasks.delete().where(robot_tasks.c.key == key))

    def prune_tasks(self, answered: float = 3600.0, unanswered: float = 86400.0) -> None:
        """Forget the tasks answered more than ``answered`` seconds after they were asked
        (every server waiting for them has long read the answer) and those asked more
        than ``unanswered`` seconds ago: the queue holds only what is still wanted."""
        now = time.time()
        done = robot_tasks.c.result.is_not(None) & (robot_tasks.c.created < now - answered)
        with self.engine.begin() as conn:
            conn.execute(robot_tasks.delete().where(done))
            conn.execute(robot_tasks.delete().where(robot_tasks.c.created < now - unanswered))


async def load_once(
    cache: dict[str, T], lock: asyncio.Lock, key: str, load: Callable[[], Awaitable[T]]
) -> T:
    """``cache[key]``, loaded by ``load`` on first use (a table or an event read back from its
    log); the lock makes two first requests at once load it only once."""
    found = cache.get(key)
    if found is not None:
        return found
    async with lock:
        found = cache.get(key)
        if found is None:
            found = await load()
            cache[key] = found
    return found
