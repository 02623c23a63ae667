"""``ask C9`` in the table's command box: what an opponent's card means by the robots'
carding, as their partner would tell it (Law 20F), in the page's language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

I18N = Path(__file__).parents[2] / "src/contractbridge/server/i18n"


def opponents_card(server: Any, seed: int) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """A table where Ann (South, doing as the hint says) has seen an opponent's card: the
    table, the card and what the server says it means."""
    table = server.create_table({"S": "Ann"}, seed=seed, carding="lavinthal")
    api = f"{server.url}/api/tables/{table['id']}"
    token = table["tokens"]["S"]
    for _ in range(200):
        v = httpx.get(api, params={"token": token}, timeout=30).json()
        b = v["board"]
        tricks = [*b.get("tricks", []), b["trick"]] if "trick" in b else []
        opponents = [
            c
            for t in tricks
            for i, c in enumerate(t["cards"])
            if ("NESW".index(t["leader"]) + i) % 2 == 1  # East or West
        ]
        if opponents:
            card = opponents[0]
            asked = {"card": card, "token": token}
            return table, card, httpx.get(f"{api}/signal", params=asked, timeout=30).json()
        # Ann does what the robot in her place would (the hint): her side declares often
        hint = httpx.get(f"{api}/hint", params={"token": token}, timeout=60).json()["action"]
        action = {k: hint[k] for k in ("call", "card") if k in hint}
        sent = {"token": token, "version": v["version"], "action": action}
        assert httpx.post(f"{api}/actions", json=sent, timeout=30).status_code == 200
    raise AssertionError("no opponent's card was played")


def test_a_player_asks_what_an_opponents_card_means(browser: Any, server: Any) -> None:
    # a deal where North-South declare, so that the opponents' cards are signals
    for seed in range(5, 30):
        table, card, told = opponents_card(server, seed)
        if told["meaning"] is not None:
            break
    else:
        raise AssertionError("East-West declared every deal tried")
    for lang in ("en", "de"):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(table["links"]["S"] + f"&lang={lang}")
        page.wait_for_selector("#command")
        page.fill("#command", f"ask {card.lower()}")
        page.press("#command", "Enter")
        line = page.wait_for_selector("#hint-line").inner_text()
        if lang == "en":
            assert told["meaning"] in line
        else:  # in German: the catalogue's sentence, no English left on the page
            catalogue = json.loads((I18N / "de.json").read_text("utf-8"))
            assert told["meaning"] not in line and ("Ost" in line or "West" in line)
            fixed = catalogue.get(f"msg.{told['meaning']}")  # a meaning with no blanks
            assert fixed is None or fixed in line
