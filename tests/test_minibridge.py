"""Minibridge, both forms, from the rules text (../shared/rules-texts/004, "Minibridge") and
the English Bridge Union's scoring ("How to score in Minibridge")."""

from __future__ import annotations

import io
import sys

import pytest

from contractbridge.cli import main
from contractbridge.cli.minibridge import MinibridgeGame, parse_declaration
from contractbridge.core import Contract, Deal, Hand, Seat, Strain
from contractbridge.core.minibridge import (
    Form,
    MinibridgeDeal,
    MinibridgeError,
    Phase,
    Slip,
    declared_contract,
    hcp,
    points_declarer,
)
from contractbridge.game.minibridge import MinibridgeSeries, minibridge_deal_for
from contractbridge.robots.inference import sample_deals
from contractbridge.robots.minibridge import MinibridgeRobot, fit_strains
from contractbridge.scoring.minibridge import MinibridgeScore, minibridge_score

# North 19, East 11, South 10, West 0 points
STRONG_NORTH = Deal.from_pbn(
    "N:AKQJ.AKQ.765.432 T98.JT9.432.AKQJ 765.765.AKQJ.T98 432.8432.T98.765"
)
# 10 points each: 20-20
EVEN = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def announced(deal: Deal, dealer: Seat, form: Form = Form.POINTS) -> MinibridgeDeal:
    mini = MinibridgeDeal(deal, dealer, form)
    while mini.phase == Phase.ANNOUNCE:
        seat = mini.turn
        assert seat is not None
        mini.announce(seat, hcp(deal[seat]))
    return mini


def with_points(points: dict[Seat, int]) -> Deal:
    """A deal whose seats hold exactly these points (found among seeded random deals)."""
    for seed in range(200_000):
        deal = Deal.random(seed)
        if all(hcp(deal[s]) == p for s, p in points.items()):
            return deal
    raise AssertionError(f"no deal with {points}")


# -- who declares (points form) ----------------------------------------------------------------
def test_the_side_with_more_points_declares_and_its_member_with_more_points_is_declarer() -> None:
    points = {Seat.N: 9, Seat.E: 14, Seat.S: 6, Seat.W: 11}  # EW 25 - NS 15
    assert points_declarer(Seat.N, points) == Seat.E
    mini = announced(STRONG_NORTH, Seat.W)  # NS 29 - EW 11; North 19 > South 10
    assert mini.declarer == Seat.N and mini.phase == Phase.DECLARE and mini.turn == Seat.N


def test_equal_points_in_the_declaring_side_the_one_who_spoke_first_declares() -> None:
    points = {Seat.N: 12, Seat.E: 8, Seat.S: 12, Seat.W: 8}
    # East deals: East, South, West, North speak - South first of North-South
    assert points_declarer(Seat.E, points) == Seat.S
    # South deals: South speaks first; West deals: North speaks before South
    assert points_declarer(Seat.S, points) == Seat.S
    assert points_declarer(Seat.W, points) == Seat.N
    assert points_declarer(Seat.N, points) == Seat.N


def test_20_20_is_redealt_by_the_same_dealer() -> None:
    mini = announced(EVEN, Seat.E)
    assert mini.phase == Phase.REDEAL and mini.declarer is None and mini.is_over
    # in a series, the redeal keeps the deal number and its dealer, with new cards
    deal = with_points({Seat.N: 10, Seat.E: 10, Seat.S: 10})
    series = MinibridgeSeries([None] * 4, deals=2, seed=1)
    series.history[-1] = MinibridgeDeal(deal, Seat.N)
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        series.announce(seat, 10)
    assert len(series.history) == 2 and series.numbers == [1, 1]
    assert series.current.dealer == Seat.N and series.current.deal == minibridge_deal_for(1, 1, 1)
    assert series.score.results == []


def test_announcements_go_round_from_the_dealer_and_must_be_true() -> None:
    mini = MinibridgeDeal(STRONG_NORTH, Seat.S)
    with pytest.raises(MinibridgeError, match="South's turn, not North's"):
        mini.announce(Seat.N, 19)
    with pytest.raises(MinibridgeError, match="South holds 10 points, not 12"):
        mini.announce(Seat.S, 12)
    mini.announce(Seat.S, 10)
    assert mini.turn == Seat.W and len(mini.actions) == 1


