"""Honeymoon bridge, the two-player game text 004 names ("two-player adaptations of Bridge,
known as Honeymoon Bridge"), played by the published rules the text points to (the deal of
13 each and a stock of 26, the draw at notrump, the auction ended by one pass after a bid,
double or redouble, the play, rubber bridge's score); see docs/honeymoon.md. The scoring
examples were worked by hand from standards.md §1.3-1.5."""

from __future__ import annotations

import io
import random
import re
import sys
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge.cli import main
from contractbridge.core.card import CARDS, Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.hand import Hand
from contractbridge.core.honeymoon import (
    PLAYERS,
    HoneymoonDeal,
    HoneymoonError,
    Phase,
    Trick,
    legal_cards,
    opponent,
)
from contractbridge.core.seat import Seat, Side
from contractbridge.game.honeymoon import HoneymoonMatch, first_dealer, honeymoon_pack
from contractbridge.robots.honeymoon import HoneymoonRobot, estimate_tricks, solve
from contractbridge.scoring.honeymoon import HoneymoonScore, hand_honours

S, W = PLAYERS


def pack(seed: int = 1) -> tuple[Card, ...]:
    cards = list(CARDS)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def draw_through(deal: HoneymoonDeal, rng: random.Random | None = None) -> None:
    """Play the draw's thirteen tricks with legal cards (the first, or random ones)."""
    while deal.phase == Phase.DRAW:
        assert deal.turn is not None
        legal = deal.view(deal.turn).legal_cards()
        deal.play_card(deal.turn, rng.choice(legal) if rng else legal[0])


# -- the deal -------------------------------------------------------------------------------
def test_the_dealer_deals_thirteen_each_one_at_a_time_the_non_dealer_first() -> None:
    cards = pack()
    deal = HoneymoonDeal(cards, dealer=S)
    assert deal.dealt[W] == Hand(cards[0:26:2]) and deal.dealt[S] == Hand(cards[1:26:2])
    assert deal.stock == cards[26:] and len(deal.stock) == 26
    # the non-dealer (the "receiver") leads to the first trick
    assert deal.phase == Phase.DRAW and deal.turn == W == deal.leader


def test_a_pack_without_its_52_cards_is_refused() -> None:
    with pytest.raises(HoneymoonError, match="52 cards"):
        HoneymoonDeal(pack()[:51] + pack()[:1], dealer=S)
    with pytest.raises(HoneymoonError, match="not at a Honeymoon"):
        HoneymoonDeal(pack(), dealer=Seat.N)


# -- the draw -------------------------------------------------------------------------------
def test_the_draw_is_at_notrump_and_the_winner_draws_the_top_card_first() -> None:
    deal = HoneymoonDeal(pack(), dealer=S)
    west, south = deal.hands[W], deal.hands[S]
    # West leads a card of a suit South holds: South must follow
    lead = next(c for c in west if south.cards_in(c.suit))
    deal.play_card(W, lead)
    off_suit = next(c for c in south if c.suit != lead.suit)
    with pytest.raises(HoneymoonError, match="must follow suit"):
        deal.play_card(S, off_suit)
    follow = max(south.cards_in(lead.suit))
    top, second = deal.stock[0], deal.stock[1]
    deal.play_card(S, follow)
    winner = S if follow.rank > lead.rank else W
    assert deal.draws[winner] == [top] and deal.draws[opponent(winner)] == [second]
    assert top in deal.hands[winner] and second in deal.hands[opponent(winner)]
    assert len(deal.hands[S]) == len(deal.hands[W]) == 13 and len(deal.stock) == 24
    assert deal.turn == winner == deal.leader  # the winner leads to the next trick


def test_a_trick_of_the_draw_is_won_by_the_higher_card_of_the_suit_led_only() -> None:
    # the first pack (by seed) in which West holds a suit South lacks
    deal, void = next(
        (d, v)
        for d in (HoneymoonDeal(pack(seed), dealer=S) for seed in range(100))
        for v in range(4)
        if d.hands[W].cards_in(v) and not d.hands[S].cards_in(v)
    )
    deal.play_card(W, deal.hands[W].cards_in(void)[-1])  # West's lowest of that suit
    deal.play_card(S, max(deal.hands[S], key=lambda c: c.rank))  # South's best discard
    assert deal.draw_tricks[0].winner(Strain.NT) == W and deal.turn == W


