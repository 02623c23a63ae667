"""Result entry: impossible results rejected with a reason; corrections."""

from __future__ import annotations

import pytest

from contractbridge.core.deal import Deal
from contractbridge.tournament.results import (
    Adjusted,
    ResultError,
    ResultSet,
    TableResult,
    enter,
)


def test_score_follows_from_contract_declarer_and_tricks() -> None:
    assert enter(board=1, ns="1", ew="2", contract="4S", declarer="N", tricks=10).ns_score == 420
    # board 2: North-South vulnerable; East-West declare and go two down doubled
    r = enter(board=2, ns="1", ew="2", contract="3NTX", declarer="E", tricks=7)
    assert r.ns_score == 300
    assert r.describe() == "3NTX E -2"


def test_tricks_are_found_from_a_score() -> None:
    r = enter(board=1, ns="1", ew="2", contract="4S", declarer="W", score=-450)
    assert r.tricks == 11


def test_a_score_that_the_contract_cannot_give_is_rejected() -> None:
    with pytest.raises(ResultError, match="cannot score 400"):
        enter(board=1, ns="1", ew="2", contract="4S", declarer="N", score=400)
    with pytest.raises(ResultError, match="scores 420 for North-South, not -420"):
        enter(board=1, ns="1", ew="2", contract="4S", declarer="N", tricks=10, score=-420)


def test_a_score_alone_must_be_a_possible_bridge_score() -> None:
    assert enter(board=1, ns="1", ew="2", score=-1430).ns_score == -1430
    with pytest.raises(ResultError, match="no contract scores 425"):
        enter(board=1, ns="1", ew="2", score=425)
    # 620 is a vulnerable game: impossible on board 1 (no one vulnerable)
    with pytest.raises(ResultError, match="no contract scores 620"):
        enter(board=1, ns="1", ew="2", score=620)


def test_tricks_out_of_range_and_missing_declarer() -> None:
    with pytest.raises(ResultError, match="0 to 13 tricks, not 14"):
        enter(board=1, ns="1", ew="2", contract="4S", declarer="N", tricks=14)
    with pytest.raises(ResultError, match="who declared"):
        enter(board=1, ns="1", ew="2", contract="4S", tricks=10)


def test_a_pair_cannot_play_itself() -> None:
    with pytest.raises(ResultError, match="against itself"):
        enter(board=1, ns="3", ew="3", score=100)


def test_the_opening_lead_comes_from_declarers_left() -> None:
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    ok = enter(
        board=1, ns="1", ew="2", contract="3NT", declarer="N", tricks=9, lead="CA", deal=deal
    )
    assert str(ok.lead) == "CA"
    with pytest.raises(ResultError, match="East \\(on lead\\) does not hold SA"):
        enter(board=1, ns="1", ew="2", contract="3NT", declarer="N", tricks=9, lead="SA", deal=deal)


def test_passed_out_scores_zero() -> None:
    assert enter(board=1, ns="1", ew="2", contract="Pass").ns_score == 0
    with pytest.raises(ResultError, match="passed out scores 0"):
        enter(board=1, ns="1", ew="2", contract="Pass", score=50)


def test_adjusted_scores_average_plus_minus_and_split() -> None:
    assert Adjusted.parse("A+") == Adjusted(60.0, 40.0)
    assert Adjusted.parse("A+/A+") == Adjusted(60.0, 60.0)
    assert Adjusted.parse("60/0") == Adjusted(60.0, 0.0)
    with pytest.raises(ResultError):
        Adjusted.parse("120/0")
    with pytest.raises(ResultError, match="not both"):
        enter(board=1, ns="1", ew="2", score=420, adjusted="A")


def test_a_second_entry_is_refused_unless_it_corrects() -> None:
    results = ResultSet()
    results.add(enter(board=1, ns="1", ew="2", score=420))
    with pytest.raises(ResultError, match="already has a result"):
        results.add(enter(board=1, ns="1", ew="2", score=450))
    old = results.add(enter(board=1, ns="1", ew="2", score=450), replace=True)
    assert old is not None and old.ns_score == 420
    assert [r.ns_score for r in results] == [450] and len(results) == 1
    results.remove(1, "2")
    assert len(results) == 0


def test_result_dict_round_trip() -> None:
    r = enter(
        board=5, ns="1", ew="2", contract="4HX", declarer="E", tricks=8, lead="D2", round=2, table=3
    )
    assert TableResult.from_dict(r.to_dict()) == r
