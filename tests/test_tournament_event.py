"""A whole pairs event: the Ruter evening rebuilt from its file, run as an event."""

from __future__ import annotations

from pathlib import Path

import pytest

from contractbridge.tournament.event import PairsEvent
from contractbridge.tournament.files import (
    movement_from_results,
    read_records,
    results_from_records,
)
from contractbridge.tournament.movement import mitchell
from contractbridge.tournament.pairs import Method
from contractbridge.tournament.results import ResultError
from corpus import CORPUS as CORPUS_ROOT

RUTER = CORPUS_ROOT / "pbn" / "ruter71_butler_imp.pbn"


def test_ruter_movement_rebuilt_from_table_and_round_passes_the_checker() -> None:
    imported = results_from_records(read_records(RUTER))
    movement = movement_from_results(imported)
    # the file's header: 8 tables, 16 pairs, 21 boards, 7 rounds
    assert (movement.tables, len(movement.pairs), len(movement.boards), movement.rounds) == (
        8,
        16,
        21,
        7,
    )
    assert movement.copies == 8  # a barometer: every table plays the round's boards
    assert movement.check(plays_per_board=8, meet_once=True) == []


def test_ruter_run_as_an_event_reproduces_the_published_ranking(tmp_path: Path) -> None:
    records = read_records(RUTER)
    imported = results_from_records(records)
    event = PairsEvent(
        "Klubbkveld", movement_from_results(imported), Method.IMP_BUTLER, names=imported.names
    )
    for results in imported.boards.values():
        for result in results:
            event.add(result)
    path = tmp_path / "ruter.json"
    event.save(path)
    again = PairsEvent.load(path)
    ranking = again.rankings()[0]
    published = imported.total_score_table
    assert published is not None
    assert [(r.pair, int(r.total)) for r in ranking] == [
        (p["PairId"], int(p["TotalScoreIMP"])) for p in published.records()
    ]
    assert again.missing() == []


def test_results_must_fit_the_movement() -> None:
    event = PairsEvent("x", mitchell(3, boards_per_round=2))
    with pytest.raises(ResultError, match="board 7 is not in this event"):
        event.enter(board=7, ns="1", score=100)
    with pytest.raises(ResultError, match="pair 4 sits East-West"):
        event.enter(board=1, ns="4", score=100)
    with pytest.raises(ResultError, match="table 1 plays boards 1, 2 in round 1, not 3"):
        event.enter(board=3, table=1, round=1, score=100)


def test_neuberg_when_a_board_has_a_missing_result() -> None:
    event = PairsEvent("x", mitchell(3, boards_per_round=2))
    event.enter(board=1, ns="1", score=420)
    event.enter(board=1, ns="2", score=170)
    scored = event.scored()[1]
    # two results of three expected: the top is 4; a top of 2 becomes (2+1)*3/2-1 = 3.5
    assert [s.ns_points for s in scored] == [3.5, 0.5]
    assert {s.top for s in scored} == {4}


def test_a_sit_out_leaves_every_board_one_result_short_and_the_top_follows() -> None:
    # a Howell with pair 8 absent: every board is played at 3 tables instead of 4
    from contractbridge.tournament.movement import howell

    event = PairsEvent("x", howell(4, boards_per_round=1).without_pair(8))
    plays = event.movement.plays(1)
    assert len(plays) == 3 and {len(event.movement.plays(b)) for b in event.movement.boards} == {3}
    # two of the three results in: the board is factored to three (Neuberg)
    for e, score in zip(plays[:2], (420, 170), strict=True):
        event.enter(board=1, ns=str(e.ns), score=score)
    scored = event.scored()[1]
    assert {s.top for s in scored} == {4}
    assert [s.ns_points for s in scored] == [(2 + 1) * 3 / 2 - 1, (0 + 1) * 3 / 2 - 1]