def test_after_the_draw_the_stock_is_gone_and_the_dealer_calls_first() -> None:
    deal = HoneymoonDeal(pack(2), dealer=W)
    draw_through(deal)
    assert deal.phase == Phase.AUCTION and deal.turn == W and not deal.stock
    assert len(deal.draw_tricks) == 13
    assert len(deal.hands[S]) == len(deal.hands[W]) == 13
    assert deal.final_hands == deal.hands
    # every card the draw saw was played face up: each player's unseen cards are exactly
    # the other's hand
    assert deal.view(S).unseen == deal.hands[W] and deal.view(W).unseen == deal.hands[S]


def test_no_call_in_the_draw_and_no_card_in_the_auction() -> None:
    deal = HoneymoonDeal(pack(), dealer=S)
    with pytest.raises(HoneymoonError, match="no call now"):
        deal.call(W, "1NT")
    with pytest.raises(HoneymoonError, match="it is West's turn"):
        deal.play_card(S, next(iter(deal.hands[S])))
    draw_through(deal)
    with pytest.raises(HoneymoonError, match="no card now"):
        deal.play_card(S, next(iter(deal.hands[S])))


# -- the auction ----------------------------------------------------------------------------
def auction_deal(dealer: Seat = S) -> HoneymoonDeal:
    deal = HoneymoonDeal(pack(3), dealer=dealer)
    draw_through(deal)
    return deal


def test_a_bid_followed_by_a_pass_ends_the_auction_and_the_other_leads() -> None:
    deal = auction_deal(S)
    deal.call(S, "1H")
    deal.call(W, "Pass")
    assert deal.phase == Phase.PLAY and deal.contract == Contract.parse("1H S")
    assert deal.turn == W == deal.leader  # "the player who does not make the final bid leads"


def test_the_dealer_may_pass_and_the_other_bid() -> None:
    deal = auction_deal(S)
    deal.call(S, "Pass")
    deal.call(W, "2S")
    assert deal.phase == Phase.AUCTION  # a pass after the first pass does not end it yet
    deal.call(S, "Pass")
    assert deal.contract == Contract.parse("2S W") and deal.turn == S


def test_two_passes_pass_the_deal_out() -> None:
    deal = auction_deal(W)
    deal.call(W, "Pass")
    deal.call(S, "Pass")
    assert deal.phase == Phase.PASSED_OUT and deal.is_over and deal.contract is None


def test_double_and_redouble_as_in_bridge() -> None:
    deal = auction_deal(S)
    with pytest.raises(HoneymoonError, match="double is of the other player's bid"):
        deal.call(S, "X")
    deal.call(S, "3NT")
    deal.call(W, "X")
    deal.call(S, "XX")
    with pytest.raises(HoneymoonError, match="not higher than 3NT"):
        deal.call(W, "3S")
    deal.call(W, "Pass")
    assert deal.contract == Contract.parse("3NTXX S")
    # a doubled bidder may also bid again; the double then lapses
    deal = auction_deal(S)
    for seat, call in ((S, "1S"), (W, "X"), (S, "2S"), (W, "Pass")):
        deal.call(seat, call)
    assert deal.contract == Contract.parse("2S S")


def test_the_play_is_in_the_contract_with_its_trumps() -> None:
    deal = auction_deal(S)
    deal.call(S, "1C")
    deal.call(W, "Pass")
    while deal.phase == Phase.PLAY:
        assert deal.turn is not None
        deal.play_card(deal.turn, deal.view(deal.turn).legal_cards()[0])
    assert deal.phase == Phase.OVER and len(deal.tricks) == 13
    for trick in deal.tricks:
        lead, follow = trick.cards
        if follow.suit != lead.suit and follow.suit == 0:  # a club ruffs
            assert trick.winner(Strain.C) != trick.leader
    won = sum(1 for t in deal.tricks if t.winner(Strain.C) == S)
    assert deal.declarer_tricks == won