def test_dummy_is_faced_before_declarer_names_the_contract() -> None:
    mini = announced(STRONG_NORTH, Seat.N)
    for seat in (Seat.E, Seat.W, Seat.N):
        assert mini.view(seat).dummy == STRONG_NORTH[Seat.S]
    assert mini.view(Seat.E).announced == {Seat.N: 19, Seat.E: 11, Seat.S: 10, Seat.W: 0}
    # the card player's view shows dummy to the opening leader too
    mini.declare(Seat.N, Strain.S, game=True)
    view = mini.view(Seat.E).play
    assert view is not None and view.dummy == STRONG_NORTH[Seat.S] and view.played == ()


def test_declarer_names_partscore_or_game_and_the_strain() -> None:
    # partscore: seven tricks; game: nine at notrump, ten in a major, eleven in a minor
    assert [str(declared_contract(s, False)) for s in Strain] == ["1C", "1D", "1H", "1S", "1NT"]
    assert [str(declared_contract(s, True)) for s in Strain] == ["5C", "5D", "4H", "4S", "3NT"]
    mini = announced(STRONG_NORTH, Seat.N)
    with pytest.raises(MinibridgeError, match="North's turn, not South's"):
        mini.declare(Seat.S, Strain.NT, game=True)
    mini.declare(Seat.N, Strain.H, game=True)
    assert mini.contract == Contract.parse("4H N") and mini.phase == Phase.PLAY


@pytest.mark.parametrize("declarer_side", [Seat.N, Seat.E])
def test_declarers_left_hand_opponent_leads(declarer_side: Seat) -> None:
    deal = STRONG_NORTH if declarer_side == Seat.N else with_points({Seat.E: 20, Seat.W: 9})
    mini = announced(deal, Seat.S)
    assert mini.declarer == declarer_side
    mini.declare(declarer_side, Strain.NT, game=False)
    assert mini.turn == declarer_side.lho and mini.card_hand == declarer_side.lho
    with pytest.raises(MinibridgeError, match="turn to play"):
        mini.play_card(declarer_side, next(iter(deal[declarer_side])))


def test_declarer_plays_dummys_cards() -> None:
    mini = announced(STRONG_NORTH, Seat.N)
    mini.declare(Seat.N, Strain.NT, game=False)
    mini.play_card(Seat.E, "CA")
    assert mini.card_hand == Seat.S and mini.turn == Seat.N
    with pytest.raises(MinibridgeError, match="dummy takes no part"):
        mini.play_card(Seat.S, "C8")
    mini.play_card(Seat.N, "C8")
    assert [a.seat for a in mini.actions[-2:]] == [Seat.E, Seat.S]


# -- the slips form ----------------------------------------------------------------------------
def test_a_slip_holds_the_points_and_the_length_of_each_suit() -> None:
    slip = Slip.of(Hand.from_pbn("AKQJ.AKQ.765.432"))
    assert slip == Slip(19, (4, 3, 3, 3))
    assert slip.length(3) == 4 and slip.length(0) == 3  # spades, clubs


def test_four_passes_are_redealt() -> None:
    mini = MinibridgeDeal(STRONG_NORTH, Seat.W, Form.SLIPS)
    assert mini.phase == Phase.OPEN
    for seat in (Seat.W, Seat.N, Seat.E, Seat.S):
        mini.speak(seat, False)
    assert mini.phase == Phase.REDEAL


def slips_deal(dealer: Seat = Seat.N) -> MinibridgeDeal:
    """North passes, East opens."""
    mini = MinibridgeDeal(STRONG_NORTH, dealer, Form.SLIPS)
    mini.speak(Seat.N, False)
    mini.speak(Seat.E, True)
    return mini


def test_the_opener_gets_partners_slip_and_the_overcaller_its_partners_after_the_opening_bid() -> (
    None
):
    mini = slips_deal()
    assert mini.phase == Phase.BID and mini.turn == Seat.E
    assert mini.view(Seat.E).partner_slip == Slip.of(STRONG_NORTH[Seat.W])
    assert [mini.view(s).partner_slip for s in (Seat.S, Seat.W, Seat.N)] == [None] * 3
    mini.bid(Seat.E, Contract.parse("1C"))
    assert mini.view(Seat.S).partner_slip == Slip.of(STRONG_NORTH[Seat.N])
    assert mini.view(Seat.N).partner_slip is None and mini.view(Seat.W).partner_slip is None


