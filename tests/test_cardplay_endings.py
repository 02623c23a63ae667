"""Card play and claims in constructed end positions, judged double dummy on the real deal."""

from __future__ import annotations

from contractbridge.core.auction import Auction
from contractbridge.core.card import Card
from contractbridge.core.deal import Deal
from contractbridge.core.hand import Hand
from contractbridge.core.play import Play
from contractbridge.core.seat import SEATS, Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.cardplay import CardPlayer
from contractbridge.robots.cardplay.claims import certain_claim
from contractbridge.robots.cardplay.solver import Position, solve_positions

Ending = tuple[Deal, Auction, Play]


def ending(hands: dict[Seat, str], calls: list[str], dealer: Seat, leader: Seat) -> Ending:
    """A deal and auction, played until only ``hands`` remain with ``leader`` on lead.

    The other cards of each suit are shared equally among the four seats and played suit by
    suit, everyone following (so nobody shows a void), ``leader`` winning each trick with
    the highest card. Every suit must have 1, 5, 9 or 13 cards in the ending.
    """
    end = {s: Hand.from_pbn(hands[s]) for s in SEATS}
    used = 0
    for h in end.values():
        used |= h.mask
    blocks: list[dict[Seat, int]] = []
    for suit in range(4):
        spare = [suit * 13 + r for r in range(13) if not used >> (suit * 13 + r) & 1]
        assert len(spare) % 4 == 0, f"suit {suit} has {13 - len(spare)} cards in the ending"
        for b in range(0, len(spare), 4):
            low = spare[b : b + 3]
            others = [s for s in SEATS if s != leader]
            block = dict(zip(others, low, strict=True))
            block[leader] = spare[b + 3]
            blocks.append(block)
    full = {s: Hand(end[s].mask | sum(1 << b[s] for b in blocks)) for s in SEATS}
    deal = Deal(full)
    auction = Auction(dealer, calls)
    assert auction.contract is not None
    play = Play(deal, auction.contract)
    for block in blocks:
        for _ in range(4):
            turn = play.turn
            assert turn is not None
            play.play(Card.from_index(block[turn]))
    assert play.leader == leader
    return deal, auction, play


def dd_values(play: Play) -> dict[Card, int]:
    hands = tuple(play.hand(s).mask for s in SEATS)
    position = Position(hands, int(play.leader), play.current_trick)  # type: ignore[arg-type]
    return solve_positions([position], play.contract.strain)[0]


def view_of(seat: Seat, game: Ending) -> SeatView:
    deal, auction, play = game
    return SeatView.of(seat, deal, auction, play)


# South declares 3NT and is on lead with three cards left: cashing both aces before giving
# up the diamond takes two tricks; the diamond first lets East run three diamonds.
CASH_FIRST = {
    Seat.N: "2..3.2",
    Seat.E: "..AKQ.",
    Seat.S: "A.A.2.",
    Seat.W: "KQJ...",
}
NT_AUCTION = ["1NT", "P", "3NT", "P", "P", "P"]


def test_declarer_cashes_winners_before_giving_up_the_lead() -> None:
    game = ending(CASH_FIRST, NT_AUCTION, Seat.S, Seat.S)
    _, _, play = game
    robot = CardPlayer(seed=3)
    start = play.declarer_tricks
    while not play.is_complete:
        acting = play.acting_seat
        assert acting is not None
        card = robot.card(view_of(acting, game))
        values = dd_values(play)
        assert values[card] == max(values.values()), f"{card} gives up a trick"
        play.play(card)
    assert play.declarer_tricks - start == 2


def test_defender_cashes_the_setting_trick_before_declarer_takes_the_rest() -> None:
    hands = {
        Seat.N: ".KQ..",
        Seat.E: "A.2..",
        Seat.S: ".A.A.",
        Seat.W: ".J..2",
    }
    game = ending(hands, NT_AUCTION, Seat.S, Seat.E)
    card = CardPlayer(seed=5).card(view_of(Seat.E, game))
    assert card == Card.parse("SA")


def test_robot_follows_suit_and_never_revokes_in_the_ending() -> None:
    game = ending(CASH_FIRST, NT_AUCTION, Seat.S, Seat.S)
    _, _, play = game
    robot = CardPlayer(seed=9)
    while not play.is_complete:
        acting = play.acting_seat
        assert acting is not None
        view = view_of(acting, game)
        card = robot.card(view)
        assert card in play.legal_cards()
        assert play.why_illegal(card, by=acting) is None
        play.play(card, by=acting)


def test_declarer_claims_when_the_hand_on_lead_holds_only_winners() -> None:
    hands = {
        Seat.N: "AK...",
        Seat.E: "T.2..",
        Seat.S: "QJ...",
        Seat.W: "..2.2",
    }
    game = ending(hands, NT_AUCTION, Seat.S, Seat.N)
    assert certain_claim(view_of(Seat.S, game)) == 2
    assert CardPlayer().claim(view_of(Seat.S, game)) == 2


def test_declarer_does_not_claim_with_a_loser_in_the_hand_on_lead() -> None:
    game = ending(CASH_FIRST, NT_AUCTION, Seat.S, Seat.S)
    assert certain_claim(view_of(Seat.S, game)) is None


def test_declarer_claims_in_a_suit_contract_only_with_enough_trumps_to_draw_theirs() -> None:
    hands = {
        Seat.N: "32..2.",
        Seat.E: "..QJT.",
        Seat.S: "AK.A..",
        Seat.W: "Q..K.2",
    }
    game = ending(hands, ["1S", "P", "4S", "P", "P", "P"], Seat.S, Seat.S)
    assert certain_claim(view_of(Seat.S, game)) == 3
    # defenders never claim through this function, and dummy's seat does not claim
    assert certain_claim(view_of(Seat.W, game)) is None
    assert certain_claim(view_of(Seat.N, game)) is None


def test_defender_accepts_a_claim_that_holds_on_every_layout() -> None:
    hands = {
        Seat.N: "AK...",
        Seat.E: "T.2..",
        Seat.S: "QJ...",
        Seat.W: "..2.2",
    }
    game = ending(hands, NT_AUCTION, Seat.S, Seat.N)
    assert CardPlayer().accept_claim(view_of(Seat.E, game), Seat.S, 2)


def test_defender_rejects_a_claim_it_can_beat() -> None:
    hands = {
        Seat.N: "KQ...",
        Seat.E: "A.2..",
        Seat.S: "JT...",
        Seat.W: "..2.2",
    }
    game = ending(hands, NT_AUCTION, Seat.S, Seat.N)
    robot = CardPlayer()
    assert not robot.accept_claim(view_of(Seat.E, game), Seat.S, 2)
    assert robot.accept_claim(view_of(Seat.E, game), Seat.S, 0)
    assert certain_claim(view_of(Seat.S, game)) is None


def test_equal_cards_need_no_sampling_and_win_with_the_lowest() -> None:
    game = ending(CASH_FIRST, NT_AUCTION, Seat.S, Seat.S)
    _, _, play = game
    for card in ("D2", "SJ", "D3"):  # South leads, West discards, dummy follows
        play.play(card)
    robot = CardPlayer(seed=2)
    card = robot.card(view_of(Seat.E, game))  # East's A K Q of diamonds are equal
    assert card == Card.parse("DQ")
    assert robot.last is not None and robot.last.samples == 0


def test_a_real_choice_is_sampled() -> None:
    game = ending(CASH_FIRST, NT_AUCTION, Seat.S, Seat.S)
    robot = CardPlayer(seed=2)
    robot.card(view_of(Seat.S, game))
    assert robot.last is not None and robot.last.samples >= robot.min_samples
