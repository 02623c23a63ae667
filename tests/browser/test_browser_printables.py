"""The director prints a one-set Howell's guide cards from the event's page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_director_opens_the_guide_cards_of_a_one_set_howell(
    browser: Any, server: Any, screenshots: Path
) -> None:
    # a browser in the United States prints on Letter paper
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-US")
    page = context.new_page()
    page.goto(server.url + "/")
    page.fill("#event-name", "Howell night")
    page.select_option("#event-movement", "one-set-howell")
    page.fill("#event-tables", "4")
    page.fill("#event-boards", "3")
    page.click("#create-event")
    page.wait_for_selector("#event-director")
    assert "Howell 4 tables" in page.inner_text("#event-director")
    page.screenshot(path=str(screenshots / "event-printables.png"))
    links = page.locator("a.download")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert any("guide-cards.html" in h for h in hrefs if h)
    assert not any("curtain-cards.html" in h for h in hrefs if h)  # no deals yet
    with context.expect_page() as opened:
        page.click("a.download[href*='guide-cards.html']", modifiers=["Control"])
    cards = opened.value
    cards.wait_for_load_state()
    assert "Table 4" in cards.content() and "relay" in cards.content()
    assert "size: letter" in cards.content()
    context.close()
