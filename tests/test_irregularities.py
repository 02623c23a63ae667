"""Irregularities ruled by the Laws (WBF 2017): one test per Law case, named after it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from contractbridge.core import Auction, Call, Card, Contract, Deal, Play, Seat, Suit, trick_winner
from contractbridge.core.irregularities import (
    IrregularityError,
    Kind,
    Obligations,
    Revoke,
    apply_call_out_of_rotation,
    apply_insufficient_bid,
    apply_opening_lead_out_of_turn,
    replay,
    rule_call_out_of_rotation,
    rule_card_exposed_during_auction,
    rule_exposed_card,
    rule_insufficient_bid,
    rule_lead_out_of_turn,
    rule_opening_lead_out_of_turn,
    rule_premature_play,
    rule_revoke,
)

C = Call.parse
K = Card.parse
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# A deal with every suit spread, so leads and follows are easy to read.
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def _laws(ruling: object) -> str:
    return str(ruling)


# -- Law 27: insufficient bid ------------------------------------------------------------------
def test_law_27a1_insufficient_bid_may_be_accepted_by_lho() -> None:
    auction = Auction(N, ["1NT"])
    ruling = rule_insufficient_bid(auction, C("1H"))
    assert ruling.kind is Kind.INSUFFICIENT_BID and ruling.offender == E
    accept = ruling.option("accept")
    assert accept.law == "27A1" and accept.by == S
    after, _ = apply_insufficient_bid(auction, C("1H"), "accept")
    assert after.calls == (C("1NT"), C("1H")) and after.last_bid == C("1H")
    after.add("1S")  # later bids need only outrank the accepted bid
    assert after.last_bidder == S


def test_law_27b1a_insufficient_bid_corrected_by_lowest_sufficient_bid_same_denomination() -> None:
    auction = Auction(N, ["1NT"])
    ruling = rule_insufficient_bid(auction, C("1H"))
    lowest = ruling.option("lowest")
    assert lowest.law == "27B1(a)" and lowest.by == E and "2H" in lowest.text
    after, duties = apply_insufficient_bid(auction, C("1H"), "lowest")
    assert after.calls[-1] == C("2H")
    assert duties.must_pass == {}  # no further rectification


def test_law_27b1a_lowest_sufficient_bid_may_be_two_levels_up() -> None:
    # 1S over 2NT: the lowest sufficient spade bid is 3S
    after, _ = apply_insufficient_bid(Auction(N, ["2NT"]), C("1S"), "lowest")
    assert after.calls[-1] == C("3S")


def test_law_27b1b_insufficient_bid_corrected_by_comparable_call_no_rectification() -> None:
    auction = Auction(N, ["1NT"])
    after, duties = apply_insufficient_bid(auction, C("1C"), "comparable", C("2C"))
    assert after.calls[-1] == C("2C") and duties.must_pass == {}
    assert rule_insufficient_bid(auction, C("1C")).option("comparable").law == "27B1(b)"


def test_law_27b2_other_correction_bars_partner_throughout_the_auction() -> None:
    auction = Auction(N, ["1NT"])
    after, duties = apply_insufficient_bid(auction, C("1H"), "other", C("3NT"))
    assert after.calls[-1] == C("3NT")
    assert duties.must_pass == {W: "throughout"}
    assert duties.check_call(W, C("4S")) is not None
    assert duties.check_call(W, C("Pass")) is None
    assert "Law 26B" in rule_insufficient_bid(auction, C("1H")).option("other").text


def test_law_27b3_offender_may_not_correct_with_a_double() -> None:
    auction = Auction(N, ["1NT"])
    with pytest.raises(IrregularityError, match="27B3"):
        apply_insufficient_bid(auction, C("1H"), "other", C("X"))


def test_law_27_a_sufficient_bid_is_not_an_insufficient_bid() -> None:
    with pytest.raises(IrregularityError):
        rule_insufficient_bid(Auction(N, ["1H"]), C("1S"))


# -- Laws 28-32: calls out of rotation ---------------------------------------------------------
def test_law_28a_call_at_rho_turn_is_in_rotation_when_rho_must_pass() -> None:
    ruling = rule_call_out_of_rotation(Auction(N, ["1H"]), S, C("2H"), rho_must_pass=True)
    assert not ruling.options and "28A" in _laws(ruling)


def test_law_29a_call_out_of_rotation_accepted_when_lho_calls() -> None:
    # dealer North; South opens 1S at his partner's turn; West accepts by calling
    auction = Auction(N)
    ruling = rule_call_out_of_rotation(auction, S, C("1S"))
    assert ruling.option("accept").law == "29A" and ruling.option("accept").by == W
    after, _ = apply_call_out_of_rotation(auction, S, C("1S"), "accept")
    # North and East lose their turn: the record shows them passing at it
    assert after.calls == (C("P"), C("P"), C("1S")) and after.turn == W


def test_law_29b_call_out_of_rotation_cancelled_auction_reverts_to_player_in_turn() -> None:
    auction = Auction(N, ["1H"])
    after, _ = apply_call_out_of_rotation(auction, W, C("1S"), "cancel")
    assert after.calls == (C("1H"),) and after.turn == E


def test_law_30a_pass_out_of_rotation_at_rho_turn_offender_passes_at_next_turn() -> None:
    # North opened 1H; South passes at East's turn (South's RHO)
    auction = Auction(N, ["1H"])
    ruling = rule_call_out_of_rotation(auction, S, C("P"))
    assert "30A" in ruling.option("cancel").law
    after, duties = apply_call_out_of_rotation(auction, S, C("P"), "cancel")
    assert duties.must_pass == {S: "next"}
    after.add("1S")  # East
    assert duties.check_call(S, C("2H")) is not None
    duties.called(S, C("P"))
    assert duties.must_pass == {}  # served: South may bid at later turns


def test_law_30b1_pass_out_of_rotation_at_partner_turn_comparable_call_no_rectification() -> None:
    ruling = rule_call_out_of_rotation(Auction(N, ["1H", "1S"]), N, C("P"))
    cancel = ruling.option("cancel")
    assert "30B1" in cancel.law and "comparable" in cancel.text
    assert "must pass when next it is his turn" in cancel.text


def test_law_30b2_pass_at_lho_turn_after_calling_is_a_change_of_call() -> None:
    # North opened 1H, then passes at East's turn: a change of call (Law 25)
    ruling = rule_call_out_of_rotation(Auction(N, ["1H"]), N, C("P"))
    assert not ruling.options and "Law 25" in _laws(ruling)


def test_law_31a1_bid_out_of_rotation_at_rho_turn_repeated_when_rho_passes() -> None:
    # North opened 1H; South bids 2C at East's (his RHO's) turn
    auction = Auction(N, ["1H"])
    ruling = rule_call_out_of_rotation(auction, S, C("2C"))
    assert "31A" in ruling.option("cancel").law
    after, duties = apply_call_out_of_rotation(auction, S, C("2C"), "cancel")
    after.add("P")  # East passes
    duties.called(E, C("P"))
    assert duties.check_call(S, C("2D")) is not None  # must repeat 2C
    assert duties.check_call(S, C("2C")) is None


def test_law_31a2_bid_out_of_rotation_rho_bids_offender_may_make_any_legal_call() -> None:
    auction = Auction(N, ["1H"])
    _, duties = apply_call_out_of_rotation(auction, S, C("2C"), "cancel")
    duties.called(E, C("1S"))  # East bids: no duty to repeat
    assert duties.check_call(S, C("2H")) is None
    text = rule_call_out_of_rotation(auction, S, C("2C")).option("cancel").text
    assert "31A2(a)" in text and "31A2(b)" in text


def test_law_31b_bid_out_of_rotation_at_partner_turn_partner_may_call_law_16c2() -> None:
    # dealer North; South bids 1NT at North's turn (his partner's)
    ruling = rule_call_out_of_rotation(Auction(N), S, C("1NT"))
    cancel = ruling.option("cancel")
    assert "31B" in cancel.law and "16C2" in cancel.text


def test_law_31b_bid_at_lho_turn_when_offender_has_not_called() -> None:
    # dealer North; West bids before North has called: North is West's LHO
    ruling = rule_call_out_of_rotation(Auction(N), W, C("1S"))
    assert "31B" in ruling.option("cancel").law


def test_law_31c_later_bid_at_lho_turn_is_a_change_of_call() -> None:
    ruling = rule_call_out_of_rotation(Auction(N, ["1H", "P"]), E, C("2C"))
    # at South's turn East (South's RHO, who has called) bids again: a change of call
    assert not ruling.options and "Law 25" in _laws(ruling)


def test_law_32a_double_out_of_rotation_at_rho_turn() -> None:
    # after 1H by North and East's pass, West doubles at South's (his RHO's) turn
    auction = Auction(N, ["1H", "P"])
    ruling = rule_call_out_of_rotation(auction, W, C("X"))
    assert "32A" in ruling.option("cancel").law


def test_law_32b_double_out_of_rotation_at_partner_turn() -> None:
    # North opens 1H; West doubles at East's (his partner's) turn
    ruling = rule_call_out_of_rotation(Auction(N, ["1H"]), W, C("X"))
    assert "32B" in ruling.option("cancel").law


def test_law_36_inadmissible_double_out_of_rotation_cannot_be_accepted() -> None:
    # South doubles his partner's 1H out of rotation
    ruling = rule_call_out_of_rotation(Auction(N, ["1H"]), S, C("X"))
    assert not ruling.options and "Law 36" in _laws(ruling)


# -- Laws 54, 56, 50: opening lead out of turn ---------------------------------------------------
def _play_4s_by_south() -> Play:
    return Play(DEAL, Contract.parse("4S S"))


def test_law_54_declarer_has_five_options_after_an_opening_lead_out_of_turn() -> None:
    # 4S by South: West is on lead; East leads the king of clubs face up
    ruling = rule_opening_lead_out_of_turn(_play_4s_by_south(), E, K("CK"))
    keys = [o.key for o in ruling.options]
    assert keys == ["become-dummy", "accept", "require", "prohibit", "penalty"]
    assert all(o.by == S for o in ruling.options)
    assert [o.law.split(",")[0] for o in ruling.options][:2] == ["54A", "54B"]


def test_law_54a_declarer_spreads_his_hand_and_dummy_becomes_declarer() -> None:
    play, _ = apply_opening_lead_out_of_turn(_play_4s_by_south(), E, K("CK"), "become-dummy")
    assert play.declarer == N and play.dummy == S
    assert play.current_trick == (K("CK"),) and play.turn == S


def test_law_54b_declarer_accepts_the_lead_and_plays_second_from_his_hand() -> None:
    play, _ = apply_opening_lead_out_of_turn(_play_4s_by_south(), E, K("CK"), "accept")
    assert play.declarer == S and play.turn == S and play.dummy_visible


def test_law_54c_declarer_must_accept_when_he_could_have_seen_dummy() -> None:
    ruling = rule_opening_lead_out_of_turn(_play_4s_by_south(), E, K("CK"), declarer_saw_dummy=True)
    assert [o.key for o in ruling.options] == ["accept"] and "54C" in _laws(ruling)


def test_law_56_50d2a_declarer_requires_the_lead_of_the_suit() -> None:
    play, duties = apply_opening_lead_out_of_turn(_play_4s_by_south(), E, K("CK"), "require")
    assert play.turn == W and duties.lead == (W, Suit.C, "require")
    assert duties.penalty_cards == {}  # the card is picked up
    assert duties.check_card(play, K("HA")) is not None
    assert duties.check_card(play, K("C7")) is None


def test_law_56_50d2b_declarer_prohibits_the_lead_of_the_suit() -> None:
    play, duties = apply_opening_lead_out_of_turn(_play_4s_by_south(), E, K("CK"), "prohibit")
    assert duties.check_card(play, K("C7")) is not None
    assert duties.check_card(play, K("HA")) is None


def test_law_56_50d2c_card_stays_a_major_penalty_card_played_at_first_legal_opportunity() -> None:
    play, duties = apply_opening_lead_out_of_turn(_play_4s_by_south(), E, K("CK"), "penalty")
    assert duties.penalty_cards == {E: [(K("CK"), True)]}
    play.play("C7")  # West leads a club
    play.play("C2")  # dummy
    assert duties.check_card(play, K("CA")) is not None  # East must play the CK
    assert duties.check_card(play, K("CK")) is None


def test_law_54_a_lead_by_the_correct_leader_is_not_out_of_turn() -> None:
    with pytest.raises(IrregularityError):
        rule_opening_lead_out_of_turn(_play_4s_by_south(), W, K("C7"))


# -- Laws 53, 55, 56: lead out of turn during the play ------------------------------------------
def _after_first_trick() -> Play:
    play = _play_4s_by_south()
    for card in ("HA", "H8", "H7", "H4"):  # West wins the first trick
        play.play(card)
    return play


def test_law_53a_defender_lead_out_of_turn_may_be_accepted_by_declarer() -> None:
    play = _after_first_trick()  # West on lead; East leads instead
    ruling = rule_lead_out_of_turn(play, E, K("CA"))
    assert ruling.option("accept").law == "53A" and ruling.option("accept").by == S


def test_law_56_refused_lead_by_partner_of_leader_gives_declarer_50d2_options() -> None:
    ruling = rule_lead_out_of_turn(_after_first_trick(), E, K("CA"))
    assert {"require", "prohibit", "penalty"} <= {o.key for o in ruling.options}


def test_law_55_declarer_lead_out_of_turn_defender_accepts_or_requires_retraction() -> None:
    play = _after_first_trick()  # West on lead; declarer leads from his hand
    ruling = rule_lead_out_of_turn(play, S, K("DA"))
    assert [o.key for o in ruling.options] == ["accept", "retract"]
    assert ruling.option("accept").by == W and "48A" in ruling.option("retract").text


# -- Laws 48-51: exposed cards -------------------------------------------------------------------
def test_law_50b_single_card_below_honour_exposed_by_accident_is_a_minor_penalty_card() -> None:
    ruling = rule_exposed_card(_play_4s_by_south(), W, K("C5"))
    assert "minor penalty card" in ruling.summary and not ruling.options
    assert "50C" in _laws(ruling)


def test_law_50b_honour_exposed_is_a_major_penalty_card_with_lead_options() -> None:
    ruling = rule_exposed_card(_play_4s_by_south(), W, K("HK"))
    assert "major penalty card" in ruling.summary
    assert "50D1" in _laws(ruling) and "50E" in _laws(ruling)
    assert [o.key for o in ruling.options] == ["require", "prohibit", "penalty"]


def test_law_50b_card_exposed_deliberately_is_a_major_penalty_card() -> None:
    ruling = rule_exposed_card(_play_4s_by_south(), W, K("C5"), deliberate=True)
    assert "major penalty card" in ruling.summary


def test_law_50c_minor_penalty_card_bars_lower_cards_of_its_suit_not_honours() -> None:
    play = _play_4s_by_south()  # West on lead, with D8 a minor penalty card
    duties = Obligations(penalty_cards={W: [(K("D8"), False)]})
    assert duties.check_card(play, K("D9")) is not None  # below honour rank: barred
    assert duties.check_card(play, K("DT")) is None  # an honour may be played instead
    assert duties.check_card(play, K("D8")) is None


def test_law_48a_declarer_exposed_card_is_not_a_penalty_card() -> None:
    ruling = rule_exposed_card(_play_4s_by_south(), S, K("DA"))
    assert not ruling.options and "48A" in _laws(ruling)


# -- Law 57: premature lead or play --------------------------------------------------------------
def test_law_57a_premature_play_declarer_chooses_highest_lowest_or_another_suit() -> None:
    play = _play_4s_by_south()
    play.play("HA")  # West leads, dummy plays
    play.play("H8")
    # West leads to the next trick before his partner East has played to this one
    ruling = rule_premature_play(play, W, K("D8"))
    assert [o.key for o in ruling.options] == ["highest", "lowest", "suit"]
    assert ruling.option("highest").by == S and ruling.option("highest").law == "57A1"
    assert "major penalty card" in _laws(ruling)


def test_law_57c1_no_rectification_when_declarer_has_played_from_both_hands() -> None:
    play = _play_4s_by_south()
    for card in ("D8", "D5", "D2", "DA"):  # South wins the first trick
        play.play(card)
    play.play("DK")  # South leads, West follows, dummy follows: East still to play
    play.play("D9")
    play.play("D6")
    ruling = rule_premature_play(play, W, K("HK"))
    assert not ruling.options and "57C1" in _laws(ruling)


# -- Laws 61-64: the revoke ----------------------------------------------------------------------
def _simulate(
    deal: Deal, contract: Contract, revoke_at: int, offender: Seat, ruff: bool
) -> list[Card] | None:
    """The play by lowest legal card, except that ``offender`` revokes at trick
    ``revoke_at`` (ruffing if ``ruff`` and able, else discarding); None if he cannot."""
    hands = {seat: sorted(deal[seat]) for seat in Seat}
    trump = contract.strain.suit
    assert contract.declarer is not None
    turn = contract.declarer.lho
    cards: list[Card] = []
    revoked = False
    for number in range(1, 14):
        trick: list[Card] = []
        for position in range(4):
            seat = turn.next(position)
            hand = hands[seat]
            if trick:
                led = trick[0].suit
                follow = [c for c in hand if c.suit == led]
                if number == revoke_at and seat == offender:
                    others = [c for c in hand if c.suit != led]
                    if not follow or not others:
                        return None
                    trumps = [c for c in others if c.suit == trump]
                    card = max(trumps) if ruff and trumps else min(others)
                    if ruff and not trumps:
                        return None
                    revoked = True
                else:
                    card = min(follow) if follow else min(hand)
            else:
                card = min(hand)
            hand.remove(card)
            trick.append(card)
        cards += trick
        turn = trick_winner(trick, turn, int(trump) if trump is not None else -1)
    return cards if revoked else None


Scenario = Callable[[list[Card], Deal], bool]


def _find(condition: Scenario, revoke_at: int, ruff: bool) -> tuple[Deal, Contract, list[Card]]:
    """The first seeded deal where West's revoke at ``revoke_at`` makes ``condition`` true."""
    contract = Contract.parse("4S S")
    for seed in range(400):
        deal = Deal.random(seed)
        cards = _simulate(deal, contract, revoke_at, W, ruff)
        if cards is not None and condition(cards, deal):
            return deal, contract, cards
    raise AssertionError("no deal found for the scenario")


