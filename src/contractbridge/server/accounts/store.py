"""The accounts' tables, in the database the tables are kept in (``storage.py``'s metadata):
every server process reads and writes the same rows, and none keeps a session or a count of
guesses of its own.

- ``cb_accounts``: a name, its key (case-folded: unique) and the password's argon2 hash;
- ``cb_sessions``: a signed-in browser, by the SHA-256 of its cookie's token (a copy of the
  database gives no live session), until it expires;
- ``cb_login_failures``: one row per wrong password, by account name and by client address
  (both hashed), kept for the limit's window; also one row per account created, by address;
- ``cb_account_seats``: the seats at tables an account holds (one account per seat).

Every method is one short transaction, run off the event loop through ``Storage.run``.

>>> from contractbridge.server.storage import Storage
>>> store = AccountStore(Storage("sqlite://"))
>>> account = store.create("Ann", "ann", "$argon2id$...", now=0.0)
>>> store.find("ANN".casefold())[1]
'Ann'
>>> token = store.open_session(account, now=0.0, seconds=60)
>>> store.session(token, now=30.0)[1], store.session(token, now=61.0)
('Ann', None)
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Index,
    Integer,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from contractbridge.server.storage import Storage, metadata
from contractbridge.server.storage import tables as stored_tables
from contractbridge.server.tables.settings import TableSettings

accounts = Table(
    "cb_accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    # the name as compared (rules.name_key): two accounts never share it, whatever the case
    Column("name_key", String(128), nullable=False, unique=True),
    # argon2's encoded hash: the algorithm, its costs, the salt and the hash itself
    Column("password", Text, nullable=False),
    Column("created", Float, nullable=False),
)
sessions = Table(
    "cb_sessions",
    metadata,
    Column("digest", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)
failures = Table(
    "cb_login_failures",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(80), nullable=False),
    Column("at", Float, nullable=False),
)
Index("ix_cb_login_failures_key_at", failures.c.key, failures.c.at)
Index("ix_cb_login_failures_at", failures.c.at)
#: how long any failure is kept at most (each limit's window is shorter)
FAILURES_KEPT = 24 * 3600.0
account_seats = Table(
    "cb_account_seats",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("seat", String(1), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("claimed", Float, nullable=False),
)


def digest(secret: str) -> str:
    """What is stored of a secret (a session's token, a name or address counted for the
    limit on guesses): its SHA-256. A token is 256 random bits, so no salt or slow hash is
    needed for it to be unguessable from its digest."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


