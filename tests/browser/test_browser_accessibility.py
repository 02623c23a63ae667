"""axe-core finds no accessibility violation on the lobby and the table in every state:
the auction, the play with dummy, a claim, the result, and high contrast."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_browser_event import start_pairs_event
from test_browser_players import open_seat, play_to_my_card
from test_browser_table import WAIT_FOR_TURN, play_hand, view

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def axe_script() -> str:
    try:
        import axe_playwright_python
    except ImportError:
        pytest.fail("axe-playwright-python (axe-core) is not installed: pip install -e '.[dev]'")
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def violations(page: Any) -> list[str]:
    """axe-core's violations on the page as it is now: "rule: target, …" lines."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(', '))"
    )
    return list(found)


def test_no_accessibility_violation_in_any_state_of_the_table(browser: Any, server: Any) -> None:
    lobby = browser.new_page(viewport={"width": 1280, "height": 900})
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("#create")
    seen = {"lobby": violations(lobby)}
    for seed in range(3, 30):  # a deal the robots do not pass out
        table = server.create_table({"S": "Ann"}, seed=seed)
        page = open_seat(browser, table)
        if view(page).get("legal_calls"):
            seen["auction"] = violations(page)
        try:
            play_to_my_card(page)
            break
        except AssertionError:
            page.close()
    seen["play"] = violations(page)
    page.click("#claim")
    page.wait_for_selector("#claim-dialog[open]")
    seen["claim dialog"] = violations(page)
    page.click("#claim-cancel")
    play_hand(page)
    page.wait_for_function(WAIT_FOR_TURN)
    page.wait_for_selector("#result")
    seen["result"] = violations(page)
    page.click("#contrast")
    seen["result, high contrast"] = violations(page)
    phone = open_seat(browser, server.create_table({"S": "Ann"}, seed=5), width=390, height=844)
    seen["phone"] = violations(phone)
    problems = {state: found for state, found in seen.items() if found}
    assert not problems, "\n".join(f"{state}: {found}" for state, found in problems.items())


def test_no_accessibility_violation_on_an_events_pages_in_either_contrast(
    browser: Any, server: Any
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    start_pairs_event(page, server.url + "/")
    table = page.get_attribute("#table-links li:first-child a", "href")
    pages = {"event director": page.url, "event table": table}
    seen = {}
    for name, url in pages.items():
        for contrast in (False, True):
            shown = browser.new_page(viewport={"width": 1280, "height": 900})
            shown.goto(url)
            shown.wait_for_selector("#event-director, #event-table")
            if contrast:
                shown.click("#contrast")
                shown.wait_for_selector("body.high-contrast")
            seen[f"{name}{', high contrast' if contrast else ''}"] = violations(shown)
            shown.close()
    problems = {state: found for state, found in seen.items() if found}
    assert not problems, "\n".join(f"{state}: {found}" for state, found in problems.items())