# -- every card once, legal play: properties ------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1), st.sampled_from(PLAYERS))
def test_every_card_is_dealt_once_and_every_card_played_once(
    seed: int, play_seed: int, dealer: Seat
) -> None:
    cards = honeymoon_pack(seed, 1)
    deal = HoneymoonDeal(cards, dealer)
    rng = random.Random(play_seed)
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        # at every moment the hands, the stock and the cards played are the 52, each once
        played = [c for t in (*deal.draw_tricks, *deal.tricks) for c in t.cards] + deal.trick
        everything = [*deal.hands[S], *deal.hands[W], *deal.stock, *played]
        assert sorted(everything) == list(CARDS)
        view = deal.view(seat)
        if deal.phase == Phase.AUCTION:
            legal_calls = view.legal_calls()
            # two calls in three pass at random; a bid otherwise (the auction always ends)
            call = legal_calls[0] if rng.random() < 0.6 else rng.choice(legal_calls)
            deal.call(seat, call)
            continue
        legal = view.legal_cards()
        hand = deal.hands[seat]
        led = deal.trick[0] if deal.trick else None
        # following suit when able: a card of the led suit, or any card when void
        if led is not None and hand.cards_in(led.suit):
            assert {c.suit for c in legal} == {led.suit}
            revoke = [c for c in hand if c.suit != led.suit]
            if revoke:  # a card of another suit while holding the led suit is refused
                with pytest.raises(HoneymoonError, match="must follow suit"):
                    deal.play_card(seat, revoke[0])
        else:
            assert set(legal) == set(hand)
        deal.play_card(seat, rng.choice(legal))
    if deal.phase == Phase.OVER:
        played = [c for t in (*deal.draw_tricks, *deal.tricks) for c in t.cards]
        assert sorted(played) == list(CARDS)  # all 52 played: 26 in the draw, 26 in the play
        assert 0 <= deal.declarer_tricks <= 13


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(PLAYERS))
def test_a_view_holds_its_own_hand_and_draws_never_the_others(seed: int, seat: Seat) -> None:
    deal = HoneymoonDeal(honeymoon_pack(seed, 1), S)
    rng = random.Random(seed)
    while deal.phase == Phase.DRAW:
        view = deal.view(seat)
        assert view.hand == deal.hands[seat] and view.draws == tuple(deal.draws[seat])
        assert view.stock == len(deal.stock)
        # what the view shows of cards: own hand, own draws, the tricks; nothing else hidden
        shown = set(view.hand) | set(view.draws) | set(view.seen)
        hidden = set(deal.hands[opponent(seat)]) | set(deal.stock)
        assert not shown & hidden
        assert deal.turn is not None
        deal.play_card(deal.turn, rng.choice(deal.view(deal.turn).legal_cards()))


def test_legal_cards_follow_suit() -> None:
    hand = Hand.from_pbn("AK.Q..5432")
    assert legal_cards(hand, Card.parse("SQ")) == (Card.parse("SA"), Card.parse("SK"))
    assert set(legal_cards(hand, Card.parse("D2"))) == set(hand)
    assert set(legal_cards(hand, None)) == set(hand)


# -- the score: rubber bridge, worked by hand -----------------------------------------------
NO_HONOURS = {S: Hand.from_pbn("5432.5432.5432.5"), W: Hand.from_pbn("6.6.6.6")}


def test_a_made_game_in_a_major_scores_its_tricks_below_the_line() -> None:
    score = HoneymoonScore()
    entry = score.record(Contract.parse("4S S"), 11, NO_HONOURS)
    # 4 x 30 = 120 below; one overtrick 30 above
    assert entry.below == (120, 0) and [(p.reason, p.points) for p in entry.premiums] == [
        ("overtricks", 30)
    ]
    assert entry.game == Side.NS and score.vulnerability.is_vulnerable(S)


def test_doubled_undertricks_not_vulnerable_then_vulnerable() -> None:
    score = HoneymoonScore()
    # 3NT doubled, two down, not vulnerable: 100 + 200 = 300 to West
    entry = score.record(Contract.parse("3NTX S"), 7, NO_HONOURS)
    assert entry.above == (0, 300)
    score.record(Contract.parse("3NT S"), 9, NO_HONOURS)  # South's game: now vulnerable
    # 2S doubled, one down, vulnerable: 200
    entry = score.record(Contract.parse("2SX S"), 7, NO_HONOURS)
    assert entry.above == (0, 200)


def test_two_games_win_the_rubber_700_against_none() -> None:
    score = HoneymoonScore()
    score.record(Contract.parse("3NT S"), 9, NO_HONOURS)  # 40 + 30 + 30 = 100: a game
    entry = score.record(Contract.parse("4H S"), 10, NO_HONOURS)  # 120: the second game
    assert ("rubber", 700) in [(p.reason, p.points) for p in entry.premiums]
    assert score.is_over and score.totals() == {Side.NS: 100 + 120 + 700, Side.EW: 0}


def test_a_rubber_won_two_games_to_one_earns_500() -> None:
    score = HoneymoonScore()
    score.record(Contract.parse("5D W"), 11, NO_HONOURS)  # West: 100, a game
    score.record(Contract.parse("4S S"), 10, NO_HONOURS)  # South: 120, a game
    entry = score.record(Contract.parse("3NT W"), 9, NO_HONOURS)
    assert ("rubber", 500) in [(p.reason, p.points) for p in entry.premiums]
    assert score.totals() == {Side.NS: 120, Side.EW: 100 + 100 + 500}


