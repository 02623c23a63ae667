"""Tournaments of the day served by two app instances on one PostgreSQL schema (issue 37:
"several processes on PostgreSQL: two servers share the tournaments and the rankings").

Players sign up on different instances, play deals of the same set through the routes and
the table, and both instances give the same ranking and field views; a deal's result is
stored once even when both instances record it at once. Needs ``CB_TEST_POSTGRES_URL``
(``.ci/postgres.sh``): skipped without it, required under ``CI=true``."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from typing import Any

import pytest
from sqlalchemy import func, select

from contractbridge.server.app import create_app
from contractbridge.server.daily.store import daily_results, daily_sets
from pgschema import IN_CI, POSTGRES_URL, postgres_schema
from players import TestClient, cheap_rules, client, sign_up
from test_server_daily_play import SECRET, key_of, play_out, results_of, view
from waiting import eventually

pytestmark = [
    pytest.mark.slow,
    pytest.mark.postgres,
    pytest.mark.xdist_group("postgres-processes"),
    pytest.mark.skipif(
        not POSTGRES_URL and not IN_CI,
        reason="CB_TEST_POSTGRES_URL is not set (run .ci/postgres.sh)",
    ),
]


@pytest.fixture
def two_apps() -> Iterator[tuple[Any, Any]]:
    """Two app instances (two servers) on one schema of the PostgreSQL test database."""
    with postgres_schema() as url:

        def server() -> Any:
            return create_app(url, robots="basic", account_rules=cheap_rules(), daily_secret=SECRET)

        yield server(), server()


def standings(c: TestClient, set_id: str) -> list[dict[str, Any]]:
    """The ranking's lines without the viewer's own mark."""
    r = c.get(f"/api/daily/{set_id}/ranking")
    assert r.status_code == 200, r.text
    lines = r.json()["standings"]
    for line in lines:
        line.pop("you", None)
    return list(lines)


#: the robots' results (one per deal of a set)
ROBOTS = daily_results.c.player == "@robots"


def count(app: Any, table: Any, *where: Any) -> int:
    with app.state.daily.store.engine.connect() as db:
        query = select(func.count()).select_from(table).where(*where)
        return int(db.execute(query).scalar_one())


def test_two_servers_share_the_day_the_tables_and_the_rankings(two_apps: tuple[Any, Any]) -> None:
    one, two = two_apps
    with ExitStack() as stack:
        ann, bob = client(stack, one), client(stack, two)
        sign_up(ann, "Ann")
        sign_up(bob, "Bob")
        # both instances ask for the day at once: one stored copy of its sets
        with ThreadPoolExecutor(2) as pool:
            days = list(pool.map(lambda c: c.get("/api/daily").json(), (ann, bob)))
        for d in days:
            for s in d["sets"]:
                s.pop("played")
                s.pop("finished")
        assert days[0] == days[1]
        mp = days[0]["sets"][0]["id"]
        # within an hour of midnight (UTC) tomorrow's sets are dealt too: count today's
        today = mp.rsplit("-", 1)[0]
        assert count(one, daily_sets, daily_sets.c.day == today) == len(days[0]["sets"])
        assert ann.post(f"/api/daily/{mp}/start").status_code == 200
        assert bob.post(f"/api/daily/{mp}/start").status_code == 200

        # Ann plays board 1 on the first server, Bob on the second: the same cards
        a1 = ann.post(f"/api/daily/{mp}/play").json()
        b1 = bob.post(f"/api/daily/{mp}/play").json()
        assert a1["board"] == b1["board"] == 1 and a1["table"] != b1["table"]
        assert view(ann, a1)["hands"]["S"] == view(bob, b1)["hands"]["S"]
        # Bob may not see Ann's field before finishing the deal, on either server
        play_out(ann, a1)
        assert bob.get(f"/api/daily/{mp}/field/1").status_code == 403
        bob_on_one = client(stack, one)
        bob_on_one.cookies.update(bob.cookies)
        assert bob_on_one.get(f"/api/daily/{mp}/field/1").status_code == 403
        # Bob's deal: neither server records it on its own; both are asked at once
        hooks = {app: list(app.state.hub.scored) for app in (one, two)}
        for app in (one, two):
            app.state.hub.scored.clear()
        play_out(bob, b1)
        start = threading.Barrier(4)

        def record(service: Any) -> bool:
            start.wait()
            return bool(service.record_table(b1["table"]))

        services = [one.state.daily, two.state.daily] * 2
        with ThreadPoolExecutor(4) as pool:
            stored = list(pool.map(record, services))
        assert sorted(stored) == [False, False, False, True]
        for app, hook in hooks.items():
            app.state.hub.scored.extend(hook)  # the servers record again
        ann_key, bob_key = key_of(one, "Ann"), key_of(two, "Bob")
        for app in (one, two):
            eventually(lambda a=app: [r["board"] for r in results_of(a, mp, ann_key)] == [1])
            assert [r["board"] for r in results_of(app, mp, bob_key)] == [1]
            # Ann's table, recorded by the hook of the first server: again stores nothing
            assert app.state.daily.record_table(a1["table"]) is False
        # the robots' line once, and one result per player and board (today's sets)
        ids = [s["id"] for s in days[0]["sets"]]
        robots = count(one, daily_results, ROBOTS, daily_results.c.set_id.in_(ids))
        assert robots == sum(s["deals"] for s in days[0]["sets"])
        assert count(one, daily_results, daily_results.c.set_id.in_(ids)) == robots + 2

        # Ann goes on through the second server: it finds her next deal's table
        ann_on_two = client(stack, two)
        ann_on_two.cookies.update(ann.cookies)
        a2 = ann_on_two.post(f"/api/daily/{mp}/play").json()
        assert a2["board"] == 2
        assert ann.post(f"/api/daily/{mp}/play").json()["table"] == a2["table"]
        play_out(ann_on_two, a2)
        # the deal may end on a robot's card: its result is stored just after the page shows it
        eventually(lambda: [r["board"] for r in results_of(one, mp, ann_key)] == [1, 2])

        # both servers give the same ranking, field views and scorecard
        ranking = standings(ann, mp)
        assert ranking == standings(bob, mp)
        names = {line["name"] for line in ranking}
        assert names == {"Ann", "Bob", None}
        ann_line = next(line for line in ranking if line["name"] == "Ann")
        assert ann_line["played"] == 2
        for c in (ann, bob):
            elsewhere = client(stack, two if c is ann else one)
            elsewhere.cookies.update(c.cookies)
            for path in (f"/api/daily/{mp}/field/1", f"/api/daily/{mp}/scorecard"):
                here, there = c.get(path), elsewhere.get(path)
                assert here.status_code == there.status_code == 200, (path, here.text)
                assert here.json() == there.json()
            assert standings(elsewhere, mp) == ranking
        field = ann.get(f"/api/daily/{mp}/field/1").json()
        assert sum(row["count"] for row in field["rows"]) == field["entries"] == 3
        # Bob has not finished board 2: refused on both servers
        for app in (one, two):
            b = client(stack, app)
            b.cookies.update(bob.cookies)
            assert b.get(f"/api/daily/{mp}/field/2").status_code == 403
