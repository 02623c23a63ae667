"""The carding agreement: conventional leads, attitude, count, discards, and reading them."""

from __future__ import annotations

import pytest

from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat, Vulnerability
from contractbridge.core.view import SeatView
from contractbridge.robots.cardplay.carding import Carding, equal_cards, lead_card, read_signals


def _ranks(text: str) -> list[int]:
    return ["23456789TJQKA".index(ch) for ch in text]


def _holding(text: str) -> int:
    return sum(1 << r for r in _ranks(text))


def test_top_of_a_sequence_is_led() -> None:
    assert lead_card(_holding("KQJ4"), _ranks("KQJ4"), opening=True) == _ranks("K")[0]
    assert lead_card(_holding("AK63"), _ranks("AK"), opening=True) == _ranks("A")[0]
    assert lead_card(_holding("QJ9"), _ranks("QJ9"), opening=True) == _ranks("Q")[0]


def test_fourth_best_from_a_long_suit_headed_by_an_honour() -> None:
    assert lead_card(_holding("KT852"), _ranks("T852"), opening=True) == _ranks("5")[0]


def test_top_of_nothing_and_low_from_three_to_an_honour() -> None:
    assert lead_card(_holding("853"), _ranks("853"), opening=True) == _ranks("8")[0]
    assert lead_card(_holding("Q73"), _ranks("73"), opening=True) == _ranks("3")[0]
    assert lead_card(_holding("94"), _ranks("94"), opening=True) == _ranks("9")[0]


def test_equal_cards_include_those_separated_only_by_played_cards() -> None:
    hand = Hand.from_pbn("KJ5...").mask
    gone = 1 << Card.parse("SQ")
    group = equal_cards(Card.parse("SK"), hand, gone)
    assert group == 1 << Card.parse("SK") | 1 << Card.parse("SJ")
    assert equal_cards(Card.parse("SK"), hand, 0) == 1 << Card.parse("SK")


def _follow_view(east: str, played: list[tuple[Seat, str]], declarer: Seat = Seat.S) -> SeatView:
    return SeatView(
        seat=Seat.E,
        dealer=Seat.N,
        vulnerability=Vulnerability.NONE,
        hand=Hand.from_pbn(east),
        contract=Contract.parse(f"3NT {declarer.name}"),
        dummy=Hand.from_pbn("AJ3.K65.Q54.7654"),
        played=tuple((s, Card.parse(c)) for s, c in played),
        turn=Seat.E,
    )


def test_attitude_encourages_with_an_honour_on_partners_lead() -> None:
    # West leads a heart, dummy (North) plays the king; East cannot beat it
    view = _follow_view("K842.Q82.K9.AJT2", [(Seat.W, "H3"), (Seat.N, "HK")])
    assert Carding().choose(view, [Card.parse("H8"), Card.parse("H2")]) == Card.parse("H8")
    view = _follow_view("K842.982.K9.AJT2", [(Seat.W, "H3"), (Seat.N, "HK")])
    assert Carding().choose(view, [Card.parse("H8"), Card.parse("H2")]) == Card.parse("H2")


def test_count_when_declarer_leads() -> None:
    # declarer (South) leads a diamond: East with four diamonds plays high, with three low
    played = [(Seat.S, "D2")]
    view = SeatView(
        seat=Seat.E,
        dealer=Seat.N,
        vulnerability=Vulnerability.NONE,
        hand=Hand.from_pbn("K84.Q82.9863.AJ2"),
        contract=Contract.parse("3NT N"),
        dummy=Hand.from_pbn("AJ3.K65.QT4.7654"),
        played=tuple((s, Card.parse(c)) for s, c in played),
        turn=Seat.E,
    )
    # North declares, so East follows second after South... use East after dummy instead
    assert view.current_trick
    even = Carding().choose(view, [Card.parse("D8"), Card.parse("D3")])
    assert even == Card.parse("D8")
    odd_view = SeatView(
        seat=Seat.E,
        dealer=Seat.N,
        vulnerability=Vulnerability.NONE,
        hand=Hand.from_pbn("K842.Q82.983.AJ2"),
        contract=Contract.parse("3NT N"),
        dummy=Hand.from_pbn("AJ3.K65.QT4.7654"),
        played=tuple((s, Card.parse(c)) for s, c in played),
        turn=Seat.E,
    )
    assert Carding().choose(odd_view, [Card.parse("D8"), Card.parse("D3")]) == Card.parse("D3")


