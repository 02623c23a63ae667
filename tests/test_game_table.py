"""The table: an event log of calls, cards, claims and undos, rebuilt by replay."""

from __future__ import annotations

import dataclasses
import json

import pytest

from contractbridge.core import (
    Call,
    CardOutOfTurnError,
    IllegalCallError,
    IllegalPlayError,
    RevokeError,
    Seat,
    Side,
)
from contractbridge.game import (
    AcceptClaim,
    CallMade,
    CardPlayed,
    ClaimMade,
    ClaimTricks,
    ClaimWithdrawn,
    Concede,
    ConcessionAnswered,
    DealDealt,
    DealScored,
    DummyFaced,
    Event,
    EventLogError,
    MakeCall,
    NoClaimError,
    NothingToUndoError,
    NotYourTurnError,
    RejectClaim,
    SeriesEnded,
    SeriesOverError,
    SeriesStopped,
    StopSeries,
    Table,
    TableOpened,
    Undo,
    Undone,
    WithdrawClaim,
    event_from_dict,
    replay,
)
from contractbridge.robots.basic import BasicRobot
from contractbridge.scoring import duplicate_score
from gametable import ONE_SUIT_EACH, bid_to, deal_of, dealt_log, human_table, snapshot


def robots() -> list[BasicRobot]:
    return [BasicRobot() for _ in range(4)]


# -- whole series ------------------------------------------------------------------------------


@pytest.mark.parametrize("form", ["rubber", "chicago", "duplicate"])
def test_a_series_played_by_robots_ends_with_the_sheets_totals(form: str) -> None:
    # 3 boards of duplicate; a Chicago plays its four deals (it refuses a count of 3)
    table = Table(robots(), form=form, boards=3 if form == "duplicate" else None, seed=11)
    table.run()
    assert table.is_over and table.pending() is None
    end = table.events[-1]
    assert isinstance(end, SeriesEnded)
    totals = table.totals()
    assert (end.ns_total, end.ew_total) == (totals[Side.NS], totals[Side.EW])
    scored = [e for e in table.events if isinstance(e, DealScored)]
    assert sum(e.ns_points for e in scored) == totals[Side.NS]
    assert sum(e.ew_points for e in scored) == totals[Side.EW]


def test_duplicate_boards_follow_the_law2_cycle_and_score_by_law77() -> None:
    table = Table(robots(), form="duplicate", boards=4, first_board=5, seed=3)
    table.run()
    dealt = [e for e in table.events if isinstance(e, DealDealt)]
    assert [(e.board, e.dealer, str(e.vulnerability)) for e in dealt] == [
        (5, Seat.N, "NS"),
        (6, Seat.E, "EW"),
        (7, Seat.S, "All"),
        (8, Seat.W, "None"),
    ]
    for deal, result in zip(
        dealt, (e for e in table.events if isinstance(e, DealScored)), strict=True
    ):
        contract = result.contract
        if contract is None:
            assert result.ns_points == result.ew_points == 0
            continue
        assert contract.declarer is not None
        side = contract.declarer.side
        score = duplicate_score(
            contract, result.declarer_tricks, deal.vulnerability.is_vulnerable(side)
        )
        ours, theirs = (result.ns_points, result.ew_points)[:: 1 if side == Side.NS else -1]
        assert (ours, theirs) == (max(score, 0), max(-score, 0))


def test_the_same_seed_gives_the_same_game() -> None:
    first = Table(robots(), form="chicago", seed=5)
    first.run()
    second = Table(robots(), form="chicago", seed=5)
    second.run()
    assert first.events == second.events
    other = Table(robots(), form="chicago", seed=6)
    other.run()
    assert first.events[1] != other.events[1]


def test_event_versions_count_up_from_one_without_gaps() -> None:
    table = Table(robots(), form="rubber", seed=2)
    table.run()
    assert [e.version for e in table.events] == list(range(1, len(table.events) + 1))
    assert isinstance(table.events[0], TableOpened)


