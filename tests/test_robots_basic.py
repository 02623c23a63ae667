"""The basic robot: each rule of its bidding and card play (docs/game.md), one test each."""

from __future__ import annotations

import pytest

from contractbridge.core import (
    SEATS,
    Auction,
    Card,
    Deal,
    Hand,
    Play,
    Seat,
    SeatView,
)
from contractbridge.core.hand import FULL_MASK
from contractbridge.game import DealScored, Table
from contractbridge.robots.basic import BasicRobot, hcp, is_balanced

ROBOT = BasicRobot()


def deal_with(hands: dict[Seat, str]) -> Deal:
    """A deal with the given hands; the other cards are shared out to the other seats."""
    given = {seat: Hand.from_pbn(text) for seat, text in hands.items()}
    used = 0
    for hand in given.values():
        used |= hand.mask
    rest = list(Hand.from_mask(FULL_MASK & ~used))
    out = {}
    for seat in SEATS:
        if seat in given:
            out[seat] = given[seat]
        else:
            out[seat], rest = Hand(rest[:13]), rest[13:]
    return Deal(out)


def call_for(hand: str, calls: str = "", dealer: Seat | None = None, seat: Seat = Seat.S) -> str:
    """The robot's call for ``seat`` after ``calls`` (dealt so that ``seat`` is next)."""
    n = len(calls.split())
    if dealer is None:
        dealer = seat.next(-n)
    deal = deal_with({seat: hand})
    view = SeatView.of(seat, deal, Auction(dealer, calls.split()))
    assert view.turn == seat
    call = ROBOT.call(view)
    assert ROBOT.explain(view, call)  # every call comes with its explanation
    return str(call)


def card_for(deal: Deal, dealer: Seat, calls: str, cards: str) -> Card:
    """The robot's card for the seat in turn (declarer's view on dummy's turn)."""
    auction = Auction(dealer, calls.split())
    contract = auction.contract
    assert contract is not None
    play = Play(deal, contract)
    for card in cards.split():  # "?" = the first legal card
        play.play(play.legal_cards()[0] if card == "?" else card)
    seat = play.acting_seat
    assert seat is not None
    return ROBOT.card(SeatView.of(seat, deal, auction, play))


# -- hand evaluation ---------------------------------------------------------------------------


def test_high_card_points_count_ace_4_king_3_queen_2_jack_1() -> None:
    assert hcp(Hand.from_pbn("AKQJ.AKQJ.AKQJ.A")) == 34
    assert hcp(Hand.from_pbn("T98.765.5432.T98")) == 0


def test_balanced_means_4333_4432_or_5332() -> None:
    assert is_balanced(Hand.from_pbn("AK32.K32.Q32.J32"))
    assert is_balanced(Hand.from_pbn("AK432.K32.Q32.J2"))
    assert not is_balanced(Hand.from_pbn("AK5432.K32.Q32.J"))
    assert not is_balanced(Hand.from_pbn("AK43.K432.QJ32.2"))  # 4-4-4-1


# -- openings ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "call"),
    [
        ("AK2.KQ3.J432.Q32", "1NT"),  # 15 balanced
        ("AKQ.KQ3.AJ32.Q32", "2NT"),  # 21 balanced
        ("AKJ54.K32.32.Q32", "1S"),  # five-card major
        ("AK543.KQ543.2.32", "1S"),  # the higher of two five-card suits
        ("K2.A32.KJ32.Q432", "1D"),  # no five-card major, 4-4 in the minors: diamonds
        ("AK32.Q32.K32.J32", "1C"),  # 3-3 in the minors: clubs
        ("AK543.2.2.KQ5432", "1C"),  # the longest suit, even over a five-card major
        ("KQ2.Q32.J432.Q32", "Pass"),  # 10 HCP
    ],
)
def test_opening_bids(hand: str, call: str) -> None:
    assert call_for(hand, seat=Seat.N) == call


# -- responses -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "call"),
    [
        ("Q32.K32.J5432.32", "2H"),  # 6-9, three-card support: a single raise
        ("Q32.K32.AJ543.32", "3H"),  # 10-12 with support: a limit raise
        ("Q32.AK32.AJ54.32", "4H"),  # 13+ with support: game
        ("KJ32.32.Q5432.32", "1S"),  # a new suit at the one level
        ("Q3.32.KJ5432.Q32", "1NT"),  # 6-10, no fit, no suit at the one level
        ("Q3.32.AKJ543.Q32", "2D"),  # 10+: a new suit at the two level
        ("Q32.32.J5432.Q32", "Pass"),  # fewer than 6
    ],
)
def test_responses_to_one_heart(hand: str, call: str) -> None:
    assert call_for(hand, "1H P") == call


@pytest.mark.parametrize(
    ("hand", "call"),
    [
        ("Q32.K32.J543.432", "Pass"),  # 0-7, no five-card suit to show
        ("Q32.32.KJ5432.32", "2D"),  # 0-7 with a five-card suit: to play
        ("Q32.K32.J5432.K2", "2NT"),  # 8-9: invitational
        ("Q32.K32.A5432.K2", "3NT"),  # 10-15
        ("AQ5432.K32.A2.32", "4S"),  # 10+ with six spades
    ],
)
def test_responses_to_1nt(hand: str, call: str) -> None:
    assert call_for(hand, "1NT P") == call


def test_opener_invites_game_with_16_to_18_after_a_single_raise() -> None:
    assert call_for("AKJ54.K32.A2.Q32", "1S P 2S P") == "3S"
    assert call_for("AKJ54.K32.32.Q32", "1S P 2S P") == "Pass"


