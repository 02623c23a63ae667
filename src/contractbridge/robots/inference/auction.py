"""What the auction says about each seat's original hand: ranges of HCP and suit lengths.

:class:`HandRange` is how each robot tells the sampler what it knows of a hidden hand (the
card player from the auction, the bidding judge from its system's meanings, the Minibridge
robot from the points announced). The auction is read from the explanations
shown at the table (the HCP and length ranges they state: ``"15-17 HCP, balanced"``,
``"5+ ♠"``); a call without an explanation is read by an explainer when one is given, else
naturally (openings, 1NT 15-17, overcalls, preempts, raises, new suits).

>>> from contractbridge.core.call import Call
>>> r = read_auction(Seat.N, tuple(Call.parse(c) for c in ["1NT", "P", "3NT"]))
>>> r[Seat.N].hcp, r[Seat.S].hcp[0]
((15, 17), 10)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from contractbridge.core.call import Call
from contractbridge.core.card import Strain
from contractbridge.core.seat import SEATS, Seat
from contractbridge.robots.base import Explainer

# lengths are indexed by suit number: clubs 0 ... spades 3
_ANY_LENGTH = ((0, 13), (0, 13), (0, 13), (0, 13))


@dataclass(slots=True)
class HandRange:
    """HCP and per-suit length ranges (inclusive) of one seat's original 13 cards."""

    hcp: tuple[int, int] = (0, 37)
    lengths: list[tuple[int, int]] = field(default_factory=lambda: list(_ANY_LENGTH))

    def narrow_hcp(self, lo: int, hi: int) -> None:
        new = (max(self.hcp[0], lo), min(self.hcp[1], hi))
        # contradicting readings (a misbid, a psyche): trust the later call
        self.hcp = new if new[0] <= new[1] else (lo, hi)

    def narrow_length(self, suit: int, lo: int, hi: int = 13) -> None:
        old = self.lengths[suit]
        new = (max(old[0], lo), min(old[1], hi))
        self.lengths[suit] = new if new[0] <= new[1] else (lo, hi)

    def balanced(self) -> None:
        for suit in range(4):
            self.narrow_length(suit, 2, 5)


_SUIT_WORDS = {
    "♣": 0, "c": 0, "clubs": 0, "club": 0,
    "♦": 1, "d": 1, "diamonds": 1, "diamond": 1,
    "♥": 2, "h": 2, "hearts": 2, "heart": 2,
    "♠": 3, "s": 3, "spades": 3, "spade": 3,
}  # fmt: skip
_HCP_WORD = r"(hcp|points|pts)"  # captured: points allow fewer HCP (_hcp_floor)
_HCP_RANGE = re.compile(r"(\d+)\s*[-–]\s*(\d+)\s*" + _HCP_WORD, re.I)
_HCP_MIN = re.compile(r"(\d+)\s*\+\s*" + _HCP_WORD, re.I)
#: total points count distribution as well as HCP: "17+ points" holds 17 - this many HCP
_DISTRIBUTION_SLACK = 3
_FEWER = re.compile(r"(?:fewer|less) than\s*(\d+)\s*" + _HCP_WORD, re.I)
_UP_TO = re.compile(r"(?:up to|at most|≤|<=)\s*(\d+)\s*" + _HCP_WORD, re.I)
_LENGTH = re.compile(
    r"(at most\s+|up to\s+)?(?:exactly\s+)?(\d+)\s*(\+|[-–]\s*\d+)?\s*(?:cards?\s+in\s+|card\s+)?"
    r"(♣|♦|♥|♠|clubs?|diamonds?|hearts?|spades?|[CDHS](?![a-z]))",
    re.I,
)
_NO_SUIT = re.compile(r"\bno (\d)-card (major|minor|suit)", re.I)
_NOT_THIS_HAND = ("maybe", "together", "combined", "needed", "partner", "support points")


