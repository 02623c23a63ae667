"""Forum D 2012 as a second system: its cases from the published description, its robots'
explanations of their own calls, its convention card."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from contractbridge.core import Auction, Call, Deal, Hand, Seat, Vulnerability
from contractbridge.robots.bidding import SystemRobot, bidder
from contractbridge.robots.bidding.card import convention_card
from contractbridge.robots.bidding.systems import forumd

CASES = Path(__file__).parent / "data" / "forumd_cases.json"
I18N = Path(__file__).parents[1] / "src/contractbridge/server/i18n"


def test_the_forum_d_robot_bids_the_books_cases() -> None:
    cases = json.loads(CASES.read_text("utf-8"))
    assert len(cases) >= 150 and all(c["section"] for c in cases)
    b = bidder("forumd")
    wrong = [
        c
        for c in cases
        if b.choose(Hand.from_pbn(c["hand"]), Auction(Seat.N, c["auction"]), Vulnerability.NONE)
        != Call.parse(c["expected"])
    ]
    assert len(wrong) <= 0.1 * len(cases), wrong[:10]


def test_the_cases_tell_forum_d_from_sayc() -> None:
    """The cases of Forum D's strongest opening, 2♦, are not SAYC's: the SAYC robot fails them."""
    cases = json.loads(CASES.read_text("utf-8"))
    sayc = bidder("sayc")
    own = [c for c in cases if c["group"] == "opening 2D"]
    assert own and all(
        sayc.choose(Hand.from_pbn(c["hand"]), Auction(Seat.N, c["auction"]))
        != Call.parse(c["expected"])
        for c in own
    )


def test_forum_d_openings_as_the_description_defines_them() -> None:
    b = bidder("forumd")
    two_c, two_d = b.explain(["2C"])[0], b.explain(["2D"])[0]
    assert "semi-forcing" in two_c.text and two_c.artificial and two_c.hcp[1] <= 23
    assert two_d.forcing == "game forcing" and two_d.artificial and "24+ HCP" in two_d.text
    # 1♦: four cards, three only with exactly 4-4-3-2
    assert b.choose(Hand.from_pbn("KJ32.QJ32.A43.K2"), Auction(Seat.N)) == Call.parse("1D")
    assert b.choose(Hand.from_pbn("KJ32.QJ3.A43.K32"), Auction(Seat.N)) == Call.parse("1C")
    # 1NT without a five-card major; 2♣ answered by the 2♦ relay
    assert b.choose(Hand.from_pbn("KQJ32.K2.AQ3.K32"), Auction(Seat.N)) == Call.parse("1S")
    assert b.choose(Hand.from_pbn("932.8432.J32.932"), Auction(Seat.N, ["2C", "P"])) == Call.parse(
        "2D"
    )


def test_the_robot_is_seated_by_system_name() -> None:
    robot = SystemRobot(system="forumd", name="Forum D robot", judgement=False)
    assert robot.name == "Forum D robot" and robot.bidder.system == "forumd"
    assert forumd.NAME == "Forum D 2012"


@pytest.mark.slow
def test_forum_d_robots_explain_every_call_they_make() -> None:
    robot = SystemRobot(system="forumd", judgement=False)
    b = robot.bidder
    rng = random.Random(2012)
    for _ in range(200):
        deal = Deal.random(rng)
        dealer = Seat(rng.randrange(4))
        auction = Auction(dealer)
        while not auction.is_complete:
            seat = auction.seat_of(len(auction.calls))
            call = b.choose(deal.hands[seat], auction, Vulnerability.NONE)
            auction = Auction(dealer, [*auction.calls, call])
            e = b.explain(auction)[-1]
            assert not e.undiscussed, (deal, auction.calls, e.text)


@pytest.mark.slow
def test_the_forum_d_card_shows_its_two_level_openings() -> None:
    card = convention_card("forumd")
    assert card.name == "Forum D 2012"
    two_c = card.entry("openings", (), "2C")
    two_d = card.entry("openings", (), "2D")
    assert "semi-forcing" in two_c.text and "strongest opening" in two_d.text
    assert "relay" in card.entry("two_level", ("2C", "Pass"), "2D").text
    assert "relay" in card.entry("two_level", ("2D", "Pass"), "2H").text


def test_forum_d_words_read_in_every_language() -> None:
    catalogues = {p.stem: json.loads(p.read_text("utf-8")) for p in I18N.glob("*.json")}
    parts = set()
    for rule in (*forumd.FD_OPENINGS, *forumd.FD_TWO_CLUBS, *forumd.FD_TWO_DIAMONDS):
        parts.update(rule.text.split(", ") if rule.text else ())
        parts.update([rule.aside] if rule.aside else ())
    ranges = r"^\d+(-\d+|\+)? (HCP|points|♠|♥|♦|♣|spades|hearts|diamonds|clubs)$"
    parts = {p for p in parts if not re.match(ranges, p)}
    for lang, catalogue in catalogues.items():
        missing = sorted(p for p in parts if f"expl.{p}" not in catalogue)
        assert not missing, (lang, missing)
