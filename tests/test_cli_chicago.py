"""``contractbridge play --chicago/--russian`` with the Chicago options of the rules texts:
the vulnerability scheme, duplicate style over any multiple of four deals, Russian Chicago."""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest

from contractbridge.cli import main
from contractbridge.core import SEATS, Seat
from contractbridge.game import Table
from contractbridge.robots import robot_player
from gametable import typed_by


def robot_inputs(seat: Seat, seed: int, **options: Any) -> list[str]:
    """What a basic robot in ``seat`` types at this Chicago (the robots at the CLI play
    the same, so the whole series goes through)."""
    table = Table({s: robot_player("basic") for s in SEATS}, form="chicago", seed=seed, **options)
    table.run()
    return typed_by(table, seat)


def play(monkeypatch: pytest.MonkeyPatch, args: list[str], lines: list[str]) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    return main(["play", "--robots", "basic", *args])


@pytest.mark.slow
def test_a_duplicate_style_chicago_of_eight_deals_through_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = robot_inputs(Seat.S, 5, boards=8, duplicate_style=True)
    args = ["--chicago", "--deals", "8", "--duplicate-style", "--seed", "5"]
    assert play(monkeypatch, args, lines) == 0
    out = capsys.readouterr().out
    assert "chicago, 8 deals, duplicate style, the dealing side vulnerable" in out
    # the sheet: eight deals scored (a deal passed out is redealt with its number)
    sheet = out.split("Deal Dealer Vul")[-1].split("Total")[0].strip().splitlines()[1:]
    numbers = [int(line.split()[0]) for line in sheet]
    assert sorted(set(numbers)) == list(range(1, 9)) and numbers[-1] == 8
    assert "Final score" in out


def test_russian_chicago_with_the_modern_scheme_through_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = robot_inputs(Seat.S, 2, russian=True, dealers_opponents_vulnerable=True)
    args = ["--russian", "--vulnerable", "non-dealer", "--seed", "2"]
    assert play(monkeypatch, args, lines) == 0
    out = capsys.readouterr().out
    assert "Russian Chicago, 4 deals, the non-dealing side vulnerable on deals 2 and 3" in out
    # deal 2 is East's: North-South (East's opponents) are vulnerable
    assert "Deal 2: East deals, vulnerable: NS" in out
    assert "Total (IMPs)" in out and "Final score" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--chicago", "--deals", "8"], "duplicate style or as Russian Chicago"),
        (["--chicago", "--deals", "6", "--duplicate-style"], "multiple of four"),
        (["--duplicate", "4", "--deals", "8"], "--deals go with --chicago or --russian"),
        (["--vulnerable", "non-dealer"], "--vulnerable go with --chicago or --russian"),
        (["--russian", "--duplicate-style"], "scores each deal as in duplicate already"),
    ],
)
def test_chicago_options_that_do_not_fit_exit_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    words: str,
) -> None:
    assert play(monkeypatch, args, []) == 2
    assert words in capsys.readouterr().err