def _offending_side_tricks(
    deal: Deal, contract: Contract, cards: list[Card], start: int
) -> tuple[Seat | None, int]:
    """Who won trick ``start``, and how many tricks East-West won from it on."""
    tricks, _ = replay(deal, contract, cards)
    won = sum(1 for t in tricks[start - 1 :] if t.winner is not None and t.winner.side == W.side)
    return tricks[start - 1].winner, won


def test_law_63a1_62b1_revoke_not_established_must_be_corrected_defender_card_penalty() -> None:
    # West leads the heart ace, dummy follows, East (holding hearts) plays the club ace
    cards = [K("HA"), K("H8"), K("CA")]
    ruling = rule_revoke(DEAL, Contract.parse("4S S"), cards)
    assert "not established" in ruling.summary
    assert "62B1" in _laws(ruling) and "major penalty card" in _laws(ruling)
    assert ruling.transfer == 0


def _won_revoke_trick_and_another(cards: list[Card], deal: Deal) -> bool:
    winner, won = _offending_side_tricks(deal, Contract.parse("4S S"), cards, 3)
    return winner == W and won >= 2


def test_law_64a1_two_trick_transfer_offender_won_revoke_trick_and_a_later_one() -> None:
    # 4S by South: West ruffs the third trick holding its suit, and wins another later
    deal, contract, cards = _find(_won_revoke_trick_and_another, 3, ruff=True)
    ruling = rule_revoke(deal, contract, cards)
    assert ruling.offender == W and "64A1" in _laws(ruling)
    assert ruling.transfer == 2


