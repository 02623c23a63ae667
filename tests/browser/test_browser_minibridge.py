"""Minibridge in a real browser, played to the end of the series through its page; and the
lobby's way to it and to the director's assistant."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser_accessibility import violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
#: a ten written "T" (a rank of its own, or after a suit symbol); "NT" is not one
TEN_AS_T = re.compile(r"[♠♥♦♣]\s?T|\bT\b")
CARD = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJ])")
THINKING = "() => !document.querySelector('#status').textContent.includes('thinking')"


def card_text(card: str) -> str:
    """The card "HT" as the page writes it: "♥10"."""
    return "♠♥♦♣"["SHDC".index(card[0])] + ("10" if card[1] == "T" else card[1])


def start(page: Any, url: str, deals: int, seed: int = 3) -> str:
    """A new game from the page's form (points form, the learner South); its API address."""
    page.goto(url + "/minibridge")
    page.select_option("select[name=form]", "points")
    page.fill("input[name=deals]", str(deals))
    page.fill("input[name=seed]", str(seed))
    with page.expect_response("**/api/minibridge") as created:
        page.click("#start button[type=submit]")
    page.wait_for_function(THINKING)
    return f"{url}/api/minibridge/{created.value.json()['id']}"


def played(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The deals played to the end (not one redealt: 20-20 points, or four passes)."""
    return [f for f in state["finished"] if not f["redeal"]]


def play(page: Any, api: str, until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Answers through the page (the true count, open, the first contract or card offered)
    until the state the server answered satisfies ``until``; that state."""
    for _ in range(80):
        state = dict(httpx.get(api, timeout=30).json())
        if until(state):
            return state
        assert not state["over"], "the series ended first"
        assert state["mine"]
        # no ten is ever written "T", whatever the page shows
        assert not TEN_AS_T.search(page.inner_text("#game")), page.inner_text("#game")
        answer = page.locator("#answer")
        with page.expect_response(api):
            if state["phase"] == "announce":
                answer.locator("input").fill(str(sum(POINTS.get(c[1], 0) for c in state["hand"])))
                answer.locator("button").click()
            else:  # open, name the contract, or the first card offered
                answer.locator("button").first.click()
        page.wait_for_function(THINKING)
    pytest.fail("the game did not get there")


def assert_shown_as_it_ended(page: Any, deal: dict[str, Any], sheet_line: str) -> None:
    """The end of ``deal`` on the page: no card left in a hand, the last trick whole (the
    cards the server says, with who won it), the count the score has, the whole log."""
    hands = page.inner_text("#hands")
    assert "Your hand" not in hands and "Dummy" not in hands, hands  # nothing left to hold
    assert "no cards are left in any hand" in hands
    assert f"declarer's side took {deal['tricks']} tricks" in hands, hands
    assert re.search(rf"\b{deal['tricks']}\b", sheet_line), sheet_line  # the score says so too
    last = page.inner_text("#last-trick")
    cards = [card for _, card in deal["last_trick"]["cards"]]
    assert CARD.findall(last) == [card_text(c) for c in cards], last
    log = page.locator("#log li").all_inner_texts()
    assert len([line for line in log if " play" in line]) == 52, log
    assert log[-1].endswith(card_text(cards[-1])), (log[-1], last)  # the 52nd card
    assert not TEN_AS_T.search(page.inner_text("#game"))


def test_a_minibridge_series_ends_with_its_deal_shown_whole(
    browser: Any, server: Any, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    api = start(page, server.url, deals=1)
    state = play(page, api, lambda s: s["over"])
    page.wait_for_selector("#title:has-text('The series is over')")
    last = state["finished"][-1]
    sheet = page.inner_text("#sheet").splitlines()[1]
    # the last trick four cards, no hand holding a card, no count the score contradicts
    assert_shown_as_it_ended(page, last, sheet)
    assert page.locator("#next-deal").count() == 0
    finished = page.inner_text("#finished")
    assert f"{last['tricks']} tricks" in finished
    # a ten is "10", as on a card, never "T"
    assert "10" in finished and not TEN_AS_T.search(finished)
    page.screenshot(path=str(screenshots / "minibridge-end.png"), full_page=True)
    assert violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(screenshots / "minibridge-end-phone.png"), full_page=True)


def test_each_deal_of_a_series_is_shown_as_it_ended_before_the_next(
    browser: Any, server: Any, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    api = start(page, server.url, deals=2)
    # in the play, the trick turned last stays readable, whole, with who won it
    state = play(page, api, lambda s: s.get("last_trick") is not None and s["mine"])
    previous = page.locator("#hands p", has_text="Previous trick")
    assert len(CARD.findall(previous.inner_text())) == 4
    assert "won by" in previous.inner_text()
    # the answer to the first deal's last card holds the second deal already; the page
    # shows the first as it ended, until "Next deal"
    state = play(page, api, lambda s: len(played(s)) == 1)
    page.wait_for_selector("#next-deal")
    assert "Deal 1 of 2 is over" in page.inner_text("#title")
    first = played(state)[0]
    assert_shown_as_it_ended(page, first, page.inner_text("#sheet").splitlines()[1])
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "minibridge-deal-over.png"))
    page.click("#next-deal")
    assert page.inner_text("#title").startswith("Deal 2 of 2")
    assert page.evaluate("document.activeElement.id") == "title"
    assert "Your hand" in page.inner_text("#hands") and page.locator("#next-deal").count() == 0
    assert violations(page) == []


def test_the_lobby_leads_to_minibridge_and_the_directors_assistant(
    browser: Any, server: Any, screenshots: Path
) -> None:
    wide = browser.new_page(viewport={"width": 1280, "height": 800})
    wide.goto(server.url + "/")
    wide.wait_for_selector("#to-minibridge")
    assert violations(wide) == []
    wide.screenshot(path=str(screenshots / "lobby.png"), full_page=True)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#to-director")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the lobby fits
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "lobby-phone.png"), full_page=True)
    page.click("#to-minibridge")
    page.wait_for_url("**/minibridge")
    page.wait_for_selector("#start")
    page.go_back()
    page.click("#to-director")
    page.wait_for_url("**/director")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
