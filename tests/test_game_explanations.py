"""Explaining one's own call after it was made (Laws 20F, 40B; a correction, Law 75)."""

from __future__ import annotations

import pytest

from contractbridge.core import Call, Seat
from contractbridge.game import (
    MAX_EXPLANATION,
    CallExplained,
    CallMade,
    DealScored,
    ExplainCall,
    ExplanationError,
    MakeCall,
    SeriesOverError,
    Table,
    Undo,
    event_from_dict,
    replay,
)
from gametable import bid_to, human_table, snapshot


def test_a_seat_explains_its_own_call_and_the_opponents_views_show_it() -> None:
    table = human_table()
    bid_to(table, "1NT P 2C P")  # North deals: 2C is South's
    (event,) = table.act(Seat.S, ExplainCall(2, " Stayman ", alert=True))
    assert event == CallExplained(
        version=event.version, seat=Seat.S, index=2, alert=True, explanation="Stayman"
    )
    for seat, shown in ((Seat.E, "Stayman"), (Seat.W, "Stayman"), (Seat.S, "Stayman")):
        assert table.view_for(seat).explanations[2] == shown
        copy = table.events_for(seat)[-1]
        assert isinstance(copy, CallExplained) and copy.explanation == shown and copy.alert
    # Partner is told neither the explanation nor the alert, as with the call itself.
    assert table.view_for(Seat.N).explanations[2] is None
    hidden = table.events_for(Seat.N)[-1]
    assert isinstance(hidden, CallExplained)
    assert (hidden.alert, hidden.explanation) == (False, None)
    assert table.events_for(None)[-1] == event  # a spectator sees it all


def test_an_explanation_is_corrected_during_the_play_and_the_log_replays() -> None:
    table = human_table(seed=4)
    table.act(Seat.N, MakeCall(Call.parse("1NT"), explanation="12-14"))
    bid_to(table, "P P P")
    table.act(Seat.E, table.view_for(Seat.E).legal_cards()[0])  # the opening lead
    table.act(Seat.N, ExplainCall(0, "15-17, misexplained as 12-14"))
    assert table.view_for(Seat.E).explanations[0] == "15-17, misexplained as 12-14"
    state = replay(table.events)
    assert state.view(Seat.W) == table.view_for(Seat.W)
    assert [event_from_dict(e.to_dict()) for e in table.events] == list(table.events)
    again = Table.from_events([event_from_dict(e.to_dict()) for e in table.events])
    assert again.view_for(Seat.E) == table.view_for(Seat.E)


def test_alert_none_keeps_the_alert_and_empty_text_withdraws_the_explanation() -> None:
    table = human_table()
    table.act(Seat.N, MakeCall(Call.parse("1C"), alert=True, explanation="could be short"))
    table.act(Seat.N, ExplainCall(0, "2+ clubs"))
    last = table.events[-1]
    assert isinstance(last, CallExplained) and last.alert is True
    table.act(Seat.N, ExplainCall(0, "", alert=False))
    assert table.view_for(Seat.E).explanations == (None,)
    call = table.state.current.actions[0]  # type: ignore[union-attr]
    assert isinstance(call, CallMade) and (call.alert, call.explanation) == (False, None)


def test_another_seats_call_may_not_be_explained() -> None:
    table = human_table()
    bid_to(table, "1NT P")
    before = snapshot(table)
    with pytest.raises(ExplanationError, match="is North's: a player explains only their own"):
        table.act(Seat.S, ExplainCall(0, "15-17"))
    assert snapshot(table) == before


@pytest.mark.parametrize("index", [-1, 2, 7])
def test_a_call_not_in_the_auction_may_not_be_explained(index: int) -> None:
    table = human_table()
    bid_to(table, "1NT P")
    before = snapshot(table)
    with pytest.raises(ExplanationError, match="no call number"):
        table.act(Seat.N, ExplainCall(index, "15-17"))
    assert snapshot(table) == before


def test_an_explanation_has_a_sensible_length() -> None:
    table = human_table()
    bid_to(table, "1NT")
    table.act(Seat.N, ExplainCall(0, "x" * MAX_EXPLANATION))
    before = snapshot(table)
    with pytest.raises(ExplanationError, match=f"at most {MAX_EXPLANATION} characters"):
        table.act(Seat.N, ExplainCall(0, "x" * (MAX_EXPLANATION + 1)))
    assert snapshot(table) == before


def test_a_call_of_a_finished_deal_may_not_be_explained() -> None:
    table = human_table(boards=2)
    bid_to(table, "1NT P P P")
    for _ in range(52):
        pending = table.pending()
        assert pending is not None and pending.kind == "card"
        table.act(pending.seat, table.view_for(pending.seat).legal_cards()[0])
    scored = next(i for i, e in enumerate(table.events) if isinstance(e, DealScored))
    state = replay(table.events[: scored + 1])
    late = CallExplained(version=scored + 2, seat=Seat.N, index=0, explanation="15-17")
    with pytest.raises(ExplanationError, match="the deal is over"):
        state.apply(late)
    # At the table the next deal is already in progress: its auction has no call yet.
    with pytest.raises(ExplanationError, match="no call number 1"):
        table.act(Seat.N, ExplainCall(0, "15-17"))


def test_nothing_may_be_explained_once_the_series_is_over() -> None:
    table = human_table()
    bid_to(table, "P P P P")
    with pytest.raises(SeriesOverError):
        table.act(Seat.N, ExplainCall(0, "nothing to say"))


def test_an_explanation_survives_an_undo_of_later_calls_and_goes_with_its_call() -> None:
    table = human_table()
    bid_to(table, "1NT P 2C P")
    table.act(Seat.N, ExplainCall(0, "15-17"))
    table.act(Seat.S, Undo())  # South's 2C and West's pass go; North's 1NT stays explained
    assert [str(c) for c in table.view_for(Seat.E).calls] == ["1NT", "Pass"]
    assert table.view_for(Seat.E).explanations == ("15-17", None)
    assert replay(table.events).view(Seat.E) == table.view_for(Seat.E)
    table.act(Seat.N, Undo())  # the explanation was no action: North's 1NT itself goes
    assert table.view_for(Seat.E).calls == ()
    bid_to(table, "1NT")
    assert table.view_for(Seat.E).explanations == (None,)


def test_the_robots_view_reads_the_new_explanation() -> None:
    table = human_table()
    bid_to(table, "1NT P")
    assert table.view_for(Seat.W).explanations == (None, None)
    table.act(Seat.N, ExplainCall(0, "15-17 balanced"))
    assert table.view_for(Seat.W).explanations == ("15-17 balanced", None)
    assert replay(table.events).view(Seat.E).explanations == ("15-17 balanced", None)
