"""``contractbridge convert IN OUT``: the format follows the extension; bad input exits 2."""

from __future__ import annotations

import re
from pathlib import Path
from typing import BinaryIO

import pytest

from contractbridge.cli import main
from contractbridge.formats import dump_file, format_module, json, lin, load_file, pbn
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT
VUGRAPH = CORPUS / "lin" / "vugraph_schapiro_2007_final.lin"
BEN = CORPUS / "pbn" / "bbo_helper_ben_daily_2024-06-03.pbn"


def test_format_follows_the_extension() -> None:
    assert format_module("a.PBN") is pbn
    assert format_module("b.lin") is lin
    assert format_module("c.json") is json
    assert format_module("d.txt", "json") is json


def test_lin_to_pbn_to_json_keeps_the_vugraph_match(tmp_path: Path) -> None:
    assert main(["convert", str(VUGRAPH), str(tmp_path / "match.pbn")]) == 0
    assert main(["convert", str(tmp_path / "match.pbn"), str(tmp_path / "match.json")]) == 0
    original = load_file(VUGRAPH)
    converted = load_file(tmp_path / "match.json")
    assert len(converted) == 16
    for before, after in zip(original, converted, strict=True):
        assert (after.deal, after.auction, after.play, after.result, after.room) == (
            before.deal,
            before.auction,
            before.play,
            before.result,
            before.room,
        )
    assert (tmp_path / "match.pbn").read_bytes().startswith(b"% PBN 2.1\r\n% EXPORT\r\n")


def test_pbn_to_lin_writes_one_board_per_game(tmp_path: Path) -> None:
    assert main(["convert", str(BEN), str(tmp_path / "ben.lin")]) == 0
    assert len((tmp_path / "ben.lin").read_text().splitlines()) == 8


def test_standard_output_with_an_explicit_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(BEN), "-", "--to", "json"]) == 0
    assert '"format": "contractbridge/games"' in capsys.readouterr().out


def test_malformed_input_exits_2_with_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S 1C\n')
    assert main(["convert", str(bad), str(tmp_path / "out.lin")]) == 2
    err = capsys.readouterr().err
    assert "bad.pbn, line 4" in err and "1C does not outrank 1S" in err
    assert not (tmp_path / "out.lin").exists()


def test_unknown_extension_and_missing_file_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["convert", str(BEN), str(tmp_path / "out.txt")]) == 2
    assert "cannot tell the format" in capsys.readouterr().err
    assert main(["convert", str(tmp_path / "none.pbn"), str(tmp_path / "out.lin")]) == 2
    assert "No such file" in capsys.readouterr().err


def test_lenient_conversion_writes_the_good_games_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "mixed.pbn"
    source.write_text('[Board "1"]\n\n[Board "x"]\n\n[Board "3"]\n')
    assert main(["convert", str(source), str(tmp_path / "out.json"), "--lenient"]) == 1
    assert "skipped a game" in capsys.readouterr().err
    assert [g.board for g in load_file(tmp_path / "out.json")] == [1, 3]


def test_dump_file_and_load_file_agree(tmp_path: Path) -> None:
    games = load_file(BEN)
    for name in ("x.pbn", "x.lin", "x.json"):
        dump_file(games, tmp_path / name)
        again = load_file(tmp_path / name)
        assert [g.play for g in again] == [g.play for g in games]


def test_a_failed_write_leaves_no_half_written_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from contractbridge.formats import FormatError

    def failing_dump(records: object, fp: BinaryIO) -> None:
        fp.write(b"% PBN 2.1\r\n[Event ")
        raise FormatError("cannot write this game")

    monkeypatch.setattr(pbn, "dump", failing_dump)
    out = tmp_path / "out.pbn"
    assert main(["convert", str(CORPUS / "lin" / "bbo_1047742261.lin"), str(out)]) == 2
    assert "cannot write this game" in capsys.readouterr().err
    assert not out.exists()


def test_converting_to_lin_says_what_lin_cannot_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a traveller file: contracts and results, no auctions; LIN has no contract tag
    travellers = CORPUS / "pbn" / "wb120802_mp_pairs.pbn"
    text = travellers.read_text(encoding="latin-1")
    contracts = re.findall(r'^\[Contract "([^"]*)"\]', text, flags=re.MULTILINE)
    played = [c for c in contracts if c not in ("", "?") and c.lower() != "pass"]
    assert "[Auction" not in text
    assert main(["convert", str(travellers), str(tmp_path / "t.lin")]) == 0
    err = capsys.readouterr().err
    assert f"the contract of {len(played)} games recorded without an auction" in err
    ruter = CORPUS / "pbn" / "ruter71_butler_imp.pbn"
    assert main(["convert", str(ruter), str(tmp_path / "r.lin")]) == 0
    assert "the tables ScoreTable, TotalScoreTable" in capsys.readouterr().err
    # a LIN file loses nothing to LIN
    assert main(["convert", str(VUGRAPH), str(tmp_path / "v.lin")]) == 0
    assert "note" not in capsys.readouterr().err
