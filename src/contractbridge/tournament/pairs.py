"""Scoring a pairs event: every board's results compared, then the pairs ranked.

Four methods, as the CLI names them: ``MP`` (2 per beaten score, 1 per tie), ``MP-ACBL``
(1 and ½), ``IMP-BUTLER`` (IMPs against a datum: the mean without the top and bottom
score, rounded to 10, both configurable) and ``CROSS-IMP`` (IMPs against every other
result). Artificial adjusted scores are given their percentage of the top (at IMPs: +3, 0
or -3); the other results are compared among themselves, factored up by Neuberg unless
asked not to.

>>> from contractbridge.tournament.results import enter
>>> rs = [enter(board=1, ns=str(n), ew=str(n + 3), score=s)
...       for n, s in ((1, 420), (2, 170), (3, 170))]
>>> [(s.result.ns, s.ns_points, s.ew_points) for s in score_board(rs, Method.MP)]
[('1', 4.0, 0.0), ('2', 1.0, 3.0), ('3', 1.0, 3.0)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as _field
from enum import Enum

from contractbridge.scoring.imps import CrossDivisor, butler_datum, cross_imps, imps
from contractbridge.scoring.matchpoints import (
    ACBL,
    STANDARD,
    Factoring,
    MatchpointScale,
    WeightedScore,
    matchpoints,
    neuberg,
)
from contractbridge.tournament.results import ResultError, TableResult


class Method(Enum):
    """How a pairs event is scored."""

    MP = "MP"
    MP_ACBL = "MP-ACBL"
    IMP_BUTLER = "IMP-BUTLER"
    CROSS_IMP = "CROSS-IMP"

    @classmethod
    def parse(cls, text: str) -> Method:
        key = text.strip().upper().replace("_", "-").replace(" ", "-")
        aliases = {
            "MATCHPOINTS": "MP",
            "MP1": "MP",
            "MP2": "MP-ACBL",
            "ACBL": "MP-ACBL",
            "BUTLER": "IMP-BUTLER",
            "CROSS": "CROSS-IMP",
            "CROSS-IMPS": "CROSS-IMP",
            "IMP": "IMP-BUTLER",
        }
        key = aliases.get(key, key)
        for method in cls:
            if method.value == key:
                return method
        names = ", ".join(m.value for m in cls)
        raise ResultError(f"{text!r} is not a scoring method (use one of {names})")

    @property
    def is_matchpoints(self) -> bool:
        return self in (Method.MP, Method.MP_ACBL)

    @property
    def scale(self) -> MatchpointScale:
        return ACBL if self is Method.MP_ACBL else STANDARD

    @classmethod
    def from_pbn(cls, scoring: str | None) -> Method | None:
        """The method a PBN ``Scoring`` tag names (``"IMP;Butler-2;Mean"``, ``"MP"``...)."""
        if not scoring:
            return None
        parts = {p.strip().upper() for p in scoring.replace(",", ";").split(";")}
        if "MP2" in parts:
            return cls.MP_ACBL
        if parts & {"MP", "MP1", "MATCHPOINTS"}:
            return cls.MP
        if parts & {"CROSS", "CROSS1", "CROSS2"}:
            return cls.CROSS_IMP
        if parts & {"BUTLER", "BUTLER-2", "IMP"}:
            return cls.IMP_BUTLER
        return None


@dataclass(frozen=True, slots=True)
class Options:
    """The knobs: Neuberg or not, Butler drop and rounding, the cross-IMP divisor."""

    factoring: Factoring = Factoring.NEUBERG
    butler_drop: int = 1
    butler_rounding: int = 10
    cross_divisor: CrossDivisor = CrossDivisor.COMPARISONS

    def __post_init__(self) -> None:
        # checked when the event is made, not only when its first board is scored
        if self.butler_drop < 0:
            raise ResultError(f"the Butler datum drops 0 or more scores, not {self.butler_drop}")
        if self.butler_rounding < 1:
            raise ResultError(
                f"the Butler datum is rounded to 1 point or more, not {self.butler_rounding}"
            )


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A table result with the points each side earned on the board.

    For matchpoints ``top`` is the board's top and the percentages are set; for IMPs the
    points are IMPs (``datum`` set for Butler).
    """

    result: TableResult
    ns_points: float
    ew_points: float
    top: float | None = None
    datum: int | None = None

    @property
    def ns_percentage(self) -> float | None:
        return 100.0 * self.ns_points / self.top if self.top else None

    @property
    def ew_percentage(self) -> float | None:
        return 100.0 * self.ew_points / self.top if self.top else None

    def points_for(self, pair: str) -> float:
        return self.ns_points if pair == self.result.ns else self.ew_points


