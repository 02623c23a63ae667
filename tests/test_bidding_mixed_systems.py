"""Two sides playing different systems: each side's calls read by that side's system."""

from __future__ import annotations

from contractbridge.core import Auction, Hand, Seat, Vulnerability
from contractbridge.core.call import Call
from contractbridge.robots import robot_player
from contractbridge.robots.bidding import SystemRobot, bidder


def test_their_two_diamonds_is_read_by_their_system_and_ours_by_ours() -> None:
    mixed = bidder("sayc", "forumd")
    # North opens 2D. Read from East (the SAYC side), North plays Forum D: the strongest
    # opening; read from South (North's side) it would be our own weak two... but South's
    # side plays SAYC only when North is "ours": here North is theirs.
    theirs = mixed.explain(["2D"], Seat.N, ours=Seat.E)[0]
    assert theirs.artificial and theirs.forcing == "game forcing", theirs.text
    ours = mixed.explain(["2D"], Seat.N, ours=Seat.N)[0]
    assert not ours.artificial and ours.hcp[1] <= 11, ours.text
    # the default reader is the seat to call: East, after North's 2D
    assert mixed.explain(["2D"], Seat.N)[0].text == theirs.text
    strong = mixed.constraints(["2D"], Seat.N)[Seat.N]
    assert strong.hcp[0] > ours.hcp[1]


def test_a_bidder_against_its_own_system_is_the_plain_one() -> None:
    assert bidder("sayc", "sayc") is bidder("sayc")
    assert bidder("sayc").opponents is bidder("sayc")
    mixed = bidder("sayc", "forumd")
    assert mixed.opponents is bidder("forumd", "sayc")
    assert mixed.opponents.opponents is mixed


def test_the_call_over_their_strong_opening_is_chosen_by_reading_it_as_strong() -> None:
    # a take-out double of a weak 2D; over Forum D's game-forcing 2D (artificial: a double
    # would not be take-out) the SAYC robot holds its peace
    hand = Hand.from_pbn("AKJ2.KQ73.4.QJ95")
    auction = Auction(Seat.N, ["2D"])
    assert bidder("sayc").choose(hand, auction, Vulnerability.NONE) == Call.parse("X")
    assert bidder("sayc", "forumd").choose(hand, auction, Vulnerability.NONE).is_pass


def test_a_robot_explains_its_own_calls_by_its_system_and_reads_theirs_by_theirs() -> None:
    robot = SystemRobot(system="forumd", their_system="sayc", judgement=False)
    two_d = (Call.parse("2D"),)
    assert "strongest" in (robot.explain_call(two_d, Seat.N, 0) or "")
    read_by_east = robot.explain_call(two_d, Seat.N, 0, reader=Seat.E)
    assert read_by_east is not None and "weak" in read_by_east


def test_robot_player_takes_each_sides_system() -> None:
    robot = robot_player("best", budget=0.1, system="forumd", their_system="sayc")
    assert isinstance(robot, SystemRobot)
    assert robot.bidder.system == "forumd" and robot.bidder.their_system == "sayc"