def test_opener_and_overcaller_alternate_each_bid_higher_and_the_last_bidder_declares() -> None:
    mini = slips_deal()
    with pytest.raises(MinibridgeError, match="the opener must name a contract"):
        mini.bid(Seat.E, None)
    mini.bid(Seat.E, Contract.parse("1H"))
    assert mini.turn == Seat.S  # the opener's left-hand opponent
    with pytest.raises(MinibridgeError, match="South's turn, not West's"):
        mini.bid(Seat.W, Contract.parse("2H"))
    with pytest.raises(MinibridgeError, match="not higher than 1♥"):
        mini.bid(Seat.S, Contract.parse("1D"))
    with pytest.raises(MinibridgeError, match="not higher"):
        mini.bid(Seat.S, Contract.parse("1H"))
    mini.bid(Seat.S, Contract.parse("1S"))  # as many tricks in a higher strain
    assert mini.turn == Seat.E
    mini.bid(Seat.E, Contract.parse("2H"))
    assert mini.turn == Seat.S
    mini.bid(Seat.S, Contract.parse("2NT"))
    mini.bid(Seat.E, None)  # the opener passes: the overcaller's 2NT is played
    assert mini.contract == Contract.parse("2NT S") and mini.declarer == Seat.S
    assert mini.turn == Seat.W  # declarer's left-hand opponent leads
    # in the slips form, dummy is faced after the opening lead, as in bridge
    assert mini.view(Seat.W).dummy is None
    mini.play_card(Seat.W, next(iter(STRONG_NORTH[Seat.W])))
    assert mini.view(Seat.W).dummy == STRONG_NORTH[Seat.N]


def test_if_the_overcaller_passes_the_openers_contract_is_played() -> None:
    mini = slips_deal()
    mini.bid(Seat.E, Contract.parse("3C"))
    mini.bid(Seat.S, None)
    assert mini.contract == Contract.parse("3C E") and mini.turn == Seat.S


# -- scoring (EBU, "How to score in Minibridge": its worked examples) ---------------------------
@pytest.mark.parametrize(
    ("contract", "tricks", "score"),
    [
        ("1D", 8, 2 * 20 + 50),  # partscore in diamonds, 8 tricks: 90
        ("1S", 6, -1 * 50),  # partscore, 6 tricks: one short, 50 to the defenders
        ("4S", 10, 4 * 30 + 300),  # game in spades, 10 tricks: 420
        ("1H", 10, 4 * 30 + 50),  # partscore in hearts, 10 tricks: 170
        ("4H", 8, -2 * 50),  # game in hearts, 8 tricks: two short, 100
        ("1NT", 9, 40 + 30 + 30 + 50),  # partscore at notrump, 9 tricks: 150
        ("3NT", 9, 40 + 30 + 30 + 300),  # game at notrump, 9 tricks: 400
        ("3NT", 8, -1 * 50),  # game at notrump, 8 tricks: 50 away
        ("5C", 12, 6 * 20 + 300),  # game in clubs, 12 tricks: 420, no slam bonus
        ("5D", 11, 5 * 20 + 300),  # game in diamonds just made: 400
        ("1C", 7, 20 + 50),  # the smallest partscore: 70
    ],
)
def test_minibridge_score_as_the_ebu_examples(contract: str, tricks: int, score: int) -> None:
    assert minibridge_score(Contract.parse(contract), tricks) == score


def test_slips_form_contracts_score_by_their_trick_value() -> None:
    # 2NT is a partscore (70 < 100): 40 + 30 + 30 for 9 tricks + 50
    assert minibridge_score(Contract.parse("2NT"), 9) == 150
    # 6S made: a game (180 >= 100) and no slam bonus: 6 * 30 + 300
    assert minibridge_score(Contract.parse("6S"), 12) == 480
    # vulnerable, for teachers who add it: game 500, 100 a trick short
    assert minibridge_score(Contract.parse("4S"), 10, vulnerable=True) == 4 * 30 + 500
    assert minibridge_score(Contract.parse("4S"), 8, vulnerable=True) == -200
    with pytest.raises(ValueError, match="no doubles"):
        minibridge_score(Contract.parse("4SX"), 10)


def test_the_running_score_adds_each_sides_points() -> None:
    score = MinibridgeScore()
    score.record(1, Contract.parse("4S N"), 10)  # NS 420
    score.record(2, Contract.parse("1NT E"), 9)  # EW 40 + 30 + 30 + 50 = 150
    score.record(3, Contract.parse("5D W"), 9)  # two short: NS 100
    assert score.totals() == {Seat.N.side: 520, Seat.E.side: 150}
    assert "total" in score.render().splitlines()[-1]


