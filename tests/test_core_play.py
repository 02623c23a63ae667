"""The play: Law 41 (opening lead, dummy), 44 (sequence of play, following suit, winning
tricks), 45-46 (declarer plays dummy's cards), 68-69 (claims and concessions)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge.core import (
    Auction,
    Card,
    CardNotHeldError,
    CardOutOfTurnError,
    Contract,
    Deal,
    IllegalPlayError,
    Play,
    PlayCompleteError,
    RevokeError,
    Seat,
    SeatView,
    Vulnerability,
)
from contractbridge.scoring import duplicate_score

# N: spades, E: hearts, S: diamonds, W: clubs -- a deal where every lead is clear
SOLID = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
MIXED = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def play_cards(play: Play, cards: str) -> None:
    for card in cards.split():
        play.play(card)


def test_law41a_the_opening_lead_is_made_by_declarers_left_hand_opponent() -> None:
    play = Play(MIXED, Contract.parse("4S N"))
    assert play.turn == Seat.E
    with pytest.raises(CardOutOfTurnError, match="East's turn to play, not West's"):
        play.play("C2", by=Seat.W)


def test_law41d_dummy_is_faced_only_after_the_opening_lead() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    view = SeatView.of(Seat.W, MIXED, Auction(Seat.N), play)
    assert view.dummy is None and not play.dummy_visible
    play.play("HA")
    view = SeatView.of(Seat.W, MIXED, Auction(Seat.N), play)
    assert view.dummy == MIXED[Seat.N]


def test_law44c_a_player_must_follow_suit_if_able() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    play.play("HA")  # West leads a heart; North holds hearts
    with pytest.raises(RevokeError, match="North must follow suit: hearts were led"):
        play.play("SA")
    play.play("H8")


def test_law44d_a_player_unable_to_follow_may_play_any_card() -> None:
    play = Play(SOLID, Contract.parse("1NT S"))  # West leads; only West has clubs
    play.play("CA")
    assert len(play.legal_cards()) == 13  # North has no club: any spade
    play.play("S2")


def test_law44e_a_trick_with_trumps_is_won_by_the_highest_trump() -> None:
    play = Play(SOLID, Contract.parse("4S N"))  # East leads hearts; N ruffs low
    play_cards(play, "HA D2 C2 S2")
    assert play.tricks[-1].winner == Seat.N and play.declarer_tricks == 1


def test_law44f_without_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    play_cards(play, "S2 SA S8 S5")
    assert play.tricks[-1].winner == Seat.N


def test_law44g_the_winner_of_a_trick_leads_to_the_next() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    play_cards(play, "S2 SA S8 S5")
    assert play.turn == Seat.N and play.leader == Seat.N


def test_law45_declarer_plays_dummys_cards_and_dummy_does_not() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    play.play("HA", by=Seat.W)
    assert play.turn == Seat.N and play.acting_seat == Seat.S
    with pytest.raises(CardOutOfTurnError, match="dummy takes no part"):
        play.play("H8", by=Seat.N)
    play.play("H8", by=Seat.S)


def test_a_card_not_held_cannot_be_played() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    with pytest.raises(CardNotHeldError, match="West does not hold SA"):
        play.play("SA", by=Seat.W)
    with pytest.raises(CardOutOfTurnError, match="SA is in North's hand"):
        play.play("SA")
    play_cards(play, "S2 SA S8 S5")
    with pytest.raises(CardNotHeldError, match="already been played"):
        play.play("S2")


def test_an_illegal_card_changes_nothing() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    play.play("HA")
    before = (play.turn, play.current_trick, play.hand(Seat.N))
    with pytest.raises(IllegalPlayError):
        play.play("SA")
    assert (play.turn, play.current_trick, play.hand(Seat.N)) == before


def test_thirteen_tricks_complete_the_play() -> None:
    play = Play(SOLID, Contract.parse("7NT W"))  # North leads spades and takes them all
    for _ in range(13):
        play.play(play.legal_cards()[0])
        for _ in range(3):
            play.play(play.legal_cards()[-1])
    assert play.is_complete and play.declarer_tricks == 0 and play.defender_tricks == 13
    with pytest.raises(PlayCompleteError):
        play.play("C2")


def test_law68_declarer_claims_some_of_the_remaining_tricks() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    play_cards(play, "S2 SA S8 S5")  # North wins (declarer's side)
    play.claim(9)
    assert play.is_complete and play.declarer_tricks == 10 and play.defender_tricks == 3


def test_law68_a_claim_counts_the_trick_in_progress_as_remaining() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    play.play("HA")
    assert play.remaining_tricks == 13
    play.claim(13, by=Seat.W)  # a defender claims the rest
    assert play.declarer_tricks == 0 and play.defender_tricks == 13


def test_law68_a_concession_gives_tricks_to_the_other_side() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    play.concede(4)
    assert play.declarer_tricks == 9 and play.defender_tricks == 4


def test_claims_must_be_for_a_possible_number_of_tricks() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    with pytest.raises(IllegalPlayError, match="0 to 13"):
        play.claim(14)
    with pytest.raises(IllegalPlayError, match="dummy may not claim"):
        play.claim(3, by=Seat.N)


def test_undo_takes_back_a_claim_then_cards() -> None:
    play = Play(MIXED, Contract.parse("3NT S"))
    play_cards(play, "S2 SA S8 S5 SK")
    play.claim(8)
    play.undo()
    assert not play.is_complete and play.current_trick == (Card.parse("SK"),)
    play.undo()
    play.undo()
    assert play.tricks == () and play.current_trick == (
        Card.parse("S2"),
        Card.parse("SA"),
        Card.parse("S8"),
    )
    assert play.turn == Seat.S


def random_deal_played(rng: random.Random) -> tuple[Deal, Auction, Play | None]:
    deal = Deal.random(rng)
    auction = Auction(Seat(rng.randrange(4)))
    while not auction.is_complete:
        legal = auction.legal_calls()
        # favour passes so auctions are realistic in length
        auction.add(legal[0] if rng.random() < 0.6 else rng.choice(legal))
    contract = auction.contract
    if contract is None:
        return deal, auction, None
    play = Play(deal, contract)
    while not play.is_complete:
        play.play(rng.choice(play.legal_cards()))
    return deal, auction, play


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_legal_auctions_and_plays_finish_with_13_tricks_and_a_score(
    rng: random.Random,
) -> None:
    deal, auction, play = random_deal_played(rng)
    if play is None:
        assert auction.is_passed_out
        return
    contract = play.contract
    assert len(play.tricks) == 13
    assert play.declarer_tricks + play.defender_tricks == 13
    assert sorted(play.cards_played) == sorted(c for h in deal for c in h)
    for trick in play.tricks:  # every trick: the led suit followed whenever possible
        assert len({trick.leader.next(i) for i in range(4)}) == 4
    for vul in (False, True):
        score = duplicate_score(contract, play.declarer_tricks, vul)
        assert (score > 0) == (play.declarer_tricks >= contract.level + 6)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_no_view_ever_shows_a_card_its_seat_may_not_see(rng: random.Random) -> None:
    deal = Deal.random(rng)
    auction = Auction(Seat.N, ["1NT", "P", "3NT", "P", "P", "P"])
    contract = auction.contract
    assert contract is not None
    play = Play(deal, contract)
    while True:
        played = set(play.cards_played)
        for seat in Seat:
            view = SeatView.of(seat, deal, auction, play, vulnerability=Vulnerability.NONE)
            visible = set(view.hand) | set(view.dummy or ()) | {c for _, c in view.played}
            allowed = set(deal[seat]) | played
            if play.dummy_visible:
                allowed |= set(deal[play.dummy])
            assert visible <= allowed
            assert not set(view.unseen_cards()) & visible
        if play.is_complete:
            break
        play.play(rng.choice(play.legal_cards()))
