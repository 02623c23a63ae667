"""Table procedure: declarer naming only a suit for dummy (Law 46B2), from the library, the
terminal and the web table's action; the Beer Card for declarer's side or both sides."""

from __future__ import annotations

import pytest

from contractbridge.core import (
    Card,
    Contract,
    Deal,
    IllegalPlayError,
    Play,
    RevokeError,
    Seat,
    Suit,
)
from contractbridge.game import CardPlayed, NameSuit, designated_card, parse_action
from contractbridge.game.actions import parse_suit_only
from contractbridge.game.beer import Beer, beer_card
from gametable import ONE_SUIT_EACH, bid_to, deal_of, dealt_log, human_table, snapshot


def _dummy_to_play(seed: int = 2):  # type: ignore[no-untyped-def]
    """1NT by North, East leads his lowest card: declarer now plays from dummy (South)."""
    table = human_table(seed=seed)
    bid_to(table, "1NT P P P")
    lead = min(table.view_for(Seat.E).legal_cards())
    table.act(Seat.E, lead)
    return table, lead


@pytest.mark.parametrize("text", ["a heart", "heart", "hearts", "h", "H", "♥", "a small heart"])
def test_a_suit_alone_is_read_as_naming_that_suit(text: str) -> None:
    assert parse_action(text) == NameSuit(Suit.H)


def test_a_lone_d_is_a_double_to_the_parser_but_a_diamond_when_a_card_is_due() -> None:
    assert parse_action("d") != NameSuit(Suit.D)
    assert parse_suit_only("d") == Suit.D
    assert parse_suit_only("d7") is None and parse_suit_only("1h") is None


def test_declarer_naming_only_a_suit_plays_dummys_lowest_of_it_law_46b2() -> None:
    table, lead = _dummy_to_play()
    dummy = deal_of(table)[Seat.S]
    lowest = min(c for c in dummy if c.suit == lead.suit)
    events = table.act(Seat.N, f"a {lead.suit.full_name[:-1]}")
    assert events[0] == CardPlayed(version=events[0].version, seat=Seat.S, card=lowest, by=Seat.N)


def test_a_suit_dummy_does_not_hold_is_void_and_declarer_names_again_law_46b4() -> None:
    table, _ = _dummy_to_play(seed=14)  # dummy (South) has no diamond
    assert not any(c.suit == Suit.D for c in deal_of(table)[Seat.S])
    before = snapshot(table)
    with pytest.raises(IllegalPlayError, match="46B4"):
        table.act(Seat.N, NameSuit(Suit.D))
    assert snapshot(table) == before


def test_naming_another_suit_while_dummy_can_follow_is_a_revoke_refused() -> None:
    table, lead = _dummy_to_play()
    dummy = deal_of(table)[Seat.S]
    assert any(c.suit == lead.suit for c in dummy)
    other = next(s for s in Suit if s != lead.suit and any(c.suit == s for c in dummy))
    before = snapshot(table)
    with pytest.raises(RevokeError):
        table.act(Seat.N, NameSuit(other))
    assert snapshot(table) == before


def test_a_suit_alone_designates_only_dummys_card() -> None:
    table, lead = _dummy_to_play()
    table.act(Seat.N, NameSuit(lead.suit))  # dummy plays; West is next, then declarer
    with pytest.raises(IllegalPlayError, match="46B2"):
        table.act(Seat.W, NameSuit(lead.suit))  # a defender names a card, not a suit
    play = table.state.current.play  # type: ignore[union-attr]
    assert play is not None
    with pytest.raises(IllegalPlayError, match="46B2"):
        designated_card(play, Seat.N, lead.suit)  # West's turn, not dummy's


def test_the_terminal_takes_a_suit_alone_for_dummy() -> None:
    import io

    from rich.console import Console

    from contractbridge.cli.play import TerminalGame

    out = io.StringIO()
    game = TerminalGame(
        Seat.N,
        form="duplicate",
        boards=1,
        seed=2,
        robots="basic",
        console=Console(file=out, width=120, color_system=None),
    )
    table = game.table
    bid_to(table, "1NT P P P")
    lead = min(table.view_for(Seat.E).legal_cards())
    table.act(Seat.E, lead)
    lowest = min(c for c in deal_of(table)[Seat.S] if c.suit == lead.suit)
    letter = "d" if lead.suit == Suit.D else lead.suit.name.lower()
    game.command(letter)
    assert table.state.current is not None and table.state.current.play is not None
    assert lowest in table.state.current.play.cards_played
    assert "Not possible" not in out.getvalue()


