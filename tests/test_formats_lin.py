"""BBO LIN import and export, on the real LIN files of the shared corpus."""

from __future__ import annotations

import re
from functools import cache

import pytest

from contractbridge.core import Board, Call, Card, Contract, Seat, Vulnerability
from contractbridge.formats import FormatError, GameRecord, lin, pbn
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT

BOARDS_PER_FILE = {
    "bbo_1047742261.lin": 1,
    "bbo_3399598383.lin": 1,
    "bbo_skyclub_20784111.lin": 1,
    "endplay_example1.lin": 8,
    "vugraph_schapiro_2007_final.lin": 16,
}
VUGRAPH = "vugraph_schapiro_2007_final.lin"
# PBN files whose games have auctions and plays: the ones a PBN -> LIN -> PBN trip can carry
PBN_WITH_PLAY = [
    "bbo_aba_17901_pairs.pbn",
    "bbo_helper_ben_daily_2024-06-03.pbn",
    "realbridge_299_dd.pbn",
    "schiphol_1995_auction_play.pbn",
]
PLAYED = ("deal", "dealer", "vulnerability", "board", "auction", "play", "contract", "result")


@cache
def boards(name: str) -> list[GameRecord]:
    with open(CORPUS / "lin" / name, "rb") as fp:
        return list(lin.load(fp))


def calls(text: str) -> list[Call]:
    return [Call.parse(c) for c in text.split()]


def test_the_corpus_holds_exactly_the_files_checked_here() -> None:
    assert sorted(p.name for p in (CORPUS / "lin").glob("*.lin")) == sorted(BOARDS_PER_FILE)


@pytest.mark.parametrize("name", sorted(BOARDS_PER_FILE))
def test_every_corpus_file_loads_with_every_board(name: str) -> None:
    assert len(boards(name)) == BOARDS_PER_FILE[name]
    assert all(b.deal is not None and b.deal.is_complete for b in boards(name))


@pytest.mark.parametrize("name", sorted(BOARDS_PER_FILE))
def test_dealer_digit_and_sv_follow_law_2(name: str) -> None:
    for board in boards(name):
        assert board.board is not None
        assert board.dealer == Board(board.board).dealer
        assert board.vulnerability == Board(board.board).vulnerability


@pytest.mark.parametrize("name", sorted(BOARDS_PER_FILE))
def test_every_play_is_legal_and_gives_the_result(name: str) -> None:
    for board in boards(name):
        play = board.to_play()  # raises on any illegal card
        assert play.is_complete  # thirteen tricks, or a claim (mc)
        assert play.declarer_tricks == board.result
        assert board.to_auction().contract == board.contract


@pytest.mark.parametrize("name", sorted(BOARDS_PER_FILE))
def test_lin_export_then_import_gives_back_every_board(name: str) -> None:
    again = lin.loads(lin.dumps(boards(name)))
    assert list(again) == boards(name)


@pytest.mark.parametrize("name", sorted(BOARDS_PER_FILE))
def test_lin_to_pbn_to_lin_keeps_deal_auction_play_and_result(name: str) -> None:
    again = lin.loads(lin.dumps(pbn.loads(pbn.dumps(boards(name)))))
    for before, after in zip(boards(name), again, strict=True):
        for field in (*PLAYED, "players", "room"):
            assert getattr(after, field) == getattr(before, field), field
        assert [after.annotation(i).note for i in range(len(after.auction))] == [
            before.annotation(i).note for i in range(len(before.auction))
        ]


@pytest.mark.parametrize("name", PBN_WITH_PLAY)
def test_pbn_to_lin_to_pbn_keeps_deal_auction_play_and_result(name: str) -> None:
    with open(CORPUS / "pbn" / name, "rb") as fp:
        games = list(pbn.load(fp))
    again = pbn.loads(pbn.dumps(lin.loads(lin.dumps(games))))
    assert len(again) == len(games)
    for before, after in zip(games, again, strict=True):
        if before.passed_out and not before.auction:  # LIN writes a pass-out as its passes
            assert after.auction == calls("Pass Pass Pass Pass")
            after.auction = []
        for field in (*PLAYED, "players", "passed_out"):
            assert getattr(after, field) == getattr(before, field), field


