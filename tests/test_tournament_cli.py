"""The results, vp, imps and event commands, end to end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from contractbridge.cli import main
from contractbridge.formats import pbn
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT
RUTER = CORPUS / "pbn" / "ruter71_butler_imp.pbn"


def test_vp_command_prints_the_wbf_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vp", "--imps", "10", "--boards", "16"]) == 0
    assert capsys.readouterr().out == "12.80\n"
    assert main(["vp", "--imps", "-3", "--boards", "16"]) == 0
    assert capsys.readouterr().out == "9.09\n"


def test_imps_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["imps", "420", "-50"]) == 0
    assert capsys.readouterr().out == "10\n"
    assert main(["imps", "-50", "420"]) == 0
    assert capsys.readouterr().out == "-10\n"


def test_results_prints_the_ruter_ranking(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["results", str(RUTER)]) == 0
    out = capsys.readouterr().out
    assert "IMP-BUTLER" in out
    lines = [line for line in out.splitlines() if "Magne Tønnessen" in line]
    assert lines and "50" in lines[0]


def test_results_writes_html_and_pbn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    html, out = tmp_path / "r.html", tmp_path / "r.pbn"
    assert (
        main(
            [
                "results",
                str(RUTER),
                "--scoring",
                "MP",
                "--travellers",
                "--card",
                "3",
                "--html",
                str(html),
                "--pbn",
                str(out),
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "Board 21" in text and "Pair 3" in text
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Board 21" in page
    games = pbn.loads(out.read_text(encoding="utf-8"))
    assert len(games) == 21
    assert "TotalScoreTable" in games[0].tables
    assert "Percentage_NS" in games[0].tables["ScoreTable"].names


def test_results_on_a_teams_file_prints_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["results", str(CORPUS / "pbn" / "realbridge_299_dd.pbn")]) == 0
    out = capsys.readouterr().out
    assert "AUSTRIA" in out and "Standings" in out


def test_results_bad_scoring_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["results", str(RUTER), "--scoring", "XYZ"])
    assert exit_info.value.code == 2


def test_event_create_enter_correct_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "club.json"
    assert (
        main(
            [
                "event",
                "create",
                str(club),
                "--movement",
                "mitchell",
                "--tables",
                "3",
                "--boards-per-round",
                "2",
                "--name",
                "Tuesday",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "event",
                "enter",
                str(club),
                "--board",
                "1",
                "--ns",
                "1",
                "--contract",
                "4S",
                "--by",
                "N",
                "--tricks",
                "10",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "event",
                "enter",
                str(club),
                "--board",
                "1",
                "--table",
                "2",
                "--round",
                "3",
                "--contract",
                "4S",
                "--by",
                "N",
                "--tricks",
                "9",
            ]
        )
        == 0
    )
    # an impossible entry is refused with the reason, exit status 2
    assert (
        main(
            [
                "event",
                "enter",
                str(club),
                "--board",
                "1",
                "--ns",
                "3",
                "--contract",
                "4S",
                "--by",
                "N",
                "--tricks",
                "10",
                "--score",
                "450",
            ]
        )
        == 2
    )
    assert "scores 420 for North-South, not 450" in capsys.readouterr().err
    # the wrong opponents
    assert (
        main(
            [
                "event",
                "enter",
                str(club),
                "--board",
                "1",
                "--ns",
                "3",
                "--ew",
                "4",
                "--score",
                "420",
            ]
        )
        == 2
    )
    assert "plays pair 5" in capsys.readouterr().err
    assert main(["event", "enter", str(club), "--board", "1", "--ns", "3", "--score", "450"]) == 0
    assert (
        main(
            [
                "event",
                "enter",
                str(club),
                "--board",
                "1",
                "--ns",
                "1",
                "--score",
                "450",
                "--correct",
            ]
        )
        == 0
    )
    data = json.loads(club.read_text(encoding="utf-8"))
    assert sorted(r["score"] for r in data["results"]) == [-50, 450, 450]
    capsys.readouterr()
    assert main(["event", "show", str(club), "--travellers"]) == 0
    out = capsys.readouterr().out
    assert "North-South" in out and "Board 1" in out
    assert main(["event", "check", str(club)]) == 0
    assert "results missing" in capsys.readouterr().out


def test_event_from_a_kops_movement_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "h.json"
    source = CORPUS / "movements" / "howellki_kops_movements.json"
    assert (
        main(
            ["event", "create", str(club), "--movement", f"{source}#4-7", "--boards-per-round", "3"]
        )
        == 0
    )
    assert "4 tables, 7 rounds, boards 1-21, 8 pairs" in capsys.readouterr().out


def test_event_import_checks_the_pairs_against_the_movement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "m.json"
    assert main(["event", "create", str(club), "--tables", "8", "--boards-per-round", "3"]) == 0
    # the Ruter evening was not a Mitchell: its pairs do not meet as a Mitchell seats them
    assert main(["event", "import", str(club), str(RUTER)]) == 2
    assert "board 1" in capsys.readouterr().err


def test_teams_event_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cup = tmp_path / "cup.json"
    assert (
        main(["event", "teams-create", str(cup), "--teams", "Lions", "Tigers", "--boards", "16"])
        == 0
    )
    assert "round 1 (boards 1-16): Lions v Tigers" in capsys.readouterr().out
    assert (
        main(
            [
                "event",
                "teams-enter",
                str(cup),
                "--team",
                "Lions",
                "--board",
                "1",
                "--room",
                "open",
                "--contract",
                "3NT",
                "--by",
                "S",
                "--tricks",
                "10",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "event",
                "teams-enter",
                str(cup),
                "--team",
                "Lions",
                "--board",
                "1",
                "--room",
                "closed",
                "--contract",
                "2NT",
                "--by",
                "S",
                "--tricks",
                "10",
            ]
        )
        == 0
    )
    assert "Lions +6 IMPs" in capsys.readouterr().out  # +430 against +180
    hands = tmp_path / "hands.pbn"
    assert main(["deal", "-n", "2", "--seed", "3", "-o", str(hands)]) == 0
    assert main(["event", "teams-deals", str(cup), str(hands)]) == 0
    assert "deals of 2 boards (2 read)" in capsys.readouterr().out
    page = tmp_path / "cup.html"
    games = tmp_path / "cup.pbn"
    assert main(["event", "teams-show", str(cup), "--html", str(page), "--pbn", str(games)]) == 0
    # the PBN of every room reads back as the same match through 'results'
    capsys.readouterr()
    assert main(["results", str(games)]) == 0
    matches = capsys.readouterr().out
    # one board recorded so far: 6 IMPs, on the VP scale of the boards the file holds
    assert re.search(r"Lions\W+[\d.]+\W+6\W+0\W", matches)  # standings: VPs, IMPs +/-
    assert main(["event", "teams-show", str(cup)]) == 0
    out = capsys.readouterr().out
    assert "11.76-8.24" in out  # 6 IMPs on the 16-board WBF scale
    # the printable page has the scoresheet: each room's contract and the swing
    html = page.read_text()
    assert "Round 1: Lions v Tigers" in html and "3NT S +1" in html and "2NT S +2" in html
    assert '<td class="num">6</td>' in html
    assert "<h2>Board 1</h2>" in html and "Par:" in html  # board 1 was played in both rooms
    assert "<h2>Board 2</h2>" not in html  # not played yet: no hand record
    assert main(["event", "teams-next", str(cup)]) == 2  # a round robin is drawn already
    capsys.readouterr()
    base = ["event", "teams-enter", str(cup), "--team", "Tigers", "--board", "2"]
    assert main([*base, "--adjusted", "A+/A-"]) == 0
    assert "round 1, board 2: adjusted score A+/A-" in capsys.readouterr().out
    assert main([*base, "--adjusted", "A/A", "--room", "open"]) == 2
    assert "replaces both rooms" in capsys.readouterr().err
    assert main(["event", "teams-show", str(cup)]) == 0
    assert "9-0" in capsys.readouterr().out  # 6 IMPs on board 1, 3 for average plus


def test_event_weighted_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = tmp_path / "w.json"
    assert main(["event", "create", str(club), "--tables", "3"]) == 0
    assert main(["event", "enter", str(club), "--board", "1", "--ns", "2", "--score", "420"]) == 0
    assert main(["event", "enter", str(club), "--board", "1", "--ns", "3", "--score", "-50"]) == 0
    # Law 12C1(c): 30% of 4S making (+420), 70% of 4S one down (-50)
    assert (
        main(
            [
                "event",
                "enter",
                str(club),
                "--board",
                "1",
                "--ns",
                "1",
                "--weighted",
                "30:420,70:-50",
            ]
        )
        == 0
    )
    assert "weighted: 30% of 420 + 70% of -50" in capsys.readouterr().out
    assert main(["event", "show", str(club), "--travellers"]) == 0
    out = capsys.readouterr().out
    # against 420: 30% of a tie (0.3); against -50: 30% of a win and 70% of a tie (1.3)
    row = next(line for line in out.splitlines() if "weighted" in line or " 1.6 " in line)
    assert " 1.6 " in row and "40.00" in row
    assert (
        main(
            [
                "event",
                "enter",
                str(club),
                "--board",
                "2",
                "--ns",
                "1",
                "--weighted",
                "30:420,60:-50",
            ]
        )
        == 2
    )
    assert "add up to 90%, not 100%" in capsys.readouterr().err


def test_imps_russian_chicago(capsys: pytest.CaptureFixture[str]) -> None:
    # text 004: 4S made with 18 HCP against the opponents' target of 70: plus 10 IMPs
    assert main(["imps", "420", "--russian", "18"]) == 0
    assert capsys.readouterr().out == "10\n"
    assert main(["imps", "0", "--russian", "41"]) == 2


def test_event_options_are_stored(tmp_path: Path) -> None:
    club = tmp_path / "o.json"
    assert (
        main(
            [
                "event",
                "create",
                str(club),
                "--tables",
                "4",
                "--scoring",
                "IMP-BUTLER",
                "--butler-drop",
                "2",
                "--butler-round",
                "1",
                "--no-neuberg",
            ]
        )
        == 0
    )
    data = json.loads(club.read_text(encoding="utf-8"))
    assert data["scoring"] == "IMP-BUTLER"
    assert data["options"] == {
        "factoring": "none",
        "butler_drop": 2,
        "butler_rounding": 1,
        "cross_divisor": "comparisons",
    }


def test_event_deals_check_the_opening_lead(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "d.json"
    assert main(["event", "create", str(club), "--tables", "3"]) == 0
    # the Hazlemere file is a set of hand records (deals, no results)
    assert (
        main(["event", "deals", str(club), str(CORPUS / "pbn" / "hazlemere_trophy_bridgenz.pbn")])
        == 0
    )
    assert "deals of 6 boards" in capsys.readouterr().out
    # board 1: N:AJ7.KT73.2.K9872 ...; 3NT by South, West leads: West holds no SA
    assert (
        main(
            [
                "event",
                "enter",
                str(club),
                "--board",
                "1",
                "--ns",
                "1",
                "--contract",
                "3NT",
                "--by",
                "S",
                "--tricks",
                "9",
                "--lead",
                "SA",
            ]
        )
        == 2
    )
    assert "West (on lead) does not hold SA" in capsys.readouterr().err
    assert (
        main(
            [
                "event",
                "enter",
                str(club),
                "--board",
                "1",
                "--ns",
                "1",
                "--contract",
                "3NT",
                "--by",
                "S",
                "--tricks",
                "9",
                "--lead",
                "ST",
            ]
        )
        == 0
    )


def test_event_import_of_the_ruter_file_with_its_own_movement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from contractbridge.tournament.files import movement_from_results, read_records
    from contractbridge.tournament.files import results_from_records as imported_from

    movement = movement_from_results(imported_from(read_records(RUTER)))
    movement_file = tmp_path / "ruter-movement.json"
    movement_file.write_text(json.dumps(movement.to_dict()), encoding="utf-8")
    club = tmp_path / "ruter.json"
    assert (
        main(
            [
                "event",
                "create",
                str(club),
                "--movement",
                str(movement_file),
                "--scoring",
                "IMP-BUTLER",
            ]
        )
        == 0
    )
    assert main(["event", "import", str(club), str(RUTER)]) == 0
    assert "168 results entered" in capsys.readouterr().out
    assert main(["event", "check", str(club)]) == 0
    assert "every result is in" in capsys.readouterr().out
    assert main(["event", "show", str(club)]) == 0
    first = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("│"))
    cells = [c.strip() for c in first.split("│")[1:-1]]
    assert (cells[0], cells[1], cells[4]) == ("1", "3", "50")  # pair 3 first, +50, as published


def test_results_teams_match_and_standings_use_the_same_vp_scale(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Turkey v Switzerland has 10 boards, one missing a room: 7-20 is 5.72-14.28 on the
    # 10-board scale (14.46 on 9), in the match line and in the standings alike
    assert main(["results", str(CORPUS / "pbn" / "realbridge_299_dd.pbn")]) == 0
    out = capsys.readouterr().out
    match_line = next(line for line in out.splitlines() if "TURKEY" in line and "7-20" in line)
    assert "9 of 10" in match_line and "5.72-14.28" in match_line
    standing = next(
        line
        for line in out.splitlines()
        if "SWITZERLAND" in line and "IMPs" not in line and "TURKEY" not in line
    )
    assert "14.28" in standing


@pytest.mark.slow
def test_results_of_a_knockout_file_with_both_tables_under_one_home_team(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["results", str(CORPUS / "pbn" / "wc2012_3816_inherit.pbn")]) == 0
    out = capsys.readouterr().out
    assert any("Poland" in line and "Sweden" in line and "128" in line for line in out.splitlines())


def test_two_winner_pbn_total_score_table_tells_the_fields_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "wb.pbn"
    wb = CORPUS / "pbn" / "wb120802_mp_pairs.pbn"
    assert main(["results", str(wb), "--two-winners", "--pbn", str(out)]) == 0
    capsys.readouterr()
    table = pbn.loads(out.read_text())[0].tables["TotalScoreTable"]
    rows = table.records()
    winners = [r for r in rows if r["Rank"] == "1"]
    # one winner per field: without a Direction column the two "1" rows were ambiguous
    assert sorted(r["Direction"] for r in winners) == ["E-W", "N-S"]
    assert {r["Direction"] for r in rows} == {"N-S", "E-W"}


def test_html_board_with_hand_record_has_one_heading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "r.html"
    game = CORPUS / "pbn" / "schiphol_1995_auction_play.pbn"
    assert main(["results", str(game), "--hand-records", "--html", str(page)]) == 0
    capsys.readouterr()
    assert page.read_text().count("<h2>Board 1</h2>") == 1


def test_results_of_a_teams_file_writes_html_and_refuses_pairs_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    vugraph = CORPUS / "lin" / "vugraph_schapiro_2007_final.lin"
    page, out = tmp_path / "t.html", tmp_path / "t.pbn"
    # these options were silently ignored: no page, no file, no travellers
    assert main(["results", str(vugraph), "--pbn", str(out), "--travellers"]) == 2
    assert "--travellers, --pbn belong to pairs events" in capsys.readouterr().err
    assert not out.exists()
    assert main(["results", str(vugraph), "--html", str(page)]) == 0
    capsys.readouterr()
    text = page.read_text()
    assert "Liggins" in text and "Standings" in text and "22-16" in text


def test_results_reads_json_and_skips_bad_games_when_lenient(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "ruter.json"
    assert main(["convert", str(RUTER), str(games)]) == 0
    assert main(["results", str(RUTER)]) == 0
    from_pbn = capsys.readouterr().out
    # a .json file was read as PBN ("cannot read '}},'")
    assert main(["results", str(games)]) == 0
    assert capsys.readouterr().out == from_pbn
    damaged = tmp_path / "damaged.pbn"
    damaged.write_text(
        RUTER.read_text(encoding="utf-8").replace('[Deal "N:', '[Deal "X:', 1), encoding="utf-8"
    )
    assert main(["results", str(damaged)]) == 2
    assert main(["results", str(damaged), "--lenient"]) == 1
    err = capsys.readouterr().err
    assert err.count("skipped a game") == 1 and "'X' is not a seat" in err
