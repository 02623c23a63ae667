"""The lobby's Chicago options (Russian Chicago, the modern vulnerability scheme, eight
deals) and a board-a-match teams event, in a real browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_russian_chicago_of_eight_deals_from_the_lobby(
    browser: Any, server: Any, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.fill("#name-S", "Ann")
    page.check("#kind-duplicate")
    assert not page.is_visible("#chicago-scoring")  # only a Chicago has these
    page.check("#kind-chicago")
    assert page.is_visible("#chicago-scoring") and page.is_disabled("#chicago-deals")
    page.select_option("#chicago-scoring", "russian")
    page.select_option("#chicago-vulnerable", "non-dealer")
    page.fill("#chicago-deals", "8")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#seat-S .card")
    assert page.evaluate("window.cbTable.view.sheet.chicago") == {
        "deals": 8,
        "scoring": "russian",
        "vulnerable": "non-dealer",
    }
    assert "Chicago deal 1 of 8" in page.inner_text(".board-no")
    # deal 1 through the API: South passes and plays its first legal card
    table_id = urlparse(page.url).path.rsplit("/", 1)[1]
    token = page.evaluate("window.cbTable.token")
    base = f"{server.url}/api/tables/{table_id}"
    for _ in range(300):
        v = httpx.get(base, params={"token": token}).json()
        if v["sheet"]["rows"]:
            break
        action = {"call": "Pass"} if v.get("legal_calls") else {"card": v["legal_cards"][0]}
        r = httpx.post(base + "/actions", json={"token": token, "version": v["version"],
                                                "action": action})  # fmt: skip
        assert r.status_code == 200, r.text
    page.reload()
    page.wait_for_selector("#russian-note")
    sheet = page.inner_text("#sheet")
    assert "NS HCP" in sheet and "NS target" in sheet and "Total (IMPs)" in sheet
    assert "Chicago deal 2 of 8" in page.inner_text(".board-no")
    page.screenshot(path=str(screenshots / "russian-chicago.png"), full_page=True)
    assert errors == []


def test_a_board_a_match_teams_event_from_the_lobby(browser: Any, server: Any) -> None:
    director = browser.new_page(viewport={"width": 1100, "height": 900})
    director.goto(server.url + "/")
    director.fill("#teams-name", "Tuesday BAM")
    director.fill("#teams-list", "Lions\nTigers")
    director.fill("#teams-boards", "2")
    director.select_option("#teams-scoring", "bam")
    director.click("#create-teams")
    director.wait_for_selector("#teams-director")
    assert "Board-a-match" in director.inner_text("#scoring")
    token = parse_qs(urlparse(director.url).query)["token"][0]
    event_id = urlparse(director.url).path.rsplit("/", 1)[1]
    home = "Lions"  # two teams' round robin: the first named is at home (round_robin)
    # board 1: 10 points more in the Open Room win it; board 2: the same score, a tie
    for board, room, score in ((1, "open", 430), (1, "closed", 420), (2, "open", -100),
                               (2, "closed", -100)):  # fmt: skip
        entry = {"round": 1, "team": home, "board": board, "room": room, "score": score}
        r = director.request.post(
            f"{server.url}/api/events/{event_id}/entries", data={"token": token, "entry": entry}
        )
        assert r.ok, r.text()
    director.reload()
    director.wait_for_selector("#teams-director")
    standings = director.inner_text("#standings")
    assert "Board points" in standings and "1.5" in standings and "0.5" in standings
    assert "1.5–0.5 board points" in director.inner_text("#round-1")
