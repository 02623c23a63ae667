"""Kibitzers as BBO players know them (issue 42, item 10): at a table of robots alone the
plain link shows all four hands; where a person plays, only once the person has agreed (the
checkbox in the table's settings), and never in a browser that holds a seat at the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser_players import seated
from test_browser_table import WAIT_FOR_TURN, view, wait_newer

from serverapi import Served

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: every seat's cards are drawn face up, and none as backs
FOUR_HANDS = (
    "() => window.cbTable?.view && ['N', 'E', 'S', 'W'].every("
    "(s) => document.querySelectorAll(`#seat-${s} .card`).length > 0)"
    " && !document.querySelector('.backs .back')"
)


def kibitzer(browser: Any, url: str, **viewport: int) -> Any:
    """The table's plain link in a browser of its own (no seat anywhere)."""
    page = browser.new_context(viewport=viewport or DESKTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.cb_errors = errors
    page.goto(url)
    page.wait_for_function("() => window.cbTable?.view?.board")
    return page


def sit(context: Any, table: dict[str, Any], seat: str = "S") -> Any:
    """A seat's link opened in ``context``, a browser whose other pages share its cookies."""
    return seated(context.new_page(), table, seat)


def to_the_play(page: Any) -> None:
    """South passes until she has a card to play. The robots think for as long as the
    machine lets them, so the contract differs from run to run: as dummy she waits for the
    next deal (``play_to_my_card`` spun through its turns there without waiting)."""
    for _ in range(60):
        page.wait_for_function(WAIT_FOR_TURN)
        v = view(page)
        if v.get("legal_cards"):
            return
        if v.get("legal_calls"):
            page.click('#bidding-box [data-call="Pass"]')
        wait_newer(page, v["version"])
    raise AssertionError("South never had a card to play")


def fits_the_phone(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for seat in "NESW":  # every hand's cards within the screen's width
        right = page.evaluate(
            f"Math.max(...[...document.querySelectorAll('#seat-{seat} .card')]"
            ".map((c) => c.getBoundingClientRect().right))"
        )
        assert right <= PHONE["width"], seat


@pytest.fixture
def thinking_robots(tmp_path: Path) -> Any:
    """A server whose robots take their time (the best ones, up to 2 s a card), so that a
    table of robots alone is seen in its play, not over at once as the basic robots' is."""
    with Served(
        f"sqlite:///{tmp_path / 'tables.db'}",
        "--robots", "best", "--robot-seconds", "2", "--workers", "1",
    ) as served:  # fmt: skip
        yield served


def test_a_kibitzer_sees_all_four_hands_at_a_table_of_robots_alone(
    browser: Any, thinking_robots: Any, screenshots: Path
) -> None:
    r = httpx.post(thinking_robots.base + "/api/tables", json={"seed": 5}, timeout=10)
    assert r.status_code == 201, r.text
    page = kibitzer(browser, r.json()["spectator"])
    page.wait_for_selector("#kibitzing")
    assert "all hands" in page.inner_text("#kibitzing")
    # in the play: dummy in its columns, the other three hands as they are now
    page.wait_for_function(
        "() => (window.cbTable.view.board.tricks?.length ?? 0) >= 1"
        " || window.cbTable.view.sheet.over",
        timeout=60000,
    )
    page.wait_for_function(FOUR_HANDS)
    v = view(page)
    assert v["kibitzing"] is True and v["seat"] is None
    if not v["board"]["over"]:
        drawn = {s: page.locator(f"#seat-{s} .card").count() for s in "NESW"}
        assert drawn == v["board"]["counts"]
    page.screenshot(path=str(screenshots / "kibitz-robots.png"))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    fits_the_phone(page)
    page.evaluate("window.scrollTo(0, 0)")  # a deal that has just ended scrolls to its result
    page.screenshot(path=str(screenshots / "phone-kibitz-robots.png"))
    assert page.cb_errors == []


def test_a_kibitzer_sees_all_hands_once_the_person_agrees_and_not_after(
    browser: Any, server: Any, screenshots: Path
) -> None:
    table = server.create_table({"S": "Ann"}, seed=5)
    ann_browser = browser.new_context(viewport=DESKTOP)  # her own pages share its cookies
    ann = sit(ann_browser, table)
    watcher = kibitzer(browser, table["spectator"])
    # a table with a person: the kibitzer sees no hand until the person agrees
    watcher.wait_for_selector("#seat-N .backs")
    assert watcher.locator("#kibitzing").count() == 0
    assert not ann.is_checked("#kibitz-hands")
    assert "off" in ann.inner_text("#kibitz-state")
    ann.check("#kibitz-hands")
    ann.wait_for_function("() => window.cbTable.view.kibitzers.see_hands")
    assert "on" in ann.inner_text("#kibitz-state") and ann.is_checked("#kibitz-hands")
    # the kibitzer's page is told at once, over its socket
    watcher.wait_for_selector("#kibitzing")
    watcher.wait_for_function(FOUR_HANDS)
    assert {s: watcher.locator(f"#seat-{s} .card").count() for s in "NESW"} == {
        "N": 13, "E": 13, "S": 13, "W": 13,
    }  # fmt: skip
    watcher.screenshot(path=str(screenshots / "kibitz-auction.png"))
    ann.screenshot(path=str(screenshots / "kibitz-setting.png"))
    # Ann's own browser opening the plain link gets the spectator's view: no hand
    own = ann_browser.new_page()
    own.goto(table["spectator"])
    own.wait_for_selector("#kibitz-not-here")
    assert own.locator("#seat-N .backs").count() == 1
    assert own.evaluate("window.cbTable.view.kibitzing") is False
    own.close()
    # into the play: the kibitzer follows every hand, on a phone too
    to_the_play(ann)
    watcher.set_viewport_size(PHONE)
    watcher.wait_for_function("() => window.cbTable.view.board.contract")
    watcher.wait_for_function(FOUR_HANDS)
    watcher.wait_for_timeout(300)
    fits_the_phone(watcher)
    watcher.evaluate("window.scrollTo(0, 0)")
    watcher.screenshot(path=str(screenshots / "phone-kibitz.png"))
    # Ann switches it off: the hands are gone from the kibitzer's page
    ann.uncheck("#kibitz-hands")
    watcher.wait_for_selector(".backs .back")
    watcher.wait_for_function("() => !document.querySelector('#kibitzing')")
    assert not view(watcher)["kibitzing"]
    assert ann.cb_errors == [] and watcher.cb_errors == []


def test_the_lobby_ticks_kibitzers_for_robots_alone_and_the_creators_tick_stands(
    browser: Any, server: Any
) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert not page.is_checked("#opt-kibitzers-see-hands")  # South is a person by default
    page.select_option("#who-S", "robot")
    assert page.is_checked("#opt-kibitzers-see-hands")  # robots alone: on
    page.select_option("#who-S", "human")
    assert not page.is_checked("#opt-kibitzers-see-hands")
    page.uncheck("#opt-spectators")
    assert page.is_disabled("#opt-kibitzers-see-hands")  # no spectator, no kibitzer
    page.check("#opt-spectators")
    page.check("#opt-kibitzers-see-hands")  # the creator's word, for everyone who sits down
    page.fill("#name-S", "Ann")
    page.click("#create")
    page.wait_for_selector("#kibitz-hands")
    assert page.is_checked("#kibitz-hands")
    assert page.evaluate("window.cbTable.view.kibitzers.see_hands") is True
