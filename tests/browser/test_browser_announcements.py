"""The page in a real browser: a robot's announcement (its system's home regulations: SAYC's
are the ACBL's) is shown under its call to everyone at the table, in the page's language,
and read to screen readers with the call; axe-core finds no violation; phone and desktop
screenshots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Server
from test_browser_accessibility import violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Seed 47, board 1: North (a SAYC robot) opens 1NT, announced "15-17"; East passes; South
# transfers with 2D, announced by its suit, "hearts" (the ACBL's words) — before West, the
# person, calls.
SEED = 47


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server with the best robots, which bid (and announce) by a system: basic robots
    bid none."""
    s = Server(
        tmp_path / "tables.db", "--robots", "best", "--robot-seconds", "0.05", "--workers", "0"
    )
    s.start()
    yield s
    s.stop()


def open_page(browser: Any, link: str, lang: str, width: int, height: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('cb.lang', '{lang}')")
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector("#seat-W .card")
    return page


@pytest.mark.parametrize(
    ("lang", "words", "width", "height"),
    [("en", "hearts", 1280, 850), ("de", "Coeur", 390, 844)],
)
def test_a_robots_announcement_is_shown_under_its_call(
    browser: Any, server: Any, screenshots: Path, lang: str, words: str, width: int, height: int
) -> None:
    table = server.create_table({"W": "Bob"}, seed=SEED)
    page = open_page(browser, table["links"]["W"], lang, width, height)
    page.wait_for_function("() => window.cbTable.view.board.calls.length >= 3")
    calls = page.evaluate("() => window.cbTable.view.board.calls")
    assert [(c["call"], c["announcement"]) for c in calls[:3]] == [
        ("1NT", "15-17"), ("Pass", None), ("2D", "hearts"),
    ]  # fmt: skip
    opening = page.locator("#auction td.call").nth(0)
    assert opening.locator(".announcement").inner_text() == "15–17"
    cell = page.locator("#auction td.call").nth(2)
    assert cell.locator(".announcement").inner_text() == words
    assert "alerted" not in (cell.get_attribute("class") or "")  # announced, not alerted
    assert words in (cell.get_attribute("aria-label") or "")
    assert violations(page) == []
    page.screenshot(path=str(screenshots / f"announcement-{lang}-{width}.png"))
