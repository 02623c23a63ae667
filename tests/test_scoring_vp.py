"""Victory-point scales: the WBF 2013 continuous 20-VP scale (two decimals, kept concave),
the WBF integer scale drawn from it, and a club's scale of IMP bands read from a file."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from contractbridge.cli import main
from contractbridge.scoring.imps import ScoringError
from contractbridge.scoring.vp import (
    WBF,
    WBF_INTEGER,
    BandScale,
    blitz,
    exact_victory_points,
    integer_bands,
    integer_victory_points,
    match_victory_points,
    parse_scale,
    scale_from_json,
    scale_named,
    victory_points,
    vp_table,
)


def test_wbf_16_board_scale_published_values() -> None:
    assert [victory_points(i, 16) for i in (1, 2, 3, 10, 60)] == [10.31, 10.61, 10.91, 12.8, 20.0]


@pytest.mark.parametrize(
    ("boards", "expected"),
    [
        (8, [10.44, 10.86, 11.27, 11.67, 12.05]),
        (12, [10.36, 10.71, 11.05, 11.38, 11.70]),
        (24, [10.25, 10.50, 10.75, 10.99, 11.23]),
        (32, [10.22, 10.44, 10.65, 10.86, 11.07]),
    ],
)
def test_wbf_scale_first_five_imps(boards: int, expected: list[float]) -> None:
    assert [victory_points(i, boards) for i in range(1, 6)] == expected


def test_blitz_is_fifteen_root_boards() -> None:
    assert blitz(16) == 60
    assert victory_points(59, 16) < 20 <= victory_points(60, 16)
    assert victory_points(43, 8) == 20 > victory_points(42, 8)


def test_scale_is_monotonic_and_concave_after_rounding() -> None:
    for boards in range(1, 65):
        table = vp_table(boards)
        steps = [round(b - a, 2) for a, b in itertools.pairwise(table)]
        assert all(s >= 0 for s in steps)
        assert all(later <= earlier for earlier, later in itertools.pairwise(steps))
        assert all(abs(v - exact_victory_points(i, boards)) < 0.03 for i, v in enumerate(table))


def test_loser_gets_the_rest_of_twenty() -> None:
    assert victory_points(-10, 16) == 7.2
    assert match_victory_points(30, 40, 16) == (7.2, 12.8)
    assert sum(match_victory_points(17, 3, 12)) == 20


def test_a_match_without_boards_is_refused() -> None:
    with pytest.raises(ScoringError, match="at least one board"):
        victory_points(3, 0)


def test_text004_fifteen_imps_over_24_boards_win_13_to_7() -> None:
    """Text 004 ("Teams of four"): "if we were still 15 IMPs ahead having played 24 boards
    ... we would score 13 victory points and our opponents would score 7". The text's table
    was lost from the copy; a 20-VP scale for 24 boards that gives 13-7 for 15 IMPs is the
    WBF integer scale. By hand: blitz 15 * sqrt(24) = 73.48; the curve reaches 12.5 VPs at
    73.48 * ln(1 - 0.7639 * 0.25) / ln(0.2361) = 10.79 IMPs and 13.5 at 15.84, so 11 to 15
    IMPs score 13 (the continuous scale gives 13.34, which also rounds to 13)."""
    assert WBF_INTEGER.match(15, 0, 24) == (13, 7)
    assert WBF_INTEGER.match(115, 100, 24) == (13, 7)  # the margin counts, not the totals
    assert WBF.match(15, 0, 24) == (13.34, 6.66)
    assert round(exact_victory_points(15, 24), 2) == 13.34


def test_wbf_integer_bands_widen_never_narrow() -> None:
    # 24 boards by hand from the half-VP crossings 1.98, 6.20, 10.79, 15.84, 21.44, 27.74,
    # 34.93, 43.31, 53.34, 65.85: the 11 band (2-6, five wide) is wider than the next (7-10,
    # four), so 6 moves up to the 12 band: 2-5 and 6-10
    assert integer_bands(24) == (1, 5, 10, 15, 21, 27, 34, 43, 53, 65)
    # 8 boards: the crossings give 10-10 for -1..1 (three wide) and 11 for 2-3 (two): the
    # draw band narrows to 0 alone
    assert integer_bands(8) == (0, 3, 6, 9, 12, 16, 20, 25, 30, 38)
    for boards in range(1, 65):
        tops = integer_bands(boards)
        widths = [2 * tops[0] + 1] + [b - a for a, b in itertools.pairwise(tops)]
        assert all(later >= earlier for earlier, later in itertools.pairwise(widths)), boards
        # never more than half a VP (plus the widening) from the continuous curve
        for margin in range(tops[-1] + 2):
            exact = exact_victory_points(margin, boards)
            assert abs(integer_victory_points(margin, boards) - exact) < 1.5, (boards, margin)


def test_wbf_integer_loser_gets_the_rest_and_the_blitz_is_20_0() -> None:
    assert integer_victory_points(-15, 24) == 7
    assert integer_victory_points(65, 24) == 19 and integer_victory_points(66, 24) == 20
    assert integer_victory_points(-200, 24) == 0
    rows = WBF_INTEGER.rows(24)
    assert rows[0] == ("0-1", 10, 10) and rows[3] == ("11-15", 13, 7) and rows[-1] == ("66+", 20, 0)


CLUB_CSV = """IMPs,winners,losers
# a club's 24-board table
0-2,10,10
3-6,11,9
7-10,12,8
11-15,13,7
16-20,14,6
21+,15,5
"""


def test_a_club_scale_from_csv_and_json() -> None:
    scale = parse_scale(CLUB_CSV, "club")
    assert scale.match(15, 0, 24) == (13, 7) and scale.match(0, 16, 24) == (6, 14)
    assert scale.match(2, 0, 24) == (10, 10) and scale.match(99, 0, 8) == (15, 5)
    same = parse_scale(json.dumps(scale.to_json()), "copy", kind="json")
    assert same == scale  # an event file keeps the bands and reads them back
    as_objects = {"name": "club", "bands": [{"imps": "0-2", "vp": [10, 10]},
                                            {"imps": "3+", "vp": [12, 8]}]}  # fmt: skip
    assert scale_from_json(as_objects).match(0, 3, 8) == (8, 12)
    assert scale_from_json("wbf-integer") is WBF_INTEGER and scale_named("WBF") is WBF


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0-2,10,10\n4-6,11,9\n", "should start at 3 IMPs"),
        ("0-2,10,10\n3-6,9,11\n", "winners of 3-6 IMPs score less"),
        ("0-2,11,9\n", "a drawn match"),
        ("0-2,10,10\n3-6,12,8\n7+,11,9\n", "cannot score the winners less"),
        ("0-2,10,10\n3+,12,8\n7+,13,7\n", "only the last band is open"),
        ("0-2,10\n", "should read IMPs,winners,losers"),
        ("0-two,10,10\n", "not a band of IMPs"),
        ("0-2,ten,10\n", "not a number of VPs"),
        ("", "has no bands"),
    ],
)
def test_a_bad_scale_file_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(ScoringError, match=words):
        parse_scale(text, "club")


def test_an_unknown_scale_name_lists_the_choices() -> None:
    with pytest.raises(ScoringError, match="wbf or wbf-integer"):
        scale_named("acbl")
    assert isinstance(scale_from_json({"bands": [[0, None, 10, 10]]}), BandScale)


def test_cli_vp_on_each_scale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vp", "--imps", "15", "--boards", "24", "--scale", "wbf-integer"]) == 0
    assert capsys.readouterr().out == "13\n"
    assert main(["vp", "--imps", "-15", "--boards", "24"]) == 0
    assert capsys.readouterr().out == "6.66\n"
    club = tmp_path / "club.csv"
    club.write_text(CLUB_CSV)
    assert main(["vp", "--imps", "-8", "--boards", "24", "--scale", str(club)]) == 0
    assert capsys.readouterr().out == "8\n"
    assert main(["vp", "--boards", "24", "--scale", "wbf-integer", "--table"]) == 0
    assert "  11-15     13      7" in capsys.readouterr().out.splitlines()
    assert main(["vp", "--imps", "3", "--boards", "24", "--scale", "acbl"]) == 2
    assert "not a VP scale" in capsys.readouterr().err


def test_a_teams_event_on_a_scale_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The event chooses its scale once; the file keeps it (a club's bands in full)."""
    club = tmp_path / "club.json"
    club.write_text(json.dumps(parse_scale(CLUB_CSV, "club").to_json()))
    for scale, expected in (("wbf-integer", "13-7"), (str(club), "13-7"), ("wbf", "13.34-6.66")):
        path = tmp_path / "cup.json"
        assert main(["event", "teams-create", str(path), "--teams", "A", "B", "--boards", "24",
                     "--vp-scale", scale, "--force"]) == 0  # fmt: skip
        for room, score in (("open", 1100), ("closed", 0)):  # 1100: 15 IMPs
            assert main(["event", "teams-enter", str(path), "--team", "A", "--board", "1",
                         "--room", room, "--score", str(score)]) == 0  # fmt: skip
        capsys.readouterr()
        assert main(["event", "teams-show", str(path)]) == 0
        assert expected in capsys.readouterr().out, scale
    saved = json.loads(path.read_text())
    assert saved["vp_scale"] == "wbf"
    assert main(["event", "teams-create", str(tmp_path / "x.json"), "--teams", "A", "B",
                 "--boards", "8", "--vp-scale", str(tmp_path / "none.csv")]) == 2  # fmt: skip
    assert "cannot read the VP scale" in capsys.readouterr().err