def test_every_event_survives_its_json_form() -> None:
    table = Table(robots(), form="rubber", seed=4)
    table.run()
    text = json.dumps([e.to_dict() for e in table.events])
    assert tuple(event_from_dict(d) for d in json.loads(text)) == table.events


def test_replay_of_the_log_rebuilds_the_same_state() -> None:
    table = Table(robots(), form="duplicate", boards=2, seed=8)
    table.run(max_actions=60)  # stop somewhere inside a deal
    state = replay(table.events)
    assert state.version == table.version
    assert state.pending() == table.pending()
    assert state.totals() == table.totals()
    for seat in Seat:
        assert state.view(seat) == table.view_for(seat)


def test_a_table_reopened_from_its_log_goes_on_as_if_never_stopped() -> None:
    whole = Table(robots(), form="chicago", seed=9)
    whole.run()
    part = Table(robots(), form="chicago", seed=9)
    part.run(max_actions=45)
    reopened = Table.from_events(part.events, robots())
    reopened.run()
    assert reopened.events == whole.events


def test_a_log_with_an_illegal_call_does_not_replay() -> None:
    table = human_table()
    bid_to(table, "1H")  # North
    events = list(table.events)
    bad = CallMade(version=len(events) + 1, seat=Seat.E, call=Call.parse("1C"))
    with pytest.raises(IllegalCallError, match="1C does not outrank 1H"):
        replay([*events, bad])


def test_a_log_must_start_with_the_table_being_opened_and_have_no_gaps() -> None:
    table = human_table()
    with pytest.raises(EventLogError, match="starts with the table being opened"):
        replay([dataclasses.replace(table.events[1], version=1)])
    with pytest.raises(EventLogError, match="does not follow"):
        replay([table.events[0], table.events[0]])


def test_an_unknown_event_type_is_refused() -> None:
    with pytest.raises(EventLogError, match="not a kind of table event"):
        event_from_dict({"type": "teleport", "version": 3})
    with pytest.raises(EventLogError, match="needs a 'seat' field"):
        event_from_dict({"type": "call", "version": 3, "call": "1NT"})


# -- turns and legality: an illegal action raises and changes nothing -------------------------


def test_a_call_out_of_turn_is_refused_and_changes_nothing() -> None:
    table = human_table()  # board 1: North deals
    before = snapshot(table)
    with pytest.raises(IllegalCallError, match="North's turn to call, not East's"):
        table.act(Seat.E, "1C")
    assert snapshot(table) == before


def test_an_insufficient_bid_is_refused_and_changes_nothing() -> None:
    table = human_table()
    bid_to(table, "2C")
    before = snapshot(table)
    with pytest.raises(IllegalCallError, match="1H does not outrank 2C"):
        table.act(Seat.E, "1H")
    with pytest.raises(IllegalCallError, match="cannot double your own side's bid"):
        bid_to(table, "P X")
    assert snapshot(table)[1] == before[1] + 1  # only East's pass went in


def test_a_card_during_the_auction_is_refused() -> None:
    table = human_table()
    before = snapshot(table)
    with pytest.raises(IllegalCallError, match="auction is not over"):
        table.act(Seat.N, "SA")
    assert snapshot(table) == before


def test_a_revoke_is_refused_and_changes_nothing() -> None:
    table = human_table(seed=1)
    bid_to(table, "1NT P P P")  # North declares, East leads
    deal = deal_of(table)
    south = deal[Seat.S]
    lead = next(c for c in deal[Seat.E] if south.length(c.suit))
    table.act(Seat.E, lead)
    other = next(c for c in south if c.suit != lead.suit)
    before = snapshot(table)
    with pytest.raises(RevokeError, match="South must follow suit"):
        table.act(Seat.N, other)  # declarer plays for dummy (South)
    assert snapshot(table) == before


