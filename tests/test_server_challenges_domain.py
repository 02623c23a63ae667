"""Challenges' rules (tournament/challenges): the states and their times, who may answer,
the deals played in order, and the comparison a viewer may see (nothing of a deal before
they finished it; the other's result and the IMPs only once both did), IMPs by Law 78B."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contractbridge.core.deal import Deal
from contractbridge.tournament.challenges import (
    LIFETIME,
    Challenge,
    ChallengeError,
    State,
    deal_fresh,
    deal_imps,
)
from contractbridge.tournament.daily import ROBOTS, DailyDeal, DealResult

AT = datetime(2026, 11, 29, 9, tzinfo=UTC)
DEALS = tuple(DailyDeal(b, Deal.random(100 + b)) for b in range(1, 6))


def result(player: str, board: int, contract: str, tricks: int) -> DealResult:
    return DealResult.of(player, DEALS[board - 1], contract, tricks, lead=None if contract ==
                         "Pass" else "SA", finished=AT)  # fmt: skip


def test_states_over_time_and_answers() -> None:
    c = Challenge("c", "ann", "bob", DEALS, created=AT)
    assert c.state(AT) is State.OPEN and c.state(AT + LIFETIME - timedelta(seconds=1)) is State.OPEN
    assert c.state(AT + LIFETIME) is State.EXPIRED
    with pytest.raises(ChallengeError, match="only the player challenged"):
        c.accept("ann", AT)
    with pytest.raises(ChallengeError, match="not open any more"):
        c.accept("bob", AT + LIFETIME)
    declined = c.decline("bob", AT)
    assert declined.state(AT) is State.DECLINED
    with pytest.raises(ChallengeError, match="not open any more"):
        declined.accept("bob", AT)
    later = AT + timedelta(days=3)
    playing = c.accept("bob", later)
    assert playing.state(later) is State.PLAYING
    assert playing.state(later + LIFETIME) is State.FINISHED  # the time to play ran out
    every = {"ann": [1, 2, 3, 4, 5], "bob": [5, 4, 3, 2, 1]}
    assert playing.state(later, every) is State.FINISHED
    assert playing.state(later, {"ann": [1, 2, 3, 4, 5], "bob": [1]}) is State.PLAYING


def test_bad_challenges_are_refused() -> None:
    with pytest.raises(ChallengeError, match="cannot challenge yourself"):
        Challenge("c", "ann", "ann", DEALS, created=AT)
    with pytest.raises(ChallengeError, match="do not send"):
        Challenge("c", ROBOTS, "ann", DEALS, created=AT)
    with pytest.raises(ChallengeError, match="in order"):
        Challenge("c", "ann", "bob", DEALS[1:], created=AT)


def test_fresh_deals_are_five_boards_and_differ() -> None:
    a, b = deal_fresh(), deal_fresh()
    assert [d.board for d in a] == [1, 2, 3, 4, 5]
    assert {d.deal.to_pbn() for d in a}.isdisjoint(d.deal.to_pbn() for d in b)


def test_deals_are_played_in_order_while_the_challenge_is_played() -> None:
    c = Challenge("c", "ann", "bob", DEALS, created=AT)
    with pytest.raises(ChallengeError, match="not being played"):
        c.check_result(result("ann", 1, "Pass", 0), [], AT)
    c = c.accept("bob", AT)
    c.check_result(result("ann", 1, "Pass", 0), [], AT)
    with pytest.raises(ChallengeError, match="in order"):
        c.check_result(result("ann", 3, "Pass", 0), [1], AT)
    with pytest.raises(ChallengeError, match="in order"):
        c.check_result(result("ann", 1, "Pass", 0), [1], AT)
    with pytest.raises(ChallengeError, match="not a player"):
        c.check_result(result("cyd", 1, "Pass", 0), [], AT)
    with pytest.raises(ChallengeError, match="time to play"):
        c.check_result(result("ann", 2, "Pass", 0), [1], AT + LIFETIME)
    assert c.next_board([1, 2]) == 3 and c.next_board([1, 2, 3, 4, 5]) is None


def test_the_comparison_shows_only_what_the_viewer_may_see() -> None:
    c = Challenge("c", "ann", "bob", DEALS, created=AT).accept("bob", AT)
    # board 1 (none vulnerable): 4S making 10 is +420; 2S making 10 is +170; 250 = 6 IMPs
    results = {("ann", 1): result("ann", 1, "4S S", 10), ("bob", 1): result("bob", 1, "2S S", 10),
               ("bob", 2): result("bob", 2, "3NT N", 9)}  # fmt: skip
    lines, ann_won, bob_won = c.comparison("ann", results)
    assert (lines[0].mine, lines[0].theirs, lines[0].imps) == (
        results["ann", 1], results["bob", 1], 6
    )  # fmt: skip
    assert (ann_won, bob_won) == (6, 0)
    assert lines[1].mine is None and lines[1].theirs is None and lines[1].imps is None
    lines, bob_won, ann_won = c.comparison("bob", results)
    assert lines[0].imps == -6 and (bob_won, ann_won) == (0, 6)
    assert lines[1].mine == results["bob", 2] and lines[1].theirs is None and lines[1].imps is None
    json = lines[0].to_json()
    assert "player" not in json["mine"] and json["theirs"]["contract"] == "4S S"
    with pytest.raises(ChallengeError, match="not a player"):
        c.comparison("cyd", results)


@given(st.integers(-7600, 7600), st.integers(-7600, 7600))
def test_deal_imps_are_antisymmetric_and_law_78b(mine: int, theirs: int) -> None:
    swing = deal_imps(mine, theirs)
    assert swing == -deal_imps(theirs, mine)
    assert abs(swing) <= 24 and (swing > 0) == (mine - theirs >= 20)
