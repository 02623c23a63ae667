"""Irregularities at a face-to-face table and the rulings the Laws give (WBF Laws 2017).

Online the table refuses an irregular call or card; at a club table it is made, the
Director is called, and the Laws say what the non-offending side may choose and what
follows. Each ``rule_*`` function takes the state of the deal and what happened and
returns a :class:`Ruling`: the options (each with its Law number and who chooses it) and
what follows whatever is chosen. ``apply_*`` functions turn a chosen option into the new
state (an :class:`Auction` or a :class:`Play` plus any :class:`Obligations`).

>>> auction = Auction(Seat.N, ["1NT"])
>>> ruling = rule_insufficient_bid(auction, Call.parse("1H"))
>>> [option.key for option in ruling.options]
['accept', 'lowest', 'comparable', 'other']
>>> ruling.option("lowest").law, ruling.option("lowest").by
('27B1(a)', <Seat.E: 1>)
>>> "2H" in ruling.option("lowest").text
True

Judgement the Laws leave to the Director (whether a call is *comparable*, Law 23A; whether
a bid is artificial; equity under Laws 12, 16, 23C, 64C) is named in the ruling, not made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from contractbridge.core.auction import Auction
from contractbridge.core.call import CALLS, DOUBLE_INDEX, FIRST_BID_INDEX, Call
from contractbridge.core.card import Card, Rank, Suit
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.hand import Hand
from contractbridge.core.play import Play, trick_winner
from contractbridge.core.seat import SEATS, Seat


class IrregularityError(BridgeError):
    """What was entered is not the irregularity named (e.g. a 'revoke' that followed suit)."""


class Kind(Enum):
    """The irregularities ruled here, with the Laws that rule them."""

    INSUFFICIENT_BID = "insufficient bid (Law 27)"
    CALL_OUT_OF_ROTATION = "call out of rotation (Laws 28-32)"
    OPENING_LEAD_OUT_OF_TURN = "opening lead out of turn (Laws 54, 56, 50)"
    LEAD_OUT_OF_TURN = "lead out of turn (Laws 53, 55, 56)"
    REVOKE = "revoke (Laws 61-64)"
    EXPOSED_CARD = "exposed card (Laws 48-51)"
    PREMATURE_PLAY = "premature lead or play (Law 57)"


@dataclass(frozen=True, slots=True)
class Option:
    """One choice the Laws offer: ``key`` names it, ``by`` chooses it, ``law`` allows it."""

    key: str
    law: str
    by: Seat | None
    text: str

    def __str__(self) -> str:
        who = f" [{self.by.full_name} chooses]" if self.by is not None else ""
        return f"Law {self.law}: {self.text}{who}"


@dataclass(frozen=True, slots=True)
class Ruling:
    """What happened, who offended, the options and what follows whatever is chosen."""

    kind: Kind
    offender: Seat
    summary: str
    options: tuple[Option, ...] = ()
    follows: tuple[str, ...] = ()
    transfer: int = 0  # tricks transferred to the non-offending side (established revoke)

    def option(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        keys = ", ".join(o.key for o in self.options) or "none"
        raise IrregularityError(f"{key!r} is not an option here (options: {keys})")

    @property
    def chooser(self) -> Seat | None:
        """Who makes the first choice (None when the Laws leave no choice)."""
        return self.options[0].by if self.options else None

    def __str__(self) -> str:
        lines = [self.summary]
        if self.options:
            lines.append("Options:")
            lines += [f"  {o.key}: {o}" for o in self.options]
        if self.follows:
            lines.append("What follows:")
            lines += [f"  {line}" for line in self.follows]
        return "\n".join(lines)


class PlayState(Protocol):
    """What :meth:`Obligations.check_card` reads of a play: a :class:`Play`, or a play
    record that also holds irregular cards (a revoke, a lead accepted out of turn)."""

    @property
    def turn(self) -> Seat | None: ...

    @property
    def current_trick(self) -> tuple[Card, ...]: ...

    def hand(self, seat: Seat) -> Hand: ...

    def legal_cards(self) -> tuple[Card, ...]: ...


@dataclass(slots=True)
class Obligations:
    """What the Laws impose after a ruling, carried by the table until it is met.

    * ``must_pass``: seat -> ``"next"`` (at its next turn) or ``"throughout"``;
    * ``must_repeat``: (seat, call, rho): the seat must repeat ``call`` if ``rho`` passes
      (Laws 31A1, 32A1), which puts it in ``must_call``; whether another call is
      comparable (Law 23A) stays the Director's judgement;
    * ``penalty_cards``: defender -> major (and minor) penalty cards left face up;
    * ``lead``: (seat, suit, "require" | "prohibit") for the seat's next lead (Law 50D2,
      Law 26), ``play``: (seat, "highest" | "lowest" | suit) for a premature play (Law 57A).
    """

    must_pass: dict[Seat, str] = field(default_factory=dict)
    must_repeat: tuple[Seat, Call, Seat] | None = None
    must_call: dict[Seat, Call] = field(default_factory=dict)
    penalty_cards: dict[Seat, list[tuple[Card, bool]]] = field(default_factory=dict)
    lead: tuple[Seat, Suit, str] | None = None
    play: tuple[Seat, str | Suit] | None = None
    notes: list[str] = field(default_factory=list)

    def check_call(self, seat: Seat, call: Call) -> str | None:
        """Why ``seat`` may not make ``call`` now under these obligations, or None."""
        required = self.must_call.get(seat)
        if required is not None and call != required:
            return f"{seat.full_name} must repeat {required} (Laws 31A1, 32A1)"
        bar = self.must_pass.get(seat)
        if bar is not None and not call.is_pass:
            when = "throughout the auction" if bar == "throughout" else "at this turn"
            return f"{seat.full_name} must pass {when} (a rectification already ruled)"
        return None

    def called(self, seat: Seat, call: Call) -> None:
        """Record that ``seat`` made ``call``: a pass 'at the next turn' is then served."""
        if self.must_pass.get(seat) == "next":
            del self.must_pass[seat]
        self.must_call.pop(seat, None)
        if self.must_repeat is not None and self.must_repeat[2] == seat:
            offender, repeated, _ = self.must_repeat
            self.must_repeat = None
            if call.is_pass:
                self.must_call[offender] = repeated

    def check_card(self, play: PlayState, card: Card) -> str | None:
        """Why the seat in turn may not play ``card`` under these obligations, or None."""
        seat = play.turn
        if seat is None:
            return None
        trick = play.current_trick
        if self.lead is not None and not trick and self.lead[0] == seat:
            _, suit, how = self.lead
            holds = any(c.suit == suit for c in play.hand(seat))
            if how == "require" and holds and card.suit != suit:
                return f"{seat.full_name} must lead a {suit.full_name[:-1]} (Law 50D2(a))"
            if how == "prohibit" and card.suit == suit:
                other = any(c.suit != suit for c in play.hand(seat))
                if other:
                    return f"{seat.full_name} may not lead a {suit.full_name[:-1]} (Law 50D2(b))"
        if self.play is not None and self.play[0] == seat and trick:
            led = trick[0].suit
            legal = play.legal_cards()
            _, what = self.play
            if what in ("highest", "lowest"):
                suited = [c for c in legal if c.suit == led]
                if suited:
                    want = max(suited) if what == "highest" else min(suited)
                    if card != want:
                        return f"{seat.full_name} must play {want} ({what}, Law 57A)"
            elif (
                isinstance(what, Suit)
                and not any(c.suit == led for c in legal)
                and card.suit != what
                and any(c.suit == what for c in legal)
            ):
                return f"{seat.full_name} must play a {what.full_name[:-1]} (Law 57A)"
        penalties = self.penalty_cards.get(seat, [])
        majors = [c for c, major in penalties if major and c in play.legal_cards()]
        if majors and card not in majors and not self._other_duty(seat):
            return (
                f"{seat.full_name} must play the penalty card "
                f"{' or '.join(str(c) for c in majors)} (Law 50D1)"
            )
        minors = [c for c, major in penalties if not major]
        if (
            minors
            and card not in minors
            and card.rank < Rank.TEN
            and any(c.suit == card.suit for c in minors)
            and card in play.legal_cards()
        ):
            return (
                f"{seat.full_name} may not play a card of that suit below an honour before "
                "the minor penalty card (Law 50C)"
            )
        return None

    def _other_duty(self, seat: Seat) -> bool:
        # a lead or play requirement takes precedence over the penalty card (Law 59)
        return (self.lead is not None and self.lead[0] == seat) or (
            self.play is not None and self.play[0] == seat
        )

    def played(self, seat: Seat, card: Card, leader: bool) -> None:
        """Record a card played: penalty cards leave the table, lead duties are met."""
        cards = self.penalty_cards.get(seat)
        if cards:
            cards[:] = [(c, m) for c, m in cards if c != card]
            if not cards:
                del self.penalty_cards[seat]
        if self.lead is not None and self.lead[0] == seat and leader:
            self.lead = None
        if self.play is not None and self.play[0] == seat and not leader:
            self.play = None


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


# -- the play --------------------------------------------------------------------------------
def _penalty_lead_options(
    declarer: Seat, leader: Seat, card: Card, law: str = "50D2"
) -> tuple[Option, ...]:
    suit = card.suit.full_name
    return (
        Option(
            "require",
            f"{law}(a)",
            declarer,
            f"{leader.full_name} must lead {suit}; {card} is picked up and is no longer a "
            "penalty card.",
        ),
        Option(
            "prohibit",
            f"{law}(b)",
            declarer,
            f"{leader.full_name} may not lead {suit} for as long as he retains the lead; "
            f"{card} is picked up and is no longer a penalty card.",
        ),
        Option(
            "penalty",
            f"{law}(c)",
            declarer,
            f"{leader.full_name} may lead any card; {card} stays face up as a major penalty "
            "card, to be played at the first legal opportunity (Law 50D1).",
        ),
    )


def rule_opening_lead_out_of_turn(
    play: Play, seat: Seat, card: Card, *, declarer_saw_dummy: bool = False
) -> Ruling:
    """Laws 54, 56, 50: the wrong defender made the opening lead face up.

    Declarer's five options: become dummy (54A), accept and play second from his own hand
    (54B), or refuse (54D, 56) and, with the card a major penalty card (Law 50), require
    the correct leader to lead its suit, prohibit that suit, or let him lead anything.
    """
    if play.tricks_played or play.current_trick:
        raise IrregularityError("the opening lead has been made: use a lead out of turn")
    declarer, dummy, leader = play.declarer, play.dummy, play.first_leader
    if seat == leader:
        raise IrregularityError(f"{seat.full_name} is the opening leader: the lead is in turn")
    if seat != leader.partner:
        raise IrregularityError(
            f"{seat.full_name} is on declarer's side: a card faced by declarer's side before "
            "the opening lead is not an opening lead out of turn (see Law 48A)"
        )
    if card not in play.hand(seat):
        raise IrregularityError(f"{seat.full_name} does not hold {card}")
    summary = (
        f"Opening lead out of turn: {seat.full_name} led {card}; {leader.full_name} was on "
        "lead (Law 54)."
    )
    accept_text = (
        f"{declarer.full_name} accepts the lead; dummy ({dummy.full_name}) is faced and the "
        f"second card to the trick is played from {declarer.full_name}'s own hand."
    )
    if declarer_saw_dummy:
        return Ruling(
            Kind.OPENING_LEAD_OUT_OF_TURN,
            seat,
            summary,
            (Option("accept", "54C", declarer, accept_text),),
            ("Law 54C: declarer must accept the lead: he could have seen a card of dummy's hand.",),
        )
    options = (
        Option(
            "become-dummy",
            "54A",
            declarer,
            f"{declarer.full_name} spreads his hand and becomes dummy; {dummy.full_name} "
            f"becomes declarer and plays from {declarer.full_name}'s hand second to the trick.",
        ),
        Option("accept", "54B", declarer, accept_text),
        *_penalty_lead_options(declarer, leader, card, "54D, 56, 50D2"),
    )
    follows = (
        f"Law 54A: if {declarer.full_name} begins to spread his hand and exposes a card, he "
        "must spread it all and becomes dummy.",
        f"Law 50E: on refusal, {card} as a penalty card is authorised information for "
        f"declarer's side, unauthorised for {leader.full_name} (except that it must be played).",
    )
    return Ruling(Kind.OPENING_LEAD_OUT_OF_TURN, seat, summary, options, follows)


def apply_opening_lead_out_of_turn(
    play: Play, seat: Seat, card: Card, choice: str, obligations: Obligations | None = None
) -> tuple[Play, Obligations]:
    """The play after declarer's choice at an opening lead out of turn."""
    ruling = rule_opening_lead_out_of_turn(play, seat, card)
    ruling.option(choice)
    duties = obligations if obligations is not None else Obligations()
    leader = play.first_leader
    if choice == "become-dummy":
        contract = play.contract.with_declarer(play.dummy)
        after = Play(play.deal, contract, leader=seat)
        after.play(card)
        return after, duties
    if choice == "accept":
        after = Play(play.deal, play.contract, leader=seat)
        after.play(card)
        return after, duties
    after = play.copy()
    if choice == "penalty":
        duties.penalty_cards.setdefault(seat, []).append((card, True))
    else:
        duties.lead = (leader, card.suit, choice)
    return after, duties


