"""Command-line behaviour a user meets: bad arguments and bad files give one line on stderr
and exit status 2; output files follow their extension."""

from __future__ import annotations

from pathlib import Path

import pytest

from contractbridge.cli import main
from contractbridge.formats import json as json_format
from contractbridge.formats import lin
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT
RUTER = CORPUS / "pbn" / "ruter71_butler_imp.pbn"
BBO_LIN = CORPUS / "lin" / "bbo_1047742261.lin"


def _exit_code(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exit_info:  # argparse errors
        return int(exit_info.code or 0)


def test_unknown_scoring_method_is_named_not_invalid_parse_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _exit_code(["results", str(RUTER), "--scoring", "swiss-cheese"]) == 2
    err = capsys.readouterr().err
    assert "'swiss-cheese' is not a scoring method" in err and "parse" not in err


def test_event_create_unknown_scoring_method_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["event", "create", str(tmp_path / "e.json"), "--movement", "howell"]
    assert _exit_code([*argv, "--tables", "3", "--scoring", "XX"]) == 2
    assert "'XX' is not a scoring method" in capsys.readouterr().err


def test_imps_refuses_options_it_would_ignore(capsys: pytest.CaptureFixture[str]) -> None:
    # 420 against -50 with --russian: the -50 was silently dropped
    assert main(["imps", "420", "-50", "--russian", "18"]) == 2
    assert "--russian" in capsys.readouterr().err
    # --vulnerable without --russian changes nothing in plain IMPs
    assert main(["imps", "420", "--vulnerable", "NS"]) == 2
    assert "--vulnerable goes with --russian" in capsys.readouterr().err
    assert main(["imps", "420", "--russian", "18", "--vulnerable", "EW"]) == 0
    assert capsys.readouterr().out == "10\n"


def test_convert_standard_input_without_from_says_to_give_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["convert", "-", str(tmp_path / "x.pbn")]) == 2
    assert "give --from" in capsys.readouterr().err
    assert main(["convert", str(BBO_LIN), "-"]) == 2
    assert "give --to" in capsys.readouterr().err


def test_analyze_checks_the_output_name_before_solving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import contractbridge.cli.analyze as analyze

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved the deals before checking the output file name")

    monkeypatch.setattr(analyze, "_analyze_with_progress", no_solving)
    assert main(["analyze", str(RUTER), "-o", str(tmp_path / "x.txt")]) == 2
    assert "cannot tell the format" in capsys.readouterr().err
    # LIN has no tags for DoubleDummyTricks, OptimumScore ...: refused, not silently dropped
    assert main(["analyze", str(RUTER), "-o", str(tmp_path / "x.lin")]) == 2
    assert "LIN cannot hold the analysis" in capsys.readouterr().err
    assert not (tmp_path / "x.lin").exists()


def test_deal_output_follows_the_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deal", "-n", "2", "--seed", "5", "--format", "line"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    out = tmp_path / "d.lin"
    assert main(["deal", "-n", "2", "--seed", "5", "-o", str(out)]) == 0
    assert capsys.readouterr().err == f"2 deals written to {out}\n"
    games = lin.loads(out.read_text())
    assert [g.deal.to_pbn() for g in games if g.deal] == lines
    assert [g.board for g in games] == [1, 2]
    out = tmp_path / "d.json"
    assert main(["deal", "-n", "1", "--seed", "5", "-o", str(out)]) == 0
    assert capsys.readouterr().err == f"1 deal written to {out}\n"
    assert [g.deal.to_pbn() for g in json_format.loads(out.read_text()) if g.deal] == lines[:1]


def test_deal_text_formats_write_to_the_output_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deal", "-n", "3", "--seed", "9", "--format", "number"]) == 0
    printed = capsys.readouterr().out
    out = tmp_path / "numbers.txt"
    assert main(["deal", "-n", "3", "--seed", "9", "--format", "number", "-o", str(out)]) == 0
    assert capsys.readouterr().out == ""
    assert out.read_text() == printed
    assert main(["deal", "-n", "1", "-o", str(tmp_path / "d.txt")]) == 2
    assert "cannot tell the format" in capsys.readouterr().err


def _mitchell(path: Path, tables: int, *options: str) -> int:
    """``event create`` of a Mitchell event with ``tables`` tables at ``path``."""
    argv = ["event", "create", str(path), "--movement", "mitchell", "--tables", str(tables)]
    return main([*argv, *options])


def test_event_create_names_the_tables_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.json"
    assert _mitchell(path, 5, "--boards-per-round", "3") == 0
    out = capsys.readouterr().out
    assert out.count("5 tables") == 1 and "5 rounds" in out


def test_weighted_shares_not_adding_to_100_are_named_in_percent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.json"
    assert _mitchell(path, 5, "--boards-per-round", "3") == 0
    capsys.readouterr()
    enter = ["event", "enter", str(path), "--board", "1", "--ns", "1"]
    assert main([*enter, "--weighted", "30:420,60:-50"]) == 2
    assert capsys.readouterr().err == (
        "contractbridge: the shares of '30:420,60:-50' add up to 90%, not 100%\n"
    )


