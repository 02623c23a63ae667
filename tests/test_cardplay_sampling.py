"""The sampler deals only what the seat cannot see, respects shown voids and the auction
(``robots/inference``: what a seat knows and the sampling shared by the robots)."""

from __future__ import annotations

import numpy as np

from contractbridge.core.auction import Auction
from contractbridge.core.card import Card
from contractbridge.core.deal import Deal
from contractbridge.core.play import Play
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.inference import (
    HandRange,
    Knowledge,
    Signal,
    knowledge_of,
    read_auction,
    sample_layouts,
)
from contractbridge.robots.inference.auction import parse_explanation
from knowing import nothing_known

DEAL = Deal.from_pbn("N:AKQ2.KJ4.A93.Q72 J76.Q92.QJ4.KJ53 T985.A73.K65.A84 43.T865.T872.T96")


def _hcp(mask: int) -> int:
    return sum(max(0, (c % 13) - 8) for c in range(52) if mask >> c & 1)


def _view_after(cards: list[str], seat: Seat, calls: list[str]) -> SeatView:
    auction = Auction(Seat.S, calls)
    assert auction.contract is not None
    play = Play(DEAL, auction.contract)
    for c in cards:
        play.play(c)
    return SeatView.of(seat, DEAL, auction, play)


def test_layouts_hold_exactly_the_unseen_cards_in_the_right_numbers() -> None:
    view = _view_after(["C6", "C2", "CK", "C4"], Seat.S, ["1NT", "P", "3NT", "P", "P", "P"])
    know = knowledge_of(view)
    assert set(know.hidden) == {Seat.E, Seat.W}
    layouts = sample_layouts(know, 50, np.random.default_rng(1))
    assert len(layouts) == 50
    for layout in layouts:
        assert layout[0] & layout[1] == 0
        assert layout[0] | layout[1] == view.unseen_cards().mask
        assert [m.bit_count() for m in layout] == [12, 12]


def test_a_seat_that_showed_out_gets_no_card_of_that_suit() -> None:
    # West leads a club; North plays low; East discards a diamond: East is void in clubs
    deal = Deal.from_pbn("N:AKQ2.KJ4.A93.Q72 J765.Q92.QJT854.- T98.A763.K6.A843 43.T85.72.KJT965")
    auction = Auction(Seat.S, ["1NT", "P", "3NT", "P", "P", "P"])
    play = Play(deal, auction.contract)  # type: ignore[arg-type]
    for c in ["CK", "C2", "D4"]:
        play.play(c)
    view = SeatView.of(Seat.S, deal, auction, play)
    know = knowledge_of(view)
    east = know.hidden.index(Seat.E)
    assert know.voids[east] == frozenset({0})
    for layout in sample_layouts(know, 40, np.random.default_rng(2)):
        assert layout[east] & 0x1FFF == 0


def test_the_auction_steers_the_layouts_towards_its_ranges() -> None:
    # East opened 1NT (15-17); South, declaring, samples East and West
    ranges = read_auction(Seat.E, tuple(Auction(Seat.E, ["1NT"]).calls))
    assert ranges[Seat.E].hcp == (15, 17)
    unseen = (1 << 52) - 1
    know = Knowledge(
        unseen=unseen,
        hidden=(Seat.N, Seat.E, Seat.S, Seat.W),
        counts=(13, 13, 13, 13),
        voids=(frozenset(),) * 4,
        played=(0, 0, 0, 0),
        ranges=(HandRange(), ranges[Seat.E], HandRange(), HandRange()),
    )
    layouts = sample_layouts(know, 100, np.random.default_rng(3))
    east_hcp = [_hcp(layout[1]) for layout in layouts]
    assert all(15 <= h <= 17 for h in east_hcp)
    assert sum(_hcp(layout[0]) for layout in layouts) / 100 < 10  # the others share the rest


def test_signals_weight_layouts_without_ruling_any_out() -> None:
    plain = sample_layouts(nothing_known(), 200, np.random.default_rng(4))
    signal = Signal(Seat.E, 3, "honour", weight=3.0)
    read = sample_layouts(nothing_known(signal), 200, np.random.default_rng(4))

    def share(layouts: list[tuple[int, ...]]) -> float:
        return sum(1 for lay in layouts if lay[1] >> 49 & 0b111) / len(layouts)

    assert share(read) > share(plain) + 0.1
    assert share(read) < 1.0 or share(plain) > 0.6


def test_same_seed_same_layouts() -> None:
    view = _view_after(["C6"], Seat.S, ["1NT", "P", "3NT", "P", "P", "P"])
    know = knowledge_of(view)
    a = sample_layouts(know, 30, np.random.default_rng(7))
    b = sample_layouts(know, 30, np.random.default_rng(7))
    assert a == b


