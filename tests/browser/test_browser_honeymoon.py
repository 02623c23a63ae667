"""Honeymoon bridge in a real browser: the draw, the auction and the play through the page,
on a wide screen and a phone; the page in German; the lobby's way to it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser_accessibility import violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]

I18N = Path(__file__).parents[2] / "src/contractbridge/server/i18n"


def thinking(lang: str = "en") -> str:
    """The wait for the robot: until the page no longer says it thinks."""
    catalogue = json.loads((I18N / f"{lang}.json").read_text("utf-8"))
    text = json.dumps(catalogue["hm.robot_thinking"])
    return f"() => !document.querySelector('#status').textContent.includes({text})"


def start(page: Any, url: str, seed: int = 3, lang: str | None = None) -> str:
    """A new match from the page's form; its API address."""
    page.goto(url + "/honeymoon" + (f"?lang={lang}" if lang else ""))
    page.fill("input[name=seed]", str(seed))
    with page.expect_response("**/api/honeymoon") as created:
        page.click("#start button[type=submit]")
    page.wait_for_function(thinking(lang or "en"))
    return f"{url}/api/honeymoon/{created.value.json()['id']}"


def move(page: Any, state: dict[str, Any], lang: str = "en") -> None:
    """One answer through the page: the first legal card, or in the auction 1NT when it may
    be bid (else pass)."""
    if state["phase"] == "auction":
        call = "1NT" if "1NT" in state["legal_calls"] else "Pass"
        page.click(f"#answer button[data-call='{call}']")
    else:
        page.click("#hand button.hm-card.legal >> nth=0")
    page.wait_for_function(thinking(lang))


def play_until(page: Any, api: str, phase: str, lang: str = "en") -> dict[str, Any]:
    for _ in range(60):
        state = dict(httpx.get(api, timeout=30).json())
        if state.get("phase") == phase or state["finished"]:
            return state
        assert state["mine"]
        # the page offers exactly the cards the rules allow
        offered = page.eval_on_selector_all(
            "#hand button.hm-card:not(:disabled)", "bs => bs.map(b => b.dataset.card)"
        )
        assert sorted(offered) == sorted(state["legal"])
        move(page, state, lang)
    raise AssertionError(f"the {phase} never came")


def test_a_deal_is_drawn_bid_and_played_through_the_page(
    browser: Any, server: Any, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    api = start(page, server.url)
    assert "Deal 1, rubber 1 of 1" in page.inner_text("#title")
    page.screenshot(path=str(screenshots / "honeymoon-draw.png"), full_page=True)
    assert violations(page) == []  # axe-core, in each phase of the deal
    # a few tricks of the draw: the stock shrinks by two a trick
    state = dict(httpx.get(api, timeout=30).json())
    stock = state["stock"]
    for _ in range(4):
        move(page, state)
        state = dict(httpx.get(api, timeout=30).json())
    assert state["stock"] < stock
    assert re.search(r"Cards left in the stock: \d+", page.inner_text("#phase-line"))
    state = play_until(page, api, "auction")
    assert state["phase"] == "auction" and len(state["hand"]) == 13
    assert page.locator("#answer button[data-call='Pass']").count() == 1
    page.screenshot(path=str(screenshots / "honeymoon-auction.png"), full_page=True)
    assert violations(page) == []
    state = play_until(page, api, "play")
    assert state["phase"] == "play" and state["contract"]
    for _ in range(3):
        move(page, state)
        state = dict(httpx.get(api, timeout=30).json())
    assert "Contract:" in page.inner_text("#phase-line")
    page.screenshot(path=str(screenshots / "honeymoon-play.png"), full_page=True)
    assert violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(screenshots / "honeymoon-play-phone.png"), full_page=True)
    # nothing is wider than the phone
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    # the end of the deal: the hands shown, then the next deal
    for _ in range(30):
        state = dict(httpx.get(api, timeout=30).json())
        if state["finished"]:
            break
        move(page, state)
    page.wait_for_selector("#next-deal")
    assert "Deal 1 is over" in page.inner_text("#title")
    assert "The robot's hand:" in page.inner_text("#game")
    page.screenshot(path=str(screenshots / "honeymoon-deal-over-phone.png"), full_page=True)
    assert violations(page) == []
    page.click("#next-deal")
    assert "Deal 2" in page.inner_text("#title")


def test_the_page_speaks_german_from_the_address(
    browser: Any, server: Any, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    start(page, server.url, lang="de")
    text = page.inner_text("body")
    assert "Spiel 1, Robber 1 von 1" in text and "Ihre Hand" in text
    for english in ("Your hand", "Deal 1", "Cards left", "Score", "End the match"):
        assert english not in text
    page.screenshot(path=str(screenshots / "honeymoon-de.png"), full_page=True)


def test_the_lobby_leads_to_honeymoon_bridge(browser: Any, server: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.click("#to-honeymoon")
    page.wait_for_url("**/honeymoon")
    assert page.locator("#start").is_visible()
