"""Law 78A matchpoints, percentages, Neuberg and adjusted scores; board 1 of a real event."""

from __future__ import annotations

import html
import re

import pytest

from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import ScoringError
from contractbridge.scoring.matchpoints import (
    ACBL,
    STANDARD,
    Artificial,
    Factoring,
    WeightedScore,
    matchpoints,
    neuberg,
    neuberg_percentage,
    percentages,
    score_board,
)
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT / "pbn"


def published_board1() -> list[list[str]]:
    """The rows of the published traveller (ISO-8859-2 HTML): pairs, contract ... %NS, %EW."""
    text = (CORPUS / "wb120802_board1_traveller_published.html").read_text(encoding="iso-8859-2")
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", text, re.S):
        cells = [
            html.unescape(re.sub(r"<[^>]*>", "", c)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        if len(cells) in (10, 11) and not cells[0] and cells[1].isdigit():
            rows.append(cells)
    return rows


def board1_scores() -> list[int]:
    """NS scores of board 1 from the PBN file (contract, declarer, tricks; no one vulnerable)."""
    text = (CORPUS / "wb120802_mp_pairs.pbn").read_text(encoding="latin-1")
    scores = []
    for game in text.split("\n\n"):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        if tags.get("Board") == "1":
            score = duplicate_score(tags["Contract"], int(tags["Result"]), False)
            scores.append(score if tags["Declarer"] in "NS" else -score)
    return scores


def test_two_per_beaten_score_one_per_tie_and_the_acbl_half_scale() -> None:
    scores = [420, 420, 170, -50, 450]
    assert matchpoints(scores) == [5.0, 5.0, 2.0, 0.0, 8.0]
    assert matchpoints(scores, scale=ACBL) == [2.5, 2.5, 1.0, 0.0, 4.0]
    assert STANDARD.top(5) == 8 and ACBL.top(5) == 4


def test_north_south_and_east_west_matchpoints_add_up_to_the_top() -> None:
    for s in score_board([420, 420, 170, -50, 450]):
        assert s.ns_mp + s.ew_mp == 8


def test_published_board1_percentages_with_a_split_artificial_score() -> None:
    published = published_board1()
    real = [r for r in published if r[3] != "TD"]
    td = [r for r in published if r[3] == "TD"]
    assert len(real) == 8 and len(td) == 1
    # the TD row is a split artificial score: 60% to NS (average-plus), 0% to EW
    assert (float(td[0][-2]), float(td[0][-1])) == (Artificial.AVERAGE_PLUS.value, 0.0)
    # the other eight results are matchpointed among themselves
    scored = score_board(board1_scores(), factoring=Factoring.NONE)
    for row, s in zip(real, scored, strict=True):
        assert round(s.ns_percentage, 2) == float(row[-2])
        assert round(s.ew_percentage, 2) == float(row[-1])


def test_published_board1_scores_match_law77() -> None:
    published = [r for r in published_board1() if r[3] != "TD"]
    for row, score in zip(published, board1_scores(), strict=True):
        ns = int(row[7]) if row[7] else -int(row[8])
        assert score == ns


def test_neuberg_sole_top_of_ten_factored_to_eleven() -> None:
    # EBU example: a top among 10 results when 11 were expected is 19.9 out of 20, not 20
    assert neuberg(18, 10, 11) == pytest.approx(19.9)
    assert neuberg(9, 10, 11, ACBL) == pytest.approx(9.95)
    assert neuberg_percentage(100.0, 10, 11) == pytest.approx(100 * 19.9 / 20)


def test_neuberg_factored_board_keeps_the_full_top() -> None:
    scored = score_board([420, 170, 170, -50], expected=6)
    assert {s.top for s in scored} == {10}
    assert sum(s.ns_mp for s in scored) == pytest.approx(4 * 10 / 2)
    unfactored = score_board([420, 170, 170, -50], expected=6, factoring=Factoring.NONE)
    assert {s.top for s in unfactored} == {6}


def test_weighted_adjusted_score_shares_the_comparisons() -> None:
    weighted = WeightedScore.of((0.5, 420), (0.5, -50))
    mps = matchpoints([weighted, 170, 170])
    assert mps[0] == pytest.approx(0.5 * 4 + 0.5 * 0)
    assert mps[1] == pytest.approx(1 + 0.5 * 0 + 0.5 * 2)
    assert sum(mps) == pytest.approx(3 * 2)  # every comparison is still shared out in full


def test_weights_must_add_up_to_one() -> None:
    with pytest.raises(ScoringError, match="add up to 1"):
        WeightedScore.of((0.5, 420), (0.6, -50))


def test_artificial_scores_parse_and_convert_to_imps() -> None:
    assert Artificial.parse("A+") is Artificial.AVERAGE_PLUS
    assert Artificial.parse("avg-") is Artificial.AVERAGE_MINUS
    assert [a.imps for a in Artificial] == [3, 0, -3]
    with pytest.raises(ScoringError):
        Artificial.parse("B+")


def test_a_lone_result_is_average() -> None:
    assert percentages([420]) == [50.0]


def test_weighted_score_messages_say_what_is_wrong() -> None:
    with pytest.raises(ScoringError, match=r"add up to 1, not 0\.9$"):
        WeightedScore.of((0.3, 420), (0.6, -50))
    with pytest.raises(ScoringError, match="cannot be negative"):
        WeightedScore.of((1.5, 420), (-0.5, -50))
