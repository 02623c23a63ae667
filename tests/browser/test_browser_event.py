"""A club night in a real browser: the director starts a pairs event from the lobby, a
table enters its results from its own link, and the director's page ranks them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_a_table_enters_results_and_the_director_ranks_them(
    browser: Any, server: Any, screenshots: Path
) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    director = context.new_page()
    director.goto(server.url + "/")
    director.fill("#event-name", "Tuesday pairs")
    director.fill("#event-tables", "3")
    director.fill("#event-boards", "2")
    director.click("#create-event")
    director.wait_for_selector("#event-director")
    assert "/event/" in director.url and "token=" in director.url
    assert "0 of 18" in director.inner_text("#progress")
    table_link = director.get_attribute("#table-links li:first-child a", "href")

    phone = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    phone.goto(table_link)
    phone.wait_for_selector("#event-table")
    assert "pair 1" in phone.inner_text(".pairs") and "pair 4" in phone.inner_text(".pairs")
    # A contract is needed before anything is sent.
    phone.click("#board-1 button[type=submit]")
    assert "level" in phone.inner_text("#board-1 .error")
    # 4♠ by North, making exactly, the ♥K led: 420 on board 1 (nobody vulnerable).
    phone.select_option("#b1-level", "4")
    phone.select_option("#b1-strain", "S")
    phone.select_option("#b1-by", "N")
    phone.select_option("#b1-result", "0")
    phone.fill("#b1-lead", "♥K")
    phone.click("#board-1 button[type=submit]")
    phone.wait_for_selector("#board-1 .entered")
    assert phone.inner_text("#board-1 .entered") == "4♠ N = · NS +420"
    # A lead that is no card is refused with the server's reason, and nothing is recorded.
    phone.select_option("#b2-level", "3")
    phone.select_option("#b2-strain", "NT")
    phone.select_option("#b2-by", "E")
    phone.select_option("#b2-result", "-1")
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
    phone.screenshot(path=str(screenshots / "event-table.png"), full_page=True)

    # A mistake is corrected from the table: board 1 made an overtrick.
    phone.click("#board-1 button.correct")
    phone.select_option("#b1-result", "1")
    phone.click("#board-1 button[type=submit]")
    phone.wait_for_function(
        "() => document.querySelector('#board-1 .entered')?.textContent.includes('+450')"
    )

    director.reload()
    director.wait_for_selector("#event-director")
    assert "2 of 18" in director.inner_text("#progress")
    rankings = director.inner_text("#rankings")
    assert "North-South" in rankings and "East-West" in rankings
    travellers = director.inner_text("#travellers")
    assert "450" in travellers and "HK" in travellers
    director.screenshot(path=str(screenshots / "event-director.png"), full_page=True)
