"""``contractbridge play --system NAME --their-system NAME``: each side's robots bid its
system, and the opponents' calls come explained by theirs (at the table and face to face)."""

from __future__ import annotations

import io
import sys

import pytest

from contractbridge.cli import main
from contractbridge.cli.play import TerminalGame, side_systems
from contractbridge.core import Auction, Seat, Side
from contractbridge.robots.bidding import bidder
from contractbridge.robots.bidding.card import available_systems

#: seed 1, board 1: North, East and South pass; West opens 1♥, which the systems explain
#: differently (Forum D opens lighter than SAYC)
CALLS = ["P", "P", "P", "1H"]


def _west(system: str) -> str:
    """West's 1♥ as a robot of ``system`` explains it to South."""
    return bidder(system).explain(Auction(Seat.N, CALLS), ours=Seat.W)[3].text


def play(args: list[str], lines: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    return main(["play", "--seed", "1", "--duplicate", "1", *args])


def test_each_sides_robots_bid_its_system() -> None:
    game = TerminalGame(Seat.E, systems=side_systems(Seat.E, "forumd", "sayc"), robots="best")
    players = game.table.players
    west, north = players[Seat.W], players[Seat.N]
    assert west is not None and north is not None and players[Seat.E] is None
    assert (west.bidder.system, west.bidder.their_system) == ("forumd", "sayc")  # type: ignore[attr-defined]
    assert (north.bidder.system, north.bidder.their_system) == ("sayc", "forumd")  # type: ignore[attr-defined]
    assert side_systems(Seat.E, "forumd", "sayc") == {Side.NS: "sayc", Side.EW: "forumd"}


def test_the_opponents_calls_come_explained_by_their_system(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _west("forumd") != _west("sayc")
    for system in ("forumd", "sayc"):
        assert play(["--their-system", system], ["p"], monkeypatch) == 0
        out = capsys.readouterr().out
        assert f"West bids 1♥  ({_west(system)})" in out
    assert "the opponents bid Forum D 2012" not in out  # SAYC both: nothing more said


def test_the_face_to_face_table_explains_by_the_callers_system(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the robots wait for Enter: North and East pass, South passes, West opens; South asks
    lines = ["", "", "p", "", "ask 4"]
    args = ["--face-to-face", "--their-system", "forumd"]
    assert play(args, lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert f"East explains West's 1H: {_west('forumd')}." in out


def test_an_unknown_system_is_refused_with_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["play", "--system", "acol 1970"])
    assert stopped.value.code == 2
    known = ", ".join(available_systems())
    assert f"the bidding systems are {known}, not 'acol 1970'" in capsys.readouterr().err


def test_basic_robots_bid_no_system(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--robots", "basic", "--system", "forumd"]) != 0
    assert "basic robots bid naturally" in capsys.readouterr().err