def rule_lead_out_of_turn(play: Play, seat: Seat, card: Card) -> Ruling:
    """Laws 53, 55, 56: ``seat`` led to a trick (after the first) when another was on lead."""
    if play.current_trick:
        raise IrregularityError("the trick has begun: a card now is a play, not a lead")
    if not play.tricks_played:
        if seat in (play.declarer, play.dummy):
            leader = play.first_leader
            return Ruling(
                Kind.LEAD_OUT_OF_TURN,
                play.declarer,
                f"Declarer's side faced {card} before the opening lead.",
                follows=(
                    f"Law 48A: declarer's cards are never penalty cards: {card} is picked up; "
                    f"{leader.full_name} makes the opening lead (Law 41A).",
                ),
            )
        return rule_opening_lead_out_of_turn(play, seat, card)
    leader = play.leader
    if seat == leader:
        raise IrregularityError(f"{leader.full_name} is on lead: the lead is in turn")
    if card not in play.hand(seat):
        raise IrregularityError(f"{seat.full_name} does not hold {card}")
    declarer = play.declarer
    summary = f"Lead out of turn: {seat.full_name} led {card}; {leader.full_name} was on lead."
    options: tuple[Option, ...]
    follows: tuple[str, ...]
    if seat in (declarer, play.dummy):
        # Law 55: declarer led from the wrong hand, or when a defender was on lead. Either
        # defender may choose; if they disagree, the one next to play after the lead decides.
        options = (
            Option(
                "accept",
                "55A",
                seat.lho,
                f"a defender accepts the lead of {card}; the play continues from it "
                "(if the defenders disagree, the one next to play after it decides).",
            ),
            Option(
                "retract",
                "55B",
                seat.lho,
                f"{card} is withdrawn without rectification (declarer's cards are never "
                f"penalty cards, Law 48A) and {leader.full_name} leads.",
            ),
        )
        follows = (
            "Law 55C: if declarer might gain information from the irregularity, the "
            "Director may adjust the score.",
        )
        return Ruling(Kind.LEAD_OUT_OF_TURN, seat, summary, options, follows)
    options = (
        Option(
            "accept",
            "53A",
            declarer,
            f"{declarer.full_name} accepts the lead of {card}: it stands as a correct lead "
            "and the next card is played by the player on the offender's left (accepted, too, "
            "if that player plays to it).",
        ),
    )
    if leader == seat.partner:
        options += _penalty_lead_options(declarer, leader, card, "56, 50D2")
        follows = (
            f"Law 56: the refused card is a major penalty card (Law 50); {leader.full_name} "
            "leads with declarer's options of Law 50D2.",
        )
    else:
        options += (
            Option(
                "refuse",
                "56, 50D",
                declarer,
                f"{leader.full_name} leads; {card} stays face up as a major penalty card, "
                f"to be played at the first legal opportunity; when {seat.partner.full_name} "
                "next has the lead, declarer has the options of Law 50D2.",
            ),
        )
        follows = ()
    return Ruling(Kind.LEAD_OUT_OF_TURN, seat, summary, options, follows)