def test_third_hand_wins_with_the_lowest_of_equal_cards() -> None:
    view = _follow_view("K842.QJ2.K9.AJT2", [(Seat.W, "H3"), (Seat.N, "H5")])
    choice = Carding().choose(view, [Card.parse("HQ"), Card.parse("HJ")])
    assert choice == Card.parse("HJ")


def test_discard_is_the_lowest_card_of_a_suit_without_honours() -> None:
    view = _follow_view("K842.-.K9.AJT972", [(Seat.W, "H3"), (Seat.N, "H5")])
    options = [Card.parse(c) for c in ("S2", "D9", "C2", "S8")]
    chosen = Carding().choose(view, options)
    # spades and clubs hold an honour; diamonds K9 too: the weakest-suit rule then picks the
    # longest suit's lowest card, never an honour
    assert chosen.rank <= 9


def test_partners_encouraging_card_is_read_as_an_honour() -> None:
    # South declares; West (the viewer) led the H3, dummy's king won, East played the H9
    view = SeatView(
        seat=Seat.W,
        dealer=Seat.N,
        vulnerability=Vulnerability.NONE,
        hand=Hand.from_pbn("QT5.JT743.A82.K3"),
        contract=Contract.parse("3NT S"),
        dummy=Hand.from_pbn("AJ3.65.Q54.76542"),
        played=tuple(
            (s, Card.parse(c))
            for s, c in [(Seat.W, "H3"), (Seat.N, "HK"), (Seat.E, "H9"), (Seat.S, "H2")]
        ),
        turn=Seat.S,
    )
    signals = read_signals(view)
    assert any(s.seat == Seat.E and s.suit == 2 and s.kind == "honour" for s in signals)


def _declarer_view(played: list[tuple[Seat, str]]) -> SeatView:
    # South declares 4S, North is dummy; the viewer is South
    return SeatView(
        seat=Seat.S,
        dealer=Seat.N,
        vulnerability=Vulnerability.NONE,
        hand=Hand.from_pbn("AKQJ4.543.A2.K32"),
        contract=Contract.parse("4S S"),
        dummy=Hand.from_pbn("T985.J2.KQ54.A54"),
        played=tuple((s, Card.parse(c)) for s, c in played),
        turn=Seat.S,
    )


def test_a_defenders_discard_is_read_as_no_honour_in_that_suit() -> None:
    view = _declarer_view([(Seat.W, "HA"), (Seat.N, "H2"), (Seat.E, "D3"), (Seat.S, "H3")])
    signals = read_signals(view)
    assert any(s.seat == Seat.E and s.suit == 1 and s.kind == "no_honour" for s in signals)
    # a ruff is no discard
    view = _declarer_view([(Seat.W, "HA"), (Seat.N, "H2"), (Seat.E, "S2"), (Seat.S, "H3")])
    assert not any(s.seat == Seat.E and s.kind == "no_honour" for s in read_signals(view))


def test_no_discard_reading_once_the_seat_has_shown_an_honour_of_the_suit() -> None:
    played = [
        (Seat.W, "CQ"), (Seat.N, "CA"), (Seat.E, "CJ"), (Seat.S, "C2"),
        (Seat.N, "H2"), (Seat.E, "HK"), (Seat.S, "H3"), (Seat.W, "H7"),
        (Seat.E, "HQ"), (Seat.S, "H4"), (Seat.W, "C6"), (Seat.N, "HJ"),
    ]  # fmt: skip
    signals = read_signals(_declarer_view(played))
    # West discarded a club after leading the queen of clubs: nothing read from it
    assert not any(s.seat == Seat.W and s.suit == 0 and s.kind == "no_honour" for s in signals)


