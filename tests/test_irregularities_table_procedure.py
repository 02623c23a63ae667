"""Face to face: the face-down opening lead (Law 41A) and alerts by the caller's partner
(the German/English text: "It is always the duty of the partner of the bidder to alert")."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from contractbridge.core import Call, Card, Deal, IllegalCallError, Play, Seat
from contractbridge.core.call import PASS
from contractbridge.core.contract import Contract
from contractbridge.core.irregularities import Kind, rule_opening_lead_out_of_turn
from contractbridge.core.view import SeatView
from contractbridge.game.director import Facts, Report, rule
from contractbridge.game.facetoface import FaceToFaceDeal
from contractbridge.robots.bidding import SystemRobot

C, K = Call.parse, Card.parse
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
DEAL = Deal.from_pbn(PBN)
PEOPLE = {seat: None for seat in Seat}
_SAYC = SystemRobot("SAYC")


class Scripted:
    """A robot making the calls it is given, reading every call by the SAYC system."""

    def __init__(self, calls: Iterable[str] = ()) -> None:
        self.calls = [C(c) for c in calls]

    def call(self, view: SeatView) -> Call:
        return self.calls.pop(0) if self.calls else PASS

    def card(self, view: SeatView) -> Card:
        return view.legal_cards()[0]

    def explain(self, view: SeatView, call: Call) -> str | None:
        return _SAYC.explain(view, call)

    def alerts(self, view: SeatView, call: Call) -> bool:
        return _SAYC.alerts(view, call)

    def announcement(self, view: SeatView, call: Call) -> str | None:
        return _SAYC.announcement(view, call)


# -- the face-down opening lead -------------------------------------------------------------
def _3nt_by_north() -> FaceToFaceDeal:
    game = FaceToFaceDeal(DEAL, dealer=N, players=PEOPLE)
    for call in ("1NT", "P", "3NT", "P", "P", "P"):
        seat = game.waiting_for
        assert seat is not None
        game.call(seat, C(call))
    return game


def test_law_41a_face_down_lead_out_of_turn_is_withdrawn_without_rectification() -> None:
    play = Play(DEAL, Contract.parse("3NT N"))  # East is on lead
    ruling = rule_opening_lead_out_of_turn(play, W, K("HA"), face_down=True)
    assert ruling.kind == Kind.FACE_DOWN_LEAD_OUT_OF_TURN and ruling.offender == W
    assert ruling.options == ()  # nothing to choose: no penalty card, no lead restriction
    assert any("41A" in line and "returned to West's hand" in line for line in ruling.follows)
    # the same card faced is Law 54's opening lead out of turn, with declarer's options
    faced = rule_opening_lead_out_of_turn(play, W, K("HA"))
    assert [o.key for o in faced.options] == [
        "become-dummy", "accept", "require", "prohibit", "penalty",
    ]  # fmt: skip


def test_the_director_rules_a_face_down_lead_out_of_turn() -> None:
    report = Report("opening-lead", deal=PBN, contract="3NT N", seat="W", card="HA")
    assert rule(Facts(report)).kind == Kind.OPENING_LEAD_OUT_OF_TURN
    report.face_down = True
    assert rule(Facts(report)).kind == Kind.FACE_DOWN_LEAD_OUT_OF_TURN


def test_face_to_face_wrong_defenders_face_down_lead_goes_back_to_his_hand() -> None:
    game = _3nt_by_north()
    game.lead_face_down(W, K("HA"))
    assert game.notes[-1].ruling is not None
    assert game.notes[-1].ruling.kind == Kind.FACE_DOWN_LEAD_OUT_OF_TURN
    assert game.play is not None and game.play.cards == []
    assert K("HA") in game.play.hand(W)
    assert not game.duties.penalty_cards and game.duties.lead is None
    assert game.waiting_for == E  # the right defender leads, anything he likes
    game.lead_face_down(E, K("H5"))
    assert game.play.cards == [K("H5")]  # faced: the lead stands


def test_only_the_opening_lead_is_made_face_down() -> None:
    from contractbridge.core import IllegalPlayError

    game = _3nt_by_north()
    with pytest.raises(IllegalPlayError, match="declarer's side"):
        game.lead_face_down(S, K("S7"))
    game.card(E, K("H5"))
    with pytest.raises(IllegalPlayError, match="41A"):
        game.lead_face_down(W, K("HA"))


# -- alerts: the caller's partner alerts and explains ------------------------------------------
def test_a_robot_alerts_its_partners_call_the_persons_included() -> None:
    # South (a person) answers partner's 1NT with 2S, a puppet to 3C (artificial: the ACBL
    # has it alerted): North, the caller's partner, alerts
    players = {N: Scripted(["1NT"]), E: Scripted(), S: None, W: Scripted()}
    game = FaceToFaceDeal(DEAL, dealer=N, players=players)
    assert game.announce(S) == "15-17"  # South, a person, announces partner's 1NT first
    game.call(S, C("2S"))
    texts = [n.text for n in game.notes]
    assert "North alerts South's 2S." in texts
    assert not any("alerts North's 1NT" in t for t in texts)  # 1NT: announced, not alerted
    assert "South announces North's 1NT: 15-17." in texts
    assert not any("did not announce" in t for t in texts)


def test_a_robot_announces_its_partners_transfer() -> None:
    players = {N: Scripted(["1NT"]), E: Scripted(), S: None, W: Scripted()}
    game = FaceToFaceDeal(DEAL, dealer=N, players=players)
    game.call(S, C("2D"))  # a Jacoby transfer: announced "hearts" (ACBL), not alerted
    texts = [n.text for n in game.notes]
    assert "North announces South's 2D: hearts." in texts
    assert not any("alerts South's 2D" in t for t in texts)
    assert game.announced == {0: "15-17", 2: "hearts"}


def test_a_person_announces_partners_call_and_a_missed_one_is_noted() -> None:
    players = {N: None, E: Scripted(), S: Scripted(["2D", "2H"]), W: Scripted()}
    game = FaceToFaceDeal(DEAL, dealer=N, players=players, auto=False)
    game.call(N, C("1NT"))
    game.step()  # East passes
    game.step()  # South: 2D, a transfer: North (the person) announces "hearts"
    with pytest.raises(IllegalCallError, match=r"announced \(hearts\), not alerted"):
        game.alert(N)
    assert game.announce(N) == "hearts"
    assert game.notes[-1].text == "North announces South's 2D: hearts."
    with pytest.raises(IllegalCallError, match="announces"):
        game.announce(N)  # nothing more to announce
    game.step()  # West passes
    game.call(N, C("2H"))
    game.step()  # East passes
    game.step()  # South: 2H, natural: nothing to announce
    with pytest.raises(IllegalCallError, match="announces"):
        game.announce(N)


def test_a_missed_announcement_is_noted_as_misinformation() -> None:
    players = {N: None, E: Scripted(), S: Scripted(["2H"]), W: Scripted()}
    game = FaceToFaceDeal(DEAL, dealer=N, players=players, auto=False)
    game.call(N, C("1NT"))
    game.step()
    game.step()  # South: 2H, a transfer to spades
    game.step()  # North lets West call without announcing
    missed = [n.text for n in game.notes if "did not announce" in n.text]
    assert len(missed) == 1
    assert "South's 2H (spades)" in missed[0] and "Laws 21B, 40B4" in missed[0]


def test_a_person_alerts_partners_artificial_call() -> None:
    players = {N: None, E: Scripted(), S: Scripted(["2S"]), W: Scripted()}
    game = FaceToFaceDeal(DEAL, dealer=N, players=players, auto=False)
    game.call(N, C("1NT"))
    game.step()  # East passes
    game.step()  # South: 2S, a puppet: North (the person, South's partner) must alert
    assert not any("alerts South's 2S" in n.text for n in game.notes)  # the robot does not
    game.alert(N)
    assert game.notes[-1].text == "North alerts South's 2S."
    game.step()  # West calls: nothing is noted against North
    assert not any("did not alert" in n.text for n in game.notes)


def test_a_missed_alert_is_noted_as_misinformation() -> None:
    players = {N: None, E: Scripted(), S: Scripted(["2S"]), W: Scripted()}
    game = FaceToFaceDeal(DEAL, dealer=N, players=players, auto=False)
    game.call(N, C("1NT"))
    game.step()
    game.step()  # South: 2S, a puppet to 3C
    game.step()  # North lets West call without alerting
    missed = [n.text for n in game.notes if "did not alert" in n.text]
    assert len(missed) == 1
    assert "South's 2S (puppet to 3♣" in missed[0] and "Laws 21B, 40B4" in missed[0]


def test_an_alert_the_system_does_not_require_is_noted() -> None:
    players = {N: None, E: Scripted(), S: Scripted(["3NT"]), W: Scripted()}
    game = FaceToFaceDeal(DEAL, dealer=N, players=players, auto=False)
    game.call(N, C("1NT"))
    game.step()
    game.step()  # South: 3NT, natural
    game.alert(N)
    assert "does not alert" in game.notes[-1].text


def test_the_callers_partner_explains_on_request() -> None:
    players = {N: Scripted(["1NT"]), E: None, S: Scripted(["2C"]), W: Scripted()}
    game = FaceToFaceDeal(DEAL, dealer=N, players=players, auto=False)
    game.step()  # North 1NT
    game.call(E, C("P"))
    game.step()  # South 2C
    answer = game.ask(E, 2)
    assert answer.startswith("North explains South's 2C: Stayman")
    assert game.ask(E, 0) == "South explains North's 1NT: 15-17 HCP, balanced."
    with pytest.raises(IllegalCallError, match="opponents' calls"):
        game.ask(E, 1)  # his own call


def test_play_face_to_face_through_a_pipe_asks_and_alerts() -> None:
    import argparse
    import io

    from contractbridge.cli._facetoface import run

    # seed 3, board 1: North opens 1H, East overcalls 1S; South (the person) asks about it,
    # then about partner's call (refused), then alerts partner's natural 1H (not required)
    args = argparse.Namespace(seat=S, seed=3, boards=1, robots="best")
    lines = io.StringIO("help\n\n\nask 2\nask 1\nalert\nquit\n")
    out = io.StringIO()
    assert run(args, lines, out) == 0
    text = out.getvalue()
    assert "down SA" in text and "alert your partner's last call" in text
    assert "North: 1H" in text and "East: 1S" in text
    assert "West explains East's 1S: " in text
    assert "asks about the opponents' calls" in text
    assert "South alerts North's 1H, which the system does not alert" in text
