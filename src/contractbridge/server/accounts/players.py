"""The players with accounts: sign up, log in, log out, change password, and the seats an
account holds. Passwords are hashed with argon2id (argon2-cffi), off the event loop; the
rows are the store's (``store.py``), so any server process answers for any session.

The limit on guesses: at most ``guesses`` wrong passwords for one account name and
``guesses_per_address`` from one client address in ``window`` seconds; past either, a log
in is refused (429, saying when to try again) before the password is even looked at.
"""

from __future__ import annotations

import asyncio
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from contractbridge.server.accounts.rules import check_name, check_password, name_key
from contractbridge.server.accounts.store import AccountStore, digest
from contractbridge.server.storage import Storage
from contractbridge.server.web.errors import ActionError


@dataclass(frozen=True)
class AccountRules:
    """The accounts' settings: argon2's costs (argon2-cffi's defaults, RFC 9106's low-memory
    profile: 64 MiB, 3 passes), a session's life, and the limits on guesses and on new
    accounts. Tests make the hash cheap and the clock their own."""

    hasher: PasswordHasher = field(default_factory=PasswordHasher)
    session_seconds: float = 30 * 24 * 3600.0
    guesses: int = 5
    guesses_per_address: int = 20
    window: float = 15 * 60.0
    accounts_per_hour: int = 20
    clock: Callable[[], float] = time.time


@dataclass(frozen=True)
class Player:
    """A signed-in account: its id (never shown to others) and its name."""

    id: str
    name: str


@dataclass(frozen=True)
class SignedIn:
    """A new session: the player, and the token its cookie carries."""

    player: Player
    token: str