def rule_exposed_card(play: Play, seat: Seat, card: Card, *, deliberate: bool = False) -> Ruling:
    """Laws 48-51: ``card`` of ``seat`` was exposed (dropped face up, shown) during the play.

    A defender's single card below honour rank exposed by accident is a minor penalty card
    (50B); an honour, a card exposed deliberately or a second card is a major one.
    """
    if card not in play.hand(seat):
        raise IrregularityError(f"{seat.full_name} does not hold {card}")
    declarer = play.declarer
    if seat in (declarer, play.dummy):
        return Ruling(
            Kind.EXPOSED_CARD,
            seat,
            f"{seat.full_name}'s {card} was exposed by declarer's side.",
            follows=(
                "Law 48A: declarer is not required to play a card he exposed; it is never a "
                "penalty card (unless he exposed it as part of a claim, Law 48B).",
            ),
        )
    minor = card.rank < Rank.TEN and not deliberate
    kind = "minor" if minor else "major"
    partner = seat.partner
    summary = (
        f"Exposed card: {seat.full_name}'s {card} is a {kind} penalty card (Law 50B;"
        " it stays face up on the table, Law 50A)."
    )
    if minor:
        follows: tuple[str, ...] = (
            f"Law 50C: {seat.full_name} may not play another card of that suit below an "
            f"honour until he has played {card}, but may play an honour instead; "
            f"no lead restriction on {partner.full_name}.",
        )
        options: tuple[Option, ...] = ()
    else:
        follows = (
            f"Law 50D1: {seat.full_name} must play {card} at the first legal opportunity, "
            "leading, following suit, discarding or ruffing.",
            f"Law 50D2: whenever {partner.full_name} has the lead while {card} is a penalty "
            "card, declarer may require or prohibit the lead of its suit (the card is then "
            "picked up) or let him lead anything (it stays).",
        )
        options = _penalty_lead_options(declarer, partner, card)
    follows += (
        f"Law 50E: the penalty card is authorised information for declarer; for "
        f"{partner.full_name} it is unauthorised, except that he may know it must be played.",
        "Law 51: with two or more penalty cards declarer designates which is played when "
        "either could be, and his lead options cover each of their suits.",
    )
    return Ruling(Kind.EXPOSED_CARD, seat, summary, options, follows)


