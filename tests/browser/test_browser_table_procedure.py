"""The lobby's Beer Card setting: declarer's side (as before), or both sides as the rules
text tells it, kept by the table and shown in its view."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 800}


def test_the_lobby_sets_the_beer_card_for_both_sides(browser: Any, server: Any) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert page.input_value("#opt-beer-card") == "declarer"  # the tradition as it was
    page.select_option("#opt-beer-card", "both")  # the rules text: the defenders' too
    page.fill("#name-S", "Ann")
    page.click("#create")
    page.wait_for_function("() => window.cbTable && window.cbTable.view")
    assert page.evaluate("window.cbTable.view.beer_card") == "both"
