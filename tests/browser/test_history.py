"""A player's history in the browser: a guest sits at a table, a deal is finished there, the
guest signs up (the seat becomes the account's), opens "My history" from the lobby's account
bar, sees the deal, opens its replay at the table, and downloads the PBN export (read back by
the project's reader). No axe-core violation; nothing wider than a 390 px phone."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser_accessibility import violations
from test_browser_players import seated

from contractbridge.formats.pbn.reading import loads

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PASSWORD = "a long enough secret"


def finish_a_deal(url: str, table: dict[str, Any], seat: str = "S") -> None:
    """Play one deal through the API as ``seat`` (1NT if nobody bid, else pass; the first
    legal card) while the robots play the other seats."""
    api = f"{url}/api/tables/{table['id']}"
    token = table["tokens"][seat]
    for _ in range(200):
        v = httpx.get(api, params={"token": token}, timeout=10).json()
        if v["sheet"]["rows"]:
            return
        if v.get("legal_calls"):
            bids = [c["call"] for c in v["board"]["calls"] if c["call"] != "Pass"]
            action = {"call": "1NT" if not bids and "1NT" in v["legal_calls"] else "Pass"}
        elif v.get("legal_cards"):
            action = {"card": v["legal_cards"][0]}
        else:  # the robots' turn
            time.sleep(0.1)
            continue
        body = {"token": token, "version": v["version"], "action": action}
        httpx.post(f"{api}/actions", json=body, timeout=10)
    raise AssertionError("the deal did not finish")


def test_the_history_from_the_lobby_to_the_replay_and_the_export(
    browser: Any, server: Any, screenshots: Path
) -> None:
    table = server.create_table({"S": "Ann"}, seed=5)
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    seated(phone.new_page(), table)  # the browser remembers the seat
    finish_a_deal(server.url, table)
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#account-form")
    page.fill("#account-name", "Ann")
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector("#history-link")
    page.focus("#history-link")
    page.keyboard.press("Enter")  # by the keyboard
    page.wait_for_selector("#deals tbody tr")
    rows = page.locator("#deals tbody tr")
    assert rows.count() == 1
    cells = rows.nth(0).locator("td").all_inner_texts()
    assert cells[2] == "1" and cells[3] == "South"
    page.wait_for_selector("#chart svg[role=img]")
    assert "IMPs against par on 1 deals" in page.inner_text("#chart figcaption")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the history is {width} px wide on a 390 px phone"
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "history-phone.png"), full_page=True)
    # the export, with the page's own cookie
    exported = page.request.get(server.url + (page.get_attribute("#export", "href") or ""))
    assert exported.ok
    games = loads(exported.text())
    assert [g.board for g in games] == [1]
    # a filter that leaves nothing
    page.fill("input[name=to]", "2000-01-01")
    page.click("#filters button[type=submit]")
    page.wait_for_selector("#list p")
    page.fill("input[name=to]", "")
    page.click("#filters button[type=submit]")
    page.wait_for_selector("#deals tbody tr")
    # the replay: the deal's link opens its table at the account's seat
    page.click("#deals tbody tr a")
    page.wait_for_url(f"**/table/{table['id']}**")
    assert errors == []
