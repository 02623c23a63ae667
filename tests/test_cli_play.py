"""``contractbridge play`` driven through a pipe, as a person would type."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from contractbridge.cli import main
from contractbridge.core import SEATS, Seat
from contractbridge.game import Table
from contractbridge.robots import robot_player
from gametable import typed_by


def robot_inputs(seat: Seat, seed: int, boards: int = 1, robots: str = "basic") -> list[str]:
    """What a robot in ``seat`` would type: the robots at the CLI play the same."""
    players = {s: robot_player(robots) for s in SEATS}
    table = Table(players, form="duplicate", boards=boards, seed=seed)
    table.run()
    return typed_by(table, seat)


def run_cli(
    args: list[str], lines: list[str], monkeypatch: pytest.MonkeyPatch, robots: str = "basic"
) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    return main(["play", "--robots", robots, *args])


def test_a_whole_deal_is_played_through_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = robot_inputs(Seat.S, seed=3)
    assert run_cli(["--seed", "3", "--duplicate", "1"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Deal 1 (board 1)" in out
    assert "Trick 13 to" in out or "Passed out" in out
    assert "Final score" in out
    assert "Not possible" not in out


def test_illegal_input_gets_a_clear_message_and_another_try(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = robot_inputs(Seat.S, seed=3)
    lines = ["banana", "SA", "claim 3", *lines[:1], "7x", *lines[1:]]
    assert run_cli(["--seed", "3", "--duplicate", "1"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "'banana' is neither a call" in out
    assert "the auction is not over yet" in out
    assert "Final score" in out


def test_undo_takes_back_your_call_and_the_robots_after_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = robot_inputs(Seat.S, seed=3)
    lines = [lines[0], "undo", *lines]
    assert run_cli(["--seed", "3", "--duplicate", "1"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "You took back the last action(s)." in out
    assert "Final score" in out


def test_the_game_ends_cleanly_at_the_end_of_the_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(["--seed", "5", "--rubber", "--seat", "w"], ["p"], monkeypatch) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("End of input: leaving the table.")


def test_quit_leaves_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(["--chicago", "--seed", "1"], ["help", "score", "quit", "p"], monkeypatch) == 0
    out = capsys.readouterr().out
    assert "claim N" in out and out.rstrip().endswith("Goodbye.")


def test_a_bad_seat_option_exits_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--seat", "Q"])
    assert exit_.value.code == 2
    assert "'Q' is not a seat (use N, E, S or W)" in capsys.readouterr().err


def test_the_command_works_in_a_real_pipe() -> None:
    lines = robot_inputs(Seat.N, seed=7)
    text = "".join(line + "\n" for line in lines)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "contractbridge",
            "play",
            "--seed",
            "7",
            "--duplicate",
            "1",
            "--seat",
            "N",
            "--robots",
            "basic",
        ],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Final score" in result.stdout
    assert "\x1b[" not in result.stdout  # no terminal codes in a pipe


def test_declarer_names_dummys_cards_and_may_claim(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = robot_inputs(Seat.S, seed=5)  # the robots' auction leaves South in 2NT
    calls = [line for line in lines if line[0].isdigit() or line == "pass"]
    cards = lines[len(calls) :]
    lines = [*calls, "claim 9", *cards]
    assert run_cli(["--seed", "5", "--duplicate", "1"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Contract: 2NT by South; West leads." in out
    assert "Dummy (North):" in out and "Card from dummy (North)> " in out
    assert "You claim 9 of the 13 remaining tricks." in out
    assert "accepts the claim" in out or "rejects the claim: play on." in out
    assert "Final score" in out


def test_leaving_a_rubber_midway_scores_it_as_an_unfinished_rubber(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 3: the robots play 2S by East; South, on lead, concedes all 13 tricks: North, its
    # partner, objects (Law 68B2); "claim 0" would be the same concession, so South claims
    # one trick for the defence (East accepts), and leaves.
    lines = ["p", "p", "concede 13", "claim 0", "claim 1", "quit"]
    assert run_cli(["--seed", "3"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "2♠ by East" in out
    assert "North objects: no concession (Law 68B2); play on." in out
    assert out.count("North objects: no concession (Law 68B2)") == 2
    # 2S making 12 tricks: 60 below the line, four overtricks at 30 above it; the only
    # partscore of a rubber stopped unfinished earns 100 more (the current rubber laws).
    assert "EW +100 (unfinished partscore)" in out
    assert "Final score: North-South 0, East-West 280." in out


def test_explain_your_own_call_and_a_bad_number_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = robot_inputs(Seat.S, seed=3)
    # after South's first call: explain it, alert it, then try a call that is not there
    lines[1:1] = ["explain natural, nothing more", "alert 99 Stayman", "explain"]
    assert run_cli(["--seed", "3", "--duplicate", "1"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert out.count("Explained.") == 1
    assert "there is no call number 99" in out
    assert "Explanation withdrawn." in out


@pytest.mark.slow
def test_the_default_robots_bid_sayc_explain_to_the_opponents_and_claim(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 10: East opens a weak two, declares 4S and claims the last three tricks; South, a
    # defender, is asked
    lines = robot_inputs(Seat.S, seed=10, robots="best")
    assert "accept" in lines
    assert run_cli(["--seed", "10", "--duplicate", "1"], lines, monkeypatch, robots="best") == 0
    out = capsys.readouterr().out
    said = [line for line in out.splitlines() if " bids " in line]
    theirs = [line for line in said if line.startswith(("East", "West")) and "Pass" not in line]
    partner = [line for line in said if line.startswith("North")]
    assert theirs and all("  (" in line for line in theirs) and any("HCP" in x for x in theirs)
    assert partner and all("(" not in line for line in partner)  # not told partner's meaning
    assert "East claims 3 of the 3 remaining tricks." in out
    assert "Accept the claim? (accept/reject)> accept" in out and "You accept the claim." in out
    assert "East's cards, faced with the claim: ♠" in out
    assert "You play " in out and "You plays" not in out
    assert "Final score" in out and "Not possible" not in out
