"""Helpers for the web table's API tests: a client on an in-memory database, tables, views,
actions."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from contractbridge.server.app import create_app


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", robots="basic")) as c:
        yield c


def create(client: TestClient, humans: dict[str, str], **extra: Any) -> dict[str, Any]:
    seats = {s: {"name": name} for s, name in humans.items()}
    r = client.post("/api/tables", json={"kind": "duplicate", "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return dict(r.json())


def view(client: TestClient, table: dict[str, Any], seat: str | None) -> dict[str, Any]:
    params = {"token": table["tokens"][seat]} if seat else {}
    r = client.get(f"/api/tables/{table['id']}", params=params)
    assert r.status_code == 200, r.text
    return dict(r.json())


def act(client: TestClient, table: dict[str, Any], seat: str, version: int, action: Any) -> Any:
    return client.post(
        f"/api/tables/{table['id']}/actions",
        json={"token": table["tokens"][seat], "version": version, "action": action},
    )


# -- events (pairs and teams) -----------------------------------------------------------------
def token(link: str) -> str:
    """The token of an event's link."""
    return link.rsplit("token=", 1)[1]


def enter(api: TestClient, ev: dict[str, Any], tok: str, **entry: Any) -> Any:
    """Send one entry to an event with the token of a link."""
    return api.post(f"/api/events/{ev['id']}/entries", json={"token": tok, "entry": entry})


def look(api: TestClient, ev: dict[str, Any], tok: str) -> dict[str, Any]:
    """What the link with ``tok`` sees of the event."""
    r = api.get(f"/api/events/{ev['id']}", params={"token": tok})
    assert r.status_code == 200, r.text
    return dict(r.json())
