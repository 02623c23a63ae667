"""IMPs: the Law 78B scale, Butler (IMPs against a datum), cross-IMPs and team matches.

A score is always North-South's (East-West's is its negative); every function returns
North-South IMPs unless it says otherwise.

>>> imps(420 - -50), imps(-50 - 420), imps(10)
(10, -10, 0)
>>> butler_datum([120, 50, -80, -80, -110, -140, -150, -150])
-90
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum

from contractbridge.core.errors import BridgeError

# Law 78B: the lowest difference that earns 1, 2, ... 24 IMPs. Read as thresholds so a
# difference from a datum (any integer) converts too: 0-19 -> 0, 20-49 -> 1, ...
IMP_THRESHOLDS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

# Artificial adjusted scores at IMPs (Law 12C2): average-plus +3, average 0, average-minus -3.
AVERAGE_PLUS_IMPS = 3
AVERAGE_IMPS = 0
AVERAGE_MINUS_IMPS = -3


class ScoringError(BridgeError):
    """Scores that cannot be compared as asked (too few results, a bad option)."""


def imps(difference: float) -> int:
    """The IMPs for a difference in points (Law 78B); the sign follows the difference.

    >>> [imps(d) for d in (0, 20, 40, 50, 420, 430, 4000, 9000, -590)]
    [0, 1, 1, 2, 9, 10, 24, 24, -11]
    """
    magnitude = bisect_right(IMP_THRESHOLDS, abs(difference))
    return magnitude if difference >= 0 else -magnitude


def round_datum(value: float, rounding: int = 10) -> int:
    """Round to the nearest multiple of ``rounding``, halves away from zero (-85 -> -90).

    >>> round_datum(-85), round_datum(514.55), round_datum(45), round_datum(123, 1)
    (-90, 510, 50, 123)
    """
    if rounding < 1:
        raise ScoringError(f"a datum is rounded to a whole number of points, not {rounding}")
    steps = (Decimal(repr(value)) / rounding).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return int(steps) * rounding


def butler_datum(scores: Sequence[float], *, drop: int = 1, rounding: int = 10) -> int:
    """The Butler datum: drop the ``drop`` highest and lowest scores, average, round.

    ``drop=1`` is PBN's ``Butler-2`` (two extreme scores left out); ``drop=0`` averages all.
    With too few scores to drop any (n <= 2 * drop), all are averaged.

    >>> butler_datum([620, 170, 140, 140, -100], drop=1)
    150
    """
    if not scores:
        raise ScoringError("a datum needs at least one score")
    if drop < 0:
        raise ScoringError(f"the number of scores dropped cannot be negative ({drop})")
    ordered = sorted(scores)
    if len(ordered) > 2 * drop and drop:
        ordered = ordered[drop:-drop]
    return round_datum(sum(ordered) / len(ordered), rounding)


def butler_imps(
    scores: Sequence[float], *, drop: int = 1, rounding: int = 10, datum: int | None = None
) -> list[int]:
    """Each North-South score IMPed against the datum (computed unless given).

    >>> butler_imps([120, 50, -80, -80, -110, -140, -150, -150])
    [5, 4, 0, 0, -1, -2, -2, -2]
    """
    if datum is None:
        datum = butler_datum(scores, drop=drop, rounding=rounding)
    return [imps(score - datum) for score in scores]


class CrossDivisor(Enum):
    """How a cross-IMP total is scaled: PBN ``Cross1`` divides by the number of scores,
    ``Cross2`` (BBO, most software) by the number of comparisons; NONE keeps the total."""

    NONE = "total"
    SCORES = "scores"
    COMPARISONS = "comparisons"


def cross_imps(
    scores: Sequence[float], *, divisor: CrossDivisor = CrossDivisor.COMPARISONS
) -> list[float]:
    """Each score IMPed against every other score on the board, summed and scaled.

    >>> cross_imps([420, 420, 170, -50], divisor=CrossDivisor.NONE)
    [16.0, 16.0, -6.0, -26.0]
    """
    n = len(scores)
    totals = [float(sum(imps(a - b) for j, b in enumerate(scores) if j != i))
              for i, a in enumerate(scores)]  # fmt: skip
    if divisor is CrossDivisor.NONE or n < 2:
        return totals
    by = n if divisor is CrossDivisor.SCORES else n - 1
    return [total / by for total in totals]


def team_board_imps(ns_open: int, ns_closed: int) -> int:
    """IMPs on one board of a team match, for the team sitting North-South in the Open Room.

    That team scores NS in one room and EW in the other, so the difference is
    ``NS(open) - NS(closed)``.

    >>> team_board_imps(620, 170), team_board_imps(-100, 620)
    (10, -12)
    """
    return imps(ns_open - ns_closed)


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A team match's IMP total for each side, and the margin.

    >>> m = MatchScore.of([(620, 170), (-100, 620), (140, 140)])
    >>> m.home, m.visitors, m.margin
    (10, 12, -2)
    """

    home: int
    visitors: int

    @property
    def margin(self) -> int:
        return self.home - self.visitors

    @classmethod
    def of(cls, boards: Sequence[tuple[int, int]]) -> MatchScore:
        """``boards``: (NS score in the Open Room, NS score in the Closed Room) per board;
        the home team sits NS in the Open Room."""
        home = visitors = 0
        for ns_open, ns_closed in boards:
            swing = team_board_imps(ns_open, ns_closed)
            if swing > 0:
                home += swing
            else:
                visitors -= swing
        return cls(home, visitors)
