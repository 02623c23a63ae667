"""The auction's irregularities: insufficient bids (Law 27), calls out of rotation
(Laws 28-32, 36) and cards exposed during the auction (Law 24), ruled and applied.

Apart from the play's rulings because they read and rebuild an :class:`Auction`, never a
:class:`Play`.
"""

from __future__ import annotations

from collections.abc import Sequence

from contractbridge.core.auction import Auction
from contractbridge.core.call import CALLS, DOUBLE_INDEX, FIRST_BID_INDEX, Call
from contractbridge.core.card import Card, Rank
from contractbridge.core.irregularities.rulings import (
    IrregularityError,
    Kind,
    Obligations,
    Option,
    Ruling,
)
from contractbridge.core.seat import Seat


# -- helpers -------------------------------------------------------------------------------
def _relation(offender: Seat, turn: Seat) -> str:
    """Whose turn it was, seen from the offender: 'rho', 'partner' or 'lho'."""
    return {1: "lho", 2: "partner", 3: "rho"}[(turn - offender) & 3]


def _has_called(auction: Auction, seat: Seat) -> bool:
    return any(auction.seat_of(i) == seat for i in range(len(auction)))


def _admissible(auction: Auction, seat: Seat, call: Call) -> bool:
    """Whether a double or redouble by ``seat`` would be admissible now (Law 36)."""
    last, bidder = auction.last_bid, auction.last_bidder
    if last is None or bidder is None:
        return False
    ours = bidder.side == seat.side
    if call.index == DOUBLE_INDEX:
        return not ours and auction.doubled == 0
    return ours and auction.doubled == 1


def lowest_sufficient(auction: Auction, bid: Call) -> Call:
    """The lowest sufficient bid in the denomination of ``bid`` (Law 27B1(a)).

    >>> str(lowest_sufficient(Auction(Seat.N, ["1NT"]), Call.parse("1H")))
    '2H'
    """
    last = auction.last_bid
    assert bid.strain is not None
    level = bid.level
    while last is not None and Call.bid(level, bid.strain).index <= last.index:
        level += 1
        if level > 7:
            raise IrregularityError(f"no sufficient bid in {bid.strain} remains above {last}")
    return Call.bid(level, bid.strain)


def _force(auction: Auction, call: Call) -> Auction:
    """A copy of ``auction`` with ``call`` added as if it were legal (an accepted bid)."""
    clone = auction.copy()
    index = call.index
    seat = clone.turn
    if call.is_bid:
        clone._last_bid = index
        clone._last_bidder = seat
        clone._doubled = 0
        clone._passes = 0
        slot = (seat & 1) * 5 + (index - FIRST_BID_INDEX) % 5
        if clone._first_namer[slot] < 0:
            clone._first_namer[slot] = seat
    elif call.is_pass:
        clone._passes += 1
    else:
        clone._doubled = 1 if index == DOUBLE_INDEX else 2
        clone._passes = 0
    clone._calls.append(call)
    return clone


# -- the auction -----------------------------------------------------------------------------
def rule_insufficient_bid(auction: Auction, bid: Call) -> Ruling:
    """Law 27: the seat in turn made ``bid``, which does not outrank the last bid."""
    last = auction.last_bid
    if not bid.is_bid:
        raise IrregularityError(f"{bid} is not a bid: only a bid can be insufficient")
    if last is None or bid.index > last.index:
        over = f"outranks {last}" if last is not None else "is the first bid"
        raise IrregularityError(f"{bid} {over}: it is not an insufficient bid")
    offender = auction.turn
    lho, partner = offender.lho, offender.partner
    name = offender.full_name
    lowest = lowest_sufficient(auction, bid)
    options = (
        Option(
            "accept",
            "27A1",
            lho,
            f"{lho.full_name} accepts {bid}: it is treated as legal and the auction "
            f"continues ({lho.full_name} accepts it by calling).",
        ),
        Option(
            "lowest",
            "27B1(a)",
            offender,
            f"{name} corrects to {lowest}, the lowest sufficient bid in the same denomination "
            "(both bids showing the same denomination(s) in the Director's opinion): the "
            "auction continues with no further rectification.",
        ),
        Option(
            "comparable",
            "27B1(b)",
            offender,
            f"{name} corrects with a call the Director judges comparable (Law 23A: same or "
            "similar meaning, a subset of the meanings, or the same purpose): no further "
            "rectification.",
        ),
        Option(
            "other",
            "27B2",
            offender,
            f"{name} corrects with any other sufficient bid or a pass: {partner.full_name} "
            "must pass whenever it is his turn to call; lead restrictions (Law 26B) may apply.",
        ),
    )
    follows = (
        "Law 27B3: except as a comparable call, the offender may not correct with a double "
        "or redouble.",
        "Law 27C: a correction made before the Director rules stands; he then rules as above.",
        "Laws 27D, 23C: if the non-offending side was damaged by what the insufficient bid "
        "told partner, the Director adjusts the score at the end of play (Law 12C1(b)).",
        f"Law 16C: {bid}, if not accepted, is unauthorised information for "
        f"{partner.full_name} (except under 27B1) and authorised for the opponents.",
    )
    summary = f"Insufficient bid: {name} bid {bid} over {last} (Law 27)."
    return Ruling(Kind.INSUFFICIENT_BID, offender, summary, options, follows)