@pytest.mark.slow
def test_a_series_deals_like_boards_and_keeps_the_running_score() -> None:
    robots = [MinibridgeRobot(seed=s, samples=3, budget=0.02) for s in range(4)]
    series = MinibridgeSeries(robots, deals=2, seed=4)
    series.run()
    assert series.is_over and series.pending() is None
    played = [d for d in series.history if d.phase == Phase.OVER]
    assert [d.dealer for d in played] == [Seat.N, Seat.E]  # deals 1 and 2: North, East deal
    total = series.score.totals()
    assert sum(total.values()) == sum(abs(r.ns - r.ew) for r in series.score.results)
    for deal, result in zip(played, series.score.results, strict=True):
        assert deal.contract is not None
        points = minibridge_score(deal.contract, deal.declarer_tricks)
        assert (result.ns - result.ew) * (1 if deal.declarer in (Seat.N, Seat.S) else -1) == points


# -- robots ------------------------------------------------------------------------------------
def test_sampled_deals_keep_the_announced_points_and_partners_slip() -> None:
    import numpy as np

    me = Hand.from_pbn("AKQJ.AKQ.765.432")
    slip = Slip(9, (2, 5, 3, 3))
    deals = sample_deals(
        {Seat.N: me}, 20, np.random.default_rng(1), slips={Seat.S: slip}, points={Seat.E: 6}
    )
    assert len(deals) == 20
    for deal in deals:
        assert deal[Seat.N] == me and Slip.of(deal[Seat.S]) == slip and hcp(deal[Seat.E]) == 6


def test_robots_try_notrump_and_the_eight_card_fits() -> None:
    assert fit_strains([2, 3, 8, 0]) == [Strain.H, Strain.NT]
    assert fit_strains([7, 6, 7, 6]) == [Strain.C, Strain.H, Strain.NT]