def test_law_64a1_one_trick_transfer_when_offender_won_only_the_revoke_trick() -> None:
    def scenario(cards: list[Card], deal: Deal) -> bool:
        winner, won = _offending_side_tricks(deal, Contract.parse("4S S"), cards, 3)
        return winner == W and won == 1

    deal, contract, cards = _find(scenario, 3, ruff=True)
    assert rule_revoke(deal, contract, cards).transfer == 1


def test_law_64a2_one_trick_transfer_when_offender_did_not_win_the_revoke_trick() -> None:
    def scenario(cards: list[Card], deal: Deal) -> bool:
        winner, won = _offending_side_tricks(deal, Contract.parse("4S S"), cards, 3)
        return winner != W and won >= 2

    deal, contract, cards = _find(scenario, 3, ruff=False)
    ruling = rule_revoke(deal, contract, cards)
    assert "64A2" in _laws(ruling) and ruling.transfer == 1


# Endings of three or four tricks: South declares 1NT and West leads.
ENDING = Deal.from_pbn("N:A.AK.. K.QJ.. Q.T9.. J.2.A.", partial=True)
ENDING_PLAY = "SJ SA SK SQ  HA HQ HT DA  HK HJ H9 H2"  # West discards DA on hearts, holding H2


def _cards(text: str) -> list[Card]:
    return [K(c) for c in text.split()]


