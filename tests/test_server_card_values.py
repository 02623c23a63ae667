"""The after-hand analysis values every card at every point of the play, as a hand viewer
does: each card's cost is the tricks it gave away double dummy, so the costs account for the
difference between the par of the contract and the tricks declarer took."""

from __future__ import annotations

import pytest

from contractbridge.core import Seat
from contractbridge.robots.basic import BasicRobot
from contractbridge.server.robots.pool import analyse, decide
from contractbridge.server.tables.hub import robot_task
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable
from contractbridge.server.tables.views import play_line


def played_board(seed: int) -> object:
    state = ServerTable.new(
        TableSettings.from_json({"kind": "duplicate", "seed": seed, "boards": 1, "seats": {}})
    )
    bot = BasicRobot()
    while not state.finished:
        seat = state.pending()[0]
        state.act(seat, decide(bot, robot_task(state, seat)))
    return state.finished[0]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 7, 11])
def test_the_cards_costs_account_for_the_tricks_declarer_took(seed: int) -> None:
    board = played_board(seed)
    if board.auction.is_passed_out or board.claim is not None:
        pytest.skip("this seed's deal was passed out or claimed")
    found = analyse(board.deal.to_pbn(), int(board.vulnerability), int(board.dealer),
                    play_line(board))  # fmt: skip
    assert found is not None
    cards = found["cards"]
    assert len(cards) == 52
    declarer = board.contract.declarer
    assert cards[0]["seat"] == declarer.next().name  # the opening leader
    start = min(cards[0]["values"].values())  # the defenders choose the opening lead
    by_declarer = sum(c["cost"] for c in cards if Seat[c["seat"]].side == declarer.side)
    by_defence = sum(c["cost"] for c in cards if Seat[c["seat"]].side != declarer.side)
    assert board.declarer_tricks() == start - by_declarer + by_defence
    for c in cards:  # the card played is one of the values, and no value beats the best
        assert c["card"] in c["values"] and c["cost"] >= 0
