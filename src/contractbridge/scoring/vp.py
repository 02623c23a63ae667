"""Victory points: the WBF 2013 continuous 20-VP scale.

For a match of N boards the blitz margin is X = 15 * sqrt(N); a margin of I IMPs (I < X)
gives the winners ``10 + 10 * (1 - tau**(3*I/X)) / (1 - tau**3)`` with tau the golden ratio
less one, and 20 from X on; the losers get the rest of 20. The WBF rounds each value to two
decimals and then keeps the scale concave: no step may be larger than the step before it
(where rounding makes one larger, the earlier value goes up by 0.01, repeatedly).

>>> victory_points(10, 16), victory_points(-10, 16), victory_points(60, 16)
(12.8, 7.2, 20.0)
"""

from __future__ import annotations

import math
from functools import cache

from contractbridge.scoring.imps import ScoringError

TAU = (math.sqrt(5) - 1) / 2


def blitz(boards: int) -> float:
    """The IMP margin from which the winners score 20 (15 * sqrt(boards))."""
    if boards < 1:
        raise ScoringError(f"a match has at least one board, not {boards}")
    return 15 * math.sqrt(boards)


def exact_victory_points(margin: float, boards: int) -> float:
    """The unrounded curve, for the winners of a match won by ``margin`` IMPs (>= 0)."""
    x = blitz(boards)
    if margin >= x:
        return 20.0
    return 10 + 10 * (1 - float(TAU ** (3 * margin / x))) / (1 - TAU**3)


@cache
def vp_table(boards: int) -> tuple[float, ...]:
    """The winners' VPs for 0, 1, 2 ... IMPs up to the blitz (last entry 20.00).

    >>> vp_table(16)[:4]
    (10.0, 10.31, 10.61, 10.91)
    """
    last = math.ceil(blitz(boards))
    hundredths = [round(exact_victory_points(i, boards) * 100) for i in range(last + 1)]
    # Concavity: successive steps never grow. Fix from the top down until nothing changes.
    changed = True
    while changed:
        changed = False
        for i in range(1, last):
            if hundredths[i + 1] - hundredths[i] > hundredths[i] - hundredths[i - 1]:
                hundredths[i] += 1
                changed = True
    return tuple(h / 100 for h in hundredths)


def victory_points(margin: int, boards: int) -> float:
    """VPs of the side that won (``margin`` > 0) or lost (< 0) by ``margin`` IMPs.

    >>> [victory_points(i, 16) for i in (0, 1, 2, 3)]
    [10.0, 10.31, 10.61, 10.91]
    """
    table = vp_table(boards)
    winners = table[min(abs(int(margin)), len(table) - 1)]
    return winners if margin >= 0 else round(20 - winners, 2)


def match_victory_points(home_imps: int, visitor_imps: int, boards: int) -> tuple[float, float]:
    """Both teams' VPs for a match (they add up to 20).

    >>> match_victory_points(45, 35, 16)
    (12.8, 7.2)
    """
    home = victory_points(home_imps - visitor_imps, boards)
    return home, round(20 - home, 2)
