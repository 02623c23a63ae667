"""WBF 2013 continuous 20-VP scale (two decimals, kept concave)."""

from __future__ import annotations

import itertools

import pytest

from contractbridge.scoring.imps import ScoringError
from contractbridge.scoring.vp import (
    blitz,
    exact_victory_points,
    match_victory_points,
    victory_points,
    vp_table,
)


def test_wbf_16_board_scale_published_values() -> None:
    assert [victory_points(i, 16) for i in (1, 2, 3, 10, 60)] == [10.31, 10.61, 10.91, 12.8, 20.0]


@pytest.mark.parametrize(
    ("boards", "expected"),
    [
        (8, [10.44, 10.86, 11.27, 11.67, 12.05]),
        (12, [10.36, 10.71, 11.05, 11.38, 11.70]),
        (24, [10.25, 10.50, 10.75, 10.99, 11.23]),
        (32, [10.22, 10.44, 10.65, 10.86, 11.07]),
    ],
)
def test_wbf_scale_first_five_imps(boards: int, expected: list[float]) -> None:
    assert [victory_points(i, boards) for i in range(1, 6)] == expected


def test_blitz_is_fifteen_root_boards() -> None:
    assert blitz(16) == 60
    assert victory_points(59, 16) < 20 <= victory_points(60, 16)
    assert victory_points(43, 8) == 20 > victory_points(42, 8)


def test_scale_is_monotonic_and_concave_after_rounding() -> None:
    for boards in range(1, 65):
        table = vp_table(boards)
        steps = [round(b - a, 2) for a, b in itertools.pairwise(table)]
        assert all(s >= 0 for s in steps)
        assert all(later <= earlier for earlier, later in itertools.pairwise(steps))
        assert all(abs(v - exact_victory_points(i, boards)) < 0.03 for i, v in enumerate(table))


def test_loser_gets_the_rest_of_twenty() -> None:
    assert victory_points(-10, 16) == 7.2
    assert match_victory_points(30, 40, 16) == (7.2, 12.8)
    assert sum(match_victory_points(17, 3, 12)) == 20


def test_a_match_without_boards_is_refused() -> None:
    with pytest.raises(ScoringError, match="at least one board"):
        victory_points(3, 0)
