"""A fuzzer over the whole HTTP API (issue 43): Schemathesis generates requests from the app's
OpenAPI schema, bodies valid and invalid, against the app. No answer may be a 5xx; a refused
action changes nothing at its table; every table's log replays afterwards.

Half the generated ids are swapped for a real table's, event's and Minibridge game's (and
half the tokens for real ones), so that the requests reach the code behind the 404s and
403s. CI runs ``CB_FUZZ_EXAMPLES`` examples per route (default 25);
``make fuzz`` runs many more.
"""

from __future__ import annotations

import json
import os
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contractbridge.server.app import create_app
from contractbridge.server.storage import Storage
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

EXAMPLES = int(os.environ.get("CB_FUZZ_EXAMPLES", "25"))
DB = Path(tempfile.mkdtemp(prefix="cb-fuzz-")) / "fuzz.db"
APP = create_app(f"sqlite:///{DB}", robots="basic", tables_per_hour=10**6,
                 events_per_hour=10**6, games_per_hour=10**6)  # fmt: skip
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)

pytestmark = pytest.mark.xdist_group("fuzz")


class Real:
    """A table (a person at South), an event and a Minibridge game to aim requests at."""

    def __init__(self, api: TestClient) -> None:
        self.api = api
        table = api.post("/api/tables", json={"seats": {"S": {"name": "Ann"}}, "seed": 4}).json()
        self.table, self.token = table["id"], table["tokens"]["S"]
        event = api.post("/api/events", json={"tables": 3, "boards_per_round": 2}).json()
        self.event, self.director = event["id"], event["director_token"]
        game = api.post("/api/minibridge", json={"seed": 2})
        assert game.status_code == 201, game.text
        self.game = game.json()["id"]

    def aim(self, case: Any) -> None:
        """Half the ids (by the parity of the generated one) become the real ones."""
        params = case.path_parameters or {}
        for name, real in (("table_id", self.table), ("event_id", self.event),
                           ("game_id", self.game)):  # fmt: skip
            if name in params and len(str(params[name])) % 2 == 0:
                params[name] = real
        token = case.body.get("token") if isinstance(case.body, dict) else None
        if isinstance(token, str) and len(token) % 2 == 0:
            case.body["token"] = self.director if "event_id" in params else self.token

    def version(self) -> int:
        r = self.api.get(f"/api/tables/{self.table}", params={"token": self.token})
        assert r.status_code == 200, r.text
        return int(r.json()["version"])


@pytest.fixture(scope="module")
def real() -> Iterator[Real]:
    with TestClient(APP) as api:  # the app's lifespan: its storage and robots
        yield Real(api)
    storage = Storage(f"sqlite:///{DB}")
    try:
        for table_id in storage.table_ids():  # every log the fuzzer left replays
            settings_, events = storage.load(table_id)
            ServerTable.replay(TableSettings.from_json(settings_), events)
    finally:
        storage.close()


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_is_answered_with_a_server_error(case: Any, real: Real) -> None:
    real.aim(case)
    before = real.version()
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, case.body, response.text)
    if response.status_code >= 400:
        assert real.version() == before, "a refused request changed the table"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)
MESSAGES = st.one_of(
    JSON,
    st.fixed_dictionaries({"type": st.sampled_from(["act", "ping", "other"]), "id": JSON,
                           "version": JSON, "action": JSON}),
    st.fixed_dictionaries({"type": st.just("act"), "version": st.integers(0, 40),
                           "action": st.dictionaries(
                               st.sampled_from(["call", "card", "claim", "undo", "explain",
                                                "accept_claim", "concede", "resume"]),
                               JSON, min_size=1, max_size=2)}),
)  # fmt: skip


@given(messages=st.lists(MESSAGES, min_size=1, max_size=8))
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_socket_message_kills_a_table_socket(real: Real, messages: list[Any]) -> None:
    url = f"/ws/{real.table}?token={real.token}"
    with real.api.websocket_connect(url) as ws:
        assert ws.receive_json()["type"] == "update"
        for message in messages:
            ws.send_text(json.dumps(message))
            while (answer := ws.receive_json())["type"] == "update":
                pass  # the updates an accepted action caused come before its answer
            assert answer["type"] in ("ack", "error", "pong"), answer
