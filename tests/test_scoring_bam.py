"""Board-a-match teams: a board won by any margin scores 1, a tie ½, a loss 0; in the teams
event, the results command and the event pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contractbridge.cli import main
from contractbridge.scoring.bam import adjusted_points, board_points, match_board_points
from contractbridge.scoring.imps import ScoringError, imps
from contractbridge.tournament.teams import Match, TeamsEvent, standings

# Text 004 ("Teams of four"): four boards where "we" (home: NS at table 1, EW at table 2)
# lose 1 IMP ("the difference between the two tables was 30 against us"), lose 3, gain 13
# (a small slam against a game) and gain 6 (2H+1 against 4H-1, both Norths making 9
# tricks): "Overall we are 15 IMPs ahead on those four boards". The text's own scores were
# lost; these NS scores (open, closed) give exactly its differences and IMPs.
TEXT_BOARDS = [(420, 450), (100, 200), (1430, 680), (140, -100)]


def test_text004_four_boards_fifteen_imps_ahead_are_two_boards_each() -> None:
    assert [imps(o - c) for o, c in TEXT_BOARDS] == [-1, -3, 13, 6]
    assert sum(imps(o - c) for o, c in TEXT_BOARDS) == 15
    # at board-a-match the margins do not count: two boards won, two lost
    assert [board_points(o, c) for o, c in TEXT_BOARDS] == [(0, 1), (0, 1), (1, 0), (1, 0)]
    assert match_board_points(TEXT_BOARDS) == (2.0, 2.0)


def test_any_margin_wins_the_whole_board_and_equal_scores_split_it() -> None:
    assert board_points(430, 420) == (1.0, 0.0)  # an overtrick: 10 points are a board
    assert board_points(-50, -50) == (0.5, 0.5)
    assert board_points(0, 0) == (0.5, 0.5)  # passed out in both rooms
    assert board_points(-620, -650) == (1.0, 0.0)  # losing less is winning the board


def test_adjusted_scores_are_sixty_fifty_forty_percent() -> None:
    assert adjusted_points("A+", "a-") == (0.6, 0.4)
    assert adjusted_points("A", "A") == (0.5, 0.5)
    with pytest.raises(ScoringError, match="not an artificial adjusted score"):
        adjusted_points("A++", "A")


def test_a_match_scores_board_points_and_keeps_its_imps() -> None:
    m = Match("Lions", "Tigers")
    for board, (o, c) in enumerate(TEXT_BOARDS, start=1):
        m.add_board(board, open_ns=o, closed_ns=c)
    m.add_board(5, open_ns=-100, closed_ns=-100)
    m.adjust(6, "A+/A-")
    m.add_board(7, open_ns=420)  # one room only: not yet scored
    assert m.board_points(5) == (0.5, 0.5) and m.board_points(6) == (0.6, 0.4)
    assert m.board_points(7) is None
    assert m.bam == (3.1, 2.9)
    assert m.imps == (19 + 3, 4)  # the adjusted board is +3 IMPs


def test_standings_rank_by_board_points_not_by_imps() -> None:
    big = Match("A", "B")  # A wins one board by a slam swing, loses three by overtricks
    big.add_board(1, open_ns=1430, closed_ns=680)
    for board in (2, 3, 4):
        big.add_board(board, open_ns=420, closed_ns=450)
    ranked = standings(["A", "B"], [big], bam=True)
    assert [(s.team, s.board_points) for s in ranked] == [("B", 3.0), ("A", 1.0)]
    by_vps = standings(["A", "B"], [big])
    assert by_vps[0].team == "A"  # 13 - 3 IMPs: A wins the match at IMPs


def test_a_bam_event_keeps_its_scoring_and_gives_a_bye_its_share_of_the_boards(
    tmp_path: Path,
) -> None:
    event = TeamsEvent.round_robin("Cup", ["A", "B", "C"], boards_per_match=4, scoring="bam")
    again = TeamsEvent.from_dict(json.loads(json.dumps(event.to_dict())))
    assert again.is_bam and again.bye_score == 2.4  # 12 of 20 VPs: 60 % of 4 boards
    home, visitors = event.rounds[0][0]
    for board, (o, c) in enumerate(TEXT_BOARDS, start=1):
        event.enter(round=1, team=home, board=board, room="open", score=o)
        event.enter(round=1, team=home, board=board, room="closed", score=c)
    table = {s.team: s.board_points for s in event.standings(1)}
    bye = event.sitting_out(1)[0]
    assert table == {home: 2.0, visitors: 2.0, bye: 2.4}
    with pytest.raises(Exception, match="not a teams scoring"):
        TeamsEvent("X", ["A", "B"], 4, scoring="matchpoints")


def test_event_teams_create_bam_and_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bam.json"
    assert main(["event", "teams-create", str(path), "--teams", "A", "B", "--boards", "4",
                 "--scoring", "bam"]) == 0  # fmt: skip
    for board, (o, c) in enumerate(TEXT_BOARDS, start=1):
        for room, score in (("open", o), ("closed", c)):
            assert main(["event", "teams-enter", str(path), "--team", "A", "--board",
                         str(board), "--room", room, "--score", str(score)]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "A 1 board point (+13 IMPs)" in out and "A 0 board points (-3 IMPs)" in out
    assert main(["event", "teams-show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Board points" in out and "2-2" in out and "19-4" in out


def test_results_scores_a_team_file_board_a_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = []
    for board, (o, c) in enumerate(TEXT_BOARDS, start=1):
        for room, score in (("Open", o), ("Closed", c)):
            games.append(
                f'[Event "Text match"]\n[Board "{board}"]\n[HomeTeam "Us"]\n'
                f'[VisitTeam "Them"]\n[Room "{room}"]\n'
                f'[Score "NS {score}"]\n'
            )
    path = tmp_path / "match.pbn"
    path.write_text("\n".join(games))
    assert main(["results", str(path), "--bam"]) == 0
    out = capsys.readouterr().out
    assert "Board points" in out and "2-2" in out
    assert main(["results", str(path)]) == 0
    # 15 IMPs over 4 boards on the WBF 2013 scale: blitz 30, 10 + 10(1 - tau^1.5)/(1 - tau^3)
    assert "16.73-3.27" in capsys.readouterr().out
    assert main(["results", str(path), "--bam", "--vp-scale", "wbf"]) == 2
    assert "no victory points" in capsys.readouterr().err


def test_a_bam_event_writes_pbn_that_results_reads_back_board_a_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """teams-show --pbn writes Scoring "BAM"; results scores that file board-a-match."""
    path = tmp_path / "bam.json"
    main(["event", "teams-create", str(path), "--teams", "A", "B", "--boards", "4",
          "--scoring", "bam"])  # fmt: skip
    for board, (o, c) in enumerate(TEXT_BOARDS, start=1):
        for room, score in (("open", o), ("closed", c)):
            main(["event", "teams-enter", str(path), "--team", "A", "--board", str(board),
                  "--room", room, "--score", str(score)])  # fmt: skip
    out = tmp_path / "bam.pbn"
    assert main(["event", "teams-show", str(path), "--pbn", str(out)]) == 0
    assert '[Scoring "BAM"]' in out.read_text()
    capsys.readouterr()
    assert main(["results", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "Board points" in shown and "2-2" in shown