# -- single-board BBO files ------------------------------------------------------------------
def test_bbo_board_heading_fourth_hand_and_explanations() -> None:
    (board,) = boards("bbo_1047742261.lin")
    assert board.board == 9 and board.dealer == Seat.N and board.vulnerability == Vulnerability.EW
    # md lists South, West and North only; East holds the other 13 cards
    assert board.deal is not None and board.deal.is_complete
    assert str(board.deal[Seat.S]) == "JT643.Q9.T96.K75"
    assert board.players == {
        Seat.S: "Sheldoon",
        Seat.W: "JAMSTARR1",
        Seat.N: "~~M36094",
        Seat.E: "~~M36095",
    }
    note = board.annotation(1).note
    assert note is not None and note.startswith("Major suit opening -- 5+ !S")
    assert not board.annotation(1).alert  # explained, not alerted (no "!")
    assert board.contract == Contract.parse("5H W") and board.result == 12


def test_an_alert_without_explanation() -> None:
    (board,) = boards("bbo_3399598383.lin")
    assert board.auction[1] == Call.parse("2S")
    assert board.annotation(1).alert and board.annotation(1).note is None


def test_explained_alert_keeps_both() -> None:
    board = boards("endplay_example1.lin")[0]
    assert board.annotation(3).alert
    assert board.annotation(3).note == "Michaels -- 5+ !S; 9+ total points; forcing"


def test_claim_ends_the_play_with_declarers_total() -> None:
    third = boards("endplay_example1.lin")[2]
    assert len(third.play) == 44 and third.claim == 9 and third.result == 9


# -- vugraph --------------------------------------------------------------------------------
def test_vugraph_rooms_and_eight_names() -> None:
    vugraph = boards(VUGRAPH)
    assert [b.board for b in vugraph] == [n for n in range(33, 41) for _ in (0, 1)]
    assert [b.room for b in vugraph[:2]] == ["Open", "Closed"]
    open_room, closed_room = vugraph[0], vugraph[1]
    assert open_room.players == {
        Seat.S: "Crouch",
        Seat.W: "Hyett",
        Seat.N: "Liggins",
        Seat.E: "Wolfarth",
    }
    assert closed_room.players[Seat.S] == "Kovachev"
    assert closed_room.players[Seat.E] == "Hallberg"
    assert open_room.deal == closed_room.deal


def test_vugraph_names_given_again_apply_from_that_board_on() -> None:
    hands = "3S23456789TJQKAHDC,SH23456789TJQKADC,SHD23456789TJQKAC,"
    board = f"st||md|{hands}|sv|o|mb|p|mb|p|mb|p|mb|p|"
    text = (
        f"pn|a,b,c,d,e,f,g,h|qx|o1|{board}qx|c1|{board}"
        f"pn|a,b,c,d,e,f,g,X|qx|o2|{board}qx|c2|{board}"
    )
    east = [b.players[Seat.E] for b in lin.loads(text)]
    assert east == ["d", "h", "d", "X"]


def test_vugraph_rs_gives_the_result_of_a_board_without_its_auction() -> None:
    hands = "3S23456789TJQKAHDC,SH23456789TJQKADC,SHD23456789TJQKAC,"
    text = (
        "vg|Cup,Final,I,5,6,Home,0,Away,0|rs|4HN+1,6SNx-1,,|pn|a,b,c,d,e,f,g,h|"
        f"qx|o5|st||md|{hands}|qx|c5|st||md|{hands}|"
    )
    open_room, closed_room = lin.loads(text)
    assert (open_room.contract, open_room.result) == (Contract.parse("4H N"), 11)
    assert (closed_room.contract, closed_room.result) == (Contract.parse("6SX N"), 11)
    assert open_room.tags["HomeTeam"] == "Home" and open_room.tags["Stage"] == "Final"


def test_vugraph_header_gives_event_scoring_and_teams() -> None:
    board = boards(VUGRAPH)[0]
    assert board.event == "Schapiro Spring 4s" and board.scoring == "IMP"
    assert board.tags["Stage"] == "Final - EXTRA TIME"
    assert (board.tags["HomeTeam"], board.tags["VisitTeam"]) == ("Liggins", "Wolfarth")


def test_vugraph_results_agree_with_the_rs_list() -> None:
    text = (CORPUS / "lin" / VUGRAPH).read_text()
    rs = re.search(r"rs\|([^|]*)\|", text)
    assert rs is not None
    results = rs[1].split(",")
    for board in boards(VUGRAPH):
        assert board.board is not None and board.contract is not None
        written = results[(board.board - 1) * 2 + (board.room == "Closed")]
        match = re.fullmatch(r"(\d)([CDHSN])([NESW])(x*)(=|[+-]\d+)", written)
        assert match is not None
        level, strain, declarer, doubled, diff = match.groups()
        assert board.contract == Contract.parse(f"{level}{strain}{doubled.upper()} {declarer}")
        tricks = int(level) + 6 + (0 if diff == "=" else int(diff))
        assert board.result == tricks


