"""Forum D 2012 (the German Bridge Federation's standard system), as rule records.

Followed: *Forum D 2012 – Kurzbeschreibung* (Karl-Heinz Kaiser with the DBV's
Ausbildungsausschuss), section 1 (the openings and the hand types of 2♣ and 2♦); the
answers to the 2♣ opening as the Forum D Plus description (which builds on Forum D 2012)
gives them. Where Forum D and SAYC agree (five-card majors, 1NT 15-17 with Stayman and
transfers, responses and rebids to one of a suit, competition, slam bidding) the records
are SAYC's own, imported from :mod:`.sayc`; the records here are what Forum D fixes
differently:

- the one-level openings: 12 HCP, or 11 with 13 points counting length ("13 FL, auch
  12 F"), up to 23, without SAYC's lighter openings by the rule of 20;
- 1♦ four cards or more, three only with exactly 4-4-3-2 (both majors four); 1♣ three or
  more (3-3 in the minors 1♣, 4-4 1♦); 1NT 15-17 and 2NT 20-21 without a five-card major;
- 2♣ semi-forcing, artificial: 22-23 balanced, a good major one-suiter of 20-23 points,
  a good minor one-suiter of about nine playing tricks, a strong 5-5 in the majors; answered
  2♦ (a relay) except with 5-5 and values;
- 2♦ the strongest opening, game forcing: 24+ HCP, or a one-suiter or two-suiter of
  playing tricks (at most four losers with a major, three with a minor, two otherwise);
- 2♥/2♠ weak twos; there is no weak 2♦.
"""

from __future__ import annotations

from dataclasses import replace

from contractbridge.robots.bidding.rules import Rule as R
from contractbridge.robots.bidding.systems import sayc

NAME = "Forum D 2012"
REGULATIONS = "DBV"  # alerts and announcements: the German Bridge Federation's

GF, F, INV, SO, NF = "game forcing", "forcing", "invitational", "sign-off", "non-forcing"

# fmt: off
# ruff: noqa: E501


def _is_sayc_opening_kept(rule: R) -> bool:
    """SAYC's openings Forum D shares: the weak 2♥/2♠ on six cards, the three- and four-level
    preempts and the pass. (Not the strong 2C, the weak 2D, 1NT/2NT with a five-card major,
    the one-level openings by the rule of 20, the five-card weak two in third seat.)"""
    if rule.call in ("2H", "2S"):
        return rule.text == "weak two"
    return rule.call[0] in "34" or rule.call == "P"


def _weak_two_majors(rule: R) -> R:
    """SAYC's answers to a weak two, for the majors only (Forum D's 2♦ is strong)."""
    afters = (rule.after,) if isinstance(rule.after, str) else rule.after
    if afters and all(a.startswith("2{a}") for a in afters):
        return replace(rule, needs=(*rule.needs, "major:a"))
    return rule