def rule_call_out_of_rotation(
    auction: Auction, seat: Seat, call: Call, *, rho_must_pass: bool = False
) -> Ruling:
    """Laws 28-32: ``seat`` made ``call`` when it was another seat's turn."""
    turn = auction.turn
    if seat == turn:
        raise IrregularityError(f"it was {seat.full_name}'s turn: the call is in rotation")
    if auction.is_complete:
        raise IrregularityError("the auction is over: a call now is a call after the auction")
    relation = _relation(seat, turn)
    name, partner, lho = seat.full_name, seat.partner, seat.lho
    summary = (
        f"Call out of rotation: {name} called {call} at {turn.full_name}'s turn "
        f"(his {({'rho': 'RHO', 'partner': 'partner', 'lho': 'LHO'})[relation]}'s)"
    )
    if relation == "rho" and rho_must_pass:
        return Ruling(
            Kind.CALL_OUT_OF_ROTATION,
            seat,
            summary + ": " + f"{turn.full_name} is required by law to pass, so the call "
            "is in rotation (Law 28A).",
            follows=(f"Law 28A: {turn.full_name}'s pass is deemed made; {call} stands.",),
        )
    if relation == "lho" and _has_called(auction, seat):
        return Ruling(
            Kind.CALL_OUT_OF_ROTATION,
            seat,
            summary + ": it is a change of call (Laws 30B2, 31C, 25).",
            follows=(
                "Law 25: a change of call made without pause for thought, of an "
                "unintended call, is allowed; otherwise the first call stands and the "
                "substituted call is cancelled (its information is unauthorised for "
                f"{partner.full_name}, Law 16C).",
            ),
        )
    inadmissible = not call.is_pass and not call.is_bid and not _admissible(auction, seat, call)
    if inadmissible:
        return Ruling(
            Kind.CALL_OUT_OF_ROTATION,
            seat,
            summary + f": {call} would be inadmissible (Law 36) and cannot be accepted.",
            follows=(
                f"Law 36: {call} is cancelled; the auction reverts to {turn.full_name}; "
                f"{name} makes a legal call at his turn and {partner.full_name} must pass "
                "whenever it is his turn to call; lead restrictions (Law 26) may apply.",
            ),
        )
    accept = Option(
        "accept",
        "29A",
        lho,
        f"{lho.full_name} calls over {call}, accepting it: the auction continues as though "
        f"{call} had been in rotation, with no rectification"
        + (f" ({turn.full_name} loses that turn)." if turn != lho else "."),
    )
    cancel_text = f"{call} is cancelled and the auction reverts to {turn.full_name} (Law 29B)"
    if call.is_pass:
        if relation == "rho":
            law, rest = (
                "30A",
                f"{name} must pass when next it is his turn to call; Law 23 may apply.",
            )
        else:
            law, rest = (
                "30B1",
                f"{name} may make any legal call at his correct turn: a comparable call "
                f"(Law 23A) — no further rectification (30B1(b)(i)); any other call — "
                f"{partner.full_name} must pass when next it is his turn (30B1(b)(ii)); "
                "lead restrictions (Law 26B) may apply.",
            )
        follows: tuple[str, ...] = (
            "Law 30C: an artificial pass out of rotation, or a pass of partner's artificial "
            "call, is ruled as a bid out of rotation (Law 31).",
        )
    else:
        base = "31" if call.is_bid else "32"
        if relation == "rho":
            law, rest = (
                f"{base}A",
                f"if {turn.full_name} passes, {name} must repeat {call} and there is no "
                f"rectification ({base}A1); if {turn.full_name} bids, doubles or redoubles, "
                f"{name} may make any legal call: comparable (Law 23A) — no further "
                f"rectification ({base}A2(a)); not comparable — {partner.full_name} must pass "
                f"when next it is his turn to call, lead restrictions (Law 26B) may apply "
                f"({base}A2(b)).",
            )
        else:
            law, rest = (
                f"{base}B",
                f"{partner.full_name} may make any legal call at his turn, but {call} is "
                f"unauthorised information for him (Law 16C2); {name} may make any legal call "
                f"at his correct turn, ruled as in {base}A2: comparable — no further "
                f"rectification; not comparable — {partner.full_name} must pass when next it "
                "is his turn, lead restrictions (Law 26B) may apply.",
            )
        follows = (
            "Law 29C: if the call out of rotation was artificial, Law 16C applies to the "
            "information it gave (it is unauthorised for the offender's partner).",
        )
    cancel = Option("cancel", f"29B, {law}", lho, f"{cancel_text}: {rest}")
    follows += (
        "Law 23C: if a comparable call lets the offending side gain, the Director adjusts "
        "the score at the end of play.",
    )
    return Ruling(Kind.CALL_OUT_OF_ROTATION, seat, summary + ".", (accept, cancel), follows)


