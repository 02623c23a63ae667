"""``GET /api/tables/{id}/signal``: what an opponent's card means by the table's carding
agreement, as their partner would tell a player who asks (Law 20F): the web table's ``ask``."""

from __future__ import annotations

from typing import Any

from contractbridge.core import Card, Contract, Seat
from contractbridge.robots.cardplay.carding import Carding
from serverapi import act, client, create, view

__all__ = ["client"]  # the fixture, used by name


def played_of(board: dict[str, Any]) -> list[tuple[Seat, Card]]:
    """Every card played in the deal, with who played it, in order."""
    tricks = [*board["tricks"], board["trick"]]
    return [
        (Seat[t["leader"]].next(i), Card.parse(c)) for t in tricks for i, c in enumerate(t["cards"])
    ]


def test_a_player_asks_what_an_opponents_card_means(client: Any) -> None:
    table = create(client, {"S": "Ann"}, seed=5, carding="lavinthal")
    for _ in range(200):  # Ann passes and plays her first legal card until four cards are out
        v = view(client, table, "S")
        b = v["board"]
        if b.get("tricks") is not None and len(played_of(b)) >= 4:
            break
        action = {"call": "Pass"} if v.get("legal_calls") else {"card": v["legal_cards"][0]}
        assert act(client, table, "S", v["version"], action).status_code == 200
    played = played_of(b)
    contract = Contract.parse(b["contract"]["text"])
    carding = Carding(discards="lavinthal")
    for index, (seat, card) in enumerate(played):
        r = client.get(
            f"/api/tables/{table['id']}/signal",
            params={"card": str(card), "token": table["tokens"]["S"]},
        )
        if seat.side == Seat.S.side:
            assert r.status_code == 403 and "opponents' cards only" in r.json()["error"]
            continue
        assert r.status_code == 200, r.text
        assert r.json() == {
            "seat": seat.name,
            "card": str(card),
            "meaning": carding.explain(contract, played, index),
        }
    seen = {card for _, card in played}
    unplayed = next(c for c in map(Card.parse, ("SA", "S2", "HA", "H2")) if c not in seen)
    params = {"card": str(unplayed), "token": table["tokens"]["S"]}
    r = client.get(f"/api/tables/{table['id']}/signal", params=params)
    assert r.status_code == 400 and "has not been played in this deal" in r.json()["error"]
    spectator = client.get(f"/api/tables/{table['id']}/signal", params={"card": str(played[0][1])})
    assert spectator.status_code == 403