def test_honours_go_to_the_player_who_held_them_even_defending() -> None:
    # West, defending 3NT, holds the four aces: 150 to West
    hands = {S: Hand.from_pbn("KQJT.KQJT.KQJ.KQ"), W: Hand.from_pbn("A987.A987.A9.A98")}
    entry = HoneymoonScore().record(Contract.parse("3NT S"), 9, hands)
    assert entry.honours is not None and entry.honours.side == Side.EW
    assert entry.above == (0, 150) and entry.below == (100, 0)
    # four of the five trump honours in declarer's hand: 100; all five: 150
    assert hand_honours(Hand.from_pbn("AKQJ..."), Strain.S) == 100
    assert hand_honours(Hand.from_pbn("AKQJT..."), Strain.S) == 150
    assert hand_honours(Hand.from_pbn("AKQ..."), Strain.S) == 0
    # played without honours, as some agree
    plain = HoneymoonScore(honours=False).record(Contract.parse("3NT S"), 9, hands)
    assert plain.above == (0, 0)


def test_a_stopped_rubber_scores_300_for_the_only_game_and_100_for_a_partscore() -> None:
    score = HoneymoonScore()
    score.record(Contract.parse("3NT S"), 9, NO_HONOURS)
    score.record(Contract.parse("2H W"), 8, NO_HONOURS)  # West: 60, a partscore
    score.stop()
    assert score.is_over
    assert score.totals() == {Side.NS: 100 + 300, Side.EW: 60 + 100}


def test_a_passed_out_deal_scores_nothing() -> None:
    score = HoneymoonScore()
    entry = score.record(None, 0, NO_HONOURS)
    assert entry.passed_out and score.totals() == {Side.NS: 0, Side.EW: 0}


# -- the match ------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_cut_decides_the_first_dealer_and_the_deal_alternates() -> None:
    dealers = {first_dealer(seed) for seed in range(40)}
    assert dealers == {S, W}  # the cut goes either way
    match = HoneymoonMatch({S: HoneymoonRobot(), W: HoneymoonRobot()}, seed=11, rubbers=2)
    match.run()
    assert match.is_over and len(match.score.sheets) == 2
    for number, deal in enumerate(match.history):
        expected = match.first_dealer if number % 2 == 0 else opponent(match.first_dealer)
        assert deal.dealer == expected


def test_a_match_replays_exactly_from_its_moves() -> None:
    robot = HoneymoonRobot()
    played = HoneymoonMatch({S: robot, W: robot}, seed=5)
    played.run()
    log = []
    for deal in played.history:
        again = HoneymoonDeal(deal.pack, deal.dealer, deal.vulnerability)
        # every action of the deal in order: the draw's cards, the calls, the play's cards
        cards = [(t.leader, t.cards) for t in (*deal.draw_tricks, *deal.tricks)]
        for leader, pair in cards[:13]:
            again.play_card(leader, pair[0])
            again.play_card(opponent(leader), pair[1])
            log.append(pair)
        for made in deal.calls:
            again.call(made.seat, made.call)
        for leader, pair in cards[13:]:
            again.play_card(leader, pair[0])
            again.play_card(opponent(leader), pair[1])
        assert again.phase == deal.phase and again.declarer_tricks == deal.declarer_tricks
    assert log


def test_stop_ends_the_match_and_moves_name_what_they_are() -> None:
    match = HoneymoonMatch({S: None, W: None}, seed=1)
    with pytest.raises(HoneymoonError, match="a call, a card or stop"):
        match.move(S, {})
    match.move(S, {"stop": True})
    assert match.is_over and match.pending() is None
    with pytest.raises(HoneymoonError, match="the match is over"):
        match.play_card(S, "SA")


# -- the robot ------------------------------------------------------------------------------
def brute(lead: list[Card], follow: list[Card], trump: Strain) -> int:
    """Tricks the leader takes, by trying every line (for small endings)."""
    if not lead:
        return 0
    best = 0
    for card in lead:
        worst = 99
        for answer in legal_cards(Hand(follow), card):
            wins = (
                answer.rank < card.rank
                if answer.suit == card.suit
                else trump == Strain.NT or int(answer.suit) != int(trump)
            )
            rest_lead = [c for c in lead if c != card]
            rest_follow = [c for c in follow if c != answer]
            got = (
                1 + brute(rest_lead, rest_follow, trump)
                if wins
                else len(rest_lead) - brute(rest_follow, rest_lead, trump)
            )
            worst = min(worst, got)
        best = max(best, worst)
    return best


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.sampled_from(list(Strain)))
def test_the_robots_ending_solver_agrees_with_trying_every_line(
    seed: int, size: int, trump: Strain
) -> None:
    cards = pack(seed)
    lead, follow = list(cards[:size]), list(cards[size : 2 * size])
    assert solve(Hand(lead), Hand(follow), trump) == brute(lead, follow, trump)


