"""Hand evaluation: the counts every bridge book defines, on hands worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from contractbridge.analysis.dealing import random_batch
from contractbridge.analysis.errors import ConstraintError
from contractbridge.analysis.evaluation import (
    controls,
    distribution_points,
    hcp,
    is_balanced,
    is_semi_balanced,
    length_points,
    losers,
    matches_pattern,
    parse_pattern,
    pattern,
    quick_tricks,
    shape_class,
    total_points,
)
from contractbridge.core import SEATS, Hand, Suit


def h(text: str) -> Hand:
    return Hand.from_pbn(text)


def test_milton_work_points_count_ace_4_king_3_queen_2_jack_1() -> None:
    assert hcp(h("AKQJ.AKQ.AKQ.AKQ")) == 37
    assert hcp(h("5432.5432.5432.5")) == 0
    assert hcp(h("A432.K432.Q432.J")) == 10
    assert hcp(h("AKJ5.Q73.K842.T6")) == 13
    assert hcp(h("AKJ5.Q73.K842.T6"), Suit.S) == 8


def test_controls_count_aces_two_and_kings_one() -> None:
    assert controls(h("AK32.K32.A32.432")) == 6
    assert controls(h("QJ32.QJ2.QJ2.QJ2")) == 0


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("AKQ.AKQ.AKQ.AKQJ", 0),
        ("5432.432.432.432", 12),
        ("AK432.K2.Q32.32", 6),  # AKx 1, Kx 1, Qxx 2, xx 2
        ("A.K.Q5432.J5432", 0 + 1 + 2 + 3),  # singleton A 0, singleton K 1
        ("AQT98765432..K.A", 1 + 0 + 1 + 0),  # void 0
        ("KQJ2.QJ2.Q.AKQJ2", 1 + 2 + 1 + 0),
    ],
)
def test_losing_trick_count_looks_at_the_top_three_cards_of_each_suit(
    hand: str, expected: int
) -> None:
    assert losers(h(hand)) == expected


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("AK2.AQ2.A432.K32", 2 + 1.5 + 1 + 0.5),
        ("KQ2.K.QJ432.5432", 1.0),  # a bare king is no quick trick
        ("5432.5432.5432.5", 0.0),
    ],
)
def test_quick_tricks_ak_2_aq_one_and_a_half_a_1_kq_1_kx_half(hand: str, expected: float) -> None:
    assert quick_tricks(h(hand)) == expected


def test_distribution_points_void_3_singleton_2_doubleton_1() -> None:
    assert distribution_points(h("AKQ5432.5432.32.")) == 3 + 1
    assert distribution_points(h("AKQ2.K32.Q32.J32")) == 0
    assert distribution_points(h("AKQ52.K5432.2.32")) == 2 + 1
    assert total_points(h("AKQ52.K5432.2.32")) == 12 + 3
    assert length_points(h("AKQ5432.5432.32.")) == 3


def test_balanced_and_semi_balanced_patterns() -> None:
    for text in ("AK2.K32.Q32.J432", "AK32.K432.Q32.J2", "AK432.K32.Q32.J2"):
        assert is_balanced(h(text)) and is_semi_balanced(h(text))
    for text in ("AK432.K432.Q2.J2", "AK5432.K32.Q2.J2"):
        assert not is_balanced(h(text)) and is_semi_balanced(h(text))
    assert not is_semi_balanced(h("AK32.K432.Q432.2"))


def test_shape_classes() -> None:
    assert shape_class(h("AK32.K32.Q32.J32")) == "balanced"
    assert shape_class(h("AK432.K432.Q2.J2")) == "semi-balanced"
    assert shape_class(h("AK32.K432.Q432.2")) == "three-suited"
    assert shape_class(h("AK432.KJ432.Q2.2")) == "two-suited"
    assert shape_class(h("AK65432.K3.Q2.J2")) == "single-suited"
    assert pattern(h("2.AK32.KQJ32.432")) == (5, 4, 3, 1)


def test_patterns_any_order_exact_order_and_wildcards() -> None:
    hand = h("2.AK32.KQJ32.432")  # 1=4=5=3
    assert matches_pattern(hand, "5-4-3-1") and matches_pattern(hand, "5431")
    assert matches_pattern(hand, "1=4=5=3") and not matches_pattern(hand, "5=4=3=1")
    assert matches_pattern(hand, "5-4-x-x") and matches_pattern(hand, "x=4=x=x")
    assert not matches_pattern(hand, "4-4-x-x")
    assert parse_pattern("4441") == ((4, 4, 4, 1), False)
    for bad in ("4-4-4-4", "44-41", "4-4-4", "9-9-x-x"):
        with pytest.raises(ConstraintError):
            parse_pattern(bad)


def test_the_batch_measures_agree_with_the_one_hand_functions() -> None:
    batch = random_batch(3000, np.random.default_rng(5))
    deals = batch.deals()
    for seat in SEATS:
        hands = [d[seat] for d in deals]
        assert batch.hcp(seat).tolist() == [hcp(x) for x in hands]
        assert batch.controls(seat).tolist() == [controls(x) for x in hands]
        assert batch.losers(seat).tolist() == [losers(x) for x in hands]
        assert batch.quick_tricks(seat).tolist() == [quick_tricks(x) for x in hands]
        assert batch.points(seat).tolist() == [total_points(x) for x in hands]
        assert batch.balanced(seat).tolist() == [is_balanced(x) for x in hands]
        assert batch.semi_balanced(seat).tolist() == [is_semi_balanced(x) for x in hands]
        assert batch.shape(seat).tolist() == [list(x.shape()) for x in hands]
        for text in ("4-4-4-1", "5=4=x=x", "5-4-x-x", "4333"):
            assert batch.pattern(seat, text).tolist() == [matches_pattern(x, text) for x in hands]
