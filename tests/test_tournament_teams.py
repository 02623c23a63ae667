"""Team matches (open and closed rooms), round robin, Swiss and VPs; a real RealBridge match day."""

from __future__ import annotations

import re

import pytest

from contractbridge.tournament.files import read_records
from contractbridge.tournament.teams import (
    Match,
    TeamsError,
    matches_from_records,
    round_robin,
    standings,
    swiss_round,
)
from corpus import CORPUS as CORPUS_ROOT

REALBRIDGE = CORPUS_ROOT / "pbn" / "realbridge_299_dd.pbn"


def test_realbridge_score_imp_of_every_open_closed_pair_reproduced() -> None:
    records = read_records(REALBRIDGE)
    matches = {(m.home, m.visitors): m for m in matches_from_records(records)}
    assert len(matches) == 15
    checked = unmatched = 0
    for rec in records:
        home, visit = rec.tags["HomeTeam"], rec.tags["VisitTeam"]
        match, sign = (
            (matches[(home, visit)], 1)
            if (home, visit) in matches
            else (matches[(visit, home)], -1)
        )
        published = re.match(r"NS (-?\d+) EW (-?\d+)", rec.tags["ScoreIMP"])
        assert published is not None
        got = match.board_imps(rec.board)  # type: ignore[arg-type]
        if got is None:  # the other room's game is missing from the file
            unmatched += 1
            continue
        assert sign * got == int(published.group(1)) == -int(published.group(2))
        checked += 1
    assert (checked, unmatched) == (298, 1)


def test_realbridge_match_totals_and_victory_points() -> None:
    matches = matches_from_records(read_records(REALBRIDGE))
    for m in matches:
        home, visitors = m.imps
        vp_home, vp_visitors = m.victory_points()
        assert vp_home + vp_visitors == pytest.approx(20)
        assert (vp_home > 10) == (home > visitors) or home == visitors
    table = standings({t for m in matches for t in (m.home, m.visitors)}, matches, boards=10)
    assert len(table) == 30
    assert table[0].victory_points >= table[-1].victory_points


def test_match_needs_both_rooms_and_can_be_corrected() -> None:
    m = Match("A", "B")
    m.add_board(1, open_ns=420)
    assert m.board_imps(1) is None and m.played == []
    m.add_board(1, closed_ns=-50)
    assert m.board_imps(1) == 10
    m.add_board(1, closed_ns=420)  # corrected
    assert m.board_imps(1) == 0
    with pytest.raises(TeamsError, match="itself"):
        Match("A", "A")


def test_round_robin_every_team_meets_every_other_once() -> None:
    for n in range(2, 11):
        teams = [f"T{i}" for i in range(n)]
        rounds = round_robin(teams)
        meetings = [frozenset(p) for r in rounds for p in r]
        assert len(meetings) == len(set(meetings)) == n * (n - 1) // 2
        for r in rounds:
            playing = [t for p in r for t in p]
            assert len(playing) == len(set(playing))


def test_swiss_pairs_top_down_without_rematches() -> None:
    pairs, bye = swiss_round(["A", "B", "C", "D", "E"], [("A", "B"), ("C", "D")])
    assert bye == "E"
    assert pairs == [("A", "C"), ("B", "D")]
    with pytest.raises(TeamsError, match="rematch"):
        swiss_round(["A", "B"], [("A", "B")])


def test_standings_by_victory_points_with_byes() -> None:
    m1, m2 = Match("A", "B"), Match("C", "A")
    m1.add_board(1, open_ns=620, closed_ns=-100)
    m2.add_board(1, open_ns=100, closed_ns=100)
    table = standings(["A", "B", "C"], [m1, m2], boards=16, byes={"B": 12.0, "C": 12.0})
    # A beat B by 12 IMPs (13.28 VP on the 16-board scale) and drew with C (10)
    assert [(s.team, s.victory_points) for s in table] == [
        ("A", 23.28),
        ("C", 22.0),
        ("B", 18.72),
    ]


