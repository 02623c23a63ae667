"""Claims and concessions at the web table between people: the claimer's hand is faced to
the defenders while they answer, and the claimer takes a waiting claim back from its page;
a defender's partner objects to a concession (Law 68B2)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class Foursome:
    """Four people at one table, driven through the API until the moment the test needs."""

    def __init__(self, server: Any, **extra: Any) -> None:
        self.server = server
        self.table = server.create_table({s: s for s in ("N", "E", "S", "W")}, seed=2, **extra)
        for seat, call in (("N", "1NT"), ("E", "Pass"), ("S", "Pass"), ("W", "Pass")):
            self.act(seat, {"call": call})
        self.act("E", {"card": self.state("E")["legal_cards"][0]})  # South is dummy

    def state(self, seat: str) -> dict[str, Any]:
        r = httpx.get(f"{self.server.url}/api/tables/{self.table['id']}",
                      params={"token": self.table["tokens"][seat]}, timeout=10)  # fmt: skip
        return dict(r.json())

    def act(self, seat: str, action: dict[str, Any]) -> None:
        r = httpx.post(
            f"{self.server.url}/api/tables/{self.table['id']}/actions",
            json={"token": self.table["tokens"][seat], "version": self.state(seat)["version"],
                  "action": action},
            timeout=10,
        )  # fmt: skip
        assert r.status_code == 200, r.text


def test_the_claimer_withdraws_a_waiting_claim_from_the_page(
    browser: Any, server: Any, screenshots: Any
) -> None:
    four = Foursome(server)
    table, state = four.table, four.state
    pages = {}
    for seat in ("N", "E"):
        pages[seat] = browser.new_context(viewport={"width": 1100, "height": 850}).new_page()
        pages[seat].goto(table["links"][seat])
        pages[seat].wait_for_selector("#claim")
    north, east = pages["N"], pages["E"]
    north.click("#claim")  # the page's own claim dialog
    north.fill("#claim-tricks", "13")
    north.click("#claim-send")
    east.wait_for_selector("#accept-claim")
    # North faces its hand to the defenders while they answer (Law 68C): East sees it
    east.wait_for_selector("#seat-N .hand")
    assert east.locator("#seat-N .card").count() == 13
    east.screenshot(path=str(screenshots / "claim-faced.png"))
    north.wait_for_selector("#withdraw-claim")
    assert north.locator("#accept-claim").count() == 0  # the claimer does not answer itself
    north.click("#withdraw-claim")
    east.wait_for_function(
        "() => document.querySelector('#live').textContent"
        ".includes('North withdraws the claim; play goes on.')"
    )
    east.wait_for_function("() => !document.querySelector('#accept-claim')")
    east.wait_for_selector("#seat-N .backs")  # withdrawn: the hand is hidden again
    north.wait_for_selector("#claim")  # no claim waits: North may claim again, or play
    assert state("N")["legal_cards"] and "pending_claim" not in state("N")["board"]


def test_a_defenders_partner_objects_to_a_concession_from_the_page(
    browser: Any, server: Any
) -> None:
    four = Foursome(server)
    pages = {}
    for seat in ("E", "W"):
        pages[seat] = browser.new_context(viewport={"width": 1100, "height": 850}).new_page()
        pages[seat].goto(four.table["links"][seat])
        pages[seat].wait_for_selector(f"#seat-{seat} .card")
    four.act("W", {"concede": True})  # West would give declarer every trick left
    east, west = pages["E"], pages["W"]
    east.wait_for_selector("#reject-concession")
    assert "East agrees or objects (Law 68B2)" in east.inner_text("body")
    assert west.locator("#reject-concession").count() == 0  # only partner answers
    east.click("#reject-concession")
    # said on the table in words, where West looks, and to West's screen reader
    west.wait_for_selector("#news")
    assert west.inner_text("#news") == "East objects to your concession; play goes on."
    assert "East objects to your concession" in west.inner_text("#live")
    assert "pending_concession" not in four.state("W")["board"]
    assert not four.state("W")["board"]["over"]
