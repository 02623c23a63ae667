"""Helpers for the web table's API tests: a client on an in-memory database, tables, views,
actions."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from contractbridge.server.app import create_app

T = TypeVar("T")


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


# -- a real server in a subprocess --------------------------------------------------------------
class Served:
    """``contractbridge serve`` in a subprocess on a free loopback port: ``base`` is its URL;
    :meth:`restart` stops it (SIGTERM, or SIGKILL with ``kill``) and starts it again on the
    same database."""

    def __init__(self, db: str, *options: str) -> None:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"
        self.command = [
            sys.executable, "-m", "contractbridge", "serve", "--port", str(port),
            "--db", db, "--log-level", "warning", *options,
        ]  # fmt: skip
        self.process = self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        import httpx

        process = subprocess.Popen(self.command)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            try:
                if httpx.get(self.base + "/readyz", timeout=2).status_code == 200:
                    return process
            except httpx.HTTPError:
                time.sleep(0.1)
        process.kill()
        raise AssertionError(f"the server did not start (exit {process.poll()})")

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, *, kill: bool = False) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def restart(self, *, kill: bool = False) -> None:
        self.stop(kill=kill)
        self.process = self._start()

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def run_apart(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(main())`` in a thread of its own: in a test worker that has run a browser
    test, Playwright's event loop is running in this thread, and asyncio.run refuses it."""
    with ThreadPoolExecutor(1) as apart:
        return apart.submit(lambda: asyncio.run(main())).result()
