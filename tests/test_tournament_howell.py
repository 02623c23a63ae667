"""The shipped Howells for one set of boards, checked by what a Howell promises: who meets
whom, how often each board is played, and that no board is wanted at two tables at once."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest

from contractbridge.cli import main
from contractbridge.tournament.movement import (
    HOWELLS_FILE,
    Encounter,
    Movement,
    MovementError,
    from_kops,
    one_set_howell,
    one_set_howells,
)
from corpus import CORPUS

COMPLETE = ["3", "4", "5", "6", "7", "8"]
THREE_QUARTER = ["3-4", "5-7", "6-8", "7-9", "8-10"]
KOPS = CORPUS / "movements" / "howellki_kops_movements.json"


def test_the_catalogue_has_3_to_8_tables_the_3_4_howells_and_seven_pairs() -> None:
    assert set(one_set_howells()) == {*COMPLETE, *THREE_QUARTER, "7-pairs"}
    data = json.loads(HOWELLS_FILE.read_text(encoding="utf-8"))
    assert data["format"] == "contractbridge-howells/1"


@pytest.mark.parametrize("key", COMPLETE)
def test_a_complete_howell_every_pair_meets_every_other_exactly_once(key: str) -> None:
    tables = int(key)
    m = one_set_howell(key, boards_per_round=3)
    assert m.tables == tables and m.rounds == 2 * tables - 1
    assert m.pairs == tuple(range(1, 2 * tables + 1))
    meetings = m.meetings()
    assert set(meetings) == set(itertools.combinations(m.pairs, 2))
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("key", COMPLETE + THREE_QUARTER)
def test_every_pair_plays_every_board_once_and_each_board_is_played_at_every_table(
    key: str,
) -> None:
    m = one_set_howell(key, boards_per_round=3)
    assert m.copies == 1
    assert len(m.boards) == 3 * m.rounds  # one set of boards: one set per round
    for board in m.boards:
        plays = m.plays(board)
        assert len(plays) == m.tables  # 2T pairs, each playing it once
        assert sorted(p for e in plays for p in (e.ns, e.ew)) == list(m.pairs)
    assert m.check(meet_once=True) == []


@pytest.mark.parametrize("key", THREE_QUARTER)
def test_a_three_quarter_howell_never_brings_two_pairs_together_twice(key: str) -> None:
    tables, rounds = (int(x) for x in key.split("-"))
    m = one_set_howell(tables, rounds=rounds, boards_per_round=2)
    assert (m.tables, m.rounds) == (tables, rounds)
    assert set(m.meetings().values()) == {1}
    assert len(m.meetings()) == tables * rounds  # one meeting per table per round


@pytest.mark.parametrize("key", ["4", "5", "6", "7", "8", *THREE_QUARTER])
def test_no_set_of_boards_is_at_two_tables_in_the_same_round(key: str) -> None:
    m = one_set_howell(key, boards_per_round=2)
    for rnd in range(1, m.rounds + 1):
        boards = [b for e in m.round(rnd) for b in e.boards]
        assert len(boards) == len(set(boards)), f"round {rnd}"
        assert all(m.sharing(rnd, e.table) == () for e in m.round(rnd))


@pytest.mark.parametrize("key", ["4", "5", "6", "7", "8", *THREE_QUARTER])
def test_each_moving_pair_follows_the_pair_numbered_one_below(key: str) -> None:
    # the rule printed on every Howell card: pair p goes where pair p-1 sat (1 where the
    # highest moving pair sat); the stationary pairs (the highest numbers) never move
    m = one_set_howell(key, boards_per_round=2)
    moving = m.rounds  # as many moving pairs as rounds
    seat = {}
    for e in m.encounters:
        seat[(e.round, e.ns)] = (e.table, "NS")
        seat[(e.round, e.ew)] = (e.table, "EW")
    for rnd in range(1, m.rounds):
        for pair in m.pairs:
            if pair > moving:
                assert seat[(rnd + 1, pair)] == seat[(rnd, pair)]
            else:
                before = moving if pair == 1 else pair - 1
                assert seat[(rnd + 1, pair)] == seat[(rnd, before)], (rnd, pair)


@pytest.mark.parametrize("key", ["4", "5", "6", "7", "8", *THREE_QUARTER])
def test_the_boards_move_down_one_table_or_onto_a_relay(key: str) -> None:
    m = one_set_howell(key, boards_per_round=1)
    for rnd in range(1, m.rounds):
        for e in m.round(rnd + 1):
            came_from = [x.table for x in m.round(rnd) if x.boards == e.boards]
            # from the next table up, from a relay stand (no table had them), or round
            # the circuit from table 1 to the last table
            wrapped = came_from == [1] and e.table == m.tables
            assert came_from in ([], [e.table + 1]) or wrapped, (rnd, e)


def test_the_three_table_howell_shares_its_last_set_between_all_three_tables() -> None:
    m = one_set_howell(3, boards_per_round=4)
    assert m.check(meet_once=True) == []
    for rnd in range(1, 5):  # rounds 1-4: each table its own set
        assert all(m.sharing(rnd, t) == () for t in (1, 2, 3))
    last = m.round(5)
    assert {frozenset(e.boards) for e in last} == {frozenset({17, 18, 19, 20})}
    assert m.sharing(5, 1) == (2, 3)
    # each table starts on a different board, so no board is wanted at two tables at once
    for slot in range(4):
        assert len({e.boards[slot] for e in last}) == 3
    with pytest.raises(MovementError, match="at least 3 boards a round"):
        one_set_howell(3, boards_per_round=2)


def test_no_three_table_howell_plays_one_set_without_sharing() -> None:
    """Why the 3-table Howell shares: with five sets, three tables and every pair playing
    every set once, some set must be at two tables in a round (searched exhaustively)."""
    pairs = list(range(6))

    def matchings(rest: list[int]) -> list[list[tuple[int, int]]]:
        if not rest:
            return [[]]
        out = []
        for i in range(1, len(rest)):
            for m in matchings(rest[1:i] + rest[i + 1 :]):
                out.append([(rest[0], rest[i]), *m])
        return out

    rounds = matchings(pairs)
    factorizations = [
        f
        for f in itertools.combinations(rounds, 5)
        if len({frozenset(e) for m in f for e in m}) == 15
    ]
    assert len(factorizations) == 6  # K6 has six one-factorizations

    def sets_fit(matches: list[tuple[int, tuple[int, int]]]) -> bool:
        played: list[set[int]] = [set() for _ in pairs]
        in_round: list[set[int]] = [set() for _ in range(5)]

        def place(i: int) -> bool:
            if i == len(matches):
                return True
            rnd, (a, b) = matches[i]
            for s in range(5):
                if s in in_round[rnd] or s in played[a] or s in played[b]:
                    continue
                in_round[rnd].add(s), played[a].add(s), played[b].add(s)
                if place(i + 1):
                    return True
                in_round[rnd].discard(s), played[a].discard(s), played[b].discard(s)
            return False

        return place(0)

    assert not any(sets_fit([(r, e) for r, m in enumerate(f) for e in m]) for f in factorizations)


def comparisons(m: Movement) -> Counter[tuple[int, int]]:
    """How often two pairs hold the same cards of a board (same direction, another table):
    the comparisons a one-winner movement's fairness is measured by."""
    out: Counter[tuple[int, int]] = Counter()
    for board in m.boards:
        plays = m.plays(board)
        for side in ([e.ns for e in plays], [e.ew for e in plays]):
            for a, b in itertools.combinations(sorted(side), 2):
                out[(a, b)] += 1
    return out


