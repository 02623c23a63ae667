"""A claim at the web table between people: the claimer takes a waiting claim back from
its own page, the opponent's page hears it, and the play goes on."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


def test_the_claimer_withdraws_a_waiting_claim_from_the_page(browser: Any, server: Any) -> None:
    table = server.create_table({s: s for s in ("N", "E", "S", "W")}, seed=2)  # North deals

    def state(seat: str) -> dict[str, Any]:
        r = httpx.get(f"{server.url}/api/tables/{table['id']}",
                      params={"token": table["tokens"][seat]}, timeout=10)  # fmt: skip
        return dict(r.json())

    def act(seat: str, action: dict[str, Any]) -> None:
        r = httpx.post(
            f"{server.url}/api/tables/{table['id']}/actions",
            json={"token": table["tokens"][seat], "version": state(seat)["version"],
                  "action": action},
            timeout=10,
        )  # fmt: skip
        assert r.status_code == 200, r.text

    for seat, call in (("N", "1NT"), ("E", "Pass"), ("S", "Pass"), ("W", "Pass")):
        act(seat, {"call": call})
    act("E", {"card": state("E")["legal_cards"][0]})  # the opening lead; South is dummy
    pages = {}
    for seat in ("N", "E"):
        pages[seat] = browser.new_context(viewport={"width": 1100, "height": 850}).new_page()
        pages[seat].goto(table["links"][seat])
        pages[seat].wait_for_selector("#claim")
    north, east = pages["N"], pages["E"]
    north.once("dialog", lambda dialog: dialog.accept("13"))
    north.click("#claim")
    east.wait_for_selector("#accept-claim")
    north.wait_for_selector("#withdraw-claim")
    assert north.locator("#accept-claim").count() == 0  # the claimer does not answer itself
    north.click("#withdraw-claim")
    east.wait_for_function(
        "() => document.querySelector('#live').textContent"
        ".includes('North withdraws the claim; play goes on.')"
    )
    east.wait_for_function("() => !document.querySelector('#accept-claim')")
    north.wait_for_selector("#claim")  # no claim waits: North may claim again, or play
    assert state("N")["legal_cards"] and "pending_claim" not in state("N")["board"]
