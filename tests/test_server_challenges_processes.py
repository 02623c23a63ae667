"""Challenges served by two app instances on one database (two server processes): on a
SQLite file always, and on a PostgreSQL schema with ``CB_TEST_POSTGRES_URL`` (skipped
without it, required under ``CI=true``). A challenge made on one is listed and accepted on
the other; two accepts at once store one answer; a deal played at a table of one instance
is recorded once, whichever instances record it, and both give the same comparison."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from contractbridge.server.app import create_app
from contractbridge.server.challenges.store import challenge_results
from pgschema import IN_CI, POSTGRES_URL, postgres_schema
from players import cheap_rules, client, sign_up
from test_server_challenges import key_of, play_out
from waiting import eventually

pytestmark = [pytest.mark.slow]
needs_postgres = [
    pytest.mark.postgres,
    pytest.mark.xdist_group("postgres-processes"),
    pytest.mark.skipif(
        not POSTGRES_URL and not IN_CI,
        reason="CB_TEST_POSTGRES_URL is not set (run .ci/postgres.sh)",
    ),
]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=needs_postgres)])
def two_apps(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Any, Any]]:
    def apps(url: str) -> tuple[Any, Any]:
        made = [create_app(url, robots="basic", account_rules=cheap_rules()) for _ in "ab"]
        return made[0], made[1]

    if request.param == "sqlite":
        yield apps(f"sqlite:///{tmp_path / 'shared.db'}")
    else:
        with postgres_schema() as url:
            yield apps(url)


def test_two_instances_share_the_challenges(two_apps: tuple[Any, Any]) -> None:
    one, two = two_apps
    with ExitStack() as stack:
        ann, bob, bob_too = client(stack, one), client(stack, two), client(stack, one)
        sign_up(ann, "Ann")
        sign_up(bob, "Bob")
        bob_too.post("/api/login", json={"name": "Bob", "password": "correct horse battery"})
        cid = ann.post("/api/challenges", json={"opponent": "Bob"}).json()["id"]
        assert [c["id"] for c in bob.get("/api/challenges").json()["challenges"]] == [cid]

        with ThreadPoolExecutor(2) as pool:  # two accepts at once, one per instance
            answers = list(
                pool.map(lambda c: c.post(f"/api/challenges/{cid}/accept"), (bob, bob_too))
            )
        assert sorted(r.status_code for r in answers) == [200, 409]

        table = ann.post(f"/api/challenges/{cid}/play").json()
        play_out(ann, table)

        def anns_rows() -> int:
            with one.state.challenges.store.engine.connect() as db:
                return int(
                    db.execute(
                        select(func.count())
                        .select_from(challenge_results)
                        .where(challenge_results.c.player == key_of(one, "Ann"))
                    ).scalar_one()
                )

        # the deal may end on a robot's card: the hook stores it just after the page shows it
        eventually(lambda: anns_rows() == 1)
        for app in (one, two):  # recorded by the hook already: never a second time
            assert not app.state.challenges.record_table(table["table"])
        assert anns_rows() == 1
        ann_on_two = client(stack, two)
        ann_on_two.cookies.update(ann.cookies)
        seen = [c.get(f"/api/challenges/{cid}").json() for c in (ann, ann_on_two)]
        assert seen[0] == seen[1] and seen[0]["lines"][0]["mine"] is not None
        assert bob.get(f"/api/challenges/{cid}").json()["lines"][0]["theirs"] is None