def rule_card_exposed_during_auction(
    auction: Auction, seat: Seat, cards: Sequence[Card], *, led: bool = False
) -> Ruling:
    """Law 24: ``cards`` of ``seat`` were exposed during the auction (``led``: led early)."""
    if not cards:
        raise IrregularityError("name the card or cards exposed")
    if auction.is_complete:
        raise IrregularityError("the auction is over: a card faced now is a lead or play")
    partner = seat.partner
    shown = " ".join(str(c) for c in cards)
    summary = f"Card exposed during the auction: {seat.full_name}'s {shown} (Law 24)."
    first = (
        f"Law 24: {shown} stays face up on the table until the auction ends; information from "
        "it is authorised for the opponents, unauthorised for the offending side."
    )
    if len(cards) == 1 and cards[0].rank < Rank.TEN and not led:
        rest = (
            "Law 24A: a single card below honour rank, not led early: no further rectification.",
        )
    else:
        law = (
            "24C: two or more cards"
            if len(cards) > 1
            else ("24B: a card led early" if led else "24B: a card of honour rank")
        )
        rest = (
            f"Law {law} — {partner.full_name} must pass when next it is his turn to call "
            "(Law 23 if the pass damages the non-offending side).",
        )
    follows = (
        first,
        *rest,
        f"Law 24E: if {seat.full_name} becomes a defender, every such card becomes a penalty "
        "card (Law 50).",
    )
    return Ruling(Kind.EXPOSED_CARD, seat, summary, follows=follows)


def apply_insufficient_bid(
    auction: Auction,
    bid: Call,
    choice: str,
    correction: Call | None = None,
    obligations: Obligations | None = None,
) -> tuple[Auction, Obligations]:
    """The auction after the option ``choice`` of :func:`rule_insufficient_bid`.

    ``correction`` is the offender's substituted call for ``comparable`` and ``other``.
    """
    ruling = rule_insufficient_bid(auction, bid)
    ruling.option(choice)
    duties = obligations if obligations is not None else Obligations()
    offender = ruling.offender
    if choice == "accept":
        return _force(auction, bid), duties
    if choice == "lowest":
        call = lowest_sufficient(auction, bid)
    else:
        if correction is None:
            raise IrregularityError(f"option {choice!r} needs the offender's correcting call")
        reason = auction.why_illegal(correction)
        if reason is not None:
            raise IrregularityError(f"{correction} cannot correct {bid}: {reason}")
        if choice == "other" and not (correction.is_bid or correction.is_pass):
            raise IrregularityError(
                "Law 27B3: the offender may not correct with a double or redouble "
                "(unless it is a comparable call)"
            )
        call = correction
    after = auction.copy()
    after.add(call)
    duties.called(offender, call)
    if choice == "other":
        duties.must_pass[offender.partner] = "throughout"
        duties.notes.append(
            f"Law 27B2: {offender.partner.full_name} must pass throughout; "
            "lead restrictions (Law 26B) may apply"
        )
    return after, duties


def apply_call_out_of_rotation(
    auction: Auction,
    seat: Seat,
    call: Call,
    choice: str,
    obligations: Obligations | None = None,
) -> tuple[Auction, Obligations]:
    """The auction after ``accept`` or ``cancel`` of :func:`rule_call_out_of_rotation`.

    An accepted call stands as if in rotation; the seats it skipped lose their turn and are
    recorded as passing at it, so the record stays in rotation. A cancelled call leaves the
    auction as it was, and the obligations carry what follows: a pass at the next turn
    (Law 30A), the duty to repeat the call if RHO passes (31A1, 32A1), a bar on partner
    (Law 36 and, when the offender's later call is not comparable, 30B, 31, 32).
    """
    ruling = rule_call_out_of_rotation(auction, seat, call)
    if not ruling.options:
        raise IrregularityError(ruling.summary + " There is nothing to choose.")
    ruling.option(choice)
    duties = obligations if obligations is not None else Obligations()
    if choice == "accept":
        after = auction.copy()
        while after.turn != seat:
            after.add(CALLS[0])
        reason = after.why_illegal(call)
        if reason is not None:
            raise IrregularityError(f"{call} cannot stand: {reason}")
        after.add(call)
        return after, duties
    relation = _relation(seat, auction.turn)
    if call.is_pass:
        if relation == "rho":
            duties.must_pass[seat] = "next"
        else:
            duties.notes.append(
                f"{seat.full_name} may make any legal call; if not comparable, "
                f"{seat.partner.full_name} must pass when next it is his turn (Law 30B1(b))"
            )
    elif relation == "rho":
        duties.must_repeat = (seat, call, auction.turn)
        duties.notes.append(
            f"if {auction.turn.full_name} passes, {seat.full_name} must repeat {call}; "
            f"otherwise a call that is not comparable bars {seat.partner.full_name} "
            "at his next turn"
        )
    else:
        duties.notes.append(
            f"{seat.partner.full_name} may call freely ({call} is unauthorised information to "
            f"him); if {seat.full_name}'s call is not comparable, "
            f"{seat.partner.full_name} must pass when next it is his turn"
        )
    return auction.copy(), duties