def test_dummy_may_not_play_and_declarer_plays_dummys_cards() -> None:
    table = human_table(seed=2)
    bid_to(table, "1NT P P P")  # North declares, South is dummy, East leads
    table.act(Seat.E, table.view_for(Seat.E).legal_cards()[0])
    pending = table.pending()
    assert pending is not None and (pending.seat, pending.hand) == (Seat.N, Seat.S)
    card = table.view_for(Seat.N).legal_cards()[0]
    before = snapshot(table)
    with pytest.raises(CardOutOfTurnError, match="dummy takes no part"):
        table.act(Seat.S, card)
    assert snapshot(table) == before
    events = table.act(Seat.N, card)
    assert events[0] == CardPlayed(version=events[0].version, seat=Seat.S, card=card, by=Seat.N)


def test_dummy_is_faced_right_after_the_opening_lead() -> None:
    table = human_table(seed=3)
    bid_to(table, "1NT P P P")
    assert table.view_for(Seat.E).dummy is None
    lead = table.view_for(Seat.E).legal_cards()[-1]
    events = table.act(Seat.E, lead)
    assert isinstance(events[0], CardPlayed) and isinstance(events[1], DummyFaced)
    assert events[1].seat == Seat.S and events[1].hand == deal_of(table)[Seat.S]
    assert table.view_for(Seat.W).dummy == deal_of(table)[Seat.S]


def test_a_passed_out_deal_scores_nothing_and_the_next_deal_follows() -> None:
    table = human_table(boards=2)
    events = table.act(Seat.N, "p") + table.act(Seat.E, "p") + table.act(Seat.S, "p")
    events = table.act(Seat.W, "p")
    assert isinstance(events[1], DealScored) and events[1].contract is None
    assert (events[1].ns_points, events[1].ew_points) == (0, 0)
    assert isinstance(events[2], DealDealt) and events[2].board == 2
    assert table.pending() is not None and table.pending().seat == Seat.E  # type: ignore[union-attr]


def test_nothing_may_be_done_after_the_series_ends() -> None:
    table = human_table()
    bid_to(table, "P P P P")
    assert table.is_over
    with pytest.raises(SeriesOverError):
        table.act(Seat.N, "1C")


# -- undo ----------------------------------------------------------------------------------


def test_undo_takes_back_the_seats_last_call_and_every_call_after_it() -> None:
    table = human_table()
    bid_to(table, "1C 1H 1S 2H")
    events = table.act(Seat.E, Undo())
    assert events == [Undone(version=events[0].version, seat=Seat.E, back_to=4)]
    assert [str(c) for c in table.view_for(Seat.N).calls] == ["1C"]
    assert table.pending() is not None and table.pending().seat == Seat.E  # type: ignore[union-attr]
    assert replay(table.events).view(Seat.S) == table.view_for(Seat.S)


def test_undo_of_a_card_gives_the_turn_back() -> None:
    table = human_table(seed=4)
    bid_to(table, "1NT P P P")
    lead = table.view_for(Seat.E).legal_cards()[0]
    table.act(Seat.E, lead)
    table.act(Seat.N, table.view_for(Seat.N).legal_cards()[0])  # from dummy
    table.act(Seat.N, Undo())
    assert len(table.view_for(Seat.E).played) == 1
    table.act(Seat.E, "undo")
    assert table.view_for(Seat.E).played == () and table.view_for(Seat.E).dummy is None
    pending = table.pending()
    assert pending is not None and (pending.seat, pending.kind) == (Seat.E, "card")


def test_undo_with_nothing_to_take_back_is_refused() -> None:
    table = human_table()
    bid_to(table, "1C")
    before = snapshot(table)
    with pytest.raises(NothingToUndoError, match="East has no call or card"):
        table.act(Seat.E, Undo())
    assert snapshot(table) == before


# -- claims and concessions (Law 68) --------------------------------------------------------


def claim_position(seed: int = 5) -> Table:
    table = human_table(seed=seed)
    bid_to(table, "1NT P P P")  # North declares
    table.act(Seat.E, table.view_for(Seat.E).legal_cards()[0])
    return table