def test_the_trick_count_of_a_hand_against_a_known_hand() -> None:
    # all thirteen spades against none: thirteen tricks in spades
    mine, theirs = Hand.from_pbn("AKQJT98765432..."), Hand.from_pbn(".AKQJT98765432..")
    assert estimate_tricks(mine, theirs, Strain.S) == 13
    assert estimate_tricks(theirs, mine, Strain.S) == 0


def test_the_robot_decides_from_its_view_alone() -> None:
    """The same view gives the same card, whatever the cards it cannot see (the stock)."""
    cards = pack(7)
    shuffled_stock = cards[:26] + tuple(reversed(cards[26:]))
    robot = HoneymoonRobot()
    for version in (cards, shuffled_stock):
        deal = HoneymoonDeal(version, dealer=S)  # West leads
        assert robot.card(deal.view(W)) == robot.card(HoneymoonDeal(cards, S).view(W))


@pytest.mark.slow
def test_robot_against_robot_mostly_makes_what_it_bids() -> None:
    made = played = 0
    for seed in range(12):
        match = HoneymoonMatch({S: HoneymoonRobot(), W: HoneymoonRobot()}, seed=seed)
        match.run()
        for deal in match.history:
            if deal.contract is not None:
                played += 1
                made += deal.declarer_tricks >= deal.contract.tricks_needed
    assert played >= 12 and made / played >= 0.8


# -- the terminal ---------------------------------------------------------------------------
def run_cli(args: list[str], lines: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    return main(["honeymoon", *args])


def test_the_terminal_game_plays_the_draw_and_explains_a_wrong_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    match = HoneymoonMatch({S: None, W: HoneymoonRobot()}, seed=3)
    match.run()
    first = str(match.view(S).legal_cards()[0])
    not_held = next(str(c) for c in CARDS if c not in match.current.hands[S])
    lines = [not_held, "banana", first, "played", "help", "score", "quit"]
    assert run_cli(["--seed", "3"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Honeymoon bridge, 1 rubber: you sit South, the robot West; seed 3" in out
    assert "Deal 1:" in out and "to the draw: 13 tricks at notrump" in out
    assert "Not possible: South does not hold" in out
    assert "Not possible: 'banana' is not a card" in out
    assert "Draw trick 1:" in out and "You draw" in out
    assert re.search(r"Played so far \((2|3) cards\)", out)  # and the robot's next lead
    assert "WE" in out and "Final score: you 0, the robot 0." in out


@pytest.mark.slow
def test_a_whole_deal_is_played_in_the_terminal_through_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """South answers as the robot would, read from a replay of the same match."""
    robot = HoneymoonRobot()
    shadow = HoneymoonMatch({S: robot, W: robot}, seed=4)
    while len(shadow.history) == 1 and not shadow.is_over:
        shadow.step()
    deal = shadow.history[0]
    lines = []
    for trick in deal.draw_tricks:
        lines.append(str(trick.card_of(S)))
    lines += [str(m.call) for m in deal.calls if m.seat == S]
    lines += [str(t.card_of(S)) for t in deal.tricks]
    assert run_cli(["--seed", "4"], [*lines, "quit"], monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Not possible" not in out
    assert "The stock is gone." in out and "Draw trick 13:" in out
    if deal.contract is not None:
        assert "Contract:" in out and "Trick 13:" in out and "The robot's hand:" in out
    assert "Final score" in out


def test_a_match_needs_a_rubber(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["honeymoon", "--rubbers", "0"]) == 2
    assert "at least 1 rubber" in capsys.readouterr().err


def test_permutations_of_a_trick_pick_the_right_winner() -> None:
    # small exhaustive check of the two-card trick: higher of the led suit, or a trump
    for lead, follow in permutations([Card.parse("H9"), Card.parse("HT"), Card.parse("S2")], 2):
        beats = (follow.suit == lead.suit and follow.rank > lead.rank) or (
            follow.suit != lead.suit and follow.suit == 3
        )
        deal_winner = S if beats else W
        assert Trick(W, (lead, follow)).winner(Strain.S) == deal_winner
