"""The card-play robot at a table: legal cards only, decisions from the view alone, seeds."""

from __future__ import annotations

import pytest

from contractbridge.core.auction import Auction
from contractbridge.core.deal import Deal
from contractbridge.core.hand import Hand
from contractbridge.core.play import Play
from contractbridge.core.seat import SEATS, Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.base import Player
from contractbridge.robots.cardplay import CardPlayer
from contractbridge.robots.cardplay import player as player_module

DEAL = Deal.from_pbn("N:AKQ2.KJ4.A93.Q72 J76.Q92.QJ4.KJ53 T985.A73.K65.A84 43.T865.T872.T96")
AUCTION = ["1NT", "P", "3NT", "P", "P", "P"]  # South opens, North raises: South declares


def quick(seed: int = 0) -> CardPlayer:
    return CardPlayer(seed=seed, budget=0.01, lead_budget=0.05, min_samples=4, max_samples=8)


def test_the_card_player_is_a_player() -> None:
    robot: Player = quick()
    assert robot.name == "cardplay"


@pytest.mark.slow
def test_four_robots_play_a_whole_deal_with_legal_cards_only() -> None:
    auction = Auction(Seat.S, AUCTION)
    assert auction.contract is not None
    play = Play(DEAL, auction.contract)
    robots = {s: quick(int(s)) for s in SEATS}
    while not play.is_complete:
        acting = play.acting_seat
        assert acting is not None
        view = SeatView.of(acting, DEAL, auction, play)
        card = robots[acting].card(view)
        assert card in play.legal_cards()
        play.play(card, by=acting)  # raises on a revoke or a card not held
    assert play.declarer_tricks + play.defender_tricks == 13


def _swap_hidden(deal: Deal) -> Deal:
    """East and West exchange their spade and heart holdings' lowest cards where possible."""
    east, west = deal[Seat.E], deal[Seat.W]
    # exchange East's lowest club with West's lowest club: same suit, so no view changes shape
    e_club = min(c for c in east if c // 13 == 0)
    w_club = min(c for c in west if c // 13 == 0)
    east2 = Hand(east.mask & ~(1 << e_club) | 1 << w_club)
    west2 = Hand(west.mask & ~(1 << w_club) | 1 << e_club)
    return Deal([deal[Seat.N], east2, deal[Seat.S], west2])


def test_declarer_decides_from_its_view_alone_not_the_hidden_hands() -> None:
    auction = Auction(Seat.S, AUCTION)
    other = _swap_hidden(DEAL)
    assert other != DEAL
    cards = []
    for deal in (DEAL, other):
        play = Play(deal, auction.contract)  # type: ignore[arg-type]
        play.play("S4")  # West's opening lead: in both deals
        view = SeatView.of(Seat.S, deal, auction, play)
        cards.append(quick(7).card(view))
    assert cards[0] == cards[1]


def test_solver_sees_only_visible_cards_and_consistent_samples(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    auction = Auction(Seat.S, AUCTION)
    play = Play(DEAL, auction.contract)  # type: ignore[arg-type]
    play.play("S4")
    view = SeatView.of(Seat.S, DEAL, auction, play)
    seen = []
    real = player_module.solve_positions

    def spy(positions, strain):  # type: ignore[no-untyped-def]
        seen.extend(positions)
        return real(positions, strain)

    monkeypatch.setattr(player_module, "solve_positions", spy)
    quick(3).card(view)
    assert seen
    unseen = view.unseen_cards().mask
    for pos in seen:
        assert pos.hands[Seat.S] == view.hand.mask
        assert pos.hands[Seat.N] == view.dummy.mask  # type: ignore[union-attr]
        assert pos.hands[Seat.E] | pos.hands[Seat.W] == unseen
        assert len(pos.trick) == 1


def test_same_seed_same_card() -> None:
    auction = Auction(Seat.S, AUCTION)
    play = Play(DEAL, auction.contract)  # type: ignore[arg-type]
    view = SeatView.of(Seat.W, DEAL, auction, play)
    assert quick(11).card(view) == quick(11).card(view)


def test_imps_make_the_contract_first_matchpoints_count_how_often_a_card_scores_best() -> None:
    import numpy as np

    from contractbridge.core.contract import Contract
    from contractbridge.robots.cardplay.player import card_values

    # 3NT, declarer has 0 tricks with 13 to play; card 0 takes 9 tricks on every layout
    # (safe), card 1 takes 10 on 60% of the layouts and 8 on the rest
    table = np.array([[9, 10]] * 6 + [[9, 8]] * 4)
    weights = np.full(10, 0.1)
    common = dict(declaring=True, won=0, left=13, vulnerable=False)
    imp = card_values(table, weights, Contract.parse("3NT S"), scoring="IMP", **common)  # type: ignore[arg-type]
    mp = card_values(table, weights, Contract.parse("3NT S"), scoring="MP", **common)  # type: ignore[arg-type]
    assert imp[0] > imp[1]  # 400 for sure beats 0.6 * 430 - 0.4 * 50
    assert mp[1] > mp[0]  # best on 60% of the layouts
    # defenders see the same layouts the other way round
    defending = card_values(
        13 - table, weights, Contract.parse("3NT S"), scoring="IMP",
        declaring=False, won=0, left=13, vulnerable=False,
    )  # fmt: skip
    assert defending[1] > defending[0]


def test_imps_choose_among_cards_less_than_an_imp_apart_by_how_often_they_score_best() -> None:
    from contractbridge.core.card import Card
    from contractbridge.robots.cardplay.player import best_cards

    safe, bold, bad = Card.parse("SA"), Card.parse("S2"), Card.parse("H2")
    legal = [safe, bold, bad]
    # expected scores 420 / 410 / 300; the bold card scores best on 90% of the layouts
    values = {safe: 420.0, bold: 410.0, bad: 300.0}
    share = {safe: 0.6, bold: 0.9, bad: 1.0}
    tricks = {safe: 10.0, bold: 9.9, bad: 9.0}
    assert best_cards(legal, values, share, tricks, tolerance=20) == [bold]
    assert best_cards(legal, values, share, tricks, tolerance=0) == [safe]
    # a card more than the tolerance worse is never chosen, however often it is best
    assert bad not in best_cards(legal, values, share, tricks, tolerance=100)
    # ties in value and share fall to the tricks, then to the carding agreement
    even = {safe: 400.0, bold: 400.0, bad: 400.0}
    same = {safe: 0.5, bold: 0.5, bad: 0.5}
    assert best_cards(legal, even, same, tricks) == [safe]
    assert best_cards(legal, even, same, {c: 9.0 for c in legal}) == legal


def test_an_explanation_with_exceptions_is_read_as_any_of_them() -> None:
    from contractbridge.robots.inference.auction import HandRange, parse_explanation

    one_diamond = HandRange()
    text = "13-21 HCP, 4+ ♦, or 10-12 HCP by the rule of 20, or exactly 3 ♦ with 4-4 in the majors"
    assert parse_explanation(text, one_diamond)
    assert one_diamond.hcp == (10, 21) and one_diamond.lengths[1] == (3, 13)
    overcall = HandRange()
    assert parse_explanation(
        "overcall, 7-17 HCP, 5+ ♠, or exactly 4 ♠ with 3 top honours", overcall
    )
    assert overcall.hcp == (7, 17) and overcall.lengths[3] == (4, 13)