def parse_explanation(text: str, into: HandRange) -> bool:
    """Narrow ``into`` by the ranges an explanation states; True if it stated any.

    The text is read clause by clause (commas, semicolons); asides in parentheses and
    clauses about something else ("maybe 4 ♠ too", "25+ HCP together") are skipped.
    """
    text = re.sub(r"\([^)]*\)", "", text)
    if text.lstrip().lower().startswith("maybe"):
        return False  # "maybe a penalty hand, 4+ ♦": every clause is a possibility
    clauses = re.split(r"[,;]", text)
    usual = [c for c in clauses if not c.strip().lower().startswith("or ")]
    exceptions = [c.strip()[3:] for c in clauses if c.strip().lower().startswith("or ")]
    found = _parse_clauses(usual, into)
    # "13-21 HCP, 4+ ♦, or 10-12 HCP by the rule of 20": each exception is the usual
    # meaning with what it names changed, and the hand is one of them
    seen = HandRange(into.hcp, list(into.lengths))
    for clause in exceptions:
        other = HandRange(seen.hcp, list(seen.lengths))
        if _parse_clauses([clause], other):
            found = True
            into.hcp = (min(into.hcp[0], other.hcp[0]), max(into.hcp[1], other.hcp[1]))
            for suit, (lo, hi) in enumerate(other.lengths):
                old = into.lengths[suit]
                into.lengths[suit] = (min(old[0], lo), max(old[1], hi))
    return found


def _parse_clauses(clauses: list[str], into: HandRange) -> bool:
    found = False
    for clause in clauses:
        low = clause.lower()
        if any(w in low for w in _NOT_THIS_HAND):
            continue
        if "balanced" in low and "unbalanced" not in low and "semi" not in low:
            into.balanced()
            found = True
        m = _NO_SUIT.search(clause)
        if m:  # "no 5-card major": both majors shorter
            n = int(m.group(1))
            kind = m.group(2).lower()
            suits = {"major": (2, 3), "minor": (0, 1)}.get(kind, (0, 1, 2, 3) if n >= 5 else ())
            for suit in suits:
                into.narrow_length(suit, 0, n - 1)
            found = True
            continue
        m = _UP_TO.search(clause)
        if m:
            into.narrow_hcp(0, int(m.group(1)))
            found = True
            continue
        m = _FEWER.search(clause)
        if m:
            into.narrow_hcp(0, int(m.group(1)) - 1)
            found = True
            continue
        for m in _HCP_RANGE.finditer(clause):
            into.narrow_hcp(_hcp_floor(int(m.group(1)), m.group(3)), int(m.group(2)))
            found = True
        for m in _HCP_MIN.finditer(clause):
            into.narrow_hcp(_hcp_floor(int(m.group(1)), m.group(2)), 37)
            found = True
        for m in _LENGTH.finditer(clause):
            n = int(m.group(2))
            if n > 13:
                continue
            suit = _SUIT_WORDS[m.group(4).lower()]
            extra = m.group(3)
            if m.group(1):  # "at most"
                into.narrow_length(suit, 0, n)
            elif extra is None:
                into.narrow_length(suit, n, n)
            elif extra.strip() == "+":
                into.narrow_length(suit, n)
            else:
                into.narrow_length(suit, n, int(re.sub(r"\D", "", extra)))
            found = True
    return found


def _hcp_floor(least: int, unit: str) -> int:
    """The fewest HCP a stated minimum allows: points include distribution, HCP do not."""
    return least if unit.lower() == "hcp" else max(0, least - _DISTRIBUTION_SLACK)


def read_auction(
    dealer: Seat,
    calls: tuple[Call, ...],
    explanations: tuple[str | None, ...] = (),
    explainer: Explainer | None = None,
    reader: Seat | None = None,
) -> dict[Seat, HandRange]:
    """Ranges for each seat's original hand, from the explanations or a natural reading.

    A call the table did not explain is read by ``explainer`` (a bidding system, such as
    the SAYC robot) when one is given, as ``reader`` (the seat reading) reads it, else
    naturally.
    """
    ranges = {s: HandRange() for s in SEATS}
    opener: Seat | None = None  # first seat to bid
    last_bid: Call | None = None
    bids_by: dict[Seat, list[Call]] = {s: [] for s in SEATS}
    for i, call in enumerate(calls):
        seat = dealer.next(i)
        r = ranges[seat]
        text = explanations[i] if i < len(explanations) else None
        if not text and explainer is not None:
            text = explainer.explain_call(calls, dealer, i, reader)
        if text:
            # the table's explanation is the meaning, even when it states no range
            parse_explanation(text, r)
        else:
            _natural(seat, call, opener, last_bid, bids_by, r)
        if call.is_bid:
            if opener is None:
                opener = seat
            last_bid = call
            bids_by[seat].append(call)
    return ranges


