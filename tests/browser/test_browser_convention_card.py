"""The partnerships' convention cards, opened from the table: both sides' links, the card in
the reader's language, no axe-core violation on a phone and a desktop (in either contrast),
nothing wider than the screen, and printed on A4 and Letter with nothing cut."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Server
from test_browser_accessibility import violations
from test_browser_players import seated

pytestmark = [pytest.mark.browser, pytest.mark.slow]

I18N = Path(__file__).parents[2] / "src/contractbridge/server/i18n"
#: the printable width of a sheet with the card's 12 mm margins, in CSS pixels (96 per inch)
PRINTABLE = {"A4": round((210 - 24) / 25.4 * 96), "Letter": round((215.9 - 24) / 25.4 * 96)}
CARD_READY = "#cc-card[aria-busy=false] .cc-group"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for this module's tests (each opens a table of its own, or none)."""
    s = Server(tmp_path_factory.mktemp("cards") / "tables.db")
    s.start()
    yield s
    s.stop()


def text(key: str, lang: str = "en") -> str:
    return str(json.loads((I18N / f"{lang}.json").read_text("utf-8"))[key])


def open_card_from_table(context: Any, table: dict[str, Any], side: str) -> Any:
    page = seated(context.new_page(), table)
    link = page.wait_for_selector(f"#convention-card-{side}")
    name = page.evaluate("window.cbTable.view.system_names")[side]
    wanted = text("ui.convention_card_system").format(side=text(f"side.{side}"), system=name)
    assert link.inner_text() == wanted
    with context.expect_page() as opened:
        link.click()
    card = opened.value
    card.wait_for_selector(CARD_READY)
    # the page's own script errors, from a load of its own (the new tab's first blank
    # document refuses the test's start-up script its localStorage)
    errors: list[str] = []
    card.on("pageerror", lambda e: errors.append(str(e)))
    card.cb_errors = errors
    card.reload()
    card.wait_for_selector(CARD_READY)
    page.close()
    return card


def fits(page: Any, width: int) -> list[str]:
    """The elements that reach past ``width`` (or are wider than the page)."""
    return list(
        page.evaluate(
            """(width) => [...document.querySelectorAll('main *')]
              .filter((n) => n.getClientRects().length
                && n.getBoundingClientRect().right > width + 0.5)
              .map((n) => n.tagName + '.' + n.className + ': ' + n.textContent.slice(0, 30))"""
            "",
            width,
        )
    )


@pytest.mark.parametrize(
    "size",
    [{"width": 390, "height": 844}, {"width": 1280, "height": 900}],
    ids=["phone", "desktop"],
)
def test_both_sides_cards_open_from_the_table(
    browser: Any, server: Any, screenshots: Path, size: dict[str, int]
) -> None:
    table = server.create_table({"S": "Ann"}, seed=3, carding="lavinthal")
    context = browser.new_context(viewport=size)
    name = "phone" if size["width"] < 500 else "desktop"
    for side in ("NS", "EW"):
        card = open_card_from_table(context, table, side)
        assert f"/card/sayc?side={side}&carding=lavinthal" in card.url
        assert card.inner_text("#cc-system") == "Standard American Yellow Card"
        assert card.inner_text("#cc-side") == text(f"side.{side}")
        # the card's 1NT is the robots' 1NT; the leads and signals are the table's carding
        first = card.locator(".cc-group").first
        assert "15-17 HCP, balanced" in first.inner_text()
        signals = card.inner_text("#cc-carding ~ dl")
        assert text("cc.signal.first_discard") in signals and "Lavinthal" in signals
        assert card.locator(".alert-mark").count() > 10  # Stayman, transfers, Michaels...
        width = card.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"the card is {width} px wide on a {size['width']} px screen"
        assert fits(card, size["width"]) == []
        assert violations(card) == []
        assert card.cb_errors == []
        if side == "NS":
            card.screenshot(path=str(screenshots / f"card-{name}.png"))
            card.click("#contrast")
            assert violations(card) == []
            card.screenshot(path=str(screenshots / f"card-{name}-contrast.png"))
            card.click("#contrast")
        card.close()
    context.close()


def test_the_card_reads_in_german_and_an_unknown_system_says_so(
    browser: Any, server: Any, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/card/sayc?lang=de&side=EW")
    page.wait_for_selector(CARD_READY)
    assert page.inner_text("h1") == text("cc.title", "de") == "Konventionskarte"
    assert page.inner_text("#cc-side") == "OW"
    body = page.inner_text("#cc-card")
    assert "Antworten auf 1NT" not in body  # the calls in the page's letters: 1SA
    assert "Antworten auf 1SA" in body and "ausgeglichen" in body
    assert "Stayman: fragt nach einer 4er-Oberfarbe" in body
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "card-de.png"))
    response = page.goto(server.url + "/card/precision")
    assert response is not None and response.status == 404
    assert "the systems are acol, forumd, sayc" in page.inner_text("body")


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_card_prints_with_nothing_cut(
    browser: Any, server: Any, screenshots: Path, paper: str
) -> None:
    width = PRINTABLE[paper]
    page = browser.new_page(viewport={"width": width, "height": 1000})
    page.goto(server.url + "/card/sayc?side=NS")
    page.wait_for_selector(CARD_READY)
    page.emulate_media(media="print")
    assert not page.is_visible(".topbar") and not page.is_visible("#cc-print")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert fits(page, width) == []
    # every call's meaning is whole: no cell is clipped or hidden
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('td')]
          .filter((td) => td.scrollWidth > td.clientWidth + 1).length"""
    )
    assert clipped == 0
    # the groups are printed in two columns, none split across a column or a page
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.cc-columns')).columnCount") == "2"
    )
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.cc-group')).breakInside")
        == "avoid"
    )
    pdf = page.pdf(format=paper, print_background=True)
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert 2 <= pages <= 12, pages
    page.screenshot(path=str(screenshots / f"card-print-{paper}.png"), full_page=True)