def test_the_web_table_takes_a_suit_alone_for_dummy() -> None:
    from contractbridge.server.tables.settings import TableSettings
    from contractbridge.server.tables.table import ServerTable
    from contractbridge.server.web.errors import ActionError

    seats = {"N": {"robot": False}, "S": {"robot": False}}
    log = [e.to_dict() for e in dealt_log(ONE_SUIT_EACH)]
    state = ServerTable.replay(TableSettings.from_json({"kind": "duplicate", "seats": seats}), log)
    for call in ("1D", "Pass", "Pass", "Pass"):
        state.act(state.board.auction.turn, {"call": call})
    state.act(Seat.E, {"card": "SA"})  # dummy (South) holds every heart and no spade
    with pytest.raises(ActionError, match="46B4"):
        state.act(Seat.N, {"card": "S"})
    state.act(Seat.N, {"card": "H"})
    assert state.board.play.current_trick[-1] == Card.parse("H2")


# -- the Beer Card: the 7♦ winning the last trick (the German/English text) -------------------
def _run_the_diamonds(contract: str) -> Play:
    """ONE_SUIT_EACH played out: North (every diamond) plays its lowest diamond but the 7,
    which it keeps for the last trick; the others play their first legal card."""
    play = Play(Deal.from_pbn(ONE_SUIT_EACH), Contract.parse(contract))
    seven = Card.parse("D7")
    while not play.is_complete:
        legal = play.legal_cards()
        others = [c for c in legal if c != seven]
        play.play((min(others) if others else seven) if play.turn == Seat.N else legal[0])
    return play


def _played(play: Play) -> list[tuple[Seat, Card]]:
    return [(t.leader.next(i), c) for t in play.tricks for i, c in enumerate(t.cards)]


def test_declarer_making_the_contract_with_the_last_trick_won_by_the_7d_gets_a_beer() -> None:
    # 7D by North: East leads, North ruffs, draws the diamonds and wins the last with the 7
    play = _run_the_diamonds("7D N")
    assert play.declarer_tricks == 13
    assert play.tricks[-1].card_of(Seat.N) == Card.parse("D7")
    beer = beer_card(play.contract, _played(play), play.declarer_tricks)
    # "dummy must buy the declarer a beer"
    assert beer == Beer(winner=Seat.N, buyer=Seat.S)
    # made, but the 7 of diamonds did not win the last trick (South's heart did): no beer
    play = _run_the_diamonds("1NT E")
    assert play.tricks[-1].winner == Seat.S
    assert beer_card(play.contract, _played(play), play.declarer_tricks, rule="both") is None


def test_defenders_beer_is_kept_only_when_the_table_gives_it_both_sides() -> None:
    # 7NT by West: North (on lead) runs thirteen diamonds, the 7 winning the last trick
    play = _run_the_diamonds("7NT W")
    assert play.declarer_tricks == 0
    played = _played(play)
    assert beer_card(play.contract, played, 0) is None  # declarer's side only (the default)
    beer = beer_card(play.contract, played, 0, rule="both")
    # "the opponent who wins the last trick is bought a beer by the other opponent"
    assert beer == Beer(winner=Seat.N, buyer=Seat.S, defenders=True)
    assert beer_card(play.contract, played, 0, rule="off") is None


def test_no_beer_for_a_side_that_won_the_last_trick_but_lost_the_deal() -> None:
    play = _run_the_diamonds("7D N")
    played = _played(play)
    # scored one down (a revoke adjustment, say): declarer's 7 earns nothing, nor is it
    # the defenders' beer
    assert beer_card(play.contract, played, 12, rule="both") is None
    with pytest.raises(ValueError, match="both"):
        beer_card(play.contract, played, 13, rule="defenders")