def rule_premature_play(play: Play, seat: Seat, card: Card) -> Ruling:
    """Law 57: a defender led or played to a trick before his partner played to it."""
    declarer = play.declarer
    if seat in (declarer, play.dummy):
        raise IrregularityError("Law 57 covers a defender's premature lead or play")
    partner = seat.partner
    trick = play.current_trick
    turn = play.turn
    if turn is None:
        raise IrregularityError("the play is over")
    if turn == seat:
        raise IrregularityError(f"it was {seat.full_name}'s turn: the card is in turn")
    played = _seats_played(play)
    # premature: partner is still to play to this trick, before the offender's turn (a play
    # before partner) or after the offender played to it (a lead to the next trick)
    waiting = partner not in played and (seat in played or _before(play, partner, seat))
    if not waiting:
        raise IrregularityError(
            f"{seat.full_name}'s {card} is not before {partner.full_name}'s card to this "
            "trick: it is a lead or play out of turn, not a premature play (Law 57)"
        )
    if declarer in played and play.dummy in played:
        return Ruling(
            Kind.PREMATURE_PLAY,
            seat,
            f"Premature play: {seat.full_name} played {card} before {partner.full_name}.",
            follows=(
                "Law 57C1: no rectification for playing before partner: declarer had "
                f"played from both hands (likewise, Law 57C2, after dummy played a card or "
                f"illegally suggested one); {card} is played.",
            ),
        )
    led = trick[0].suit.full_name if trick else "the suit led"
    options = (
        Option("highest", "57A1", declarer, f"{partner.full_name} must play his highest {led}."),
        Option("lowest", "57A2", declarer, f"{partner.full_name} must play his lowest {led}."),
        Option(
            "suit",
            "57A3",
            declarer,
            f"{partner.full_name} must play a card of another suit declarer names.",
        ),
    )
    follows = (
        f"Law 57A: {card} becomes a major penalty card (Law 50).",
        f"Law 57B: if {partner.full_name} cannot comply he may play any legal card.",
    )
    summary = (
        f"Premature play: {seat.full_name} played {card} before his partner "
        f"{partner.full_name} had played to the trick (Law 57)."
    )
    return Ruling(Kind.PREMATURE_PLAY, seat, summary, options, follows)


