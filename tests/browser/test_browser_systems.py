"""A bidding system per partnership, chosen in the lobby: with the page in German, North-South
play Forum D; the robot partner's call comes explained in German, both sides' systems and
convention cards are shown at the table, and the card opens (no axe-core violation)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Server
from test_browser_accessibility import violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]

I18N = Path(__file__).parents[2] / "src/contractbridge/server/i18n"
DE = json.loads((I18N / "de.json").read_text("utf-8"))
CARD_READY = "#cc-card[aria-busy=false] .cc-group"
#: board 1 of seed 54: North deals and Forum D opens 1♦ with its hand, where SAYC passes
SEED = 54


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server with the best robots, which bid each side's system (basic robots bid none)."""
    s = Server(
        tmp_path / "tables.db",
        "--robots",
        "best",
        "--robot-seconds",
        "0.05",
        "--workers",
        "0",  # the server decides for its robots itself: no worker to start
    )
    s.start()
    yield s
    s.stop()


def german(english: str) -> str:
    """An explanation as the page shows it in German: each part a catalogue word, or a range
    of points with the unit translated (a suit's length reads the same)."""
    parts = []
    for part in english.split(", "):
        points = re.fullmatch(r"(\d+(?:-\d+|\+)?) HCP", part)
        word = DE.get(f"expl.{part}")
        parts.append(word if word else f"{points[1]} {DE['expl.unit.HCP']}" if points else part)
    return ", ".join(parts)


def test_forum_d_chosen_in_german_the_partner_explains_and_the_card_opens(
    browser: Any, server: Server, screenshots: Path
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def dealt(route: Any) -> None:  # the lobby deals at random: this test's deal instead
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "seed": SEED}))

    page.route("**/api/tables", dealt)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "de")
    page.wait_for_function(
        f"document.querySelector('#create')?.textContent === {DE['lobby.create']!r}"
    )
    assert DE["lobby.system.NS"] in page.inner_text("label[for=opt-system-NS]")
    assert page.input_value("#opt-system-NS") == page.input_value("#opt-system-EW") == "sayc"
    page.select_option("#opt-system-NS", "forumd")
    page.locator("fieldset.systems").screenshot(path=str(screenshots / "lobby-systems-phone.png"))
    page.fill("#name-S", "Ann")
    page.click("#create")
    page.wait_for_function("() => window.cbTable?.view?.board?.calls?.length >= 1")
    v = page.evaluate("window.cbTable.view")
    assert v["systems"] == {"NS": "forumd", "EW": "sayc"}
    north = v["board"]["calls"][0]
    assert (north["seat"], north["call"]) == ("N", "1D") and north["explanation"]
    # the robot partner's explanation of its 1♦, in German (and no longer in English)
    shown = page.locator("#auction td.call.explained .explanation").first.text_content()
    assert shown == german(north["explanation"]) != north["explanation"]
    # both sides' systems, named, each linking to its card
    for side, system in (("NS", "forumd"), ("EW", "sayc")):
        link = page.locator(f"#convention-card-{side}")
        name = v["system_names"][side]
        wanted = DE["ui.convention_card_system"].format(side=DE[f"side.{side}"], system=name)
        assert link.inner_text() == wanted
        assert f"/card/{system}?side={side}" in (link.get_attribute("href") or "")
    page.screenshot(path=str(screenshots / "table-systems-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(screenshots / "table-systems-desktop.png"))
    with context.expect_page() as opened:
        page.click("#convention-card-NS")
    card = opened.value
    card.wait_for_selector(CARD_READY, timeout=60_000)
    assert card.inner_text("#cc-system") == "Forum D 2012"
    assert card.inner_text("h1") == DE["cc.title"]  # the reader's language, remembered
    assert violations(card) == []
    card.set_viewport_size({"width": 1280, "height": 900})
    card.screenshot(path=str(screenshots / "card-forumd-desktop.png"))
    assert errors == []
    context.close()
