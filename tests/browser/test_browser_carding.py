"""The lobby's carding setting: the table's robots play standard attitude and count, or
Lavinthal discards; the table page tells everyone there which (players and spectators)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 800}
I18N = Path(__file__).parents[2] / "src/contractbridge/server/i18n"


def text(key: str, lang: str = "en") -> str:
    return str(json.loads((I18N / f"{lang}.json").read_text("utf-8"))[key])


def test_the_lobby_creates_a_lavinthal_table_and_the_table_shows_it(
    browser: Any, server: Any
) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert page.input_value("#opt-carding") == "standard"
    page.select_option("#opt-carding", "lavinthal")
    page.fill("#name-S", "Ann")
    page.click("#create")
    page.wait_for_function("() => window.cbTable && window.cbTable.view")
    assert page.evaluate("window.cbTable.view.carding") == "lavinthal"
    shown = page.wait_for_selector("#carding")
    assert shown.inner_text() == "Carding: Lavinthal discards (suit preference)"
    assert shown.inner_text() == text("ui.carding.lavinthal")
    # a spectator, reading German, is told too
    table_id = page.evaluate("window.cbTable.id")
    watcher = browser.new_context(viewport=DESKTOP).new_page()
    watcher.goto(f"{server.url}/table/{table_id}?lang=de")
    told = watcher.wait_for_selector("#carding")
    assert told.inner_text() == text("ui.carding.lavinthal", "de")


def test_a_standard_table_says_standard_carding(browser: Any, server: Any) -> None:
    table = server.create_table({"S": "Ann"})
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(table["links"]["S"])
    assert page.wait_for_selector("#carding").inner_text() == text("ui.carding.standard")
