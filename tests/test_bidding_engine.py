"""The bidding robot: SAYC chooses and explains calls by the same rules."""

from __future__ import annotations

import json
import time

import pytest

from contractbridge.core import Auction, BridgeError, Call, Hand, Seat, Vulnerability
from contractbridge.robots.bidding import Bidder, Explanation, Rule, SystemRobot

BIDDER = Bidder("sayc")


def choose(hand: str, calls: str = "", vul: str = "None") -> str:
    auction = Auction(Seat.N, calls.split())
    return str(BIDDER.choose(Hand.from_pbn(hand), auction, Vulnerability.parse(vul)))


def explain(calls: str) -> list[Explanation]:
    return BIDDER.explain(Auction(Seat.N, calls.split()))


def test_balanced_15_to_17_opens_1nt_and_is_explained_so() -> None:
    assert choose("K2.K9873.AQ8.KQ4") == "1NT"
    e = explain("1N")[0]
    assert e.text == "15-17 HCP, balanced"
    assert e.hcp == (15, 17) and e.balanced is True
    assert not e.alertable and not e.artificial


def test_five_card_major_opens_one_of_the_major() -> None:
    assert choose("AKJ52.KQ3.72.AQ4") == "1S"
    assert explain("1S")[0].length("S") == (5, 13)


def test_weak_two_with_a_good_six_card_major() -> None:
    assert choose("KQJ983.84.92.T73") == "2S"
    assert explain("2S")[0].length("S") in ((6, 6), (5, 6))  # five cards in third seat


def test_strong_two_clubs_is_artificial_and_forcing() -> None:
    assert choose("AKQT9.A2.AK.K876") == "2C"
    e = explain("2C")[0]
    assert e.artificial and e.forcing == "forcing" and e.hcp[0] >= 12


def test_jacoby_transfer_is_alertable_and_shows_five_hearts() -> None:
    assert choose("Q65.QT8432.T.J83", "1N P") == "2D"
    e = explain("1N P 2D")[2]
    assert e.alertable and e.artificial and e.length("H") == (5, 13)
    assert "transfer" in e.text


def test_opener_completes_the_transfer_and_super_accepts_with_four_and_a_maximum() -> None:
    assert choose("KQ4.A92.KJ83.Q72", "1N P 2D P") == "2H"
    assert choose("K2.AQ93.KJ8.A972", "1N P 2D P") == "3H"


def test_stayman_answers_show_the_major() -> None:
    assert choose("K2.AQ93.KJ8.Q972", "1N P 2C P") == "2H"
    assert choose("K2.Q93.KJ85.AQ97", "1N P 2C P") == "2D"


def test_jacoby_2nt_game_forcing_raise() -> None:
    assert choose("AT42.KT8.A75.QJ5", "1S P") == "2NT"
    e = explain("1S P 2N")[2]
    assert e.forcing == "game forcing" and e.artificial


def test_blackwood_responses_count_aces() -> None:
    assert choose("A2.K9873.KQ8.J43", "1H P 3H P 4N P") == "5D"


def test_negative_double_shows_the_unbid_major() -> None:
    assert choose("76.K9653.A864.87", "1C 1S") == "X"


def test_takeout_double_with_shortness_in_their_suit() -> None:
    assert choose("AQ86.KJ72.AJ64.7", "1C") == "X"


def test_undiscussed_call_gets_an_honest_natural_reading() -> None:
    e = explain("1S 2H 3C X 4C 4H 5D")[-1]
    assert e.undiscussed and "natural" in e.text
    assert e.length("D")[0] >= 4


def test_every_call_of_an_auction_is_explained() -> None:
    calls = "1H 1S X 2S 3H P 4H P P P"
    es = explain(calls)
    assert [e.call for e in es] == [str(Call.parse(c)) for c in calls.split()]
    assert all(e.text for e in es)


def test_explanation_is_json_serialisable() -> None:
    d = json.loads(explain("1N P 2D")[2].to_json())
    assert d["call"] == "2D" and d["lengths"]["H"] == [5, 13] and d["alertable"] is True


def test_constraints_accumulate_per_seat() -> None:
    c = BIDDER.constraints(Auction(Seat.N, ["1N", "P", "2C", "P", "2S"]))
    assert c[Seat.N].hcp == (15, 17)
    assert c[Seat.N].length(3)[0] >= 4


def test_illegal_auction_is_a_clear_bridge_error() -> None:
    with pytest.raises(BridgeError, match="illegal auction"):
        BIDDER.explain(["2C", "1H"])
    with pytest.raises(BridgeError, match="auction is over"):
        BIDDER.choose(Hand.from_pbn("K2.K9873.AQ8.KQ4"), Auction(Seat.N, ["P"] * 4))


def test_unknown_system_is_a_clear_error() -> None:
    with pytest.raises(BridgeError, match="no bidding system"):
        Bidder("klingon")


def test_rule_patterns_parse() -> None:
    r = Rule("2{a}", after="1{M} P", hcp=(6, 10), suits="a>=3 S<=2")
    assert r.suit_limits == (("a", 3, 13), ("S", 0, 2))
    assert r.call_pattern == ("var", 2, "a")


def test_a_call_is_chosen_in_well_under_50_ms() -> None:
    hand = Hand.from_pbn("AQ86.KJ7.AJ6.KJ7")
    auction = Auction(Seat.N, ["1S", "P", "2H", "P", "3C", "P", "3D", "P"])
    bidder = Bidder("sayc")
    start = time.perf_counter()
    for _ in range(20):
        bidder.choose(hand, auction, Vulnerability.NONE)
    assert (time.perf_counter() - start) / 20 < 0.05


def test_system_robot_bids_from_a_seat_view() -> None:
    from contractbridge.core import Deal, SeatView

    deal = Deal.from_pbn("N:K2.K9873.AQ8.KQ4 QJ4.AQ2.KJ97.J98 A9876.J5.T54.A63 T53.T64.632.T752")
    view = SeatView.of(Seat.N, deal, Auction(Seat.N))
    robot = SystemRobot()
    assert str(robot.call(view)) == "1NT"
    assert robot.explain_call((Call.parse("1N"),), Seat.N, 0) == "15-17 HCP, balanced"