def test_a_claim_agreed_by_both_defenders_ends_the_deal() -> None:
    table = claim_position()
    table.act(Seat.N, ClaimTricks(13))  # the trick in progress counts
    pending = table.pending()
    assert pending is not None and (pending.seat, pending.kind) == (Seat.E, "claim")
    with pytest.raises(NotYourTurnError, match="answer the claim first"):
        table.act(Seat.N, table.view_for(Seat.N).legal_cards()[0])
    table.act(Seat.E, AcceptClaim())
    events = table.act(Seat.W, AcceptClaim())
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.declarer_tricks == 13 and str(scored.contract) == "1NT N"


def test_a_rejected_claim_is_withdrawn_and_play_goes_on() -> None:
    table = claim_position()
    table.act(Seat.N, "claim 7")
    table.act(Seat.E, "accept")
    table.act(Seat.W, RejectClaim())
    pending = table.pending()
    assert pending is not None and (pending.seat, pending.kind) == (Seat.N, "card")
    assert table.state.current is not None and table.state.current.claim is None
    with pytest.raises(NoClaimError):
        table.act(Seat.E, AcceptClaim())


def test_the_claimers_hand_is_faced_to_the_opponents_who_answer_law_68c() -> None:
    table = claim_position()  # North declares 1NT; East has led
    north = deal_of(table)[Seat.N]
    table.act(Seat.N, ClaimTricks(7))
    for seat in (Seat.E, Seat.W):
        view = table.view_for(seat)
        assert view.visible_hand(Seat.N) == north and view.shown == ((Seat.N, north),)
        assert not view.unseen_cards().mask & north.mask
    assert table.view_for(Seat.S).shown == ()  # dummy, the claimer's partner
    table.act(Seat.E, RejectClaim())  # play goes on: the hand is hidden again
    assert table.view_for(Seat.E).visible_hand(Seat.N) is None
    west = deal_of(table)[Seat.W]
    table.act(Seat.W, ClaimTricks(1))  # a defender's claim: declarer alone sees West's cards
    assert table.view_for(Seat.N).visible_hand(Seat.W) == west
    assert table.view_for(Seat.E).visible_hand(Seat.W) is None
    assert table.view_for(Seat.S).visible_hand(Seat.W) is None


def test_the_claimer_withdraws_its_waiting_claim_and_plays_on() -> None:
    table = claim_position()
    table.act(Seat.N, "claim 9")
    table.act(Seat.E, "accept")  # one defender agreed; the other has not answered yet
    for seat in (Seat.E, Seat.W, Seat.S):  # only the claimer takes it back, not dummy
        with pytest.raises(NotYourTurnError, match="only North, who claimed"):
            table.act(seat, WithdrawClaim())
    events = table.act(Seat.N, "withdraw")
    assert [type(e) for e in events] == [ClaimWithdrawn]
    pending = table.pending()
    assert pending is not None and (pending.seat, pending.kind) == (Seat.N, "card")
    assert table.state.current is not None and table.state.current.claim is None
    with pytest.raises(NoClaimError, match="no claim to withdraw"):
        table.act(Seat.N, WithdrawClaim())
    # the log replays to the same table, and the deal plays on to the end
    again = replay(event_from_dict(e.to_dict()) for e in table.events)
    assert again.current is not None and again.current.claim is None
    table.act(Seat.N, table.view_for(Seat.N).legal_cards()[0])


def test_dummy_may_not_claim_and_a_claim_is_for_the_tricks_still_to_play() -> None:
    table = claim_position()
    with pytest.raises(IllegalPlayError, match="dummy may not claim"):
        table.act(Seat.S, ClaimTricks(3))
    with pytest.raises(IllegalPlayError, match="a claim is for 0 to 13 tricks"):
        table.act(Seat.N, ClaimTricks(14))
    with pytest.raises(IllegalPlayError, match="a claim is for 0 to 13 tricks"):
        table.act(Seat.E, ClaimTricks(14))


