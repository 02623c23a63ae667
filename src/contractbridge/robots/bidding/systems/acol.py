"""Acol as the English Bridge Union teaches it (Standard English), as rule records.

Followed: the EBU's *Standard English Acol – Foundation Level System File* (the 2019 file
with weak twos; its sections on balanced hands, responding in a new suit and in notrump, and
the weak twos in three suits as the 2013/2014 versions word them), as far as its stored copy
can be read here. Where Acol and SAYC agree (Stayman and red-suit transfers, the 2NT
structure, the weak-two and preempt answers, rebids after a suit response, competition,
slam bidding, the general rules for later rounds) the records are SAYC's own, imported from
:mod:`.sayc`; the records here are what Acol fixes differently:

- balanced hands by range: 12-14 open 1NT; 15-16 open a suit and rebid notrump at the lowest
  level; 17-18 jump in notrump; 19 jump to 3NT; 20-22 open 2NT; 23-24 open 2♣ and rebid
  2NT; 25-27 2♣ then 3NT (the file's table: the rebids are 15-16/17-18/19, not 15-17/18-19);
- four-card suits: the longest suit; of two fives the higher; of two fours a major before a
  minor, hearts with both majors, clubs with both minors; 4-4-4-1 with a red singleton 1♣,
  with a black singleton the middle suit (the choice is ours: the file's section 2.1 was not
  readable here; 1♥ with four clubs and four hearts is what the EBU's "Simply English"
  defends, the rest what British teachers print: 1♥ with both majors, 1♣ with both minors,
  the 4-4-4-1 rule);
- the answers to 1NT 12-14: SAYC's records for 15-17, each responder's range three points
  higher and opener's three lower (pass 0-10, 2NT 11-12, 3NT 13-18, Stayman 11+);
- responses: one over one 6+, two over one 9+ (forcing one round, not to game; 1♠-2♥ five
  hearts), jump shift 16+; raises with four trumps 6-9 / 10-12 / 13-15; 1NT 6-9, 2NT 10-12,
  3NT 13-15, all natural (no Jacoby 2NT);
- 2♣ strong, artificial (23+ HCP, or nine playing tricks), 2♦ the negative; weak 2♦/2♥/2♠
  (a decent six-card suit, 5-10 HCP);
- in defence, the notrump overcalls: 16-18 directly, 11-14 in the protective seat.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from contractbridge.robots.bidding.rules import Rule as R
from contractbridge.robots.bidding.systems import sayc

NAME = "Acol (EBU Standard English)"
REGULATIONS = "EBU"  # alerts and announcements: the English Bridge Union's Blue Book

GF, F, INV, SO, NF = "game forcing", "forcing", "invitational", "sign-off", "non-forcing"

# fmt: off
# ruff: noqa: E501


def _afters(rule: R) -> tuple[str, ...]:
    return (rule.after,) if isinstance(rule.after, str) else rule.after


def _shift(limits: tuple[int, int] | None, d: int) -> tuple[int, int] | None:
    if limits is None:
        return None
    lo, hi = limits
    return (max(0, lo + d) if lo > 0 else 0, hi if hi >= 37 else max(0, min(37, hi + d)))


def _weak_notrump(rule: R) -> list[R]:
    """SAYC's record for its 1NT (15-17) made for Acol's (12-14): after our own 1NT opening,
    responder's ranges three points higher and opener's three lower; the same record's
    other auctions (partner's 1NT overcall) stay as they are."""
    ours = [a for a in _afters(rule) if a.split()[:1] == ["1N"]]
    if not ours:
        return [rule]
    others = tuple(a for a in _afters(rule) if a not in ours)
    out = [replace(rule, after=others, name=rule.name)] if others else []
    by_shift: dict[int, list[str]] = {}
    for a in ours:
        n = len(a.split())
        by_shift.setdefault(3 if n % 4 == 2 else -3 if n % 4 == 0 else 0, []).append(a)
    for d, afters in by_shift.items():
        hcp, points = _shift(rule.hcp, d), _shift(rule.points, d)
        if afters == ["1N -"] and rule.call == "P":
            hcp = (0, 10)  # the file: 0-10 pass
        if afters == ["1N -"] and rule.call == "2N" and rule.hcp == (9, 9):
            hcp = (11, 12)  # the file: 11-12, no interest in a 4-4 major fit
        out.append(replace(rule, after=tuple(afters), hcp=hcp, points=points,
                           name=f"Acol {rule.name}" if others else rule.name))
    return out


def _rebid_ranges(rule: R) -> list[R]:
    """SAYC's rebids with Acol's ranges: notrump rebids 15-16 / 17-18 (not 12-14 / 18-19,
    which Acol opens 1NT or shows otherwise); no Jacoby 2NT; opener's answers to responder's
    2NT after the 1NT rebid one range up; slam opposite the 3NT response (13-15) two points up."""
    afters = _afters(rule)
    if any(a.startswith("1{M} P 2N P") for a in afters):
        return []  # Jacoby 2NT: Acol's 2NT response is natural
    nt_rebid = rule.call in ("1N", "2N") and rule.shape in ("bal", "semibal")
    if nt_rebid and set(afters) <= {*sayc.REBID}:
        # (SAYC's 1NT rebid reaches down to 11 after its light openings, and semi-balanced up to 15)
        new = {(12, 14): (15, 16), (11, 14): (15, 16), (11, 15): (15, 16), (18, 19): (17, 18)}.get(
            rule.hcp or (0, 0)
        )
        if new:
            return [replace(rule, hcp=new)]
    if nt_rebid and afters == ("1{a} P 2{c} P",) and rule.hcp == (12, 14):
        return [replace(rule, hcp=(15, 16))]
    if rule.call == "3N" and afters == ("1{a} P 2{c} P",) and rule.hcp == (15, 18):
        return [replace(rule, hcp=(17, 19))]
    if rule.call == "2N" and afters == ("1{a} P 1N P",) and rule.hcp == (18, 19):
        return [replace(rule, hcp=(17, 18))]
    if afters == ("1{M} P 3N P",):  # opposite Acol's 13-15, not 15-17: two points more
        return [replace(rule, hcp=_shift(rule.hcp, 2), points=_shift(rule.points, 2))]
    if afters == ("1{M} P 3N P 4N P",):  # ... and responder's answer two points less
        return [replace(rule, hcp=_shift(rule.hcp, -2), points=_shift(rule.points, -2))]
    if set(afters) == {f"{r} 1N P 2N P" for r in sayc.REBID}:
        new = {(10, 12): (15, 15), (13, 14): (16, 16)}.get(rule.hcp or (0, 0))
        if new:
            return [replace(rule, hcp=new)]
    return [rule]


def _after_strong_rebid(rule: R) -> R:
    """Responder opposite the 1NT rebid: 15-16, not 12-14, so two points less; opposite the
    2NT rebid, 17-18, not 18-19, so a point more (and opener's answers a point less)."""
    afters = set(_afters(rule))
    if afters <= {*sayc.AFTER_1N}:
        return replace(rule, hcp=_shift(rule.hcp, -2), points=_shift(rule.points, -2))
    if len(afters) == 1 and (after := next(iter(afters))).startswith(sayc.AFTER_2N):
        d = 1 if len(after.split()) % 4 == 2 else -1  # responder's turn, or opener's
        return replace(rule, hcp=_shift(rule.hcp, d), points=_shift(rule.points, d))
    return rule


#: 12 HCP, or 10-11 by the rule of 20, up to 22 (23+ open 2♣)
OPEN_STRENGTH: tuple[tuple[tuple[int, int], tuple[str, ...], str], ...] = (
    ((12, 22), (), ""),
    ((10, 11), ("r20",), "or 10-11 HCP by the rule of 20"),
)


def _opening(call: str, suits: str, priority: int, text: str = "", needs: tuple[str, ...] = (),
             **kw: Any) -> list[R]:
    """The opening in both strengths: 12-22 HCP, and 10-11 by the rule of 20."""
    return [
        R(call, suits=suits, priority=priority, text=text, needs=(*needs, *more), hcp=hcp,
          aside=aside, **kw)
        for hcp, more, aside in OPEN_STRENGTH
    ]


AC_OPENINGS = [
    R("2C", hcp=(23, 37), priority=95, force=F, artificial=True, text="strong, artificial",
      name="Acol 2C"),
    R("2C", hcp=(16, 22), shape="unbal", needs=("losers:3",), priority=94, force=F, artificial=True,
      text="strong, artificial", aside="or 16-22 HCP with 9+ playing tricks", name="Acol 2C on playing tricks"),
    R("2N", hcp=(20, 22), shape="bal", priority=90),
    R("1N", hcp=(12, 14), shape="bal", needs=("nomajor5",), priority=90),
    # weak twos in three suits: a decent six-card suit, about 5-9 points (some play 6-10), no
    # side four-card major; and, as Bid for Game and BBA open them, six cards headed by the ace,
    # king or queen, a side four-card major or not (before, passed: 13 such hands of seed 1066
    # lost 63 IMPs against Bid for Game's weak twos, three won 24)
    *(R(f"2{s}", hcp=(5, 10), suits=f"{s}=6 {side}", needs=(quality.format(s), "novoid", "seat:1:2:3"),
        priority=priority, text="weak two")
      for quality, most, priority in (("decent:{}", 3, 60), ("top:{}:1", 4, 59))
      for s, side in (("D", f"H<={most} S<={most}"), ("H", f"S<={most}"), ("S", f"H<={most}"))),
    # the longest suit (a five-card suit or longer; of two, the higher), or a lone four
    *_opening("1{a}", "a>=5", 70, needs=("longest:a",), prefer="highest", name="Acol one of a suit"),
    *_opening("1{a}", "a=4", 66, needs=("onlylongest:a",), name="Acol one of a four-card suit"),
    # two four-card suits: a major before a minor, hearts with both majors, clubs with both minors
    *_opening("1H", "H=4 S=4 D<=3 C<=3", 68, text="4-4 in the majors"),
    *_opening("1H", "H=4 C=4 S<=3 D<=3", 68, text="a major before a minor"),
    *_opening("1H", "H=4 D=4 S<=3 C<=3", 68, text="a major before a minor"),
    *_opening("1S", "S=4 C=4 H<=3 D<=3", 68, text="a major before a minor"),
    *_opening("1S", "S=4 D=4 H<=3 C<=3", 68, text="a major before a minor"),
    *_opening("1C", "C=4 D=4 H<=3 S<=3", 68, text="4-4 in the minors"),
    # 4-4-4-1: a red singleton 1♣, a black singleton the middle suit
    *_opening("1C", "S=4 D=4 C=4 H=1", 69, text="4-4-4-1: a red singleton"),
    *_opening("1C", "S=4 H=4 C=4 D=1", 69, text="4-4-4-1: a red singleton"),
    *_opening("1D", "H=4 D=4 C=4 S=1", 69, text="4-4-4-1: the middle suit"),
    *_opening("1H", "S=4 H=4 D=4 C=1", 69, text="4-4-4-1: the middle suit"),
]

# --- responses to one of a suit -----------------------------------------------------------

ONE = "1{a} P"
AC_RESPONSES = [
    R("P", after=ONE, hcp=(0, 5), priority=5, text="too weak to respond"),
    # raises with four trumps (points count shortness)
    R("2{a}", after=ONE, points=(6, 9), trumps="a", suits="a>=4", hcp=(4, 9), needs=("major:a",), priority=60,
      force=NF, text="single raise"),
    R("3{a}", after=ONE, points=(10, 12), trumps="a", suits="a>=4", hcp=(7, 12), needs=("major:a",), priority=63,
      force=INV, text="limit raise"),
    R("4{a}", after=ONE, points=(13, 15), trumps="a", suits="a>=4", hcp=(10, 15), needs=("major:a",), priority=64,
      force=SO, text="raise to game"),
    R("4{a}", after=ONE, hcp=(0, 9), suits="a>=5", shape="unbal", needs=("major:a",), priority=61, force=SO,
      text="preemptive raise"),
    R("2{a}", after=ONE, points=(6, 9), trumps="a", suits="a>=4", hcp=(4, 9), needs=("minor:a", "nomajor4"),
      priority=52, force=NF, text="single raise"),
    R("3{a}", after=ONE, points=(10, 12), trumps="a", suits="a>=4", hcp=(8, 12), needs=("minor:a", "nomajor4"),
      priority=53, force=INV, text="limit raise"),
    # ... and a long minor with limit-raise values whatever its shortness adds (before, no rule:
    # Q3.A8.AT9654.QT3 passed 1D, 13 points by its doubletons: -11 against BBA on seed 9001)
    R("3{a}", after=ONE, hcp=(10, 12), suits="a>=5", needs=("minor:a", "nomajor4"), priority=52, force=INV,
      text="limit raise"),
    # notrump: limit bids
    R("1N", after=ONE, hcp=(6, 9), priority=50, force=NF, text="no fit, not forcing"),
    R("2N", after=ONE, hcp=(10, 12), shape="bal", priority=57, force=INV, text="natural, balanced"),
    R("3N", after=ONE, hcp=(13, 15), shape="bal", priority=56, force=SO, text="natural, balanced"),
    # a new suit at the one level: 6+ (with two fours the cheaper); a passed hand's is not forcing
    R("1{b}", after=("1{m} P", "1H P"), hcp=(6, 37), suits="b>=4", needs=("unpassed",), priority=58, force=F,
      text="new suit"),
    R("1{b}", after=("1{m} P", "1H P"), hcp=(5, 5), suits="b>=6", needs=("unpassed",), priority=58, force=F,
      text="new suit"),
    R("1{b}", after=("1{m} P", "1H P"), hcp=(6, 12), suits="b>=4", needs=("passed",), priority=58, force=NF,
      text="new suit"),
    # ... at the two level: 9+, forcing for one round (1♠-2♥ five hearts)
    R("2{b}", after=ONE, hcp=(9, 37), suits="b>=4", needs=("unpassed", "below:b:a", "minor:b"), priority=55,
      force=F, text="new suit", name="Acol two over one"),
    R("2H", after="1S P", hcp=(9, 37), suits="H>=5", needs=("unpassed",), priority=56, force=F,
      text="new suit"),
    R("2{b}", after=ONE, hcp=(9, 11), suits="b>=5", needs=("passed", "below:b:a", "minor:b"), priority=55,
      force=NF, text="new suit"),
    R("2H", after="1S P", hcp=(9, 11), suits="H>=5", needs=("passed",), priority=56, force=NF, text="new suit"),
    # ... a longer minor first with 13+ (then the major: responder's reverse, game forcing)
    R("2{b}", after=("1{m} P", "1H P"), hcp=(13, 37), suits="b>=5", needs=("unpassed", "below:b:a", "minor:b",
      "onlylongest:b"), priority=59, force=F, text="new suit"),
    # the jump shift: 16+ and a decent five-card suit
    R("^{b}", after=ONE, hcp=(16, 37), suits="b>=5", needs=("onlylongest:b",), priority=68, force=GF,
      text="jump shift: strong", name="Acol jump shift"),
]

# --- opener after responder's natural 2NT (10-12) and 3NT (13-15) ------------------------------

AC_REBIDS = [
    R("P", after="1{a} P 2N P", hcp=(10, 13), priority=40, text="minimum"),
    R("3N", after="1{a} P 2N P", hcp=(14, 22), priority=42, force=SO, text="accepts"),
    R("3{a}", after="1{a} P 2N P", suits="a>=6", hcp=(10, 13), priority=43, force=NF, text="6+ cards, minimum"),
    R("4{a}", after="1{a} P 2N P", suits="a>=6", hcp=(14, 22), needs=("major:a",), priority=44, force=SO),
    R("~{b}", after="1{a} P 2N P", suits="a>=5 b>=4", hcp=(14, 22), needs=("unbid:b",), priority=41, force=F,
      text="second suit"),
    R("P", after="1{a} P 3N P", priority=40, text="no slam interest"),
    R("4{a}", after="1{a} P 3N P", suits="a>=6", needs=("major:a",), priority=42, force=SO),
    # the 19-count jumps to 3NT
    R("3N", after=sayc.REBID[:2], hcp=(19, 19), shape="bal", priority=53, force=SO, text="balanced"),
    R("3N", after=sayc.REBID[2], hcp=(19, 19), shape="bal", needs=("stop:x",), priority=53, force=SO,
      text="balanced"),
    R("3N", after="1{a} P 1N P", hcp=(19, 19), shape="bal", priority=47, force=SO, text="balanced"),
]

# --- 2♣ and its negative ----------------------------------------------------------------------

AC_TWO_CLUBS = [
    R("2D", after="2C P", hcp=(0, 7), priority=40, artificial=True, force=F, text="negative"),
    R("2D", after="2C P", hcp=(8, 37), priority=39, artificial=True, force=F, text="negative",
      aside="or 8+ HCP without a good suit to show"),
    R("2N", after="2C P 2D P", hcp=(23, 24), shape="bal", priority=50, force=NF, text="balanced"),
]


def _sayc_opening_kept(rule: R) -> bool:
    """SAYC's openings Acol shares: the three- and four-level preempts and the pass."""
    return rule.call[0] in "34" or rule.call == "P"


def _sayc_two_clubs_kept(rule: R) -> bool:
    """SAYC's 2♣ structure, but the 2♦ answer (Acol's negative) and the 22-24 2NT rebid."""
    return not (rule.call == "2D" and rule.after == "2C P") and not (
        rule.call == "2N" and rule.after == "2C P 2D P"
    )


def _defence_ranges(rule: R) -> R:
    """The file's notrump overcalls: 16-18 directly (SAYC 15-18), 11-14 in the protective
    seat (SAYC 11-17)."""
    if rule.call == "1N" and rule.after == sayc.DIRECT and rule.hcp == (15, 18):
        return replace(rule, hcp=(16, 18))
    if rule.call == "1N" and rule.after == sayc.BALANCE and rule.hcp == (11, 17):
        return replace(rule, hcp=(11, 14))
    return rule


OPENINGS = [*AC_OPENINGS, *(r for r in sayc.OPENINGS if _sayc_opening_kept(r))]
NOTRUMP = [x for r in sayc.NOTRUMP for x in _weak_notrump(r)]
REBIDS = [*AC_REBIDS, *(x for r in sayc.REBIDS for x in _rebid_ranges(r))]
RESPONDER = [_after_strong_rebid(r) for r in sayc.RESPONDER]
TWO_CLUBS = [*AC_TWO_CLUBS, *(r for r in sayc.TWO_CLUBS if _sayc_two_clubs_kept(r))]
DEFENCE = [_defence_ranges(r) for r in sayc.DEFENCE]

RULES = (
    *OPENINGS, *NOTRUMP, *AC_RESPONSES, *REBIDS, *RESPONDER, *TWO_CLUBS, *sayc.PREEMPTS,
    *DEFENCE, *sayc.ADVANCE, *sayc.COMPETE, *sayc.RESCUE, *sayc.SLAM, *sayc.GENERAL,
)
# fmt: on