def test_vugraph_commentary_is_kept_in_order() -> None:
    board = boards(VUGRAPH)[0]
    assert board.commentary[0] == "benjy: 1Nt - 14-16"
    assert "chessmaste: Can you take a penalty with your head?" in board.commentary


# -- leniency -------------------------------------------------------------------------------
SMALL = (
    "pn|s,w,n,e|md|1S23456789TJQKAHDC,SH23456789TJQKADC,SHD23456789TJQKAC,|sv|{sv}|"
    "ah|Board 2|{bids}"
)


@pytest.mark.parametrize("sv", ["o", "0", "-", "O"])
def test_no_one_vulnerable_has_several_spellings(sv: str) -> None:
    (board,) = lin.loads(SMALL.format(sv=sv, bids=""))
    assert board.vulnerability == Vulnerability.NONE


def test_notrump_case_and_tag_case_variants_read_alike() -> None:
    one = lin.loads(SMALL.format(sv="b", bids="mb|1N|mb|p|mb|3NT|mb|P|mb|p|mb|p|"))[0]
    two = lin.loads(SMALL.format(sv="b", bids="MB|1nt|mb|P|Mb|3n|mb|p|mb|p|mb|p|"))[0]
    assert one.auction == two.auction == calls("1NT Pass 3NT Pass Pass Pass")
    assert one.contract == Contract.parse("3NT S")


def test_missing_fourth_hand_ranks_in_any_order_and_lowercase_cards() -> None:
    text = SMALL.format(sv="n", bids="mb|7S|mb|p|mb|p|mb|p|pc|h2|pc|sa|pc|d2|pc|c2|")
    (board,) = lin.loads(text)
    assert board.deal is not None and str(board.deal[Seat.E]) == "...AKQJT98765432"
    assert board.play == [Card.parse(c) for c in ("H2", "SA", "D2", "C2")]


def test_compact_bidding_of_old_files() -> None:
    (board,) = lin.loads(SMALL.format(sv="o", bids="mb|1Sp2Hp|"))
    assert board.auction == calls("1S Pass 2H Pass")


def test_a_board_heading_after_the_bidding_starts_the_next_board() -> None:
    hands = "1S23456789TJQKAHDC,SH23456789TJQKADC,SHD23456789TJQKAC,"
    passes = "mb|p|" * 4
    text = f"md|{hands}|ah|Board 2|{passes}ah|Board 3|md|{hands}|{passes}"
    assert [b.board for b in lin.loads(text)] == [2, 3]


def test_unknown_tags_are_skipped() -> None:
    (board,) = lin.loads(SMALL.format(sv="o", bids="zz|whatever|mb|p|sk|NS|"))
    assert board.auction == calls("Pass")


def test_lin_export_writes_one_board_per_line_with_a_vugraph_header_for_rooms() -> None:
    text = lin.dumps(boards(VUGRAPH))
    lines = text.splitlines()
    assert lines[0].startswith("vg|Schapiro Spring 4s,Final - EXTRA TIME,I,33,40,")
    assert len(lines) == 17
    assert lines[1].startswith("qx|o33|pn|Crouch,Hyett,Liggins,Wolfarth|st||md|3")
    assert lines[2].startswith("qx|c33|")


# -- malformed ------------------------------------------------------------------------------
def error_of(text: str) -> FormatError:
    with pytest.raises(FormatError) as info:
        lin.loads(text)
    return info.value


def test_text_that_is_not_tag_value_pairs_names_the_line() -> None:
    error = error_of("pn|a,b,c,d|\nst||md|1SA,,,|\nthis is not lin\n")
    assert error.line == 3 and "tag|value| pairs" in str(error)


def test_unreadable_text_ends_a_lenient_read_with_the_boards_before_it() -> None:
    good = SMALL.format(sv="o", bids="mb|p|")
    loaded = lin.loads(f"qx|o1|{good}\nqx|o2|{good}\nthis is not lin", strict=False)
    assert [b.board for b in loaded] == [2]  # board 2 has "ah|Board 2" in SMALL
    assert len(loaded) == 1 and loaded.errors[0].line == 3


def test_bad_card_names_the_line() -> None:
    error = error_of("md|1S23456789TJQKAHDC,SH23456789TJQKADC,SHD23456789TJQKAC,|\npc|X9|")
    assert error.line == 2 and "pc|X9| is not a card" in str(error)


