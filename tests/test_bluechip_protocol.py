"""Every message of the Blue Chip table-manager protocol (v18), read and written.

The lines are those of the protocol text (docs/bluechip.md, ../shared/reference/
table-manager-protocol.md) and of the clients and managers met in the wild: ben's
table_manager_client.py, OpenSpiel's bluechip_bridge.py (WBridge5), RoboBridge, Bridge
Moniteur.
"""

from __future__ import annotations

import pytest

from contractbridge.bluechip.protocol import (
    BoardMessage,
    CallMessage,
    CardMessage,
    CardsMessage,
    Connect,
    DummyCards,
    EndOfSession,
    ErrorMessage,
    Illegal,
    ProtocolError,
    ReadyForCall,
    ReadyForCard,
    ReadyForCards,
    ReadyForDeal,
    ReadyForDummy,
    ReadyForTeams,
    ReadyToStart,
    Seated,
    StartOfBoard,
    Teams,
    Timing,
    ToLead,
    format_message,
    hand_text,
    parse,
    parse_hand,
    timing_text,
)
from contractbridge.core import Call, Card, Hand, Seat, Vulnerability

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
HAND = Hand.from_pbn("AK7.Q983..KJT654")

# (the line as this package writes it, the message) for every message of the protocol,
# in the order a session sends them
TRANSCRIPT = [
    ('Connecting "ben" as North using protocol version 18', Connect("ben", N)),
    ('North ("ben") seated', Seated(N, "ben")),
    ("North ready for teams", ReadyForTeams(N)),
    ('Teams : N/S : "ben" E/W : "contractbridge"', Teams("ben", "contractbridge")),
    ("North ready to start", ReadyToStart(N)),
    ("Start of board", StartOfBoard()),
    ("North ready for deal", ReadyForDeal(N)),
    ("Board number 3. Dealer South. E/W vulnerable.", BoardMessage(3, S, Vulnerability.EW)),
    ("North ready for cards", ReadyForCards(N)),
    ("North's cards : S A K 7. H Q 9 8 3. D -. C K J T 6 5 4.", CardsMessage(N, HAND)),
    ("North ready for South's bid", ReadyForCall(N, S)),
    ("South bids 1NT Alert. 15 to 17 total points.",
     CallMessage(S, Call.parse("1NT"), True, "15 to 17 total points")),
    ("West passes", CallMessage(W, Call.parse("P"))),
    ("North doubles", CallMessage(N, Call.parse("X"))),
    ("East redoubles", CallMessage(E, Call.parse("XX"))),
    ("South bids 2C Infos. Asking for a four-card major suit.",
     CallMessage(S, Call.parse("2C"), False, "Asking for a four-card major suit")),
    ("West to lead", ToLead(W)),
    ("North ready for West's card to trick 1", ReadyForCard(N, W, 1)),
    ("West plays TS", CardMessage(W, Card.parse("ST"))),
    ("North ready for dummy", ReadyForDummy(N)),
    ("Dummy's cards : S A K 7. H Q 9 8 3. D -. C K J T 6 5 4.", DummyCards(HAND)),
    ("West ready for dummy's card to trick 1", ReadyForCard(W, None, 1)),
    ("Dummy to lead", ToLead(None)),
    ("Illegal bid", Illegal("bid")),
    ("Illegal card", Illegal("card")),
    ("Timing - N/S : this board  [01:15],  total  [0:11:23].  E/W : this board  [01:18],  "
     "total  [0:10:23].", None),
    ("End of session", EndOfSession()),
    ("Error Team name mismatch", ErrorMessage("Team name mismatch")),
]  # fmt: skip


@pytest.mark.parametrize(("line", "message"), TRANSCRIPT, ids=[t[0][:30] for t in TRANSCRIPT])
def test_each_message_reads_and_writes_back_the_same_line(line, message):
    parsed = parse(line)
    if message is not None:
        assert parsed == message
    assert format_message(parsed) == line


def test_timing_line_as_the_manager_writes_it():
    line = timing_text(75, 683, 78, 623)
    assert isinstance(parse(line), Timing)
    assert "[01:15]" in line and "[0:11:23]" in line and "[0:10:23]" in line


