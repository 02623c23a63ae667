"""``contractbridge director``: rulings from arguments, files and a pipe; bad input exits 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from contractbridge.cli import main
from contractbridge.core import Seat, Vulnerability
from contractbridge.formats import GameRecord, pbn
from test_irregularities import _find, _won_revoke_trick_and_another

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exit_info:
        return int(exit_info.code or 0)


@pytest.fixture
def revoke_pbn(tmp_path: Path) -> Path:
    deal, contract, cards = _find(_won_revoke_trick_and_another, 3, ruff=True)
    record = GameRecord(
        board=5,
        dealer=Seat.N,
        vulnerability=Vulnerability.NONE,
        deal=deal,
        contract=contract,
        play=cards,
    )
    path = tmp_path / "revoke.pbn"
    path.write_text(pbn.dumps([record]))
    return path


def test_director_insufficient_bid_prints_options_with_law_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _run(["director", "insufficient-bid", "--auction", "1NT", "--call", "1H"]) == 0
    out = capsys.readouterr().out
    assert "Law 27A1" in out and "Law 27B1(a)" in out and "2H" in out and "Law 27B2" in out


def test_director_choose_applies_the_option_and_shows_the_auction_after(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["director", "insufficient-bid", "--auction", "1NT", "--call", "1H"]
    assert _run([*argv, "--choose", "other", "--correction", "3NT"]) == 0
    out = capsys.readouterr().out
    assert "Auction now: 1NT 3NT" in out and "West must pass throughout" in out


def test_director_opening_lead_out_of_turn_become_dummy(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["director", "opening-lead", "--deal", DEAL, "--contract", "4S S"]
    assert _run([*argv, "--seat", "E", "--card", "CK", "--choose", "become-dummy"]) == 0
    assert "Declarer North, dummy South" in capsys.readouterr().out


def test_director_revoke_from_a_pbn_file_computes_the_transfer(
    revoke_pbn: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(["director", "revoke", "--file", str(revoke_pbn), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["kind"] == "revoke" and ruling["offender"] == "W" and ruling["transfer"] == 2
    assert any("64A1" in line for line in ruling["follows"])
    assert any("won by West" in line for line in ruling["follows"])


def test_director_revoke_trick_won_by_north_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    # North is seat 0: the facts must still name him as the revoke trick's winner
    argv = ["director", "revoke", "--deal", "N:A.AK.. K.QJ.. Q.T9.. J.2.A.", "--contract"]
    assert _run([*argv, "1NT S", "--play", "SJ SA SK SQ HA HQ HT DA HK HJ H9 H2"]) == 0
    out = capsys.readouterr().out
    assert "won by North" in out and "64B1" in out


def test_director_reads_answers_through_a_pipe(
    revoke_pbn: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(f"revoke\n{revoke_pbn}\n5\n"))
    assert _run(["director"]) == 0
    captured = capsys.readouterr()
    assert "Law 64A1" in captured.out and captured.err == ""


def test_director_pipe_ending_early_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nN\n"))
    assert _run(["director"]) == 2
    assert "input ended" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["insufficient-bid", "--auction", "1H", "--call", "1S"], "not an insufficient bid"),
        (["insufficient-bid", "--auction", "1H", "--call", "1Z"], "is not a call"),
        (["opening-lead", "--contract", "4S S", "--seat", "E", "--card", "CK"], "give the deal"),
        (
            ["opening-lead", "--deal", DEAL, "--contract", "4S", "--seat", "E", "--card", "CK"],
            "needs its declarer",
        ),
        (["revoke", "--deal", DEAL, "--contract", "4S S", "--play", "HA H8 H7 H4"], "no revoke"),
        (["revoke", "--file", "/nonexistent.pbn"], "No such file"),
        (["out-of-rotation", "--auction", "1H", "--seat", "E", "--call", "1S"], "in rotation"),
        (
            ["insufficient-bid", "--auction", "1NT", "--call", "1H", "--choose", "maybe"],
            "not an option",
        ),
    ],
)
def test_director_bad_input_prints_one_message_and_exits_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(["director", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_director_card_exposed_during_the_auction(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["director", "auction-exposed", "--auction", "1H", "--seat", "E", "--card", "SK"]
    assert _run(argv) == 0
    assert "Law 24B" in capsys.readouterr().out
