"""What the tests of players' accounts share: argon2 at its cheapest (the tests check what is
stored, not the cost), signing up through the API, an account's key, a refusal's message
checked against the server's message catalogues."""

from __future__ import annotations

import json
import re
import warnings
import weakref
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from sqlalchemy import select

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from contractbridge.server.accounts.players import AccountRules
from contractbridge.server.accounts.store import accounts

PASSWORD = "correct horse battery"
CATALOGUES = {
    p.stem: json.loads(p.read_text("utf-8"))
    for p in (Path(__file__).parents[1] / "src/contractbridge/server/i18n").glob("*.json")
}


def cheap_rules(**settings: Any) -> AccountRules:
    return AccountRules(
        hasher=PasswordHasher(time_cost=1, memory_cost=8, parallelism=1), **settings
    )


def sign_up(c: TestClient, name: str = "Ann", password: str = PASSWORD) -> Any:
    r = c.post("/api/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r


# The first client of each app: it runs the app's lifespan and event loop for the others
_FIRST: weakref.WeakKeyDictionary[Any, TestClient] = weakref.WeakKeyDictionary()


def client(stack: ExitStack, app: Any) -> TestClient:
    """A client of ``app`` (closed with ``stack``) with its own cookies, on the app's one loop.

    Every request to one server runs on one event loop. Two entered TestClients would start
    two loops and two lifespans on the same app, and a robot's answer awaited on one loop but
    made on the other hung a test 600 s in CI; so the second and later clients borrow the
    first's portal."""
    first = _FIRST.get(app)
    if first is None or first.portal is None:
        first = _FIRST[app] = stack.enter_context(TestClient(app))
        return first
    c = TestClient(app)
    c.portal = first.portal
    return c


def signed_up(stack: ExitStack, app: Any, name: str) -> TestClient:
    """A client of ``app`` (closed with ``stack``) signed up as ``name``."""
    c = client(stack, app)
    sign_up(c, name)
    return c


def key_of(app: Any, name: str) -> str:
    """The key (id) of ``app``'s account named ``name``."""
    with app.state.players.store.engine.connect() as db:
        return str(db.execute(select(accounts.c.id).where(accounts.c.name == name)).scalar_one())


def refused(r: Any, status: int) -> str:
    """The refusal's message, checked to be in every catalogue."""
    assert r.status_code == status, r.text
    message = str(r.json()["error"])
    for language, catalogue in CATALOGUES.items():
        assert f"msg.{message}" in catalogue, (language, message)
    return message


def mentions(text: str, word: str) -> bool:
    """Whether ``word`` stands in ``text`` as a word of its own: a random id or token
    ("bbaf7f01a1b74203...") may hold "420" or "3NT" inside it by chance."""
    return re.search(rf"(?<![0-9A-Za-z_-]){re.escape(word)}(?![0-9A-Za-z_-])", text) is not None