def test_a_matchpoint_event_without_results_shows_matchpoint_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.json"
    assert _mitchell(path, 3, "--boards-per-round", "2", "--scoring", "MP") == 0
    capsys.readouterr()
    assert main(["event", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Top" in out and "IMPs" not in out


def test_an_imp_score_card_has_no_empty_percentage_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["results", str(RUTER), "--card", "3"]) == 0
    out = capsys.readouterr().out
    card = out[out.index("Pair 3") :]
    header = next(line for line in card.splitlines() if "Round" in line)
    assert "Points" in header and "%" not in header


def test_teams_create_refuses_a_match_without_boards_and_an_impossible_bye(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cup.json"
    argv = ["event", "teams-create", str(path), "--teams", "A", "B", "C"]
    assert main([*argv, "--boards", "0"]) == 2  # was an IndexError traceback, exit 1
    assert "at least one board, not 0" in capsys.readouterr().err
    assert main([*argv, "--boards", "4", "--bye-vp", "25"]) == 2
    assert "a bye scores 0 to 20 VPs, not 25" in capsys.readouterr().err
    assert not path.exists()


def test_teams_rounds_name_the_team_with_the_bye(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cup.json"
    assert (
        main(["event", "teams-create", str(path), "--teams", "A", "B", "C", "--boards", "4"]) == 0
    )
    lines = capsys.readouterr().out.splitlines()
    # three teams, three rounds: each team sits out once, and is named
    assert len(lines) == 3
    assert sorted(line.rsplit("bye: ", 1)[1] for line in lines) == ["A", "B", "C"]
    swiss = tmp_path / "swiss.json"
    argv = ["event", "teams-create", str(swiss), "--teams", "A", "B", "C", "--boards", "4"]
    assert main([*argv, "--swiss"]) == 0
    assert capsys.readouterr().out.endswith("; bye: C\n")


@pytest.mark.parametrize("text", ["[1, 2]", '"x"', '{"format": "contractbridge-event/1"}'])
def test_a_damaged_event_file_is_a_message_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    path = tmp_path / "club.json"
    path.write_text(text)
    assert main(["event", "show", str(path)]) == 2
    assert main(["event", "teams-show", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("contractbridge: ") for line in err)


def test_event_create_checks_the_butler_options_and_the_movement_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.json"
    # a bad option used to be stored, and every later "event show" failed on it
    assert _mitchell(path, 5, "--butler-drop", "-1") == 2
    assert "drops 0 or more scores, not -1" in capsys.readouterr().err
    assert _mitchell(path, 5, "--butler-round", "0") == 2
    assert "rounded to 1 point or more, not 0" in capsys.readouterr().err
    assert not path.exists()
    assert main(["event", "create", str(path), "--movement", "swiss", "--tables", "4"]) == 2
    assert "use mitchell, howell or a movement file" in capsys.readouterr().err
    assert main(["event", "create", str(path), "--movement", "mitchell", "--tables", "0"]) == 2
    assert "needs --tables" not in capsys.readouterr().err
    assert main(["event", "create", str(path), "--movement", "howell", "--tables", "1"]) == 0
    assert "Howell 1 table, 1 round," in capsys.readouterr().out


def test_a_bad_seat_says_which_seats_there_are(capsys: pytest.CaptureFixture[str]) -> None:
    assert _exit_code(["play", "--seat", "X"]) == 2
    err = capsys.readouterr().err
    assert "'X' is not a seat (use N, E, S or W)" in err and "invalid" not in err


def test_event_deals_checks_what_it_attaches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "club.json"
    assert main(["event", "create", str(club), "--tables", "3"]) == 0
    # a 3-table Howell plays boards 1-10 (or so); the vugraph match is boards 33-40
    vugraph = CORPUS / "lin" / "vugraph_schapiro_2007_final.lin"
    assert main(["event", "deals", str(club), str(vugraph)]) == 2
    assert "no deal for a board of this event (boards 33-40)" in capsys.readouterr().err
    # two different deals for board 1 in one file
    deals = (
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        "N:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876",
    )
    two = tmp_path / "two.pbn"
    two.write_text("".join(f'[Board "1"]\n[Deal "{d}"]\n\n' for d in deals))
    assert main(["event", "deals", str(club), str(two)]) == 2
    assert "board 1: " in capsys.readouterr().err
    # a lead entered before the deals: Hazlemere board 1 gives West no SA
    enter = ["event", "enter", str(club), "--board", "1", "--ns", "1", "--contract", "3NT"]
    assert main([*enter, "--by", "S", "--tricks", "9", "--lead", "SA"]) == 0
    capsys.readouterr()
    hazlemere = CORPUS / "pbn" / "hazlemere_trophy_bridgenz.pbn"
    assert main(["event", "deals", str(club), str(hazlemere)]) == 0
    err = capsys.readouterr().err
    assert "warning: board 1" in err and "led SA" in err and "not West" in err
