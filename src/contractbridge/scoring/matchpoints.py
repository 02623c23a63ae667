"""Matchpoints (Law 78A), percentages, the Neuberg formula and adjusted scores.

A board's results are North-South scores. Each one earns a *win* for every score it beats
and a *tie* for every score it equals: 2 and 1 on the standard scale (PBN ``MP1``), 1 and
½ on the ACBL scale (``MP2``). East-West get the top minus North-South's matchpoints.

>>> matchpoints([-50, -100, -100, -140])
[6.0, 3.0, 3.0, 0.0]
>>> matchpoints([-50, -100, -100, -140], scale=ACBL)
[3.0, 1.5, 1.5, 0.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from contractbridge.scoring.imps import ScoringError


@dataclass(frozen=True, slots=True)
class MatchpointScale:
    """What one comparison is worth: ``win`` for a beaten score, ``tie`` for an equal one."""

    name: str
    win: float
    tie: float

    def top(self, results: int) -> float:
        """The most a result can earn on a board with ``results`` results."""
        return self.win * (results - 1)


STANDARD = MatchpointScale("MP", 2.0, 1.0)
ACBL = MatchpointScale("MP-ACBL", 1.0, 0.5)


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """A weighted adjusted score (Law 12C1(c)): several outcomes, each with its share.

    >>> WeightedScore.of((0.3, 420), (0.7, -50)).expected
    91.0
    """

    parts: tuple[tuple[float, int], ...]

    def __post_init__(self) -> None:
        total = sum(weight for weight, _ in self.parts)
        if any(w < 0 for w, _ in self.parts):
            raise ScoringError("the weights of an adjusted score cannot be negative")
        if not self.parts or abs(total - 1.0) > 1e-9:
            raise ScoringError(
                f"the weights of an adjusted score must add up to 1, not {total:.6g}"
            )

    @classmethod
    def of(cls, *parts: tuple[float, int]) -> WeightedScore:
        return cls(tuple((float(w), int(s)) for w, s in parts))

    @property
    def expected(self) -> float:
        return sum(weight * score for weight, score in self.parts)

    def __str__(self) -> str:
        return " + ".join(f"{w:.0%} of {s}" for w, s in self.parts)


Score = int | WeightedScore


def _outcomes(score: Score) -> tuple[tuple[float, int], ...]:
    return score.parts if isinstance(score, WeightedScore) else ((1.0, score),)


def compare(a: Score, b: Score, scale: MatchpointScale = STANDARD) -> float:
    """What ``a`` earns against ``b``: a win, a tie or nothing (shared out for weighted
    scores)."""
    points = 0.0
    for wa, sa in _outcomes(a):
        for wb, sb in _outcomes(b):
            if sa > sb:
                points += wa * wb * scale.win
            elif sa == sb:
                points += wa * wb * scale.tie
    return points


def matchpoints(scores: Sequence[Score], *, scale: MatchpointScale = STANDARD) -> list[float]:
    """North-South matchpoints of each result, compared with all the others on the board."""
    return [
        round(sum(compare(a, b, scale) for j, b in enumerate(scores) if j != i), 10)
        for i, a in enumerate(scores)
    ]


def percentages(scores: Sequence[Score], *, scale: MatchpointScale = STANDARD) -> list[float]:
    """North-South percentages (matchpoints over the top); a lone result scores 50%.

    >>> [round(p, 2) for p in percentages([-50, -100, -100, -140, -50, -150, -150, -50])]
    [85.71, 50.0, 50.0, 28.57, 85.71, 7.14, 7.14, 85.71]
    """
    n = len(scores)
    if n == 1:
        return [50.0]
    top = scale.top(n)
    return [100.0 * mp / top for mp in matchpoints(scores, scale=scale)]


def neuberg(mp: float, results: int, expected: int, scale: MatchpointScale = STANDARD) -> float:
    """Matchpoints scored among ``results`` results, factored to a board of ``expected``.

    Each actual result stands for expected/results results (EBU, Neuberg):
    ``(mp + tie) * expected / results - tie``.

    >>> round(neuberg(18, 10, 11), 2)
    19.9
    """
    if results < 1 or expected < 1:
        raise ScoringError("Neuberg needs at least one result on the board")
    return (mp + scale.tie) * expected / results - scale.tie


def neuberg_percentage(percentage: float, results: int, expected: int) -> float:
    """The Neuberg formula in percentages: ``(p - 50)(n-1)/n * N/(N-1) + 50``.

    >>> round(neuberg_percentage(100.0, 10, 11), 2)
    99.5
    """
    if results < 1 or expected < 2:
        raise ScoringError("Neuberg needs at least one result and two expected results")
    return (percentage - 50.0) * (results - 1) / results * expected / (expected - 1) + 50.0


class Artificial(Enum):
    """Artificial adjusted scores (Law 12C2) as percentages at pairs."""

    AVERAGE_PLUS = 60.0
    AVERAGE = 50.0
    AVERAGE_MINUS = 40.0

    @classmethod
    def parse(cls, text: str) -> Artificial:
        """``A+``, ``A``, ``A-`` (or ``avg+``, ``60%`` ...)."""
        key = text.strip().upper().replace("AVERAGE", "A").replace("AVG", "A").rstrip("%")
        table = {"A+": cls.AVERAGE_PLUS, "A": cls.AVERAGE, "A-": cls.AVERAGE_MINUS,
                 "60": cls.AVERAGE_PLUS, "50": cls.AVERAGE, "40": cls.AVERAGE_MINUS}  # fmt: skip
        if key not in table:
            raise ScoringError(f"{text!r} is not an artificial score (use A+, A or A-)")
        return table[key]

    @property
    def imps(self) -> int:
        """The same adjustment at IMPs: +3, 0, -3."""
        return {60.0: 3, 50.0: 0, 40.0: -3}[self.value]


@dataclass(frozen=True, slots=True)
class BoardScore:
    """North-South and East-West matchpoints and percentages of one result on a board."""

    ns_mp: float
    ew_mp: float
    top: float

    @property
    def ns_percentage(self) -> float:
        return 100.0 * self.ns_mp / self.top if self.top else 50.0

    @property
    def ew_percentage(self) -> float:
        return 100.0 * self.ew_mp / self.top if self.top else 50.0


class Factoring(Enum):
    """How a board with fewer results than expected is scored: factored up by Neuberg, or
    left on its own smaller top (percentages then still compare fairly)."""

    NEUBERG = "neuberg"
    NONE = "none"


def score_board(
    scores: Sequence[Score],
    *,
    scale: MatchpointScale = STANDARD,
    expected: int | None = None,
    factoring: Factoring = Factoring.NEUBERG,
) -> list[BoardScore]:
    """Matchpoint the results of one board (artificial scores are not in ``scores``).

    ``expected`` is the number of results the board should have had (default: as many as
    there are); with Neuberg factoring every result is then scored on the full top.

    >>> [(s.ns_mp, s.ew_mp) for s in score_board([420, 170, 170])]
    [(4.0, 0.0), (1.0, 3.0), (1.0, 3.0)]
    """
    n = len(scores)
    if n == 0:
        return []
    full = expected if expected is not None and expected > n else n
    mps = matchpoints(scores, scale=scale)
    if factoring is Factoring.NEUBERG and full > n:
        top = scale.top(full)
        mps = [neuberg(mp, n, full, scale) for mp in mps]
    else:
        top = scale.top(n)
    return [BoardScore(mp, top - mp, top) for mp in mps]
