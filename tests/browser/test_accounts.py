"""Accounts in the lobby, as a player uses them: a guest sits at a table, signs up and finds
it under "My tables"; logs out (the table leaves this browser); logs in from a fresh browser
(a phone, with the keyboard) and opens it there. Changing the password signs the other
browser out. No axe-core violation in any state of the account bar, in either contrast."""

from __future__ import annotations

from typing import Any

import pytest
from test_browser_accessibility import violations
from test_browser_players import seated

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PASSWORD = "a long enough secret"


def lobby(context: Any, url: str) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.cb_errors = errors
    page.goto(url + "/")
    page.wait_for_selector("#account")
    return page


def my_tables(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#my-tables a", "links => links.map(a => a.href)"))


def test_a_guests_table_follows_the_account_to_another_browser(browser: Any, server: Any) -> None:
    table = server.create_table({"S": "Ann"}, seed=5)
    guest = browser.new_context(viewport={"width": 1280, "height": 900})
    seat = seated(guest.new_page(), table)  # the table page remembers the seat here
    page = lobby(guest, server.url)
    assert any(table["id"] in link for link in my_tables(page))  # as a guest's, from here
    seen = {"lobby, guest": violations(page)}
    page.fill("#account-name", "Ann")
    page.fill("#account-password", "short")
    page.click("#sign-up")
    page.wait_for_selector("#account-error:not(:empty)")
    assert "at least 8 characters" in page.inner_text("#account-error")
    seen["lobby, a refusal"] = violations(page)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector("#account-who")
    assert page.inner_text("#account-who") == "Signed in as Ann"
    assert page.inner_text("#account-notice") == "Tables from this browser added to your account: 1"
    assert any(table["id"] in link for link in my_tables(page))
    seen["lobby, signed in"] = violations(page)
    page.click("#change-password")
    page.wait_for_selector("#password-form:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "old-password"
    seen["lobby, changing the password"] = violations(page)
    page.click("#contrast")
    seen["lobby, changing the password, high contrast"] = violations(page)
    page.click("#contrast")
    page.click("#cancel-password")
    # logging out: the account's tables leave this browser with it
    page.click("#log-out")
    page.wait_for_selector("#account-form")
    assert not any(table["id"] in link for link in my_tables(page))

    # a fresh browser, on a phone, with the keyboard only
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    other = lobby(phone, server.url)
    assert my_tables(other) == []
    other.focus("#account-name")
    other.keyboard.type("ann")  # the name in any case
    other.keyboard.press("Tab")
    other.keyboard.type(PASSWORD)
    other.keyboard.press("Enter")  # the form's first button: log in
    other.wait_for_selector("#account-who")
    links = my_tables(other)
    assert [link for link in links if table["id"] in link] == [table["links"]["S"]]
    width = other.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the lobby is {width} px wide on a 390 px phone"
    seen["phone, signed in"] = violations(other)
    other.click(f"#my-tables a[href*='{table['id']}']")
    other.wait_for_selector("#seat-S .card")  # the seat's own view, by its token

    # the password changed on the first browser signs the phone out
    page.fill("#account-name", "Ann")
    page.fill("#account-password", PASSWORD)
    page.press("#account-password", "Enter")
    page.wait_for_selector("#account-who")
    page.click("#change-password")
    page.fill("#old-password", PASSWORD)
    page.fill("#new-password", "another long secret")
    page.click("#save-password")
    page.wait_for_selector("#account-notice:not(:empty)")
    assert "other sessions" in page.inner_text("#account-notice")
    other.goto(server.url + "/")
    other.wait_for_selector("#account-form")
    assert page.cb_errors == other.cb_errors == []
    seat.close()
    problems = {state: found for state, found in seen.items() if found}
    assert not problems, "\n".join(f"{state}: {found}" for state, found in problems.items())


def test_the_account_bar_speaks_the_pages_language(browser: Any, server: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = lobby(context, server.url)
    page.select_option("#lang", "de")
    page.wait_for_function("document.querySelector('#sign-up').textContent === 'Registrieren'")
    page.fill("#account-name", "Ann")
    page.fill("#account-password", "zu kurz")
    page.click("#sign-up")
    page.wait_for_selector("#account-error:not(:empty)")
    assert page.inner_text("#account-error") == "ein Passwort hat mindestens 8 Zeichen"
    assert violations(page) == []