def _artificial_imps(percentage: float) -> int:
    table = {60.0: 3, 50.0: 0, 40.0: -3}
    if percentage not in table:
        raise ResultError(
            f"at IMPs an artificial score is A+ (+3), A (0) or A- (-3), not {percentage:g}%"
        )
    return table[percentage]


def _expected_value(score: int | WeightedScore) -> float:
    return score.expected if isinstance(score, WeightedScore) else float(score)


def score_board(
    results: Sequence[TableResult],
    method: Method,
    options: Options = Options(),
    *,
    expected: int | None = None,
) -> list[ScoredResult]:
    """Score one board's results (in the given order). ``expected``: how many results the
    board should have (default: as many as given, artificial ones included)."""
    real = [(r, r.comparable) for r in results if r.comparable is not None]
    full = max(expected or 0, len(results))
    scored: dict[int, ScoredResult] = {}
    if method.is_matchpoints:
        scale = method.scale
        n = len(real)
        mps = matchpoints([s for _, s in real], scale=scale) if real else []
        if options.factoring is Factoring.NEUBERG and full > n:
            top = scale.top(full)
            mps = [neuberg(mp, n, full, scale) for mp in mps] if n else []
        elif n > 1:
            top = scale.top(n)
        else:  # a lone result (nothing to compare with) is an average
            top = scale.top(max(full, 2))
            mps = [top / 2] * n
        for (r, _), mp in zip(real, mps, strict=True):
            scored[id(r)] = ScoredResult(r, mp, top - mp, top)
        for r in results:
            if r.adjusted is not None:
                scored[id(r)] = ScoredResult(
                    r, top * r.adjusted.ns / 100.0, top * r.adjusted.ew / 100.0, top
                )
    else:
        values = [s for _, s in real]
        if method is Method.IMP_BUTLER:
            datum = (
                butler_datum(
                    [_expected_value(v) for v in values],
                    drop=options.butler_drop,
                    rounding=options.butler_rounding,
                )
                if values
                else None
            )
            for r, s in real:
                assert datum is not None
                ns = _weighted_imps(s, datum)
                scored[id(r)] = ScoredResult(r, ns, -ns, datum=datum)
        else:
            plain = [_expected_value(v) for v in values]
            for (r, _), ns in zip(
                real, cross_imps(plain, divisor=options.cross_divisor), strict=True
            ):
                scored[id(r)] = ScoredResult(r, ns, -ns)
        for r in results:
            if r.adjusted is not None:
                scored[id(r)] = ScoredResult(
                    r, _artificial_imps(r.adjusted.ns), _artificial_imps(r.adjusted.ew)
                )
    return [scored[id(r)] for r in results]


def _weighted_imps(score: int | WeightedScore, datum: int) -> float:
    if isinstance(score, WeightedScore):
        return sum(w * imps(s - datum) for w, s in score.parts)
    return float(imps(score - datum))


def score_event(
    boards: Mapping[int, Sequence[TableResult]],
    method: Method,
    options: Options = Options(),
    *,
    expected: Mapping[int, int] | None = None,
) -> dict[int, list[ScoredResult]]:
    """Score every board (``expected``: results each board should have, if known)."""
    return {
        board: score_board(results, method, options, expected=(expected or {}).get(board))
        for board, results in sorted(boards.items())
    }