def test_law_64b1_no_rectification_when_offending_side_won_no_trick_from_the_revoke_on() -> None:
    ruling = rule_revoke(ENDING, Contract.parse("1NT S"), _cards(ENDING_PLAY))
    assert ruling.offender == W and "Established" in ruling.summary
    assert "64B1" in _laws(ruling) and ruling.transfer == 0


def test_law_64b2_no_rectification_for_a_subsequent_revoke_in_the_same_suit_by_same_player() -> (
    None
):
    deal = Deal.from_pbn("N:A.AKQ.. K.JT9.. Q.876.. J.2.AK.", partial=True)
    cards = _cards("SJ SA SK SQ  HA H9 H6 DA  HK HT H7 DK  HQ HJ H8 H2")
    _, revokes = replay(deal, Contract.parse("1NT S"), cards)
    assert [(r.trick, r.seat) for r in revokes] == [(2, W), (3, W)]
    ruling = rule_revoke(deal, Contract.parse("1NT S"), cards, revoke=revokes[1])
    assert "64B2" in _laws(ruling) and ruling.transfer == 0


def test_law_64b3_no_rectification_for_dummy_revoke() -> None:
    # 1NT by East: West is dummy and fails to follow to a heart; South leads
    cards = _cards("SQ SJ SA SK  HA HQ HT DA  HK HJ H9 H2")
    _, revokes = replay(ENDING, Contract.parse("1NT E"), cards)
    assert revokes == [Revoke(2, W, K("DA"), Suit.H)]
    ruling = rule_revoke(ENDING, Contract.parse("1NT E"), cards)
    assert "64B3" in _laws(ruling) and ruling.transfer == 0