def _seats_played(play: Play) -> list[Seat]:
    return [play.leader.next(i) for i in range(len(play.current_trick))]


def _before(play: Play, first: Seat, second: Seat) -> bool:
    # whether ``first`` is still to play to the current trick before ``second``
    turn = play.turn
    assert turn is not None
    return (first - turn) & 3 < (second - turn) & 3


# -- the revoke ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """One trick as played, legal or not: ``number`` from 1, cards in the order played."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None

    def seat_of(self, position: int) -> Seat:
        return self.leader.next(position)

    def card_of(self, seat: Seat) -> Card | None:
        position = (seat - self.leader) & 3
        return self.cards[position] if position < len(self.cards) else None


@dataclass(frozen=True, slots=True)
class Revoke:
    """A failure to follow suit: ``seat`` played ``card`` to trick ``trick`` holding the suit."""

    trick: int
    seat: Seat
    card: Card
    suit_led: Suit


def replay(
    deal: Deal,
    contract: Contract,
    cards: Sequence[Card],
    *,
    leader: Seat | None = None,
    leaders: Mapping[int, Seat] | None = None,
) -> tuple[list[PlayedTrick], list[Revoke]]:
    """The tricks of a play as recorded, revokes included, and the revokes found.

    The core :class:`Play` refuses a revoke; a director must see the play as it happened.
    Each card must be in the hand of the seat in turn (else :class:`IrregularityError`).
    ``leaders`` maps a trick number to its leader when a lead out of turn was accepted.

    >>> deal = Deal.from_pbn("N:AK.A.. QJ.K.. T9.Q.. 8.2.A.", partial=True)
    >>> tricks, revokes = replay(deal, Contract.parse("1NT S"), [Card.parse(c) for c in
    ...     ["S8", "SA", "SQ", "ST", "HA", "HK", "HQ", "DA"]])
    >>> revokes
    [Revoke(trick=2, seat=<Seat.W: 3>, card=Card.parse('DA'), suit_led=<Suit.H: 2>)]
    """
    declarer = contract.declarer
    if declarer is None:
        raise IrregularityError("the contract needs a declarer to tell who leads")
    suit = contract.strain.suit
    trump = int(suit) if suit is not None else -1
    hands = {seat: set(deal[seat]) for seat in SEATS}
    turn = leader if leader is not None else declarer.lho
    tricks: list[PlayedTrick] = []
    revokes: list[Revoke] = []
    for start in range(0, len(cards), 4):
        group = list(cards[start : start + 4])
        if leaders and len(tricks) + 1 in leaders:
            turn = leaders[len(tricks) + 1]
        first = turn
        for position, card in enumerate(group):
            seat = first.next(position)
            if card not in hands[seat]:
                owner = next((s for s in SEATS if card in hands[s]), None)
                where = (
                    f"it is {owner.full_name}'s" if owner is not None else "it was already played"
                )
                raise IrregularityError(
                    f"card {start + position + 1} ({card}) is not in {seat.full_name}'s hand: "
                    f"{where}"
                )
            led = group[0].suit
            if position and card.suit != led and any(c.suit == led for c in hands[seat]):
                revokes.append(Revoke(len(tricks) + 1, seat, card, led))
            hands[seat].discard(card)
        winner = trick_winner(group, first, trump) if len(group) == 4 else None
        tricks.append(PlayedTrick(len(tricks) + 1, first, tuple(group), winner))
        if winner is not None:
            turn = winner
    return tricks, revokes