def test_responder_accepts_an_invitation_with_the_top_of_a_single_raise() -> None:
    assert call_for("Q32.K32.QJ54.432", "1H P 2H P 3H P") == "4H"
    assert call_for("Q32.K32.J543.432", "1H P 2H P 3H P") == "Pass"


# -- overcalls -----------------------------------------------------------------------------


def test_an_overcall_needs_a_good_five_card_suit_and_8_to_16() -> None:
    assert call_for("AKJ54.32.432.432", "1C") == "1S"
    assert call_for("A5432.32.K32.Q32", "1C") == "Pass"  # a poor suit
    assert call_for("AKJ54.AK2.AQ2.32", "1C") == "Pass"  # too strong: no double either


def test_advancer_raises_partners_overcall_with_support_and_8_plus() -> None:
    assert call_for("Q32.K32.Q5432.K2", "1C 1S P") == "2S"
    assert call_for("Q32.32.J5432.Q32", "1C 1S P") == "Pass"


# -- card play -------------------------------------------------------------------------------


def test_opening_lead_is_the_top_of_a_sequence() -> None:
    deal = deal_with({Seat.W: "KQJ2.32.5432.432", Seat.S: "A43.AKQ4.AK76.K5"})
    assert str(card_for(deal, Seat.S, "2NT P 3NT P P P", "")) == "SK"


def test_opening_lead_is_fourth_best_from_a_long_suit() -> None:
    deal = deal_with({Seat.W: "K8532.32.J32.432", Seat.S: "A4.AKQ4.AK76.K95"})
    assert str(card_for(deal, Seat.S, "2NT P 3NT P P P", "")) == "S3"


def test_opening_lead_is_partners_suit() -> None:
    deal = deal_with({Seat.W: "432.K2.J5432.432"})
    assert str(card_for(deal, Seat.S, "1S P 2S 3H 3S P P P", "")) == "HK"


def test_second_hand_plays_low() -> None:
    deal = Deal.from_pbn(
        "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    )  # 1NT by S: West leads
    assert str(card_for(deal, Seat.S, "1NT P P P", "HJ")) == "H8"  # dummy's lowest


def test_third_hand_plays_high_with_the_cheapest_of_equal_cards() -> None:
    deal = Deal.from_pbn(
        "N:A65.T98.765.5432 KQ3.765.432.AKQJ J984.432.AKQJ.T9 T72.AKQJ.T98.876"
    )  # 1NT by S: West leads S2, dummy plays S5, East (KQ3) plays the queen
    assert str(card_for(deal, Seat.S, "1NT P P P", "S2 S5")) == "SQ"


def test_fourth_hand_wins_as_cheaply_as_it_can() -> None:
    deal = Deal.from_pbn("N:A65.T98.765.5432 KQ3.765.432.AKQJ J984.432.AKQJ.T9 T72.AKQJ.T98.876")
    # West S2, North S5, East SQ: South holds J984 and cannot win; low
    assert str(card_for(deal, Seat.S, "1NT P P P", "S2 S5 SQ")) == "S4"
    # West S2, North SA... then East S3, South plays low under partner's winner
    assert str(card_for(deal, Seat.S, "1NT P P P", "S2 SA S3")) == "S4"


SOLID = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def test_a_player_who_cannot_follow_ruffs_as_cheaply_as_will_win() -> None:
    # 1D by South: West leads CA, dummy and East (no clubs, no trumps) discard, South ruffs low
    assert str(card_for(SOLID, Seat.S, "1D P P P", "CA S2 H2")) == "D2"


def test_a_discard_comes_from_the_weakest_suit() -> None:
    deal = deal_with({Seat.W: "T98.76543.AKQJ2.", Seat.E: "AKQ2.2.43.AKQ432"})
    # 3NT by North: East leads CA (a sure winner), dummy follows, West discards a heart
    assert str(card_for(deal, Seat.N, "3NT P P P", "CA ?")) == "H3"


def test_declarer_draws_trumps_first() -> None:
    deal = deal_with(
        {
            Seat.S: "AKQ32.A32.K32.32",
            Seat.N: "J54.K54.A54.JT54",
            Seat.W: "T9.QJT9.QJT9.AKQ",
        }
    )
    # 4S by South: West leads HQ, dummy H4, East low, South wins HA and leads the top trump
    assert str(card_for(deal, Seat.S, "1S P 3S P 4S P P P", "HQ H4 ? HA")) == "SA"


def test_a_defender_returns_partners_suit() -> None:
    deal = deal_with(
        {
            Seat.W: "432.QJT92.432.32",
            Seat.E: "765.A43.765.7654",
            Seat.S: "AKQ.K87.AKQ.AKQJ",
        }
    )
    # 3NT by South: West leads H2, East wins with the ace and returns a heart, top of two
    assert str(card_for(deal, Seat.S, "2NT P 3NT P P P", "H2 H5 HA H7")) == "H4"


def test_defenders_accept_a_claim_that_leaves_them_their_sure_winners() -> None:
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    auction = Auction(Seat.S, ["1NT", "P", "P", "P"])
    assert auction.contract is not None
    play = Play(deal, auction.contract)
    west = SeatView.of(Seat.W, deal, auction, play)  # West holds AKQJ of hearts: 4 winners
    assert ROBOT.accept_claim(west, Seat.S, 9)
    assert not ROBOT.accept_claim(west, Seat.S, 10)


# -- whole games -------------------------------------------------------------------------


def test_robots_play_legal_complete_deals() -> None:
    table = Table([BasicRobot() for _ in SEATS], form="duplicate", boards=16, seed=2026)
    table.run()  # the table refuses any illegal call or card
    scored = [e for e in table.events if isinstance(e, DealScored)]
    assert len(scored) == 16
    assert sum(e.contract is not None for e in scored) >= 12  # they do bid