def test_law_64b3_no_rectification_for_failure_to_play_a_faced_penalty_card() -> None:
    deal, contract, cards = _find(_won_revoke_trick_and_another, 3, ruff=True)
    ruling = rule_revoke(deal, contract, cards, faced_card=True)
    assert "64B3" in _laws(ruling) and ruling.transfer == 0


def test_law_64b4_64b5_no_rectification_when_attention_drawn_too_late() -> None:
    deal, contract, cards = _find(_won_revoke_trick_and_another, 3, ruff=True)
    assert "64B4" in _laws(rule_revoke(deal, contract, cards, after_next_board=True))
    assert "64B5" in _laws(rule_revoke(deal, contract, cards, after_round=True))


def test_law_64b6_62d_revoke_on_the_twelfth_trick_is_corrected_no_transfer() -> None:
    deal, contract, cards = _find(lambda cards, deal: True, 12, ruff=False)
    ruling = rule_revoke(deal, contract, cards)
    assert "62D1" in _laws(ruling) and "64B6" in _laws(ruling) and ruling.transfer == 0


def test_law_64b7_no_rectification_when_both_sides_revoked() -> None:
    # 1D by South: West ruffs a heart holding one (trick 2); North discards a club on a
    # heart holding one (trick 3)
    deal = Deal.from_pbn("N:A.A3..2 K.QJ9.. Q.T87.. J.2.AK.", partial=True)
    cards = _cards("SJ SA SK SQ  HA H9 H7 DA  H2 C2 HJ HT  HQ H8 DK H3")
    _, revokes = replay(deal, Contract.parse("1D S"), cards)
    assert [(r.trick, r.seat) for r in revokes] == [(2, W), (3, N)]
    ruling = rule_revoke(deal, Contract.parse("1D S"), cards)
    assert "64B7" in _laws(ruling) and ruling.transfer == 0


