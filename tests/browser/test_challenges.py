"""A challenge played by two browsers (two accounts, each in its own browser context): Ann
challenges Bob on /challenges by the keyboard; Bob sees it in the lobby's panel, follows the
link and accepts; each plays board 1 at their own table (South's first call in the page, the
rest through the API with their own seat's token, as the robots play quickly) and comes back
by the table's link; each sees the comparison of board 1 with the IMPs, while board 2 shows
nothing. No axe-core violation, nothing wider than a 390 px phone; screenshots at 390x844
and 1280 when CB_SCREENSHOTS is set."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from browsing import finish, no_wider_than
from conftest import Server
from test_browser_accessibility import violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PASSWORD = "a long enough secret"


def account(browser: Any, url: str, name: str, width: int, height: int) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(url + "/")
    page.wait_for_selector("#challenges-log-in")  # a guest is asked to log in
    r = page.request.post(url + "/api/signup", data={"name": name, "password": PASSWORD})
    assert r.status == 201, r.text()
    return context, page


def play_board(page: Any, url: str, cid: str) -> None:
    """The player's next deal from /challenges: the call in the page, the rest by the API."""
    page.click(f"#play-{cid}")
    page.wait_for_url("**/table/**")
    table_id = urlparse(page.url).path.rsplit("/", 1)[1]
    token = parse_qs(urlparse(page.url).query)["token"][0]
    page.wait_for_selector("#seat-S .card")
    page.wait_for_selector('#bidding-box [data-call="Pass"]:not([disabled])')
    page.click('#bidding-box [data-call="Pass"]')
    finish(url, table_id, token)
    page.wait_for_selector("#sheet.final")
    assert page.locator("#undo").count() == 0
    page.click("#back-to-challenges")
    page.wait_for_url("**/challenges")


def test_a_challenge_played_by_two_browsers(
    browser: Any, server: Server, screenshots: Path
) -> None:
    url = server.url
    errors: list[str] = []
    ann_context, ann = account(browser, url, "Ann", 390, 844)
    bob_context, bob = account(browser, url, "Bob", 1280, 900)
    for page in (ann, bob):
        page.on("pageerror", lambda e: errors.append(str(e)))

    ann.goto(url + "/challenges")
    ann.wait_for_selector("#opponent")
    ann.focus("#opponent")
    ann.keyboard.type("Bob")
    ann.keyboard.press("Enter")  # by the keyboard
    ann.wait_for_selector("#section-sent + ul li")
    assert "Bob" in ann.inner_text("#section-sent + ul")
    cid = ann.request.get(url + "/api/challenges").json()["challenges"][0]["id"]
    assert bob.request.get(f"{url}/api/challenges/{cid}").status == 200
    no_wider_than(ann, 390)
    assert violations(ann) == []
    ann.screenshot(path=str(screenshots / "challenges-phone-sent.png"), full_page=True)

    bob.goto(url + "/")
    bob.wait_for_selector("#lobby-challenges li a")
    assert "Ann" in bob.inner_text("#challenges-panel")
    assert violations(bob) == []
    bob.locator("#challenges-panel").screenshot(path=str(screenshots / "challenges-lobby.png"))
    bob.click("#lobby-challenges li a")
    bob.wait_for_selector(f"#accept-{cid}")  # the linked challenge's first button has focus
    bob.wait_for_function(f"document.activeElement?.id === 'accept-{cid}'")
    bob.keyboard.press("Enter")
    bob.wait_for_selector(f"#play-{cid}")

    play_board(bob, url, cid)
    bob.wait_for_selector("#comparison-table tbody tr")
    rows = bob.locator("#comparison-table tbody tr")
    assert rows.count() == 5
    first = rows.nth(0).inner_text()
    assert "shown once both have played it" in first  # Ann has not played it
    ann_text = ann.request.get(f"{url}/api/challenges/{cid}").text()
    bob_view = bob.request.get(f"{url}/api/challenges/{cid}").json()
    assert bob_view["lines"][0]["mine"] is not None
    assert ann.request.get(f"{url}/api/challenges/{cid}").json()["lines"][0]["theirs"] is None
    assert str(bob_view["lines"][0]["mine"]["contract"]) not in ann_text or (
        bob_view["lines"][0]["mine"]["contract"] == "Pass" and "Pass" not in ann_text
    )

    ann.reload()
    ann.wait_for_selector(f"#play-{cid}")
    play_board(ann, url, cid)
    ann.wait_for_selector("#comparison-table tbody tr")
    view = ann.request.get(f"{url}/api/challenges/{cid}").json()
    line = view["lines"][0]
    assert line["mine"] is not None and line["theirs"] is not None and line["imps"] is not None
    assert view["lines"][1]["mine"] is None
    cells = ann.locator("#comparison-table tbody tr").nth(0).locator("td")
    assert cells.nth(2).inner_text() == (
        f"+{line['imps']}" if line["imps"] > 0 else str(line["imps"])
    )
    no_wider_than(ann, 390)
    assert violations(ann) == []
    ann.screenshot(path=str(screenshots / "challenges-phone-comparison.png"), full_page=True)
    ann.select_option("#lang", "de")  # another language: the page's words and the table's
    ann.wait_for_function("document.querySelector('h1').textContent === 'Herausforderungen'")
    ann.wait_for_selector("#comparison-table:has-text('Laufende Summe')")
    no_wider_than(ann, 390)

    bob.reload()
    bob.wait_for_selector("#comparison-table tbody tr")
    bob_line = bob.request.get(f"{url}/api/challenges/{cid}").json()["lines"][0]
    assert bob_line["imps"] == -line["imps"]
    assert "Ann" in bob.inner_text("#comparison")
    no_wider_than(bob, 1280)
    assert violations(bob) == []
    bob.click("#contrast")  # high contrast
    assert violations(bob) == []
    bob.screenshot(path=str(screenshots / "challenges-desktop.png"), full_page=True)
    assert errors == []
    ann_context.close()
    bob_context.close()