def _natural(
    seat: Seat,
    call: Call,
    opener: Seat | None,
    last_bid: Call | None,
    bids_by: dict[Seat, list[Call]],
    r: HandRange,
) -> None:
    """A natural reading (roughly SAYC) of one call, narrowing ``r``."""
    partner_bids = bids_by[seat.partner]
    own_bids = bids_by[seat]
    if call.is_pass:
        if opener is None:
            r.narrow_hcp(0, 11)
        elif opener == seat.partner and not own_bids and len(partner_bids) == 1:
            r.narrow_hcp(0, 6) if partner_bids[0].level == 1 else None
        elif opener is not None and opener.side != seat.side and not own_bids:
            # passing over an opponent's opening: no good overcall
            r.narrow_hcp(0, 16)
        return
    if call.is_double:
        if opener is not None and opener.side != seat.side and not own_bids and not partner_bids:
            r.narrow_hcp(11, 37)  # take-out or penalty: values
        return
    if not call.is_bid or call.strain is None:
        return
    level, strain = call.level, call.strain
    if any(b.strain == strain for b in bids_by[seat.lho] + bids_by[seat.rho]):
        return  # a cue bid of the opponents' suit shows nothing about the suit
    suit = int(strain) if strain != Strain.NT else None
    jump = last_bid is not None and call.index - last_bid.index > 5
    if opener is None:  # an opening bid
        if strain == Strain.NT:
            if level == 1:
                r.narrow_hcp(15, 17)
                r.balanced()
            elif level == 2:
                r.narrow_hcp(20, 21)
                r.balanced()
            elif level == 3:
                r.narrow_hcp(25, 27)
            return
        assert suit is not None
        if level == 1:
            r.narrow_hcp(11, 21)
            r.narrow_length(suit, 5 if suit >= 2 else 3)
        elif level == 2 and suit == 0:
            r.narrow_hcp(20, 37)
        elif level == 2:
            r.narrow_hcp(5, 11)
            r.narrow_length(suit, 6, 7)
        elif level == 3:
            r.narrow_hcp(5, 10)
            r.narrow_length(suit, 6)
        else:
            r.narrow_hcp(5, 12)
            r.narrow_length(suit, 7)
        return
    if opener.side != seat.side and not own_bids and not partner_bids:  # an overcall
        if strain == Strain.NT:
            if level == 1:
                r.narrow_hcp(15, 18)
            return
        assert suit is not None
        if jump:
            r.narrow_hcp(5, 11)
            r.narrow_length(suit, 6)
        elif level == 1:
            r.narrow_hcp(8, 17)
            r.narrow_length(suit, 5)
        else:
            r.narrow_hcp(10, 17)
            r.narrow_length(suit, 5)
        return
    # later calls: responses and rebids; skip the usual artificial ones
    if partner_bids and _artificial(call, partner_bids[-1], last_bid):
        return
    if suit is None:
        if level == 1:
            r.narrow_hcp(6, 10) if not own_bids else None
        elif level == 3 and not own_bids and partner_bids:
            r.narrow_hcp(10, 15)
        return
    partner_strains = {b.strain for b in partner_bids}
    if strain in partner_strains:
        r.narrow_length(suit, 3)  # a raise: support
        if not own_bids:
            r.narrow_hcp(6, 37)
    elif strain in {b.strain for b in own_bids}:
        r.narrow_length(suit, 5)  # rebidding a suit
    else:
        r.narrow_length(suit, 4)
        if not own_bids and partner_bids:
            r.narrow_hcp(6 if level == 1 else 10, 37)


def _artificial(call: Call, partner_last: Call, last_bid: Call | None) -> bool:
    if partner_last.strain == Strain.NT and partner_last.level in (1, 2):
        # Stayman and transfers
        return call.level == partner_last.level + 1 and call.strain in (
            Strain.C,
            Strain.D,
            Strain.H,
        )
    if partner_last.level == 4 and partner_last.strain == Strain.NT:
        return call.level == 5  # Blackwood responses
    if call.level == 4 and call.strain == Strain.NT:
        return True
    # the waiting 2D over a 2C opening
    return (
        partner_last == Call.parse("2C") and call == Call.parse("2D") and last_bid == partner_last
    )
