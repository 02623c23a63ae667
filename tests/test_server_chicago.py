"""The web table's Chicago options: the vulnerability scheme, duplicate style over any
multiple of four deals, and Russian Chicago (settings, the table it opens, the sheet)."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.core import Seat
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable
from serverapi import TestClient, act, client, view

__all__ = ["client"]  # the fixture, used by name


def new_chicago(api: TestClient, **options: Any) -> Any:
    body = {"kind": "chicago", "seats": {"S": {"name": "Ann"}}, "seed": 4} | options
    return api.post("/api/tables", json=body)


def test_settings_keep_the_chicago_options() -> None:
    settings = TableSettings.from_request(
        {"kind": "chicago", "seats": {"S": {}}, "boards": 8, "chicago_scoring": "russian",
         "chicago_vulnerable": "non-dealer"},
        owner="o",
    )  # fmt: skip
    assert TableSettings.from_json(settings.to_json()) == settings
    assert settings.chicago_options() == {
        "boards": 8,
        "duplicate_style": False,
        "dealers_opponents_vulnerable": True,
        "russian": True,
    }
    opened = ServerTable.new(settings).table.opened
    assert (opened.boards, opened.russian, opened.dealers_opponents_vulnerable) == (8, True, True)
    # a table stored before the options plays the Chicago it always did
    old = TableSettings.from_json({"kind": "chicago", "seats": {}})
    assert old.chicago_options()["boards"] is None and old.chicago_scoring == "standard"


def test_a_russian_chicago_table_with_the_modern_scheme(client: TestClient) -> None:
    r = new_chicago(client, chicago_scoring="russian", chicago_vulnerable="non-dealer", boards=8)
    assert r.status_code == 201, r.text
    table = r.json()
    v = view(client, table, "S")
    assert v["sheet"]["chicago"] == {"deals": 8, "scoring": "russian", "vulnerable": "non-dealer"}
    assert v["board"]["of_deals"] == 8 and "lines" not in v["sheet"]  # no line sheet: IMPs
    for _ in range(300):  # South passes and plays its first legal card until deal 2
        if v["sheet"]["rows"]:
            break
        action = {"call": "Pass"} if v.get("legal_calls") else {"card": v["legal_cards"][0]}
        assert act(client, table, "S", v["version"], action).status_code == 200
        v = view(client, table, "S")
    row = v["sheet"]["rows"][0]
    assert {"score", "hcp", "target"} <= row.keys()
    # deal 1 is no one's: the IMPs are the score against the stronger side's target
    from contractbridge.scoring.imps import imps

    assert row["ns"] == imps(row["score"] - row["target"])
    assert v["board"]["number"] == 2 and v["board"]["dealer"] == Seat.E.name
    assert v["board"]["vulnerability"] == "NS"  # East deals: the non-dealing side


@pytest.mark.parametrize(
    ("options", "status", "words"),
    [
        ({"boards": 8}, 400, "duplicate style or as Russian Chicago"),
        ({"boards": 6, "chicago_scoring": "duplicate"}, 400, "multiple of four"),
        ({"chicago_scoring": "rubber"}, 400, "chicago_scoring"),
        ({"chicago_vulnerable": "east"}, 400, "chicago_vulnerable"),
        ({"boards": 12, "chicago_scoring": "duplicate"}, 201, ""),
    ],
)
def test_a_chicago_that_cannot_be_is_refused(
    client: TestClient, options: dict[str, Any], status: int, words: str
) -> None:
    r = new_chicago(client, **options)
    assert r.status_code == status, r.text
    if words:
        assert words in r.json()["error"]