class AccountStore:
    """The accounts' rows over ``storage``'s database (the tables are created if missing)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine
        metadata.create_all(
            self.engine, tables=[accounts, sessions, failures, account_seats, stored_tables]
        )

    # -- accounts ---------------------------------------------------------------------------
    def create(self, name: str, key: str, password_hash: str, *, now: float) -> str | None:
        """A new account's id; None if the name's key is taken (by another process too)."""
        account = secrets.token_hex(16)
        row = {"id": account, "name": name, "name_key": key, "password": password_hash,
               "created": now}  # fmt: skip
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(accounts).values(**row))
        except IntegrityError:
            return None
        return account

    def find(self, key: str) -> tuple[str, str, str] | None:
        """The account whose name has ``key``: its id, name and password hash."""
        with self.engine.connect() as conn:
            query = select(accounts.c.id, accounts.c.name, accounts.c.password)
            row = conn.execute(query.where(accounts.c.name_key == key)).first()
        return None if row is None else (str(row[0]), str(row[1]), str(row[2]))

    def password_of(self, account: str) -> str | None:
        with self.engine.connect() as conn:
            query = select(accounts.c.password).where(accounts.c.id == account)
            row = conn.execute(query).first()
        return None if row is None else str(row[0])

    def set_password(self, account: str, password_hash: str) -> None:
        with self.engine.begin() as conn:
            query = update(accounts).where(accounts.c.id == account)
            conn.execute(query.values(password=password_hash))

    # -- sessions ---------------------------------------------------------------------------
    def open_session(self, account: str, *, now: float, seconds: float) -> str:
        """A new session of ``account`` for ``seconds``: the token for its cookie (only its
        digest is stored). Sessions past their expiry are forgotten on the way."""
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.expires <= now))
            row = {"digest": digest(token), "account_id": account, "created": now,
                   "expires": now + seconds}  # fmt: skip
            conn.execute(insert(sessions).values(**row))
        return token

    def session(self, token: str, *, now: float) -> tuple[str, str] | None:
        """The account (id, name) whose live session ``token`` is; None for any other
        token (unknown, ended, expired)."""
        query = (
            select(accounts.c.id, accounts.c.name)
            .join(sessions, sessions.c.account_id == accounts.c.id)
            .where(sessions.c.digest == digest(token), sessions.c.expires > now)
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else (str(row[0]), str(row[1]))

    def end_session(self, token: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.digest == digest(token)))

    def end_sessions(self, account: str) -> None:
        """End every session of ``account`` (its password changed)."""
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.account_id == account))

    # -- the limit on guesses -----------------------------------------------------------------
    def guess(self, keys: dict[str, int], *, now: float, window: float) -> tuple[float, list[int]]:
        """Before a password is checked: for each key (a name's or an address's digest) and
        its limit, the failures of the last ``window`` seconds. Past a limit: the seconds
        until the oldest of those leaves the window, and nothing is marked. Else (0, the
        ids of the rows marking this attempt as a failure in advance, so that guesses in
        flight in several processes at once all count): :meth:`forgive` them once the
        password proves right."""
        since = now - window
        with self.engine.begin() as conn:
            conn.execute(delete(failures).where(failures.c.at <= now - FAILURES_KEPT))
            wait = 0.0
            for key, limit in keys.items():
                query = select(func.count(), func.min(failures.c.at)).where(
                    failures.c.key == key, failures.c.at > since
                )
                count, oldest = conn.execute(query).one()
                if count >= limit:
                    wait = max(wait, float(oldest) + window - now)
            if wait > 0:
                return wait, []
            marks = []
            for key in keys:
                inserted = conn.execute(insert(failures).values(key=key, at=now))
                marks.append(int(inserted.inserted_primary_key[0]))  # type: ignore[index]
        return 0.0, marks

    def forgive(self, marks: list[int], cleared: str | None = None) -> None:
        """The attempt marked by ``marks`` was right: unmark it, and (``cleared``: a name's
        key) forget that name's earlier failures. An address's are kept: a right password
        for one's own account does not earn more guesses at others'."""
        with self.engine.begin() as conn:
            if marks:
                conn.execute(delete(failures).where(failures.c.id.in_(marks)))
            if cleared is not None:
                conn.execute(delete(failures).where(failures.c.key == cleared))

    # -- seats held -----------------------------------------------------------------------------
    def claim(
        self, account: str, seats: list[tuple[str, str]], *, now: float
    ) -> dict[str, list[dict[str, str]]]:
        """Give ``account`` the seats whose tokens it shows (``(table id, token)`` pairs):
        a token that opens no seat of that table is ignored, and a seat another account
        holds stays that account's. ``{"claimed": [...], "taken": [...]}`` of
        ``{"table", "seat"}``."""
        found: dict[str, list[dict[str, str]]] = {"claimed": [], "taken": []}
        for table_id, token in seats:
            try:
                with self.engine.begin() as conn:
                    outcome = self._claim_one(conn, account, table_id, token, now)
            except IntegrityError:  # another process gave it to another account just now
                outcome = "taken", {"table": table_id}
            if outcome is not None:
                found[outcome[0]].append(outcome[1])
        return found

    @staticmethod
    def _claim_one(
        conn: Any, account: str, table_id: str, token: str, now: float
    ) -> tuple[str, dict[str, str]] | None:
        query = select(stored_tables.c.settings).where(stored_tables.c.id == table_id)
        row = conn.execute(query).first()
        if row is None:
            return None
        try:
            seat = TableSettings.from_json(json.loads(row[0])).seat_of(token)
        except KeyError:
            return None  # not a token of this table's: nothing is proven
        if seat is None:
            return None
        held = {"table": table_id, "seat": seat.name}
        query = select(account_seats.c.account_id).where(
            account_seats.c.table_id == table_id, account_seats.c.seat == seat.name
        )
        owner = conn.execute(query).scalar()
        if owner == account:
            return None
        if owner is not None:
            return "taken", held
        conn.execute(insert(account_seats).values(
            table_id=table_id, seat=seat.name, account_id=account, claimed=now
        ))  # fmt: skip
        return "claimed", held

    def seats_of(self, account: str) -> list[dict[str, Any]]:
        """The seats ``account`` holds, newest claim first: the table, its kind, the seat,
        the name there, and the seat's token (the account's way in, as a guest's link)."""
        query = (
            select(account_seats.c.table_id, account_seats.c.seat, account_seats.c.claimed)
            .add_columns(stored_tables.c.settings, stored_tables.c.created)
            .join(stored_tables, stored_tables.c.id == account_seats.c.table_id)
            .where(account_seats.c.account_id == account)
            .order_by(account_seats.c.claimed.desc(), stored_tables.c.created.desc())
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        out = []
        for table_id, seat, claimed, settings, created in rows:
            data = json.loads(settings)
            info = data.get("seats", {}).get(seat, {})
            out.append({"table": table_id, "seat": seat, "kind": data.get("kind", "duplicate"),
                        "name": info.get("name") or "", "token": info.get("token"),
                        "created": created, "claimed": claimed})  # fmt: skip
        return out