class Players:
    """The accounts over ``storage``'s database, under ``rules``."""

    def __init__(self, storage: Storage, rules: AccountRules | None = None) -> None:
        self.storage = storage
        self.store = AccountStore(storage)
        self.rules = rules or AccountRules()
        self._decoy: str | None = None

    # -- hashing, off the event loop --------------------------------------------------------
    async def _hash(self, password: str) -> str:
        return await asyncio.to_thread(self.rules.hasher.hash, password)

    async def _verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` hashes. With no account (``stored``
        None) a decoy hash is checked all the same, so that an unknown name takes as long
        to refuse as a wrong password (the answer's time tells no names)."""
        if stored is None:
            if self._decoy is None:
                self._decoy = await self._hash(secrets.token_urlsafe(16))
            stored = self._decoy

        def verify() -> bool:
            try:
                return self.rules.hasher.verify(stored, password)
            except (VerificationError, InvalidHashError):
                return False

        return await asyncio.to_thread(verify)

    # -- the limit on guesses -----------------------------------------------------------------
    async def _guess(self, keys: dict[str, int], window: float) -> tuple[int, list[int]]:
        """Count an attempt under ``keys`` (each with its limit in ``window`` seconds): the
        minutes to wait past a limit (0 within them), and the marks of this attempt."""
        wait, marks = await self.storage.run(
            lambda: self.store.guess(keys, now=self.rules.clock(), window=window)
        )
        return (math.ceil(wait / 60) if wait > 0 else 0), marks

    async def _password_attempt(self, key: str, address: str) -> list[int]:
        """An attempt at the password of the account whose name has ``key``, counted by that
        name and by the client's address; ActionError 429 past either limit."""
        keys = {
            digest(f"name:{key}"): self.rules.guesses,
            digest(f"address:{address}"): self.rules.guesses_per_address,
        }
        minutes, marks = await self._guess(keys, self.rules.window)
        if minutes:
            raise ActionError(f"too many wrong passwords: try again in {minutes} minutes", 429)
        return marks

    # -- sessions -------------------------------------------------------------------------------
    async def _open(self, player: Player, old_token: str | None) -> SignedIn:
        """A new session for ``player``; the browser's earlier one (``old_token``) ends:
        a cookie set before is never promoted to a signed-in session."""
        if old_token:
            await self.storage.run(self.store.end_session, old_token)
        now, seconds = self.rules.clock(), self.rules.session_seconds
        token = await self.storage.run(
            lambda: self.store.open_session(player.id, now=now, seconds=seconds)
        )
        return SignedIn(player, token)

    async def current(self, token: str | None) -> Player | None:
        """The player whose live session ``token`` (a session cookie) is; None: a guest."""
        if not token:
            return None
        now = self.rules.clock()
        found = await self.storage.run(lambda: self.store.session(token, now=now))
        return None if found is None else Player(*found)

    # -- what a person does -----------------------------------------------------------------
    async def sign_up(
        self, name: str, password: str, address: str, old_token: str | None
    ) -> SignedIn:
        """A new account, signed in; ActionError 400 for a name or password against the
        rules, 409 for a name taken, 429 past the new accounts an address may make."""
        try:
            name = check_name(name)
            check_password(password)
        except ValueError as error:
            raise ActionError(str(error)) from None
        key = name_key(name)
        if await self.storage.run(self.store.find, key) is not None:
            raise ActionError("this name is taken: choose another", 409)
        signups = {digest(f"signup:{address}"): self.rules.accounts_per_hour}
        minutes, _ = await self._guess(signups, 3600.0)  # each sign-up stays counted an hour
        if minutes:
            raise ActionError(
                f"too many new accounts from this address: try again in {minutes} minutes", 429
            )
        hashed = await self._hash(password)
        now = self.rules.clock()
        account = await self.storage.run(lambda: self.store.create(name, key, hashed, now=now))
        if account is None:  # taken at the same moment, in this process or another
            raise ActionError("this name is taken: choose another", 409)
        return await self._open(Player(account, name), old_token)

    async def log_in(
        self, name: str, password: str, address: str, old_token: str | None
    ) -> SignedIn:
        """A new session for the account named ``name`` if ``password`` is its own;
        ActionError 401 if not (the same words for an unknown name), 429 past the limit."""
        key = name_key(name)
        marks = await self._password_attempt(key, address)
        found = await self.storage.run(self.store.find, key)
        if not await self._verify(found[2] if found else None, password) or found is None:
            raise ActionError("wrong name or password", 401)  # the attempt stays counted
        account, shown, stored = found
        await self.storage.run(self.store.forgive, marks, digest(f"name:{key}"))
        if self.rules.hasher.check_needs_rehash(stored):  # the costs were raised since
            hashed = await self._hash(password)
            await self.storage.run(self.store.set_password, account, hashed)
        return await self._open(Player(account, shown), old_token)

    async def log_out(self, token: str | None) -> None:
        if token:
            await self.storage.run(self.store.end_session, token)

    async def change_password(self, player: Player, old: str, new: str, address: str) -> SignedIn:
        """Set ``player``'s password to ``new`` if ``old`` is the present one (counted as a
        guess if not); every session of the account ends, and this browser gets a new one."""
        try:
            check_password(new)
        except ValueError as error:
            raise ActionError(str(error)) from None
        key = name_key(player.name)
        marks = await self._password_attempt(key, address)
        stored = await self.storage.run(self.store.password_of, player.id)
        if stored is None or not await self._verify(stored, old):
            raise ActionError("the old password is not right", 403)
        await self.storage.run(self.store.forgive, marks, digest(f"name:{key}"))
        hashed = await self._hash(new)
        await self.storage.run(self.store.set_password, player.id, hashed)
        await self.storage.run(self.store.end_sessions, player.id)
        return await self._open(player, None)

    async def claim(
        self, player: Player, seats: list[tuple[str, str]]
    ) -> dict[str, list[dict[str, str]]]:
        """Give ``player`` the seats whose tokens its browser holds (a guest's tables)."""
        now = self.rules.clock()
        return await self.storage.run(lambda: self.store.claim(player.id, seats, now=now))

    async def seats(self, player: Player) -> list[dict[str, Any]]:
        """The seats ``player`` holds, each with its table's kind and the seat's token."""
        return await self.storage.run(self.store.seats_of, player.id)