#: 13 FL (also 12 F) up to 23: the one-level openings' strength
OPEN_STRENGTH = ({"hcp": (12, 23)}, {"hcp": (11, 11), "points": (13, 37)})
FD_OPENINGS = [
    # 2♦: the strongest opening
    R("2D", hcp=(24, 37), priority=97, force=GF, artificial=True, text="strongest opening, artificial",
      name="Forum D 2D"),
    R("2D", hcp=(16, 23), suits="H>=6 S<=3 D<=3 C<=3", needs=("good:H", "losers:4"), priority=96, force=GF, artificial=True,
      text="strongest opening, artificial", aside="or a major one-suiter with 9+ playing tricks"),
    R("2D", hcp=(16, 23), suits="S>=6 H<=3 D<=3 C<=3", needs=("good:S", "losers:4"), priority=96, force=GF, artificial=True,
      text="strongest opening, artificial", aside="or a major one-suiter with 9+ playing tricks"),
    R("2D", hcp=(14, 23), suits="C>=6 D<=3 H<=3 S<=3", needs=("good:C", "losers:3"), priority=96, force=GF, artificial=True,
      text="strongest opening, artificial", aside="or a minor one-suiter with 10+ playing tricks"),
    R("2D", hcp=(14, 23), suits="D>=6 C<=3 H<=3 S<=3", needs=("good:D", "losers:3"), priority=96, force=GF, artificial=True,
      text="strongest opening, artificial", aside="or a minor one-suiter with 10+ playing tricks"),
    R("2D", hcp=(14, 23), needs=("losers:2",), priority=95, force=GF, artificial=True,
      text="strongest opening, artificial", aside="or a two-suiter with at most 2 losers"),
    # 2♣: semi-forcing hand types
    R("2C", hcp=(22, 23), shape="bal", priority=94, force=F, artificial=True, text="semi-forcing, artificial",
      name="Forum D 2C"),
    R("2C", hcp=(17, 23), points=(20, 23), suits="H>=6 S<=3 D<=4 C<=4", needs=("top:H:2", "losers:6"), priority=93, force=F, artificial=True,
      text="semi-forcing, artificial", aside="or a good major one-suiter of 20-23 points"),
    R("2C", hcp=(17, 23), points=(20, 23), suits="S>=6 H<=3 D<=4 C<=4", needs=("top:S:2", "losers:6"), priority=93, force=F, artificial=True,
      text="semi-forcing, artificial", aside="or a good major one-suiter of 20-23 points"),
    R("2C", hcp=(20, 23), points=(22, 23), suits="H=5 S<=3 D<=4 C<=4", needs=("top:H:2",), priority=93, force=F,
      artificial=True, text="semi-forcing, artificial", aside="or a very good five-card major and 22-23 points"),
    R("2C", hcp=(20, 23), points=(22, 23), suits="S=5 H<=3 D<=4 C<=4", needs=("top:S:2",), priority=93, force=F,
      artificial=True, text="semi-forcing, artificial", aside="or a very good five-card major and 22-23 points"),
    R("2C", hcp=(14, 23), suits="C>=7 D<=4 H<=3 S<=3", needs=("good:C", "losers:4"), priority=93, force=F, artificial=True,
      text="semi-forcing, artificial", aside="or a good minor one-suiter with about 9 playing tricks"),
    R("2C", hcp=(14, 23), suits="D>=7 C<=4 H<=3 S<=3", needs=("good:D", "losers:4"), priority=93, force=F, artificial=True,
      text="semi-forcing, artificial", aside="or a good minor one-suiter with about 9 playing tricks"),
    R("2C", hcp=(18, 21), suits="H>=5 S>=5", needs=("good:H", "good:S", "losers:4"), priority=93, force=F,
      artificial=True, text="semi-forcing, artificial", aside="or 5-5 in good majors with 3-4 losers"),
    # notrump: no five-card major
    R("2N", hcp=(20, 21), shape="bal", needs=("nomajor5",), priority=90),
    R("1N", hcp=(15, 17), shape="bal", needs=("nomajor5",), priority=90),
    # one of a suit: the longest; a major from five cards; of two fives the higher
    *(R("1{a}", suits="a>=5", needs=("longest:a",), priority=70, name="one of a suit", **s)  # type: ignore[arg-type]
      for s in OPEN_STRENGTH),
    *(R("1D", suits="D>=4", needs=("nomajor5", "notshorter:D:C"), priority=65, **s)  # type: ignore[arg-type]
      for s in OPEN_STRENGTH),
    *(R("1C", suits="C>=3", needs=("nomajor5",), priority=64, text="3+ clubs", **s)  # type: ignore[arg-type]
      for s in OPEN_STRENGTH),
    R("1D", hcp=(12, 23), suits="D=3 C=2 H=4 S=4", priority=66, text="4-4 in the majors",
      aside="or exactly 3 ♦ with 4-4 in the majors"),
]

# --- 2♣ semi-forcing: the relay and opener's rebids -----------------------------------

TWO_C = "2C P"
RELAYED = "2C P 2D P"
FD_TWO_CLUBS = [
    R("2D", after=TWO_C, priority=40, force=F, artificial=True, text="relay: asks for the hand type"),
    # 5-5 with values instead of the relay
    R("2H", after=TWO_C, hcp=(8, 37), suits="H>=5", needs=("longest5",), priority=46, force=GF,
      text="5-5 in ♥ and another suit"),
    R("2S", after=TWO_C, hcp=(8, 37), suits="S>=5 C>=5", priority=47, force=GF, text="5-5 in ♠ and a minor"),
    R("2S", after=TWO_C, hcp=(8, 37), suits="S>=5 D>=5", priority=47, force=GF, text="5-5 in ♠ and a minor"),
    R("2N", after=TWO_C, hcp=(8, 37), suits="C>=5 D>=5", priority=47, force=GF, text="5-5 in the minors"),
    # opener shows the hand type
    R("2N", after=RELAYED, hcp=(22, 23), shape="bal", priority=50, force=NF, text="22-23 balanced"),
    R("2{M}", after=RELAYED, suits="M>=6", priority=49, force=NF, text="a good major one-suiter"),
    R("2{M}", after=RELAYED, suits="M=5", needs=("top:M:2",), priority=48, force=NF,
      text="a very good five-card major"),
    R("3{m}", after=RELAYED, suits="m>=7", priority=49, force=NF, text="a good minor one-suiter"),
    R("3N", after=RELAYED, suits="H>=5 S>=5", priority=51, force=NF, text="5-5 in the majors"),
    # responder after a major one-suiter: pass when weak, game with a fit
    R("P", after=("2C P 2D P 2H P", "2C P 2D P 2S P"), hcp=(0, 3), priority=40, text="weak: no game"),
    R("4{p}", after=("2C P 2D P 2H P", "2C P 2D P 2S P"), hcp=(4, 37), suits="p>=2", priority=45, force=SO,
      text="game in the fit"),
    R("2N", after=("2C P 2D P 2H P", "2C P 2D P 2S P"), hcp=(4, 37), suits="p<=1", priority=43, force=F,
      text="values without a fit"),
    R("~{b}", after=("2C P 2D P 2H P", "2C P 2D P 2S P"), hcp=(4, 37), suits="b>=5 p<=1", priority=44, force=F,
      text="new suit"),
    # ... after the minor one-suiter: notrump with some values
    R("P", after=("2C P 2D P 3C P", "2C P 2D P 3D P"), hcp=(0, 2), priority=40, text="weak: no game"),
    R("3N", after=("2C P 2D P 3C P", "2C P 2D P 3D P"), hcp=(3, 37), priority=45, force=SO,
      text="game in notrump"),
    # ... after 5-5 in the majors: game in the better major
    R("4H", after="2C P 2D P 3N P", needs=("notshorter:H:S",), priority=45, force=SO, text="the better major"),
    R("4S", after="2C P 2D P 3N P", needs=("longer:S:H",), priority=45, force=SO, text="the better major"),
    # opener after responder's 5-5
    R("4{p}", after=("2C P 2H P", "2C P 2S P"), suits="p>=3", priority=45, force=SO, text="game in the fit"),
    R("3N", after=("2C P 2H P", "2C P 2S P", "2C P 2N P"), priority=40, force=SO, text="game in notrump"),
]