def test_a_defenders_honour_denies_the_equal_card_below_it() -> None:
    # East drops the king under partner's ace: from king-queen the agreement plays the queen
    view = _declarer_view([(Seat.W, "HA"), (Seat.N, "H2"), (Seat.E, "HK"), (Seat.S, "H3")])
    denied = [s for s in read_signals(view) if s.kind == "no_card"]
    assert [(s.seat, s.card) for s in denied] == [(Seat.E, Card.parse("HQ"))]


def test_declarers_card_denies_the_equal_card_above_it() -> None:
    # declarer follows with the ten: from jack-ten the agreement plays the jack (a falsecard)
    view = _follow_view(
        "K842.Q82.K9.AJT2", [(Seat.W, "D2"), (Seat.N, "D4"), (Seat.E, "D9"), (Seat.S, "DT")]
    )
    denied = [s for s in read_signals(view) if s.kind == "no_card"]
    assert [(s.seat, s.card) for s in denied] == [(Seat.S, Card.parse("DJ"))]
    # nothing is read from what the viewer can see (dummy's queen of diamonds)
    view = _follow_view(
        "K842.Q82.K9.AJT2", [(Seat.W, "D2"), (Seat.N, "D4"), (Seat.E, "D9"), (Seat.S, "DJ")]
    )
    assert not [s for s in read_signals(view) if s.kind == "no_card"]


# -- Lavinthal discards (the German text's "Lavinthalmarke") ----------------------------------
def _discard_view(east: str, played: list[tuple[Seat, str]], contract: str = "3NT S") -> SeatView:
    # South declares; declarer leads, West and dummy (North) follow, East (the viewer) is void
    return SeatView(
        seat=Seat.E,
        dealer=Seat.N,
        vulnerability=Vulnerability.NONE,
        hand=Hand.from_pbn(east),
        contract=Contract.parse(contract),
        dummy=Hand.from_pbn("Q54.Q54.KQJ5.Q54"),
        played=tuple((s, Card.parse(c)) for s, c in played),
        turn=Seat.E,
    )


_DIAMOND_RUN = [(Seat.S, "DA"), (Seat.W, "D2"), (Seat.N, "D5")]


def test_lavinthal_high_discard_asks_for_the_higher_of_the_two_suits_left() -> None:
    # declarer runs diamonds; East wants spades: a high club (clubs: no interest) asks for
    # spades, the higher of spades and hearts
    view = _discard_view("AK2.T73.-.986543", _DIAMOND_RUN)
    clubs = [Card.parse("C9"), Card.parse("C3")]
    assert Carding(discards="lavinthal").choose(view, clubs) == Card.parse("C9")
    assert Carding().choose(view, clubs) == Card.parse("C3")  # standard: the lowest


def test_lavinthal_low_discard_asks_for_the_lower_of_the_two_suits_left() -> None:
    view = _discard_view("T73.AK2.-.986543", _DIAMOND_RUN)
    clubs = [Card.parse("C9"), Card.parse("C3")]
    assert Carding(discards="lavinthal").choose(view, clubs) == Card.parse("C3")


def test_lavinthal_is_the_first_discard_only() -> None:
    played = [*_DIAMOND_RUN, (Seat.E, "C3"), (Seat.S, "DK"), (Seat.W, "D3"), (Seat.N, "D6")]
    view = _discard_view("AK2.T73.-.98654", played)
    clubs = [Card.parse("C9"), Card.parse("C4")]
    assert Carding(discards="lavinthal").choose(view, clubs) == Card.parse("C4")


def test_lavinthal_with_one_suit_left_is_standard() -> None:
    # at hearts, a diamond led and a club discarded leave spades alone: no message
    view = _discard_view("AK2.T73.-.986543", _DIAMOND_RUN, contract="4H S")
    clubs = [Card.parse("C9"), Card.parse("C3")]
    assert Carding(discards="lavinthal").choose(view, clubs) == Card.parse("C3")


