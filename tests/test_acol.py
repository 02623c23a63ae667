"""Acol (the EBU's Standard English) as a third system: its cases from the published system
file, its robots' explanations of their own calls, its convention card."""

from __future__ import annotations

import json
import random
import re
import warnings
from pathlib import Path

import pytest

from contractbridge.cli import main
from contractbridge.core import Auction, Call, Deal, Hand, Seat, Vulnerability
from contractbridge.robots.bidding import SystemRobot, bidder
from contractbridge.robots.bidding.card import available_systems, convention_card
from contractbridge.robots.bidding.systems import acol, sayc
from contractbridge.server.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

CASES = Path(__file__).parent / "data" / "acol_cases.json"
I18N = Path(__file__).parents[1] / "src/contractbridge/server/i18n"


def test_the_acol_robot_bids_the_books_cases() -> None:
    cases = json.loads(CASES.read_text("utf-8"))
    assert len(cases) >= 200 and all(c["section"] for c in cases)
    b = bidder("acol")
    wrong = [
        c
        for c in cases
        if b.choose(Hand.from_pbn(c["hand"]), Auction(Seat.N, c["auction"]), Vulnerability.NONE)
        != Call.parse(c["expected"])
    ]
    assert len(wrong) <= 0.1 * len(cases), wrong[:10]


def test_the_cases_tell_acol_from_sayc() -> None:
    """The weak notrump, four-card majors, raises on four trumps and the natural 2NT response
    are Acol's: the SAYC robot fails those cases."""
    cases = json.loads(CASES.read_text("utf-8"))
    sayc_bidder = bidder("sayc")
    groups = ("opening 1NT", "two fours: both majors", "1NT: 2NT", "1NT response", "2NT response")
    own = [c for c in cases if c["group"] in groups]
    assert own and all(
        sayc_bidder.choose(Hand.from_pbn(c["hand"]), Auction(Seat.N, c["auction"]))
        != Call.parse(c["expected"])
        for c in own
    )


def test_acol_as_the_system_file_defines_it() -> None:
    b = bidder("acol")
    one_nt, two_c = b.explain(["1N"])[0], b.explain(["2C"])[0]
    assert one_nt.hcp == (12, 14) and "12-14 HCP" in one_nt.text
    assert two_c.artificial and two_c.text.startswith("strong, artificial, 23+ HCP")
    assert "negative" in b.explain(["2C", "P", "2D"])[-1].text
    assert "weak two" in b.explain(["2D"])[0].text
    # four-card suits: a major before a minor, hearts with both majors, clubs with both minors
    n = Auction(Seat.N)
    assert b.choose(Hand.from_pbn("K2.AQ32.A43.KJ32"), n) == Call.parse("1H")
    assert b.choose(Hand.from_pbn("KQ32.AJ32.A43.K2"), n) == Call.parse("1H")
    assert b.choose(Hand.from_pbn("K2.A32.AJ32.KQ32"), n) == Call.parse("1C")
    # 4-4-4-1: a red singleton 1♣, a black singleton the middle suit
    assert b.choose(Hand.from_pbn("KJ32.2.KQ32.AJ32"), n) == Call.parse("1C")
    assert b.choose(Hand.from_pbn("2.KJ32.KQ32.AJ32"), n) == Call.parse("1D")
    # a raise needs four trumps; the notrump rebid shows 15-16
    assert b.choose(Hand.from_pbn("Q93.K82.J843.Q72"), Auction(Seat.N, ["1S", "P"])) == Call.parse(
        "1N"
    )
    assert b.explain(["1C", "P", "1H", "P", "1N"])[-1].hcp == (15, 16)
    assert b.explain(["1C", "P", "1H", "P", "2N"])[-1].hcp == (17, 18)
    # over the weak notrump: pass to 10 HCP, Stayman from 11, 2NT 11-12, opener accepts 13-14
    nt = Auction(Seat.N, ["1N", "P"])
    assert b.choose(Hand.from_pbn("KJ32.Q32.K32.J32"), nt).is_pass
    assert b.choose(Hand.from_pbn("KJ32.Q32.K32.Q32"), nt) == Call.parse("2C")
    assert b.explain(["1N", "P", "2N"])[-1].hcp == (11, 12)
    assert b.explain(["1N", "P", "2N", "P", "3N"])[-1].hcp == (13, 14)


def test_acol_shares_what_sayc_has_and_is_found_by_name() -> None:
    assert acol.NAME == "Acol (EBU Standard English)" and "acol" in available_systems()
    assert set(sayc.ADVANCE) <= set(acol.RULES) and set(sayc.SLAM) <= set(acol.RULES)
    # ... but the notrump overcalls, which the file ranges 16-18 (11-14 protective)
    b = bidder("acol")
    assert b.explain(["1H", "1N"])[-1].hcp == (16, 18)
    assert b.explain(["1H", "P", "P", "1N"])[-1].hcp == (11, 14)
    robot = SystemRobot(system="acol", name="Acol robot", judgement=False)
    assert robot.name == "Acol robot" and robot.bidder.system == "acol"


@pytest.mark.slow
def test_acol_robots_explain_every_call_they_make() -> None:
    robot = SystemRobot(system="acol", judgement=False)
    b = robot.bidder
    rng = random.Random(1934)
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
def test_the_acol_card_shows_the_weak_notrump(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card = convention_card("acol")
    assert card.name == "Acol (EBU Standard English)"
    assert "12-14 HCP" in card.entry("openings", (), "1NT").text
    assert card.entry("openings", (), "1NT").hcp == (12, 14)
    assert "negative" in card.entry("two_level", ("2C", "Pass"), "2D").text
    assert main(["card", "acol", "--plain"]) == 0
    assert "1NT opening: 12-14 HCP, balanced" in capsys.readouterr().out
    with TestClient(create_app(f"sqlite:///{tmp_path / 'acol.db'}", robots="basic")) as client:
        served = client.get("/api/systems/acol/card").json()
        assert served["name"] == card.name and served["sections"] == card.to_dict()["sections"]
        assert client.get("/card/acol").status_code == 200


def test_acol_words_read_in_every_language() -> None:
    catalogues = {p.stem: json.loads(p.read_text("utf-8")) for p in I18N.glob("*.json")}
    parts: set[str] = set()
    for rule in (*acol.AC_OPENINGS, *acol.AC_RESPONSES, *acol.AC_REBIDS, *acol.AC_TWO_CLUBS):
        parts.update(rule.text.split(", ") if rule.text else ())
        parts.update([rule.aside] if rule.aside else ())
    ranges = r"^\d+(-\d+|\+)? (HCP|points|♠|♥|♦|♣|spades|hearts|diamonds|clubs)$"
    parts = {p for p in parts if not re.match(ranges, p)}
    for lang, catalogue in catalogues.items():
        missing = sorted(p for p in parts if f"expl.{p}" not in catalogue)
        assert not missing, (lang, missing)
