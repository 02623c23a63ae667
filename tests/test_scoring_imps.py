"""Law 78B IMPs, Butler datum and cross-IMPs, checked against the Ruter club IMP pairs file."""

from __future__ import annotations

import re

import pytest

from contractbridge.scoring.imps import (
    IMP_THRESHOLDS,
    CrossDivisor,
    MatchScore,
    ScoringError,
    butler_datum,
    butler_imps,
    cross_imps,
    imps,
    round_datum,
    team_board_imps,
)
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT / "pbn"
RUTER = CORPUS / "ruter71_butler_imp.pbn"


def ruter_boards() -> dict[int, list[dict[str, str]]]:
    """Board -> ScoreTable rows, read with nothing but a regex (no code under test)."""
    boards: dict[int, list[dict[str, str]]] = {}
    text = RUTER.read_text(encoding="latin-1")
    for block in text.split("[Event ")[1:]:
        board = int(re.search(r'\[Board "(\d+)"\]', block).group(1))  # type: ignore[union-attr]
        header = re.search(r'\[ScoreTable "([^"]*)"\]\n', block)
        assert header is not None
        names = [h.split("\\")[0] for h in header.group(1).split(";")]
        rows = []
        for line in block[header.end() :].splitlines():
            if not line.strip() or line.startswith("["):
                break
            cells = [c.strip('"') for c in re.findall(r'"[^"]*"|\S+', line)]
            rows.append(dict(zip(names, cells, strict=True)))
        boards[board] = rows
    return boards


def ns_score(row: dict[str, str]) -> int:
    return int(row["Score_NS"]) if row["Score_NS"] != "-" else -int(row["Score_EW"])


def test_law78b_scale_boundaries() -> None:
    # each band of the Law 78B table: its lowest and highest difference
    uppers = [10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090]
    uppers += [1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990]
    for imp, upper in enumerate(uppers):
        assert imps(upper) == imp
        assert imps(upper + 10) == imp + 1
        assert imps(-upper) == -imp
    assert imps(7600) == 24
    assert len(IMP_THRESHOLDS) == 24


def test_imps_for_differences_that_are_not_multiples_of_ten() -> None:
    assert [imps(d) for d in (19, 20, 49, 50, -19, -20)] == [0, 1, 1, 2, 0, -1]


def test_datum_rounds_halves_away_from_zero() -> None:
    assert round_datum(-85) == -90
    assert round_datum(85) == 90
    assert round_datum(-84.9) == -80
    assert round_datum(514.55) == 510


def test_butler2_datum_and_imps_reproduce_every_ruter_row() -> None:
    boards = ruter_boards()
    assert len(boards) == 21
    rows_checked = 0
    for rows in boards.values():
        scores = [ns_score(r) for r in rows]
        datum = butler_datum(scores, drop=1, rounding=10)
        assert {int(r["ButlerDatum"]) for r in rows} == {datum}
        for row, imp in zip(rows, butler_imps(scores), strict=True):
            assert imp == int(row["IMP_NS"]) == -int(row["IMP_EW"])
            rows_checked += 1
    assert rows_checked == 168


def test_butler_datum_dropping_more_or_none() -> None:
    scores = [1000, 420, 420, 400, -100, -1400]
    assert butler_datum(scores, drop=0) == round_datum(sum(scores) / 6)
    assert butler_datum(scores, drop=2) == 410
    assert butler_datum([420, 400], drop=1) == 410  # too few to drop: all averaged


def test_butler_rejects_an_empty_board() -> None:
    with pytest.raises(ScoringError, match="at least one score"):
        butler_datum([])


def test_cross_imps_sum_to_zero_and_divide_by_comparisons() -> None:
    # bridge55.fi: +420 against five other results totals +18, i.e. +3.6 per comparison
    scores = [420, 420, 170, 170, -50, 450]
    totals = cross_imps(scores, divisor=CrossDivisor.NONE)
    assert totals[0] == 0 + 6 + 6 + 10 - 1
    assert sum(totals) == 0
    per = cross_imps(scores)
    assert per[0] == pytest.approx(totals[0] / 5)
    assert cross_imps(scores, divisor=CrossDivisor.SCORES)[0] == pytest.approx(totals[0] / 6)


def test_team_match_imps_from_both_rooms() -> None:
    assert team_board_imps(620, -100) == 12
    assert team_board_imps(-620, -620) == 0
    match = MatchScore.of([(620, -100), (-50, 110), (430, 400)])
    assert (match.home, match.visitors, match.margin) == (13, 4, 9)


def test_russian_chicago_examples_of_the_rules_text() -> None:
    from contractbridge.scoring.russian import russian_imps, target_score

    # text 004: "we bid and make 4 Spades holding only 18 points ... Our opponents had a
    # target of 70 but instead we made 420 ... so we score plus 10 IMPs"
    assert target_score(22, vulnerable=False) == 70
    assert russian_imps(420, ns_points=18, ns_vulnerable=False, ew_vulnerable=False) == 10
    # a club page's example: 25 points vulnerable should make +440; one down (-100) loses 11
    assert russian_imps(-100, ns_points=25, ns_vulnerable=True, ew_vulnerable=False) == -11
    # equal points: the target is 0
    assert russian_imps(-50, ns_points=20, ns_vulnerable=True, ew_vulnerable=True) == -2


def test_russian_chicago_counts_points_from_the_deal() -> None:
    from contractbridge.core.deal import Deal
    from contractbridge.core.seat import Side, Vulnerability
    from contractbridge.scoring.russian import russian_deal_imps, side_points

    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    assert side_points(deal, Side.NS) == 20 and side_points(deal, Side.EW) == 20
    assert russian_deal_imps(deal, 110, Vulnerability.NONE) == 3


def test_russian_chicago_rejects_impossible_points() -> None:
    from contractbridge.scoring.russian import ns_target

    with pytest.raises(ScoringError, match="0 to 40"):
        ns_target(41, False, False)