def test_bad_dealer_digit_and_bad_claim() -> None:
    assert "dealer digit" in str(error_of("md|7SA,,,|"))
    assert "mc|14|" in str(error_of("mc|14|"))


def test_card_dealt_twice() -> None:
    assert "dealt twice" in str(error_of("md|1SA,SA,,|"))


def test_lenient_load_skips_the_bad_board_and_reports_it() -> None:
    good = SMALL.format(sv="o", bids="mb|p|")
    text = f"qx|o1|{good}\nqx|o2|{good}pc|Q1|\nqx|o3|{good}\n"
    loaded = lin.loads(text, strict=False)
    assert len(loaded) == 2 and len(loaded.errors) == 1
    assert loaded.errors[0].line == 2


_EMPTY_BOARD_HANDS = "3S23456789TJQKAHDC,SH23456789TJQKADC,SHD23456789TJQKAC,"


def test_vugraph_pw_lists_eight_names_per_board_in_bn_order() -> None:
    # boards 7 and 3 of a segment, listed in that order by bn; neither board has pn or an
    # auction, so the names come from pw and the results from rs (both in bn order)
    md = f"st||md|{_EMPTY_BOARD_HANDS}|"
    text = (
        "vg|Cup,Final,I,1,8,Home,0,Away,0|bn|7,3|rs|4HN+1,3NS=,2SE-1,1NN=|"
        "pw|s7,w7,n7,e7,S7,W7,N7,E7,s3,w3,n3,e3,S3,W3,N3,E3|"
        f"qx|o3|{md}qx|c3|{md}qx|o7|{md}qx|c7|{md}"
    )
    games = lin.loads(text)
    names = [(g.board, g.room, g.players[Seat.S], g.players[Seat.E]) for g in games]
    assert names == [
        (3, "Open", "s3", "e3"),
        (3, "Closed", "S3", "E3"),
        (7, "Open", "s7", "e7"),
        (7, "Closed", "S7", "E7"),
    ]
    results = [(str(g.contract), g.result) for g in games]
    assert results == [("2S E", 7), ("1NT N", 7), ("4H N", 11), ("3NT S", 9)]


def test_vugraph_pw_with_eight_names_serves_every_board_and_pn_wins() -> None:
    md = f"st||md|{_EMPTY_BOARD_HANDS}|"
    text = (
        "vg|Cup,Final,I,1,2,Home,0,Away,0|pw|a,b,c,d,e,f,g,h|"
        f"qx|o1|{md}qx|c1|{md}qx|o2|pn|A,B,C,D|{md}"
    )
    east = [g.players[Seat.E] for g in lin.loads(text)]
    assert east == ["d", "h", "D"]


def test_bad_board_numbers_list_names_the_line() -> None:
    with pytest.raises(FormatError, match=r"line 2: bn\|1,x\| is not a list of board numbers"):
        lin.loads("vg|Cup,Final,I,1,2,Home,0,Away,0|\nbn|1,x|")


def test_a_play_without_a_contract_is_written_back_in_the_order_played() -> None:
    # the auction stops after 1S Pass (a movie cut short): no contract, yet cards played
    text = (
        "pn|a,b,c,d|md|3SAKQHAKQDAKQCAKQJ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|"
        "ah|Board 1|mb|1S|mb|p|pc|HA|pc|H2|pc|H6|pc|HK|pc|SA|"
    )
    game = lin.loads(text)[0]
    assert game.contract is None and len(game.play) == 5
    again = lin.loads(lin.dumps([game]))[0]
    assert again.play == game.play and again.auction == game.auction
    # PBN writes its play in seat columns from declarer's left: without a declarer the
    # play is left out, and the rest of the game (and of the file) is still written
    written = pbn.loads(pbn.dumps([game, *boards(VUGRAPH)[:1]]))
    assert written[0].play == [] and written[0].deal == game.deal
    assert written[1].play == boards(VUGRAPH)[0].play


def test_traveller_lines_without_a_deal_survive_lin() -> None:
    # two tables' results, no deals or auctions (as a JSON or PBN traveller holds them):
    # the LIN reader used to drop such boards, and a comma in a name shifted the seats
    games = [
        GameRecord(
            board=board,
            players={Seat.N: "Smith, J", Seat.E: "e", Seat.S: "s", Seat.W: "w"},
            result=tricks,
        )
        for board, tricks in ((1, 10), (2, 9))
    ]
    back = lin.loads(lin.dumps(games))
    assert [(g.board, g.result) for g in back] == [(1, 10), (2, 9)]
    assert back[0].players == {Seat.N: "Smith; J", Seat.E: "e", Seat.S: "s", Seat.W: "w"}
