"""A club night in a real browser: the director starts a pairs event from the lobby, a
table enters its results from its own link, and the director's page ranks them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from contractbridge.core import Seat
from contractbridge.formats import pbn

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def start_pairs_event(page: Any, lobby: str) -> None:
    """A pairs event of three tables and two boards a round, started from the lobby."""
    page.goto(lobby)
    page.fill("#event-name", "Tuesday pairs")
    page.fill("#event-tables", "3")
    page.fill("#event-boards", "2")
    page.click("#create-event")
    page.wait_for_selector("#event-director")


def test_a_table_enters_results_and_the_director_ranks_them(
    browser: Any, server: Any, screenshots: Path, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    director = context.new_page()
    start_pairs_event(director, server.url + "/")
    assert "/event/" in director.url and "token=" in director.url
    assert "0 of 18" in director.inner_text("#progress")
    table_link = director.get_attribute("#table-links li:first-child a", "href")
    # The boards' deals, as the dealing command writes them: the page then knows them.
    deals = tmp_path / "boards.pbn"
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "contractbridge",
            "deal",
            "-n",
            "6",
            "--seed",
            "5",
            "-o",
            str(deals),
        ],
        check=True,
    )
    assert made.returncode == 0
    director.set_input_files("#deals-file", str(deals))
    director.wait_for_function(
        "() => document.querySelector('#deals').textContent.includes('1, 2, 3, 4, 5, 6')"
    )
    first = pbn.loads(deals.read_text())[0]
    assert first.board == 1 and first.deal is not None
    west = first.deal[Seat.W]
    lead = next(iter(west))  # South declares below: West leads

    phone = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    phone.goto(table_link)
    phone.wait_for_selector("#event-table")
    assert "pair 1" in phone.inner_text(".pairs") and "pair 4" in phone.inner_text(".pairs")
    # A contract is needed before anything is sent.
    phone.click("#board-1 button[type=submit]")
    assert "level" in phone.inner_text("#board-1 .error")
    # 4♠ by South, making exactly, a card of West's led: 420 on board 1 (nobody vulnerable).
    phone.select_option("#b1-level", "4")
    phone.select_option("#b1-strain", "S")
    phone.select_option("#b1-by", "S")
    phone.select_option("#b1-result", "0")
    phone.fill("#b1-lead", str(lead))
    phone.click("#board-1 button[type=submit]")
    phone.wait_for_selector("#board-1 .entered")
    assert phone.inner_text("#board-1 .entered") == "4♠ S = · NS +420"
    # Board 2 half chosen when another table's result comes in: the page is redrawn and
    # what was chosen stays (a level keeps its list of results).
    phone.select_option("#b2-level", "3")
    phone.select_option("#b2-strain", "NT")
    phone.select_option("#b2-by", "E")
    phone.select_option("#b2-result", "-1")
    phone.evaluate("() => document.activeElement.blur()")
    drawn = phone.get_attribute("main", "data-version")
    other = director.get_attribute("#table-links li:nth-child(2) a", "href")
    event_id = other.split("/event/")[1].split("?")[0]
    other_token = other.rsplit("token=", 1)[1]
    other_view = httpx.get(f"{server.url}/api/events/{event_id}", params={"token": other_token})
    other_round = other_view.json()["rounds"][0]
    taken = httpx.post(
        f"{server.url}/api/events/{event_id}/entries",
        json={
            "token": other_token,
            "entry": {
                "board": other_round["boards"][0],
                "round": other_round["round"],
                "table": 2,
                "contract": "Pass",
            },
        },
    )
    assert taken.status_code == 200, taken.text
    phone.wait_for_function(f"() => document.querySelector('main').dataset.version !== {drawn!r}")
    assert phone.input_value("#b2-level") == "3" and phone.input_value("#b2-by") == "E"
    assert phone.input_value("#b2-result") == "-1"
    # A lead that is no card is refused with the server's reason, and nothing is recorded.
    phone.fill("#b2-lead", "Z9")
    phone.click("#board-2 button[type=submit]")
    phone.wait_for_function("() => document.querySelector('#board-2 .error').textContent")
    assert "Z9" in phone.inner_text("#board-2 .error")
    phone.fill("#b2-lead", "")
    phone.click("#board-2 button[type=submit]")
    phone.wait_for_selector("#board-2 .entered")
    assert phone.inner_text("#board-2 .entered") == "3NT E -1 · NS +50"
    # The round is complete: the table is told who comes next.
    assert "Round 2" in phone.inner_text(".next") and "pair 6" in phone.inner_text(".next")
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 400, f"the table's page is {width}px wide on a 390px screen"
    phone.screenshot(path=str(screenshots / "event-table.png"), full_page=True)

    # A mistake is corrected from the table: board 1 made an overtrick.
    phone.click("#board-1 button.correct")
    phone.select_option("#b1-result", "1")
    phone.click("#board-1 button[type=submit]")
    phone.wait_for_function(
        "() => document.querySelector('#board-1 .entered')?.textContent.includes('+450')"
    )

    # the director's open page is told of each result at once (no reload, no 10 s wait)
    director.wait_for_function(
        "() => document.querySelector('#progress').textContent.includes('3 of 18')",
        timeout=5000,
    )
    # (three results were in before the correction, so the count alone does not wait for it)
    director.wait_for_function(
        "() => document.querySelector('#travellers').textContent.includes('450')", timeout=5000
    )
    rankings = director.inner_text("#rankings")
    assert "North-South" in rankings and "East-West" in rankings
    travellers = director.inner_text("#travellers")
    assert "450" in travellers and str(lead) in travellers
    director.screenshot(path=str(screenshots / "event-director.png"), full_page=True)


def test_a_phantom_pairs_table_shows_who_sits_out(browser: Any, server: Any) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    page.goto(server.url + "/")
    page.fill("#event-tables", "3")
    page.fill("#event-absent", "6")  # five pairs: pair 6 is missing
    page.click("#create-event")
    page.wait_for_selector("#event-director")
    event_id = page.url.split("/event/")[1].split("?")[0]
    link = page.get_attribute("#table-links li:first-child a", "href")
    token = link.rsplit("token=", 1)[1]
    rounds = httpx.get(f"{server.url}/api/events/{event_id}", params={"token": token}).json()
    idle = next(r for r in rounds["rounds"] if r.get("idle"))
    page.goto(link)
    page.wait_for_selector("#event-table")
    page.click(f".round-tab >> nth={idle['round'] - 1}")
    text = page.inner_text(".pairs")
    assert f"Round {idle['round']}: no play at this table." in text and "pair 1" in text
    assert page.locator("form.entry").count() == 0