def rule_revoke(
    deal: Deal,
    contract: Contract,
    cards: Sequence[Card],
    *,
    revoke: Revoke | None = None,
    leader: Seat | None = None,
    leaders: Mapping[int, Seat] | None = None,
    faced_card: bool = False,
    after_next_board: bool = False,
    after_round: bool = False,
) -> Ruling:
    """Laws 61-64: the ruling on a revoke found in the play ``cards`` (the first one unless
    ``revoke`` names another), with the tricks transferred computed from the play.

    ``faced_card``: the revoke was a failure to play a card faced on the table (a penalty
    card) — no trick transfer (64B3); dummy's revokes are always so. ``after_next_board`` /
    ``after_round``: attention was first drawn too late for rectification (64B4, 64B5).
    """
    tricks, revokes = replay(deal, contract, cards, leader=leader, leaders=leaders)
    if revoke is None:
        if not revokes:
            raise IrregularityError("no revoke in this play: every card followed suit if able")
        revoke = revokes[0]
    elif revoke not in revokes:
        raise IrregularityError(
            f"{revoke.seat.full_name}'s {revoke.card} at trick {revoke.trick} was not a revoke"
        )
    declarer = contract.declarer
    assert declarer is not None
    offender = revoke.seat
    side = offender.side
    number = revoke.trick
    trick = tricks[number - 1]
    where = f"at trick {number} ({revoke.suit_led.full_name} led)"
    summary = (
        f"Revoke: {offender.full_name} played {revoke.card} {where}, "
        f"holding {revoke.suit_led.full_name}."
    )
    # Law 63A1: established when the offender or his partner plays to the following trick.
    following = tricks[number] if len(tricks) > number else None
    established = following is not None and (
        following.card_of(offender) is not None or following.card_of(offender.partner) is not None
    )
    if number == 12 and trick.winner is not None:
        return Ruling(
            Kind.REVOKE,
            offender,
            summary,
            follows=(
                "Law 62D1: a revoke on the twelfth trick must be corrected, even if "
                "established, if found before all four hands are returned to the board.",
                "Law 64B6: there is no trick transfer for a revoke on the twelfth trick.",
                f"Law 62D2: if {offender.partner.full_name} had to play after the revoke and "
                "holds two suits, he may not choose a play suggested by seeing the revoke card.",
            ),
        )
    if not established:
        defender = offender not in (declarer, declarer.partner)
        fix = (
            f"{revoke.card} becomes a major penalty card (Law 62B1, Law 50)."
            if defender
            else f"{revoke.card} is withdrawn without rectification (Law 62B2)."
        )
        return Ruling(
            Kind.REVOKE,
            offender,
            summary + " It is not established (Law 63A): it must be corrected.",
            follows=(
                f"Law 62A, 62B: {offender.full_name} withdraws {revoke.card} and plays a "
                f"{revoke.suit_led.full_name[:-1]}; " + fix,
                "Law 62C1: each non-offending player may withdraw a card played after the "
                "revoke and play another; Law 62C2: then the offending side's next player "
                "may withdraw his card too (a defender's becomes a major penalty card).",
            ),
        )
    # Tricks won by the offending side from the revoke trick on.
    won_from = [t for t in tricks[number - 1 :] if t.winner is not None and t.winner.side == side]
    won_after = [t for t in tricks[number:] if t.winner is not None and t.winner.side == side]
    offender_won = trick.winner == offender  # a trick won by dummy is not won by declarer
    won_by = trick.winner.full_name if trick.winner is not None else "nobody yet"
    facts = (
        f"Revoke trick {number} won by {won_by}; the offending side "
        f"({side}) won {len(won_from)} trick(s) from trick {number} on "
        f"({len(won_after)} after it)."
    )
    exempt: list[str] = []
    others = [r for r in revokes if r != revoke]
    if any(r.seat.side != side for r in revokes):
        exempt.append("Law 64B7: both sides revoked on this board")
    if any(
        r.seat == offender and r.suit_led == revoke.suit_led and r.trick < number for r in others
    ):
        exempt.append("Law 64B2: a subsequent revoke in the same suit by the same player")
    if offender == declarer.partner or faced_card:
        exempt.append(
            "Law 64B3: the revoke was a failure to play a card faced on the table "
            "(dummy's cards included)"
        )
    if after_next_board:
        exempt.append(
            "Law 64B4: attention was first drawn after the non-offending side called on a "
            "subsequent board"
        )
    if after_round:
        exempt.append("Law 64B5: attention was first drawn after the round ended")
    if not won_from:
        exempt.append(
            "Law 64B1: the offending side won neither the revoke trick nor any later trick"
        )
    equity = (
        "Law 64C: if the transfer does not compensate the non-offending side for the damage, "
        "the Director adjusts the score (after any revoke, those without transfer included)."
    )
    if exempt:
        return Ruling(
            Kind.REVOKE,
            offender,
            summary + " Established (Law 63A1). No trick transfer.",
            follows=(facts, *exempt, equity),
        )
    if offender_won:
        transfer = 1 + (1 if won_after else 0)
        law = (
            f"Law 64A1: {offender.full_name} won the revoke trick: it is transferred, with one "
            f"more trick won by his side after it{'' if won_after else ' (there is none)'}."
        )
    else:
        transfer = 1
        law = (
            f"Law 64A2: {offender.full_name} did not win the revoke trick; his side won that "
            "trick or a later one: one trick is transferred."
        )
    offenders_declarer = side == declarer.side
    declarer_won = sum(1 for t in tricks if t.winner is not None and t.winner.side == declarer.side)
    adjusted = declarer_won - transfer if offenders_declarer else declarer_won + transfer
    plural = "trick" if transfer == 1 else "tricks"
    result = (
        f"At the end of play {transfer} {plural} go to {side.opponents}: declarer's side "
        f"{declarer_won} -> {adjusted} tricks (from the tricks played so far)."
    )
    return Ruling(
        Kind.REVOKE,
        offender,
        summary + " Established (Law 63A1): it stands as played (Law 63B).",
        follows=(facts, law, result, equity),
        transfer=transfer,
    )


def established_revoke_transfer(ruling: Ruling, declarer_tricks: int, declarer: Seat) -> int:
    """Declarer's tricks after the transfer of an established revoke ruling."""
    if ruling.kind is not Kind.REVOKE:
        raise IrregularityError("not a revoke ruling")
    if ruling.offender.side == declarer.side:
        return declarer_tricks - ruling.transfer
    return declarer_tricks + ruling.transfer


__all__ = [
    "IrregularityError",
    "Kind",
    "Obligations",
    "Option",
    "PlayState",
    "PlayedTrick",
    "Revoke",
    "Ruling",
    "apply_call_out_of_rotation",
    "apply_insufficient_bid",
    "apply_opening_lead_out_of_turn",
    "established_revoke_transfer",
    "lowest_sufficient",
    "replay",
    "rule_call_out_of_rotation",
    "rule_card_exposed_during_auction",
    "rule_exposed_card",
    "rule_insufficient_bid",
    "rule_lead_out_of_turn",
    "rule_opening_lead_out_of_turn",
    "rule_premature_play",
    "rule_revoke",
]