def test_law_64c_equity_is_always_named_after_an_established_revoke() -> None:
    def scenario(cards: list[Card], deal: Deal) -> bool:
        winner, won = _offending_side_tricks(deal, Contract.parse("4S S"), cards, 3)
        return winner != W and won >= 1

    deal, contract, cards = _find(scenario, 3, ruff=False)
    assert "64C" in _laws(rule_revoke(deal, contract, cards))


def test_law_61_no_revoke_in_a_legal_play() -> None:
    play = _play_4s_by_south()
    for card in ("HA", "H8", "H7", "H4"):
        play.play(card)
    with pytest.raises(IrregularityError, match="no revoke"):
        rule_revoke(DEAL, Contract.parse("4S S"), list(play.cards_played))


# -- Law 24: a card exposed during the auction ----------------------------------------------------
def test_law_24a_single_low_card_exposed_in_the_auction_no_further_rectification() -> None:
    ruling = rule_card_exposed_during_auction(Auction(N, ["1H"]), E, [K("S5")])
    assert "24A" in _laws(ruling) and "must pass" not in _laws(ruling)
    assert "24E" in _laws(ruling)


def test_law_24b_honour_exposed_in_the_auction_partner_passes_at_next_turn() -> None:
    ruling = rule_card_exposed_during_auction(Auction(N, ["1H"]), E, [K("SK")])
    assert "24B" in _laws(ruling) and "West must pass when next" in _laws(ruling)


def test_law_24c_two_cards_exposed_in_the_auction_partner_passes_at_next_turn() -> None:
    ruling = rule_card_exposed_during_auction(Auction(N), E, [K("S5"), K("H2")])
    assert "24C" in _laws(ruling) and "West must pass" in _laws(ruling)
