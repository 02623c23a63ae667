"""The tournaments of the day's API (server/daily/routes.py): a guest refused, today's sets
listed (dealt on the first ask, the robots' entry recorded once), entering a set, the
ranking with the robots' line and names (never account ids), the field view refused before
the viewer finished the deal and given after, and a second account never reading the
first's finished deal before finishing it. Results are stored through the service here;
playing the deals at the web table is tested in test_server_daily_play.py."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from contractbridge.server.accounts.store import accounts
from contractbridge.server.app import create_app
from contractbridge.tournament.daily import DealResult
from players import CATALOGUES, TestClient, cheap_rules, mentions, sign_up

SECRET = "the operator's secret for these tests"


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(
        f"sqlite:///{tmp_path / 'daily.db'}", robots="basic", account_rules=cheap_rules(),
        daily_secret=SECRET,
    )  # fmt: skip


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def signed_up(app: Any, name: str) -> TestClient:
    c = TestClient(app)
    sign_up(c, name)
    return c


def refused(r: httpx.Response, status: int) -> str:
    """The refusal's message, checked to be in every catalogue."""
    assert r.status_code == status, r.text
    message = str(r.json()["error"])
    for language, catalogue in CATALOGUES.items():
        assert f"msg.{message}" in catalogue, (language, message)
    return message


def finish(app: Any, name: str, set_id: str, board: int, contract: str, tricks: int,
           lead: str) -> None:  # fmt: skip
    """Store ``name``'s result on ``board`` as the table would."""
    with app.state.daily.store.engine.connect() as db:
        key = db.execute(select(accounts.c.id).where(accounts.c.name == name)).scalar_one()
    deal = app.state.daily.get_set(set_id).deal(board)
    result = DealResult.of(key, deal, contract, tricks, lead=lead, finished=datetime.now(UTC))
    app.state.daily.record(set_id, result)


def test_a_day_end_to_end(app: Any, client: TestClient) -> None:
    assert refused(client.get("/api/daily"), 401) == "log in first"
    ann = signed_up(app, "Ann")
    day = ann.get("/api/daily").json()
    assert day["day"] == datetime.now(UTC).date().isoformat()
    sets = day["sets"]
    assert [s["kind"] for s in sets] and all(s["finished"] is None for s in sets)
    assert all(s["rule"] and s["played"] == 0 for s in sets)
    mp = sets[0]["id"]
    robots_line = [s for s in ann.get(f"/api/daily/{mp}/ranking").json()["standings"]]
    assert [(s["robots"], s["played"]) for s in robots_line] == [(True, sets[0]["deals"])]
    assert ann.get("/api/daily").json()["sets"][0]["played"] == 0  # the robots: not a player

    started = ann.post(f"/api/daily/{mp}/start").json()
    assert started == {"set": mp, "finished": [], "next": 1}
    assert refused(ann.get(f"/api/daily/{mp}/field/1"), 403) == (
        "finish this deal to see how the field played it"
    )
    finish(app, "Ann", mp, 1, "3NT S", 9, "SA")
    assert ann.post(f"/api/daily/{mp}/start").json()["next"] == 2
    field = ann.get(f"/api/daily/{mp}/field/1").json()
    assert field["entries"] == 2 and any(row["yours"] for row in field["rows"])
    assert all("players" not in row for row in field["rows"])
    card = ann.get(f"/api/daily/{mp}/scorecard").json()["deals"]
    assert len(card) == 1
    standings = ann.get(f"/api/daily/{mp}/ranking").json()["standings"]
    assert {(s["name"], s["robots"], s["you"]) for s in standings} == {
        ("Ann", False, True), (None, True, False)
    }  # fmt: skip
    assert ann.get("/api/daily").json()["sets"][0] | {} == {
        **sets[0], "played": 1, "finished": 1
    }  # fmt: skip

    # Ann sits at her table of board 2, unfinished
    table = ann.post(f"/api/daily/{mp}/play").json()
    assert table["board"] == 2
    board2 = app.state.daily.get_set(mp).deal(2).deal.to_pbn()

    # a second player: nothing of board 1 (Ann's contract, the deal) before finishing it,
    # nor of Ann's unfinished board 2 (its cards, her table, its seat's token)
    bob = signed_up(app, "Bob")
    bob.post(f"/api/daily/{mp}/start")
    deal_pbn = field["deal"]
    seen = [
        bob.get("/api/daily").text,
        bob.get(f"/api/daily/{mp}/ranking").text,
        bob.get(f"/api/daily/{mp}/scorecard").text,
        bob.get("/api/me/tables").text,
    ]
    for r in (bob.get(f"/api/daily/{mp}/field/1"), bob.get(f"/api/daily/{mp}/field/2")):
        refused(r, 403)
        seen.append(r.text)
    r = bob.get(f"/api/tables/{table['table']}")  # her table, without its token
    assert r.status_code == 403
    seen.append(r.text)
    for text in seen:
        assert deal_pbn not in text and not mentions(text, "3NT")
        for hand in deal_pbn.split(":", 1)[1].split() + board2.split(":", 1)[1].split():
            assert hand not in text
        assert table["token"] not in text
    assert "Ann" in seen[1]  # the ranking names her, never her account id
    ids = [p for p in app.state.daily.store.entrants(mp) if not p.startswith("@")]
    assert all(key not in text for key in ids for text in seen)


def test_unknown_set_and_no_secret(app: Any, tmp_path: Path) -> None:
    ann = signed_up(app, "Ann")
    app.state.daily.ensure_day(datetime.now(UTC).date())
    assert refused(ann.get("/api/daily/1999-01-01-9/ranking"), 404) == (
        "there is no such tournament of the day"
    )
    plain = create_app(f"sqlite:///{tmp_path / 'plain.db'}", robots="basic")
    assert plain.state.daily is None
    assert TestClient(plain).get("/api/daily").status_code == 404


def test_serve_reads_the_plan_and_refuses_a_bad_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from contractbridge.cli import main

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    plan = tmp_path / "plan.yaml"
    plan.write_text(
        "opens: '06:00'\nsets:\n  - {name: Evening IMPs, boards: 4, scoring: IMP-BUTLER}\n"
    )
    db = str(tmp_path / "s.db")
    assert main(["serve", "--db", db, "--daily-secret", SECRET, "--daily-plan", str(plan)]) == 0
    daily = served[0].state.daily
    assert [(s.name, s.boards) for s in daily.plan.sets] == [("Evening IMPs", 4)]

    plan.write_text("sets:\n  - {boards: 4}\n")
    assert main(["serve", "--db", str(tmp_path / "t.db"), "--daily-secret", SECRET,
                 "--daily-plan", str(plan)]) == 2  # fmt: skip
    assert "every set of the day needs a name" in capsys.readouterr().err
    monkeypatch.delenv("CB_DAILY_SECRET", raising=False)
    assert main(["serve", "--db", str(tmp_path / "u.db")]) == 0
    assert served[-1].state.daily is None
