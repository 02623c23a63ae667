"""Minibridge in a real browser, played to the end of the series through its page; and the
lobby's way to it and to the director's assistant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def test_a_minibridge_series_ends_with_its_deal_shown_whole(
    browser: Any, server: Any, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server.url + "/minibridge")
    page.select_option("select[name=form]", "points")
    page.fill("input[name=deals]", "1")
    page.fill("input[name=seed]", "3")
    with page.expect_response("**/api/minibridge") as created:
        page.click("#start button[type=submit]")
    game = created.value.json()["id"]
    api = f"{server.url}/api/minibridge/{game}"
    for _ in range(60):
        state = httpx.get(api, timeout=30).json()
        if state["over"]:
            break
        assert state["mine"]
        answer = page.locator("#answer")
        with page.expect_response(api):
            if state["phase"] == "announce":
                answer.locator("input").fill(str(sum(POINTS.get(c[1], 0) for c in state["hand"])))
                answer.locator("button").click()
            else:  # open, name the contract, or the first card offered
                answer.locator("button").first.click()
        page.wait_for_function("() => !document.querySelector('#status').textContent"
                               ".includes('thinking')")  # fmt: skip
    else:
        pytest.fail("the series did not end")
    page.wait_for_selector("#title:has-text('The series is over')")
    # nothing left over from the moment before the last card: no hand, no three-card trick,
    # no count of tricks that the score contradicts
    assert page.inner_text("#hands") == ""
    assert page.locator("#log-title").is_hidden()  # no heading over an empty list
    finished = page.inner_text("#finished")
    last = state["finished"][-1]
    assert f"{last['tricks']} tricks" in finished
    # a ten is "10", as on a card, never "T"
    assert "10" in finished and "T" not in finished.replace("NT", "")
    page.screenshot(path=str(screenshots / "minibridge-end.png"), full_page=True)


def test_the_lobby_leads_to_minibridge_and_the_directors_assistant(
    browser: Any, server: Any
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.click("#to-minibridge")
    page.wait_for_url("**/minibridge")
    page.wait_for_selector("#start")
    page.go_back()
    page.click("#to-director")
    page.wait_for_url("**/director")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
