"""Cards, hands, deals and boards: the vocabulary of the Laws (Laws 1-2, 6)."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contractbridge.core import (
    CARDS,
    Board,
    Card,
    Deal,
    Hand,
    InvalidDealError,
    ParseError,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
)


def test_law1_the_pack_has_52_distinct_cards_in_four_suits_of_thirteen() -> None:
    assert len(set(CARDS)) == 52
    for suit in Suit:
        assert len([c for c in CARDS if c.suit == suit]) == 13
    assert {str(c) for c in CARDS} == {s + r for s in "CDHS" for r in "23456789TJQKA"}


def test_law1_ranks_run_ace_highest_down_to_two() -> None:
    spades = sorted((c for c in CARDS if c.suit == Suit.S), reverse=True)
    assert [c.rank for c in spades] == sorted(Rank, reverse=True)
    assert Card.parse("SA") > Card.parse("SK") > Card.parse("S2")


def test_law1_strains_rank_clubs_diamonds_hearts_spades_notrump() -> None:
    assert Strain.C < Strain.D < Strain.H < Strain.S < Strain.NT
    assert Strain.NT.suit is None and Strain.S.suit == Suit.S


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SA", "SA"),
        ("HT", "HT"),
        ("D10", "DT"),
        ("ht", "HT"),
        ("♠A", "SA"),
        ("AS", "SA"),
        ("c2", "C2"),
        ("10h", "HT"),
    ],
)
def test_card_parse_accepts_the_usual_spellings(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "S1", "X5", "SAA", "11H", "NT"])
def test_card_parse_rejects_what_is_not_a_card_with_a_clear_message(text: str) -> None:
    with pytest.raises(ParseError, match="is not a card"):
        Card.parse(text)


def test_cards_survive_pickling_as_the_shared_instances() -> None:
    card = Card.parse("DQ")
    assert pickle.loads(pickle.dumps(card)) is card


def test_seat_rotation_is_clockwise_north_east_south_west() -> None:
    assert Seat.N.lho == Seat.E and Seat.N.rho == Seat.W and Seat.N.partner == Seat.S
    assert Seat.W.lho == Seat.N
    assert Seat.E.side == Side.EW and Seat.S.side == Side.NS
    assert Side.NS.opponents == Side.EW
    assert Seat.parse("west") == Seat.W


def test_hand_from_pbn_round_trips_and_counts_suits() -> None:
    hand = Hand.from_pbn("AKQ.T98.765.5432")
    assert len(hand) == 13
    assert hand.shape() == (3, 3, 3, 4)
    assert str(hand) == "AKQ.T98.765.5432"
    assert Card.parse("S2") not in hand
    assert Hand.from_pbn("akq.1098.-.") == Hand.from_pbn("AKQ.T98..")


@pytest.mark.parametrize("text", ["AKQ.T98.765", "AKQ.T98.765.54X2", "AA.K.Q.J"])
def test_hand_from_pbn_rejects_malformed_hands(text: str) -> None:
    with pytest.raises(ParseError):
        Hand.from_pbn(text)


def test_law6_a_deal_gives_thirteen_cards_to_each_player() -> None:
    with pytest.raises(InvalidDealError, match="North has 12 cards"):
        Deal.from_pbn("N:AKQJ.T98.765.43 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.7652")


def test_law6_no_card_is_dealt_twice() -> None:
    with pytest.raises(InvalidDealError, match="dealt twice"):
        Deal.from_pbn("N:AKQJ.T98.765.432 AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765")


def test_deal_pbn_first_seat_rotates_the_hands() -> None:
    text = "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"
    deal = Deal.from_pbn(text)
    assert str(deal[Seat.N]) == "AKQJ.T98.765.432"
    assert deal.to_pbn(Seat.E) == text
    assert Deal.from_pbn(deal.to_pbn()) == deal


def test_deal_random_is_repeatable_from_a_seed_and_always_legal() -> None:
    assert Deal.random(42) == Deal.random(42)
    rng = random.Random(7)
    for _ in range(200):
        deal = Deal.random(rng)
        assert all(len(h) == 13 for h in deal)
        union = 0
        for h in deal:
            union |= h.mask
        assert union == (1 << 52) - 1


def test_deal_random_is_uniform_over_seats_for_each_card() -> None:
    # each card goes to each seat a quarter of the time (chi-square, 3 dof per card)
    rng = random.Random(11)
    n = 4000
    counts = [[0] * 4 for _ in range(52)]
    for _ in range(n):
        deal = Deal.random(rng)
        for seat in Seat:
            for card in deal[seat]:
                counts[card][seat] += 1
    expected = n / 4
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    # 156 degrees of freedom: mean 156, sd ~17.7; 260 is beyond 5 sd
    assert chi2 < 260


@pytest.mark.parametrize(
    ("numbers", "dealer"),
    [
        ((1, 5, 9, 13, 17), Seat.N),
        ((2, 6, 10, 14, 18), Seat.E),
        ((3, 7, 11, 15, 19), Seat.S),
        ((4, 8, 12, 16, 20), Seat.W),
    ],
)
def test_law2_board_number_fixes_the_dealer(numbers: tuple[int, ...], dealer: Seat) -> None:
    assert all(Board(n).dealer == dealer for n in numbers)


@pytest.mark.parametrize(
    ("numbers", "vul"),
    [
        ((1, 8, 11, 14), Vulnerability.NONE),
        ((2, 5, 12, 15), Vulnerability.NS),
        ((3, 6, 9, 16), Vulnerability.EW),
        ((4, 7, 10, 13), Vulnerability.ALL),
    ],
)
def test_law2_board_number_fixes_the_vulnerability(
    numbers: tuple[int, ...], vul: Vulnerability
) -> None:
    # Law 2's table, and "the same sequence is repeated for Boards 17-32" and beyond
    for n in numbers:
        for block in (0, 16, 32, 48):
            assert Board(n + block).vulnerability == vul


def test_board_numbers_start_at_one() -> None:
    with pytest.raises(InvalidDealError):
        Board(0)


def test_vulnerability_parses_the_spellings_seen_in_files() -> None:
    assert Vulnerability.parse("Love") is Vulnerability.NONE
    assert Vulnerability.parse("-") is Vulnerability.NONE
    assert Vulnerability.parse("N-S ") is Vulnerability.NS
    assert Vulnerability.parse("E-W") is Vulnerability.EW
    assert Vulnerability.parse("Both") is Vulnerability.ALL
    assert Vulnerability.NS.is_vulnerable(Seat.S) and not Vulnerability.NS.is_vulnerable(Seat.E)


@given(st.lists(st.integers(0, 51), unique=True, max_size=52))
def test_hand_mask_and_card_list_agree(cards: list[int]) -> None:
    hand = Hand(CARDS[c] for c in cards)
    assert len(hand) == len(cards)
    assert sorted(hand) == sorted(CARDS[c] for c in cards)
    assert Hand.from_pbn(str(hand)) == hand
    assert sum(hand.shape()) == len(cards)