def test_the_web_table_notes_the_defenders_beer_when_set_to_both_sides() -> None:
    from contractbridge.server.tables.settings import TableSettings
    from contractbridge.server.tables.table import ServerTable
    from contractbridge.server.tables.views import view_for

    seats = {"N": {"robot": False}, "S": {"robot": False}}
    log = [e.to_dict() for e in dealt_log(ONE_SUIT_EACH)]
    for rule, expected in (("declarer", False), ("both", True)):
        settings = {"kind": "duplicate", "seats": seats, "beer_card": rule}
        state = ServerTable.replay(TableSettings.from_json(settings), log)
        for call in ("Pass", "Pass", "Pass", "7NT", "Pass", "Pass", "Pass"):
            state.act(state.board.auction.turn, {"call": call})
        play = state.board.play
        order = [c for c in play.hand(Seat.N) if c != Card.parse("D7")] + [Card.parse("D7")]
        for card in order:
            state.act(Seat.N, {"card": str(card)})
            for _ in range(3):
                state.act(play.acting_seat, {"card": str(play.legal_cards()[0])})
        row = state.score_sheet()["rows"][0]
        assert (row["beer"], row["beer_defenders"]) == (expected, expected)
        board = view_for(state, Seat.S, names={})["board"]
        assert (board["beer"], board["beer_defenders"]) == (expected, expected)


def test_the_beer_card_setting_is_read_checked_and_kept() -> None:
    from contractbridge.server.tables.settings import TableSettings
    from contractbridge.server.web.errors import ActionError

    body = {"kind": "rubber", "seats": {"S": {"robot": False, "name": "Ann"}}}
    assert TableSettings.from_request(body, "o").beer_card == "declarer"
    both = TableSettings.from_request({**body, "beer_card": "both"}, "o")
    assert both.beer_card == "both"
    assert TableSettings.from_json(both.to_json()) == both
    assert "beer_card" not in TableSettings.from_request(body, "o").to_json()  # as before
    with pytest.raises(ActionError, match="beer_card"):
        TableSettings.from_request({**body, "beer_card": "defenders"}, "o")


def test_the_terminal_tells_the_defenders_beer() -> None:
    import io

    from rich.console import Console

    from contractbridge.cli.play import TerminalGame
    from contractbridge.core import Call, Vulnerability
    from contractbridge.game import CallMade, CardPlayed, DealDealt, DealScored

    play = _run_the_diamonds("7NT W")
    out = io.StringIO()
    game = TerminalGame(
        Seat.S, robots="basic", beer_card="both", console=Console(file=out, width=120)
    )
    deal = Deal.from_pbn(ONE_SUIT_EACH)
    events: list[object] = [
        DealDealt(version=1, number=1, board=None, dealer=Seat.N,
                  vulnerability=Vulnerability.NONE, hands=deal.hands),
    ]  # fmt: skip
    for i, text in enumerate(["P", "P", "P", "7NT", "P", "P", "P"]):
        events.append(CallMade(version=2 + i, seat=Seat.N.next(i), call=Call.parse(text)))
    for i, (seat, card) in enumerate(_played(play)):
        by = Seat.E if seat == Seat.E else seat  # East is dummy: West plays its cards
        events.append(CardPlayed(version=10 + i, seat=seat, card=card, by=by))
    events.append(
        DealScored(version=70, number=1, contract=play.contract, declarer_tricks=0,
                   ns_points=2600, ew_points=0, deal=deal)
    )  # fmt: skip
    for event in events:
        game.show_event(event)  # type: ignore[arg-type]
    assert "Beer Card!" in out.getvalue()
    assert "You buy North a beer." in out.getvalue()


def test_play_takes_the_carding_and_beer_card_options(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from contractbridge.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    args = ["play", "--robots", "basic", "--duplicate", "1", "--seed", "2"]
    assert main([*args, "--carding", "lavinthal", "--beer-card", "both"]) == 0
    for bad in (["--carding", "odd-even"], ["--beer-card", "defenders"]):
        with pytest.raises(SystemExit) as caught:
            main([*args, *bad])
        assert caught.value.code == 2