def test_lin_vugraph_open_and_closed_rooms_make_one_match() -> None:
    lin = REALBRIDGE.parents[1] / "lin" / "vugraph_schapiro_2007_final.lin"
    (match,) = matches_from_records(read_records(lin))
    assert (match.home, match.visitors) == ("Liggins", "Wolfarth")
    assert sorted(match.boards) == list(range(33, 41))
    # board 33: Open 2H by N making 10 (+170), Closed 4H by N making 10 (+420)
    assert match.boards[33] == (170, 420) and match.board_imps(33) == -6


def test_round_robin_event_entry_by_room_and_json_round_trip() -> None:
    from contractbridge.tournament.teams import TeamsEvent

    event = TeamsEvent.round_robin(
        "Cup", ["Lions", "Tigers", "Bears", "Wolves"], boards_per_match=8
    )
    assert len(event.rounds) == 3 and event.boards(2) == list(range(9, 17))
    opponents = event.match(1, "Lions").visitors
    event.enter(round=1, team="Lions", board=1, room="open", contract="4S", declarer="N", tricks=10)
    event.enter(
        round=1, team=opponents, board=1, room="closed", contract="4S", declarer="N", tricks=9
    )
    assert event.match(1, "Lions").board_imps(1) == 10  # +420 and +50 for the Lions
    again = TeamsEvent.from_dict(event.to_dict())
    table = {s.team: s.victory_points for s in again.standings()}
    assert table["Lions"] == 13.78 and table[opponents] == 6.22  # 10 IMPs, 8-board scale
    with pytest.raises(TeamsError, match="plays boards 1-8, not 9"):
        event.enter(round=1, team="Lions", board=9, room="open", score=100)


def test_swiss_event_gives_the_bye_to_the_lowest_team_without_one() -> None:
    from contractbridge.tournament.teams import TeamsEvent

    event = TeamsEvent.swiss_event("Swiss", ["A", "B", "C", "D", "E"], boards_per_match=6)
    assert event.rounds[0] == [("A", "B"), ("C", "D")]  # E has the first bye
    event.enter(round=1, team="A", board=1, room="open", score=420)
    event.enter(round=1, team="A", board=1, room="closed", score=-100)
    second = event.next_swiss_round()
    assert ("A", "B") not in second and "D" not in {t for p in second for t in p}
    assert event.byes() == {"E": 12.0, "D": 12.0}


WC2012 = REALBRIDGE.parent / "wc2012_3816_inherit.pbn"


@pytest.mark.slow
def test_same_home_team_at_both_tables_second_game_is_the_closed_room() -> None:
    # rpbridge.net writes HomeTeam/VisitTeam alike at both tables, open room first.
    # Board 1 of the 2012 final: open 5C by E making 12 (NS -420), closed 4SX by N
    # making 10 (NS +590: 240 + 300 game + 50 insult); Poland (NS in the open room) loses
    # 1010 = 14 IMPs (900-1090).
    matches = {(m.home, m.visitors): m for m in matches_from_records(read_records(WC2012))}
    final = matches[("Poland", "Sweden")]
    assert final.boards[1] == (-420, 590)
    assert final.board_imps(1) == -14
    assert len(final.played) == 128


def test_a_board_recorded_three_times_in_one_match_is_refused() -> None:
    from contractbridge.formats.record import GameRecord

    games = [
        GameRecord(board=1, score=s, tags={"HomeTeam": "A", "VisitTeam": "B"})
        for s in (420, -50, 100)
    ]
    assert matches_from_records(games[:2])[0].board_imps(1) == 10
    with pytest.raises(TeamsError, match="more than twice"):
        matches_from_records(games)


def test_a_board_missing_one_room_still_sets_the_match_length() -> None:
    # RealBridge, Turkey v Switzerland: 10 boards, one of them without its other room.
    matches = {(m.home, m.visitors): m for m in matches_from_records(read_records(REALBRIDGE))}
    m = matches.get(("TURKEY", "SWITZERLAND")) or matches[("SWITZERLAND", "TURKEY")]
    assert (len(m.played), len(m.boards)) == (9, 10)
    # margin 13 IMPs on the 10-board scale: 10 + 10(1 - t^(39/(15 sqrt 10)))/(1 - t^3)
    assert sorted(m.victory_points()) == [5.72, 14.28]