def test_a_defenders_claim_is_answered_by_declarer_alone() -> None:
    table = claim_position()  # North declares 1NT, East has led
    table.act(Seat.E, ClaimTricks(4))  # Law 68: any player may claim
    pending = table.pending()
    assert pending is not None and (pending.seat, pending.kind) == (Seat.N, "claim")
    for seat in (Seat.S, Seat.W):  # not dummy, not the claimer's partner
        with pytest.raises(NotYourTurnError):
            table.act(seat, AcceptClaim())
    with pytest.raises(NotYourTurnError, match="answer the claim first"):
        table.act(Seat.N, table.view_for(Seat.N).legal_cards()[0])
    events = table.act(Seat.N, AcceptClaim())
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.declarer_tricks == 13 - 4
    assert replay(table.events).results == table.state.results


def test_a_defenders_claim_rejected_by_declarer_is_withdrawn() -> None:
    table = claim_position()
    before = table.pending()
    table.act(Seat.W, "claim 13")
    table.act(Seat.N, RejectClaim())
    assert table.pending() == before
    assert table.state.current is not None and table.state.current.claim is None


def test_a_defender_takes_back_its_own_claim_with_undo() -> None:
    table = claim_position()
    before = table.pending()
    table.act(Seat.W, ClaimTricks(5))
    table.act(Seat.W, Undo())
    assert table.pending() == before


def test_a_robot_declarer_answers_a_persons_claim() -> None:
    table = Table({Seat.N: BasicRobot()}, form="duplicate", boards=1, seed=5)
    bid_to(table, "1NT P P P")  # North (a robot) declares
    table.act(Seat.E, table.view_for(Seat.E).legal_cards()[0])
    table.act(Seat.E, ClaimTricks(1))  # the defence claims one of the rest
    pending = table.pending()
    assert pending is not None and (pending.seat, pending.kind) == (Seat.N, "claim")
    table.run()
    assert table.state.results[-1].declarer_tricks == 12


def test_a_defender_who_claims_none_of_the_rest_concedes_and_partner_may_object() -> None:
    """Claiming 0 is a concession by another route: it waits for partner (Law 68B2)."""
    table = Table({Seat.N: BasicRobot()}, form="duplicate", boards=1, seed=5)
    bid_to(table, "1NT P P P")  # North (a robot) declares; East and West are people
    table.act(Seat.E, table.view_for(Seat.E).legal_cards()[0])
    events = table.act(Seat.E, ClaimTricks(0))
    assert [e.kind for e in events] == ["conceded"]
    pending = table.pending()
    assert pending is not None and pending.seat == Seat.W
    table.act(Seat.W, RejectClaim())  # West objects: no concession, play goes on
    assert table.state.results == [] and table.pending() is not None


def test_a_declarers_concession_ends_the_play_at_once() -> None:
    table = claim_position()
    events = table.act(Seat.N, Concede(13))  # declarer gives the defenders every trick
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.declarer_tricks == 0


def test_a_defenders_concession_waits_for_partner_who_may_object_law_68b2() -> None:
    table = claim_position()
    table.act(Seat.W, Concede(13))  # West would give declarer every trick
    pending = table.pending()
    assert pending is not None and (pending.seat, pending.kind) == (Seat.E, "concession")
    for seat in (Seat.N, Seat.S):
        with pytest.raises(NotYourTurnError, match="only East, the conceder's partner"):
            table.act(seat, AcceptClaim())
    with pytest.raises(NotYourTurnError, match="West has conceded: East agrees or objects"):
        table.act(Seat.N, table.view_for(Seat.N).legal_cards()[0])
    events = table.act(Seat.E, RejectClaim())  # East objects: no concession has occurred
    assert [type(e) for e in events] == [ConcessionAnswered]
    assert table.state.current is not None and table.state.current.result is None
    pending = table.pending()
    assert pending is not None and pending.kind == "card"
    table.act(Seat.W, Concede(13))
    events = table.act(Seat.E, "accept")
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.declarer_tricks == 13
    # the log replays; a log from before Law 68B2 was kept (no "asks") still ends at once
    assert replay(event_from_dict(e.to_dict()) for e in table.events).results
    old = [e.to_dict() for e in claim_position().events]
    old.append({"type": "conceded", "version": len(old) + 1, "seat": "W", "tricks": 13})
    state = replay(event_from_dict(e) for e in old)
    assert state.current is not None and state.current.is_finished