def _west_after(played: list[tuple[Seat, str]]) -> SeatView:
    """West's view of 3NT by South once ``played`` (seat, card) are out."""
    return SeatView(
        seat=Seat.W,
        dealer=Seat.N,
        vulnerability=Vulnerability.NONE,
        hand=Hand.from_pbn("J96.J986.T9832.2"),
        contract=Contract.parse("3NT S"),
        dummy=Hand.from_pbn("Q54.Q54.KQJ5.Q54"),
        played=tuple((s, Card.parse(c)) for s, c in played),
        turn=Seat.S,
    )


def test_lavinthal_discard_is_read_as_an_honour_in_the_suit_asked_for() -> None:
    # West, East's partner, sees East's high club on declarer's diamond
    played = [*_DIAMOND_RUN, (Seat.E, "C9")]
    view = _west_after(played)
    lavinthal = Carding(discards="lavinthal").read(view)
    assert any(s.seat == Seat.E and s.suit == 3 and s.kind == "honour" for s in lavinthal)
    standard = Carding().read(view)
    assert not any(s.seat == Seat.E and s.kind == "honour" for s in standard)
    # both read "nothing wanted in clubs"
    assert any(s.seat == Seat.E and s.suit == 0 and s.kind == "no_honour" for s in standard)
    # East's lowest possible club (West holds the two, dummy the four) asks for hearts
    low = [*_DIAMOND_RUN, (Seat.E, "C3")]
    view = _west_after(low)
    read = Carding(discards="lavinthal").read(view)
    assert any(s.seat == Seat.E and s.suit == 2 and s.kind == "honour" for s in read)


def test_a_signal_is_explained_by_the_agreement() -> None:
    contract = Contract.parse("3NT S")
    played = [(s, Card.parse(c)) for s, c in [*_DIAMOND_RUN, (Seat.E, "C9")]]
    lavinthal = Carding(discards="lavinthal").explain(contract, played, 3)
    assert lavinthal is not None
    assert "no interest in clubs" in lavinthal
    assert "high card asks for spades, a low card for hearts" in lavinthal
    standard = Carding().explain(contract, played, 3)
    assert standard is not None and "without the ace, king or queen" in standard
    assert Carding().explain(contract, played, 0) is None  # declarer signals nothing
    assert Carding().explain(contract, played, 2) is None  # nor does dummy
    count = Carding().explain(contract, played, 1)
    assert count is not None and count.startswith("Count")


def test_an_unknown_carding_agreement_is_refused() -> None:
    with pytest.raises(ValueError, match="lavinthal"):
        Carding(discards="odd-even")


def test_the_terminal_explains_a_defenders_card_on_request() -> None:
    import io

    from rich.console import Console

    from contractbridge.cli.play import TerminalGame
    from contractbridge.core import Call, Deal
    from contractbridge.core.errors import ParseError
    from contractbridge.game import CallMade, CardPlayed, DealDealt

    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    game = TerminalGame(
        Seat.S, robots="basic", carding="lavinthal", console=Console(file=io.StringIO())
    )
    events: list[object] = [
        DealDealt(version=1, number=1, board=None, dealer=Seat.N,
                  vulnerability=Vulnerability.NONE, hands=deal.hands),
    ]  # fmt: skip
    for i, text in enumerate(["P", "P", "3NT", "P", "P", "P"]):
        events.append(CallMade(version=2 + i, seat=Seat.N.next(i), call=Call.parse(text)))
    for i, (seat, card) in enumerate(
        [(Seat.W, "HA"), (Seat.N, "H8"), (Seat.E, "H5"), (Seat.S, "H2")]
    ):
        by = Seat.S if seat == Seat.N else seat
        events.append(CardPlayed(version=10 + i, seat=seat, card=Card.parse(card), by=by))
    for event in events:
        game.show_event(event)  # type: ignore[arg-type]
    assert game.signal_explained("h5").startswith("  West explains East's ")
    assert "Attitude on partner's lead" in game.signal_explained("h5")
    assert "Opening lead" in game.signal_explained("HA")
    with pytest.raises(ParseError, match="opponents' cards only"):
        game.signal_explained("h8")  # dummy's: our own side
    with pytest.raises(ParseError, match="not been played"):
        game.signal_explained("sa")
