"""What the browser tests of scored tables (tests of the day, challenges) share: a deal
played to its end through the API with the player's own seat's token, and the check that a
page is no wider than the screen."""

from __future__ import annotations

import time
from typing import Any

import httpx


def finish(url: str, table_id: str, token: str) -> None:
    """The player passes and plays their first legal card (and dummy's) to the deal's end."""
    api = f"{url}/api/tables/{table_id}"
    for _ in range(300):
        v = httpx.get(api, params={"token": token}, timeout=10).json()
        if v["sheet"]["over"]:
            return
        if v.get("legal_calls"):
            action: dict[str, Any] = {"call": "Pass"}
        elif v.get("legal_cards"):
            action = {"card": v["legal_cards"][0]}
        else:  # the robots' turn
            time.sleep(0.05)
            continue
        body = {"token": token, "version": v["version"], "action": action}
        httpx.post(f"{api}/actions", json=body, timeout=30)
    raise AssertionError("the deal did not end")


def no_wider_than(page: Any, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page is {scroll} px wide on a {width} px screen"