# -- what each seat receives -----------------------------------------------------------------


def test_the_deal_event_shows_each_seat_only_its_own_hand() -> None:
    table = human_table()
    dealt = table.events[1]
    assert isinstance(dealt, DealDealt)
    for seat in Seat:
        mine = table.events_for(seat)[1]
        assert isinstance(mine, DealDealt)
        assert mine.reveals() == {seat: dealt.hands[seat]}
    spectator = table.events_for(None)[1]
    assert spectator.reveals() == {}


def test_partner_is_not_told_the_explanation_of_a_call() -> None:
    table = human_table()
    table.act(Seat.N, MakeCall(Call.parse("1NT"), alert=True, explanation="15-17"))
    for seat, shown in ((Seat.E, "15-17"), (Seat.W, "15-17"), (Seat.N, "15-17"), (Seat.S, None)):
        event = table.events_for(seat)[-1]
        assert isinstance(event, CallMade) and event.explanation == shown
        assert table.view_for(seat).explanations == (shown,)


def test_events_for_resumes_after_a_version() -> None:
    table = Table(robots(), form="duplicate", boards=1, seed=1)
    table.run()
    tail = table.events_for(Seat.S, since=10)
    assert [e.version for e in tail] == list(range(11, table.version + 1))


def test_a_step_driven_table_waits_for_the_seat_without_a_player() -> None:
    players = {Seat.N: BasicRobot(), Seat.E: BasicRobot(), Seat.W: BasicRobot(), Seat.S: None}
    table = Table(players, form="duplicate", boards=1, seed=12)
    table.run()
    pending = table.pending()
    assert pending is not None and pending.seat == Seat.S
    assert isinstance(table.events[-1], DealDealt | CallMade)


def test_a_claim_by_a_person_is_answered_by_robot_defenders() -> None:
    players = {Seat.N: None, Seat.E: BasicRobot(), Seat.S: None, Seat.W: BasicRobot()}
    table = Table(players, form="duplicate", boards=1, seed=5)
    bid_to(table, "1NT")
    table.run()  # East passes
    table.act(Seat.S, "p")
    table.run()  # West passes: North declares 1NT, East leads
    assert table.pending() is not None and table.pending().seat == Seat.N  # type: ignore[union-attr]
    table.act(Seat.N, ClaimTricks(0))
    table.run()
    assert isinstance(table.events[-2], DealScored) or table.is_over


def one_suit_each_table(players: dict[Seat, object]) -> Table:
    return Table.from_events(dealt_log(ONE_SUIT_EACH), players)  # type: ignore[arg-type]


def test_a_robot_declarer_claims_once_the_rest_is_certain_and_plays_on_if_refused() -> None:
    from contractbridge.robots.cardplay import CardPlayer

    table = one_suit_each_table({Seat.N: CardPlayer()})
    bid_to(table, "7D P P P")
    table.act(Seat.E, "SA")
    table.run()  # North plays dummy's heart: not yet on lead, no claim
    table.act(Seat.W, "C2")
    table.run()  # North ruffs, then claims the 12 tricks left: all trumps
    claim = table.events[-1]
    assert isinstance(claim, ClaimMade) and (claim.seat, claim.tricks) == (Seat.N, 12)
    table.act(Seat.E, RejectClaim())
    table.run()  # refused: North does not claim again at this trick, it plays
    assert isinstance(table.events[-1], CardPlayed) and table.events[-1].seat == Seat.N
    for seat, card in ((Seat.E, "SK"), (Seat.W, "C3")):
        table.act(seat, card)
        table.run()  # dummy's heart, then (a new trick) the claim of the 11 left
    claim = table.events[-1]
    assert isinstance(claim, ClaimMade) and claim.tricks == 11
    table.act(Seat.E, AcceptClaim())
    events = table.act(Seat.W, AcceptClaim())
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.declarer_tricks == 13


def test_a_subclass_reads_only_its_own_type_of_event() -> None:
    table = human_table()
    data = table.events[1].to_dict()
    assert Event.from_dict(data) == DealDealt.from_dict(data) == table.events[1]
    with pytest.raises(EventLogError, match="is not a 'call' event"):
        CallMade.from_dict(data)


