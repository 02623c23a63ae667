"""What the tests of players' accounts share: argon2 at its cheapest (the tests check what is
stored, not the cost), signing up through the API, and the server's message catalogues."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from contractbridge.server.accounts.players import AccountRules

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