@pytest.mark.parametrize("key", ["4", "6", "8"])
def test_the_even_complete_howells_are_perfectly_balanced(key: str) -> None:
    m = one_set_howell(key, boards_per_round=1)
    counts = comparisons(m)
    assert len(counts) == len(m.pairs) * (len(m.pairs) - 1) // 2  # every two pairs compared
    assert len(set(counts.values())) == 1


def test_seven_pairs_sit_out_in_turn_at_table_one() -> None:
    m = one_set_howell("7-pairs", boards_per_round=3)
    assert m.pairs == tuple(range(1, 8)) and m.rounds == 7
    assert sorted(p for _, p in m.sitouts) == list(range(1, 8))  # each pair once
    assert all(e.table != 1 for e in m.encounters)  # the sit-out table stays put
    assert set(m.meetings().values()) == {1} and len(m.meetings()) == 21
    assert {len(m.plays(b)) for b in m.boards} == {3}
    assert m.check(meet_once=True) == []


def test_unknown_howell_names_the_ones_there_are() -> None:
    with pytest.raises(MovementError, match=r"there are: 3 .*7-pairs"):
        one_set_howell(9)
    with pytest.raises(MovementError, match="'4-6'"):
        one_set_howell(4, rounds=6)


def test_the_checker_still_finds_a_board_wanted_at_two_tables_at_once() -> None:
    clash = Movement(
        "x", (Encounter(1, 1, 1, 2, (1, 2)), Encounter(1, 2, 3, 4, (1, 3)))
    )  # board 1 first at both tables
    assert "round 1: board 1 is at tables 1 and 2" in clash.check()
    shared = Movement("x", (Encounter(1, 1, 1, 2, (1, 2)), Encounter(1, 2, 3, 4, (2, 1))))
    assert shared.check() == []  # passed between the tables


