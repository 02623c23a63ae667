"""A Swiss teams event in a real browser: the director starts it from the lobby, a team's
captain enters both rooms from a phone, and the director pairs the next round."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from contractbridge.core import Deal
from contractbridge.formats import pbn
from contractbridge.formats.record import GameRecord

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def choose(page: Any, form: str, level: str, strain: str, by: str, result: str) -> None:
    """Fill the result form whose fields are named ``form`` (e.g. r1b1open)."""
    for field, value in (("level", level), ("strain", strain), ("by", by), ("result", result)):
        page.select_option(f"#{form}-{field}", value)


def test_a_team_enters_its_match_and_the_director_pairs_the_next_round(
    browser: Any, server: Any, screenshots: Path, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    director = context.new_page()
    director.goto(server.url + "/")
    director.fill("#teams-name", "Winter Swiss")
    director.fill("#teams-list", "Lions\nTigers\nBears\nWolves")
    director.select_option("#teams-format", "swiss")
    director.fill("#teams-boards", "2")
    director.click("#create-teams")
    director.wait_for_selector("#teams-director")
    assert "4 teams" in director.inner_text("#teams-director")
    assert "8" in director.inner_text("#progress")  # 2 matches x 2 boards x 2 rooms
    assert director.is_disabled("#pair-next")
    lions = director.get_attribute("#team-links li:first-child a", "href")
    assert director.inner_text("#team-links li:first-child a") == "Lions"
    # The boards' deals for the printout's hand records.
    rng = random.Random(3)
    hands = tmp_path / "hands.pbn"
    hands.write_text(pbn.dumps([GameRecord(board=b, deal=Deal.random(rng)) for b in range(1, 7)]))
    director.set_input_files("#deals-file", str(hands))
    director.wait_for_function(
        "() => document.querySelector('#deals').textContent.includes('1, 2, 3, 4, 5, 6')"
    )

    phone = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    phone.goto(lions)
    phone.wait_for_selector("#team-page")
    assert "Against Tigers" in phone.inner_text("#team-page")
    # Open Room: the Lions sit North-South and make 4♠ (board 1, nobody vulnerable)
    choose(phone, "r1b1open", "4", "S", "N", "0")
    phone.click("#board-1 [data-room=open] button[type=submit]")
    phone.wait_for_selector("#board-1 [data-room=open] .entered")
    assert phone.inner_text("#board-1 [data-room=open] .entered") == "4♠ N = · NS +420"
    # Nothing is sent without a contract.
    phone.click("#board-1 [data-room=closed] button[type=submit]")
    assert "level" in phone.inner_text("#board-1 [data-room=closed] .error")
    # Closed Room: the Tigers (North-South there) go one down in 4♠
    choose(phone, "r1b1closed", "4", "S", "N", "-1")
    phone.click("#board-1 [data-room=closed] button[type=submit]")
    phone.wait_for_selector("#board-1 [data-room=closed] .entered")
    assert phone.inner_text("#board-1 .imps") == "+10 IMPs"  # 420 + 50 = 470
    # A correction: the Open Room made an overtrick, 450 + 50 = 500 is 11 IMPs.
    phone.click("#board-1 [data-room=open] button.correct")
    phone.select_option("#r1b1open-result", "1")
    phone.click("#board-1 [data-room=open] button[type=submit]")
    phone.wait_for_function(
        "() => document.querySelector('#board-1 .imps')?.textContent === '+11 IMPs'"
    )
    assert "Match: 11–0 IMPs" in phone.inner_text("#match-total")
    assert "when every match of a round is finished" in phone.inner_text("#team-page")
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 400, f"the team's page is {width}px wide on a 390px screen"
    phone.screenshot(path=str(screenshots / "teams-team.png"), full_page=True)

    # The director enters one result from the page, the rest as the other captains would.
    director.reload()
    director.wait_for_selector("#teams-director")
    assert "6" in director.inner_text("#progress")
    director.select_option("#where", "1/Lions/2/open")
    choose(director, "director", "3", "NT", "S", "0")
    director.click("#director-entry button[type=submit]")
    director.wait_for_function(
        "() => document.querySelector('#progress').textContent.includes('5')"
    )
    token = parse_qs(urlparse(director.url).query)["token"][0]
    event_id = urlparse(director.url).path.rsplit("/", 1)[1]
    for team, board, room in (
        ("Lions", 2, "closed"),
        ("Bears", 1, "open"),
        ("Bears", 1, "closed"),
        ("Bears", 2, "open"),
        ("Bears", 2, "closed"),
    ):
        entry = {"round": 1, "team": team, "board": board, "room": room, "score": 0}
        r = director.request.post(
            f"{server.url}/api/events/{event_id}/entries", data={"token": token, "entry": entry}
        )
        assert r.ok, r.text()
    director.reload()
    director.wait_for_selector("#teams-director")
    assert director.is_enabled("#pair-next")
    # Board 2 of Bears-Wolves is given an adjusted score instead (Law 86A).
    director.select_option("#where", "1/Bears/2/open")
    director.fill("#adjusted", "A+/A-")
    director.click("#adjust-form button[type=submit]")
    director.wait_for_function(
        "() => document.querySelector('#round-1').textContent.includes('A+ (+3)')"
    )
    standings = director.inner_text("#standings")
    assert standings.index("Lions") < standings.index("Tigers")
    director.click("#pair-next")
    director.wait_for_selector("#round-2")
    assert "Lions" in director.inner_text("#round-2")
    director.screenshot(path=str(screenshots / "teams-director.png"), full_page=True)

    # The captain's page now has round 2 and the standings after round 1.
    phone.reload()
    phone.wait_for_selector("#team-page")
    page = phone.inner_text("#team-page")
    assert "Standings after round 1" in page and "Round 2" in page
    assert phone.get_attribute(".round-tab[aria-pressed=true]", "class") == "round-tab"
