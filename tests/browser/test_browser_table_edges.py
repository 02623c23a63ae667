"""The table's rough edges as a BBO or Funbridge regular found them (issue 42): answers to
claims said on the table, the 13th trick seen before the result, a claim answered on a phone
without scrolling, one line a suit, red cards readable in high contrast, the costly cards of
the replay marked otherwise than in red, the par line in the page's language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser_accessibility import violations
from test_browser_claims import Foursome
from test_browser_event import start_pairs_event
from test_browser_table import view

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CATALOGUES = Path(__file__).parents[2] / "src" / "contractbridge" / "server" / "i18n"
CONNECTED = '#conn[data-status="connected"]'


def played(four: Foursome) -> int:
    b = four.state("N")["board"]
    return 4 * len(b.get("tricks", [])) + len(b.get("trick", {}).get("cards", []))


def play_one(four: Foursome) -> None:
    """The seat to play (North for dummy South too) plays its first legal card."""
    for seat in ("N", "E", "W"):
        cards = four.state(seat).get("legal_cards")
        if cards:
            four.act(seat, {"card": cards[0]})
            return
    raise AssertionError("nobody has a card to play")


def open_page(
    browser: Any, four: Foursome, seat: str, width: int = 1280, height: int = 800, pause: float = 0
) -> Any:
    """The seat's page; ``pause``: the trick pause it keeps (the tests' browser has none)."""
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.add_init_script(f"localStorage.setItem('cb.trickPause', '{pause}')")
    page.goto(four.table["links"][seat])
    page.wait_for_selector(CONNECTED)
    return page


def overlap(page: Any, a: str, b: str) -> bool:
    boxes = [page.locator(x).bounding_box() for x in (a, b)]
    assert boxes[0] and boxes[1], (a, b)
    one, two = boxes
    return not (
        one["x"] + one["width"] <= two["x"] or two["x"] + two["width"] <= one["x"]
        or one["y"] + one["height"] <= two["y"] or two["y"] + two["height"] <= one["y"]
    )  # fmt: skip


def empty_error_boxes(page: Any) -> list[str]:
    """Error boxes drawn with nothing in them (a red frame around no message)."""
    return list(page.evaluate(
        "() => [...document.querySelectorAll('.error')]"
        ".filter(e => e.getClientRects().length && !e.textContent.trim())"
        ".map(e => e.outerHTML.slice(0, 80))"
    ))  # fmt: skip


def test_a_rejected_claim_is_said_on_the_claimers_table(browser: Any, server: Any) -> None:
    four = Foursome(server)
    north = open_page(browser, four, "N")
    north.wait_for_selector("#claim")
    north.click("#claim")
    north.fill("#claim-tricks", "13")
    north.click("#claim-send")
    north.wait_for_selector("#withdraw-claim")
    four.act("E", {"accept_claim": False})
    north.wait_for_selector("#news")
    assert north.inner_text("#news") == "East rejects your claim; play goes on."
    # it stays until North acts again
    north.wait_for_selector("#claim")
    play_one(four)  # North's own card: the answer has been read
    north.wait_for_function("() => !document.querySelector('#news')")


def test_the_last_trick_stays_as_long_as_the_others_then_the_result_comes(
    browser: Any, server: Any, screenshots: Path
) -> None:
    four = Foursome(server)
    south = open_page(browser, four, "S")  # dummy, watching
    while played(four) < 51:
        play_one(four)
    version = four.state("S")["version"]
    south.wait_for_function(f"() => window.cbTable.view.version === {version}")
    south.evaluate("localStorage.setItem('cb.trickPause', '1.5')")  # the default pause
    play_one(four)  # the 52nd card: the next deal is dealt in the same update
    south.wait_for_function(
        "() => window.cbTable.view.board.number === 2"
        " && document.querySelectorAll('#trick .played').length === 4"
    )
    assert south.locator("#result").count() == 0  # not yet: the trick is looked at first
    assert "won by" in south.inner_text("#trick")
    assert south.inner_text(".board-no").startswith("Deal 1")
    assert not overlap(south, ".trick-label", "#seat-S .nameplate")
    south.screenshot(path=str(screenshots / "thirteenth-trick.png"))
    south.wait_for_selector("#result", timeout=10000)
    assert south.inner_text(".board-no").startswith("Deal 2")
    # The replay marks a card that cost a trick by more than a red number: struck through.
    while south.locator("#replay .valued.costly").count() == 0:
        step = south.inner_text("#replay-step")
        if step.split("/")[0] == step.split("/")[1]:
            pytest.fail("no card of this deal cost a trick: nothing to look at")
        south.click("#replay-forward")
    decoration = south.eval_on_selector(
        "#replay .valued.costly", "e => getComputedStyle(e).textDecorationLine"
    )
    assert decoration == "line-through"
    south.screenshot(path=str(screenshots / "replay-costly.png"))


def test_a_skipped_last_trick_brings_the_result_at_once(browser: Any, server: Any) -> None:
    four = Foursome(server)
    south = open_page(browser, four, "S")
    while played(four) < 51:
        play_one(four)
    version = four.state("S")["version"]
    south.wait_for_function(f"() => window.cbTable.view.version === {version}")
    south.evaluate("localStorage.setItem('cb.trickPause', '30')")
    while four.state("N")["board"]["number"] == 1:  # to the deal's last card
        play_one(four)
    south.wait_for_selector(".felt.finale")
    south.click("#trick")  # a click on the table skips the pause
    south.wait_for_selector("#result", timeout=5000)


def test_on_a_phone_a_claim_is_answered_without_scrolling(
    browser: Any, server: Any, screenshots: Path
) -> None:
    four = Foursome(server)
    east = open_page(browser, four, "E", 390, 844)
    four.act("N", {"claim": 13})
    east.wait_for_selector("#accept-claim")
    east.wait_for_timeout(300)  # the scroll into view is a frame later
    box = east.locator("#accept-claim").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    east.screenshot(path=str(screenshots / "phone-claim-answer.png"))


def test_a_long_suit_keeps_one_line_with_every_rank_in_view(
    browser: Any, server: Any, screenshots: Path
) -> None:
    table = server.create_table({"S": "Ann"}, seed=84)  # South holds nine hearts
    for width, height, name in ((1280, 800, "desk"), (390, 844, "phone")):
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(table["links"]["S"])
        page.wait_for_selector("#seat-S .card")
        rows = page.eval_on_selector_all(
            "#hand-S .suit-row",
            """rows => rows.map(r => {
                 const cards = [...r.querySelectorAll('.card')].map(c => c.getBoundingClientRect());
                 const ranks = [...r.querySelectorAll('.card .rank')]
                   .map(e => e.getBoundingClientRect());
                 return {tops: cards.map(c => Math.round(c.top)),
                         shown: cards.slice(0, -1).map((c, i) => cards[i + 1].left - c.left),
                         ranks: ranks.map(e => e.width)};
               })""",
        )
        longest = max(rows, key=lambda r: len(r["tops"]))
        assert len(longest["tops"]) == 9
        for row in rows:
            assert len(set(row["tops"])) <= 1, (name, row)  # one line
            for i, shown in enumerate(row["shown"]):
                assert shown >= row["ranks"][i], (name, row)  # the rank is never covered
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(screenshots / f"long-suit-{name}.png"))
        page.close()


def test_red_cards_in_the_trick_are_readable_in_high_contrast(browser: Any, server: Any) -> None:
    four = Foursome(server)
    while not any(c[0] in "HD" for c in four.state("N")["board"]["trick"]["cards"]):
        play_one(four)
    page = open_page(browser, four, "S")
    page.wait_for_selector("#trick .played.red")
    page.click("#contrast")
    page.wait_for_selector("body.high-contrast")
    assert not [v for v in violations(page) if v.startswith("color-contrast")]


def test_the_par_line_and_the_result_read_in_the_pages_language(browser: Any, server: Any) -> None:
    sk = json.loads((CATALOGUES / "sk.json").read_text())
    four = Foursome(server)
    while four.state("N")["board"]["number"] == 1:  # to the deal's last card
        play_one(four)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(four.table["links"]["S"] + "&lang=sk")
    page.wait_for_selector("#par", timeout=20000)
    board = view(page)["history"][0]
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "N": sk["strain.NT.short"]}
    words = []
    for text in board["analysis"]["par"]:  # "EW 2N=", "S 5DX-2"
        who, contract = text.split(" ")
        who = sk[f"side.{who}"] if len(who) == 2 else sk[f"seat.{who}"]
        words.append(f"{who} {contract[0]}{symbols[contract[1]]}{contract[2:]}")
    assert page.inner_text("#par").startswith(f"{sk['ui.par']}: {', '.join(words)} (")
    # "made with one overtrick" in Slovak's singular, not "s 1 nadzdvihmi"
    one_over = page.evaluate(
        "() => window.cbTable.resultText({contract: {level: 3, strain: 'NT', doubled: 0,"
        " declarer: 'S'}, declarer_tricks: 10, score_ns: 430})"
    )
    assert "s 1 nadzdvihom" in one_over, one_over


def test_a_series_that_ends_lists_its_last_deal_among_the_deals_played(
    browser: Any, server: Any
) -> None:
    four = Foursome(server, boards=1)
    while not four.state("N")["board"]["over"]:
        play_one(four)
    page = open_page(browser, four, "S")
    page.wait_for_selector(".history")
    assert "Deal 1:" in page.inner_text(".history")


def test_the_stop_mark_is_a_word_any_font_can_draw(browser: Any, server: Any) -> None:
    table = server.create_table({s: s for s in ("N", "E", "S", "W")}, seed=2)
    url = f"{server.url}/api/tables/{table['id']}"
    token = table["tokens"]["N"]
    version = httpx.get(url, params={"token": token}, timeout=10).json()["version"]
    r = httpx.post(f"{url}/actions", timeout=10,
                   json={"token": token, "version": version, "action": {"call": "3C"}})  # fmt: skip
    assert r.status_code == 200, r.text  # North opens 3♣: a jump, marked STOP
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(table["links"]["S"])
    page.wait_for_selector(".stop-mark")
    # an emoji (⛔) drew an empty box on Debian's Chromium, which has no emoji font
    assert page.inner_text(".stop-mark") == "STOP"


def test_no_empty_error_box_in_the_lobby_or_an_events_pages(browser: Any, server: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#create-event")
    assert empty_error_boxes(page) == []
    start_pairs_event(page, server.url + "/")
    assert empty_error_boxes(page) == []
    table_link = page.get_attribute("#table-links li:first-child a", "href")
    page.goto(table_link)
    page.wait_for_selector("#event-table")
    assert empty_error_boxes(page) == []
