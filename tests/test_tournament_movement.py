"""Movements: Mitchell, Howell, the two public file formats, and the movement checker."""

from __future__ import annotations

import json

import pytest

from contractbridge.tournament.movement import (
    Encounter,
    Movement,
    MovementError,
    from_kops,
    howell,
    load,
    mitchell,
)
from corpus import CORPUS as CORPUS_ROOT

MOVEMENTS = CORPUS_ROOT / "movements"
KOPS = MOVEMENTS / "howellki_kops_movements.json"


@pytest.mark.parametrize("tables", range(1, 16))
def test_mitchell_any_table_count_passes_the_checker(tables: int) -> None:
    for bpr in (1, 2, 3, 4):
        m = mitchell(tables, boards_per_round=bpr)
        assert m.check(meet_once=True) == []
        assert len(m.fields) == 2
        assert m.boards_per_round == bpr


def test_mitchell_odd_tables_every_ew_pair_meets_every_ns_pair() -> None:
    m = mitchell(7, boards_per_round=2)
    assert len(m.meetings()) == 7 * 7 and m.rounds == 7
    assert {len(m.plays(b)) for b in m.boards} == {7}


def test_mitchell_even_tables_skip_after_half_the_rounds() -> None:
    m = mitchell(6, boards_per_round=3)
    assert m.rounds == 5  # after the skip one NS pair is not met
    ew7 = [e.table for e in m.of_pair(7)]
    assert ew7 == [1, 2, 3, 5, 6]  # the skip: table 4 is jumped after round 3
    assert m.check(meet_once=True) == []


def test_arrow_switch_gives_one_field_and_turns_the_boards() -> None:
    m = mitchell(5, boards_per_round=3, arrow_switch=[5])
    assert len(m.fields) == 1
    last = m.encounter(5, 1)
    assert last.ns > 5 and last.ew == 1  # the EW pair plays the NS cards
    assert m.check(meet_once=True) == []
    assert len(mitchell(5, winners=1).fields) == 1


def test_howell_every_pair_meets_every_other_once() -> None:
    for tables in range(2, 10):
        m = howell(tables, boards_per_round=2)
        meetings = m.meetings()
        assert len(meetings) == tables * (2 * tables - 1)
        assert set(meetings.values()) == {1}
        assert m.check() == []


def test_kops_howells_and_mitchells_all_pass_the_checker() -> None:
    data = json.loads(KOPS.read_text(encoding="utf-8"))
    assert len(data) == 69
    for key, spec in data.items():
        m = from_kops(spec, boards_per_round=2, name=key)
        assert m.check(meet_once=True) == [], key
        assert m.tables == spec["tables"] and m.rounds == spec["rounds"]
        assert {len(m.plays(b)) for b in m.boards} == {spec["tables"]}


def test_kops_complete_howell_4_tables_7_rounds() -> None:
    m = load(KOPS, "4-7", boards_per_round=3)
    assert len(m.pairs) == 8 and len(m.meetings()) == 28
    assert len(m.boards) == 21
    # round 1 seats pairs as the file lists them: 1N=8, 1E=1, 2N=5, 2E=4 ...
    assert (m.encounter(1, 1).ns, m.encounter(1, 1).ew) == (8, 1)


def test_kops_mitchell_has_two_fields() -> None:
    m = load(KOPS, "7-M")
    assert len(m.fields) == 2 and m.fields[0] == (1, 3, 5, 7, 9, 11, 13)


def test_kops_collection_needs_a_key() -> None:
    with pytest.raises(MovementError, match="choose one of"):
        load(KOPS)


def test_thebridsk_yaml_mitchell_and_howell() -> None:
    mitchell3 = load(MOVEMENTS / "thebridsk_Mitchell3Table.yaml")
    assert mitchell3.check(meet_once=True) == []
    assert mitchell3.fields == ((1, 2, 3), (4, 5, 6))
    assert mitchell3.boards_per_round == 6 and len(mitchell3.boards) == 18
    howell4 = load(MOVEMENTS / "thebridsk_Howell04T2B24.yaml")
    assert howell4.check() == []
    assert len(howell4.fields) == 1
    assert set(howell4.meetings().values()) == {2}  # 2 rounds of 4 boards against each
    assert howell4.check(meet_once=True)[0] == "pairs 1 and 2 meet in 2 rounds"


def test_checker_finds_a_pair_meeting_itself_and_a_board_played_twice() -> None:
    bad = Movement(
        "bad",
        (
            Encounter(1, 1, 1, 1, (1, 2)),
            Encounter(1, 2, 2, 3, (3, 4)),
            Encounter(2, 1, 2, 4, (3, 4)),
            Encounter(2, 2, 1, 3, (1, 2)),
        ),
    )
    problems = bad.check()
    assert "round 1, table 1: pair 1 meets itself" in problems
    assert "pair 2 plays board 3 2 times (rounds 1, 2)" in problems
    with pytest.raises(MovementError, match="meets itself"):
        bad.validate()


def test_checker_finds_boards_played_an_unexpected_number_of_times() -> None:
    m = mitchell(3, boards_per_round=2)
    shorter = Movement("short", m.encounters[:-1])
    problems = shorter.check()
    assert any("played 2 times, expected 3" in p for p in problems)
    assert m.check(plays_per_board=4)[0].endswith("played 3 times, expected 4")


def test_checker_finds_a_pair_at_two_tables() -> None:
    m = Movement("two", (Encounter(1, 1, 1, 2, (1,)), Encounter(1, 2, 1, 3, (2,))))
    assert "round 1: pair 1 is at tables 1 and 2" in m.check()


def test_phantom_pair_makes_its_opponents_sit_out() -> None:
    m = mitchell(5, boards_per_round=2).without_pair(10)
    assert len(m.sitouts) == 5
    assert all(p <= 5 for _, p in m.sitouts)  # the NS pairs that would have met pair 10
    assert m.check() == []


def test_movement_json_round_trip() -> None:
    m = mitchell(4, boards_per_round=3, arrow_switch=[3])
    again = Movement.from_dict(json.loads(json.dumps(m.to_dict())))
    assert again.encounters == m.encounters and again.fields == m.fields


def test_impossible_movements_are_refused() -> None:
    with pytest.raises(MovementError, match="1 to 5 rounds"):
        mitchell(5, rounds=6)
    with pytest.raises(MovementError, match="at least one table"):
        howell(0)


def test_howell_with_an_odd_number_of_pairs_gives_each_pair_one_sit_out() -> None:
    m = howell(4, boards_per_round=3).without_pair(8)
    assert len(m.pairs) == 7 and len(m.sitouts) == 7
    assert sorted(p for _, p in m.sitouts) == [1, 2, 3, 4, 5, 6, 7]
    assert m.check() == []