def test_pending_has_a_json_form() -> None:
    table = claim_position()
    assert table.pending().to_dict() == {  # type: ignore[union-attr]
        "seat": "N",
        "kind": "card",
        "hand": "S",
        "claim": None,
        "concession": None,
    }


# -- stopping a series early -------------------------------------------------------------------


def made_by_concession(table: Table, contract: str) -> None:
    """North opens ``contract`` (North deals on the first deal), all pass, East leads, and
    the defence concedes every trick."""
    pending = table.pending()
    assert pending is not None and pending.seat == Seat.N
    bid_to(table, f"{contract} P P P")
    table.act(Seat.E, table.view_for(Seat.E).legal_cards()[0])
    table.act(Seat.W, Concede(13))
    table.act(Seat.E, AcceptClaim())  # partner agrees (Law 68B2)


def test_a_rubber_stopped_after_one_game_gives_300_for_the_unfinished_game() -> None:
    table = Table(form="rubber", seed=3)
    made_by_concession(table, "3NT")  # NS: 100 below, a game
    before = table.totals()
    bid_to(table, "P")  # the next deal has begun; it is thrown in
    events = table.act(Seat.S, "stop")
    assert [type(e) for e in events] == [SeriesStopped, SeriesEnded]
    assert table.is_over and table.pending() is None
    assert table.totals()[Side.NS] == before[Side.NS] + 300
    assert table.totals()[Side.EW] == before[Side.EW]
    ended = events[-1]
    assert isinstance(ended, SeriesEnded) and ended.ns_total == table.totals()[Side.NS]
    assert len(table.state.results) == 1  # the deal in progress is not scored
    with pytest.raises(SeriesOverError):
        table.act(Seat.S, "p")


def test_a_rubber_stopped_with_the_only_partscore_gives_100() -> None:
    table = Table(form="rubber", seed=3)
    made_by_concession(table, "1NT")  # NS: 40 below, a partscore
    table.act(Seat.E, StopSeries())
    assert table.totals()[Side.NS] == 40 + 30 * 6 + 100  # 1NT made with seven overtricks


def test_a_stopped_series_replays_and_its_events_survive_json() -> None:
    table = Table(form="rubber", seed=3)
    made_by_concession(table, "3NT")
    table.act(Seat.N, "stop")
    again = [event_from_dict(json.loads(json.dumps(e.to_dict()))) for e in table.events]
    assert again == list(table.events)
    state = replay(again)
    assert state.totals() == table.totals() and state.is_over
    assert state.stopped is not None and state.stopped.seat == Seat.N
    for seat in Seat:  # nothing hidden in it: every seat gets it as it is
        assert table.events_for(seat)[-2] == table.events[-2]


def test_a_chicago_or_duplicate_stopped_early_keeps_its_score_and_deals_no_more() -> None:
    for table in (Table(form="chicago", seed=3), human_table(seed=3, boards=4)):
        made_by_concession(table, "3NT")
        before = table.totals()
        table.act(Seat.W, "stop")
        assert table.is_over and table.totals() == before
        assert len(table.state.results) == 1


def test_a_series_may_be_stopped_before_any_deal_is_scored() -> None:
    table = Table(form="rubber", seed=3)
    table.act(Seat.S, StopSeries())
    assert table.is_over and table.totals() == {Side.NS: 0, Side.EW: 0}


def test_a_log_that_goes_on_after_a_stop_does_not_replay() -> None:
    table = Table(form="chicago", seed=3)
    table.act(Seat.S, "stop")
    stopped = list(table.events[:-1])  # without the SeriesEnded
    with pytest.raises(SeriesOverError, match="stopped"):
        replay([*stopped, dataclasses.replace(table.events[1], version=len(stopped) + 1)])
    bad_end = SeriesEnded(version=len(stopped) + 1, ns_total=5, ew_total=0)
    with pytest.raises(EventLogError, match="totals"):
        replay([*stopped, bad_end])