# --- 2♦ game forcing: the answers ---------------------------------------------------------

TWO_D = "2D P"
FD_TWO_DIAMONDS = [
    R("2H", after=TWO_D, priority=40, force=F, artificial=True, text="relay: waiting"),
    R("2S", after=TWO_D, hcp=(8, 37), suits="S>=5", needs=("good:S",), priority=45, force=GF, text="positive"),
    R("3{m}", after=TWO_D, hcp=(8, 37), suits="m>=5", needs=("good:m",), priority=45, force=GF, text="positive"),
    R("3H", after=TWO_D, hcp=(8, 37), suits="H>=5", needs=("good:H",), priority=45, force=GF, text="positive"),
    R("2N", after=TWO_D, hcp=(8, 37), shape="bal", priority=44, force=GF, text="positive, balanced"),
    # opener after the relay: 2NT (24-25) alone is not forcing
    R("2N", after="2D P 2H P", hcp=(24, 25), shape="bal", priority=50, force=NF, text="24-25 balanced"),
    R("3N", after="2D P 2H P", hcp=(26, 27), shape="bal", priority=50, force=GF, text="26-27 balanced"),
    R("~{a}", after="2D P 2H P", suits="a>=5", priority=48, force=GF, text="natural"),
    R("~{a}", after="2D P 2H P", suits="a>=4", priority=46, force=GF, text="natural"),
    R("P", after="2D P 2H P 2N P", hcp=(0, 1), priority=40, text="weak: no game"),
    R("3C", after="2D P 2H P 2N P", hcp=(2, 37), suits="H=4-5 S=4-5", priority=46, force=F, artificial=True,
      text=sayc.STAYMAN),
    R("3D", after="2D P 2H P 2N P", suits="H>=5", priority=47, force=F, alert=True, artificial=True,
      text="transfer to ♥"),
    R("3H", after="2D P 2H P 2N P", suits="S>=5", priority=47, force=F, alert=True, artificial=True,
      text="transfer to ♠"),
    R("3N", after="2D P 2H P 2N P", hcp=(2, 8), priority=45, force=SO),
    # opener after a positive answer: support, or its own hand
    R("~{p}", after=("2D P 2S P", "2D P 3C P", "2D P 3D P", "2D P 3H P"), suits="p>=3", priority=50, force=GF,
      text="support"),
    R("~{a}", after=("2D P 2S P", "2D P 3C P", "2D P 3D P", "2D P 3H P", "2D P 2N P"), suits="a>=5", priority=48,
      force=GF, text="natural"),
    R("~N", after=("2D P 2S P", "2D P 3C P", "2D P 3D P", "2D P 3H P"), priority=44, force=GF, text="natural"),
    R("3N", after="2D P 2N P", shape="bal", priority=45, force=GF, text="balanced"),
]

OPENINGS = [*FD_OPENINGS, *(r for r in sayc.OPENINGS if _is_sayc_opening_kept(r))]
PREEMPTS = [_weak_two_majors(r) for r in sayc.PREEMPTS]
#: the book's 1NT answer to a major is 6-10 (SAYC's robot passes with 6 and no fit)
RESPONSES = [*sayc.RESPONSES, R("1N", after="1{M} P", hcp=(6, 6), priority=50, force=NF, text="no fit, not forcing")]

RULES = (
    *OPENINGS, *sayc.NOTRUMP, *RESPONSES, *sayc.REBIDS, *sayc.RESPONDER, *FD_TWO_CLUBS,
    *FD_TWO_DIAMONDS, *PREEMPTS, *sayc.DEFENCE, *sayc.ADVANCE, *sayc.COMPETE, *sayc.RESCUE,
    *sayc.SLAM, *sayc.GENERAL,
)
# fmt: on
