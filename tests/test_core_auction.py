"""The auction, Laws 17-22: each rule its own test."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge.core import (
    CALLS,
    Auction,
    AuctionNotCompleteError,
    Call,
    Contract,
    Doubled,
    IllegalCallError,
    ParseError,
    Seat,
    Strain,
)


def auction(dealer: Seat, calls: str) -> Auction:
    return Auction(dealer, calls.split())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1NT", "1NT"),
        ("1N", "1NT"),
        ("1n", "1NT"),
        ("7♠", "7S"),
        ("p", "Pass"),
        ("Pass", "Pass"),
        ("x", "X"),
        ("dbl", "X"),
        ("xx", "XX"),
        ("2c", "2C"),
    ],
)
def test_call_parse_accepts_the_usual_spellings(text: str, expected: str) -> None:
    assert str(Call.parse(text)) == expected


@pytest.mark.parametrize("text", ["8C", "0NT", "1Z", "", "xxx"])
def test_call_parse_rejects_what_is_not_a_call(text: str) -> None:
    with pytest.raises(ParseError, match="is not a call"):
        Call.parse(text)


def test_there_are_38_calls_35_bids_ranked_by_level_then_strain() -> None:
    bids = [c for c in CALLS if c.is_bid]
    assert len(CALLS) == 38 and len(bids) == 35
    assert all(b.outranks(a) for a, b in itertools.pairwise(bids))
    assert Call.parse("2C").outranks(Call.parse("1NT"))


def test_law18_a_bid_must_outrank_the_last_bid() -> None:
    a = auction(Seat.N, "2C")
    with pytest.raises(IllegalCallError, match="1H does not outrank 2C"):
        a.add("1H")
    with pytest.raises(IllegalCallError, match="2C does not outrank 2C"):
        a.add("2C")
    a.add("2D")


def test_law19a_you_cannot_double_your_own_sides_bid() -> None:
    a = auction(Seat.N, "1H P")
    with pytest.raises(IllegalCallError, match="you cannot double your own side's bid"):
        a.add("X")


def test_law19a_double_needs_a_bid_to_double() -> None:
    with pytest.raises(IllegalCallError, match="no bid to double"):
        auction(Seat.N, "P").add("X")


def test_law19a_a_bid_can_be_doubled_only_once() -> None:
    a = auction(Seat.N, "1H X P")
    with pytest.raises(IllegalCallError, match="already doubled"):
        a.add("X")


def test_law19a_an_opponents_bid_may_be_doubled_after_two_passes() -> None:
    a = auction(Seat.N, "1H P P")
    assert Call.parse("X") in a.legal_calls()
    a.add("X")


def test_law19b_redouble_needs_a_double_to_redouble() -> None:
    with pytest.raises(IllegalCallError, match="nothing to redouble"):
        auction(Seat.N, "1H P").add("XX")


def test_law19b_only_the_doubled_side_may_redouble() -> None:
    a = auction(Seat.N, "1H X")
    a.add("P")  # South passes; West (doubler's partner) may not redouble
    with pytest.raises(IllegalCallError, match="only redouble the opponents' double"):
        a.add("XX")


def test_law19b_a_bid_can_be_redoubled_only_once() -> None:
    a = auction(Seat.N, "1H X XX")
    with pytest.raises(IllegalCallError, match="already redoubled"):
        a.add("XX")


def test_law19d_a_later_bid_cancels_a_double_or_redouble() -> None:
    a = auction(Seat.N, "1H X XX 2C P P P")
    assert a.contract == Contract(2, Strain.C, Doubled.NONE, Seat.W)


def test_law17e_three_passes_after_a_call_end_the_auction() -> None:
    a = auction(Seat.E, "1S P P")
    assert not a.is_complete
    a.add("P")
    assert a.is_complete and not a.is_passed_out
    assert a.legal_calls() == ()
    with pytest.raises(IllegalCallError, match="the auction is over"):
        a.add("P")


def test_law17e_three_passes_after_a_double_end_the_auction() -> None:
    a = auction(Seat.N, "1NT X P P P")
    assert a.is_complete
    assert a.contract == Contract(1, Strain.NT, Doubled.DOUBLED, Seat.N)


def test_law22_four_opening_passes_pass_the_deal_out() -> None:
    a = auction(Seat.S, "P P P")
    assert not a.is_complete
    a.add("P")
    assert a.is_complete and a.is_passed_out
    assert a.contract is None and a.declarer is None


def test_law22_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    # North names hearts first; South bids the final 4H: North declares.
    a = auction(Seat.N, "1H 1S 2C P 4H P P P")
    assert a.declarer == Seat.N
    assert str(a.contract) == "4H N"


def test_law22_the_other_sides_naming_of_the_strain_does_not_count() -> None:
    # East names spades first; South's 2S cue bid is the first spade call by NS, North
    # bids the final 3S: South declares, East's earlier 1S does not count.
    a = auction(Seat.N, "1C 1S 2S P 3S X P P P")
    assert a.declarer == Seat.S
    assert a.contract == Contract(3, Strain.S, Doubled.DOUBLED, Seat.S)


def test_contract_is_not_known_before_the_auction_ends() -> None:
    with pytest.raises(AuctionNotCompleteError):
        _ = auction(Seat.N, "1NT P").contract


def test_turn_rotates_clockwise_from_the_dealer() -> None:
    a = auction(Seat.W, "P 1D")
    assert a.turn == Seat.E
    assert a.seat_of(0) == Seat.W and a.seat_of(1) == Seat.N


def test_undo_takes_back_the_last_call() -> None:
    a = auction(Seat.N, "1H X XX")
    assert str(a.undo()) == "XX"
    assert a.doubled == Doubled.DOUBLED and a.turn == Seat.S
    a.add("2C")
    assert a.doubled == Doubled.NONE


def test_contract_parse_reads_the_usual_forms() -> None:
    assert Contract.parse("4SX") == Contract(4, Strain.S, Doubled.DOUBLED)
    assert Contract.parse("3NTXX") == Contract(3, Strain.NT, Doubled.REDOUBLED)
    assert Contract.parse("7c").level == 7
    assert Contract.parse("3NT by S").declarer == Seat.S
    with pytest.raises(ParseError):
        Contract.parse("8NT")


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(list(Seat)))
def test_legal_calls_are_exactly_the_calls_the_laws_allow(rng: random.Random, dealer: Seat) -> None:
    a = Auction(dealer)
    while not a.is_complete:
        legal = set(a.legal_calls())
        for call in CALLS:
            reason = a.why_illegal(call)
            assert (reason is None) == (call in legal), (a, call, reason)
        a.add(rng.choice(sorted(legal, key=lambda c: c.index)))
    # an auction always ends, with a contract whose declarer is on the side that bid it last
    contract = a.contract
    if contract is not None:
        assert a.last_bidder is not None and contract.declarer is not None
        assert contract.declarer.side == a.last_bidder.side
        first = next(
            a.seat_of(i)
            for i, c in enumerate(a.calls)
            if c.strain == contract.strain and a.seat_of(i).side == contract.declarer.side
        )
        assert first == contract.declarer
