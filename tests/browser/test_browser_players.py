"""The page as a player coming from BBO or Funbridge tries it: a refusal stays in view, the
robot partner's calls are explained, no STOP promise a robot breaks, a claim dialog in the
page that says what is wrong with a number, and the keyboard stays in the hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_browser_table import WAIT_FOR_TURN, view, wait_newer

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def open_seat(browser: Any, table: dict[str, Any], seat: str = "S", **size: int) -> Any:
    page = browser.new_page(viewport={"width": size.get("width", 1280),
                                      "height": size.get("height", 900)})  # fmt: skip
    return seated(page, table, seat)


def seated(page: Any, table: dict[str, Any], seat: str = "S") -> Any:
    """``page`` at the seat's link, once its socket is open and the seat may act or wait;
    the page's script errors gathered in ``page.cb_errors``."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.cb_errors = errors
    page.goto(table["links"][seat])
    page.wait_for_selector(f"#seat-{seat} .card")
    page.wait_for_function(WAIT_FOR_TURN)
    return page


def visible_box(page: Any, selector: str) -> dict[str, float] | None:
    """Where ``selector`` is on the screen. A redraw replaces the table's elements, so one
    measured at that moment is detached and has no box: it is measured again once drawn
    (a cold first run of the suite caught it so)."""
    for _ in range(20):
        page.locator(selector).wait_for(state="visible")
        box: dict[str, float] | None = page.locator(selector).bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(100)
    return None


def test_a_refusal_stays_in_view_after_the_page_redraws(browser: Any, server: Any) -> None:
    table = server.create_table({"S": "Ann"}, seed=5)
    page = open_seat(browser, table)
    assert page.locator("#error").is_hidden()
    page.fill("#command", "claim 20")  # in the auction: the server refuses it
    page.press("#command", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    page.wait_for_timeout(300)  # the refusal's own redraw has happened
    assert "during the play" in page.inner_text("#error")
    assert page.locator("#error").is_visible()
    v = view(page)
    page.click('#bidding-box [data-call="Pass"]')  # acting again puts it away
    wait_newer(page, v["version"])
    assert page.locator("#error").is_hidden()
    assert page.cb_errors == []


def test_the_robot_partner_explains_its_calls_and_a_jump_bid_has_no_stop_for_a_robot(
    browser: Any, server: Any
) -> None:
    table = server.create_table({"S": "Ann"}, seed=2)  # board 1: North (a robot) deals
    page = open_seat(browser, table)
    v = view(page)
    north = [c for c in v["board"]["calls"] if c["seat"] == "N"]
    assert north and north[0]["explanation"]  # partner's meaning, told by the table
    cell = page.locator("#auction td.call.explained").first
    assert cell.get_attribute("title") == north[0]["explanation"]
    # the next player is a robot: a jump bid is made at once, with no STOP promise
    jump = next(c for c in reversed(v["legal_calls"]) if c[0].isdigit())
    page.click(f'#bidding-box [data-call="{jump}"]')
    wait_newer(page, v["version"])
    assert page.locator("#stop-warning").count() == 0 or page.locator("#stop-warning").is_hidden()
    assert any(c["seat"] == "S" and c["call"] == jump for c in view(page)["board"]["calls"])


def play_to_my_card(page: Any) -> dict[str, Any]:
    """Pass through the auction until South has a card to play."""
    for _ in range(40):
        page.wait_for_function(WAIT_FOR_TURN)
        v = view(page)
        if v.get("legal_cards"):
            return v
        if v.get("legal_calls"):
            page.click('#bidding-box [data-call="Pass"]')
            wait_newer(page, v["version"])
        elif v["board"].get("pending_claim") or v["board"].get("pending_concession"):
            page.click("#accept-claim, #accept-concession")
            wait_newer(page, v["version"])
        else:  # South is dummy: the robots play the deal out
            wait_newer(page, v["version"])
    raise AssertionError("South never had a card to play")


def test_the_claim_dialog_says_what_is_wrong_and_the_keyboard_stays_in_the_hand(
    browser: Any, server: Any, screenshots: Path
) -> None:
    for seed in range(3, 30):  # a deal the robots do not pass out
        table = server.create_table({"S": "Ann"}, seed=seed)
        page = open_seat(browser, table)
        try:
            v = play_to_my_card(page)
            break
        except AssertionError:
            page.close()
    else:
        raise AssertionError("every deal was passed out")
    # a card played by keyboard: focus stays in South's hand, not at the top of the page
    first = v["legal_cards"][0]
    page.focus(f"#card-{first}")
    page.keyboard.press("Enter")
    wait_newer(page, v["version"])
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('#seat-S')"
    )
    v = play_to_my_card(page)
    page.click("#claim")
    page.wait_for_selector("#claim-dialog[open]")
    remaining = 13 - len(v["board"]["tricks"])
    page.fill("#claim-tricks", "20")
    page.click("#claim-send")
    problem = page.inner_text("#claim-problem")
    assert f"from 0 to {remaining}" in problem
    page.screenshot(path=str(screenshots / "claim-dialog.png"))
    page.click("#claim-cancel")
    assert page.locator("#claim-dialog").count() == 0
    assert page.evaluate("document.activeElement.id") == "claim"
    assert page.cb_errors == []