def swap_hidden(deal: Deal, a: Seat, b: Seat) -> Deal:
    """The deal with a small card of ``a`` and one of another suit of ``b`` exchanged, and
    the same points everywhere."""
    hands = list(deal.hands)
    small_a = [c for c in hands[a] if c % 13 < 8]
    small_b = [c for c in hands[b] if c % 13 < 8 and all(c // 13 != x // 13 for x in small_a[:1])]
    ca, cb = small_a[0], small_b[0]
    hands[a] = hands[a].remove(ca).add(cb)
    hands[b] = hands[b].remove(cb).add(ca)
    changed = Deal(hands)
    assert changed != deal and all(hcp(changed[s]) == hcp(deal[s]) for s in Seat)
    return changed


def test_the_robots_declaration_depends_only_on_what_declarer_sees() -> None:
    other = swap_hidden(STRONG_NORTH, Seat.E, Seat.W)  # the defenders' cards, unseen
    views = [announced(d, Seat.N).view(Seat.N) for d in (STRONG_NORTH, other)]
    assert views[0] == views[1]  # the view shows no defender's card
    robot = MinibridgeRobot(seed=5, samples=4, max_seconds=None)
    assert robot.declare(views[0]) == robot.declare(views[1])
    assert robot.last is not None and robot.last.samples == 4


def test_the_robots_overcall_depends_only_on_its_hand_and_partners_slip() -> None:
    # South's partner North keeps its slip (the same points and lengths) but not its cards
    hands = list(STRONG_NORTH.hands)
    n, w = hands[Seat.N], hands[Seat.W]
    hands[Seat.N] = n.remove(next(iter(n.cards_in(1)))).add(w.cards_in(1)[-1])
    hands[Seat.W] = w.remove(w.cards_in(1)[-1]).add(next(iter(n.cards_in(1))))
    other = Deal(hands)
    assert Slip.of(other[Seat.N]) == Slip.of(STRONG_NORTH[Seat.N])
    views = []
    for deal in (STRONG_NORTH, other):
        mini = MinibridgeDeal(deal, Seat.N, Form.SLIPS)
        mini.speak(Seat.N, False)
        mini.speak(Seat.E, True)
        mini.bid(Seat.E, Contract.parse("1C"))
        views.append(mini.view(Seat.S))
    assert views[0] == views[1]
    robot = MinibridgeRobot(seed=2, samples=4, max_seconds=None)
    assert robot.bid(views[0]) == robot.bid(views[1])


def test_the_robots_card_depends_only_on_its_view() -> None:
    other = swap_hidden(STRONG_NORTH, Seat.E, Seat.W)
    views = []
    for deal in (STRONG_NORTH, other):
        mini = announced(deal, Seat.N)
        mini.declare(Seat.N, Strain.NT, game=True)
        mini.play_card(Seat.E, "CA")
        views.append(mini.view(Seat.N))
    assert views[0] == views[1]
    robot = MinibridgeRobot(seed=3, budget=0.05)
    assert robot.card(views[0]) == robot.card(views[1])


# -- the terminal ------------------------------------------------------------------------------
def steady_robot(seed: int = 0) -> MinibridgeRobot:
    """A robot whose decisions do not depend on the machine's speed, and quick."""
    return MinibridgeRobot(seed=seed, max_seconds=None, budget=0.1)


def robot_lines(seat: Seat, seed: int, form: Form) -> list[str]:
    """What the robot in ``seat`` would type: the terminal's robots play the same."""
    robots = {s: steady_robot(seed=int(s)) for s in Seat}
    series = MinibridgeSeries(robots, form=form, deals=1, seed=seed)
    series.run()
    lines = []
    for deal in series.history:
        for action in deal.actions:
            actor = action.seat
            if action.kind == "card" and deal.declarer is not None:
                actor = deal.declarer if actor == deal.declarer.partner else actor
            if actor != seat:
                continue
            if action.kind == "announce":
                lines.append(str(action.points))
            elif action.kind in ("open", "pass"):
                lines.append(action.kind)
            elif action.kind in ("bid", "declare"):
                contract = action.contract
                lines.append(f"{contract.level}{contract.strain.name}" if contract else "pass")
            else:
                lines.append(str(action.card))
    return lines


def run_cli(args: list[str], lines: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    monkeypatch.setattr("contractbridge.cli.minibridge.MinibridgeRobot", steady_robot)
    return main(["minibridge", *args])


@pytest.mark.slow
@pytest.mark.parametrize(("form", "seed"), [("points", 3), ("slips", 5)])
def test_a_whole_deal_is_played_through_a_pipe(
    form: str, seed: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = robot_lines(Seat.S, seed, Form(form))
    args = ["--form", form, "--seed", str(seed), "--deals", "1"]
    assert run_cli(args, lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Deal 1: North deals" in out
    assert "Trick 13 to" in out and "Final score" in out
    assert "Not possible" not in out and "End of input" not in out
    if form == "points":
        assert "You announce" in out and "announces" in out
    else:
        assert "Your slip:" in out and "Partner's slip" in out


def test_a_wrong_count_or_answer_gets_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(["--seed", "3", "--deals", "1"], ["5", "banana", "help"], monkeypatch) == 0
    out = capsys.readouterr().out
    assert "South holds 17 points, not 5 (count ace 4, king 3, queen 2, jack 1)" in out
    assert "'banana' is not a number of points" in out
    assert "End of input: leaving the table." in out and "Final score" in out


def test_the_terminal_shows_only_what_the_seat_may_see() -> None:
    console_file = io.StringIO()
    from rich.console import Console

    robots = {s: MinibridgeRobot(seed=int(s), samples=3, budget=0.02) for s in Seat}
    game = MinibridgeGame(
        Seat.S,
        form=Form.SLIPS,
        deals=1,
        seed=5,
        console=Console(file=console_file, width=120),
        robots=robots,
    )
    game.play(["open"])  # South opens: it sees North's slip; nobody else's
    out = console_file.getvalue()
    slips = game.series.current.slips
    assert f"Partner's slip (North): {game.slip_text(slips[Seat.N])}" in out
    for seat in (Seat.E, Seat.W):
        if slips[seat] not in (slips[Seat.N], slips[Seat.S]):
            assert game.slip_text(slips[seat]) not in out


def test_a_declaration_is_game_or_partscore_and_a_strain() -> None:
    assert parse_declaration("game hearts") == (Strain.H, True)
    assert parse_declaration("partscore nt") == (Strain.NT, False)
    assert parse_declaration("spades game") == (Strain.S, True)
    assert parse_declaration("5d") == (Strain.D, True)
    with pytest.raises(ValueError, match="a partscore is 1♥ and a game 4♥, not 2H"):
        parse_declaration("2h")


def test_the_terminal_names_a_north_declarer() -> None:
    """North is seat 0: a truth test on the seat once left "by North" out."""
    game = MinibridgeGame(Seat.S, seed=1)
    assert game.contract_text(Contract.parse("3NTN")).endswith("by North")
