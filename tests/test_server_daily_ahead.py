"""Tomorrow's tournaments of the day dealt ahead of midnight (docs/daily.md): in the last hour
before 00:00 UTC (by an injected clock) the service deals and stores the next day's sets,
the same cards any process deals; the routes do it on a day's ask and make the robots'
entry too, without listing the sets or letting anyone play them before their day."""

from __future__ import annotations

import time as _time
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

from contractbridge.server.daily import DailyService
from contractbridge.server.daily.service import AHEAD
from contractbridge.server.storage import Storage
from contractbridge.tournament.daily import ROBOTS, DailyPlan, deal_day
from players import TestClient, sign_up
from test_server_daily_play import SECRET, new_app

DAY = date(2026, 11, 29)
MIDNIGHT = datetime.combine(DAY + timedelta(days=1), time(), UTC)


def service_at(db: Path, at: datetime) -> DailyService:
    return DailyService(Storage(f"sqlite:///{db}"), SECRET, now=lambda: at)


def test_tomorrows_sets_are_dealt_only_in_the_last_hour(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    tomorrow = DAY + timedelta(days=1)
    early = service_at(db, MIDNIGHT - AHEAD - timedelta(seconds=1))
    assert early.ensure_ahead() == ()
    assert early.sets_of(tomorrow) == ()
    late = service_at(db, MIDNIGHT - AHEAD)
    dealt = late.ensure_ahead()
    assert dealt == deal_day(DailyPlan.default(), SECRET, tomorrow)
    assert late.sets_of(tomorrow) == dealt and late.sets_of(DAY) == ()
    # again, or from another process a minute later: the one stored copy
    other = service_at(db, MIDNIGHT - timedelta(minutes=1))
    assert other.ensure_ahead() == dealt
    # after midnight "tomorrow" is the next day: nothing until its own last hour
    assert service_at(db, MIDNIGHT + timedelta(hours=1)).ensure_ahead() == ()


def test_the_routes_deal_tomorrow_ahead_and_keep_it_closed(tmp_path: Path) -> None:
    app = new_app(tmp_path / "b.db")
    today = datetime.now(UTC).date()  # the routes' day is the real one
    tomorrow = today + timedelta(days=1)
    service = app.state.daily
    service._now = lambda: datetime.combine(tomorrow, time(), UTC) - timedelta(minutes=30)
    with TestClient(app) as ann:
        sign_up(ann, "Ann")
        listed = ann.get("/api/daily").json()
        assert listed["day"] == today.isoformat()
        assert all(s["id"].startswith(today.isoformat()) for s in listed["sets"])
        ahead = service.sets_of(tomorrow)
        assert [s.id for s in ahead] == [d.id for d in deal_day(service.plan, SECRET, tomorrow)]
        # the robots' entry is made in the background: every deal of every set, soon
        deadline = _time.monotonic() + 60
        while _time.monotonic() < deadline:
            done = sum(len(service.store.boards_finished(s.id, ROBOTS)) for s in ahead)
            if done == sum(len(s.deals) for s in ahead):
                break
            _time.sleep(0.1)
        else:
            raise AssertionError("the robots' entry of tomorrow's sets was not made")
        # nobody plays tomorrow's deals before their window opens
        r = ann.post(f"/api/daily/{ahead[0].id}/start")
        assert r.status_code == 409, r.text
