"""A face-to-face deal: irregularities are made, ruled by the Laws, and the table goes on."""

from __future__ import annotations

import pytest

from contractbridge.core import Call, Card, Deal, IllegalCallError, IllegalPlayError, Seat
from contractbridge.game.facetoface import FaceToFaceDeal
from contractbridge.robots.basic import BasicRobot

C, K = Call.parse, Card.parse
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
PEOPLE = {seat: None for seat in Seat}


def _bid(game: FaceToFaceDeal, *calls: str) -> None:
    for call in calls:
        seat = game.waiting_for
        assert seat is not None
        game.call(seat, C(call))


def _3nt_by_north() -> FaceToFaceDeal:
    game = FaceToFaceDeal(DEAL, dealer=N, players=PEOPLE)
    _bid(game, "1NT", "P", "3NT", "P", "P", "P")
    assert game.contract is not None and str(game.contract) == "3NT N"
    return game


def test_law_27b1a_face_to_face_correction_to_lowest_sufficient_bid_no_bar() -> None:
    game = FaceToFaceDeal(DEAL, dealer=N, players=PEOPLE)
    _bid(game, "1NT")
    game.call(E, C("1H"))  # insufficient: East must correct
    assert game.waiting_for == E and game.notes[-2].ruling is not None
    game.call(E, C("2H"))
    assert game.auction.calls == (C("1NT"), C("2H")) and game.duties.must_pass == {}


def test_law_27b2_face_to_face_other_correction_bars_partner() -> None:
    game = FaceToFaceDeal(DEAL, dealer=N, players=PEOPLE)
    _bid(game, "1NT")
    game.call(E, C("1H"))
    game.call(E, C("3C"))
    _bid(game, "P")  # South
    with pytest.raises(IllegalCallError, match="must pass throughout"):
        game.call(W, C("3H"))
    game.call(W, C("P"))


def test_law_29b_31b_face_to_face_bid_out_of_rotation_is_cancelled() -> None:
    game = FaceToFaceDeal(DEAL, dealer=N, players=PEOPLE)
    game.call(S, C("1D"))  # at North's (partner's) turn
    assert game.auction.calls == () and game.waiting_for == N
    assert "31B" in str(game.notes[-2].ruling)


def test_law_30a_face_to_face_pass_out_of_rotation_at_rho_turn_bars_next_turn() -> None:
    game = FaceToFaceDeal(DEAL, dealer=N, players=PEOPLE)
    _bid(game, "1NT")
    game.call(S, C("P"))  # at East's turn: South's RHO
    _bid(game, "2C")  # East
    with pytest.raises(IllegalCallError):
        game.call(S, C("3NT"))
    game.call(S, C("P"))


def test_law_54b_face_to_face_lead_accepted_when_declarer_side_holds_the_ace() -> None:
    game = _3nt_by_north()  # East is on lead; West leads DT: South (dummy) holds the DA
    game.card(W, K("DT"))
    assert game.play is not None and game.play.first_leader == W
    assert game.play.cards == [K("DT")] and game.waiting_for == N


def test_law_50d2b_face_to_face_lead_of_the_suit_prohibited_otherwise() -> None:
    game = _3nt_by_north()
    game.card(W, K("HA"))  # North-South do not hold the heart ace
    assert game.play is not None and game.play.cards == []
    with pytest.raises(IllegalPlayError, match="may not lead"):
        game.card(E, K("H7"))
    game.card(E, K("CA"))


def test_law_50d1_face_to_face_exposed_honour_must_be_played_at_first_opportunity() -> None:
    game = _3nt_by_north()
    game.expose(W, K("HK"))  # West drops the heart king: a major penalty card
    game.card(E, K("H7"))  # East leads a heart
    game.card(N, K("H2"))  # declarer plays dummy's (South's) heart
    with pytest.raises(IllegalPlayError, match="penalty card"):
        game.card(W, K("HA"))
    game.card(W, K("HK"))
    assert game.duties.penalty_cards == {}


def test_law_64a_face_to_face_revoke_found_at_the_end_of_play_transfers_tricks() -> None:
    game = _3nt_by_north()
    revoked = False
    while not game.is_over:
        play = game.play
        assert play is not None
        seat = play.turn
        assert seat is not None
        legal = sorted(play.legal_cards())
        card = legal[0]
        if not revoked and seat == W and play.current_trick:
            others = [c for c in play.hand(W) if c.suit != play.current_trick[0].suit]
            if others and len(legal) < len(play.hand(W)):
                card, revoked = max(others), True
        actor = play.declarer if seat == play.dummy else seat
        game.card(actor, card)
    assert revoked and game.revoke_ruling is not None
    ruling = game.revoke_ruling
    assert ruling.offender == W
    played = game.play.declarer_tricks if game.play else 0
    assert game.declarer_tricks == played + ruling.transfer


def test_face_to_face_robots_play_a_whole_deal_obeying_the_rulings() -> None:
    robot = BasicRobot("Robot")
    game = FaceToFaceDeal(
        Deal.random(11), dealer=N, players={N: robot, E: robot, W: robot, S: None}
    )
    while not game.is_over:
        assert game.waiting_for == S
        if game.play is None:
            game.call(S, C("P"))
        else:
            play = game.play
            turn = play.turn
            assert turn is not None
            game.card(S, sorted(play.legal_cards())[0])
    assert game.is_over


def test_law_31b_face_to_face_different_call_after_cancelled_bid_bars_partner_once() -> None:
    game = FaceToFaceDeal(DEAL, dealer=N, players=PEOPLE)
    game.call(S, C("1D"))  # at North's (partner's) turn: cancelled
    _bid(game, "1NT", "P")  # North, East
    game.call(S, C("3NT"))  # not the withdrawn 1D: North must pass at his next turn
    _bid(game, "P")  # West
    with pytest.raises(IllegalCallError, match="must pass"):
        game.call(N, C("4NT"))
    game.call(N, C("P"))
    assert game.duties.must_pass == {}


def test_play_face_to_face_through_a_pipe_rules_a_call_out_of_rotation() -> None:
    import argparse
    import io

    from contractbridge.cli._facetoface import run

    args = argparse.Namespace(seat=S, seed=3, robots="basic", boards=1)
    out = io.StringIO()
    assert run(args, io.StringIO("1c\n\n\n1d\n2d\n" + "\n" * 40), out) == 0
    text = out.getvalue()
    assert "Law 29B, 31B" in text and "West chooses cancel" in text
    assert "South corrects to 2D (Law 27B1(a)" in text