# -- the variations met in the wild ---------------------------------------------------
@pytest.mark.parametrize(
    ("line", "ns", "ew", "scoring"),
    [
        ('Teams : N/S : "Ben". E/W : "WBridge5"', "Ben", "WBridge5", None),  # the spec's period
        ('Teams : N/S : "RoboNS" E/W : "RoboEW"', "RoboNS", "RoboEW", None),  # RoboBridge
        ('Teams: N/S "silent" E/W "bidders"', "silent", "bidders", None),  # OpenSpiel
        ('Teams : N/S : "a b" E/W : "c". Playing IMP', "a b", "c", "IMP"),  # Bridge Moniteur
    ],
)
def test_teams_line_in_every_spelling(line, ns, ew, scoring):
    assert parse(line) == Teams(ns, ew, scoring)


def test_ben_reads_our_teams_line():
    # ben's client finds the names with this pattern; a period after the N/S name breaks it
    import re

    pattern = r'N/S : "([^"]+)" E/W : "([^"]+)"(?:.*?Playing (\w+))?'
    assert re.findall(pattern, format_message(Teams("A", "B")))[0][:2] == ("A", "B")


def test_openspiel_upper_case_and_lower_case_cards():
    assert parse('Connecting "WBridge5" as ANYPL using protocol version 18') == Connect(
        "WBridge5", None
    )
    assert parse("WEST PASSES") == CallMessage(W, Call.parse("P"))
    assert parse("EAST bids 1C") == CallMessage(E, Call.parse("1C"))
    assert parse("NORTH plays tc") == CardMessage(N, Card.parse("CT"))
    assert parse("WEST ready for  NORTH's bid") == ReadyForCall(W, N)
    assert parse("WEST's cards: S A T 9 5. H K 6 5. D Q J 8 7 6. C 7.") == CardsMessage(
        W, Hand.from_pbn("AT95.K65.QJ876.7")
    )
    assert parse("Board number 8. Dealer WEST. Neither vulnerable.") == BoardMessage(
        8, W, Vulnerability.NONE
    )


def test_ben_extras_connect_info_card_info_and_rescue():
    message = parse('Connecting "BEN" as South using protocol version 18 GIB-BBO 0.8.8.6 x.conf')
    assert message == Connect("BEN", S, 18, "GIB-BBO 0.8.8.6 x.conf")
    assert parse("West plays AS. Simulation") == CardMessage(W, Card.parse("SA"), "Simulation")
    call = parse("North bids 2H Alert. 5+ hearts, 6-10 total points Rescue.")
    assert isinstance(call, CallMessage) and call.alert
    assert call.explanation == "5+ hearts, 6-10 total points Rescue"


def test_moniteur_trailing_periods_and_compact_infos():
    assert parse("North doubles.") == CallMessage(N, Call.parse("X"))
    assert parse("North bids 3NT.") == CallMessage(N, Call.parse("3NT"))
    info = parse("North bids 1H.Infos.C=0-8,D=4-8,H=0-5,S=0-5,HCP=17-19,Total=19-21.")
    assert info == CallMessage(
        N, Call.parse("1H"), False, "C=0-8,D=4-8,H=0-5,S=0-5,HCP=17-19,Total=19-21"
    )


def test_hands_with_a_dash_for_a_void_tens_and_meadowlark_spacing():
    assert parse_hand("S -. H A K Q J T 9 8 7 6 5 4 3 2. D -. C -.") == Hand.from_pbn(
        ".AKQJT98765432.."
    )
    assert parse_hand("S A 10 2. H K. D Q J 3 2. C 9 8 7 6 5.") == Hand.from_pbn("AT2.K.QJ32.98765")
    assert (
        hand_text(Hand.from_pbn("...AKQJT98765432"))
        == "S -. H -. D -. C A K Q J T 9 8 7 6 5 4 3 2."
    )


def test_our_explanations_go_out_in_plain_ascii_on_one_line():
    message = CallMessage(N, Call.parse("2C"), True, 'Stayman: asks for a 4-card ♥ or ♠\n"x"')
    line = format_message(message)
    assert line == "North bids 2C Alert. Stayman: asks for a 4-card H or S 'x'."
    line.encode("ascii")


@pytest.mark.parametrize(
    "line",
    [
        "Hello",
        "North bids 8NT",
        "North plays 1S",
        "North bids",
        'Connecting "x" as North',  # no protocol version
        "North's cards : S A K. H Q.",  # two suits
        "Board number 1. Dealer North. Sometimes vulnerable.",
        "North bids 1NT Maybe. 15-17",
        "Teams : nobody",
    ],
)
def test_what_is_not_the_protocol_is_refused_with_a_reason(line):
    with pytest.raises(ProtocolError):
        parse(line)
