"""A duplicate series: boards with the Law 2 dealer and vulnerability, each scored alone."""

from __future__ import annotations

import re

import pytest

from contractbridge.core import Board, InvalidDealError, Seat, Side, Vulnerability
from contractbridge.scoring import DuplicateSeries, Scoresheet, SeriesCompleteError
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT
NS, EW = Side.NS, Side.EW


def realbridge_results() -> list[dict[str, str]]:
    """Every table result of realbridge_299_dd.pbn (boards 11-20, about 30 tables each)."""
    text = (CORPUS / "pbn" / "realbridge_299_dd.pbn").read_text(encoding="latin-1")
    games = [
        dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        for game in re.split(r"\n\s*\n(?=\[)", text)
    ]
    return [g for g in games if "Board" in g]


def stored_result(game: dict[str, str]) -> tuple[str | None, int]:
    if game["Contract"] in ("", "Pass"):
        return None, 0
    return f"{game['Contract']} {game['Declarer']}", int(game["Result"])


def test_law2_and_law77_every_scored_table_of_a_real_event_matches_its_published_score() -> None:
    """realbridge_299_dd.pbn: each result with a [Score "NS n"] tag, replayed as a one-board
    series starting at its board number, gives the file's dealer, vulnerability and score."""
    checked = 0
    for game in realbridge_results():
        if "Score" not in game:
            continue
        series = DuplicateSeries(1, first=int(game["Board"]))
        assert series.dealer == Seat.parse(game["Dealer"])
        assert series.vulnerability == Vulnerability.parse(game["Vulnerable"])
        result = series.record(*stored_result(game))
        assert f"NS {result.score}" == game["Score"], game
        checked += 1
    assert checked == 279


def test_a_pairs_ten_boards_with_running_totals() -> None:
    """Markus Knob and Clemens Wanha (North-South) played boards 11-20 of the realbridge
    event; board 11 was passed out. The totals are the sums of the published scores."""
    ours = [
        g
        for g in realbridge_results()
        if g["North"].startswith("Markus Knob") and g["South"].startswith("Clemens Wanha")
    ]
    ours.sort(key=lambda g: int(g["Board"]))
    assert [int(g["Board"]) for g in ours] == list(range(11, 21))
    series: Scoresheet = DuplicateSeries(10, first=11)
    for game in ours:
        series.record(*stored_result(game))
    assert series.is_complete
    published = [int(g["Score"].split()[1]) for g in ours]
    plus = sum(s for s in published if s > 0)
    minus = -sum(s for s in published if s < 0)
    assert series.totals() == {NS: plus, EW: minus}
    last = series.render().splitlines()[-1].split()
    assert last[0] == "20" and last[-2:] == [str(plus), str(minus)]
    passed = series.render().splitlines()[1]
    assert passed.split()[:4] == ["11", "S", "None", "Passed"]


def test_law2_dealer_and_vulnerability_follow_the_board_number() -> None:
    series = DuplicateSeries(16)
    seen = []
    for number in range(1, 17):
        seen.append((series.dealer, series.vulnerability))
        assert series.board == Board(number)
        series.record(None, 0)
    # standards.md §2: boards 1-4 None/NS/EW/All, N E S W dealing; board 5 NS, 16 EW
    assert seen[:4] == [
        (Seat.N, Vulnerability.NONE),
        (Seat.E, Vulnerability.NS),
        (Seat.S, Vulnerability.EW),
        (Seat.W, Vulnerability.ALL),
    ]
    assert seen[4] == (Seat.N, Vulnerability.NS)
    assert seen[15] == (Seat.W, Vulnerability.EW)


def test_each_board_is_scored_alone_no_partscore_carries() -> None:
    series = DuplicateSeries(2)
    assert series.record("2S N", 8).points == (110, 0)
    assert series.record("2S N", 8).points == (110, 0)  # board 2: NS vulnerable, still 110


def test_a_series_ends_after_its_last_board() -> None:
    series = DuplicateSeries(1, first=7)
    series.record("3NT E", 9)  # board 7: both vulnerable
    assert series.totals() == {NS: 0, EW: 600}
    with pytest.raises(SeriesCompleteError, match="series of 1 board is over"):
        series.record("1C N", 7)


def test_a_series_has_at_least_one_board() -> None:
    with pytest.raises(InvalidDealError):
        DuplicateSeries(0)
    with pytest.raises(InvalidDealError):
        DuplicateSeries(4, first=0)