def test_the_published_kops_howells_pass_the_same_checks() -> None:
    # the Polish scoring program's Howells (emkael/howellki) for the same table counts
    kops = json.loads(KOPS.read_text(encoding="utf-8"))
    for key in ("4-7", "5-9", "6-11", "7-13", "8-15", "5-7", "6-8", "7-9", "8-10"):
        theirs = from_kops(kops[key], boards_per_round=2)
        tables, rounds = (int(x) for x in key.split("-"))
        ours = one_set_howell(tables, rounds=rounds, boards_per_round=2)
        assert theirs.check(meet_once=True) == ours.check(meet_once=True) == []
        assert (theirs.tables, theirs.rounds, len(theirs.boards)) == (
            ours.tables,
            ours.rounds,
            len(ours.boards),
        )
        assert len(theirs.meetings()) == len(ours.meetings())


def test_event_create_with_a_one_set_howell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "h.json"
    assert (
        main(["event", "create", str(path), "--movement", "one-set-howell", "--tables", "4"]) == 0
    )
    assert "Howell 4 tables, 7 rounds, boards 1-14, 8 pairs" in capsys.readouterr().out
    stored = json.loads(path.read_text(encoding="utf-8"))["movement"]
    assert stored["copies"] == 1
    # the three-table one shares its last set three ways: two boards a round are too few
    args = ["event", "create", str(path), "--movement", "one-set-howell", "--tables", "3"]
    assert main([*args, "--force"]) == 2
    assert "at least 3 boards a round" in capsys.readouterr().err
    assert main([*args, "--force", "--boards-per-round", "3"]) == 0
    # a 3/4 Howell by its rounds, and seven pairs: the 4-table one with pair 8 absent
    assert main([*args[:-1], "5", "--rounds", "7", "--force"]) == 0
    assert "Howell 5 tables, 7 rounds" in capsys.readouterr().out
    assert main([*args[:-1], "4", "--absent", "8", "--force"]) == 0
    # the barometer Howell is still there
    assert main(["event", "create", str(path), "--movement", "howell", "--tables", "3",
                 "--force"]) == 0  # fmt: skip
    assert json.loads(path.read_text(encoding="utf-8"))["movement"]["copies"] == 3
