"""The tournaments of the day in the browser: a guest sees the lobby's prompt, signs up, opens
/daily from the lobby's panel by the keyboard, starts a set, makes a call at the table, the
deal is played to its end (the rest through the API, as the robots play quickly), comes back
to /daily by the table's link, and sees the ranking, the scorecard and how the field played
that deal (which the server refused before it was finished, and still refuses for the next);
then a declarer-only set's table, opened after the robots' auction with the player declarer.
No axe-core violation, nothing wider than a 390 px phone; screenshots at 390x844 and 1280."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from browsing import finish, no_wider_than
from conftest import Server
from test_browser_accessibility import violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PASSWORD = "a long enough secret"
SECRET = "the browser tests' secret for the day"


@pytest.fixture
def daily_server(tmp_path: Path) -> Iterator[Server]:
    plan = tmp_path / "plan.yaml"
    plan.write_text(
        "sets:\n"
        "  - {name: Morning pairs, boards: 2, scoring: MP}\n"
        "  - {name: Declarer's pairs, boards: 2, scoring: MP, kind: declarer}\n"
    )
    s = Server(tmp_path / "daily.db", "--daily-secret", SECRET, "--daily-plan", str(plan))
    s.start()
    yield s
    s.stop()


def test_a_tournament_of_the_day_from_the_lobby_to_the_field(
    browser: Any, daily_server: Server, screenshots: Path
) -> None:
    url = daily_server.url
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/")
    page.wait_for_selector("#daily-log-in")  # a guest is asked to log in
    page.fill("#account-name", "Ann")
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector("#daily-sets li")
    assert "Morning pairs" in page.inner_text("#daily-panel")
    assert violations(page) == []
    page.locator("#daily-panel").screenshot(path=str(screenshots / "daily-lobby-phone.png"))
    page.focus("#to-daily")
    page.keyboard.press("Enter")  # by the keyboard
    day = page.request.get(url + "/api/daily").json()
    mp = day["sets"][0]["id"]
    page.wait_for_selector(f"#play-{mp}")
    text = page.inner_text("#sets")
    assert "matchpoints" in text and "40% (average minus)" in text and "Declarer only" in text
    no_wider_than(page, 390)
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "daily-phone-start.png"), full_page=True)
    assert page.request.get(f"{url}/api/daily/{mp}/field/1").status == 403

    page.click(f"#play-{mp}")
    page.wait_for_url("**/table/**")
    query = parse_qs(urlparse(page.url).query)
    table_id, token = urlparse(page.url).path.rsplit("/", 1)[1], query["token"][0]
    page.wait_for_selector("#seat-S .card")
    page.wait_for_selector('#bidding-box [data-call="Pass"]:not([disabled])')
    page.click('#bidding-box [data-call="Pass"]')  # South's first call, at the table
    finish(url, table_id, token)
    page.wait_for_selector("#sheet.final")
    assert page.locator("#undo").count() == 0 and page.locator("#hint").count() == 0
    page.screenshot(path=str(screenshots / "daily-table-phone.png"), full_page=True)
    page.click("#back-to-daily")

    page.wait_for_selector("#ranking tbody tr")
    standings = page.inner_text("#ranking")
    assert "Ann" in standings and "The robots" in standings
    page.wait_for_selector("#scorecard tbody tr")
    assert page.locator("#scorecard tbody tr").count() == 1
    assert page.locator("#field-2").count() == 0  # board 2 is not finished
    assert page.request.get(f"{url}/api/daily/{mp}/field/2").status == 403
    page.focus("#field-1")
    page.keyboard.press("Enter")
    page.wait_for_selector("#field-table tbody tr")
    assert "Board 1" in page.inner_text("#field-view")
    assert page.evaluate("document.activeElement.id") == "field-title"
    assert "1 of 2 deals played" in page.inner_text(f"#set-{mp}")
    no_wider_than(page, 390)
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "daily-phone-field.png"), full_page=True)

    desktop = browser.new_context(viewport={"width": 1280, "height": 900})
    desktop.add_cookies(phone.cookies())
    wide = desktop.new_page()
    wide.on("pageerror", lambda e: errors.append(str(e)))
    wide.goto(url + "/daily")
    wide.wait_for_selector("#scorecard tbody tr")
    wide.click("#field-1")
    wide.wait_for_selector("#field-table tbody tr")
    no_wider_than(wide, 1280)
    assert violations(wide) == []
    wide.screenshot(path=str(screenshots / "daily-desktop.png"), full_page=True)
    # the next deal: the button takes the player to a new table, board 2
    wide.click(f"#play-{mp}")
    wide.wait_for_url("**/table/**")
    assert urlparse(wide.url).path.rsplit("/", 1)[1] != table_id
    wide.wait_for_selector("#seat-S .card")
    # a declarer-only set: the table opens after the robots' auction, the player declarer
    wide.goto(url + "/daily")
    declarer = day["sets"][1]["id"]
    wide.click(f"#play-{declarer}")
    wide.wait_for_url("**/table/**")
    wide.wait_for_selector("#back-to-daily")
    token = parse_qs(urlparse(wide.url).query)["token"][0]
    table_id = urlparse(wide.url).path.rsplit("/", 1)[1]
    v = wide.request.get(f"{url}/api/tables/{table_id}?token={token}").json()
    contract = v["board"].get("contract")
    assert v["board"]["auction_over"]
    assert v["seat"] == (contract["declarer"] if contract else "S")
    wide.wait_for_selector(f"#seat-{v['seat']} .card")
    assert violations(wide) == []
    wide.screenshot(path=str(screenshots / "daily-declarer-desktop.png"), full_page=True)
    assert errors == []
    phone.close()
    desktop.close()
