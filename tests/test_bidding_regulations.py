"""Alerts and announcements by each system's home regulations (robots/bidding/regulations.py):
SAYC under the ACBL's Alert Procedure, Forum D under the DBV's Turnierordnung (§ 15 and
Anhang F: the "Sofortauskunft"), a small weak-notrump system of our own under the EBU's
Blue Book; the robots' announcements at the web table and in every catalogue."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

from contractbridge.core import Call, Deal, Seat, SeatView
from contractbridge.core.auction import Auction
from contractbridge.core.errors import BridgeError
from contractbridge.robots.bidding import SystemRobot
from contractbridge.robots.bidding.engine import Bidder
from contractbridge.robots.bidding.explanation import Explanation
from contractbridge.robots.bidding.regulations import (
    REGIMES,
    WORDS,
    Disclosure,
    UnknownRegulationsError,
    disclose,
)
from contractbridge.robots.bidding.rules import Rule as R
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import ServerTable
from contractbridge.server.tables.views import view_for
from contractbridge.server.web.errors import ActionError
from gametable import dealt_log
from test_server_app import _robot_action

I18N = Path(__file__).parents[1] / "src/contractbridge/server/i18n"
CATALOGUES = {p.stem: json.loads(p.read_text("utf-8")) for p in I18N.glob("*.json")}

ANNOUNCED = "announced"
ALERTED = "alerted"
NOTHING = "nothing"

SAYC, FORUMD = Bidder("sayc"), Bidder("forumd")


def disclosure(regime: str, bidder: Bidder, auction: str) -> Disclosure:
    calls = [Call.parse(c) for c in auction.split()]
    return disclose(regime, calls, bidder.explain(calls))


def what(d: Disclosure) -> str | tuple[str, str]:
    assert not (d.alert and d.announcement), "a call announced is not also alerted"
    if d.announcement is not None:
        return (ANNOUNCED, d.announcement)
    return ALERTED if d.alert else NOTHING


# -- the ACBL: SAYC at home -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("auction", "expected"),
    [
        ("1N", (ANNOUNCED, "15-17")),  # the notrump range
        ("1N P 2D", (ANNOUNCED, "hearts")),  # a transfer: its suit, not "transfer"
        ("1N P 2H", (ANNOUNCED, "spades")),
        ("2N P 3D", (ANNOUNCED, "hearts")),
        ("1N P 2C", NOTHING),  # Stayman: artificial, and listed as not alerted
        ("1N P 2C P 2D", NOTHING),  # nor the reply denying a major
        ("1N P 2S", ALERTED),  # the puppet to 3♣: artificial
        ("1H P 2N", ALERTED),  # Jacoby 2NT
        ("1C 2C", NOTHING),  # Michaels over a minor: both majors
        ("1H 2H", NOTHING),  # Michaels over a major: spades and a minor
        ("2C", ALERTED),  # SAYC's 2♣ may hold 12 HCP with 9 tricks: not "Very Strong"
        ("2H", NOTHING),  # a weak two is natural and expected
        ("1C", NOTHING),  # three or more clubs: not short
        ("1S P 4N", ALERTED),  # Blackwood before opener's rebid
        ("1S P 2N P 3C P 4N", NOTHING),  # above 3NT after opener's rebid: a delayed alert
    ],
)
def test_acbl_alerts_and_announcements_of_sayc(auction: str, expected: object) -> None:
    assert what(disclosure("ACBL", SAYC, auction)) == expected


# -- the DBV: Forum D at home ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("auction", "expected"),
    [
        ("1N", (ANNOUNCED, "15-17")),
        ("1C", (ANNOUNCED, "3+ cards")),  # one of a minor: always its minimum length
        ("1D", (ANNOUNCED, "3+ cards")),
        ("2H", (ANNOUNCED, "weak")),
        ("2C", (ANNOUNCED, "semi-forcing")),  # artificial but strong only
        ("2D", (ANNOUNCED, "strongest opening")),
        ("1N P 2C", (ANNOUNCED, "Stayman")),
        ("1N P 2D", (ANNOUNCED, "transfer to hearts")),
        ("1N P 2S", ALERTED),  # the minor puppet: artificial
        ("2C P 2D", ALERTED),  # the relay: artificial, in the first round
        ("1N P 2C P 2D", ALERTED),  # artificial, after the first round below the 4-level
        ("2N P 3D", ALERTED),  # only 2-level answers to 1NT are announced
        ("1S P 4N", ALERTED),  # first round: at any level
        ("1S P 2N P 3C P 4N", NOTHING),  # later: only below the 4-level
        ("1H P 1N", NOTHING),  # natural, not forcing
    ],
)
def test_dbv_alerts_and_announcements_of_forum_d(auction: str, expected: object) -> None:
    assert what(disclosure("DBV", FORUMD, auction)) == expected


# -- the EBU: a weak notrump system of our own ------------------------------------------------
STAYMAN = "Stayman: asks for a 4-card major"
WEAK_NT = types.ModuleType("contractbridge.robots.bidding.systems.weak_nt_test")
WEAK_NT.REGULATIONS = "EBU"  # type: ignore[attr-defined]
WEAK_NT.RULES = (  # type: ignore[attr-defined]
    R("1N", hcp=(12, 14), shape="bal", priority=90),
    R("1C", hcp=(15, 19), suits="C>=2", priority=60, text="could be short"),
    R("2C", hcp=(23, 37), force="game forcing", artificial=True, priority=95, text="strong"),
    R("2D", hcp=(11, 15), suits="D>=6", priority=60, text="intermediate two"),
    R("2H", hcp=(5, 10), suits="H=6", priority=60, text="weak two"),
    R("2S", hcp=(16, 21), suits="S>=6", force="forcing", priority=60, text="Acol two"),
    R("2C", after="1N -", hcp=(11, 37), suits="H>=4", artificial=True, force="forcing",
      priority=80, text=STAYMAN),
    R("2D", after="1N -", suits="H>=5", artificial=True, alert=True, priority=81,
      text="transfer to ♥"),
    R("2H", after="1N -", suits="S>=5", artificial=True, alert=True, priority=81,
      text="transfer to ♠"),
    R("4D", after="1N -", suits="H>=6", artificial=True, priority=81, text="Texas: transfer to ♥"),
    R("2D", after="1N - 2C -", suits="H<=3 S<=3", artificial=True, priority=50,
      text="no 4-card major"),
    R("4N", after="1{a} -", hcp=(16, 37), artificial=True, priority=50, text="Blackwood"),
    R("5C", after="1{a} - 4N -", artificial=True, priority=50, text="0 or 4 aces"),
)  # fmt: skip


@pytest.fixture
def weak_nt(monkeypatch: pytest.MonkeyPatch) -> Bidder:
    monkeypatch.setitem(sys.modules, WEAK_NT.__name__, WEAK_NT)
    return Bidder("weak_nt_test")


@pytest.mark.parametrize(
    ("auction", "expected"),
    [
        ("1N", (ANNOUNCED, "12-14")),
        ("1C", (ANNOUNCED, "2+ cards")),  # may be short
        ("2H", (ANNOUNCED, "weak")),  # natural twos by their strength
        ("2D", (ANNOUNCED, "intermediate")),
        ("2S", (ANNOUNCED, "strong, forcing")),
        ("2C", ALERTED),  # an artificial two is alerted
        ("1N P 2C", (ANNOUNCED, "Stayman")),
        ("1N P 2D", (ANNOUNCED, "hearts")),
        ("1N P 2C P 2D", NOTHING),  # the reply to Stayman
        ("1N P 4D", ALERTED),  # above 3NT, an artificial suit bid in the first round
        ("1H P 4N", NOTHING),  # but not Blackwood
        ("1H P 4N P 5C", NOTHING),  # nor anything above 3NT later
    ],
)
def test_ebu_alerts_and_announcements_of_a_weak_notrump(
    weak_nt: Bidder, auction: str, expected: object
) -> None:
    assert what(disclosure("EBU", weak_nt, auction)) == expected


@pytest.mark.parametrize(
    ("auction", "expected"),
    [
        ("1N", (ANNOUNCED, "12-14")),  # Acol's weak notrump
        ("2N", (ANNOUNCED, "20-22")),
        ("2H", (ANNOUNCED, "weak")),
        ("1N P 2C", (ANNOUNCED, "Stayman")),
        ("1N P 2H", (ANNOUNCED, "spades")),
        ("2C", ALERTED),  # strong and artificial
        ("1C", NOTHING),  # four or more clubs
    ],
)
def test_ebu_alerts_and_announcements_of_acol(auction: str, expected: object) -> None:
    acol = Bidder("acol")
    robot = SystemRobot(system="acol", judgement=False)
    assert robot.regulations == "EBU"
    assert what(disclosure("EBU", acol, auction)) == expected


def test_the_same_call_is_disclosed_by_each_regime_its_own_way() -> None:
    # Stayman: not alerted (ACBL), announced "Stayman" (EBU, DBV); a transfer: "hearts",
    # "hearts", "transfer to hearts"; a weak two: nothing, "weak", "weak"
    got = {r: [what(disclosure(r, SAYC, a)) for a in ("1N P 2C", "1N P 2D", "2H")] for r in REGIMES}
    assert got == {
        "ACBL": [NOTHING, (ANNOUNCED, "hearts"), NOTHING],
        "EBU": [(ANNOUNCED, "Stayman"), (ANNOUNCED, "hearts"), (ANNOUNCED, "weak")],
        "DBV": [(ANNOUNCED, "Stayman"), (ANNOUNCED, "transfer to hearts"), (ANNOUNCED, "weak")],
    }


def test_unknown_regulations_and_positions_are_refused() -> None:
    calls = [Call.parse("1NT")]
    e = [Explanation(call="1NT", text="15-17 HCP", hcp=(15, 17), balanced=True)]
    with pytest.raises(UnknownRegulationsError, match="ACBL, EBU, DBV"):
        disclose("WBF", calls, e)
    with pytest.raises(BridgeError, match="no call number 3"):
        disclose("EBU", calls, e, position=2)
    # an earlier call of the auction, by its position
    calls.append(Call.parse("P"))
    e.append(Explanation(call="Pass", text="", undiscussed=True))
    assert disclose("EBU", calls, e, position=0).announcement == "15-17"
    assert disclose("EBU", calls, e) == Disclosure()  # undiscussed: nothing to say


# -- the robots -----------------------------------------------------------------------------
def view(seat: Seat, dealer: Seat, calls: str) -> SeatView:
    return SeatView.of(seat, Deal.random(7), Auction(dealer, calls.split()), None)


def test_a_robot_announces_and_alerts_by_its_systems_regulations(weak_nt: Bidder) -> None:
    sayc, forumd = SystemRobot(judgement=False), SystemRobot(system="forumd", judgement=False)
    ebu = SystemRobot(system="weak_nt_test", judgement=False)
    assert (sayc.regulations, forumd.regulations, ebu.regulations) == ("ACBL", "DBV", "EBU")
    after_1nt = view(Seat.S, Seat.N, "1NT Pass")
    two_d = Call.parse("2D")
    assert [r.announcement(after_1nt, two_d) for r in (sayc, forumd, ebu)] == [
        "hearts", "transfer to hearts", "hearts",
    ]  # fmt: skip
    assert not any(r.alerts(after_1nt, two_d) for r in (sayc, forumd, ebu))
    opening = view(Seat.N, Seat.N, "")
    assert ebu.announcement(opening, Call.parse("1NT")) == "12-14"
    assert forumd.announcement(opening, Call.parse("2D")) == "strongest opening"
    assert forumd.alerts(view(Seat.S, Seat.N, "2C Pass"), Call.parse("2D"))  # the relay


def test_a_system_naming_no_regulations_alerts_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = types.ModuleType("contractbridge.robots.bidding.systems.plain_test")
    plain.RULES = WEAK_NT.RULES  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, plain.__name__, plain)
    robot = SystemRobot(system="plain_test", judgement=False)
    after_1nt = view(Seat.S, Seat.N, "1NT Pass")
    assert robot.regulations is None
    assert robot.alerts(after_1nt, Call.parse("2C"))  # artificial: alerted, as it was
    assert robot.announcement(after_1nt, Call.parse("2D")) is None


# -- at the web table -------------------------------------------------------------------------
# North 16 HCP balanced (a 1NT opening); South 3 HCP with five hearts (a transfer).
DEAL = "N:AK2.K32.AQ32.432 8765.76.987.JT98 43.QJ954.654.765 QJT9.AT8.KJT.AKQ"


def table_after_1nt() -> ServerTable:
    settings = {"kind": "duplicate", "seats": {"N": {"robot": False}}}
    state = ServerTable.replay(
        TableSettings.from_json(settings), [e.to_dict() for e in dealt_log(DEAL)]
    )
    state.act(Seat.N, {"call": "1NT"})
    state.act(Seat.E, {"call": "Pass"})
    return state


def test_a_forum_d_robot_announces_its_transfer_to_the_whole_table() -> None:
    state = table_after_1nt()
    action = _robot_action(state, Seat.S, SystemRobot(system="forumd", judgement=False))
    assert action["announcement"] == "transfer to hearts" and action["alert"] is False
    state.act(Seat.S, action)
    for seat in (Seat.N, Seat.E, Seat.W, None):  # partner, the opponents, a spectator
        call = view_for(state, seat, names={})["board"]["calls"][2]
        assert (call["call"], call["announcement"]) == ("2D", "transfer to hearts")
    # the call's event keeps the words; an unannounced call's JSON has no such field
    events = [e.to_dict() for e in state.table.events]
    assert events[-1]["announcement"] == "transfer to hearts"
    assert "announcement" not in events[-3]  # North's 1NT, a person's: not announced


def test_a_person_explains_a_call_and_does_not_announce_it() -> None:
    settings = {"kind": "duplicate", "seats": {"N": {"robot": False}}}
    state = ServerTable.replay(
        TableSettings.from_json(settings), [e.to_dict() for e in dealt_log(DEAL)]
    )
    with pytest.raises(ActionError, match="robots announce their calls"):
        state.act(Seat.N, {"call": "1NT", "announcement": "15-17"})  # North is a person
    state.act(Seat.N, {"call": "1NT", "explanation": "15-17"})
    with pytest.raises(ActionError, match="an announcement is text"):
        state.act(Seat.E, {"call": "Pass", "announcement": 3})


# -- the words in every language ---------------------------------------------------------------
@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_announcement_reads_in_each_language(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    for words in (*WORDS, "{n}+ cards"):
        text = catalogue.get(f"ann.{words}")
        assert text, f"{lang} lacks ann.{words}"
        if lang == "en":
            assert text == words
    assert "{n}" in catalogue["ann.{n}+ cards"] and catalogue.get("ui.announcement")
    if lang == "de":  # the DBV's own words
        assert catalogue["ann.transfer to hearts"] == "Transfer auf Coeur"
        assert (catalogue["ann.weak"], catalogue["ann.strong"]) == ("schwach", "stark")


def test_every_announcement_a_robot_makes_is_a_catalogue_word_or_a_number() -> None:
    import re

    made = set()
    for regime in REGIMES:
        for bidder in (SAYC, FORUMD):
            for auction in ("1N", "1C", "1D", "2C", "2D", "2H", "2S", "2N", "1N P 2C",
                            "1N P 2D", "1N P 2H", "2N P 3D", "2N P 3H"):  # fmt: skip
                words = disclosure(regime, bidder, auction).announcement
                if words is not None:
                    made.add(words)
    assert {"15-17", "hearts", "transfer to spades", "strongest opening"} <= made
    for words in made:
        assert words in WORDS or re.fullmatch(r"\d+-\d+|\d+\+ cards", words), words
