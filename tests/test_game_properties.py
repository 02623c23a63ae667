"""Properties over whole random games at the table.

Random legal calls and cards, with claims, concessions and undos thrown in: every deal ends
with 13 tricks and a valid score, the log replays to the same state, and no event or view
given to a seat ever shows a card that seat may not see at that moment.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contractbridge.core import SEATS, Board, BridgeError, Seat, Side
from contractbridge.core.hand import FULL_MASK
from contractbridge.game import (
    AcceptClaim,
    ClaimTricks,
    Concede,
    DealScored,
    Event,
    RejectClaim,
    Table,
    TableState,
    Undo,
    replay,
)
from contractbridge.scoring import duplicate_score

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_randomly(table: Table, rng: random.Random, max_undos: int = 6) -> list[tuple[int, int]]:
    """Drive a table with no players to its end; returns (tricks played + claimed) per deal."""
    undos = 0
    tricks: list[tuple[int, int]] = []
    while (pending := table.pending()) is not None:
        state = table.state
        deal = state.current
        assert deal is not None
        roll = rng.random()
        if roll < 0.03 and undos < max_undos:
            seat = rng.choice(SEATS)
            if state.last_action_of(seat) is not None:
                table.act(seat, Undo())
                undos += 1
                continue
        if pending.kind == "call":
            # mostly passes and cheap calls, so that contracts are made and a rubber ends
            calls = deal.auction.legal_calls()
            pick = rng.random()
            call = calls[0] if pick < 0.6 else rng.choice(calls[:8] if pick < 0.97 else calls)
            table.act(pending.seat, call)
        elif pending.kind in ("claim", "concession"):
            table.act(pending.seat, AcceptClaim() if rng.random() < 0.7 else RejectClaim())
        else:
            play = deal.play
            assert play is not None
            if roll > 0.985:
                table.act(play.declarer, ClaimTricks(rng.randint(0, play.remaining_tricks)))
            elif roll > 0.98:
                seat = rng.choice([play.declarer, play.declarer.lho, play.declarer.rho])
                table.act(seat, Concede(rng.randint(0, play.remaining_tricks)))
            else:
                table.act(pending.seat, rng.choice(play.legal_cards()))
        if deal.result is not None and deal.play is not None:
            tricks.append((deal.play.declarer_tricks, deal.play.defender_tricks))
    return tricks


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from(["rubber", "chicago", "duplicate"]))
def test_random_legal_games_end_with_13_tricks_a_valid_score_and_a_replayable_log(
    seed: int, form: str
) -> None:
    rng = random.Random(seed)
    # a duplicate set of 2 boards; a Chicago plays its four deals (a count it would refuse)
    table = Table(form=form, boards=2 if form == "duplicate" else None, seed=seed)
    tricks = play_randomly(table, rng)
    assert table.is_over
    assert all(ours + theirs == 13 for ours, theirs in tricks)
    scored = [e for e in table.events if isinstance(e, DealScored)]
    for result in scored:
        assert 0 <= result.declarer_tricks <= 13
        assert result.ns_points >= 0 and result.ew_points >= 0
    totals = table.totals()
    assert totals[Side.NS] == sum(e.ns_points for e in scored)
    assert totals[Side.EW] == sum(e.ew_points for e in scored)
    if form == "duplicate":
        for result in scored:
            if result.contract is None:
                continue
            assert result.contract.declarer is not None
            side = result.contract.declarer.side
            vulnerable = Board(result.number).vulnerability.is_vulnerable(side)
            score = duplicate_score(result.contract, result.declarer_tricks, vulnerable)
            net = result.ns_points - result.ew_points
            assert net == (score if side == Side.NS else -score)
    again = replay(table.events)
    assert again.totals() == totals and again.version == table.version


def _on_table(state: TableState) -> dict[Seat, int]:
    """The cards of each hand anybody may see now: played cards, dummy once faced, all at
    the end of the deal (computed from the full state, not from the events)."""
    deal = state.current
    if deal is None:
        return {s: 0 for s in SEATS}
    if deal.result is not None:
        return {s: FULL_MASK for s in SEATS}
    shown = {s: 0 for s in SEATS}
    play = deal.play
    if play is not None:
        for trick in play.tricks:
            for i, card in enumerate(trick.cards):
                shown[trick.leader.next(i)] |= 1 << card
        for i, card in enumerate(play.current_trick):
            shown[play.leader.next(i)] |= 1 << card
        if play.dummy_visible:
            shown[play.dummy] |= deal.deal[play.dummy].mask
    return shown


@pytest.mark.slow
@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from(["rubber", "chicago", "duplicate"]))
def test_no_event_or_view_sent_to_a_seat_shows_a_card_it_may_not_see(seed: int, form: str) -> None:
    rng = random.Random(seed)
    # a duplicate set of 2 boards; a Chicago plays its four deals (a count it would refuse)
    table = Table(form=form, boards=2 if form == "duplicate" else None, seed=seed)
    play_randomly(table, rng)
    events: list[Event] = list(table.events)
    shadow = TableState()
    seen: dict[Seat, dict[Seat, int]] = {s: {h: 0 for h in SEATS} for s in SEATS}
    deal_number = 0
    for event in events:
        shadow.apply(event)
        current = shadow.current.number if shadow.current is not None else 0
        if current != deal_number:  # a new deal: nothing of it has been seen yet
            deal_number = current
            seen = {s: {h: 0 for h in SEATS} for s in SEATS}
        on_table = _on_table(shadow)
        live = shadow.current is not None and shadow.current.result is None
        for seat in SEATS:
            allowed = seen[seat]  # what was shown before stays shown (an undo cannot hide it)
            for holder in SEATS:
                allowed[holder] |= on_table[holder]
            if shadow.current is not None:
                allowed[seat] |= shadow.current.deal[seat].mask
            for holder, hand in event.for_seat(seat).reveals().items():
                assert hand.mask & ~allowed[holder] == 0, (event, seat)
            if live:
                view = shadow.view(seat)
                assert view.hand.mask & ~allowed[seat] == 0
                if view.dummy is not None:
                    assert view.declarer is not None
                    assert view.dummy.mask & ~allowed[view.declarer.partner] == 0
                for who, card in view.played:
                    assert allowed[who] >> card & 1
        # a spectator sees only what is on the table at that moment
        for holder, hand in event.for_seat(None).reveals().items():
            assert hand.mask & ~on_table[holder] == 0, event


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 200))
def test_an_illegal_action_changes_nothing(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    table = Table(form="duplicate", boards=1, seed=seed)
    for _ in range(steps):
        pending = table.pending()
        if pending is None:
            break
        deal = table.state.current
        assert deal is not None
        if pending.kind == "call":
            table.act(pending.seat, rng.choice(deal.auction.legal_calls()))
        elif pending.kind == "card":
            assert deal.play is not None
            table.act(pending.seat, rng.choice(deal.play.legal_cards()))
    before = (table.events, table.pending(), [table.view_for(s) for s in SEATS], table.totals())
    pending = table.pending()
    for seat in SEATS:
        if pending is not None and seat == pending.seat:
            continue
        for text in ("1C", "SA", "claim 20", "accept", "x", "xx", "p"):
            with pytest.raises(BridgeError):
                table.act(seat, text)
    after = (table.events, table.pending(), [table.view_for(s) for s in SEATS], table.totals())
    assert after == before