def test_a_finished_trick_stays_on_the_table_until_a_click_or_the_pause(
    browser: Any, server: Any
) -> None:
    import httpx

    for seed in range(3, 30):  # a deal the robots do not pass out
        table = server.create_table({"S": "Ann"}, seed=seed)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.add_init_script("localStorage.setItem('cb.trickPause', '1.5')")
        page.goto(table["links"]["S"])
        page.wait_for_selector("#seat-S .card")
        try:
            play_to_my_card(page)
            break
        except AssertionError:
            page.close()
    assert page.input_value("#trick-pause") == "1.5"
    api = f"{server.url}/api/tables/{table['id']}"
    for _ in range(13):
        v = play_to_my_card(page)
        page.click(f'button.card.legal[data-card="{v["legal_cards"][0]}"]')
        page.wait_for_function("() => document.querySelectorAll('#trick .played').length === 4")
        ahead = httpx.get(api, params={"token": table["tokens"]["S"]}).json()
        if not ahead["board"].get("trick", {}).get("cards"):
            continue  # South (or North) leads next: nothing waits behind the trick
        # the next trick has begun at the table; the page still shows the finished one
        page.wait_for_timeout(900)
        assert page.locator("#trick .played").count() == 4
        assert page.locator("#trick .trick-label").count() == 1
        page.click("#trick")  # the player has seen it: on at once
        page.wait_for_function(
            "() => document.querySelectorAll('#trick .played').length < 4", timeout=1000
        )
        return
    raise AssertionError("no trick was followed by another player's lead")


def test_seat_links_are_invitations_and_the_creator_keeps_only_their_own_seat(
    browser: Any, server: Any
) -> None:
    creator = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    creator.goto(server.url + "/")
    creator.wait_for_selector("#create")
    creator.fill("#name-S", "Ann")
    creator.select_option("#who-N", "human")
    creator.fill("#name-N", "Bob")
    creator.click("#create")
    creator.wait_for_selector(".invite-N")
    invitation = creator.input_value(".invite-N")
    assert "invite=" in invitation and "token=" not in invitation
    mine = creator.evaluate("JSON.parse(localStorage.getItem('cb.tables'))")
    assert [entry["seat"] for entry in mine] == ["S"]  # not North's seat
    # Bob opens the invitation: his browser takes North, with a token of its own
    bob = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    problems: list[str] = []
    bob.on("pageerror", lambda e: problems.append(str(e)))
    bob.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    bob.goto(invitation)
    bob.wait_for_selector("#seat-N .card, p.error", timeout=60000)
    assert bob.locator("#seat-N .card").count(), (bob.inner_text("main"), problems)
    # the socket is the seat's too (it once went out with no token, and its first update
    # turned the page into a spectator's)
    bob.wait_for_function("() => window.cbTable?.ws?.readyState === 1")
    bob.wait_for_timeout(500)
    assert bob.evaluate("window.cbTable.view.seat") == "N"
    assert bob.locator("#seat-N .card").count() == 13
    assert "token=" in bob.url and "invite=" not in bob.url
    bob.reload()  # his own link now
    bob.wait_for_selector("#seat-N .card")
    # anyone else who gets hold of the invitation finds the seat taken
    other = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    other.goto(invitation)
    other.wait_for_selector("#join-error")
    assert "taken" in other.inner_text("#join-error")
    assert other.locator(".card").count() == 0


