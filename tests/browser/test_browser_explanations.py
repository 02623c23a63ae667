"""The page in a real browser: a person explains their own call afterwards, and the
opponent's page shows and announces it."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_call_explained_afterwards_reaches_the_opponents_page(browser: Any, server: Any) -> None:
    table = server.create_table({"N": "Bob", "E": "Eve"}, seed=2)  # North deals board 1
    pages = {}
    for seat in ("N", "E"):
        context = browser.new_context(viewport={"width": 1100, "height": 850})
        pages[seat] = context.new_page()
        pages[seat].goto(table["links"][seat])
        pages[seat].wait_for_selector(f"#seat-{seat} .card")
    north, east = pages["N"], pages["E"]
    north.click('#bidding-box [data-call="1NT"]')
    east.wait_for_function("() => window.cbTable.view.board.calls.length === 1")
    # North reaches its own call from the keyboard and explains it.
    north.wait_for_selector("#call-0")
    north.focus("#call-0")
    north.keyboard.press("Enter")
    north.fill("#explain-edit", "15-17 balanced")
    north.check("#explain-alert")
    north.press("#explain-edit", "Enter")
    east.wait_for_function(
        "() => document.querySelector('#live').textContent"
        ".includes('North explains 1 notrump: 15-17 balanced')"
    )
    cell = east.locator("#auction td.call.explained.alerted")
    cell.hover()
    assert cell.locator(".explanation").inner_text() == "15-17 balanced"
    assert cell.locator(".explanation").is_visible()
    assert east.locator("#call-0").count() == 0  # not East's call: no editor there
    north.wait_for_function("() => !document.querySelector('#explain-form')")