@dataclass(slots=True)
class RankRow:
    """A pair's line in the ranking. ``total``: matchpoints or IMPs; ``percentage`` for
    matchpoints (total over the sum of the tops); ``rank_tie``: the last place shared when
    tied (Ruter's RankTie), else None."""

    rank: int
    pair: str
    names: str
    total: float
    top: float
    percentage: float | None
    boards: int
    group: int = 0
    rank_tie: int | None = None
    directions: set[str] = _field(default_factory=set)

    @property
    def score(self) -> float:
        """What the ranking is by: the percentage for matchpoints, else the IMPs."""
        return self.percentage if self.percentage is not None else self.total


def rank(
    scored: Mapping[int, Sequence[ScoredResult]],
    *,
    fields: Sequence[Iterable[str]] | None = None,
    names: Mapping[str, str] | None = None,
    by_average: bool = False,
) -> list[list[RankRow]]:
    """The rankings, one per field (one field of every pair unless ``fields`` given).

    ``by_average``: rank IMP events by IMPs per board instead of the total.
    """
    rows: dict[str, RankRow] = {}
    for results in scored.values():
        for s in results:
            for pair, side in ((s.result.ns, "N-S"), (s.result.ew, "E-W")):
                row = rows.get(pair)
                if row is None:
                    row = rows[pair] = RankRow(
                        0, pair, (names or {}).get(pair, ""), 0.0, 0.0, None, 0
                    )
                row.total += s.points_for(pair)
                row.top += s.top or 0.0
                row.boards += 1
                row.directions.add(side)
    for row in rows.values():
        row.total = round(row.total, 6)
        if row.top:
            row.percentage = 100.0 * row.total / row.top
    groups: list[list[str]] = (
        [sorted(rows, key=_natural)] if fields is None else [list(f) for f in fields]
    )
    rankings = []
    for index, group in enumerate(groups):
        members = [rows[p] for p in group if p in rows]
        for row in members:
            row.group = index
        average = by_average and not any(r.percentage is not None for r in members)

        def key(r: RankRow, average: bool = average) -> float:
            return round(r.total / r.boards if average else r.score, 6)

        members.sort(key=lambda r: (-key(r), _natural(r.pair)))
        for row in members:
            same = [j for j, other in enumerate(members) if key(other) == key(row)]
            row.rank = same[0] + 1
            row.rank_tie = same[-1] + 1 if len(same) > 1 else None
        rankings.append(members)
    return rankings


def _natural(pair: str) -> tuple[int, str]:
    digits = "".join(ch for ch in pair if ch.isdigit())
    return (int(digits) if digits else 10**9, pair)


def direction_fields(boards: Mapping[int, Sequence[TableResult]]) -> list[list[str]]:
    """Two fields, pairs that sat North-South and pairs that sat East-West (a two-winner
    Mitchell); a pair that sat both ways goes where it sat most."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for results in boards.values():
        for r in results:
            counts[r.ns][0] += 1
            counts[r.ew][1] += 1
    ns = sorted((p for p, (a, b) in counts.items() if a >= b), key=_natural)
    ew = sorted((p for p, (a, b) in counts.items() if a < b), key=_natural)
    return [ns, ew]


@dataclass(frozen=True, slots=True)
class CardLine:
    """One board on a pair's personal score card."""

    board: int
    round: int | None
    direction: str
    opponents: str
    result: str
    score: int | None
    points: float
    percentage: float | None


def score_card(scored: Mapping[int, Sequence[ScoredResult]], pair: str) -> list[CardLine]:
    """A pair's personal score card: each board it played, its result and its points."""
    lines = []
    for board, results in sorted(scored.items()):
        for s in results:
            r = s.result
            if pair not in (r.ns, r.ew):
                continue
            ns = pair == r.ns
            score = r.ns_score if ns or r.ns_score is None else -r.ns_score
            lines.append(
                CardLine(
                    board,
                    r.round,
                    "N-S" if ns else "E-W",
                    r.ew if ns else r.ns,
                    r.describe(),
                    score,
                    s.ns_points if ns else s.ew_points,
                    s.ns_percentage if ns else s.ew_percentage,
                )
            )
    if not lines:
        raise ResultError(f"pair {pair} has no results")
    return sorted(lines, key=lambda line: (line.round or 0, line.board))