def test_on_a_phone_hand_auction_and_bidding_box_fit_the_first_screen(
    browser: Any, server: Any, screenshots: Path
) -> None:
    table = server.create_table({"S": "Ann"}, seed=5)
    page = open_seat(browser, table, width=390, height=844)
    v = view(page)
    assert v.get("legal_calls")
    for selector in ("#seat-S .hand", "#auction", ".bid-compact .levels", ".other-calls"):
        box = visible_box(page, selector)
        assert box is not None and box["y"] + box["height"] <= 844, selector
    page.screenshot(path=str(screenshots / "phone-auction.png"))
    # a level, then a strain: two short rows instead of the seven-row box
    bid = next(c for c in v["legal_calls"] if c[0].isdigit())
    page.click(f'.bid-compact [data-level="{bid[0]}"]')
    if page.locator("#stop-warning:not([hidden])").count():
        page.click("#stop-confirm")
    page.click(f'.bid-compact [data-pick="{bid}"]')
    wait_newer(page, v["version"])
    assert any(c["seat"] == "S" and c["call"] == bid for c in view(page)["board"]["calls"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_hint_says_what_the_robot_would_do_and_marks_it(browser: Any, server: Any) -> None:
    table = server.create_table({"S": "Ann"}, seed=5)
    page = open_seat(browser, table)
    page.click("#hint")
    page.wait_for_selector("#hint-line")
    assert page.inner_text("#hint-line").startswith("The robot would call")
    assert page.locator("#bidding-box .hinted").count() == 1
    assert page.cb_errors == []


def test_a_hint_that_the_robot_would_claim_says_so(browser: Any, server: Any) -> None:
    """Issue 42: the hint read "The robot would play NaN" when the robot would claim (the
    API answers {"action": {"claim": n}}). The answer is given to the page here: a position
    where the robot claims takes a whole deal to reach."""
    table = server.create_table({"S": "Ann"}, seed=5)
    page = open_seat(browser, table)
    page.route("**/hint?*", lambda route: route.fulfill(json={"action": {"claim": 5}}))
    page.click("#hint")
    page.wait_for_selector("#hint-line")
    assert page.inner_text("#hint-line") == "The robot would claim 5 of the remaining tricks"
    assert page.cb_errors == []


def test_a_robots_explanation_reads_in_the_pages_language(browser: Any, server: Any) -> None:
    table = server.create_table({"S": "Ann"}, seed=2)  # North (a robot) calls first
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(table["links"]["S"] + "&lang=sk")
    page.wait_for_function(WAIT_FOR_TURN)
    english = view(page)["board"]["calls"][0]["explanation"]
    assert "HCP" in english  # as the robot said it
    shown = page.get_attribute("#auction td.call.explained >> nth=0", "title")
    assert shown and "HCP" not in shown and "bodov" in shown, shown


def test_an_action_before_the_socket_opens_is_refused_aloud(browser: Any, server: Any) -> None:
    """The table is drawn from its first view before its socket opens; a card or call in
    that moment (or while reconnecting) used to vanish without a word."""
    table = server.create_table({"S": "Ann"}, seed=5)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    # a socket that never opens: every connection goes to a closed port
    page.add_init_script("window.WebSocket = class extends WebSocket {"
                         " constructor() { super('ws://127.0.0.1:9/'); } };")  # fmt: skip
    page.goto(table["links"]["S"])
    page.wait_for_selector("#seat-S .card")
    assert page.get_attribute("#conn", "data-status") in ("connecting", "reconnecting")
    page.fill("#command", "pass")
    page.press("#command", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error") == "Not connected to the table yet: try again in a moment."


def test_a_refusal_reads_in_the_pages_language(browser: Any, server: Any) -> None:
    table = server.create_table({"S": "Ann", "N": "Bob"}, seed=2)  # North deals: not South
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(table["links"]["S"] + "&lang=sk")
    page.wait_for_selector('#conn[data-status="connected"]')  # North is to call: Ann waits
    page.fill("#command", "claim 20")  # in the auction
    page.press("#command", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    assert "nárok alebo vzdanie sa robí počas hry" in page.inner_text("#error")
    # a message with a seat in it: the seat's name in the page's language too
    shown = page.evaluate("import('/static/i18n.js').then(m => "
                          "m.messageText(\"it is North's turn to call, not yours\"))")  # fmt: skip
    assert shown == "hlási Sever, nie vy"


def test_on_a_phone_play_claim_and_result_fit_without_sideways_scroll(
    browser: Any, server: Any, screenshots: Path
) -> None:
    for seed in range(3, 30):  # a deal the robots do not pass out
        table = server.create_table({"S": "Ann"}, seed=seed)
        page = open_seat(browser, table, width=390, height=844)
        try:
            play_to_my_card(page)
            break
        except AssertionError:
            page.close()
    shot = False
    for _ in range(40):
        v = play_to_my_card(page)
        if not shot and len(v["board"]["tricks"]) >= 1:
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            page.screenshot(path=str(screenshots / "phone-play.png"))
            page.click("#claim")
            page.wait_for_selector("#claim-dialog[open]")
            page.screenshot(path=str(screenshots / "phone-claim.png"))
            page.click("#claim-cancel")
            shot = True
        page.click(f'button.card.legal[data-card="{v["legal_cards"][0]}"]')
        page.wait_for_function(
            f"() => window.cbTable.view.version > {v['version']} && !window.cbTable.busy"
        )
        if view(page)["sheet"]["rows"]:
            break
    page.wait_for_selector("#result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(screenshots / "phone-result.png"))
    assert page.cb_errors == []


def test_the_next_deal_comes_by_itself_when_the_player_says_so(browser: Any, server: Any) -> None:
    from test_browser_table import play_hand

    table = server.create_table({"S": "Ann"}, seed=5)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('cb.nextDeal', '1')")  # the page offers 5 or 10
    page.goto(table["links"]["S"])
    page.wait_for_selector("#seat-S .card")
    play_hand(page)
    page.wait_for_selector("#result")
    page.wait_for_selector("#result", state="detached", timeout=5000)  # no click needed
    assert page.locator("#next-deal").count() == 0
