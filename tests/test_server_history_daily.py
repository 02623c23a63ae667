"""A player's history of the tournaments of the day (issue 37, item 2): a daily deal names its
set and shows its score against the field as it stands now (% at matchpoints, IMPs at IMPs),
checked against the stored results of everyone who played it; the filter by where a deal was
played; the averages against the field in the statistics; nothing of a deal not finished."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from contractbridge.server.history import stats
from contractbridge.tournament.daily import ROBOTS
from players import CATALOGUES, TestClient, signed_up
from test_server_daily_play import key_of, new_app, play_out

pytestmark = pytest.mark.slow


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    with ExitStack() as clients:
        yield clients


def history(c: TestClient, **query: str) -> list[dict[str, Any]]:
    r = c.get("/api/me/history", params=query)
    assert r.status_code == 200, r.text
    return list(r.json()["entries"])


def play_next(c: TestClient, set_id: str) -> dict[str, Any]:
    table = c.post(f"/api/daily/{set_id}/play").json()
    play_out(c, table)
    return dict(table)


def matchpoints(mine: int, others: list[int]) -> float:
    """Law 78A: 2 for each score beaten, 1 for each equalled, as a % of the top."""
    if not others:
        return 50.0
    got = sum(2 if mine > o else 1 if mine == o else 0 for o in others)
    return 100 * got / (2 * len(others))


def scores_on(app: Any, set_id: str, board: int) -> dict[str, int]:
    """Every stored result's North-South score on the deal, by player."""
    results = app.state.daily.store.results(set_id)
    return {r["player"]: int(r["score"]) for _, r in results if r["board"] == board}


def test_a_daily_deal_in_the_history_is_scored_against_the_field_live(
    tmp_path: Path, stack: ExitStack
) -> None:
    app = new_app(tmp_path / "h.db")
    ann, bob = signed_up(stack, app, "Ann"), signed_up(stack, app, "Bob")
    sets = ann.get("/api/daily").json()["sets"]
    mp = next(s for s in sets if s["scoring"] == "MP" and s["kind"] == "full")
    ann.post(f"/api/daily/{mp['id']}/start")
    first = play_next(ann, mp["id"])

    (entry,) = history(ann)
    assert entry["source"] == "daily" and entry["table"] == first["table"]
    assert entry["event"] == {"set": mp["id"], "name": mp["name"], "scoring": "MP", "unit": "%"}
    ann_key = key_of(app, "Ann")
    scores = scores_on(app, mp["id"], 1)
    assert set(scores) == {ann_key, ROBOTS}
    assert entry["score"] == scores[ann_key]  # North-South: Ann sits South
    expected = matchpoints(scores[ann_key], [scores[ROBOTS]])
    assert entry["field"] == pytest.approx(expected, abs=0.01)

    # Bob plays the same deal: Ann's figure is scored again against the field as it is now
    bob.post(f"/api/daily/{mp['id']}/start")
    bob_table = play_next(bob, mp["id"])
    scores = scores_on(app, mp["id"], 1)
    assert len(scores) == 3
    others = [s for k, s in scores.items() if k != ann_key]
    (entry,) = history(ann)
    assert entry["field"] == pytest.approx(matchpoints(scores[ann_key], others), abs=0.01)
    card = ann.get(f"/api/daily/{mp['id']}/scorecard").json()["deals"]
    assert [d["points"] for d in card] == [entry["field"]]
    # each sees their own deal only, never the other's table
    assert [e["table"] for e in history(bob)] == [bob_table["table"]]

    # Bob is at his second deal's table, not finished: it is not in his history, and Ann's
    # history (who has not played board 2) says nothing of it
    second = bob.post(f"/api/daily/{mp['id']}/play").json()
    assert second["board"] == 2
    assert [e["board"] for e in history(bob)] == [1]
    assert second["table"] not in ann.get("/api/me/history").text

    # the filter by where the deal was played, and the statistics
    assert [e["table"] for e in history(ann, source="daily")] == [first["table"]]
    assert history(ann, source="table") == []
    figures = ann.get("/api/me/history/stats").json()
    assert figures["field_mp"] == pytest.approx(entry["field"], abs=0.01)
    assert (figures["field_mp_deals"], figures["field_imps_deals"]) == (1, 0)
    assert figures["field_imps"] is None
    r = ann.get("/api/me/history", params={"source": "tournament"})
    assert r.status_code == 400
    for language, catalogue in CATALOGUES.items():
        assert "msg.unknown kind of deal: {0}" in catalogue, language


def test_an_imp_set_is_scored_in_imps(tmp_path: Path, stack: ExitStack) -> None:
    app = new_app(tmp_path / "i.db")
    ann = signed_up(stack, app, "Ann")
    sets = ann.get("/api/daily").json()["sets"]
    imp = next(s for s in sets if s["scoring"] != "MP" and s["kind"] == "full")
    ann.post(f"/api/daily/{imp['id']}/start")
    play_next(ann, imp["id"])
    (entry,) = history(ann)
    assert entry["event"]["unit"] == "IMPs" and entry["event"]["name"] == imp["name"]
    card = ann.get(f"/api/daily/{imp['id']}/scorecard").json()["deals"]
    assert [d["points"] for d in card] == [entry["field"]]
    figures = ann.get("/api/me/history/stats").json()
    assert figures["field_imps"] == entry["field"] and figures["field_mp"] is None


def test_statistics_average_the_field_by_unit() -> None:
    def entry(unit: str | None, field: float | None) -> dict[str, Any]:
        event = None if unit is None else {"unit": unit}
        return {"role": "defender", "imps": None, "dd_tricks": None, "event": event,
                "field": field}  # fmt: skip

    got = stats([entry("%", 60.0), entry("%", 45.0), entry("IMPs", -3.0), entry(None, None),
                 entry("%", None)])  # fmt: skip
    assert (got["field_mp"], got["field_mp_deals"]) == (52.5, 2)
    assert (got["field_imps"], got["field_imps_deals"]) == (-3.0, 1)
