"""Tournaments of the day, the domain: dealing, results, scoring against the field (Law 78A
matchpoints, Law 78B IMPs), the rankings, and what a viewer may see."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge.core.deal import Board
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat, Side
from contractbridge.robots.basic import BasicRobot
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import CrossDivisor, butler_imps, cross_imps
from contractbridge.scoring.matchpoints import percentages
from contractbridge.tournament.daily import (
    ROBOTS,
    AlreadyRecordedError,
    DailyError,
    DailyPlan,
    DailySet,
    DealResult,
    Field,
    Kind,
    NotFinishedError,
    OutOfOrderError,
    Progress,
    Scoring,
    SetClosedError,
    SetPlan,
    Unplayed,
    check_player,
    deal_day,
    deal_for,
    robots_result,
    score_values,
)

SECRET = "the operator's secret for tests"
PLAYERS = [f"p{i}" for i in range(5)]
DAY = date(2026, 11, 29)
AT = datetime(2026, 11, 29, 12, tzinfo=UTC)


def a_set(
    scoring: Scoring = Scoring.MATCHPOINTS,
    boards: int = 2,
    unplayed: Unplayed = Unplayed.AVERAGE_MINUS,
    kind: Kind = Kind.FULL,
) -> DailySet:
    plan = DailyPlan((SetPlan("Test", boards, scoring, kind, 24, unplayed),))
    return deal_day(plan, SECRET, DAY)[0]


def result(daily: DailySet, who: str, board: int, contract: str, tricks: int,
           lead: str | None = "CA", side: Side = Side.NS) -> DealResult:  # fmt: skip
    return DealResult.of(
        who, daily.deal(board), contract, tricks, lead=lead, finished=AT, side=side
    )


# -- dealing --------------------------------------------------------------------------------
def test_the_same_secret_and_day_deal_the_same_boards_in_every_process() -> None:
    assert deal_day(DailyPlan.default(), SECRET, DAY) == deal_day(DailyPlan.default(), SECRET, DAY)


def test_another_secret_another_day_or_another_set_deals_other_cards() -> None:
    first = deal_for(SECRET, DAY, 1, 1)
    assert deal_for(SECRET + "!", DAY, 1, 1) != first
    assert deal_for(SECRET, DAY + timedelta(days=1), 1, 1) != first
    assert deal_for(SECRET, DAY, 2, 1) != first
    assert deal_for(SECRET, DAY, 1, 2) != first


def test_a_day_is_dealt_as_the_plan_says_with_law_2_dealers_and_vulnerability() -> None:
    plan = DailyPlan.from_settings({"opens": "06:00", "sets": [
        {"name": "MP", "boards": 12, "hours": 12},
        {"name": "Cross", "boards": 5, "scoring": "CROSS-IMP", "kind": "declarer",
         "unplayed": "not-counted"}]})  # fmt: skip
    mp, cross = deal_day(plan, SECRET, DAY)
    assert [d.board for d in mp.deals] == list(range(1, 13))
    assert mp.opens == datetime(2026, 11, 29, 6, tzinfo=UTC)
    assert mp.closes == datetime(2026, 11, 29, 18, tzinfo=UTC)
    assert cross.closes == datetime(2026, 11, 30, 6, tzinfo=UTC)
    assert (cross.scoring, cross.kind, cross.unplayed) == (
        Scoring.CROSS_IMPS, Kind.DECLARER, Unplayed.NOT_COUNTED)  # fmt: skip
    for d in mp.deals:
        assert d.dealer == Board(d.board).dealer and d.vulnerability == Board(d.board).vulnerability
        assert d.deal.is_complete
    # board 5: dealer North, North-South vulnerable (Law 2)
    assert (mp.deal(5).dealer, str(mp.deal(5).vulnerability)) == (Seat.N, "NS")
    assert len({d.deal for d in mp.deals + cross.deals}) == 17


def test_a_short_secret_is_refused() -> None:
    with pytest.raises(DailyError, match="at least 16"):
        deal_day(DailyPlan.default(), "short", DAY)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"sets": []}, "at least one"),
        ({"sets": [{"boards": 8}]}, "needs a name"),
        ({"sets": [{"name": "A", "scoring": "RUBBER"}]}, "not a scoring"),
        ({"sets": [{"name": "A", "kind": "defender"}]}, "not a kind"),
        ({"sets": [{"name": "A", "boards": 0}]}, "1 to 36 boards"),
        ({"sets": [{"name": "A", "hours": 0}]}, "48 hours"),
        ({"sets": [{"name": "A"}, {"name": "A"}]}, "same name"),
        ({"sets": [{"name": "A"}], "opens": "25:00"}, "cannot be read"),
    ],
)
def test_a_bad_plan_says_what_is_wrong(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(DailyError, match=message):
        DailyPlan.from_settings(settings)


def test_a_set_comes_back_from_its_stored_form() -> None:
    for daily in deal_day(DailyPlan.default(), SECRET, DAY):
        assert DailySet.from_json(json.loads(json.dumps(daily.to_json()))) == daily
    with pytest.raises(DailyError, match="cannot be read"):
        DailySet.from_json({"id": "x"})


def test_the_rule_for_unfinished_deals_is_said_in_words() -> None:
    assert "40%" in a_set(Scoring.MATCHPOINTS).rule_text
    assert "-3 IMPs" in a_set(Scoring.BUTLER).rule_text
    assert "not counted" in a_set(unplayed=Unplayed.NOT_COUNTED).rule_text


def test_the_window_is_open_from_opening_until_just_before_the_close() -> None:
    daily = a_set()
    assert not daily.is_open(daily.opens - timedelta(seconds=1))
    assert daily.is_open(daily.opens) and daily.is_open(daily.closes - timedelta(seconds=1))
    assert not daily.is_open(daily.closes) and daily.is_closed(daily.closes)


def test_a_player_plays_the_deals_in_order_each_once() -> None:
    daily = a_set(boards=3)
    progress = Progress(daily, "ann", (1,))
    assert progress.next_deal is not None and progress.next_deal.board == 2
    progress.check_next(2)
    with pytest.raises(AlreadyRecordedError, match="board 1 is already scored"):
        progress.check_next(1)
    with pytest.raises(OutOfOrderError, match="is board 2, not board 3"):
        progress.check_next(3)
    with pytest.raises(DailyError, match="not in the set"):
        progress.check_next(4)
    done = Progress(daily, "ann", (1, 2, 3))
    assert done.is_complete and done.next_deal is None


def test_play_is_refused_outside_the_window() -> None:
    daily = a_set()
    daily.check_open(daily.opens)
    with pytest.raises(SetClosedError, match="opens at 00:00 UTC"):
        daily.check_open(daily.opens - timedelta(minutes=1))
    with pytest.raises(SetClosedError, match="closed at 2026-11-30 00:00 UTC"):
        daily.check_open(daily.closes)


# -- results --------------------------------------------------------------------------------
def test_a_result_is_scored_for_north_south_by_law_77_and_the_board_vulnerability() -> None:
    daily = a_set(boards=3)
    # board 2: N-S vulnerable; 4S making: 120 + 500 game bonus
    assert result(daily, "ann", 2, "4S S", 10).score == 620
    # board 1: nobody vulnerable; East's 3NT making: 100 + 300 to E-W
    assert result(daily, "ann", 1, "3NT E", 9).score == -400
    # board 3: E-W vulnerable; 4HX by West two down: 200 + 300 to N-S
    assert result(daily, "ann", 3, "4HX W", 8).score == 500
    assert result(daily, "ann", 1, "Pass", 0, lead=None).score == 0


def test_a_result_for_the_declaring_side_east_west_is_its_own_score() -> None:
    daily = a_set()
    played = result(daily, "ann", 1, "3NT E", 9, side=Side.EW)
    assert (played.score, played.own_score) == (-400, 400)


@pytest.mark.parametrize(
    ("contract", "tricks", "lead", "message"),
    [("Pass", 0, "CA", "passed-out"), ("4S", 10, "CA", "declarer"), ("4S S", 14, "CA", "0 to 13")],
)
def test_an_impossible_result_is_refused(
    contract: str, tricks: int, lead: str, message: str
) -> None:
    with pytest.raises(BridgeError, match=message):
        result(a_set(), "ann", 1, contract, tricks, lead)


def test_a_player_key_cannot_be_the_robots_or_empty() -> None:
    for key in ("", "@robots", "@someone", "x" * 65):
        with pytest.raises(DailyError, match="cannot name a player"):
            check_player(key)
    for key in ("", "x" * 65):
        with pytest.raises(DailyError, match="cannot name a player"):
            result(a_set(), key, 1, "4S S", 10)


def test_a_result_comes_back_from_its_stored_form() -> None:
    daily = a_set()
    for r in (result(daily, "ann", 1, "4SX N", 9), result(daily, "bob", 1, "Pass", 0, None)):
        assert DealResult.from_json(json.loads(json.dumps(r.to_json()))) == r


def test_the_robots_play_the_deal_from_their_own_views_to_a_consistent_result() -> None:
    daily = a_set(boards=4)
    for d in daily.deals:
        robots = robots_result(d, [BasicRobot()] * 4, finished=AT)
        assert robots.player == ROBOTS and robots.side is Side.NS
        assert robots_result(d, lambda _seat: BasicRobot(), finished=AT) == robots
        if robots.contract is None:
            continue
        declarer = robots.declarer
        assert declarer is not None and robots.lead is not None
        assert robots.lead in d.deal[declarer.lho]  # the opening lead is declarer's LHO's
        vulnerable = d.vulnerability.is_vulnerable(declarer.side)
        made = duplicate_score(robots.contract, robots.tricks, vulnerable)
        assert robots.score == (made if declarer.side is Side.NS else -made)


def test_in_a_declarer_only_set_the_robots_entry_is_on_the_declaring_side() -> None:
    daily = a_set(boards=4, kind=Kind.DECLARER)
    sides = set()
    for d in daily.deals:
        robots = robots_result(d, [BasicRobot()] * 4, kind=Kind.DECLARER, finished=AT)
        if robots.declarer is not None:
            assert robots.side is robots.declarer.side
            sides.add(robots.side)
    assert sides  # the robots declared at least one of the four


# -- scoring a deal against the field ------------------------------------------------------
def test_matchpoints_follow_law_78a_two_per_score_beaten_one_per_tie() -> None:
    # -50 beats three scores (6 of a top of 6), each -100 beats one and ties one (3 of 6)
    assert score_values(Scoring.MATCHPOINTS, [-50, -100, -100, -140]) == {
        -50: 100.0, -100: 50.0, -140: 0.0}  # fmt: skip
    assert score_values(Scoring.MATCHPOINTS, [420]) == {420: 50.0}


def test_butler_imps_are_against_the_datum_without_the_extremes() -> None:
    # datum: (420 + 170) / 2 = 295, rounded to 300; 120 -> 3 IMPs, -130 -> -4, -350 -> -8
    assert score_values(Scoring.BUTLER, [420, 420, 170, -50]) == {
        420: 3.0, 170: -4.0, -50: -8.0}  # fmt: skip


scores = st.lists(st.sampled_from([-1100, -500, -200, -100, -50, 0, 50, 90, 110, 140, 400,
                                   420, 450, 620, 990, 1440]), min_size=1, max_size=30)  # fmt: skip


@given(scores)
def test_scoring_by_counting_gives_the_scoring_modules_own_figures(field: list[int]) -> None:
    mp = score_values(Scoring.MATCHPOINTS, field)
    assert [mp[s] for s in field] == pytest.approx(percentages(field))
    butler = score_values(Scoring.BUTLER, field)
    assert [butler[s] for s in field] == butler_imps(field)
    cross = score_values(Scoring.CROSS_IMPS, field)
    expected = cross_imps(field, divisor=CrossDivisor.COMPARISONS)
    assert [cross[s] for s in field] == pytest.approx(expected)


# -- the field and the rankings -------------------------------------------------------------
def four_on_board_one(daily: DailySet) -> Field:
    field = Field(daily)
    field.add(result(daily, "ann", 1, "4S S", 10))  # 420
    field.add(result(daily, "bob", 1, "4S S", 10))  # 420
    field.add(result(daily, "cy", 1, "2S S", 10))  # 170
    field.add(result(daily, "dee", 1, "2S S", 7))  # -50
    return field


def test_the_live_ranking_shows_ties_as_ties_with_the_deals_played() -> None:
    field = four_on_board_one(a_set())
    lines = [(s.rank, s.tied, s.player, round(s.average, 2), s.played)
             for s in field.ranking().standings]  # fmt: skip
    # 420: two beaten, one tie = 5 of 6; 170: one beaten = 2 of 6
    assert lines == [(1, True, "ann", 83.33, 1), (1, True, "bob", 83.33, 1),
                     (3, False, "cy", 33.33, 1), (4, False, "dee", 0.0, 1)]  # fmt: skip
    field.add(result(field.set, "cy", 2, "3NT N", 9))  # alone on board 2: 50%
    cy = field.ranking().standing("cy")
    assert cy is not None and cy.played == 2 and cy.average == pytest.approx((100 / 3 + 50) / 2)


def test_the_final_ranking_scores_unfinished_deals_average_minus() -> None:
    field = four_on_board_one(a_set())
    field.enter("eve")  # started, finished nothing
    final = {s.player: s for s in field.ranking(final=True).standings}
    assert final["ann"].average == pytest.approx((250 / 3 + 40) / 2)
    assert final["eve"].average == pytest.approx(40.0) and final["eve"].played == 0
    assert "eve" not in {s.player for s in field.ranking().standings}


def test_the_final_ranking_at_imps_scores_unfinished_deals_minus_three() -> None:
    field = four_on_board_one(a_set(Scoring.BUTLER))
    final = {s.player: s.average for s in field.ranking(final=True).standings}
    assert final == {"ann": 0.0, "bob": 0.0, "cy": -3.5, "dee": -5.5}


def test_deals_not_counted_leave_the_average_over_the_deals_played() -> None:
    field = four_on_board_one(a_set(unplayed=Unplayed.NOT_COUNTED))
    field.enter("eve")
    final = field.ranking(final=True)
    assert final.standing("ann") is not None and final.standing("eve") is None
    assert final.standings[0].average == pytest.approx(250 / 3)


def test_a_second_result_for_the_same_player_and_deal_is_refused() -> None:
    field = four_on_board_one(a_set())
    with pytest.raises(AlreadyRecordedError):
        field.add(result(field.set, "ann", 1, "3NT N", 9))
    with pytest.raises(DailyError, match="not in the set"):
        field.add(DealResult(player="ann", board=9, contract=None, tricks=0, score=0, lead=None,
                             finished=AT))  # fmt: skip


def test_the_robots_entry_is_one_more_entry_of_the_field() -> None:
    daily = a_set()
    field = Field(daily)
    field.add(result(daily, "ann", 1, "4S S", 10))
    field.add(robots_result(daily.deal(1), [BasicRobot()] * 4, finished=AT))
    assert field.field_view("ann", 1).entries == 2
    assert {s.player for s in field.ranking().standings} == {"ann", ROBOTS}


def test_an_east_west_declarer_is_compared_on_their_own_side() -> None:
    daily = a_set(kind=Kind.DECLARER)
    field = Field(daily)
    field.add(result(daily, "ann", 1, "3NT E", 10, side=Side.EW))  # 430 for E-W
    field.add(result(daily, "bob", 1, "3NT E", 9, side=Side.EW))  # 400
    assert [s.player for s in field.ranking().standings] == ["ann", "bob"]
    assert field.ranking().standings[0].average == 100.0


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(Scoring)), st.data())
def test_the_ranking_kept_as_results_come_is_the_scoring_modules_ranking(
    scoring: Scoring, data: st.DataObject
) -> None:
    daily = a_set(scoring, boards=3)
    entry = st.tuples(st.sampled_from(PLAYERS), st.sampled_from([1, 2, 3]), st.integers(7, 13))
    played = data.draw(st.lists(entry, unique_by=lambda x: x[:2]))
    field = Field(daily)
    results = [result(daily, who, board, "4S S", tricks) for who, board, tricks in played]
    for r in results:
        field.add(r)
        if data.draw(st.booleans()):
            field.ranking()  # ranked as it goes, then more results
    by_player: dict[str, list[float]] = {}
    for board in daily.boards:
        on_board = [r for r in results if r.board == board]
        ns = [r.score for r in on_board]
        if not ns:
            continue
        if scoring is Scoring.MATCHPOINTS:
            points = percentages(ns)
        elif scoring is Scoring.BUTLER:
            points = [float(x) for x in butler_imps(ns)]
        else:
            points = cross_imps(ns, divisor=CrossDivisor.COMPARISONS)
        for r, x in zip(on_board, points, strict=True):
            by_player.setdefault(r.player, []).append(x)
    expected = {p: sum(xs) / len(xs) for p, xs in by_player.items()}
    got = field.ranking()
    assert {s.player: s.average for s in got.standings} == pytest.approx(expected)
    assert got == Field(daily, results).ranking()
    averages = [s.average for s in got.standings]
    assert averages == sorted(averages, reverse=True)
    for line in got.standings:  # a rank is one more than the entries strictly ahead
        assert line.rank == 1 + sum(a > line.average + 1e-9 for a in averages)
        assert line.tied == (sum(abs(a - line.average) < 1e-9 for a in averages) > 1)


# -- how the field played it: hidden until finished ----------------------------------------
def test_the_field_view_is_refused_before_the_viewer_finished_the_deal() -> None:
    field = four_on_board_one(a_set())
    with pytest.raises(NotFinishedError, match="finish it"):
        field.field_view("eve", 1)
    with pytest.raises(NotFinishedError):
        field.field_view("ann", 2)


def test_the_field_view_groups_alike_results_with_their_frequency_and_score() -> None:
    field = four_on_board_one(a_set())
    view = field.field_view("cy", 1).to_json()
    rows = [(r["contract"], r["tricks"], r["score"], r["points"], r["count"], r["frequency"],
             r["yours"]) for r in view["rows"]]  # fmt: skip
    assert rows == [("4S S", 10, 420, 83.33, 2, 50.0, False),
                    ("2S S", 10, 170, 33.33, 1, 25.0, True),
                    ("2S S", 7, -50, 0.0, 1, 25.0, False)]  # fmt: skip
    assert view["entries"] == 4 and view["deal"] == field.set.deal(1).deal.to_pbn()


def test_the_butler_field_view_gives_the_datum() -> None:
    field = four_on_board_one(a_set(Scoring.BUTLER))
    assert field.field_view("ann", 1).datum == 300


STRAINS = "CDHS"  # board b's contracts are in STRAINS[b - 1] and its leads in that suit


@st.composite
def fields(draw: st.DrawFn) -> tuple[Field, str]:
    daily = a_set(boards=4)
    field = Field(daily)
    for board in daily.boards:
        strain = STRAINS[board - 1]
        for player in [*PLAYERS, ROBOTS]:
            if not draw(st.booleans()):
                continue
            level = draw(st.integers(1, 7))
            declarer = draw(st.sampled_from("NESW"))
            doubled = draw(st.sampled_from(["", "X", "XX"]))
            tricks = draw(st.integers(0, 13))
            lead = strain + draw(st.sampled_from("23456789TJQKA"))
            field.add(result(daily, player, board, f"{level}{strain}{doubled} {declarer}", tricks,
                             lead))  # fmt: skip
        if draw(st.booleans()):
            field.enter(draw(st.sampled_from(PLAYERS)))
    return field, draw(st.sampled_from([*PLAYERS, "outsider"]))


def leaves(value: object) -> list[tuple[str, object]]:
    """Every (key, value) pair at the leaves of a JSON document."""
    found: list[tuple[str, object]] = []
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.items())
        elif isinstance(item, list):
            stack.extend((key, x) for x in item)
        else:
            found.append((key, item))
    return found


@settings(max_examples=100, deadline=None)
@given(fields())
def test_nothing_of_a_deal_the_viewer_has_not_finished_reaches_any_view(
    drawn: tuple[Field, str],
) -> None:
    field, viewer = drawn
    daily = field.set
    finished = set(field.finished(viewer))
    views: list[Any] = [field.ranking().to_json(viewer), field.ranking(final=True).to_json(viewer),
                        field.scorecard(viewer)]  # fmt: skip
    for board in daily.boards:
        if board in finished:
            views.append(field.field_view(viewer, board).to_json())
        else:
            with pytest.raises(NotFinishedError):
                field.field_view(viewer, board)
    text = json.dumps(views)
    seen = leaves(json.loads(text))
    seen_scores = {v for k, v in seen if k == "score"}
    finished_scores = {
        r.score for b in finished for p in [*PLAYERS, ROBOTS] if (r := field.result(p, b))
    }
    assert seen_scores <= finished_scores
    for board in set(daily.boards) - finished:
        for hand in daily.deal(board).deal:
            assert str(hand) not in text
        strain = STRAINS[board - 1]
        for key, value in seen:
            if key == "contract" and isinstance(value, str):
                assert value[1] != strain, value  # "4S N", "4SX E": the strain follows the level
            if key == "lead" and isinstance(value, str):
                assert value[0] != strain, value
    for line in views[0]["standings"] + views[1]["standings"]:
        assert set(line) == {"rank", "tied", "player", "robots", "average", "played", "you"}