def test_teams_event_keeps_contracts_refuses_silent_overwrites_and_removes() -> None:
    from contractbridge.tournament.teams import TeamsEvent

    event = TeamsEvent.round_robin("Cup", ["A", "B", "C"], boards_per_match=2)
    rnd = next(r for r in (1, 2, 3) if "A" not in event.sitting_out(r))
    first = event.boards(rnd)[0]
    assert event.completed() == 0 and len(event.missing(rnd)) == 4
    event.enter(round=rnd, team="A", board=first, room="o", contract="3NT", declarer="S",
                tricks=10)  # fmt: skip
    with pytest.raises(TeamsError, match=r"already entered \(3NT S \+1\); correct it"):
        event.enter(round=rnd, team="A", board=first, room="open", contract="3NT",
                    declarer="S", tricks=9, replace=False)  # fmt: skip
    # the contract survives the event file (the scores alone were kept before)
    again = TeamsEvent.from_dict(event.to_dict())
    m = again.match(rnd, "A")
    assert m.results[(first, True)].describe() == "3NT S +1" and len(again.missing(rnd)) == 3
    again.remove(round=rnd, team="A", board=first, room="open")
    assert first not in again.match(rnd, "A").boards and len(again.missing(rnd)) == 4
    with pytest.raises(TeamsError, match="no result in the open room"):
        again.remove(round=rnd, team="A", board=first, room="open")
    # standings over completed rounds only: a round in play is left out
    for b in event.boards(rnd):
        for room in ("open", "closed"):
            event.enter(round=rnd, team="A", board=b, room=room, score=0)
    assert event.complete(rnd) and event.completed() == (1 if rnd == 1 else 0)
    assert {s.team: s.matches for s in event.standings(0)} == {"A": 0, "B": 0, "C": 0}


def test_an_adjusted_score_is_three_imps_a_side_law_86a() -> None:
    from contractbridge.scoring.imps import imps
    from contractbridge.scoring.vp import victory_points
    from contractbridge.tournament.teams import TeamsEvent

    m = Match("A", "B")
    m.add_board(1, open_ns=420, closed_ns=420)  # a flat board
    m.adjust(2, "A+/A-")  # board 2 could not be played in one room: B at fault
    assert m.board_result(2) == (3, -3) and m.imps == (3, 0) and m.played == [1, 2]
    m.adjust(2, "a-/a-")  # both at fault: each side loses 3 IMPs
    assert m.totals == ((0, 3), (0, 3))
    home_vp, visitors_vp = m.victory_points(8)
    assert home_vp == visitors_vp == victory_points(-3, 8) and home_vp < 10
    with pytest.raises(TeamsError, match="not an adjusted score"):
        m.adjust(2, "60/40")
    m.adjust(2, "")
    assert m.played == [1] and m.imps == (0, 0)
    with pytest.raises(TeamsError, match="no adjusted score"):
        m.adjust(2, "")
    # in an event: the adjusted board is not missing, and survives the event file
    event = TeamsEvent.round_robin("Cup", ["A", "B"], boards_per_match=2)
    event.enter(round=1, team="A", board=1, room="open", score=420)
    event.enter(round=1, team="A", board=1, room="closed", score=-420)  # A wins 420 twice
    event.adjust(round=1, team="B", board=2, adjusted="A/A")
    assert event.complete(1)
    again = TeamsEvent.from_dict(event.to_dict())
    assert again.match(1, "A").adjusted == {2: (0, 0)}
    (first, second) = again.standings()
    assert (first.team, first.imps_for, second.imps_against) == ("A", imps(840), imps(840))
    with pytest.raises(TeamsError, match="does not play board 3"):
        event.adjust(round=1, team="A", board=3, adjusted="A/A")