def test_natural_reading_of_openings_overcalls_and_preempts() -> None:
    calls = tuple(Auction(Seat.N, ["1H", "2C", "2H", "P", "P", "3D", "P", "P", "P"]).calls)
    r = read_auction(Seat.N, calls)
    assert r[Seat.N].hcp == (11, 21) and r[Seat.N].lengths[2] == (5, 13)
    assert r[Seat.E].lengths[0] == (5, 13) and r[Seat.E].hcp == (10, 17)
    assert r[Seat.S].lengths[2][0] >= 3
    weak = read_auction(Seat.W, tuple(Auction(Seat.W, ["2S"]).calls))
    assert weak[Seat.W].lengths[3] == (6, 7) and weak[Seat.W].hcp == (5, 11)


def test_explanations_are_read_for_their_ranges() -> None:
    r = HandRange()
    assert parse_explanation("15-17 HCP, balanced", r)
    assert r.hcp == (15, 17) and r.lengths[3] == (2, 5)
    r = HandRange()
    assert parse_explanation("5+ ♠, 6-10 HCP", r)
    assert r.lengths[3] == (5, 13) and r.hcp == (6, 10)
    r = HandRange()
    assert not parse_explanation("Stayman: asks for a major", r)
    assert r.hcp == (0, 37)


def test_bidding_robot_texts_are_read_clause_by_clause() -> None:
    r = HandRange()
    parse_explanation("overcall at the two level, 10-17 HCP, at most 3 ♠, 5+ ♥", r)
    assert r.hcp == (10, 17) and r.lengths[3] == (0, 3) and r.lengths[2] == (5, 13)
    r = HandRange()
    parse_explanation("up to 9 HCP, 4+ ♥", r)
    assert r.hcp == (0, 9)
    r = HandRange()
    parse_explanation("2 ♥, maybe 4 ♠ too", r)
    assert r.lengths[3] == (0, 13) and r.lengths[2] == (2, 2)
    r = HandRange()
    assert not parse_explanation("no overcall (8-16 HCP needed)", r)
    assert not parse_explanation("25+ HCP together, no major fit", r)
    assert r.hcp == (0, 37)


def test_total_points_and_speculative_texts_do_not_overstate_the_hand() -> None:
    # the SAYC robot's jump shift holds 15+ HCP; its 17+ points include distribution
    r = HandRange()
    parse_explanation("jump shift: strong, 15+ HCP, 17+ points, 5+ ♥", r)
    assert r.hcp == (15, 37)
    r = HandRange()
    parse_explanation("raise, 6-10 points, 3+ ♥", r)
    assert r.hcp == (3, 10)
    # a pass explained as "maybe a penalty hand, 4+ ♦" may hold any diamonds
    r = HandRange()
    assert not parse_explanation("maybe a penalty hand, 4+ ♦", r)
    assert r.lengths[1] == (0, 13)


def test_no_five_card_major_caps_both_majors() -> None:
    r = HandRange()
    parse_explanation("12+ HCP, 3+ clubs, no 5-card major", r)
    assert r.lengths[2] == (0, 4) and r.lengths[3] == (0, 4) and r.lengths[0] == (3, 13)


def test_an_explainer_reads_the_calls_the_table_did_not_explain() -> None:
    class System:
        def explain_call(  # type: ignore[no-untyped-def]
            self, calls: tuple, dealer: Seat, position: int, reader: Seat | None = None
        ) -> str | None:
            return "11-13 HCP, 4+ ♦" if position == 0 else None

    calls = tuple(Auction(Seat.N, ["1C", "P"]).calls)
    natural = read_auction(Seat.N, calls)
    assert natural[Seat.N].lengths[0] == (3, 13)
    by_system = read_auction(Seat.N, calls, (), System())
    assert by_system[Seat.N].hcp == (11, 13) and by_system[Seat.N].lengths[1] == (4, 13)
    shown = read_auction(Seat.N, calls, ("12+ HCP",), System())
    assert shown[Seat.N].hcp == (12, 37)  # the table's explanation comes first


def test_a_denied_card_is_rarely_dealt_to_the_seat_that_denied_it() -> None:
    queen = Card.parse("HQ")
    denied = Signal(Seat.E, 2, "no_card", weight=3.0, card=queen)
    plain = sample_layouts(nothing_known(), 200, np.random.default_rng(5))
    read = sample_layouts(nothing_known(denied), 200, np.random.default_rng(5))

    def east_holds(layouts: list[tuple[int, ...]]) -> float:
        return sum(1 for lay in layouts if lay[1] >> queen & 1) / len(layouts)

    assert east_holds(plain) > 0.15
    assert east_holds(read) < 0.05


def test_the_shared_inference_imports_none_of_the_robots_that_use_it() -> None:
    # the card player, the bidding judge and the Minibridge robot import robots/inference;
    # it imports none of them (the judge deals hands without the card player's package)
    import json
    import subprocess
    import sys

    code = (
        "import json, sys, contractbridge.robots.inference;"
        "print(json.dumps([m for m in sys.modules if m.startswith('contractbridge.robots.')]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    assert loaded and all(m.split(".")[2] in ("base", "inference") for m in loaded), loaded
