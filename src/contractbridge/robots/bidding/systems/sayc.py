"""Standard American Yellow Card (ACBL SAYC booklet), as rule records.

Read each record as: after this auction, this call shows this hand (see
:mod:`contractbridge.robots.bidding.rules` for the little language). A higher ``priority``
wins when several rules fit a hand; the engine chooses and explains with the same records.
Sections follow the booklet: openings, notrump, responses, rebids, 2C, preempts, defence,
advances, competition, slam, and general rules for later rounds.
"""

from __future__ import annotations

from contractbridge.robots.bidding.rules import Rule as R
from contractbridge.robots.bidding.vocabulary import CONTROL_BID

REGULATIONS = "ACBL"  # alerts and announcements: the ACBL Alert Procedure


def G(call: str, **kw: object) -> R:
    """A general rule for later rounds (used when no rule of a specific sequence fits)."""
    return R(call, fallback=True, **kw)  # type: ignore[arg-type]


GF, F, INV, SO, NF = "game forcing", "forcing", "invitational", "sign-off", "non-forcing"

# fmt: off
# ruff: noqa: E501

OPEN = ("r20", "seat:1:2:3")  # a light opening in the first three seats: the rule of 20
OPENINGS = [
    R("2C", hcp=(22, 37), priority=95, force=F, artificial=True, text="strong, artificial"),
    # ... or short of 22 on playing tricks: 18-21 HCP and two losers, or 20-21 and three, as BBA
    # opens it (over fourteen seeds it opened 2C on 1 of 64 hands of 12-17 HCP and three
    # losers or fewer, and on 10 of 12 with 18+ and two; we opened all of them 2C and lost
    # -231 IMPs on 116 boards where the rooms parted there: KQ82.K6.3.AKQ832 opened 2C, -18)
    R("2C", hcp=(18, 21), shape="unbal", needs=("losers:2",), priority=94, force=F, artificial=True,
      text="strong, artificial: 9+ playing tricks", name="2C on playing tricks",
      aside="or 18-21 HCP with 9+ playing tricks"),
    R("2C", hcp=(20, 21), shape="unbal", needs=("losers:3",), priority=94, force=F, artificial=True,
      text="strong, artificial: 9+ playing tricks", name="2C on playing tricks",
      aside="or 18-21 HCP with 9+ playing tricks"),
    R("2N", hcp=(20, 21), shape="bal", priority=90),
    R("1N", hcp=(15, 17), shape="bal", priority=90),
    R("1{a}", hcp=(13, 21), suits="a>=5", needs=("longest:a",), priority=70, name="one of a suit"),
    R("1{a}", hcp=(10, 12), suits="a>=5", needs=("longest:a", *OPEN), priority=70,
      name="one of a suit, rule of 20", aside="or 10-12 HCP by the rule of 20"),
    R("1{a}", hcp=(11, 11), suits="a>=5", needs=("longest:a", "qt:2", "seat:1:2:3"), priority=70,
      name="one of a suit, eleven and two quick tricks", aside="or 11 HCP with a five-card suit and 2 quick tricks"),
    R("1{a}", hcp=(8, 12), suits="a>=5", needs=("longest:a", "seat:4", "r15"), priority=70,
      name="fourth seat, rule of 15", aside="or 8-12 HCP in fourth seat by the rule of 15"),
    # ... and, as BBA, 10 HCP with a five-card major and a four-card suit, the values in them
    # and 2 quick tricks (BBA opened 51 of 65 such hands on eight seeds; passing the 5-4 hands
    # of 10 HCP cost 127 IMPs there)
    R("1{M}", hcp=(10, 10), suits="M=5", needs=("longest:M", "r19", "qt:2", "longhcp:7", "seat:1:2:3"), priority=70,
      name="one of a major, ten and the values in the long suits",
      aside="or 10 HCP with a five-card major and a four-card suit: 7+ HCP in them and 2 quick tricks"),
    R("1D", hcp=(13, 21), suits="D>=4", needs=("nomajor5", "notshorter:D:C"), priority=65),
    R("1D", hcp=(10, 12), suits="D>=4", needs=("nomajor5", "notshorter:D:C", *OPEN), priority=65,
      aside="or 10-12 HCP by the rule of 20"),
    R("1C", hcp=(13, 21), suits="C>=3", needs=("nomajor5",), priority=64, text="3+ clubs"),
    R("1C", hcp=(10, 12), suits="C>=3", needs=("nomajor5", *OPEN), priority=64, text="3+ clubs",
      aside="or 10-12 HCP by the rule of 20"),
    R("1D", hcp=(12, 21), suits="D=3 C<=2 H=4 S=4", priority=63, text="4-4 in the majors",
      aside="or exactly 3 ♦ with 4-4 in the majors"),
    # ... and, as BBA, 12 HCP whatever the shape: 4-3-3-3 too, short of the rule of 20 (BBA
    # opened all 123 such hands on eight seeds, passing them cost 142 IMPs there)
    R("1D", hcp=(12, 12), suits="D>=4", needs=("flat", "seat:1:2:3"), priority=65,
      aside="or 12 HCP with 4-3-3-3"),
    R("1C", hcp=(12, 12), suits="C>=3", needs=("flat", "seat:1:2:3"), priority=64, text="3+ clubs",
      aside="or 12 HCP with 4-3-3-3"),
    # ... and, as BBA, 11 HCP without a five-card suit but with two aces and 2½ quick tricks
    # (BBA opened 24 of 27 such 4-4-3-2 hands on five seeds; 9432.A952.AK2.T3 passed, -10),
    # but never 4-3-3-3 (BBA passed all 107 such hands on eight seeds; opening 23 cost 26 IMPs)
    *(R(call, hcp=(11, 11), suits=suits, needs=(*needs, "aces:2:3:4", "qt:2.5", "notflat", "seat:1:2:3"), priority=priority,
        text=text, aside="or 11 HCP with two aces and 2½ quick tricks")
      for call, suits, needs, priority, text in (
          ("1D", "D>=4", ("nomajor5", "notshorter:D:C"), 65, ""),
          ("1C", "C>=3", ("nomajor5",), 64, "3+ clubs"),
          ("1D", "D=3 C<=2 H=4 S=4", (), 63, "4-4 in the majors"))),
    R("1{m}", hcp=(10, 12), suits="m>=4", needs=("longest:m", "seat:3", "good:m"), priority=61,
      name="third seat, a good suit", aside="or 10-12 HCP with a good suit in third seat"),
    R("1{m}", hcp=(10, 12), suits="m>=4", needs=("longest:m", "seat:4", "r15"), priority=62,
      name="fourth seat, rule of 15 (four-card suit)", aside="or 8-12 HCP in fourth seat by the rule of 15"),
    # weak twos: a decent six-card suit, no side four-card major, no void, not in fourth seat
    # ... and vulnerable, a good suit: two of the top three honours or three of the top five
    R("2H", hcp=(5, 11), suits="H=6 S<=3", needs=("decent:H", "novoid", "seat:1:2:3", "nonvul"),
      priority=60, text="weak two"),
    R("2S", hcp=(5, 11), suits="S=6 H<=3", needs=("decent:S", "novoid", "seat:1:2:3", "nonvul"),
      priority=60, text="weak two"),
    R("2D", hcp=(5, 11), suits="D=6 H<=3 S<=3", needs=("decent:D", "novoid", "seat:1:2:3", "nonvul"),
      priority=60, text="weak two"),
    R("2H", hcp=(5, 11), suits="H=6 S<=3", needs=("good:H", "novoid", "seat:1:2:3", "vul"),
      priority=60, text="weak two", aside="vulnerable: a good {0} suit or 7+ HCP"),
    R("2H", hcp=(7, 11), suits="H=6 S<=3", needs=("decent:H", "novoid", "seat:1:2:3", "vul"),
      priority=60, text="weak two", aside="vulnerable: a good {0} suit or 7+ HCP", name="vulnerable weak two, 7+ HCP"),
    R("2S", hcp=(5, 11), suits="S=6 H<=3", needs=("good:S", "novoid", "seat:1:2:3", "vul"),
      priority=60, text="weak two", aside="vulnerable: a good {0} suit or 7+ HCP"),
    R("2S", hcp=(7, 11), suits="S=6 H<=3", needs=("decent:S", "novoid", "seat:1:2:3", "vul"),
      priority=60, text="weak two", aside="vulnerable: a good {0} suit or 7+ HCP", name="vulnerable weak two, 7+ HCP"),
    R("2D", hcp=(5, 11), suits="D=6 H<=3 S<=3", needs=("good:D", "novoid", "seat:1:2:3", "vul"),
      priority=60, text="weak two", aside="vulnerable: a good {0} suit or 7+ HCP"),
    R("2D", hcp=(7, 11), suits="D=6 H<=3 S<=3", needs=("decent:D", "novoid", "seat:1:2:3", "vul"),
      priority=60, text="weak two", aside="vulnerable: a good {0} suit or 7+ HCP", name="vulnerable weak two, 7+ HCP"),
    # ... and, as BBA opens them, six cards headed by the ace, king or queen (before, passed:
    # 74.Q97542.T4.K43, 96.6.AT8432.6543 ...; BBA also opens with a side four-card major,
    # which the SAYC book's cases do not), and with a void too (where BBA opened a weak two
    # and we passed with a void, 92 boards of 24 seeds, we lost 234 IMPs; the rules alone on
    # four seeds not read: +34 on 10)
    *(R(f"2{s}", hcp=hcp, suits=f"{s}=6 {side}", needs=(f"top:{s}:1", *novoid, "seat:1:2:3", vul), priority=priority,
        text="weak two", aside="vulnerable: a good {0} suit or 7+ HCP", name=name)
      for novoid, priority, name in ((("novoid",), 59, ""), ((), 58, "weak two with a void"))
      for s, side in (("D", "H<=3 S<=3"), ("H", "S<=3"), ("S", "H<=3"))
      for hcp, vul in (((5, 11), "nonvul"), ((7, 11), "vul"))),
    R("2{M}", hcp=(8, 11), suits="M=5", needs=("good:M", "seat:3"), priority=59,
      text="weak two (five cards in third seat)"),
    # ... and, as BBA, not vulnerable with five cards headed by the ace, king or queen and no
    # side four-card major (BBA opened 31 of 34 such hands in third seat on five seeds; we
    # passed KT986.6.974.J972 and QJT97.7.542.KJ82, -13 each)
    *(R(f"2{s}", hcp=(5, 10), suits=f"{s}=5 {side}", needs=(f"top:{s}:1", "seat:3", "nonvul"), priority=58,
        text="weak two", name="weak two, five cards in third seat")
      for s, side in (("D", "H<=3 S<=3"), ("H", "S<=3"), ("S", "H<=3"))),
    R("2{M}", hcp=(11, 14), suits="M=6", needs=("good:M", "seat:4"), priority=71,
      text="fourth seat: a good six-card suit, opening values"),
    # preempts: seven cards (six good clubs), fewer than 11 HCP
    R("3{a}", hcp=(5, 10), suits="a=7", needs=("decent:a", "seat:1:2", "outside:3", "nonvul"), priority=58,
      text="preempt"),
    R("3{a}", hcp=(5, 10), suits="a=7", needs=("decent:a", "seat:3", "nonvul"), priority=58, text="preempt"),
    R("3{a}", hcp=(5, 10), suits="a=7", needs=("good:a", "seat:1:2", "outside:3", "vul"), priority=58,
      text="preempt", aside="vulnerable: a good {0} suit or 7+ HCP"),
    R("3{a}", hcp=(5, 10), suits="a=7", needs=("good:a", "seat:3", "vul"), priority=58, text="preempt",
      aside="vulnerable: a good {0} suit or 7+ HCP"),
    # ... as BBA: not vulnerable, seven cards whatever their honours; vulnerable, a decent suit
    # with 7+ HCP (before, 3H on JT97653 and 3D on AJ86532 with 5 HCP passed: -7 and -6)
    R("3{a}", hcp=(5, 10), suits="a=7", needs=("seat:1:2", "outside:3", "nonvul"), priority=57,
      text="preempt", name="preempt, any seven cards"),
    R("3{a}", hcp=(7, 10), suits="a=7", needs=("decent:a", "seat:1:2:3", "vul"), priority=57,
      text="preempt", aside="vulnerable: a good {0} suit or 7+ HCP", name="vulnerable preempt, 7+ HCP"),
    R("3C", hcp=(5, 10), suits="C=6", needs=("good:C", "seat:1:2:3"), priority=57,
      text="preempt"),
    # ... and vulnerable, four-level preempts on a decent suit (an eight-card suit with no
    # honour to speak of goes for 800 when it meets their values)
    R("4{a}", hcp=(5, 11), suits="a>=8", needs=("seat:1:2:3", "nonvul"), priority=59, text="preempt"),
    R("4{a}", hcp=(5, 11), suits="a>=8", needs=("decent:a", "seat:1:2:3", "vul"), priority=59, text="preempt",
      aside="vulnerable: a decent {0} suit"),
    R("4{M}", hcp=(8, 11), suits="M=7", needs=("top:M:3", "seat:1:2:3"), priority=59,
      text="preempt"),
    # ... before a one-level opening by the rule of 20: eight cards in a major play at the four
    # level whatever partner holds and take the opponents' room (before, KQJT8653.9.5.A74 and
    # .AQJT9863.J86.K3 opened one: -25 against Bid for Game's 4S and 4H)
    R("4{M}", hcp=(10, 11), suits="M>=8", needs=("decent:M", "seat:1:2:3"), priority=72, text="preempt",
      name="preempt, eight cards and 10-11 HCP"),
    # ... and in a minor, as BBA (before, 9.QJ.62.AQJ98642 and Q72.K.AJT98742.T opened one by
    # the rule of 20: -12 and -11 against BBA's 4C and 4D on seed 9001)
    R("4{m}", hcp=(10, 11), suits="m>=8", needs=("decent:m", "seat:1:2:3"), priority=72, text="preempt",
      name="preempt, eight cards in a minor and 10-11 HCP"),
    # ... and, as BBA, seven cards with 10 HCP preempt at the three level rather than open one
    # by the rule of 20 (before, QJ87642.AJ2.76.Q opened 1S, -5 against BBA's 3S; over eight
    # seeds these openings lost 82 IMPs on 14 boards). Not a weak two on a six-card suit and
    # 10 HCP: it lost 18 on 5 boards of the untuned seeds 4646 and 8989
    R("3{a}", hcp=(10, 10), suits="a=7", needs=("decent:a", "seat:1:2:3"), priority=71, text="preempt",
      name="preempt, seven cards and 10 HCP"),
    R("P", priority=0, text="no opening bid"),
]

# --- 1NT and 2NT: responses and continuations (systems on over a double: "-") --------------

NT = "1N -"
STAY = ("1N - 2C P 2D -", "1N - 2C P 2H -", "1N - 2C P 2S -")
STAY_OVER = ("1{x} 1N P 2C P 2D P", "1{x} 1N P 2C P 2H P", "1{x} 1N P 2C P 2S P")
XFER_H, XFER_S = "1N - 2D P 2H -", "1N - 2H P 2S -"
NT_LATE = ("2C P 2D P 2N P", "2N P")  # 2NT openings and 2C-2D-2NT share the responses
STAYMAN = "Stayman: asks for a 4-card major"
NOTRUMP = [
    R("P", after=NT, hcp=(0, 8), priority=10, text="no game interest"),
    R("X", after="1N 2C", hcp=(8, 37), suits="H>=4", priority=50, text="Stayman (2♣ was stolen)"),
    R("X", after="1N 2C", hcp=(8, 37), suits="S>=4", priority=50, text="Stayman (2♣ was stolen)"),
    R("2C", after=NT, hcp=(8, 37), suits="H=4-5 S=4-5", priority=82, force=F, artificial=True, text=STAYMAN),
    R("2C", after=NT, hcp=(8, 37), suits="H=4 S<=5", priority=79, force=F, artificial=True, text=STAYMAN),
    R("2C", after=NT, hcp=(8, 37), suits="S=4 H<=5", priority=79, force=F, artificial=True, text=STAYMAN),
    R("2C", after=NT, hcp=(0, 7), suits="H>=4 S>=4 C<=1", priority=78, force=F, artificial=True,
      text=STAYMAN, name="garbage Stayman"),
    R("2D", after=NT, suits="H>=5", priority=81, force=F, alert=True, artificial=True, text="transfer to ♥"),
    R("2H", after=NT, suits="S>=5", priority=81, force=F, alert=True, artificial=True, text="transfer to ♠"),
    R("2S", after=NT, hcp=(0, 7), suits="C>=6", priority=77, force=F, alert=True, artificial=True,
      text="puppet to 3♣: a weak hand with a long minor"),
    R("2S", after=NT, hcp=(0, 7), suits="D>=6", priority=77, force=F, alert=True, artificial=True,
      text="puppet to 3♣: a weak hand with a long minor"),
    R("XX", after="1N X", hcp=(0, 7), suits="C>=5", priority=83, artificial=True,
      text="puppet to 2♣: a weak hand with a long minor"),
    R("XX", after="1N X", hcp=(0, 7), suits="D>=6", priority=83, artificial=True,
      text="puppet to 2♣: a weak hand with a long minor"),
    R("2C", after="1N X XX P", priority=50, force=F, text="forced"),
    R("P", after="1N X XX P 2C P", suits="C>=5", priority=50, force=SO),
    R("2D", after="1N X XX P 2C P", suits="D>=6", priority=50, force=SO),
    R("2N", after=NT, hcp=(9, 9), needs=("nomajor4",), priority=70, force=INV),
    R("2N", after=NT, hcp=(8, 8), needs=("nomajor4", "longest5"), priority=70, force=INV),
    R("2N", after=NT, hcp=(9, 9), shape="bal", priority=69, force=INV),
    R("3{m}", after=NT, hcp=(5, 9), suits="m>=6", needs=("top:m:2",), priority=78, force=INV,
      text="a good 6-card suit"),
    R("3N", after=NT, hcp=(7, 9), suits="C>=7", needs=("top:C:2",), priority=79, force=SO),
    R("3N", after=NT, hcp=(7, 9), suits="D>=7", needs=("top:D:2",), priority=79, force=SO),
    R("3N", after=NT, hcp=(10, 15), needs=("nomajor4",), priority=70, force=SO),
    R("3N", after=NT, hcp=(10, 15), shape="bal", priority=69, force=SO),
    R("3{M}", after=NT, hcp=(14, 37), suits="M>=6", priority=83, force=GF, text="slam interest"),
    R("4N", after=NT, hcp=(16, 17), shape="bal", needs=("nomajor4",), priority=84, force=INV,
      text="quantitative: bid 6NT with a maximum"),
    R("4N", after=NT, hcp=(16, 17), shape="semibal", needs=("nomajor4",), priority=84, force=INV,
      text="quantitative: bid 6NT with a maximum"),
    R("6N", after=NT, hcp=(18, 19), shape="bal", priority=84, force=SO),
    # ... and on 17 with a five-card suit, whose length is the trick a point short (before,
    # A3.AQ7.KJ6.KT943 bid 4NT and 15 passed it: -11 on seed 3141, BBA 6NT)
    R("6N", after=NT, hcp=(17, 17), shape="semibal", needs=("nomajor4", "longest5"), priority=85, force=SO),
    R("5N", after=NT, hcp=(20, 21), shape="bal", priority=84, force=F, text="quantitative: 6NT or 7NT"),
    R("7N", after=NT, hcp=(22, 37), shape="bal", priority=84, force=SO),
    R("4C", after=NT, hcp=(18, 37), shape="unbal", priority=85, force=F, artificial=True, alert=True,
      text="Gerber: asks for aces"),
    # opener after the 2NT invitation
    R("P", after="1N - 2N -", hcp=(15, 15), priority=40, text="minimum"),
    R("3N", after="1N - 2N -", hcp=(16, 17), priority=40, text="accepts"),
    # responder after an overcall of 1NT
    R("X", after=("1N 2{x}", "1N 3{x}"), hcp=(8, 37), suits="x>=4", needs=("top:x:1",), priority=50,
      text="penalty"),
    R("~{a}", after="1N 2{x}", hcp=(0, 9), suits="a>=5", needs=("cheap2:a",), priority=48, force=SO,
      text="to play"),
    R("3{a}", after=("1N 2{x}",), hcp=(10, 37), suits="a>=5", priority=49, force=GF, text="game forcing"),
    R("3N", after=("1N 2{x}", "1N 3{x}"), hcp=(10, 15), needs=("stop:x",), priority=51, force=SO),
    R("4{M}", after=("1N 2{x}", "1N 3{x}"), hcp=(10, 15), suits="M>=6", priority=52, force=SO),
    R("3N", after=("1N 2{x}", "1N 3{x}"), hcp=(10, 15), priority=46, force=SO, text="game values"),
    R("P", after=("1N 2{x}", "1N 3{x}"), priority=5, text="no suitable action"),
    # opener answers Stayman
    R("2D", after="1N - 2C -", suits="H<=3 S<=3", priority=50, artificial=True, text="no 4-card major"),
    R("2H", after="1N - 2C -", suits="H>=4", priority=52, text="4 ♥, maybe 4 ♠ too"),
    R("2S", after="1N - 2C -", suits="S>=4 H<=3", priority=51),
    R("XX", after="1N P 2C X", suits="C>=4", needs=("top:C:2",), priority=55, text="good clubs"),
    R("P", after="1N P 2C X", suits="H<=3 S<=3", priority=51, text="no 4-card major"),
    R("2{a}", after=("1N P 2C 2{x}", "1N P 2D 2{x}", "1N P 2H 2{x}"), suits="a>=4",
      needs=("major:a",), priority=50, text="4-card major"),
    R("X", after=("1N P 2C 2{x}", "2N P 3C 3{x}"), suits="x>=4", priority=52, text="penalty"),
    # Stayman and their overcall: a four-card major is still shown, a level higher if need be
    R("~{M}", after=("1N P 2C 2{x}", "1{x} 1N P 2C 2{x}"), suits="M>=4", needs=("cheap3:M",), priority=49,
      text="4-card major"),
    # the double that replaced a stolen 2♣ is answered as Stayman
    # (a pass with their clubs is still for penalties)
    R("2D", after="1N 2C X P", suits="H<=3 S<=3", priority=50, artificial=True, text="no 4-card major"),
    R("2H", after="1N 2C X P", suits="H>=4", priority=55, text="4 ♥"),
    R("2S", after="1N 2C X P", suits="S>=4 H<=3", priority=54, text="4 ♠"),
    # opener completes transfers (super-accept with four trumps and a maximum)
    R("2H", after="1N - 2D -", priority=50, text="completes the transfer"),
    R("2S", after="1N - 2H -", priority=50, text="completes the transfer"),
    R("3H", after="1N - 2D -", hcp=(17, 17), suits="H>=4", priority=55, text="super-accept"),
    R("3S", after="1N - 2H -", hcp=(17, 17), suits="S>=4", priority=55, text="super-accept"),
    # ... and responder over the super-accept: game on any values (before, no rule: 5 HCP and
    # five spades passed 3S)
    R("4H", after="1N - 2D - 3H -", hcp=(4, 14), priority=45, force=SO, text="game in the fit"),
    R("4S", after="1N - 2H - 3S -", hcp=(4, 14), priority=45, force=SO, text="game in the fit"),
    # ... but 16+ support points opposite the maximum with four trumps ask for aces (before,
    # K86.A8752.AT74.Q bid 4H over 1N P 2D P 3H: -11 against BBA's 6H on seed 8484)
    R("4N", after=("1N - 2D - 3H -", "1N - 2H - 3S -"), points=(16, 37), trumps="p", needs=("aces:1:2:3:4",),
      priority=46, force=F, artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    R("P", after="1N P 2D X", suits="H<=2", priority=53, text="only two hearts"),
    R("XX", after="1N P 2D X", suits="D>=4", needs=("top:D:2",), priority=56, text="good diamonds"),
    R("XX", after="1N P 2H X", suits="H>=4", needs=("top:H:2",), priority=56, text="good hearts"),
    R("2H", after="1N P 2D X", suits="H>=3", priority=52, text="completes the transfer: 3+ ♥"),
    R("2S", after="1N P 2H X", suits="S>=3", priority=52, text="completes the transfer: 3+ ♠"),
    R("P", after="1N P 2H X", suits="S<=2", priority=53, text="only two spades"),
    # opener's redouble offers 2XX; responder short in the doubled suit plays his own major
    # (before, a void in hearts passed 1N P 2H X XX: -17 on seed 6677, BBA reached 4S)
    R("2H", after="1N P 2D X XX P", hcp=(0, 9), suits="D<=2", priority=50, force=SO, text="to play"),
    R("2S", after="1N P 2H X XX P", hcp=(0, 9), suits="H<=2", priority=50, force=SO, text="to play"),
    R("3H", after="1N P 2D 2S", suits="H>=3", priority=52),
    R("3C", after="1N - 2S -", priority=50, force=F, text="forced"),
    R("P", after="1N - 2S - 3C -", suits="C>=6", priority=50, force=SO),
    R("3D", after="1N - 2S - 3C -", suits="D>=6", priority=50, force=SO),
    R("P", after=("1N 2{x} X P",), suits="x>=4", priority=51, text="penalties"),
    R("~{a}", after=("1N 2{x} X P",), suits="a>=5", priority=50),
    # responder after the transfer
    R("P", after=(XFER_H, XFER_S), hcp=(0, 7), priority=40, text="weak, to play"),
    R("2N", after=XFER_H, hcp=(8, 9), suits="H=5", priority=45, force=INV),
    R("2N", after=XFER_S, hcp=(8, 9), suits="S=5", priority=45, force=INV),
    R("3H", after=XFER_H, hcp=(6, 9), points=(8, 9), trumps="H", suits="H>=6", priority=45, force=INV),
    R("3S", after=XFER_S, hcp=(6, 9), points=(8, 9), trumps="S", suits="S>=6", priority=45, force=INV),
    R("3N", after=XFER_H, hcp=(10, 15), suits="H=5", priority=45, text="choice of games"),
    R("3N", after=XFER_S, hcp=(10, 15), suits="S=5", priority=45, text="choice of games"),
    R("4H", after=XFER_H, hcp=(7, 15), points=(10, 15), trumps="H", suits="H>=6", priority=46, force=SO),
    R("4S", after=XFER_S, hcp=(7, 15), points=(10, 15), trumps="S", suits="S>=6", priority=46, force=SO),
    R("2S", after=XFER_H, points=(8, 37), suits="S>=5", priority=47, force=F),
    R("3H", after=XFER_S, hcp=(12, 37), suits="H>=5", priority=47, force=GF),
    R("4H", after=XFER_S, hcp=(6, 11), suits="H>=5 S>=5", priority=48, force=SO, text="5-5, choose"),
    R("4H", after=XFER_H, hcp=(6, 9), suits="H>=6 S>=4", priority=48, force=SO),
    R("3{m}", after=(XFER_H, XFER_S), hcp=(10, 37), suits="m>=4", shape="unbal", priority=46, force=GF),
    # slam values with a five-card major: as over 1NT directly, opener places the contract
    R("4N", after=XFER_H, hcp=(16, 17), suits="H=5", priority=44, force=INV, text="quantitative"),
    R("4N", after=XFER_S, hcp=(16, 17), suits="S=5", priority=44, force=INV, text="quantitative"),
    R("6N", after=XFER_H, hcp=(18, 21), suits="H=5", priority=44, force=SO),
    R("6N", after=XFER_S, hcp=(18, 21), suits="S=5", priority=44, force=SO),
    # opener after an invitation or a choice of games following a transfer
    R("P", after=XFER_S + " 2N -", hcp=(15, 15), suits="S<=2", priority=40),
    R("3S", after=XFER_S + " 2N -", hcp=(15, 15), suits="S>=3", priority=40),
    R("3N", after=XFER_S + " 2N -", hcp=(16, 17), suits="S<=2", priority=40),
    R("4S", after=XFER_S + " 2N -", hcp=(16, 17), suits="S>=3", priority=40),
    R("P", after=XFER_H + " 2N -", hcp=(15, 15), suits="H<=2", priority=40),
    R("3H", after=XFER_H + " 2N -", hcp=(15, 15), suits="H>=3", priority=40),
    R("3N", after=XFER_H + " 2N -", hcp=(16, 17), suits="H<=2", priority=40),
    R("4H", after=XFER_H + " 2N -", hcp=(16, 17), suits="H>=3", priority=40),
    R("4H", after=XFER_H + " 3N -", suits="H>=3", priority=40),
    R("4S", after=XFER_S + " 3N -", suits="S>=3", priority=40),
    R("4H", after=XFER_H + " 3H -", hcp=(16, 17), priority=40),
    R("4S", after=XFER_S + " 3H -", suits="S>=3", priority=40),
    R("4H", after=XFER_S + " 3H -", suits="H>=3 S<=2", priority=41),
    R("3N", after=XFER_S + " 3H -", suits="H<=2 S<=2", priority=39),
    R("4S", after=XFER_S + " 3S -", hcp=(16, 17), priority=40),
    R("P", after=(XFER_H + " 4N -", XFER_S + " 4N -"), hcp=(15, 15), priority=40, text="minimum"),
    R("6H", after=XFER_H + " 4N -", hcp=(16, 17), suits="H>=3", priority=41),
    R("6S", after=XFER_S + " 4N -", hcp=(16, 17), suits="S>=3", priority=41),
    R("6N", after=(XFER_H + " 4N -", XFER_S + " 4N -"), hcp=(16, 17), priority=40),
    R("3S", after=XFER_H + " 2S -", suits="S>=4", priority=40),
    R("3H", after=XFER_H + " 2S -", suits="H>=3", priority=39),
    R("2N", after=XFER_H + " 2S -", priority=38),
    # responder after Stayman
    R("P", after=STAY, hcp=(0, 7), priority=40, text="weak, to play"),
    # (the same after Stayman over partner's 1NT overcall, whose suit their opening stopped:
    # before, no rule there, and 9 HCP with five clubs passed 1D 1N P 2C P 2H P, -11 against BBA)
    R("3{p}", after=STAY[1:] + STAY_OVER[1:], hcp=(8, 9), needs=("fit:p",), priority=46, force=INV),
    R("4{p}", after=STAY[1:] + STAY_OVER[1:], hcp=(10, 15), needs=("fit:p",), priority=46, force=SO),
    R("2N", after=STAY + STAY_OVER, hcp=(8, 9), priority=42, force=INV),
    R("3N", after=STAY + STAY_OVER, hcp=(10, 15), priority=42, force=SO),
    R("2{M}", after=STAY[0], hcp=(8, 9), suits="M>=5", priority=44, force=INV, text="invitational, 5 cards"),
    R("2H", after=STAY[2], hcp=(8, 9), suits="H>=5", priority=44, force=INV),
    R("3{M}", after=STAY[0], hcp=(10, 15), suits="M>=5", priority=44, force=GF),
    R("3S", after=STAY[1], hcp=(10, 15), suits="S>=5", priority=44, force=GF),
    R("3{m}", after=STAY, hcp=(12, 37), suits="m>=6", priority=47, force=F, text="slam interest"),
    # no fit found: notrump slam values as over 1NT directly (before, 16-19 HCP bid 3NT, "10-15",
    # and 4NT read as Blackwood for the 2D answer)
    # (and semi-balanced: AQJ6.J6.AK642.Q4 passed 1NT 2C 2H, where BBA reached 6D, -15)
    R("4N", after=STAY[0], hcp=(16, 17), shape="semibal", priority=48, force=INV, text="quantitative"),
    R("4N", after=STAY[1:], hcp=(16, 17), shape="semibal", suits="p<=3", priority=48, force=INV,
      text="quantitative"),
    R("6N", after=STAY[0], hcp=(18, 19), shape="semibal", priority=48, force=SO),
    R("6N", after=STAY[1:], hcp=(18, 19), shape="semibal", suits="p<=3", priority=48, force=SO),
    R("3N", after=STAY, hcp=(16, 37), priority=41, force=SO, text="game: no slam found"),
    R("P", after=tuple(s + " 4N -" for s in STAY), hcp=(15, 15), priority=40),
    R("6N", after=tuple(s + " 4N -" for s in STAY), hcp=(16, 17), priority=40),
    R("4{p}", after=STAY[1:], hcp=(12, 37), needs=("fit:p", "losers:5"), priority=45, force=SO),
    # opener after responder's invitation over Stayman
    R("P", after=tuple(s + " 2N -" for s in STAY), hcp=(15, 15), priority=40),
    R("3N", after=tuple(s + " 2N -" for s in STAY), hcp=(16, 17), priority=40),
    R("4S", after=STAY[1] + " 2N -", hcp=(16, 17), suits="S>=4", priority=41),
    R("3S", after=STAY[1] + " 2N -", hcp=(15, 15), suits="S>=4", priority=41),
    R("4{p}", after=(STAY[1] + " 3H -", STAY[2] + " 3S -"), hcp=(16, 17), priority=40),
    R("4{p}", after=(STAY[0] + " 2H -", STAY[0] + " 2S -"), hcp=(16, 17), needs=("fit:p",), priority=41),
    R("3{p}", after=(STAY[0] + " 2H -", STAY[0] + " 2S -"), hcp=(15, 15), needs=("fit:p",), priority=41),
    R("2N", after=(STAY[0] + " 2H -", STAY[0] + " 2S -"), hcp=(15, 15), priority=39),
    R("3N", after=(STAY[0] + " 2H -", STAY[0] + " 2S -"), hcp=(16, 17), priority=39),
    R("4{p}", after=(STAY[0] + " 3H -", STAY[0] + " 3S -"), needs=("fit:p",), priority=41),
    R("3N", after=(STAY[0] + " 3H -", STAY[0] + " 3S -"), priority=40),
    R("4S", after=STAY[1] + " 3N -", suits="S>=4", priority=41),
    R("4S", after=STAY[1] + " 3S -", priority=41),
    R("3N", after=STAY[1] + " 3S -", suits="S<=3", priority=40),
    R("6N", after=(STAY[1] + " 5N -", STAY[2] + " 5N -", "1N - 5N -"), priority=40, text="accepts a slam"),
    # quantitative 4NT and Gerber
    R("P", after="1N - 4N -", hcp=(15, 15), priority=40),
    # ... a minimum with a five-card minor accepts: its length is a trick (before, AJ5.AJ.732.AJT42
    # passed 1NT P 4NT: -13 on seed 3141, BBA 6NT; with a five-card major the book passes)
    R("6N", after="1N - 4N -", hcp=(15, 15), suits="H<=4 S<=4", needs=("longest5",), priority=41),
    R("6N", after="1N - 4N -", hcp=(16, 17), priority=40),
    R("5N", after="1N - 4N -", hcp=(16, 16), suits="C<=4 D<=4", needs=("longest5",), priority=41,
      text="accepts, offers a 5-card suit"),
    R("4D", after=("1N - 4C -", "2N - 4C -"), needs=("aces:0:4",), priority=40, artificial=True, text="0 or 4 aces"),
    R("4H", after=("1N - 4C -", "2N - 4C -"), needs=("aces:1",), priority=40, artificial=True, text="1 ace"),
    R("4S", after=("1N - 4C -", "2N - 4C -"), needs=("aces:2",), priority=40, artificial=True, text="2 aces"),
    R("4N", after=("1N - 4C -", "2N - 4C -"), needs=("aces:3",), priority=40, artificial=True, text="3 aces"),
    R("5D", after="** 4C P B P 5C P", needs=("kings:0:4",), priority=40, artificial=True, text="0 or 4 kings"),
    R("5H", after="** 4C P B P 5C P", needs=("kings:1",), priority=40, artificial=True, text="1 king"),
    R("5S", after="** 4C P B P 5C P", needs=("kings:2",), priority=40, artificial=True, text="2 kings"),
    R("5N", after="** 4C P B P 5C P", needs=("kings:3",), priority=40, artificial=True, text="3 kings"),
    # 2NT (and 2C-2D-2NT)
    R("P", after="2N P", hcp=(0, 3), priority=10),
    R("P", after="2C P 2D P 2N P", hcp=(0, 1), priority=10),
    R("3C", after=NT_LATE, hcp=(3, 37), suits="H=4-5 S=4-5", priority=82, force=F, artificial=True, text=STAYMAN),
    R("3C", after=NT_LATE, hcp=(3, 37), suits="H=4 S<=5", priority=79, force=F, artificial=True, text=STAYMAN),
    R("3C", after=NT_LATE, hcp=(3, 37), suits="S=4 H<=5", priority=79, force=F, artificial=True, text=STAYMAN),
    R("3D", after=NT_LATE, suits="H>=5", priority=81, force=F, alert=True, artificial=True, text="transfer to ♥"),
    R("3H", after=NT_LATE, suits="S>=5", priority=81, force=F, alert=True, artificial=True, text="transfer to ♠"),
    R("3N", after=NT_LATE, hcp=(4, 10), priority=60, force=SO),
    R("3N", after="2C P 2D P 2N P", hcp=(2, 8), priority=60, force=SO),
    # (with a four-card major Stayman first, and 4NT after it when no fit is found: 4NT at once
    # missed the four-four fit: T2.QJT5.AQT9.Q65 opposite AK7.AK97.J3.AJT2 on seed 1848)
    R("4N", after="2N P", hcp=(11, 12), shape="bal", needs=("nomajor4",), priority=84, force=INV,
      text="quantitative"),
    R("P", after="2N P 4N P", hcp=(20, 20), priority=40),
    R("6N", after="2N P 4N P", hcp=(21, 21), priority=40),
    R("6N", after="2N P", hcp=(13, 15), shape="bal", priority=84, force=SO),
    # ... and with a five-card minor (5-4-2-2, 6-3-2-2: before, 11 HCP and AQT96 of clubs
    # signed off in 3NT where BBA reached 7C, -14)
    R("4N", after="2N P", hcp=(11, 12), shape="semibal", needs=("nomajor5", "nomajor4"), priority=84, force=INV,
      text="quantitative"),
    R("6N", after="2N P", hcp=(13, 15), shape="semibal", needs=("nomajor5", "nomajor4"), priority=84, force=SO),
    # ... and beyond: seven is there when opener is a maximum (before, no rule: 17 HCP with six
    # clubs passed 2NT, where BBA reached 7NT, -18)
    R("5N", after="2N P", hcp=(16, 17), shape="bal", priority=84, force=F, text="quantitative: 6NT or 7NT"),
    R("5N", after="2N P", hcp=(16, 17), shape="semibal", needs=("nomajor5", "nomajor4"), priority=84, force=F,
      text="quantitative: 6NT or 7NT"),
    R("7N", after="2N P", hcp=(18, 37), shape="semibal", needs=("nomajor5",), priority=84, force=SO),
    R("6N", after="2N P 5N P", hcp=(20, 20), priority=40, text="minimum"),
    R("7N", after="2N P 5N P", hcp=(21, 21), priority=40, text="maximum"),
    # ... and after 2C-2D-2NT (22-24), two points less; after Stayman found no fit, the same
    # (before, no rule: 9-14 HCP bid 3NT, and 4NT was not discussed)
    R("4N", after="2C P 2D P 2N P", hcp=(9, 10), shape="bal", priority=84, force=INV, text="quantitative"),
    R("6N", after="2C P 2D P 2N P", hcp=(11, 14), shape="bal", priority=84, force=SO),
    R("4N", after=("2N P 3C P 3D P", "2N P 3C P 3H P", "2N P 3C P 3S P"), hcp=(11, 12), shape="bal",
      needs=("nomajorfit",), priority=48, force=INV, text="quantitative"),
    R("6N", after="2N P 3C P 3D P", hcp=(13, 15), shape="bal", priority=48, force=SO),
    R("4N", after="2C P 2D P 2N P 3C P 3D P", hcp=(9, 10), shape="bal", priority=48, force=INV,
      text="quantitative"),
    R("6N", after="2C P 2D P 2N P 3C P 3D P", hcp=(11, 14), shape="bal", priority=48, force=SO),
    R("P", after=("2N P 3C P 3D P 4N P", "2N P 3C P 3H P 4N P", "2N P 3C P 3S P 4N P"), hcp=(20, 20), priority=40),
    R("6N", after=("2N P 3C P 3D P 4N P", "2N P 3C P 3H P 4N P", "2N P 3C P 3S P 4N P"), hcp=(21, 21), priority=40),
    R("P", after=("2C P 2D P 2N P 4N P", "2C P 2D P 2N P 3C P 3D P 4N P"), hcp=(22, 22), priority=40),
    R("6N", after=("2C P 2D P 2N P 4N P", "2C P 2D P 2N P 3C P 3D P 4N P"), hcp=(23, 24), priority=40),
    R("3D", after=tuple(s + " 3C P" for s in NT_LATE), suits="H<=3 S<=3", priority=50, artificial=True,
      text="no 4-card major"),
    R("3H", after=tuple(s + " 3C P" for s in NT_LATE), suits="H>=4", priority=52),
    R("3S", after=tuple(s + " 3C P" for s in NT_LATE), suits="S>=4 H<=3", priority=51),
    R("3H", after=tuple(s + " 3D P" for s in NT_LATE), priority=50, text="completes the transfer"),
    R("3S", after=tuple(s + " 3H P" for s in NT_LATE), priority=50, text="completes the transfer"),
    R("4{p}", after=tuple(s + t for s in NT_LATE for t in (" 3C P 3H P", " 3C P 3S P")),
      needs=("fit:p",), priority=46, force=SO),
    # ... and with the values to invite a slam opposite 2NT (11-12), five of the major, which
    # opener bids to six from the top of 20-21 (before, 4NT at once, which found no fit)
    R("5{p}", after=("2N P 3C P 3H P", "2N P 3C P 3S P"), hcp=(11, 12), needs=("fit:p",), priority=47,
      force=INV, text="quantitative"),
    R("P", after=("2N P 3C P 3H P 5H P", "2N P 3C P 3S P 5S P"), hcp=(20, 20), priority=40),
    R("6{o}", after=("2N P 3C P 3H P 5H P", "2N P 3C P 3S P 5S P"), hcp=(21, 21), priority=40),
    R("3N", after=tuple(s + t for s in NT_LATE for t in (" 3C P 3D P", " 3C P 3H P", " 3C P 3S P")),
      priority=42, force=SO),
    R("P", after=("2N P 3D P 3H P", "2N P 3H P 3S P"), hcp=(0, 3), priority=40),
    R("4H", after="2N P 3D P 3H P", hcp=(4, 10), suits="H>=6", priority=46, force=SO),
    R("4S", after="2N P 3H P 3S P", hcp=(4, 10), suits="S>=6", priority=46, force=SO),
    R("3N", after="2N P 3D P 3H P", hcp=(4, 10), suits="H=5", priority=45),
    R("3N", after="2N P 3H P 3S P", hcp=(4, 10), suits="S=5", priority=45),
    # ... and opposite 22-24 two points less is game (before, 3 HCP and five spades passed 3S)
    R("P", after=("2C P 2D P 2N P 3D P 3H P", "2C P 2D P 2N P 3H P 3S P"), hcp=(0, 1), priority=40),
    R("4H", after="2C P 2D P 2N P 3D P 3H P", hcp=(2, 8), suits="H>=6", priority=46, force=SO),
    R("4S", after="2C P 2D P 2N P 3H P 3S P", hcp=(2, 8), suits="S>=6", priority=46, force=SO),
    R("3N", after="2C P 2D P 2N P 3D P 3H P", hcp=(2, 8), suits="H=5", priority=45),
    R("3N", after="2C P 2D P 2N P 3H P 3S P", hcp=(2, 8), suits="S=5", priority=45),
    R("4H", after=tuple(s + " 3D P 3H P 3N P" for s in NT_LATE), suits="H>=3", priority=40),
    R("4S", after=tuple(s + " 3H P 3S P 3N P" for s in NT_LATE), suits="S>=3", priority=40),
    # ... and Stayman's 3NT over 3H says four spades, as over 1NT (before, no rule:
    # AKT9.AK32.K9.KQ3 passed 2C P 2D P 2N P 3C P 3H P 3N, -12 against BBA's 4S on seed 8484)
    R("4S", after=tuple(s + " 3C P 3H P 3N P" for s in NT_LATE), suits="S>=4", priority=41),
]

# --- Responses to one of a suit ----------------------------------------------------------

RESPONSES = [
    R("P", after="1{a} P", hcp=(0, 5), priority=5, text="too weak to respond"),
    # raising a major
    R("2{M}", after="1{M} P", points=(6, 10), trumps="M", suits="M>=3", hcp=(5, 10), priority=60,
      force=NF, text="single raise"),
    R("3{M}", after="1{M} P", points=(10, 12), trumps="M", suits="M>=3", hcp=(8, 12), priority=63,
      force=INV, text="limit raise"),
    # ... and on 8-10 HCP whose shortness counts past 12 (no Jacoby 2NT below 11 HCP, nor
    # for a passed hand): before, such a hand bid 1NT, "no fit", with five trumps
    R("3{M}", after="1{M} P", points=(13, 37), trumps="M", suits="M>=4", hcp=(8, 10), priority=62,
      force=INV, text="limit raise"),
    R("2N", after="1{M} P", hcp=(11, 37), points=(13, 37), trumps="M", suits="M>=4", needs=("unpassed",), priority=66, force=GF,
      alert=True, artificial=True, text="Jacoby 2NT: 4+ card raise", name="Jacoby 2NT"),
    R("2N", after="1{M} P", hcp=(15, 37), suits="M=3", needs=("unpassed",), priority=56, force=GF,
      alert=True, artificial=True, text="Jacoby 2NT: game-forcing raise", name="Jacoby 2NT (3 trumps, strong)"),
    R("2N", after="1{M} P", hcp=(13, 37), suits="M=3", needs=("unpassed",), priority=54, force=GF,
      alert=True, artificial=True, text="Jacoby 2NT: game-forcing raise", name="Jacoby 2NT (3 trumps)"),
    R("4{M}", after="1{M} P", hcp=(0, 9), suits="M>=5", priority=64, force=SO, text="preemptive raise"),
    R("3N", after="1H P", hcp=(15, 17), shape="bal", suits="H<=3 S<=3", priority=62, force=SO,
      text="balanced, at most 3 trumps"),
    R("3N", after="1S P", hcp=(15, 17), shape="bal", suits="S<=3", priority=62, force=SO,
      text="balanced, at most 3 trumps"),
    # (from 7: with 6 HCP and no fit BBA passes; our 1NT on them lost 46 IMPs on 40 boards of 24
    # seeds where it did; passing them, +10 on 22 boards of four seeds not read)
    R("1N", after="1{M} P", hcp=(7, 10), priority=50, force=NF, text="no fit, not forcing"),
    R("1N", after="1{M} P", hcp=(11, 12), needs=("passed",), priority=50, force=NF),
    R("2{b}", after="1{M} P", hcp=(11, 37), suits="b>=4", needs=("unpassed", "minor:b"), priority=55,
      force=F, text="new suit", name="two over one"),
    R("2H", after="1S P", hcp=(11, 37), suits="H>=5", needs=("unpassed",), priority=56, force=F,
      text="new suit"),
    # ... and on 10 HCP with a six-card suit, as BBA, rather than 1NT and the suit later (before,
    # A2.KT6432.QT.J63 bid 1NT over 1S, -11 on seed 4682 against BBA's 2H)
    R("2{b}", after="1{M} P", hcp=(10, 10), suits="b>=6", needs=("unpassed", "minor:b"), priority=55,
      force=F, text="new suit"),
    R("2H", after="1S P", hcp=(10, 10), suits="H>=6", needs=("unpassed",), priority=56, force=F,
      text="new suit"),
    # a passed hand at the two level: a good suit and 10-12 HCP, not forcing (a passed hand
    # holds up to 12: a balanced 12-count fails the rule of 20)
    R("2{b}", after="1{M} P", hcp=(10, 12), suits="b>=5", needs=("passed", "minor:b"), priority=55,
      force=NF, text="new suit"),
    R("2H", after="1S P", hcp=(10, 12), suits="H>=5", needs=("passed",), priority=56, force=NF,
      text="new suit"),
    R("^{b}", after="1{a} P", hcp=(15, 37), points=(17, 37), suits="b>=5", needs=("onlylongest:b",), priority=68, force=GF,
      text="jump shift: strong", name="jump shift"),
    # a new suit at the one level (1S over 1H, any over a minor); a passed hand's is not
    # forcing: it holds at most 12 HCP, and opener may pass (before, with 12 HCP and four
    # spades a passed hand passed partner's 1C)
    R("1{b}", after=("1{m} P", "1H P"), hcp=(6, 37), suits="b>=4", needs=("unpassed",), priority=58, force=F,
      text="new suit", name="one over one"),
    R("1{b}", after=("1{m} P", "1H P"), hcp=(5, 5), suits="b>=6", needs=("unpassed",), priority=58, force=F,
      text="new suit"),
    # ... and a five-card major on five (before, T9854.43.Q64.QJ2 passed 1H: -13 against BBA's
    # 1S on seed 1212, where the pass let them in cheaply and they reached 5D)
    R("1{b}", after=("1{m} P", "1H P"), hcp=(5, 5), suits="b>=5", needs=("unpassed", "major:b"), priority=58,
      force=F, text="new suit", name="one over one, five HCP and a five-card major"),
    R("1{b}", after=("1{m} P", "1H P"), hcp=(6, 12), suits="b>=4", needs=("passed",), priority=58, force=NF,
      text="new suit"),
    # minor openings
    R("1N", after="1C P", hcp=(6, 10), needs=("nomajor4",), suits="D<=4", priority=50, force=NF),
    R("1N", after="1D P", hcp=(6, 10), needs=("nomajor4",), suits="C<=5", priority=50, force=NF),
    # ... and with six clubs or more too, which are not strong enough for 2C (before, no rule:
    # 6-10 HCP and long clubs passed partner's 1D)
    R("1N", after="1D P", hcp=(6, 10), needs=("nomajor4",), suits="C>=6", priority=49, force=NF,
      name="1NT over 1D with long clubs"),
    # ... and 11-12 balanced with four clubs and no major over 1C: too much for 1NT, not five
    # clubs for the limit raise, too little for 2NT; 1D on three first (before, no rule: it
    # passed, J74.J74.K76.AK87 -11 against BBA on seed 8484)
    R("1D", after="1C P", hcp=(11, 12), shape="bal", suits="D>=3", needs=("nomajor4", "unpassed"), priority=49,
      force=F, text="new suit", name="1D over 1C on three, 11-12 balanced"),
    R("1N", after="1{m} P", hcp=(11, 12), shape="bal", needs=("nomajor4", "passed"), priority=50, force=NF),
    R("2C", after="1C P", hcp=(6, 10), suits="C>=5", needs=("nomajor4",), priority=52, force=NF,
      text="single raise"),
    R("2D", after="1D P", hcp=(6, 10), suits="D>=4", needs=("nomajor4",), priority=52, force=NF,
      text="single raise"),
    R("2{m}", after="1{m} P", hcp=(3, 5), points=(6, 10), trumps="m", suits="m>=5", priority=59, force=NF,
      text="single raise: weak, with shortness"),
    R("3C", after="1C P", hcp=(11, 12), suits="C>=5", needs=("nomajor4",), priority=53, force=INV,
      text="limit raise"),
    R("3D", after="1D P", hcp=(11, 12), suits="D>=4", needs=("nomajor4",), priority=53, force=INV,
      text="limit raise"),
    R("4{m}", after="1{m} P", hcp=(12, 16), suits="m>=6", needs=("nomajor4",), priority=54, force=GF,
      text="game-forcing raise, long trumps"),
    R("2N", after="1{m} P", hcp=(13, 15), shape="bal", needs=("nomajor4",), priority=59, force=GF,
      text="balanced"),
    R("3N", after="1{m} P", hcp=(16, 18), shape="bal", needs=("nomajor4",), priority=59, force=SO),
    R("2C", after="1D P", hcp=(11, 37), suits="C>=4", needs=("nomajor4", "unpassed"), priority=55,
      force=F, text="new suit"),
    R("2C", after="1D P", hcp=(11, 37), suits="C>=5", needs=("longer:C:H", "longer:C:S", "unpassed"),
      priority=57, force=F, text="new suit"),
    R("2C", after="1D P", hcp=(10, 11), suits="C>=5", needs=("nomajor4", "passed"), priority=55,
      force=NF, text="new suit"),
]

# --- Opener's rebid ------------------------------------------------------------------------

ONE_ONE = "1{a} P 1{c} P"
#: opener's rebid after a one-level response; a raise or a strong rebid is made as well when
#: RHO doubled or overcalled it (a minimum without a fit passes: partner bids again)
REBID = (ONE_ONE, "1{a} P 1{c} X", "1{a} P 1{c} 1{x}")
#: opener rebid 1NT, whether or not they doubled or overcalled the response
AFTER_1N = tuple(f"{r} 1N P" for r in REBID)
AFTER_NEW = ("1{a} P 1{c} P 1{b} P", "1{a} P 1{c} P 2{b} P")
#: opener's new suit at the one level over their overcall of the response
AFTER_NEW_OVER = "1{a} P 1{c} 1{x} 1{b} P"
AFTER_REBID = "1{a} P 1{c} P 2{a} P"
AFTER_2N = "1{a} P 1{c} P 2N P"
AFTER_RAISE = "1{a} P 1{c} P 2{c} P"
#: ... the same raise made over their overcall of the response
RAISE_CONTESTED = ("1{a} P 1{c} 1{x} 2{c} P", "1{a} P 1{c} 2{x} 2{c} P")
#: opener's single raise of the response, contested or not
RAISED_RESPONSE = (AFTER_RAISE, *RAISE_CONTESTED)
#: ... and responder's invitation (3 of the suit) after it, for opener to answer
RAISE_INVITED = tuple(r + " 3{c} P" for r in RAISED_RESPONSE)
#: responder's invitational jump rebid of his own suit (10-12, six cards), opener to answer
JUMP_REBID_INVITED = tuple(f"{r} 3{{c}} P" for r in (*AFTER_NEW, AFTER_REBID, *AFTER_1N))
FSF_ANSWERED = ("1{a} P 1{c} P 1{b} P 2{d} P B P", "1{a} P 1{c} P 2{b} P 2{d} P B P")
# after responder's strong jump shift (one level above the cheapest): a game force, and
# opener describes his hand
JUMP_SHIFTED = tuple(
    f"1{a} P {2 if j > i else 3}{b} P" for i, a in enumerate("CDHS") for j, b in enumerate("CDHS") if j != i
)
#: the jump shifter's second call, over opener's rebid
JUMP_SHIFTER = tuple(f"{s} B P" for s in JUMP_SHIFTED)
REBIDS = [
    R("~{p}", after=JUMP_SHIFTED, suits="p>=3", priority=52, force=GF, text="support"),
    R("~{o}", after=JUMP_SHIFTED, suits="o>=6", priority=50, force=GF, text="rebids a six-card suit"),
    R("~{b}", after=JUMP_SHIFTED, suits="b>=4", needs=("unbid:b",), priority=48, force=GF, text="new suit"),
    R("~N", after=JUMP_SHIFTED, shape="bal", priority=46, force=GF, text="balanced"),
    R("~{o}", after=JUMP_SHIFTED, priority=40, force=GF, text="rebids the suit"),
    # after a one-over-one response
    # (also over their overcall of the response: before, no rule, KQ76.T3.654.AKT6 passed 1C P
    # 1D 1H, -10 against BBA's 1S on seed 3737; over their double, which shows the other
    # suits, a minimum passes, as in the SAYC book)
    R("1{b}", after=(ONE_ONE, REBID[2]), suits="b>=4", hcp=(10, 18), priority=50, force=NF, prefer="cheapest",
      text="new suit"),
    # (11 HCP too: a light opening's rebid; before, AK5.964.A8762.32 rebid 2D over 1D P 1S P,
    # -13 against BBA's 1NT, and the five-card 2D rebids lost 64 IMPs on 15 boards of eight seeds)
    R("1N", after=ONE_ONE, hcp=(11, 14), shape="bal", priority=49, force=NF),
    # ... and over their call: 1NT with their suit stopped; a raise of a major on three cards
    R("1N", after=REBID[2], hcp=(12, 14), shape="bal", needs=("stop:x",), priority=49, force=NF),
    R("1N", after=REBID[1], hcp=(12, 14), shape="bal", priority=48, force=NF),
    R("2{c}", after=REBID[1:], suits="c=3", points=(11, 15), trumps="c", needs=("major:c",), priority=45,
      force=NF, text="competitive raise"),
    R("2{c}", after=REBID, suits="c>=4", points=(10, 16), trumps="c", priority=54, force=NF, text="raise"),
    R("2{c}", after="1{m} P 1{M} P", suits="M=3", hcp=(10, 14), shape="unbal", priority=45, force=NF,
      text="raise, 3 trumps and a singleton"),
    R("3{c}", after=REBID, suits="c>=4", points=(17, 18), trumps="c", priority=54, force=INV),
    R("4{c}", after=REBID, suits="c>=4", points=(19, 37), trumps="c", priority=54, force=NF),
    R("2{a}", after=REBID[:2], suits="a>=6", hcp=(10, 15), priority=48, force=NF, text="6+ cards, minimum"),
    R("3{a}", after=REBID, suits="a>=6", hcp=(16, 18), priority=48, force=INV, text="6+ cards, extra values"),
    R("2{b}", after=ONE_ONE, suits="b>=4", hcp=(10, 18), needs=("below:b:a",), priority=47, force=NF,
      text="new lower suit"),
    R("2{b}", after=REBID[2], suits="b>=4", hcp=(12, 18), needs=("below:b:a",), priority=47, force=NF,
      text="new lower suit"),
    R("2{a}", after=REBID[2], suits="a>=6", hcp=(12, 15), priority=46, force=NF, text="6+ cards"),
    R("2{b}", after=REBID, suits="b>=4", hcp=(17, 21), needs=("above:b:a", "longer:a:b"), priority=51,
      force=F, text="reverse: 17+ HCP"),
    R("^{b}", after=REBID, suits="b>=4", hcp=(19, 21), priority=52, force=GF, text="jump shift"),
    R("^{b}", after=REBID, suits="a>=6 b>=5", hcp=(16, 21), needs=("losers:4",), priority=52,
      force=GF, text="jump shift"),
    R("2N", after=REBID[:2], hcp=(18, 19), shape="bal", priority=53, force=INV),
    R("2N", after=REBID[2], hcp=(18, 19), shape="bal", needs=("stop:x",), priority=53, force=INV),
    R("3N", after=REBID[:2], hcp=(17, 21), suits="a>=6", needs=("good:a",), priority=50, force=SO),
    R("3N", after=REBID[2], hcp=(17, 21), suits="a>=6", needs=("good:a", "stop:x"), priority=50,
      force=SO),
    R("1N", after=ONE_ONE, hcp=(11, 15), shape="semibal", priority=44, force=NF),
    R("2{a}", after=ONE_ONE, suits="a>=5", hcp=(10, 15), priority=43, force=NF, text="5+ cards"),
    # ... and with 16-17 when the passed partner's response is not forcing: no reverse, no
    # jump fits, and a pass could miss game (before, 16 HCP passed a passed hand's 1S)
    R("2{a}", after=ONE_ONE, suits="a>=5", hcp=(16, 17), needs=("partnerpassed",), priority=42, force=NF,
      text="5+ cards, extra values"),
    # after a 1NT response
    R("P", after="1{a} P 1N P", hcp=(10, 15), shape="semibal", priority=40, force=SO),
    R("2{a}", after="1{a} P 1N P", suits="a>=6", hcp=(10, 15), priority=48, force=NF),
    R("3{a}", after="1{a} P 1N P", suits="a>=6", hcp=(16, 18), priority=48, force=INV),
    R("4{M}", after="1{M} P 1N P", suits="M>=6", hcp=(19, 21), priority=49, force=SO),
    # ... or a good seven-card major on less: its tricks are the hand's, as BBA (before,
    # AKJT984.T2.7.AK4 rebid 2S over 1NT where BBA bid 4S: -6 on seed 5757)
    R("4{M}", after="1{M} P 1N P", suits="M>=7", hcp=(13, 18), needs=("good:M", "losers:6"), priority=49,
      force=SO, name="game on a long major over 1NT", aside="or 13-18 HCP with a good seven-card suit"),
    R("2{b}", after="1{a} P 1N P", suits="b>=4", hcp=(10, 18), needs=("below:b:a",), priority=46, force=NF),
    R("2{b}", after="1{a} P 1N P", suits="a>=6 b>=4", hcp=(15, 18), needs=("below:b:a", "good:a"), priority=49,
      force=NF, text="second suit"),
    R("2{b}", after="1{a} P 1N P", suits="b>=4", hcp=(16, 21), needs=("above:b:a",), priority=47,
      force=F, text="reverse"),
    R("2{b}", after="1{a} P 1N P", suits="a>=6 b>=5", hcp=(14, 21), needs=("above:b:a",), priority=49,
      force=F, text="reverse: a strong 6-5"),
    R("2N", after="1{a} P 1N P", hcp=(18, 19), shape="bal", priority=47, force=INV),
    R("3{b}", after="1{a} P 1N P", suits="b>=4", hcp=(19, 21), priority=48, force=GF),
    # ... and on fewer high cards with two suits and few losers, as BBA (before,
    # AKQJ8.KJ876.K.62 bid 2H over 1NT where BBA jumped: -10 on seed 6868; where the tables
    # parted at our new suit over 1NT, 24 boards over fifteen seeds, BBA jumped on 20: -64)
    R("3{b}", after="1{a} P 1N P", suits="a>=5 b>=4", hcp=(17, 18), needs=("losers:5",), priority=48, force=GF,
      name="jump shift over 1NT on shape", aside="or 17-18 HCP with at most 5 losers"),
    R("3{b}", after="1{a} P 1N P", suits="a>=5 b>=4", hcp=(15, 16), needs=("losers:4",), priority=48, force=GF,
      name="jump shift over 1NT on shape, four losers", aside="or 15-16 HCP with at most 4 losers"),
    R("2{a}", after="1{a} P 1N P", suits="a>=5", hcp=(10, 15), priority=39, force=NF),
    # after a reverse and responder's rebid
    R("3{a}", after="1{a} P 1{c} P 2{b} P 2{c} P", suits="a>=6", priority=46, force=F),
    R("3{c}", after="1{a} P 1{c} P 2{b} P 2{c} P", suits="c>=3", priority=45, force=F),
    R("2N", after="1{a} P 1{c} P 2{b} P 2{c} P", needs=("stop:u",), priority=44),
    # after a single raise
    R("P", after="1{a} P 2{a} P", priority=38, force=SO),
    R("2N", after="1{M} P 2{M} P", hcp=(16, 18), shape="bal", priority=45, force=INV),
    R("3{M}", after="1{M} P 2{M} P", hcp=(15, 18), suits="M>=6", needs=("losers:6",), priority=44, force=INV),
    R("~{b}", after="1{M} P 2{M} P", hcp=(15, 18), suits="b>=4", needs=("losers:6",), priority=43, force=INV,
      text="help-suit game try"),
    R("~{b}", after="1{M} P 2{M} P", hcp=(15, 18), suits="b>=3", needs=("top:b:1", "losers:6"),
      priority=42, force=INV, text="help-suit game try"),
    R("4{M}", after="1{M} P 2{M} P", hcp=(15, 37), needs=("losers:4",), priority=46, force=SO),
    # ... and 19+ HCP bid game whatever the losers (before, no rule: K5.AKJ52.KQ4.A43 passed
    # 1H P 2H P; BBA bid 4H on 18 of 24 such 18-20 counts over fourteen seeds)
    R("4{M}", after="1{M} P 2{M} P", hcp=(19, 37), priority=46, force=SO, name="game after a single raise, 19+"),
    R("~{b}", after="1{m} P 2{m} P", hcp=(15, 21), suits="b>=4", needs=("top:b:1",), priority=44,
      force=F, text="stopper"),
    R("3N", after="1{m} P 2{m} P", hcp=(18, 21), shape="bal", priority=45),
    R("2N", after="1{m} P 2{m} P", hcp=(16, 17), shape="bal", priority=44),
    # responder answers a help-suit game try
    R("4{a}", after="1{a} P 2{a} P B P", hcp=(9, 10), priority=45, force=SO, text="accepts"),
    R("4{a}", after="1{a} P 2{a} P B P", hcp=(7, 8), needs=("help",), priority=44,
      force=SO, text="accepts: help in the try suit"),
    R("3{a}", after="1{a} P 2{a} P B P", priority=40, force=SO, text="declines"),
    # responder answers opener's invitation after a single raise
    R("4{M}", after=("1{M} P 2{M} P 2N P", "1{M} P 2{M} P 3{M} P"), points=(9, 10), trumps="M", priority=45,
      force=SO, text="accepts"),
    R("3{M}", after="1{M} P 2{M} P 2N P", points=(5, 8), trumps="M", priority=44, force=SO, text="declines"),
    R("P", after="1{M} P 2{M} P 3{M} P", points=(5, 8), trumps="M", priority=44, text="declines"),
    R("3N", after="1{m} P 2{m} P 2N P", hcp=(8, 10), priority=44, text="accepts"),
    R("3{m}", after="1{m} P 2{m} P 2N P", hcp=(5, 7), priority=43, text="declines"),
    # after 1M P 3NT (15-17, balanced): slam opposite extras, notrump counted with the long
    # suit's length (before, A87.K97654.KQ.KJ bid 4H opposite 15-17: -11 against BBA's 6H)
    R("4N", after="1{M} P 3N P", points=(16, 17), priority=45, force=INV, text="quantitative"),
    R("6N", after="1{M} P 3N P", points=(18, 22), priority=45, force=SO),
    R("6N", after="1{M} P 3N P 4N P", hcp=(16, 17), priority=45, force=SO),
    R("P", after="1{M} P 3N P 4N P", hcp=(15, 15), priority=44),
    # after a limit raise
    R("P", after="1{a} P 3{a} P", points=(10, 14), trumps="a", priority=40, force=SO),
    R("4{M}", after="1{M} P 3{M} P", points=(15, 37), trumps="M", priority=44, force=SO),
    R("3N", after="1{m} P 3{m} P", hcp=(14, 37), priority=44),
    # responder after opener's answer to Jacoby 2NT
    R("4{M}", after="1{M} P 2N P B P", hcp=(11, 16), priority=45, force=SO, text="no slam interest"),
    # ... but opposite a shortness, three of the major shows interest from 14 (before, all
    # signed off: AQ876.QT6.A6.K75 over 1S P 2NT P 3D, -11 on seed 3698, BBA 3S and slam);
    # not with a shortness of one's own there: the two duplicate
    R("3{M}", after="1{M} P 2N P 3{b} P", hcp=(14, 16), suits="b>=2", priority=46, force=F, text="slam interest"),
    R("4N", after="1{M} P 2N P 3{b} P 3{M} P", hcp=(15, 37), priority=47, force=F, artificial=True,
      text="Blackwood: asks for aces", name="Blackwood"),
    R("4N", after="1{M} P 2N P 3{b} P 3{M} P", needs=("losers:5",), priority=47, force=F, artificial=True,
      text="Blackwood: asks for aces", name="Blackwood"),
    R("4{M}", after="1{M} P 2N P 3{b} P 3{M} P", hcp=(0, 14), priority=46, force=SO, text="minimum"),
    # ... but opposite opener's extras without shortness (3M, 18+ or a six-card suit; 3NT,
    # 15-17) a slam is near: aces are asked with 13+ and 16+ (before, A652.AT.AJ86.JT2 signed
    # off over 1S P 2NT P 3S: -11 on seed 5555, BBA 6S)
    R("4N", after="1{M} P 2N P 3{M} P", hcp=(13, 37), priority=46, force=F, artificial=True,
      text="Blackwood: asks for aces", name="Blackwood"),
    R("4N", after="1{M} P 2N P 3N P", hcp=(16, 37), priority=46, force=F, artificial=True,
      text="Blackwood: asks for aces", name="Blackwood"),
    # ... and opposite a minimum (4M: 12-14, no shortness) from 18 (before, T974.A9.AQ6.AKQT
    # passed 1S P 2NT P 4S: -13 on seed 2584, BBA 4NT and slam)
    R("4N", after="1{M} P 2N P 4{M} P", hcp=(18, 37), priority=46, force=F, artificial=True,
      text="Blackwood: asks for aces", name="Blackwood"),
    # ... which opener overrides with a hand of few losers: responder's game-forcing raise
    # brings the rest (AKT4.AKQ987.J3.T passed 1H 2NT 3C 4H, where BBA bid 7H, -14)
    R("4N", after="1{M} P 2N P B P 4{M} P", hcp=(15, 37), needs=("losers:4",), priority=45, force=F,
      artificial=True, text="Blackwood: asks for aces"),
    # after Jacoby 2NT
    # (artificial: a shortness, not a suit to play; doubled, opener takes it out. Before, 1H P
    # 2NT P 3D X was passed out, -11 on seed 9001)
    R("3{b}", after="1{M} P 2N P", suits="b<=1", priority=50, force=F, prefer="cheapest", artificial=True,
      text="singleton or void"),
    R("4{b}", after="1{M} P 2N P", suits="b>=5", needs=("good:b",), priority=52, force=F,
      text="a good second suit"),
    R("3{M}", after="1{M} P 2N P", hcp=(18, 37), priority=45, force=F, text="18+, no shortness"),
    R("3{M}", after="1{M} P 2N P", points=(18, 37), suits="M>=6", priority=45, force=F,
      text="extra values, no shortness"),
    R("3N", after="1{M} P 2N P", hcp=(15, 17), priority=44, force=F, text="15-17, no shortness"),
    R("4{M}", after="1{M} P 2N P", hcp=(10, 14), priority=43, force=SO, text="minimum, no shortness"),
    # after a two-over-one
    R("2{a}", after="1{a} P 2{c} P", suits="a>=6", hcp=(10, 15), priority=48, force=NF),
    R("3{a}", after="1{a} P 2{c} P", suits="a>=6", hcp=(14, 21), needs=("good:a",), priority=49, force=F),
    R("2N", after="1{a} P 2{c} P", hcp=(12, 14), shape="bal", priority=46),
    R("3N", after="1{a} P 2{c} P", hcp=(15, 18), shape="bal", priority=46),
    R("3{c}", after="1{a} P 2{c} P", suits="c>=4", hcp=(10, 21), priority=49, force=F),
    R("3{M}", after="1{a} P 2{M} P", suits="M>=3", hcp=(10, 14), priority=49, force=F),
    R("4{M}", after="1{a} P 2{M} P", suits="M>=3", hcp=(15, 18), priority=50, force=SO),
    R("2{b}", after="1{a} P 2{c} P", suits="b>=4", hcp=(10, 21), needs=("below:b:a",), priority=47, force=F),
    R("~{b}", after="1{a} P 2{c} P", suits="b>=4", hcp=(15, 21), needs=("below:b:a",), priority=46, force=F),
    R("2{b}", after="1{a} P 2{c} P", suits="b>=4", hcp=(15, 21), priority=46, force=F),
    R("2{a}", after="1{a} P 2{c} P", suits="a>=5", hcp=(10, 15), priority=47, force=NF),
    R("2N", after="1{a} P 2{c} P", hcp=(12, 14), shape="semibal", priority=40),
    # after fourth suit forcing (responder bid the last suit at the cheapest level)
    R("~{c}", after=("1{a} P 1{c} P 1{b} P 2{d} P", "1{a} P 1{c} P 2{b} P 2{d} P"), suits="c>=3",
      priority=50, text="three-card support"),
    R("~N", after=("1{a} P 1{c} P 1{b} P 2{d} P", "1{a} P 1{c} P 2{b} P 2{d} P"), hcp=(10, 13),
      needs=("stop:d",), priority=51, text="stopper in the fourth suit"),
    R("3N", after=("1{a} P 1{c} P 1{b} P 2{d} P", "1{a} P 1{c} P 2{b} P 2{d} P"), hcp=(14, 21),
      needs=("stop:d",), priority=51, text="stopper, extra values"),
    R("~{a}", after=("1{a} P 1{c} P 1{b} P 2{d} P", "1{a} P 1{c} P 2{b} P 2{d} P"), suits="a>=5",
      priority=47, text="5+ cards"),
    R("~{b}", after=("1{a} P 1{c} P 1{b} P 2{d} P", "1{a} P 1{c} P 2{b} P 2{d} P"), suits="b>=5",
      priority=46),
    R("~{d}", after=("1{a} P 1{c} P 1{b} P 2{d} P", "1{a} P 1{c} P 2{b} P 2{d} P"), suits="d>=4",
      priority=45),
    R("~{a}", after=("1{a} P 1{c} P 1{b} P 2{d} P", "1{a} P 1{c} P 2{b} P 2{d} P"), priority=40),
    # opener after responder's invitation
    R("P", after=tuple(f"{r} 1N P 2N P" for r in REBID), hcp=(10, 12), priority=42, text="minimum"),
    R("3N", after=tuple(f"{r} 1N P 2N P" for r in REBID), hcp=(13, 14), priority=42, text="accepts"),
    # ... and after a new suit at the one level, 13 goes on to game, as BBA (before, no rule:
    # KJ93.A542.Q9.QJ3 and AT97.983.J3.AKJ5 passed 2NT, -10 each against BBA's 3NT; +29 on 8
    # boards of four seeds not read)
    R("3N", after=f"{AFTER_NEW[0]} 2N P", hcp=(13, 18), priority=42, text="accepts",
      name="opener accepts 2NT after a one-level new suit"),
    R("P", after="1{a} P 1N P 2N P", hcp=(6, 7), priority=42, text="minimum"),
    R("3N", after="1{a} P 1N P 2N P", hcp=(8, 10), priority=42, text="accepts"),
    R("3{a}", after="1{a} P 1N P 2N P", suits="a>=3", hcp=(6, 7), needs=("major:a",), priority=43),
    R("4{a}", after="1{a} P 1N P 2N P", suits="a>=3", hcp=(8, 10), needs=("major:a",), priority=43),
    # ... responder's jump rebid of a six-card major (10-12): game with two cards of it and a
    # sound opening, or a top honour in it, or three and support points to match (before, no
    # rule: K4.Q6.KQ986.Q763 passed 1D P 1S P 2C P 3S, -10 against BBA's 4S)
    R("4{c}", after=JUMP_REBID_INVITED, suits="c>=2", hcp=(13, 37), needs=("major:c",), priority=43, force=SO,
      text="accepts"),
    R("4{c}", after=JUMP_REBID_INVITED, suits="c>=2", hcp=(12, 37), needs=("major:c", "top:c:1"), priority=43,
      force=SO, text="accepts"),
    R("4{c}", after=JUMP_REBID_INVITED, suits="c>=3", points=(13, 37), trumps="c", needs=("major:c",), priority=43,
      force=SO, text="accepts"),
    R("P", after="1{a} P 1{c} P 2{a} P 3{a} P", hcp=(10, 13), priority=42),
    R("3N", after="1{a} P 1{c} P 2{a} P 3{a} P", hcp=(14, 15), priority=42),
    R("3{c}", after="1{a} P 1{c} P 2{a} P 2N P", suits="c>=3", hcp=(10, 13), needs=("major:c",), priority=44),
    R("4{c}", after="1{a} P 1{c} P 2{a} P 2N P", suits="c>=3", hcp=(14, 15), needs=("major:c",), priority=44),
    R("3N", after="1{a} P 1{c} P 2{a} P 2N P", hcp=(14, 15), priority=43),
    R("P", after="1{a} P 1{c} P 2{a} P 2N P", hcp=(10, 13), priority=40),
    # responder after opener answered fourth suit forcing
    R("~{c}", after=FSF_ANSWERED, suits="c>=6", priority=47, force=F),
    R("4{c}", after=FSF_ANSWERED, hcp=(12, 15), needs=("major:c", "fit:c"), priority=48, force=SO),
    R("3N", after=tuple(f[:-4] + " 2N P" for f in FSF_ANSWERED), hcp=(12, 15), priority=46, force=SO),
    R("~{p}", after=FSF_ANSWERED, suits="p>=3", needs=("minor:p",), priority=46, force=F, text="support"),
    R("4{a}", after=FSF_ANSWERED, suits="a>=2", needs=("major:a",), hcp=(12, 15), priority=45, force=SO),
    R("3N", after=FSF_ANSWERED, needs=("stop:d",), priority=44),
]

# --- Responder's rebid -----------------------------------------------------------------------

RESPONDER = [
    # opener rebid 1NT (12-14)
    R("P", after=AFTER_1N, hcp=(0, 10), priority=40),
    R("2{c}", after=AFTER_1N, suits="c>=6", hcp=(0, 10), priority=44, force=SO),
    R("2{a}", after=AFTER_1N, suits="a>=5", hcp=(0, 10), needs=("minor:a",), priority=43, force=SO),
    R("2{a}", after=AFTER_1N, suits="a>=3", hcp=(0, 10), needs=("major:a",), priority=43, force=SO),
    R("2N", after=AFTER_1N, hcp=(11, 12), priority=42, force=INV),
    R("3{c}", after=AFTER_1N, suits="c>=6", hcp=(10, 12), priority=45, force=INV),
    R("3N", after=AFTER_1N, hcp=(13, 18), priority=42, force=SO),
    R("4{c}", after=AFTER_1N, suits="c>=6", hcp=(11, 16), needs=("major:c",), priority=46, force=SO),
    R("3{a}", after=AFTER_1N, suits="a>=3", hcp=(13, 37), needs=("major:a",), priority=45, force=GF),
    R("2{b}", after=AFTER_1N, suits="b>=4 c>=5", hcp=(13, 37), needs=("above:b:c",), priority=46, force=GF,
      text="reverse: game forcing"),
    R("^{b}", after=AFTER_1N, suits="b>=5 c>=5", hcp=(11, 37), priority=46, force=GF),
    R("2{b}", after=AFTER_1N, suits="b>=4 c>=5", hcp=(6, 10), needs=("below:b:c",), priority=44, force=NF),
    # ... and opener after it: back to responder's five-card suit on three (before, no rule:
    # opener passed 2D with three spades and three diamonds)
    R("2{c}", after=tuple(f"{s} 2{{b}} P" for s in AFTER_1N), suits="c>=3", needs=("notshorter:c:b",), priority=42,
      force=NF, text="preference"),
    # opener showed a second suit
    R("P", after=AFTER_NEW[1], hcp=(0, 10), needs=("notshorter:b:a",), priority=40),
    R("1N", after=AFTER_NEW[0], hcp=(6, 10), priority=41, force=NF),
    R("2{a}", after=AFTER_NEW[0], suits="a>=4", hcp=(6, 10), needs=("minor:a",), priority=42, force=NF,
      text="preference: 4+ cards"),
    # responder's new suit at the one level is forcing for a round (a passed hand's is not)
    R("1{d}", after=AFTER_NEW[0], hcp=(6, 37), suits="d>=4", needs=("unpassed",), priority=44, force=F,
      text="natural"),
    R("1{d}", after=AFTER_NEW[0], hcp=(6, 37), suits="d>=4", needs=("passed",), priority=44, force=NF,
      text="natural"),
    # ... the same over their call (the raises below too), notrump with their suit stopped
    R("3{b}", after=AFTER_NEW_OVER, suits="b>=4", points=(11, 12), trumps="b", priority=45, force=INV),
    R("2{a}", after=AFTER_NEW_OVER, hcp=(6, 10), suits="a>=4", priority=41, force=NF, text="preference"),
    R("2N", after=AFTER_NEW_OVER, hcp=(11, 12), shape="semibal", needs=("stop:x",), priority=44, force=INV),
    R("3N", after=AFTER_NEW_OVER, hcp=(13, 18), shape="semibal", needs=("stop:x",), priority=44, force=SO),
    R("2{a}", after=AFTER_NEW, hcp=(0, 10), needs=("longer:a:b",), suits="a>=2", priority=41,
      force=NF, text="preference"),
    R("2{a}", after=AFTER_NEW, hcp=(0, 10), needs=("notshorter:a:b",), suits="a>=2", priority=41,
      force=NF, text="preference"),
    R("2{c}", after=AFTER_NEW, suits="c>=6", hcp=(5, 9), priority=43, force=NF),
    R("2{b}", after=(AFTER_NEW[0], AFTER_NEW_OVER), suits="b>=4", points=(6, 10), trumps="b", priority=45, force=NF),
    R("3{b}", after=AFTER_NEW, suits="b>=4", hcp=(10, 12), priority=45, force=INV),
    # (a raise of opener's major comes before a new suit; under 10 HCP whose shortness makes
    # 11-12 points is still a simple raise: before, 8 HCP, four hearts and a singleton bid 1S
    # over 1C P 1D P 1H, and partner passed it)
    R("2{b}", after=AFTER_NEW[0], suits="b>=4", hcp=(5, 9), points=(11, 12), trumps="b", priority=45,
      force=NF),
    R("4{b}", after=(*AFTER_NEW, AFTER_NEW_OVER), suits="b>=4", points=(13, 18), trumps="b", needs=("major:b",),
      priority=46, force=SO),
    R("3{b}", after=AFTER_NEW[1], suits="b>=4", hcp=(13, 37), needs=("minor:b",), priority=43, force=F),
    R("3{c}", after=AFTER_NEW, suits="c>=6", hcp=(10, 12), priority=45, force=INV),
    R("3{a}", after=AFTER_NEW, suits="a>=3", hcp=(10, 12), priority=44, force=INV),
    R("4{a}", after=AFTER_NEW, suits="a>=3", hcp=(13, 18), needs=("major:a",), priority=45, force=SO),
    R("2N", after=AFTER_NEW, hcp=(10, 12), shape="semibal", needs=("stop:u",), priority=45, force=INV),
    R("3N", after=AFTER_NEW, hcp=(13, 18), shape="semibal", needs=("stop:u",), priority=45, force=SO),
    R("4{c}", after=AFTER_NEW, suits="c>=6", hcp=(13, 18), needs=("major:c",), priority=44, force=SO),
    R("~{d}", after=AFTER_NEW, hcp=(12, 37), needs=("above1:d",), priority=44, force=GF, artificial=True,
      text="fourth suit forcing", name="fourth suit forcing"),
    # ... and on 10-11 HCP whose two long suits make 13 points, with no natural invitation
    # (before, 11 HCP and 5-5 in the red suits passed 1C P 1H P 1S)
    R("~{d}", after=AFTER_NEW, hcp=(10, 11), points=(13, 37), suits="c>=5", needs=("above1:d", "unpassed"),
      priority=43, force=GF, artificial=True, text="fourth suit forcing"),
    R("^{d}", after=AFTER_NEW[0], hcp=(12, 37), needs=("cheap1:d",), priority=44, force=GF, artificial=True,
      text="fourth suit forcing", name="fourth suit forcing (jump)"),
    # after opener's reverse: 2NT or a rebid of the suit shows a minimum
    R("2{c}", after=AFTER_NEW[1], suits="c>=5", hcp=(5, 9), needs=("above:b:a",), priority=46, force=NF),
    R("2N", after=(AFTER_NEW[1], "1{a} P 1N P 2{b} P"), hcp=(5, 9), needs=("above:b:a",), priority=45,
      force=NF, text="minimum"),
    R("3N", after="1{a} P 1N P 2{b} P", hcp=(9, 12), needs=("above:b:a",), priority=44),
    # after 1NT, opener's second suit
    R("P", after="1{a} P 1N P 2{b} P", hcp=(0, 10), needs=("notshorter:b:a", "below:b:a"), priority=40),
    R("2{a}", after="1{a} P 1N P 2{b} P", suits="a>=2", hcp=(0, 10), needs=("longer:a:b",), priority=41),
    # ... and with a maximum, two of opener's major as BBA, where opener may bid on (before,
    # T3.KQT7.J4.AT864 passed 1S P 1NT P 2D, -10 on seed 4682 against BBA's 2S)
    R("2{a}", after="1{a} P 1N P 2{b} P", suits="a>=2 b<=3", hcp=(9, 10), needs=("below:b:a", "major:a"),
      priority=41),
    R("~{e}", after="1{a} P 1N P 2{b} P", suits="e>=6", hcp=(4, 10), priority=44, force=SO),
    # ... a raise of opener's second suit invites (before, no rule: 9 HCP and five clubs passed
    # 1S P 1NT P 2C)
    R("3{b}", after="1{a} P 1N P 2{b} P", suits="b>=4", hcp=(9, 12), needs=("below:b:a",), priority=42, force=INV,
      text="raise"),
    # opener rebid the suit
    R("P", after=AFTER_REBID, hcp=(0, 10), priority=40),
    R("2{c}", after=AFTER_REBID, suits="c>=6", hcp=(6, 10), needs=("above:c:a",), priority=43, force=NF),
    R("2N", after=AFTER_REBID, hcp=(11, 12), priority=42, force=INV),
    R("3{a}", after=AFTER_REBID, suits="a>=3", hcp=(11, 12), priority=43, force=INV),
    R("3{c}", after=AFTER_REBID, suits="c>=6", hcp=(11, 12), priority=43, force=INV),
    R("3N", after=AFTER_REBID, hcp=(13, 18), priority=42),
    R("4{a}", after=AFTER_REBID, suits="a>=2", hcp=(13, 18), needs=("major:a",), priority=44),
    R("~{b}", after=AFTER_REBID, suits="b>=4", hcp=(12, 37), priority=43, force=F, text="new suit"),
    # opener raised responder's suit
    # (over their overcall as well: before, no rule: A6543.K9.9865.KJ passed 1H P 1S 2D 2S P,
    # -11 on seed 1491, BBA 4S)
    R("P", after=AFTER_RAISE, hcp=(0, 12), priority=40),
    R("3{c}", after=RAISED_RESPONSE, points=(13, 14), trumps="c", priority=42, force=INV),
    R("4{c}", after=RAISED_RESPONSE, points=(15, 20), trumps="c", needs=("major:c",), priority=43),
    R("4{c}", after=RAISE_INVITED, hcp=(14, 37), needs=("major:c",), priority=43),
    R("P", after=RAISE_INVITED, hcp=(10, 13), priority=42),
    # ... or to game on 19+: with opening values opposite, a slam is near (before,
    # A982.AT964.A754. passed 1C P 1H P 4H: -14 on seed 4242, BBA 7H)
    R("4N", after="1{a} P 1{c} P 4{c} P", hcp=(13, 37), needs=("major:c",), priority=44, force=F,
      artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    R("4N", after="1{a} P 1{c} P 4{c} P", points=(15, 37), trumps="c", needs=("major:c",), priority=44, force=F,
      artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    # opener jumped
    R("4{a}", after="1{a} P 1{c} P 3{a} P", suits="a>=2", hcp=(6, 15), needs=("major:a",), priority=44),
    R("3N", after="1{a} P 1{c} P 3{a} P", suits="a<=1", hcp=(8, 15), priority=43),
    R("P", after="1{a} P 1{c} P 3{a} P", hcp=(0, 5), priority=40),
    R("4{c}", after="1{a} P 1{c} P 3{c} P", hcp=(8, 15), needs=("major:c",), priority=44),
    R("3N", after=AFTER_2N, hcp=(7, 12), priority=42),
    # ... with more, notrump slam values counted as opposite 18-19 (before, 3NT on 7-15:
    # K6.AT.9865.KQJ93 opposite AJ3.KQ87.AT.A742, -9 on seed 5555, BBA 6C)
    R("4N", after=AFTER_2N, hcp=(13, 14), priority=42, force=INV, text="quantitative"),
    R("6N", after=AFTER_2N, hcp=(15, 17), priority=42, force=SO),
    R("P", after=(AFTER_2N + " 4N P", AFTER_2N + " 3{M} P 3N P 4N P"), hcp=(18, 18), priority=40),
    R("6N", after=(AFTER_2N + " 4N P", AFTER_2N + " 3{M} P 3N P 4N P"), hcp=(19, 19), priority=40),
    # ... and a four-card major above responder's suit, which opener's 2NT may hide (before,
    # AJ85.QJT.AJ96.52 bid 3NT over 1C-1D-2NT opposite K763: -12 on seed 6161, BBA 6S)
    R("3{M}", after=AFTER_2N, suits="M>=4 c<=5", hcp=(7, 37), needs=("unbid:M", "above:M:c"),
      priority=44, force=F, text="natural"),
    R("4N", after=AFTER_2N + " 3{M} P 4{M} P", hcp=(13, 37), priority=44, force=F, artificial=True,
      text="Blackwood: asks for aces", name="Blackwood"),
    # ... and no fit found: the notrump slam values as before (before, AKJT.KQ52.JT9.32 passed
    # 1D P 1H P 2NT P 3S P 3NT: -13 on seed 1491, BBA 4NT)
    R("4N", after=AFTER_2N + " 3{M} P 3N P", hcp=(13, 14), priority=42, force=INV, text="quantitative"),
    R("6N", after=AFTER_2N + " 3{M} P 3N P", hcp=(15, 17), priority=42, force=SO),
    R("3{c}", after=AFTER_2N, suits="c>=5", priority=43, force=F),
    R("4{c}", after=AFTER_2N, suits="c>=6", hcp=(0, 11), needs=("major:c",), priority=44),
    # ... with 12+ a six-card major is bid at three (forcing, read as five or more), and
    # Blackwood follows the raise (before, AKQ632.32.54.K87 jumped to 4S over 1C P 1S P 2N
    # opposite 18: -11 against BBA's 6S)
    R("3{c}", after=AFTER_2N, suits="c>=6", hcp=(12, 37), needs=("major:c",), priority=45, force=F),
    R("4N", after=AFTER_2N + " 3{c} P 4{c} P", suits="c>=6", hcp=(12, 37), priority=44, force=F, artificial=True,
      text="Blackwood: asks for aces", name="Blackwood"),
    R("4{c}", after=AFTER_2N + " 3{c} P 3N P", suits="c>=6", hcp=(12, 37), needs=("major:c",), priority=44,
      force=SO),
    # after a two-over-one, responder's second call
    R("2{a}", after=("1{a} P 2{c} P 2{b} P",), suits="a>=2", hcp=(10, 12), needs=("notshorter:a:b",),
      priority=41, text="preference"),
    R("3{b}", after=("1{a} P 2{c} P 2{b} P",), suits="b>=4", priority=43, force=F),
    R("3{a}", after=("1{a} P 2{c} P 2{b} P", "1{a} P 2{c} P 2{a} P"), suits="a>=3", priority=44, force=F),
    R("2N", after=("1{a} P 2{c} P 2{b} P",), needs=("stop:u",), shape="semibal", hcp=(10, 12), priority=42),
    R("3N", after=("1{a} P 2{c} P 2{b} P", "1{a} P 2{c} P 2{a} P"), needs=("stop:u",), hcp=(13, 18),
      priority=42),
    R("~{d}", after=("1{a} P 2{c} P 2{b} P",), hcp=(12, 37), priority=40, force=GF, artificial=True,
      text="fourth suit forcing"),
    R("~{b}", after="1{a} P 2{c} P 2{a} P", suits="b>=4", hcp=(11, 37), priority=41, force=F),
    R("2N", after="1{a} P 2{c} P 2{a} P", hcp=(11, 12), priority=40),
    R("3{c}", after="1{a} P 2{c} P 2{a} P", suits="c>=6", priority=41),
    R("4{a}", after="1{a} P 2{c} P 3{c} P", suits="a>=3", needs=("major:a",), priority=42),
    R("4{c}", after="1{a} P 2{c} P 3{c} P", needs=("major:c",), priority=41, text="game in the fit"),
    R("3N", after="1{a} P 2{c} P 3{c} P", priority=40, text="game in notrump"),
    R("~{c}", after="1{a} P 2{c} P 3{b} P", suits="c>=6", priority=45),
    R("P", after="1{a} P 1N P 2{b} P 2{a} P", priority=40, text="minimum"),
]

# --- The strong 2C -------------------------------------------------------------------------

#: the 2C opener's rebid when they bid over partner's answer, or on over partner's pass
TWO_CLUBS_CONTESTED = ("2C P 2D B", "2C B P B", "2C B X B")

TWO_CLUBS = [
    R("2D", after="2C P", priority=40, artificial=True, force=F, text="waiting"),
    # they overcalled the 2C opening: a positive in a suit of one's own (before, no rule:
    # QJ654.AT83.J74.6 passed 2C 2H, -12 on seed 3698, BBA 2S)
    R("~{a}", after=("2C 2{x}", "2C 3{x}"), hcp=(7, 37), suits="a>=5", needs=("decent:a", "unbid:a", "cheap3:a"),
      priority=47, force=GF, text="positive, natural"),
    # they overcalled the 2C opening and partner passed: the strong hand describes itself
    R("~{a}", after=("2C 2{x} P P", "2C 3{x} P P"), suits="a>=5", priority=48, force=F, text="natural"),
    R("~N", after=("2C 2{x} P P", "2C 3{x} P P"), shape="bal", needs=("stop:x",), priority=47,
      text="balanced, their suit stopped"),
    R("X", after=("2C 2{x} P P", "2C 3{x} P P"), priority=40, text="a strong hand: partner, bid"),
    # ... and they overcalled after partner's answer, or bid on over partner's pass: the strong
    # hand still describes itself, it does not pass (before, .A2.AKQJ542.AT93 passed 2C P 2D 3S
    # and 3S was passed out, -1 on seed 6161 where BBA bid 7D; AKQJ92.AK7532.A. passed 2C 2NT P
    # 3D: -19, BBA 7S)
    R("~{a}", after=TWO_CLUBS_CONTESTED, suits="a>=5", needs=("unbid:a",), priority=48, force=F,
      text="natural"),
    R("~N", after=TWO_CLUBS_CONTESTED, shape="bal", needs=("stoptheirs",), priority=47,
      text="balanced, their suit stopped"),
    R("X", after=TWO_CLUBS_CONTESTED, priority=40, text="a strong hand: partner, bid"),
    R("2{M}", after="2C P", hcp=(8, 37), suits="M>=5", needs=("good:M",), priority=45, force=GF,
      text="positive"),
    R("3{m}", after="2C P", hcp=(8, 37), suits="m>=5", needs=("good:m",), priority=45, force=GF,
      text="positive"),
    R("2N", after="2C P", hcp=(8, 37), shape="bal", priority=44, force=GF, text="positive, balanced"),
    # opener after a positive response (game forced): support, its own suit, or notrump
    R("3{M}", after="2C P 2{M} P", suits="M>=3", priority=52, force=GF, text="support, slam interest"),
    R("4{m}", after="2C P 3{m} P", suits="m>=4", priority=50, force=GF, text="support, slam interest"),
    R("~{a}", after=("2C P 2{M} P", "2C P 3{m} P", "2C P 2N P"), suits="a>=5", priority=49, force=GF,
      text="natural"),
    R("~N", after=("2C P 2{M} P", "2C P 3{m} P"), shape="bal", priority=45, force=GF,
      text="balanced"),
    # after the positive 2NT (8+, balanced): notrump slam values counted as over a 2NT
    # opening (before, 22 HCP bid 3NT opposite 8+)
    # ... with no five-card major, which is shown first (before, AK.KT875.AK4.AQJ bid 4NT and
    # played there opposite four hearts: -11 on seed 6161, BBA 6H)
    R("4N", after="2C P 2N P", hcp=(22, 24), shape="bal", needs=("nomajor5",), priority=50, force=INV,
      text="quantitative"),
    R("6N", after="2C P 2N P", hcp=(25, 27), shape="bal", needs=("nomajor5",), priority=50, force=SO),
    R("P", after="2C P 2N P 4N P", hcp=(8, 9), priority=40),
    R("6N", after="2C P 2N P 4N P", hcp=(10, 37), priority=40),
    R("2N", after="2C P 2D P", hcp=(22, 24), shape="bal", priority=50, force=NF),
    R("3N", after="2C P 2D P", hcp=(25, 27), shape="bal", priority=50),
    R("~{a}", after="2C P 2D P", suits="a>=5", priority=48, force=F, text="natural"),
    R("3{p}", after="2C P 2D P 2{a} P", needs=("fit:p",), hcp=(8, 37), priority=42, force=F,
      text="support"),
    # a minor rebid at the three level raised with values: 4m, forcing (3m itself is taken)
    R("4{p}", after="2C P 2D P 3{m} P", needs=("fit:p",), hcp=(8, 37), priority=42, force=F,
      text="support"),
    R("^{a}", after="2C P 2D P", suits="a>=7", needs=("top:a:3",), priority=49, force=F, text="a solid suit"),
    R("4H", after="2C P 2D P 3N P", suits="S>=6", priority=44, artificial=True, text="transfer to ♠"),
    R("4D", after="2C P 2D P 3N P", suits="H>=6", priority=44, artificial=True, text="transfer to ♥"),
    # ... which opener completes (before, 2C P 2D P 3N P 4D was passed: -13 on seed 3141)
    R("4H", after="2C P 2D P 3N P 4D P", priority=50, force=SO, text="completes the transfer"),
    R("4S", after="2C P 2D P 3N P 4H P", priority=50, force=SO, text="completes the transfer"),
    R("4{p}", after="2C P 2D P 2{M} P", needs=("fit:p",), hcp=(0, 7), priority=43, text="support, no values"),
    R("3{p}", after="2C P 2D P 2{M} P", needs=("fit:p",), hcp=(0, 7), priority=41, text="support"),
    R("~N", after=("2C P 2D P 2{a} P", "2C P 2D P 3{a} P"), priority=38, force=F, text="no fit"),
    R("~{b}", after=("2C P 2D P 2{a} P", "2C P 2D P 3{a} P"), suits="b>=5", needs=("good:b",), priority=39, force=F),
    # a six-card suit of responder's own is shown whatever its quality; a minor raised with values
    R("~{b}", after=("2C P 2D P 2{a} P", "2C P 2D P 3{a} P"), suits="b>=6", needs=("unbid:b", "below4:b"),
      priority=40, force=F, text="the long suit"),
    R("4{p}", after="2C P 2D P 3{m} P", suits="m>=4", hcp=(4, 7), needs=("fit:p",), priority=41, force=F,
      text="support"),
]

# --- Responses to weak twos and preempts ---------------------------------------------------

PREEMPTS = [
    R("P", needs=("notc:a",), after="2{a} P", priority=5, text="no interest in game"),
    R("P", after=("3{a} P", "4{a} P"), priority=5, text="nothing to add"),
    R("2N", needs=("notc:a",), after="2{a} P", hcp=(15, 37), priority=45, force=F, artificial=True, alert=True,
      text="asks for a feature"),
    R("3{a}", needs=("notc:a", "fit:p:9"), after="2{a} P", suits="a>=3", hcp=(0, 14), priority=40, force=SO,
      text="preemptive raise"),
    # ... over their takeout double, game and a new suit as without it (before, no rule: 15 HCP
    # passed 2D X); not the preemptive raises, which lost 44 IMPs on seed 11
    R("4{M}", after=("2{M} P", "2{M} X"), suits="M>=3", hcp=(16, 37), priority=46, force=SO),
    # ... but with ten trumps together, game whether they double or not (before, over 2S X
    # K984.KQ7.AKT3.85 passed: -5 on seed 5555, BBA 4S); five opposite a third seat's weak two,
    # which may hold five (four trumps raised them to 4M doubled: -9 and -12 on seed 4242)
    R("4{M}", after=("2{M} P", "2{M} X"), suits="M>=4", hcp=(0, 15), shape="unbal", needs=("fit:p:10",), priority=41,
      force=SO, text="preemptive"),
    # ... flat, with values (flat and weak, 4S and 4H over their double went down three times
    # on seed 8484, -28 against BBA's 3M; the preemptive raise to three is left)
    R("4{M}", after=("2{M} P", "2{M} X"), suits="M>=4", hcp=(12, 15), needs=("fit:p:10",), priority=41, force=SO,
      text="preemptive"),
    R("~{b}", after=("2{a} P", "2{a} X"), suits="b>=5", hcp=(14, 37), needs=("notc:a", "good:b"), priority=44, force=F,
      text="new suit"),
    # ... and, short in partner's suit, a five-card suit of one's own is shown before the
    # feature ask (before, 2NT asked: AKQ83.2.A2.AQT73 over P 2H P, -13, and K.AJ863.AQT752.A
    # over P 2S P, -11, against BBA's new suit; the ask lost 66 IMPs on 13 such boards of eight
    # seeds). With 20+ the SAYC cases ask (A85..AKT93.AKQ83 and KQJ76.98.AK54.AK over 2H P: 2NT)
    R("~{b}", after="2{a} P", suits="b>=5 a<=2", hcp=(15, 19), needs=("notc:a",), priority=46, force=F,
      text="new suit", name="new suit opposite a weak two, short in it"),
    # ... and over their overcall: the fit counted as above, the law of total tricks (BBA bid
    # 5C with A862.9.J9872.T73 over 3C 3H, -11; ours still passes, for 3C may hold six); the
    # jumps with ten trumps on unbalanced hands only (flat ones went for 800 and 300 doubled
    # on seed 2222)
    R("3{a}", after="2{a} B", suits="a>=3", hcp=(0, 14), needs=("notc:a", "fit:p:9", "cheap3:a"), priority=40,
      force=NF, text="competitive raise"),
    # ... and over their takeout double, opposite a minor preempt, ten trumps raise to four
    # (before, no rule: J84.JT9.K73.AT98 passed 3D X, -11 against BBA's 4D). Not the raise of
    # a weak two to three over their double: it lost 18 IMPs on six boards of seeds 1111 and 2727
    R("4{m}", after="3{m} X", suits="m>=3", hcp=(0, 13), needs=("fit:p:10",), priority=41, force=SO,
      text="preemptive", name="preemptive raise over their double"),
    R("4{M}", after=("2{M} B", "3{M} B", "3{M} X"), suits="M>=3", hcp=(0, 15), shape="unbal", needs=("fit:p:10",),
      priority=41, force=SO, text="preemptive"),
    R("5{m}", after="3{m} B", suits="m>=3", hcp=(0, 13), shape="unbal", needs=("fit:p:10",),
      priority=42, force=SO, text="preemptive"),
    R("3N", after="3{m} P", hcp=(14, 37), suits="m>=1 H<=5 S<=5", priority=46, force=SO),
    R("3N", after="3{M} P", hcp=(15, 20), shape="semibal", suits="M<=3", priority=45, force=SO),
    R("4{M}", after=("3{M} P", "3{M} B"), suits="M>=2", hcp=(15, 37), priority=44, force=SO),
    R("~{b}", needs=("notc:a",), after="2{a} P 2{b} P", suits="b>=3", priority=45, text="support"),
    R("4{M}", after="3{M} P", hcp=(17, 37), priority=43, force=SO),
    R("4{M}", after="3{M} P", suits="M>=3", hcp=(0, 14), priority=42, force=SO),
    R("5{m}", after="3{m} P", suits="m>=4", hcp=(0, 13), shape="unbal", priority=42, force=SO),
    R("4{m}", after="3{m} P", suits="m>=3", hcp=(10, 15), priority=43, force=SO, text="raise"),
    R("3{b}", after="3{a} P", suits="b>=6", hcp=(15, 37), needs=("good:b",), priority=45, force=F),
    R("3{b}", after="3{a} P", suits="b>=5", hcp=(16, 37), needs=("good:b",), priority=43, force=F),
    # slam opposite a major preempt: a fit with its ace or king and few losers, for the
    # preempt's long suit brings the tricks that high cards would (K95.AQ4.AKJ65.A4 raised 3S
    # to 4S and AQ2.A97.KQJ98.AQ 2H to 4H; BBA asked for aces and bid six, -13 and -11 on seed
    # 9001). Not in a minor, where 3NT is the game that Blackwood would pass by (Acol's 2D: -17)
    R("4N", after="3{M} P", suits="M>=2", hcp=(15, 37), needs=("feature:M", "losers:5"), priority=48, force=F,
      artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    R("4N", after="2{M} P", suits="M>=3", hcp=(16, 37), needs=("feature:M", "losers:5"), priority=48,
      force=F, artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    # opener after the 2NT feature ask
    R("3{a}", needs=("notc:a",), after="2{a} P 2N P", hcp=(5, 8), priority=40, text="minimum"),
    # (a queen is a feature too, as in the SAYC cases: J2.KQJ984.QT2.J9 shows 3D)
    R("~{b}", after="2{a} P 2N P", hcp=(9, 11), needs=("notc:a", "top:b:1"), priority=42, prefer="cheapest",
      text="a feature: A or K or Q"),
    R("3N", after="2{a} P 2N P", hcp=(9, 11), needs=("notc:a", "top:a:3"), priority=43, text="solid suit"),
    R("3{a}", needs=("notc:a",), after="2{a} P 2N P", priority=39, text="no feature"),
    # the asker places the contract over the answer (before, no rule: the feature was passed,
    # and 3C played on two boards of seed 1212, -21): game in the major with a fit opposite a
    # maximum, or on 17+ opposite a minimum; 3NT without one
    R("4{M}", after="2{M} P 2N P 3{b} P", suits="M>=2", hcp=(15, 37), priority=42, force=SO, text="game in the fit"),
    R("3N", after="2{M} P 2N P 3{b} P", suits="M<=1", hcp=(15, 37), priority=41, force=SO),
    R("4{M}", after="2{M} P 2N P 3{M} P", suits="M>=2", hcp=(17, 37), priority=42, force=SO, text="game in the fit"),
]

# --- Overcalls, takeout doubles, 1NT overcall, Michaels and the unusual 2NT ------------------

# The opponents opened (x); we call directly over it, or over their response.
DIRECT = ("1{x}", "1{x} P 1{y}", "1{x} P 1N")
BALANCE = ("1{x} P P",)
RAISED = ("1{x} P 2{x}",)
#: our 1NT, their Cappelletti 2C doubled (a stolen Stayman), opener's penalty pass, their run
STOLEN_RUN = "1N 2C X P P 2{y}"
PREEMPT4 = ("4{x}", "4{x} P P")
#: partner's unusual 4NT over their major, to be answered
UNUSUAL_4N = ("1{M} 4N P", "1{M} 4N X", "4{M} 4N P", "4{M} P P 4N P")
CUE_MICHAELS = "Michaels cue bid"
DEFENCE = [
    R("P", after=DIRECT + BALANCE + RAISED, priority=5, text="no suitable overcall"),
    # (five cards want 9 HCP, as BBA: on 8 it passed all 22 of our one-level overcalls of eight
    # seeds, and they lost 62 IMPs: QT963.J9.Q65.K98 over 1H, -13; on 8, a good suit, as the
    # SAYC cases have it: KJT92.987.53.A53 overcalls 1S)
    R("1{a}", after=DIRECT, hcp=(9, 17), suits="a>=5", needs=("decent:a",), priority=53, text="overcall"),
    R("1{a}", after=DIRECT, hcp=(8, 8), suits="a>=5", needs=("good:a",), priority=53, text="overcall"),
    R("1{a}", after=DIRECT, hcp=(7, 17), suits="a>=6", priority=52, text="overcall"),
    # ... as BBA, five cards headed by the ace, king or queen on 8+ HCP (a takeout double
    # comes first when the shape fits)
    R("1{a}", after=DIRECT, hcp=(9, 17), suits="a>=5", needs=("top:a:1",), priority=50, text="overcall",
      name="overcall, five cards to an honour"),
    R("1{a}", after=DIRECT, hcp=(8, 14), suits="a=4", needs=("top:a:3",), priority=49, text="overcall: a strong 4-card suit",
      aside="or exactly 4 {0} with 3 top honours"),
    R("~{a}", after=DIRECT, hcp=(13, 17), suits="a>=5 x<=3", needs=("good:a",), priority=51,
      text="overcall at the two level"),
    R("~{a}", after=DIRECT, hcp=(10, 17), suits="a>=6 x<=3", needs=("top:a:1",), priority=53,
      text="overcall at the two level"),
    # ... and with four of their major (as BBA, A.T874.A82.AKQ85 bids 2C over 1H, where it
    # passed, -5 on seed 2718); four of their minor still pass, as the book's cases say
    R("2{a}", after=DIRECT, hcp=(13, 17), suits="a>=5 x=4", needs=("good:a", "major:x", "above1:a", "cheap2:a"), priority=51,
      text="overcall at the two level"),
    R("2{a}", after=DIRECT, hcp=(10, 17), suits="a>=6 x=4", needs=("top:a:1", "major:x", "above1:a", "cheap2:a"), priority=53,
      text="overcall at the two level"),
    # ... a decent five-card suit on 12+ HCP (13+ vulnerable) as BBA, any six cards on 10+
    R("2{a}", after=DIRECT, hcp=(12, 17), suits="a>=5 x<=3", needs=("decent:a", "above1:a", "cheap2:a", "nonvul"),
      priority=50, text="overcall at the two level"),
    R("2{a}", after=DIRECT, hcp=(13, 17), suits="a>=5 x<=3", needs=("decent:a", "above1:a", "cheap2:a", "vul"),
      priority=50, text="overcall at the two level"),
    R("2{a}", after=DIRECT, hcp=(10, 17), suits="a>=6 x<=3", needs=("above1:a", "cheap2:a"), priority=49,
      text="overcall at the two level", name="two-level overcall, six cards"),
    # ... and any five cards with 15-17, however many of their suit (before, AK953.A9853.A9.7
    # passed 1S and AT5.A.A7532.A874 1C P 1S: -5 and -3 against BBA's 2H and 2D)
    R("2{a}", after=DIRECT, hcp=(15, 17), suits="a>=5", needs=("above1:a", "cheap2:a"), priority=48,
      text="overcall at the two level", name="two-level overcall, five cards and 15-17"),
    # preemptive overcalls, like preempts, ask more when vulnerable: a good suit, or a decent
    # one and values outside it (7+ HCP: within two tricks of the contract). A good suit
    # alone, as the openings ask, cost 30 IMPs on seeds 2026 and 4242 with every layout
    # solved: the preempts it dropped had kept the opponents from their best contract
    R("^{a}", after=DIRECT, hcp=(5, 9), suits="a=6", needs=("decent:a", "nonvul"), priority=54, text="weak jump overcall"),
    # (vulnerable, at the two level only: where the tables parted at our vulnerable jump to the
    # three level, 81 boards over fifteen seeds, BBA passed on 72 and our jumps lost 143 IMPs)
    R("^{a}", after=DIRECT, hcp=(5, 9), suits="a=6", needs=("good:a", "vul", "cheap1:a"), priority=54,
      text="weak jump overcall", aside="vulnerable: a good {0} suit or 7+ HCP"),
    R("^{a}", after=DIRECT, hcp=(7, 9), suits="a=6", needs=("decent:a", "vul", "cheap1:a"), priority=54,
      text="weak jump overcall", aside="vulnerable: a good {0} suit or 7+ HCP"),
    # ... and not vulnerable on any suit headed by a top honour (as BBA: K98542 with 7 HCP
    # overcalled 1S and was passed there, -6)
    R("^{a}", after=DIRECT, hcp=(5, 9), suits="a=6", needs=("top:a:1", "nonvul"), priority=54,
      text="weak jump overcall", name="weak jump overcall, a top honour"),
    R("^{a}", after=DIRECT, hcp=(10, 11), suits="a=6", needs=("good:a", "cheap1:a"), priority=56,
      text="jump overcall"),
    # ... and not vulnerable, seven cards too poor for the three level jump once (as BBA: before,
    # T987654.KT.T.754 passed 1D)
    R("^{a}", after=DIRECT, hcp=(4, 9), suits="a=7", needs=("nonvul", "cheap1:a"), priority=53,
      text="weak jump overcall", name="weak jump overcall, seven cards"),
    # (not vulnerable, 4 HCP will do with seven cards: seed 1618 lost 41 IMPs on three such hands)
    R("3{a}", after=DIRECT, hcp=(4, 10), suits="a=7", needs=("decent:a", "nonvul"), priority=54, text="preemptive overcall"),
    # ... and a good seven-card suit with 11 (before, KQJ8652.K8.J73.J overcalled 1S over 1D P
    # 1H, -11 against BBA's 3S; such overcalls lost 23 IMPs on six boards of eight seeds)
    R("3{a}", after=DIRECT, hcp=(11, 11), suits="a=7", needs=("good:a",), priority=54, text="preemptive overcall",
      name="preemptive overcall, a good suit and 11 HCP", aside="or 11 HCP with a good seven-card suit"),
    R("3{a}", after=DIRECT, hcp=(5, 10), suits="a=7", needs=("good:a", "vul"), priority=54, text="preemptive overcall",
      aside="vulnerable: a good {0} suit or 7+ HCP"),
    R("3{a}", after=DIRECT, hcp=(7, 10), suits="a=7", needs=("decent:a", "vul"), priority=54, text="preemptive overcall",
      aside="vulnerable: a good {0} suit or 7+ HCP"),
    # (an eight-card suit jumps to four over a two-over-one response as well: before, no rule:
    # AQJ98643.K7.9.J8 passed 1D P 2C, where BBA bid 4S, -10 on seed 2718)
    R("4{a}", after=(*DIRECT, "1{x} P 2{y}"), hcp=(5, 11), suits="a>=8", needs=("nonvul",), priority=54,
      text="preemptive overcall"),
    R("4{a}", after=(*DIRECT, "1{x} P 2{y}"), hcp=(5, 11), suits="a>=8", needs=("decent:a", "vul"), priority=54,
      text="preemptive overcall",
      aside="vulnerable: a decent {0} suit"),
    R("1N", after=DIRECT, hcp=(15, 18), shape="bal", needs=("stop:x",), priority=56, text="strong notrump overcall"),
    # ... also with a five-card minor and a doubleton (5-4-2-2): Q7.AT72.AK863.K8 passed 1H,
    # -5 on seed 1618 where BBA bid 1NT
    R("1N", after=DIRECT, hcp=(15, 18), shape="semibal", suits="C<=5 D<=5 H<=4 S<=4", needs=("stop:x",),
      priority=55, text="strong notrump overcall"),
    R("X", after=RAISED, hcp=(12, 37), needs=("takeout",), priority=52, text="takeout double"),
    # ... directly, with a five-card major only on a hand too strong to overcall: BBA overcalls
    # 12-16 with five spades or hearts (on five seeds it doubled 2 such hands of 101; we doubled
    # 22 it overcalled, .AQT87.AQT98.Q73 over 1S: -13)
    R("X", after=DIRECT, hcp=(12, 16), needs=("takeout", "nomajor5"), priority=52, text="takeout double"),
    # (17+ with any takeout shape, which the void and the singleton below have too)
    R("X", after=DIRECT, hcp=(17, 37), needs=("takeout",), priority=52, text="takeout double"),
    R("X", after=DIRECT, points=(12, 37), hcp=(10, 16), suits="x<=0", needs=("support", "nomajor5"), priority=52,
      text="takeout double"),
    # ... 11 HCP with a singleton in their suit: the shortness is worth the missing point
    R("X", after=DIRECT, hcp=(11, 16), suits="x<=1", needs=("takeout", "nomajor5"), priority=52,
      text="takeout double"),
    # ... and 10 with the singleton, directly over their opening, as BBA (which doubled 39 of 78
    # such hands on eight seeds and passed 10; we passed 52)
    R("X", after="1{x}", hcp=(10, 10), suits="x<=1", needs=("takeout", "nomajor5"), priority=52,
      text="takeout double", name="takeout double, 10 HCP and a singleton"),
    # ... and, as BBA, an opening hand with three of their suit and three or more of each other
    # (up to 18: with 16-18 and no stopper for the 1NT overcall, AQ5.A75.AJ97.J82 passed 1C,
    # -10 against BBA's double)
    R("X", after=DIRECT, hcp=(13, 18), suits="x<=3", needs=("others3", "nomajor5"), priority=51, text="takeout double",
      name="takeout double, three of their suit"),
    R("X", after=DIRECT + RAISED, hcp=(18, 37), priority=55, text="takeout double, then a strong bid"),
    # directly over their single raise: a sound overcall, or a takeout double as above (before,
    # no rule: a 15-count with six spades passed 1H P 2H)
    R("~{a}", after=RAISED, hcp=(10, 17), suits="a>=6", needs=("top:a:1",), priority=53, text="overcall"),
    R("~{a}", after=RAISED, hcp=(12, 17), suits="a>=5", needs=("good:a", "cheap2:a"), priority=51, text="overcall"),
    # ... not with a suit of one's own to bid: six cards, or an unbid five-card major at the one
    # level (before, J76432.6.A2.KT73 doubled 1D P 1H and 7.AQT9743.KJT75. 1C P 1S, -10 each on
    # seed 9001)
    # ... on 10 HCP: BBA passes most 8-9 counts with four of each unbid suit (117 of 201 over
    # fourteen seeds, doubling none; we doubled 147), and our doubles lost -100 IMPs on 195
    # boards where BBA passed (32.JT863.A5.K943 doubled 1D P 1S, -13)
    R("X", after="1{x} P 1{y}", hcp=(10, 37), needs=("twounbid4", "nosuittobid"), priority=55,
      text="takeout: the unbid suits"),
    # ... and, as BBA, an opening hand with four and three in them (four in an unbid major),
    # when no overcall fits (before, J4.K543.AQ2.AT76 passed 1C P 1S, -11 on seed 1618)
    R("X", after="1{x} P 1{y}", hcp=(12, 37), needs=("twounbid43",), priority=48, text="takeout: the unbid suits"),
    # ... and when they stop at the two level, in the balancing seat (before, no rule: a pass;
    # directly over their 2-level rebid the double was tried and lost on seeds 11 and 2026)
    R("X", after=("1{x} P 1{y} P 2{x} P P", "1{x} P 1{y} P 2{y} P P"), hcp=(10, 37), needs=("twounbid4",),
      priority=52, text="takeout: the unbid suits"),
    R("2{x}", after="1{x} P P", hcp=(6, 37), suits="H>=5 S>=5", needs=("minor:x",),
      priority=57, artificial=True, alert=True, text="Michaels: both majors"),
    R("2{x}", after=("1{x}", "1{x} P P"), hcp=(6, 11), suits="H>=5 S>=5", needs=("minor:x", "decent:H", "decent:S"),
      priority=57, artificial=True, alert=True, text="Michaels: both majors", name=CUE_MICHAELS),
    R("2{x}", after=("1{x}", "1{x} P P"), hcp=(16, 37), suits="H>=5 S>=5", needs=("minor:x",),
      priority=57, artificial=True, alert=True, text="Michaels: both majors"),
    R("2H", after=("1H", "1H P P"), hcp=(6, 11), suits="S>=5", needs=("longminor5", "decent:S"),
      priority=57, artificial=True, alert=True, text="Michaels: ♠ and a 5+ minor"),
    R("2H", after=("1H", "1H P P"), hcp=(16, 37), suits="S>=5", needs=("longminor5",),
      priority=57, artificial=True, alert=True, text="Michaels: ♠ and a 5+ minor"),
    R("3H", after="2H", hcp=(6, 37), suits="S>=5", needs=("longminor5", "decent:S"),
      priority=57, artificial=True, alert=True, text="Michaels: ♠ and a 5+ minor"),
    R("2S", after=("1S", "1S P P"), hcp=(6, 11), suits="H>=5", needs=("longminor5", "decent:H"),
      priority=57, artificial=True, alert=True, text="Michaels: ♥ and a 5+ minor"),
    R("2S", after=("1S", "1S P P"), hcp=(16, 37), suits="H>=5", needs=("longminor5",),
      priority=57, artificial=True, alert=True, text="Michaels: ♥ and a 5+ minor"),
    R("3S", after="2S", hcp=(6, 37), suits="H>=5", needs=("longminor5", "decent:H"),
      priority=57, artificial=True, alert=True, text="Michaels: ♥ and a 5+ minor"),

    # (vulnerable, 8+ HCP: on 6-7, three hands vulnerable went for 1100-1400 doubled against Bid
    # for Game, -24 on seed 1066)
    R("2N", after=("1{x}", "2C"), hcp=(6, 11), needs=("unusual", "nonvul"), priority=58, artificial=True,
      alert=True, text="unusual 2NT: the two lowest unbid suits"),
    R("2N", after=("1{x}", "2C"), hcp=(8, 11), needs=("unusual", "vul"), priority=58, artificial=True,
      alert=True, text="unusual 2NT: the two lowest unbid suits", aside="vulnerable: 8+ HCP"),
    # ... and, as BBA, with 12-15 over their one of a suit (before, an overcall in one suit:
    # 8.KJT42.2.AKJT85 and Q6.KJT54.J.KQ532 bid 1H over 1D, -14 and -12 against BBA's 2NT; the
    # overcall lost 56 IMPs on seven such boards of eight seeds)
    R("2N", after="1{x}", hcp=(12, 15), needs=("unusual",), priority=58, artificial=True,
      alert=True, text="unusual 2NT: the two lowest unbid suits", name="unusual 2NT, 12-15"),
    # over their strong 2C, a long suit is bid to take their space and direct the lead (the
    # opening values of an ordinary overcall are rarely there; before, 2C with AKJT42 in hearts
    # and 11 HCP passed: -16 IMPs against BBA's 2H)
    R("~{a}", after="2C", hcp=(6, 15), suits="a>=6", needs=("top:a:2", "notc:a"), priority=53, force=NF,
      text="overcall"),
    # ... and seven cards with a top honour jump, preemptively (before, 2.QJ873.KT76432. passed
    # 2C and 65.J763.AJ98743. passed P 2C: -13 and -9 against BBA's 3D)
    R("^{a}", after="2C", hcp=(3, 10), suits="a>=7", needs=("top:a:1", "notc:a"), priority=52, force=NF,
      text="preemptive"),
    # ... and between their opening and its response (1S P 1NT 2NT, 1C P 1H 2NT) it means the
    # two lowest unbid suits too, as BBA and most players read it: explained so, and answered
    # (before, read as undiscussed, so natural). The robots double there with the two unbid
    # majors, as the SAYC cases have it (Q8754.KJ983.A6.3 over 1C P 1D)
    R("2N", after=("1{x} P 1{y}", "1{x} P 1N"), hcp=(6, 11), needs=("unusual",), priority=58, artificial=True,
      alert=True, explain_only=True, text="unusual 2NT: the two lowest unbid suits"),
    # in the balancing seat 2NT is natural, 19-21, unless a passed hand makes it
    R("2N", after="1{x} P P", hcp=(6, 11), needs=("unusual", "passed"), priority=58, artificial=True,
      alert=True, text="unusual 2NT: the two lowest unbid suits"),
    R("2N", after=("1{x}",), hcp=(16, 37), needs=("unusual",), priority=58, artificial=True,
      alert=True, text="unusual 2NT: the two lowest unbid suits"),
    R("4N", after="1{M}", hcp=(14, 37), suits="C>=5 D>=5", needs=("losers:4",), priority=59, artificial=True,
      force=F, alert=True, text="unusual 4NT: both minors, strong"),
    # balancing seat: about three points lighter
    R("1{a}", after=BALANCE, hcp=(7, 14), suits="a>=5", priority=54, text="balancing overcall"),
    R("~{a}", after=BALANCE, hcp=(5, 14), suits="a>=6", priority=48, text="balancing overcall"),
    R("~{a}", after=BALANCE, hcp=(8, 14), suits="a>=5", priority=47, text="balancing overcall"),
    R("^{a}", after=BALANCE, hcp=(12, 16), suits="a>=6", needs=("good:a",), priority=55,
      text="intermediate jump overcall"),
    R("1N", after=BALANCE, hcp=(11, 17), shape="bal", needs=("stop:x",), priority=53, text="balancing notrump"),
    R("2N", after=BALANCE, hcp=(19, 21), shape="bal", needs=("stop:x", "unpassed"), priority=54),
    # ... answered: game with any values (before, no rule: 16 HCP passed it)
    R("3N", after="1{x} P P 2N P", hcp=(5, 37), needs=("partnerunpassed",), priority=45, force=SO),
    R("X", after=BALANCE, hcp=(9, 37), needs=("takeout",), priority=52, text="takeout double"),
    R("X", after=BALANCE, hcp=(11, 37), suits="x<=3", needs=("others3",), priority=49, text="takeout double"),
    R("X", after=BALANCE, hcp=(15, 37), priority=51, text="takeout double"),
    R("X", after="1{x} P 2{x} P P", hcp=(9, 37), needs=("takeout",), priority=52, text="takeout double"),
    R("~{a}", after="1{x} P 2{x} P P", hcp=(6, 14), suits="a>=5", priority=50, text="balancing"),
    # against a four-level preempt (before, no rule: 19 HCP passed 4S): a takeout double,
    # a good six-card suit; advancer takes out into a five-card major, else defends
    R("4N", after=("4{M}", "4{M} P P"), hcp=(12, 37), suits="C>=5 D>=5", priority=54, artificial=True, force=F,
      alert=True, text="unusual 4NT: both minors"),
    R("X", after=PREEMPT4, hcp=(16, 37), suits="x<=2", priority=52, text="takeout double"),
    R("X", after=PREEMPT4, hcp=(13, 37), suits="x<=1", needs=("takeout",), priority=52, text="takeout double"),
    R("~{a}", after=("4C", "4D", "4H", "4C P P", "4D P P", "4H P P"), hcp=(13, 37), suits="a>=6",
      needs=("good:a",), priority=53, text="overcall"),
    R("4S", after="4H X P", suits="S>=5 H<=2", priority=50, force=SO, text="natural"),
    R("4{M}", after=("4C X P", "4D X P"), suits="M>=5", prefer="majors", priority=50, force=SO, text="natural"),
    R("X", after="3{x} P 4{x}", hcp=(16, 37), suits="x<=2", priority=52, text="takeout double"),
    # against a weak two or a preempt
    R("X", after=("2{x}", "3{x}", "2{x} P P", "3{x} P P", "2{x} P 3{x}", "2{x} P 3{x} P P"), hcp=(12, 37),
      needs=("takeout",), priority=52, text="takeout double"),
    # (in the balancing seat over a three-level preempt as well: before, AKJT85..AKJ9.KJ4
    # passed 3C P P, -11 on seed 1491, BBA doubled)
    R("X", after=("2{x}", "3{x}", "2{x} P P", "3{x} P P", "2{x} P 3{x}"), hcp=(18, 37), priority=50,
      text="takeout double, then a strong bid"),
    # ... and with 16-17, two of their suit at most and four of an unbid major, a doubleton in
    # the other suit will do (before, AKJT.A6.Q3.QJ764 passed 3D: -13 on seed 5555, BBA 6S)
    R("X", after=("2{x}", "3{x}", "2{x} P P", "3{x} P P"), hcp=(16, 17), suits="x<=2", shape="semibal",
      needs=("theirs:x", "amajor4", "nomajor5"), priority=50, text="takeout double"),
    # ... and with both majors over a minor, three of it will do with an opening's values and
    # more (before, K963.KQ53.AT5.K6 passed 3D: -9 against Bid for Game)
    R("X", after=("2{x}", "3{x}", "2{x} P P", "3{x} P P"), hcp=(14, 37), suits="x<=3 H=4 S=4",
      needs=("minor:x", "theirs:x"), priority=51, text="takeout double"),
    # ... in the balancing seat a king lighter (before, 10 HCP, 4-4 in the majors and a
    # doubleton diamond passed P P 2D P P)
    R("X", after="2{x} P P", hcp=(10, 11), needs=("takeout",), priority=51, text="takeout double"),
    # ... with an opening hand and three of their suit, the other suits held (before, 15 HCP
    # passed P P 2D P P: -8), or a six-card suit of any quality; in the direct seat too, as BBA
    # (before, KQJ.873.AK75.A87 passed 2H, -11)
    R("X", after=("2{x}", "2{x} P P"), hcp=(13, 37), suits="x<=3", needs=("others3",), priority=50,
      text="takeout double"),
    R("~{a}", after="2{x} P P", hcp=(11, 17), suits="a>=6", priority=49, text="balancing overcall"),
    R("~{a}", after=("2{x}", "2{x} P P"), hcp=(12, 17), suits="a>=5", needs=("decent:a",), priority=51,
      text="overcall"),
    # ... and with a sound opening, a long suit of any quality: a pass would lose the hand
    R("~{a}", after=("2{x}", "2{x} P P", "2{x} P 2N"), hcp=(12, 17), suits="a>=6", needs=("cheap3:a",), priority=50,
      text="overcall"),
    # ... and a little lighter at the two level with shortness in their suit, which makes
    # their fit and ours (before, QJ7652..AT9.K954 passed 2H, -12 on seed 2718 where BBA bid
    # 2S; the same at the three level cost 10 on seed 1618: partner could not bid 3NT)
    R("2{a}", after="2{x}", hcp=(9, 11), suits="a>=6 x<=1", needs=("decent:a", "cheap2:a"), priority=49,
      text="overcall"),
    # ... and so a good five-card suit at the two level (not a six-card suit at the three: it
    # widened the overcall's range, and partner stopped short of game opposite 19 HCP)
    R("2{a}", after="2{x}", hcp=(10, 11), suits="a>=5 x<=1", needs=("good:a", "cheap2:a"), priority=49,
      text="overcall"),
    R("~{a}", after="3{x}", hcp=(13, 17), suits="a>=6", needs=("good:a",), priority=51, text="overcall"),
    R("~{a}", after="2{x} P 3{x} P P", hcp=(12, 17), suits="a>=5", needs=("decent:a",), priority=51,
      text="balancing over their raise"),
    # over their raised weak two, directly: the three level needs a good suit or a sixth card
    R("~{a}", after="2{x} P 3{x}", hcp=(13, 17), suits="a>=5", needs=("good:a",), priority=51, text="overcall"),
    R("~{a}", after="2{x} P 3{x}", hcp=(12, 17), suits="a>=6", needs=("decent:a",), priority=51, text="overcall"),
    R("3N", after="2{x} P 3{x}", hcp=(16, 21), needs=("stop:x",), shape="semibal", priority=53),
    # ... and a seven-card major, good, with an opening's values goes to game (before, AKT87632
    # and 11 HCP passed 2H P 3H: -13 against BBA)
    R("4{M}", after=("2{x}", "3{x}", "2{x} P 3{x}", "2{x} P P", "3{x} P P", "2{x} P 3{x} P P"), hcp=(10, 37),
      suits="M>=7", needs=("good:M", "below4:M"), priority=55, force=SO, text="game in a long suit"),
    # balancing over a three-level preempt: partner may hold the values, a little lighter
    R("~{a}", after="3{x} P P", hcp=(11, 17), suits="a>=6", needs=("decent:a",), priority=51,
      text="balancing overcall"),
    R("~{a}", after="3{x} P P", hcp=(13, 17), suits="a>=5", needs=("good:a",), priority=50,
      text="balancing overcall"),
    R("3N", after="3{x} P P", hcp=(15, 20), needs=("stop:x",), shape="semibal", priority=53,
      text="balancing notrump"),
    R("~{a}", after="3{x}", hcp=(15, 18), suits="a>=6", needs=("top:a:1",), priority=50, text="overcall"),
    # ... and a five-card suit, decent, with 15+ (before, QJT53.J6.AQ84.AQ passed 3C, -11)
    R("~{a}", after="3{x}", hcp=(15, 18), suits="a>=5", needs=("decent:a", "cheap3:a"), priority=49,
      text="overcall"),
    R("2N", after=("2{x}", "2{x} P P"), hcp=(15, 20), shape="bal", needs=("stop:x",), priority=51),
    R("3N", after="3{x}", hcp=(16, 21), needs=("stop:x",), shape="bal", priority=53),
    # against their 3NT opening (gambling: a long solid minor), a double shows values and
    # advancer leaves it in (before, 16 HCP passed it for -11 IMPs against BBA)
    R("X", after=("3N", "3N P P"), hcp=(15, 37), priority=52, text="values: for penalties"),
    # against 1NT (Cappelletti): 2C one long suit, 2D the majors, 2H/2S that major and a minor
    R("X", after="1N", hcp=(15, 37), priority=52, text="penalty"),
    # ... and over a weak notrump (12-14), a good 14 will do: as BBA on its Acol card (before, 13
    # and 14 counts passed their 1NT: -33 on three boards of seed 9001)
    R("X", after="1N", hcp=(14, 14), needs=("theirweaknt",), priority=52, text="penalty"),
    R("2C", after=("1N", "1N P P"), hcp=(8, 15), needs=("onesuiter",), priority=50, artificial=True,
      alert=True, text="Cappelletti: a long suit (asks for 2♦)"),
    R("2C", after="1N P P", hcp=(8, 15), needs=("balance5",), priority=49, artificial=True,
      alert=True, text="Cappelletti: a long suit (asks for 2♦)"),
    R("2D", after=("1N", "1N P P"), hcp=(8, 15), suits="H>=5 S>=5", priority=52, artificial=True, alert=True,
      text="Cappelletti: both majors"),
    R("2{M}", after=("1N", "1N P P"), hcp=(8, 15), suits="M>=5", needs=("longminor5",), priority=51,
      artificial=True, alert=True, text="Cappelletti: that major and a minor"),
    # ... in the direct seat, five of the major and four of a minor will do, as the convention
    # is played (before, J64.KJT75.A.QJT9 and T6.KQ765.QT64.AQ passed 1NT: -11 each against
    # BBA's 2H; in the pass-out seat a pass of 1NT scores better, as below)
    R("2{M}", after="1N", hcp=(10, 15), suits="M=5", needs=("longminor4", "decent:M"), priority=51,
      artificial=True, alert=True, text="Cappelletti: that major and a minor", name="Cappelletti 5-4"),
    R("2N", after=("1N", "1N P P"), hcp=(8, 15), suits="C>=5 D>=5", priority=52, artificial=True, alert=True,
      text="Cappelletti: both minors"),
    R("3{a}", after=("1N", "1N P P"), hcp=(6, 13), suits="a>=7", needs=("good:a",), priority=53,
      text="preemptive"),
    # ... and not vulnerable on a decent suit with less (before, 85.3.QJT7542.982 passed P 1N:
    # -13 against BBA's 3D)
    R("3{a}", after=("1N", "1N P P"), hcp=(3, 13), suits="a>=7", needs=("decent:a", "nonvul"), priority=53,
      text="preemptive"),
    R("2D", after=("1N 2C P", "1N P P 2C P"), priority=45, artificial=True, text="relay: name your suit"),
    R("P", after=("1N 2C P", "1N P P 2C P"), suits="C>=6", priority=48, text="to play"),
    R("~{a}", after=("1N 2C X P P", "1N P P 2C X P P"), suits="a>=6", priority=50, text="the long suit"),
    # responder, whose double showed values, after opener's penalty pass and their run
    R("X", after=STOLEN_RUN, hcp=(8, 37), suits="y>=4", priority=52, text="penalty"),
    R("X", after=STOLEN_RUN, hcp=(10, 37), suits="y>=3", priority=51, text="penalty"),
    R("3N", after=STOLEN_RUN, hcp=(10, 37), needs=("stop:y",), priority=50, force=SO),
    R("~{M}", after=STOLEN_RUN, hcp=(10, 37), suits="M>=5", priority=51, force=F, text="forcing"),
    R("~N", after=STOLEN_RUN, hcp=(8, 9), needs=("stop:y",), priority=49, force=INV),
    R("~{M}", after=STOLEN_RUN, hcp=(8, 9), suits="M>=5", needs=("cheap2:M",), priority=50,
      force=NF, text="natural"),
    R("3N", after=f"{STOLEN_RUN} 2N P", hcp=(16, 17), priority=50, text="accepts"),
    R("P", after=f"{STOLEN_RUN} 2N P", hcp=(15, 15), priority=50, text="minimum"),
    R("4{p}", after=(f"{STOLEN_RUN} 2{{p}} P", f"{STOLEN_RUN} 3{{p}} P"), suits="p>=3", priority=50,
      text="game in the fit"),
    R("3N", after=(f"{STOLEN_RUN} 2{{p}} P", f"{STOLEN_RUN} 3{{p}} P"), suits="p<=2", needs=("stop:y",),
      priority=49),
    R("~{M}", after=("1N 2C P", "1N P P 2C P"), hcp=(0, 37), suits="M>=6", needs=("decent:M",), priority=47, force=SO,
      text="natural"),
    R("P", after=("1N 2C P 2D P", "1N P P 2C P 2D P"), suits="D>=6", priority=50),
    R("P", after="1N P P 2C P 2D P", suits="D>=5", needs=("longest:D",), priority=49),
    R("~{a}", after="1N P P 2C P 2D P", suits="a>=5", needs=("longest:a",), priority=48, text="the long suit"),
    R("~{a}", after=("1N 2C P 2D P", "1N P P 2C P 2D P"), suits="a>=6", priority=49, text="the long suit"),
    R("P", after=("1N 2C P 2D P B P", "1N P P 2C P 2D P B P"), priority=40, text="accepts partner's suit"),
    R("~{M}", after=("1N 2D P", "1N P P 2D P"), suits="M>=3", priority=45, prefer="length", text="preference"),
    R("^{M}", after=("1N 2D P", "1N P P 2D P"), suits="M>=4", hcp=(10, 12), priority=46, force=INV, prefer="length"),
    R("~{m}", after=("1N 2D P", "1N P P 2D P"), suits="m>=6", priority=47, text="natural"),
    R("2N", after=("1N 2D P", "1N P P 2D P"), suits="H<=2 S<=2", priority=44, text="asks for a minor") ,
    R("P", after=("1N 2{M} P", "1N P P 2{M} P"), suits="M>=2", priority=44, text="pass"),
    R("3{M}", after=("1N 2{M} P", "1N P P 2{M} P"), suits="M>=4", hcp=(8, 12), priority=46, force=INV),
    R("2N", after=("1N 2{M} P", "1N P P 2{M} P"), suits="M<=1", priority=45, artificial=True, text="asks for the minor"),
    R("~{a}", after=("1N 2{M} P", "1N P P 2{M} P"), suits="a>=6", needs=("decent:a",), priority=47, text="natural"),
    R("~{m}", after=("1N 2{M} P 2N P", "1N P P 2{M} P 2N P"), suits="m>=5", priority=50, text="the minor"),
    R("~{a}", after=("1N X P", "1N P P X P"), hcp=(0, 6), suits="a>=5", priority=50, prefer="cheapest",
      text="escape: a long suit"),
]

# --- Advancing partner's overcall or double; responding in competition ----------------------

#: partner's cue bid of their suit: a raise of our one-level overcall to the three level or more
CUE_RAISED = ("1{x} 1{a} P 2{x} P", "1{x} 1{a} X 2{x} P")
#: ... the cue raise, then opener's side bid on and the overcaller passed
CUE_BACK = ("1{x} 1{a} P 2{x} B P P", "1{x} 1{a} X 2{x} B P P")
#: partner's notrump overcall, raised by their side
NT_OVERCALL_RAISED = ("1{x} 1N 2{x}", "2{x} 2N 3{x}")
# partner's takeout double of their three-level bid (a preempt, or a raised weak two)
THREE_X = ("3{x} X P", "3{x} P P X P", "2{x} P 3{x} X P", "2{x} P 3{x} P P X P")
TAKEOUT = ("1{x} X P", "1{x} P P X P", "1{x} X XX", "1{x} P P X XX")
TAKEOUT_DIRECT = ("1{x} X P", "1{x} X XX")
#: the takeout doubler's second call after partner's answer (they passed, or opener bid)
DOUBLER_AGAIN = ("1{x} X P B P", "1{x} X B P P", "2{x} X P B P", "1{x} X P B B")
#: advancer's cue bid answered by the doubler (they passed, or opener bid)
CUE_ANSWERED = ("1{x} X P 2{x} P B P", "1{x} X P 2{x} P B B")
DOUBLER_JUMPS = ("1{x} X P B P", "2{x} X P B P", "1{x} X P B B")
#: the balancing doubler's second call (opener bid again and it was passed round, or
#: advancer answered)
BALANCER_AGAIN = ("1{x} P P X B P P", "1{x} P P X P B P")
ADVANCE = [
    # partner doubled for takeout
    R("~{a}", after=TAKEOUT, hcp=(0, 8), suits="a>=4", priority=50, prefer="majors", text="response to a double"),
    R("~{a}", after=TAKEOUT, hcp=(0, 8), suits="a>=3", priority=45, prefer="majors", text="response to a double"),
    R("^{a}", after=TAKEOUT_DIRECT, hcp=(9, 11), suits="a>=4", priority=52, prefer="majors", force=INV,
      text="jump response: 9-11"),
    R("^{a}", after="1{x} P P X P", hcp=(11, 13), suits="a>=4", priority=52, prefer="majors", force=INV,
      text="jump response to a balancing double"),
    R("~{a}", after="1{x} P P X P", hcp=(9, 10), suits="a>=4", priority=51, prefer="majors"),
    R("1N", after=TAKEOUT, hcp=(6, 10), shape="bal", needs=("stop:x",), priority=51, text="6-10, stopper"),
    R("2N", after=TAKEOUT, hcp=(11, 12), needs=("stop:x",), priority=53, force=INV),
    R("3N", after=TAKEOUT, hcp=(13, 16), needs=("stop:x",), priority=56),
    R("2{x}", after=TAKEOUT, hcp=(12, 37), priority=55, force=F, artificial=True, text="cue bid: game-going"),
    R("4{M}", after=TAKEOUT, hcp=(10, 37), suits="M>=5", priority=57, force=SO),
    R("P", after=TAKEOUT, hcp=(0, 37), suits="x>=5", needs=("good:x",), priority=56, text="penalty pass"),
    # ... of a weak two, left in with four good trumps and values (before, AT98 of their
    # diamonds and 17 HCP bid 3NT: 2D doubled went three off, 1400)
    R("P", after="2{x} X P", hcp=(10, 37), suits="x>=4", needs=("penalty", "top:x:1"), priority=53,
      text="penalty pass"),
    R("~{a}", after=("2{x} X P", *THREE_X), hcp=(0, 9), suits="a>=4", prefer="majors", priority=50),
    R("^{a}", after="2{x} X P", hcp=(10, 37), suits="a>=4", prefer="majors", priority=51),
    R("~N", after="2{x} X P", hcp=(8, 11), needs=("stop:x",), priority=51),
    R("3N", after=("2{x} X P", *THREE_X), hcp=(12, 37), needs=("stop:x",), priority=52),
    R("4{M}", after=THREE_X, hcp=(9, 37), suits="M>=4", priority=51),
    # the doubler with extras raises advancer's major to game on three cards
    R("4{p}", after=tuple(t + " B P" for t in THREE_X), hcp=(16, 37), suits="p>=3", needs=("major:p",),
      priority=50, text="raise to game"),
    # ... and after advancer's jump (10+) over a weak two, game in the major on a sound double
    R("4{M}", after=("2D X P 3{M} P", "2H X P 3S P"), points=(14, 37), trumps="M", suits="M>=3",
      priority=50, text="raise to game"),
    # free bids after partner's double
    R("~{a}", after="1{x} X B", hcp=(5, 10), suits="a>=4", needs=("unbid:a", "cheap3:a"), prefer="majors",
      priority=50),
    R("^{a}", after="1{x} X B", hcp=(11, 13), suits="a>=4", needs=("unbid:a", "cheap3:a"), prefer="majors",
      priority=51),
    # ... over their raise to three, at the four level on a five-card suit (not a jump to five)
    R("~{a}", after="1{x} X B", hcp=(8, 37), suits="a>=5", needs=("unbid:a", "cheap4:a"), prefer="majors",
      priority=49),
    R("^^{a}", after="1{x} X B", hcp=(5, 9), suits="a>=5", shape="unbal", needs=("unbid:a", "cheap2:a"),
      priority=51, text="preemptive"),
    # ... and when they raise partner's double of their weak two: a four-card major at the three
    # level on some values, game on an opening hand (before, no rule: KJ62.QJ62..KQJ98 passed
    # 2D X 3D, -11 against BBA's 4S on seed 4321)
    R("~{M}", after="2{x} X 3{x}", hcp=(7, 10), suits="M>=4", needs=("unbid:M", "cheap3:M"), prefer="majors",
      priority=50, text="free bid"),
    R("4{M}", after="2{x} X 3{x}", hcp=(11, 37), suits="M>=4", needs=("unbid:M",), prefer="majors",
      priority=51, force=SO, text="game"),
    # partner doubled their response (the unbid suits) and opener bid again: compete in the
    # better of those suits (before, no rule: 1H P 1S X 2H, nine HCP and five clubs passed)
    R("~{a}", after="1{x} P 1{y} X B", hcp=(6, 37), suits="a>=4", needs=("unbid:a", "cheap2:a"), prefer="majors",
      priority=50, force=NF, text="response to a double"),
    R("~{a}", after="1{x} P 1{y} X B", hcp=(8, 37), suits="a>=5", needs=("unbid:a", "cheap3:a"), prefer="majors",
      priority=49, force=NF, text="response to a double"),
    R("~{a}", after="1{x} P 1{y} X B", hcp=(10, 37), suits="a>=3", needs=("unbid:a", "cheap2:a"), prefer="majors",
      priority=48, force=NF, text="response to a double"),
    # the doubler's second call
    R("X", after=("1{x} X B P P", "2{x} X B P P"), hcp=(16, 37), needs=("takeout",), priority=50,
      text="more takeout"),
    R("X", after="1{x} P P X B P P", hcp=(17, 37), needs=("takeout",), priority=50, text="more takeout"),
    R("X", after=("1{x} X P B B", "1{x} P P X P B B"), hcp=(17, 37), priority=49, text="more takeout"),
    R("P", after="1{x} X P B P", hcp=(12, 15), priority=40),
    # ... over the advancer's cue bid (forcing): a four-card suit up the line, or notrump
    R("~{M}", after="1{x} X P 2{x} P", suits="M>=4", needs=("unbid:M",), priority=61, text="answers the cue bid"),
    R("~{b}", after="1{x} X P 2{x} P", suits="b>=4", needs=("unbid:b",), prefer="majors", priority=60,
      text="answers the cue bid"),
    R("~N", after="1{x} X P 2{x} P", needs=("stop:x",), priority=58, text="answers the cue bid"),
    R("~{b}", after="1{x} X P 2{x} P", suits="b>=3", needs=("unbid:b",), prefer="majors", priority=56,
      text="answers the cue bid"),
    # ... and the cue bidder, game-going, bids game (whether they compete or not): in the
    # doubler's major with four cards, else notrump with their suit stopped, else the major on
    # three or the minor on four
    R("4{p}", after=CUE_ANSWERED, suits="p>=4", needs=("major:p",), priority=55, text="raise to game"),
    R("3N", after=CUE_ANSWERED, needs=("stop:x", "ntlevel3"), priority=53, text="their suit stopped"),
    R("4{p}", after=CUE_ANSWERED, suits="p>=3", needs=("major:p",), priority=51, text="raise to game"),
    R("5{p}", after=CUE_ANSWERED, suits="p>=4", needs=("minor:p",), priority=51, text="raise to game"),
    R("~{p}", after=DOUBLER_AGAIN, hcp=(16, 18), suits="p>=4",
      needs=("major:p", "cheap3:p"), priority=55, text="raise"),
    R("^{p}", after=DOUBLER_JUMPS, hcp=(19, 21), suits="p>=4",
      needs=("major:p",), priority=56, text="jump raise"),
    R("~{p}", after=DOUBLER_AGAIN, hcp=(16, 18), suits="p>=4",
      needs=("minor:p", "cheap3:p"), priority=52, text="raise"),
    R("^{p}", after=("1{x} X P B P", "2{x} X P B P"), hcp=(19, 21), suits="p>=4", needs=("minor:p",),
      priority=52, text="jump raise"),
    R("~{b}", after=(*DOUBLER_AGAIN, "3{x} X P B P", "1{x} X B P B", *BALANCER_AGAIN), hcp=(18, 37),
      suits="b>=5", needs=("unbid:b",), priority=54, text="a strong hand with a long suit"),
    # ... and when partner could not answer, a long strong major of the doubler's own: game
    # on four losers, a jump on five
    # (before, 1D P P X 2D P P with AKQJT62.AKJ8..62 passed: -13 IMPs against BBA's 4S)
    R("4{b}", after=("1{x} X B P P", "1{x} P P X B P P"), hcp=(16, 37), suits="b>=6",
      needs=("unbid:b", "major:b", "good:b", "losers:4", "below4:b"), priority=57, force=SO,
      text="game in a long suit"),
    R("^{b}", after=("1{x} X B P P", "1{x} P P X B P P"), hcp=(16, 37), suits="b>=6",
      needs=("unbid:b", "good:b", "losers:5", "cheap2:b"), priority=55, force=INV,
      text="a strong hand with a long suit"),
    R("^{b}", after="1{x} X P B P", hcp=(20, 37), suits="b>=6", needs=("unbid:b",), priority=55),
    R("~N", after="1{x} X P B P", hcp=(18, 20), shape="bal", priority=51),
    R("~N", after="1{x} X P B P", hcp=(19, 20), shape="bal", needs=("stop:x",), priority=53),
    R("2{x}", after="1{x} X P B P", hcp=(21, 37), needs=("takeout",), priority=52, artificial=True, force=F,
      text="cue bid: very strong"),
    R("^N", after="1{x} X P B P", hcp=(21, 22), shape="bal", needs=("stop:x",), priority=53),
    R("3N", after="1{x} X P B P", hcp=(23, 24), shape="bal", needs=("stop:x",), priority=51),
    R("~N", after="1{x} P P X P B P", hcp=(15, 18), shape="bal", needs=("stop:x",), priority=51),
    # the balancing doubler raises a notch higher: advancer, who may hold 10, bid a king less
    R("~{p}", after="1{x} P P X P B P", hcp=(16, 19), suits="p>=4", needs=("cheap3:p",), priority=55,
      text="raise"),
    R("^{p}", after="1{x} P P X P B P", hcp=(20, 22), suits="p>=4", needs=("major:p",), priority=56,
      text="jump raise"),
    # partner overcalled
    R("P", after=("1{x} B P", "1{x} P P B P"), priority=5, text="not enough to act"),
    # ... on three trumps, over their pass or double, not opposite a weak jump overcall: BBA
    # passes it with three (before, 843.J32.QT93.KQ6 raised P P 1D 2S X to 3S, -9 on seed
    # 3571). Over their bid the law of total tricks competes on three as before (GENERAL)
    R("~{p}", after="1{x} B B", hcp=(6, 10), suits="p>=3", needs=("cheap3:p",), priority=50, force=NF,
      text="raise"),
    R("~{p}", after=("1{x} B P", "1{x} B X"), hcp=(6, 10), suits="p>=3", needs=("cheap3:p", "notweakjump"),
      priority=50, force=NF, text="raise"),
    R("~{p}", after=("1{x} B P", "1{x} B X"), hcp=(6, 10), suits="p>=4", needs=("cheap3:p",), priority=50,
      force=NF, text="raise"),
    # ... over their double, four trumps raise once on less: the fit is the defence's problem
    R("~{p}", after="1{x} B X", hcp=(3, 5), suits="p>=4", needs=("cheap2:p",), priority=50, force=NF,
      text="raise: four trumps, weak"),
    # ... and partner's overcall of their response (before, no rule: 1D P 1H 1S 2H, nine HCP
    # and three spades passed)
    R("~{p}", after=("1{x} P 1{y} B P", "1{x} P 1{y} B B"), hcp=(6, 10), suits="p>=3", needs=("cheap3:p",),
      priority=50, force=NF, text="raise"),
    # ... with four trumps on less when they bid on: the fit is the defence's problem (before,
    # 9643.JT53.AT5.T5 passed 1D P 1H 1S 2C, -6 on seed 2718 where BBA raised)
    R("~{p}", after="1{x} P 1{y} B B", hcp=(3, 5), suits="p>=4", needs=("cheap2:p",), priority=50, force=NF,
      text="raise: four trumps, weak"),
    R("~{p}", after=("1{x} P P B P",), hcp=(8, 12), suits="p>=3", priority=50, force=NF, text="raise"),
    R("^{p}", after=("1{x} P P B P",), hcp=(13, 15), suits="p>=4", priority=51, force=INV, text="jump raise"),
    # ... and when opener rebids over a balancing overcall: a raise, a jump raise invites
    R("~{p}", after="1{x} P P B B", hcp=(8, 12), suits="p>=3", needs=("cheap3:p",), priority=50, force=NF,
      text="raise"),
    R("^{p}", after="1{x} P P B B", hcp=(13, 15), suits="p>=3", needs=("cheap3:p",), priority=51, force=INV,
      text="jump raise"),
    R("4{p}", after="1{x} P P B B", hcp=(16, 37), suits="p>=3", needs=("major:p",), priority=52),
    # ... and notrump or a suit of one's own over a balancing overcall (partner may be light)
    R("1N", after="1{x} P P 1{a} P", hcp=(11, 14), shape="semibal", needs=("stop:x",), priority=49),
    R("2N", after="1{x} P P 1{a} P", hcp=(15, 17), shape="semibal", needs=("stop:x",), priority=49, force=INV),
    R("~{a}", after="1{x} P P B P", hcp=(10, 16), suits="a>=5", needs=("good:a", "unbid:a", "cheap2:a"),
      priority=48, force=NF, text="new suit"),
    R("4{p}", after=("1{x} B P", "1{x} B B", "1{x} B X"), hcp=(0, 9), suits="p>=5", shape="unbal", needs=("major:p",),
      priority=52, force=SO, text="preemptive raise to game"),
    # over their double, the jump with four trumps wants shape: flat hands raise once (seed
    # 2718 deal 694: 3H doubled, -10; BBA raises once). Undoubled, SAYC's jump stands. Over
    # their new suit too, four trumps and shape jump (before, no rule: 5.9864.A97643.T8 passed
    # P 1D 1H 1S, -11 against BBA's 3H; +49 IMPs on 14 boards of the untuned seeds 4646, 8989)
    R("^{p}", after="1{x} B P", hcp=(0, 9), suits="p>=4", priority=51, force=NF, text="preemptive jump raise"),
    R("^{p}", after=("1{x} B X", "1{x} B B"), hcp=(0, 9), suits="p>=5", priority=51, force=NF,
      text="preemptive jump raise"),
    R("^{p}", after=("1{x} B X", "1{x} B B"), hcp=(0, 9), suits="p>=4", shape="unbal", priority=51, force=NF,
      text="preemptive jump raise"),
    R("2{x}", after=("1{x} B P", "1{x} B X"), points=(11, 37), trumps="p", suits="p>=3", priority=54, force=F,
      artificial=True,
      text="cue bid: a limit raise or better"),
    R("~N", after="1{x} B P", hcp=(8, 12), needs=("stop:x", "notweakjump"), shape="bal", priority=47),
    R("3N", after="1{x} B P", hcp=(13, 16), needs=("stop:x",), priority=48),
    R("~{a}", after="1{x} B P", hcp=(8, 16), suits="a>=5", needs=("good:a", "unbid:a", "cheap3:a"),
      priority=48, force=NF, text="new suit"),
    R("~{a}", after="1{x} B P", hcp=(10, 16), suits="a>=6", needs=("top:a:1", "unbid:a", "cheap3:a"),
      priority=47, force=NF, text="new suit"),
    # ... and at the one level any five cards from 7 HCP, as BBA (before, no rule:
    # J6532.A.J764.Q52 passed 1C 1H P, -6 against BBA's 1S; +23 on 5 boards of four seeds not read)
    R("~{a}", after="1{x} B P", hcp=(7, 16), suits="a>=5", needs=("unbid:a", "cheap1:a"),
      priority=46, force=NF, text="new suit", name="advancer's five-card suit at the one level"),
    # ... also over their negative double (before, no rule: T3.KQJ.KJ7652.A9 passed 1C 1S X,
    # -12 against BBA's 2D), but not opposite a weak jump overcall (KQ98.AQT86.2.K54 bid 3H
    # over 1D 3C X opposite a void, on seed 2222)
    R("~{a}", after="1{x} B X", hcp=(8, 16), suits="a>=5", needs=("good:a", "unbid:a", "cheap3:a", "notweakjump"),
      priority=48, force=NF, text="new suit"),
    R("~{a}", after="1{x} B X", hcp=(10, 16), suits="a>=6", needs=("top:a:1", "unbid:a", "cheap3:a", "notweakjump"),
      priority=47, force=NF, text="new suit"),
    # ... and over their bid, a six-card suit at the two level
    R("~{a}", after="1{x} B B", hcp=(8, 16), suits="a>=6", needs=("decent:a", "unbid:a", "cheap2:a"),
      priority=47, force=NF, text="new suit"),
    # ... or a five-card suit at the one level (before, no rule: AQ943.J.83.Q9754 passed
    # 1C 1D 1H, -11 on seed 1491, BBA 1S)
    R("~{a}", after="1{x} B B", hcp=(8, 16), suits="a>=5", needs=("decent:a", "unbid:a", "cheap1:a"),
      priority=47, force=NF, text="new suit"),
    R("4{p}", after=("1{x} B P", "1{x} B B", "1{x} B X"), hcp=(13, 37), suits="p>=3", needs=("major:p",),
      priority=53),
    # ... when they raise opener: notrump with their suit stopped
    R("~N", after="1{x} 1{a} 2{x}", hcp=(11, 12), shape="bal", needs=("stop:x",), priority=47, force=INV),
    R("3N", after=("1{x} 1{a} 2{x}", "1{x} 2{a} 3{x}"), hcp=(13, 16), needs=("stop:x",), priority=48),
    # the overcaller answers the cue raise: a minimum rebids the suit, extras invite or bid game
    R("~{a}", after=CUE_RAISED, hcp=(7, 12), priority=50, force=NF, text="minimum"),
    R("^{a}", after=CUE_RAISED, hcp=(13, 14), priority=50, force=INV, text="extra values"),
    R("4{a}", after=CUE_RAISED, hcp=(15, 37), needs=("major:a",), priority=51, force=SO),
    # the cue raiser, when opener's side bid on and the overcaller passed: still the raise
    R("~{p}", after=CUE_BACK, hcp=(0, 12), suits="p>=3", needs=("cheap3:p",), priority=50, force=NF,
      text="raise"),
    R("4{p}", after=CUE_BACK, hcp=(13, 37), suits="p>=3", needs=("major:p",), priority=51),
    # weak jump overcall: partner's 2NT asks for a feature (over a simple overcall it is natural)
    R("2N", after="1{x} 2{a} P", hcp=(15, 37), suits="a>=2", needs=("partnerweakjump",), priority=48, force=F,
      artificial=True, alert=True, text="asks for a feature"),
    R("~{b}", after="1{x} 2{a} P 2N P", hcp=(8, 11), needs=("feature:b", "partnerasked"), priority=42,
      prefer="cheapest", text="a feature: A or K"),
    R("3{a}", after="1{x} 2{a} P 2N P", needs=("partnerasked",), priority=40, text="minimum"),
    R("4{a}", after="1{x} 2{a} P 2N P B P", suits="a>=2", hcp=(14, 37), needs=("major:a",), priority=42),
    # ... over a simple overcall it is natural, 8-12 and inviting: the overcaller bids game from
    # the top of the overcall, rebids a six-card suit on a minimum (before, no rule:
    # J4.AK32.T4.AK952 passed 1S 2C P 2NT P with 16 HCP, -10 against BBA; on the untuned seed
    # 6789, rules alone, +3 on the two boards it changed)
    R("3N", after="1{x} 2{a} P 2N P", hcp=(14, 37), needs=("notasked",), priority=41, text="accepts"),
    R("3{a}", after="1{x} 2{a} P 2N P", hcp=(0, 13), suits="a>=6", needs=("notasked",), priority=40, force=SO,
      text="minimum"),
    # 1NT overcall (direct or balancing): systems on; the overcaller answers like an opener
    R("2D", after="1{x} 1N P 2C P", suits="H<=3 S<=3", priority=50, artificial=True, text="no 4-card major"),
    R("2H", after="1{x} 1N P 2C P", suits="H>=4", priority=52, text="4 ♥"),
    R("2S", after="1{x} 1N P 2C P", suits="S>=4 H<=3", priority=51, text="4 ♠"),
    # ... and responder after the answer to Stayman: as over a 1NT opening (the rules there),
    # and 9 HCP with a five-card suit bids game opposite the overcall's 15-18
    R("3N", after=STAY_OVER, hcp=(9, 9), needs=("longest5",), priority=43, force=SO),
    R("P", after=tuple(s + " 2N P" for s in STAY_OVER), hcp=(15, 16), priority=40),
    R("3N", after=tuple(s + " 2N P" for s in STAY_OVER), hcp=(17, 18), priority=40),
    R("P", after=("1{x} 1N P 2C P 2H P 3H P", "1{x} 1N P 2C P 2S P 3S P"), hcp=(15, 16), priority=40),
    R("4{o}", after=("1{x} 1N P 2C P 2H P 3H P", "1{x} 1N P 2C P 2S P 3S P"), hcp=(17, 18), priority=40),
    R("2C", after="1{x} 1N P", hcp=(8, 37), suits="H>=4", priority=50, artificial=True, text=STAYMAN),
    R("2C", after="1{x} 1N P", hcp=(8, 37), suits="S>=4", priority=50, artificial=True, text=STAYMAN),
    R("2N", after="1{x} 1N P", hcp=(8, 9), priority=45, force=INV),
    R("2D", after="1{x} 1N P", suits="H>=5", needs=("notx:H",), priority=52, artificial=True, alert=True,
      text="transfer to ♥"),
    R("2H", after="1{x} 1N P", suits="S>=5", needs=("notx:S",), priority=52, artificial=True, alert=True,
      text="transfer to ♠"),
    R("2H", after="1{x} 1N P 2D P", priority=50, text="completes the transfer"),
    R("2S", after="1{x} 1N P 2H P", priority=50, text="completes the transfer"),
    # ... and over their bid, completes it at three with three trumps, as over a 1NT opening
    # (before, no rule: A85.AQ75.Q73.A98 passed 1S 1NT P 2D 2S, -11 on seed 3698, BBA 3H)
    R("3H", after="1{x} 1N P 2D 2S", suits="H>=3", priority=52, text="completes the transfer: 3+ ♥"),
    R("2N", after=("1{x} 1N P 2D P 2H P", "1{x} 1N P 2H P 2S P"), hcp=(8, 9), priority=45, force=INV),
    R("P", after=("1{x} 1N P 2D P 2H P", "1{x} 1N P 2H P 2S P"), hcp=(0, 7), priority=40),
    R("4{p}", after=("1{x} 1N P 2D P 2H P", "1{x} 1N P 2H P 2S P"), hcp=(10, 15), suits="p>=6", priority=45),
    R("3N", after=("1{x} 1N P 2D P 2H P", "1{x} 1N P 2H P 2S P"), hcp=(10, 15), priority=44),
    R("3N", after="1{x} 1N P", hcp=(10, 15), priority=45),
    # the overcaller after the transfer and an invitation: as over a 1NT opening (15-18 here)
    R("P", after="1{x} 1N P 2D P 2H P 2N P", hcp=(15, 16), suits="H<=2", priority=40),
    R("3H", after="1{x} 1N P 2D P 2H P 2N P", hcp=(15, 16), suits="H>=3", priority=40),
    R("3N", after="1{x} 1N P 2D P 2H P 2N P", hcp=(17, 18), suits="H<=2", priority=40),
    R("4H", after="1{x} 1N P 2D P 2H P 2N P", hcp=(17, 18), suits="H>=3", priority=40),
    R("P", after="1{x} 1N P 2H P 2S P 2N P", hcp=(15, 16), suits="S<=2", priority=40),
    R("3S", after="1{x} 1N P 2H P 2S P 2N P", hcp=(15, 16), suits="S>=3", priority=40),
    R("3N", after="1{x} 1N P 2H P 2S P 2N P", hcp=(17, 18), suits="S<=2", priority=40),
    R("4S", after="1{x} 1N P 2H P 2S P 2N P", hcp=(17, 18), suits="S>=3", priority=40),
    R("~{a}", after="1{x} 1N P", hcp=(0, 7), suits="a>=5", needs=("notc:a",), priority=44, force=SO),
    R("2C", after="1{x} P P 1N P", hcp=(11, 37), suits="H>=4", priority=50, artificial=True, text=STAYMAN),
    R("2C", after="1{x} P P 1N P", hcp=(11, 37), suits="S>=4", priority=50, artificial=True, text=STAYMAN),
    R("2N", after="1{x} P P 1N P", hcp=(11, 12), priority=45, force=INV),
    R("3N", after="1{x} P P 1N P", hcp=(13, 18), priority=45),
    # opener after a Jordan 2NT
    R("3{a}", after="1{a} X 2N P", hcp=(10, 13), priority=40, force=SO),
    R("4{a}", after="1{a} X 2N P", hcp=(14, 21), priority=41, force=SO),
    # Michaels and unusual: partner picks
    R("~{M}", after=("1{m} 2{m} P", "1{m} P P 2{m} P"), suits="M>=3", priority=65, text="preference"),
    R("~{M}", after=("1{m} 2{m} P", "1{m} P P 2{m} P"), priority=63, text="preference"),
    R("4{M}", after=("1{m} 2{m} P", "1{m} P P 2{m} P"), hcp=(10, 37), suits="M>=5", priority=67),
    # ... and when they raise or double: four cards compete, values bid game
    R("4{M}", after=("1{m} 2{m} 3{m}", "1{m} 2{m} X"), hcp=(10, 37), suits="M>=4", priority=67),
    R("~{M}", after=("1{m} 2{m} 3{m}", "1{m} 2{m} X"), hcp=(5, 9), suits="M>=4", priority=65, force=NF,
      text="competes"),
    R("4{M2}", after=("1{M} 2{M} 3{M}", "1{M} 2{M} X"), hcp=(10, 37), suits="M2>=4", priority=67),
    R("~{M2}", after=("1{M} 2{M} 3{M}", "1{M} 2{M} X"), hcp=(5, 9), suits="M2>=4", priority=65, force=NF,
      text="competes"),
    # ... and three cards of the other major with an opening's values: the five-three fit plays
    # game (before, no rule: 832.K7.A95.AK543 passed 1H 2H 3H, -11 against BBA)
    R("4{M2}", after=("1{M} 2{M} 3{M}", "1{M} 2{M} X"), hcp=(12, 37), suits="M2>=3", priority=66),
    R("2N", after=("1{m} 2{m} P", "1{m} P P 2{m} P"), suits="H<=2 S<=2", priority=66, text="no major fit"),
    R("~{M2}", after=("1{M} 2{M} P", "1{M} P P 2{M} P"), suits="M2>=3", priority=66, text="preference"),
    R("4{M2}", after=("1{M} 2{M} P", "1{M} P P 2{M} P"), suits="M2>=4", hcp=(10, 37), priority=67),
    R("2N", after=("1{M} 2{M} P", "1{M} P P 2{M} P"), priority=64, artificial=True, text="asks for the minor"),
    R("~{m}", after="1{M} 2{M} P 2N P", suits="m>=5", priority=50, text="the minor"),
    R("^{m}", after="1{M} 2{M} P 2N P", suits="m>=5", hcp=(15, 37), priority=51, text="the minor, strong"),
    R("4{a}", after="1{M} 2{M} P 3{a} P", hcp=(15, 37), needs=("major:a",), priority=50, text="strong"),
    R("4D", after="1{M} 2{M} B 4C P", suits="D>=5", priority=50, text="corrects to the minor"),
    R("3D", after="1{M} 2{M} P 3C P", suits="D>=5", priority=50, text="corrects to the minor"),
    # Michaels over a weak two (2H 3H, 2S 3S): the other major, or 4C to pass or correct
    R("~{M2}", after="2{M} 3{M} P", suits="M2>=3", priority=66, text="preference"),
    R("4S", after="2H 3H P", suits="S>=3", hcp=(9, 37), priority=67, force=SO, text="game in spades"),
    R("4C", after="2H 3H P", suits="S<=2", priority=64, artificial=True, text="pass or correct: the minor"),
    R("4C", after="2S 3S P", suits="H<=2", priority=64, artificial=True, text="pass or correct: the minor"),
    R("4D", after=("2H 3H P 4C P", "2S 3S P 4C P"), suits="D>=5", priority=50, text="corrects to the minor"),
    R("P", after=("2H 3H P 4C P", "2S 3S P 4C P"), suits="C>=5", priority=49, text="the minor is clubs"),
    # (above the general advances of an overcall: 3NT "with their suit stopped" read the
    # unusual 2NT as natural, and was doubled)
    R("~{a}", after=("1{x} 2N P", "1{x} 2N X", "2C 2N P", "1{x} P 1{y} 2N P", "1{x} P 1N 2N P"),
      needs=("low2:a",), priority=49, text="preference"),
    R("~{a}", after="1{x} P P 2N P", needs=("low2:a", "partnerpassed"), priority=45, text="preference"),
    # ... and the unusual 4NT: the longer minor at the five level (before, advancer passed it)
    R("5D", after=UNUSUAL_4N, needs=("longer:D:C",), priority=46, text="preference"),
    R("5C", after=UNUSUAL_4N, priority=45, text="preference"),
    # ... and when responder has doubled it for values: penalties in the suit advancer picks
    R("X", after="1{a} 2N X 3{y}", needs=("penalty",), priority=50, text="penalty"),
    R("X", after="1{a} 2N X 3{y} P P", hcp=(10, 37), suits="y>=3", priority=50, text="penalty"),
    # partner's notrump overcall, and they raise: a long suit, game, or a penalty double
    R("~{a}", after=NT_OVERCALL_RAISED, hcp=(5, 37), suits="a>=5", needs=("unbid:a", "cheap3:a"),
      prefer="majors", priority=46, force=NF, text="natural"),
    R("4{M}", after=NT_OVERCALL_RAISED, hcp=(8, 15), suits="M>=6", needs=("unbid:M",), priority=49, force=SO),
    R("3N", after="2{x} 2N 3{x}", hcp=(6, 15), priority=47, force=SO),
    R("3N", after="1{x} 1N 2{x}", hcp=(10, 15), priority=47, force=SO),
    R("2N", after="1{x} 1N 2{x}", hcp=(8, 9), priority=45, force=INV),
    # ... which the overcaller accepts from the top of 15-18, or on 16 with a five-card suit
    # (before, no rule: AJ932.K6.KT6.A64 passed it, found dealing at random)
    R("3N", after="1{x} 1N 2{x} 2N P", hcp=(17, 18), priority=45, force=SO, text="accepts"),
    R("3N", after="1{x} 1N 2{x} 2N P", hcp=(16, 16), needs=("longest5",), priority=45, force=SO, text="accepts"),
    R("X", after=NT_OVERCALL_RAISED, hcp=(6, 37), needs=("penalty",), priority=48, text="penalty"),
    R("~{a}", after="1{M} 2{M} B 4N P", suits="a>=5", needs=("minor:a",), priority=50, text="the minor"),
]

#: partner's natural answer (6-9, not forcing) over their takeout double of my opening
ANSWERED_OVER_X = "1{a} X 1{c} P"

# --- Opener and responder in competition ----------------------------------------------------

OVERCALLED = ("1{a} 1{x}", "1{a} 2{x}")
#: opener passed their overcall of the one-level response: responder bids again
#: opener's takeout double of their overcall of the response
OPENER_DOUBLED = ("1{a} P 1{c} 2{x} X P", "1{a} P 1{c} 3{x} X P", "1{a} P 1N 2{x} X P", "1{a} P 1N 3{x} X P")
OPENER_PASSED = ("1{a} P 1{c} 1{x} P P", "1{a} P 1{c} 2{x} P P")
NEG_X = ("1{a} 1{x} X P", "1{a} 2{x} X P", "1{a} 1{x} X B", "1{a} 2{x} X B", "1{a} 3{x} X P")
#: opener has answered the negative double
NEG_X_ANSWERED = tuple(s + " B P" for s in NEG_X)
#: opener redoubled their reopening double, and they ran
THEIR_ESCAPE = ("1{a} P P X XX 1{y} P P", "1{a} P P X XX 2{y} P P")
COMPETE = [
    # opener, their 1NT overcall passed round: a six-card suit competes (before, no rule: 13 HCP
    # and six diamonds passed 1D 1NT P P)
    R("2{a}", after="1{a} 1N P P", suits="a>=6", priority=45, force=NF, text="6+ cards"),
    # opener, their double reopening after two passes: a six-card suit is rebid at once,
    # before their fit is found (before, AT9743 and 12 HCP passed 1S P P X: -12 against BBA)
    R("2{a}", after="1{a} P P X", hcp=(10, 15), suits="a>=6", priority=45, force=NF, text="6+ cards"),
    # ... and a strong hand redoubles, to double them where they run (before, KQJ42.AKQ.QT5.JT
    # passed 1S P P X: -16 against BBA's redouble on seed 777)
    R("XX", after="1{a} P P X", hcp=(18, 37), priority=46, text="strong"),
    # ... and a second suit, as BBA, before their fit is found: five-five, or a lower four-card
    # suit with 13+ (before, no rule: 9.83.AKQ93.A9652 passed 1D P P X, -11 against BBA's 2C)
    R("~{b}", after="1{a} P P X", suits="a>=5 b>=5", hcp=(10, 17), needs=("unbid:b", "cheap2:b"), priority=44,
      force=NF, text="second suit"),
    R("~{b}", after="1{a} P P X", suits="a>=5 b>=4", hcp=(13, 17), needs=("unbid:b", "cheap2:b", "below:b:a"),
      priority=43, force=NF, text="second suit"),
    # ... which partner, who passed, corrects to the first suit when longer in it
    R("2{a}", after="1{a} P P X 2{b} P", suits="a>=2", needs=("longer:a:b",), priority=45, force=NF,
      text="preference"),
    R("X", after=THEIR_ESCAPE, suits="y>=3", priority=50, text="penalty"),
    R("~{a}", after=THEIR_ESCAPE, suits="a>=5", priority=49, text="natural"),
    R("~N", after=THEIR_ESCAPE, needs=("stop:y",), priority=48,
      text="their suit stopped"),
    # responder after their cue bid (Michaels) of partner's opening: values, or a raise
    R("X", after=("1{a} 2{a}", "1{a} 2N"), hcp=(10, 37), priority=52, text="values: for penalties"),
    # ... and after their 1NT overcall: the hand is ours (before, 12 HCP passed 1D 1NT: -12)
    R("X", after="1{a} 1N", hcp=(10, 37), priority=52, text="values: for penalties"),
    R("~{a}", after="1{a} 2{a}", points=(6, 10), trumps="a", suits="a>=3", priority=53, force=NF, text="raise"),
    R("4{M}", after="1{M} 2{M}", points=(11, 37), trumps="M", suits="M>=4", priority=54, force=SO,
      text="raise to game"),
    # ... and a six-card suit of one's own, decent, is bid rather than doubled: the double
    # hunts a penalty the suit may not need (before, KQJT93.K5.K5.952 doubled 1H 2NT, -11 on
    # seed 3698, BBA 3S; 95.54.KQ9853.AK3 doubled 1C 2C, -7, BBA 2D); with seven, game in it
    # at once (a forcing 3S on AKT7653..865.Q76 over 1C 2NT was left in their 4H, -11)
    R("~{b}", after=("1{a} 2{a}", "1{a} 2N"), hcp=(8, 37), suits="b=6", needs=("decent:b", "unbid:b", "cheap3:b"),
      priority=53, force=F, text="natural"),
    R("4{b}", after=("1{a} 2{a}", "1{a} 2N"), hcp=(8, 37), suits="b>=7", needs=("decent:b", "unbid:b", "major:b"),
      priority=53, force=SO, text="game in a long suit"),
    R("4{M}", after="1{M} 2{M}", hcp=(0, 9), suits="M>=5", priority=54, force=SO, text="preemptive"),
    # responder after a double of partner's opening
    R("X", after="1{a} X XX 1{x} P P", suits="x>=3", priority=50, text="penalty: after the redouble"),
    R("~{b}", after="1{a} X XX 1{x} P P", suits="b>=5", needs=("unbid:b", "cheap2:b"), priority=48,
      text="natural, after the redouble"),
    R("~{a}", after="1{a} X XX 1{x} P P", suits="a>=3", needs=("cheap2:a",), priority=46,
      text="preference, after the redouble"),
    # opener, after the redouble and their escape: a pass asks partner to double them, so a
    # hand that will not defend, a long suit and their suit short, bids it (before, all
    # passed: AJ82.KQJ9853.5.5 over 1H X XX 2C, -11 on seed 3698, BBA 4H; 832.AKQT72.Q.872
    # over 1H X XX 2D, -11 on seed 1491, BBA 2H)
    R("~{a}", after=("1{a} X XX 1{x}", "1{a} X XX 2{x}"), suits="a>=6 x<=1", hcp=(10, 14), needs=("cheap2:a",),
      priority=45, force=NF, text="6+ cards, not for defence"),
    R("4{a}", after=("1{a} X XX 1{x}", "1{a} X XX 2{x}"), suits="a>=7 x<=1", hcp=(10, 37), needs=("major:a",),
      priority=46, force=SO, text="game: a long suit opposite 10+"),
    R("4{a}", after=("1{a} X XX 1{x}", "1{a} X XX 2{x}"), suits="a>=6 x<=1", hcp=(15, 37), needs=("major:a",),
      priority=46, force=SO, text="game: a long suit opposite 10+"),
    R("XX", after="1{a} X", hcp=(10, 37), priority=55, text="10+ HCP"),
    R("~{a}", after="1{a} X", points=(6, 10), trumps="a", suits="a>=3", priority=52, force=NF, text="raise"),
    R("2N", after="1{M} X", points=(10, 37), trumps="M", suits="M>=3", hcp=(8, 37), priority=54, artificial=True,
      alert=True, text="Jordan: limit raise or better"),
    # ... first with four trumps and 10+ HCP: the redouble would hide the fit (before,
    # KQT93.532.AQ2.T6 redoubled 1S X, -12 on seed 2857; BBA bids 2NT; the rules alone on four
    # seeds not read: +35 on 8 boards)
    R("2N", after="1{M} X", points=(10, 37), trumps="M", suits="M>=4", hcp=(10, 37), priority=56, artificial=True,
      alert=True, text="Jordan: limit raise or better", name="Jordan with four trumps"),
    R("4{M}", after="1{M} X", hcp=(0, 9), suits="M>=5", priority=56, force=SO, text="preemptive"),
    R("^{a}", after="1{a} X", hcp=(0, 9), suits="a>=4", priority=53, force=SO, text="preemptive raise"),
    # ... which opener raises to game in a major with 18+ HCP: nine trumps and partner's few
    # values make ten tricks (before, no rule: AT762.AK6.Q.AJ62 passed 1S X 3S P, -10 against
    # BBA's 4S on seed 8484; the SAYC cases pass with AK7642.KQ3.J3.K4, 16)
    R("4{M}", after="1{M} X 3{M} P", hcp=(18, 37), priority=50, force=SO, text="game in the fit"),
    R("1{b}", after="1{a} X", hcp=(6, 9), suits="b>=4", priority=51, force=NF, text="natural"),
    R("~{b}", after="1{a} X", hcp=(6, 9), suits="b>=5", priority=50, force=NF, text="natural, not forcing"),
    R("^{b}", after="1{a} X", hcp=(3, 8), suits="b>=6", needs=("decent:b",), priority=51, force=SO,
      text="weak jump shift"),
    R("1N", after="1{a} X", hcp=(6, 9), priority=48, force=NF),
    # opener after that 6-9 answer (not forcing): a minimum passes, extras bid on (before, no
    # rule: 1H X 1S P with AKQ8543 and 12 HCP passed, -3 IMPs against BBA's 4H)
    R("2{c}", after=ANSWERED_OVER_X, suits="c>=4", points=(14, 16), trumps="c", priority=54, force=NF,
      text="raise"),
    R("3{c}", after=ANSWERED_OVER_X, suits="c>=4", points=(17, 18), trumps="c", priority=54, force=INV),
    R("4{c}", after=ANSWERED_OVER_X, suits="c>=4", points=(19, 37), trumps="c", needs=("major:c",),
      priority=54, force=SO),
    R("2{a}", after=ANSWERED_OVER_X, suits="a>=6", hcp=(13, 15), priority=48, force=NF, text="6+ cards"),
    R("3{a}", after=ANSWERED_OVER_X, suits="a>=7", hcp=(12, 15), needs=("good:a", "losers:5"), priority=49,
      force=INV, text="one long suit"),
    R("~{b}", after=ANSWERED_OVER_X, suits="a<=5 b>=4", hcp=(16, 18), needs=("unbid:b", "cheap2:b"), priority=47,
      force=NF, text="new suit, extra values"),
    R("2N", after=ANSWERED_OVER_X, hcp=(18, 19), shape="bal", priority=53, force=INV),
    # negative doubles (through 2S)
    R("X", after="1{a} 1{x}", hcp=(6, 37), needs=("majors4",), priority=55, text="negative double"),
    R("X", after="1{a} 1{x}", hcp=(6, 37), needs=("majors4", "twomajors"), priority=57,
      text="negative double: both majors"),
    # ... before a new minor at the two level on invitational values and a four-card major: the
    # double finds the major fit (before, 2D: A92.QJT2.AJ632.5 over 1C 1S, -11, and
    # KT86.5.A8754.A63 over P 1C 1H, -11 against BBA's double; 2D with a four-card unbid major
    # and 11-12 HCP lost 55 IMPs on 8 boards of eight seeds)
    R("X", after=("1{m} 1{x}", "1{m} 2{x}"), hcp=(8, 12), suits="H<=4 S<=4", needs=("majors4",), priority=57,
      text="negative double", name="negative double before a minor"),
    R("X", after="1{a} 2{x}", hcp=(8, 37), needs=("majors4",), priority=55, text="negative double"),
    R("X", after="1{M} 2{x}", hcp=(8, 37), needs=("minors4",), priority=54, text="negative double"),
    # ... and over 1H 1S, where no major is left, the double shows the minors (before, no rule:
    # T43.A5.Q862.AQ43 passed, -16 on seed 5566; BBA doubles on 4-4 from 5 HCP; the rules alone
    # on four seeds not read: +12 on 4 boards)
    R("X", after="1H 1S", hcp=(7, 37), needs=("minors4",), priority=54, text="negative double"),
    R("1{b}", after="1{a} 1{x}", hcp=(6, 37), suits="b>=5", priority=56, force=F, text="new suit"),
    R("1{M}", after="1{a} 1{x}", hcp=(6, 37), suits="M>=4", priority=54, force=F, text="new suit"),
    # jump shifts in competition are weak, as over their double: a decent six-card suit
    # (before, KQT854.T9.876.42 passed 1C 1H; BBA bid 2S, -10 on seed 9001)
    R("^{b}", after="1{a} 1{x}", hcp=(3, 8), suits="b>=6", needs=("decent:b", "unbid:b", "cheap1:b"), priority=57,
      force=SO, text="weak jump shift"),
    R("~{b}", after=OVERCALLED, hcp=(11, 37), suits="b>=5", needs=("unpassed", "cheap2:b"), priority=56,
      force=F, text="new suit"),
    # ... a five-card major on ten HCP too, before a negative double (BBA bids it: 10 HCP and
    # KJT65 doubled 1C 2H, then could not show the spades, -13)
    R("~{M}", after=OVERCALLED, hcp=(10, 10), suits="M>=5", needs=("unpassed", "cheap2:M"), priority=56,
      force=F, text="new suit", name="new suit over their overcall, ten HCP"),
    R("~{b}", after=OVERCALLED, hcp=(13, 37), suits="b>=5", needs=("unpassed",), priority=56, force=F,
      text="new suit"),
    # ... a little less with a decent six-card suit (10 HCP and AQxxxx over their weak jump)
    R("~{b}", after=OVERCALLED, hcp=(10, 37), suits="b>=6", needs=("unpassed", "decent:b"), priority=56,
      force=F, text="new suit"),
    R("~{b}", after="1{a} 2{x}", hcp=(9, 11), suits="b>=5", needs=("passed", "unbid:b", "cheap2:b"), priority=55,
      force=NF, text="new suit"),
    # their overcall of a new suit forcing (one round): opener doubles with their suit held
    R("X", after="1{a} 1{x} 2{b} 2{x}", needs=("penalty",), priority=47, text="penalty"),
    R("~{a}", after=OVERCALLED, points=(6, 10), trumps="a", suits="a>=3", needs=("major:a",), priority=53,
      force=NF, text="raise"),
    # a minor is raised over their overcall with five cards (four for diamonds), as uncontested:
    # opener then knows the fit for competing. With three, BBA passes; our raises on three lost
    # 35 IMPs on 22 boards of seed 2718 (rules alone)
    R("~{a}", after=OVERCALLED, hcp=(6, 10), suits="a>=5", needs=("minor:a",), priority=52, force=NF,
      text="raise"),
    R("~D", after="1D 1{x}", hcp=(6, 10), suits="D>=4", priority=52, force=NF, text="raise"),
    R("^{a}", after=OVERCALLED, points=(10, 12), trumps="a", suits="a>=3", needs=("major:a",), priority=56,
      force=INV, text="limit raise"),
    R("^{m}", after="1{m} 1{x}", hcp=(10, 12), suits="m>=5", priority=54, force=INV, text="limit raise"),
    R("2{x}", after=OVERCALLED, hcp=(13, 37), suits="a>=3", needs=("major:a",), priority=56, force=F,
      artificial=True, text="cue bid: game-forcing raise"),
    R("2{x}", after="1{m} 1{x}", points=(11, 37), trumps="m", suits="m>=4", priority=54, force=F, artificial=True,
      text="cue bid: a raise with values"),
    # opener after responder's new suit over their overcall (with or without their raise)
    R("~{b}", after=("1{a} 1{x} 1{b} P", "1{a} 1{x} 1{b} 2{x}"), suits="b>=3", hcp=(11, 15),
      needs=("major:b", "cheap2:b"), priority=50, force=NF, text="raise"),
    R("^{b}", after="1{a} 1{x} 1{b} P", suits="b>=4", hcp=(16, 18), needs=("major:b",), priority=51, force=INV,
      text="jump raise"),
    R("~{a}", after=("1{a} 1{x} 1{b} P", "1{a} 1{x} 1{b} 2{x}"), suits="a>=6", hcp=(11, 15),
      needs=("cheap2:a",), priority=48, force=NF, text="6+ cards"),
    R("~N", after="1{a} 1{x} 1{b} P", hcp=(12, 14), shape="bal", needs=("stop:x",), priority=49, force=NF),
    # opener after partner's raise over their overcall: extra values invite or bid game
    R("3{M}", after="1{M} 1{x} 2{M} P", points=(17, 18), trumps="M", priority=50, force=INV,
      text="invitational"),
    # ... and over a two-level overcall in a lower suit the raise to three was a jump, the
    # limit raise: game on a sound opening, 13+ HCP and 15+ support points (before, no rule:
    # every hand passed 1S 2H 3S, found dealing at random; on 14 support points, light
    # openings went to game and down on seeds 3737 and 5757, -11 on four boards)
    R("4{M}", after="1{M} 2{x} 3{M} P", hcp=(13, 37), points=(15, 37), trumps="M", needs=("below:x:M",),
      priority=51, force=SO, text="game in the fit"),
    R("4{M}", after=("1{M} 1{x} 2{M} P", "1{M} 2{x} 3{M} P"), points=(19, 37), trumps="M", priority=51,
      force=SO, text="game in the fit"),
    R("2N", after="1{m} 1{x} 2{m} P", hcp=(17, 18), shape="semibal", needs=("stop:x",), priority=50,
      force=INV),
    R("3N", after=("1{m} 1{x} 2{m} P", "1{m} 2{x} 3{m} P"), hcp=(18, 21), needs=("stop:x",), priority=51,
      force=SO, text="their suit stopped"),
    # opener after the cue-bid raise: game in the major; in a minor, notrump with their suit
    # stopped, else the minor again
    R("4{M}", after=("1{M} 1{x} 2{x} P", "1{M} 2{x} 3{x} P"), priority=50, text="game in the fit"),
    # ... and when they bid on over it, the game the raise forces to (before, no rule:
    # AKQ64.A.Q973.983 passed 1S 2H 3H 4H, -14 against BBA's 4S)
    R("4{M}", after=("1{M} 1{x} 2{x} B", "1{M} 2{x} 3{x} B"), priority=50, force=SO, text="game in the fit"),
    R("3N", after="1{m} 1{x} 2{x} P", hcp=(15, 37), needs=("stop:x",), priority=50, text="their suit stopped"),
    R("3N", after="1{m} 2{x} 3{x} P", needs=("stop:x",), priority=50, text="their suit stopped"),
    R("2N", after="1{m} 1{x} 2{x} P", hcp=(10, 14), needs=("stop:x",), priority=49, force=NF,
      text="their suit stopped"),
    R("5{m}", after="1{m} 2{x} 3{x} P", hcp=(16, 37), priority=49, force=SO,
      text="no stopper in their suit, extra values"),
    R("~{m}", after=("1{m} 1{x} 2{x} P", "1{m} 2{x} 3{x} P"), priority=48, text="no stopper in their suit"),
    # over a two-level overcall the cue bid is at the three level
    # (in a minor, the cue bid takes the auction to the four level: game values, 13+; before,
    # on 11 points it reached 4D down where their 2H doubled paid, -13 against BBA)
    R("3{x}", after="1{a} 2{x}", points=(13, 37), trumps="a", suits="a>=4", needs=("minor:a",), priority=55,
      force=F, artificial=True, text="cue bid: a raise with values"),
    R("3{x}", after="1{M} 2{x}", hcp=(13, 37), suits="M>=4", priority=56, force=GF, artificial=True,
      text="cue bid: game-forcing raise"),
    # ... and on 13+ support points with four trumps (before, 11 HCP, four spades and a
    # singleton made a negative double of 1S 2D and lost the fit, -11)
    R("3{x}", after="1{M} 2{x}", points=(13, 37), trumps="M", hcp=(8, 37), suits="M>=4", priority=56, force=GF,
      artificial=True, text="cue bid: game-forcing raise", name="cue raise on support points"),
    # after a preemptive jump overcall to the three level: values are needed to act
    R("X", after="1{a} 3{x}", hcp=(10, 37), needs=("majors4",), priority=55, text="negative double"),
    # ... and with one four-card major and three of the other (before, no rule: 842.AJ74.AJ96.J4
    # passed 1D 3C)
    R("X", after="1{a} 3{x}", hcp=(10, 37), needs=("amajor4", "majors3"), priority=54, text="negative double"),
    R("X", after="1{a} 4{x}", hcp=(10, 37), suits="x<=3", priority=50, text="values: for penalties"),
    # ... but four trumps in partner's major raise to game (before, KQ74.5.KQJ32.976 doubled
    # 1S 4H: -14 against Bid for Game's 4S)
    R("4{M}", after="1{M} 4{x}", points=(10, 37), trumps="M", suits="M>=4", priority=51, force=SO,
      text="raise to game"),
    R("~{b}", after="1{a} 3{x}", hcp=(11, 37), suits="b>=5", needs=("unpassed", "cheap3:b"),
      priority=56, force=F, text="new suit"),
    R("4{M}", after="1{M} 3{x}", points=(10, 37), trumps="M", suits="M>=3", priority=57, force=SO,
      text="raise to game"),
    R("~{a}", after="1{a} 3{x}", points=(7, 9), trumps="a", suits="a>=3", needs=("cheap3:a",), priority=53,
      force=NF, text="competitive raise"),
    R("3N", after="1{a} 3{x}", hcp=(11, 17), needs=("stop:x",), priority=55, force=SO),
    # five or more of their suit wait (for opener's reopening double), as BBA: not 1NT (before,
    # KT965.QJ4.KJ7.95 bid 1NT over 1C 1S and played there, -10 on seed 9001)
    R("P", after="1{a} 1{x}", hcp=(6, 12), suits="x>=5", priority=51, text="no suitable bid (or length in their suit)"),
    R("1N", after="1{a} 1{x}", hcp=(6, 10), needs=("stop:x",), priority=50, force=NF),
    R("2N", after="1{a} 1{x}", hcp=(11, 12), needs=("stop:x",), priority=50, force=INV),
    R("3N", after=OVERCALLED, hcp=(13, 17), needs=("stop:x",), shape="bal", priority=51),
    R("P", after=OVERCALLED, hcp=(0, 37), suits="x>=4", priority=6, text="maybe a penalty hand"),
    # what the pass tells the opponents: most are weak hands, a few wait with their suit
    R("P", after=OVERCALLED, priority=7, explain_only=True,
      text="no suitable bid (or length in their suit)"),
    # opener after a negative double
    R("~{b}", after=NEG_X, suits="b>=4", needs=("unbid:b", "major:b"), hcp=(12, 16), priority=50,
      text="the unbid major"),
    R("~{b}", after=NEG_X, suits="b>=4", needs=("unbid:b",), hcp=(10, 16), priority=50, text="the unbid suit"),
    R("^{b}", after=NEG_X[:2], suits="b>=4", needs=("unbid:b", "major:b"), hcp=(16, 17), priority=55,
      force=INV),
    R("4{b}", after=NEG_X, suits="b>=4", needs=("unbid:b", "major:b"), hcp=(19, 21), priority=52),
    R("~N", after=NEG_X, hcp=(12, 14), needs=("stop:x",), shape="bal", priority=48),
    R("^N", after=NEG_X, hcp=(16, 18), needs=("stop:x",), shape="semibal", priority=52),
    R("3N", after=NEG_X, hcp=(19, 21), needs=("stop:x",), priority=49),
    R("~{a}", after=NEG_X, suits="a>=5", priority=49),
    R("~{a}", after=NEG_X, suits="a>=6", hcp=(10, 15), needs=("major:a",), priority=53),
    R("^{a}", after=NEG_X[:2], suits="a>=6", hcp=(16, 19), priority=54),
    R("2{x}", after=NEG_X[0], hcp=(18, 37), needs=("majors4",), priority=56, force=F, artificial=True,
      text="cue bid: strong"),
    R("~{c}", after=NEG_X, suits="c>=4", needs=("below:c:a",), priority=45),
    # (a pass once advancer has bid over the double converts nothing)
    R("P", after=tuple(s for s in NEG_X if s.endswith("X P")), suits="x>=4", needs=("stop:x",), priority=44,
      text="converts to penalties"),
    # responder after opener answers the negative double
    R("~N", after=NEG_X_ANSWERED, hcp=(10, 12), needs=("stop:x",), priority=44, force=INV),
    R("3N", after=NEG_X_ANSWERED, hcp=(13, 18), needs=("stop:x",), priority=44),
    # (the raises count support points: 8 HCP, five trumps and a singleton invite)
    R("4{p}", after=NEG_X_ANSWERED, points=(13, 18), trumps="p", needs=("fit:p", "major:p"),
      priority=46),
    R("3{p}", after=NEG_X_ANSWERED, points=(10, 12), trumps="p", needs=("fit:p", "major:p"),
      priority=45),
    R("3{x}", after=NEG_X_ANSWERED, hcp=(13, 37), suits="x<=1", priority=47, force=GF,
      artificial=True, text="cue bid: game forcing, short in their suit"),
    # ... and with less, a five-card major the double showed as four, at the two level, unless
    # five of opener's minor give preference (below) (before,
    # no rule: JT963.AK642.76.6 passed 1C 1S X P 2D, 94.KJ643.Q543.Q4 passed 1C 1S X P 1NT, and
    # opener never heard of the fifth heart: our negative doubles lost 140 IMPs on 34 boards of
    # eight seeds against BBA, most with five hearts over 1S, where BBA bids 2H at once)
    R("~{M}", after=NEG_X_ANSWERED, hcp=(6, 9), suits="M>=5", needs=("unbid:M", "cheap2:M"), priority=42,
      force=NF, text="natural", name="negative doubler's five-card major"),
    # ... and with less, back to opener's minor with five cards (it may be three long)
    # ... not when opener's answer found the major fit
    R("~{a}", after=NEG_X_ANSWERED, hcp=(6, 12), suits="a>=5", needs=("minor:a", "nomajorfit"),
      priority=43, force=NF, text="preference"),
    # responder again when opener passed their overcall: opener's pass is a minimum without a
    # natural rebid, and responder's new suit was forcing for one round
    R("~{b}", after=OPENER_PASSED, hcp=(8, 37), suits="b>=5",
      needs=("unbid:b", "cheap2:b"), priority=45, text="second suit"),
    R("~{c}", after=OPENER_PASSED, hcp=(6, 37), suits="c>=6",
      needs=("cheap2:c",), priority=46, text="rebids a six-card suit"),
    R("~{a}", after=OPENER_PASSED, hcp=(6, 12), suits="a>=4",
      needs=("cheap2:a",), priority=44, text="support"),
    R("X", after=OPENER_PASSED, hcp=(10, 37), suits="x>=4",
      needs=("penalty",), priority=47, text="penalty"),
    R("~N", after="1{a} P 1{c} 1{x} P P", hcp=(8, 11), needs=("stop:x",), priority=43),
    # ... a re-opening double with values and shortness in their suit (opener may sit for it)
    R("X", after=(*OPENER_PASSED, "1{a} P 1{c} 3{x} P P"), hcp=(11, 37),
      suits="x<=2", priority=46, text="re-opening double"),
    # ... and with game values, three of their suit (before, AQ73.853.A94.A82 passed 1D P 1S
    # 2H P P: -10 against Bid for Game)
    R("X", after=OPENER_PASSED, hcp=(13, 37), suits="x<=3", priority=46, text="re-opening double"),
    # opener raises responder's major over their overcall: a jump with four trumps and extra
    # values, game with more (before, 16 HCP, four spades and a void competed 2S, -12)
    R("^{c}", after=("1{a} P 1{c} 1{x}", "1{a} P 1{c} 2{x}"), points=(17, 18), trumps="c", suits="c>=4",
      needs=("major:c", "cheap3:c"), priority=47, force=INV, text="jump raise"),
    R("4{c}", after=("1{a} P 1{c} 1{x}", "1{a} P 1{c} 2{x}", "1{a} P 1{c} 3{x}"), points=(19, 37), trumps="c",
      suits="c>=4", needs=("major:c", "below4:c"), priority=48, force=SO, text="game in the fit"),
    # ... and a raise to the three level (where their overcall took the two level) with four
    # trumps: the fit competes (before, A92.AJ83.T.Q7543 passed 1C P 1H 2S: -14 on seed 5555,
    # BBA 3H). Lower, the general rules raise on three.
    R("3{c}", after="1{a} P 1{c} 2{x}", points=(11, 18), trumps="c", suits="c>=4",
      needs=("major:c", "above:x:c"), priority=46, force=NF, text="competitive raise"),
    R("3{c}", after="1{a} P 1{c} 3{x}", points=(11, 18), trumps="c", suits="c>=4",
      needs=("major:c", "above:c:x"), priority=46, force=NF, text="competitive raise"),
    # opener over their overcall of the response: a second five-card suit competes at the two
    # level (before, no rule: A5432.QT874.A7.5 passed 1S P 1N 2C, -13 against BBA's 2H)
    R("~{b}", after=("1{a} P 1{c} 2{x}", "1{a} P 1N 2{x}", "1{a} P 1{c} 1{x}"), hcp=(10, 16), suits="a>=5 b>=5",
      needs=("unbid:b", "cheap2:b"), priority=45, force=NF, text="competes with a second suit"),
    # opener over their two- or three-level overcall of the response: extra values double
    R("X", after=("1{a} P 1{c} 2{x}", "1{a} P 1{c} 3{x}", "1{a} P 1N 2{x}", "1{a} P 1N 3{x}"), hcp=(15, 37),
      suits="x<=2", priority=46,
      text="takeout: extra values"),
    R("P", after=(*OPENER_PASSED, "1{a} P 1{c} 3{x} P P"), priority=5,
      text="nothing more to say"),
    # responder answers that double: penalties with their suit, else a long suit or preference
    R("P", after=OPENER_DOUBLED, suits="x>=4", needs=("decent:x",), priority=52, text="penalties"),
    R("~{b}", after=OPENER_DOUBLED, suits="b>=5", needs=("unbid:b",), prefer="majors", priority=50,
      text="natural"),
    R("~{c}", after=OPENER_DOUBLED[:2], suits="c>=5", priority=49, text="natural"),
    R("~{a}", after=OPENER_DOUBLED, suits="a>=3", priority=48, text="preference"),
    R("~{b}", after=OPENER_DOUBLED, suits="b>=4", needs=("unbid:b",), prefer="majors", priority=47,
      text="natural"),
    # opener re-opens
    R("X", after=("1{a} 1{x} P P", "1{a} 2{x} P P"), suits="x<=2", hcp=(12, 37), priority=45,
      text="re-opening double"),
    R("X", after=("1{a} P P 1{x}", "1{a} P P 2{x}"), suits="x<=1", hcp=(12, 37), priority=45, text="takeout"),
    # ... and over a three-level jump, with shortness and an opening's extras (before, no rule:
    # 3.AJ93.AJT5.KQ98 passed 1D 3S P P, -8 against BBA's double); a six-card suit is rebid
    R("X", after="1{a} 3{x} P P", suits="x<=2 a<=5", hcp=(14, 37), priority=45, text="re-opening double"),
    # ... and a six-card suit, or a second five-card suit, at the three level with an opening's
    # extras (before, no rule: A.AKT863.4.KJ752 passed 1H 3D P P, -13 against BBA's 3H, and
    # AJ975.A.5.AQT984 passed 1C 3D P P, -11)
    R("~{a}", after="1{a} 3{x} P P", suits="a>=6", hcp=(14, 37), needs=("cheap3:a",), priority=46,
      text="re-opens with a six-card suit"),
    R("~{b}", after="1{a} 3{x} P P", suits="a>=5 b>=5", hcp=(13, 37), needs=("unbid:b", "cheap3:b"), priority=47,
      text="re-opens with a second suit"),
    # ... over a balancing overcall: partner could not respond, so extra values or a long suit
    R("X", after=("1{a} P P 1{x}", "1{a} P P 2{x}"), suits="x<=2", hcp=(16, 37), priority=44,
      text="takeout: extra values"),
    R("X", after=("1{a} P P 1{x}", "1{a} P P 2{x}"), hcp=(18, 37), priority=42, text="takeout: a strong hand"),
    # ... and their suit bid back, a cue bid: a very strong hand, forcing (read as undiscussed,
    # so natural, before). The robots double with such hands; this reads a partner's
    R("~{x}", after=("1{a} P P 1{x}", "1{a} P P 2{x}"), hcp=(19, 37), priority=41, artificial=True, force=F,
      explain_only=True, text="cue bid: very strong"),
    R("~{a}", after=("1{a} P P 1{x}", "1{a} P P 2{x}"), suits="a>=6", hcp=(12, 17), needs=("cheap2:a",),
      priority=43, text="competes with a six-card suit"),
    R("~{b}", after=("1{a} P P 1{x}", "1{a} P P 2{x}"), suits="a>=5 b>=5", needs=("unbid:b", "cheap2:b"),
      hcp=(12, 18), priority=43, text="competes with a second suit"),
    R("2N", after="1{a} 1{x} P P", hcp=(18, 19), shape="bal", needs=("stop:x",), priority=46),
    # ... and over their two-level (weak jump) overcall (before, A65.AQ.653.AKJ94 passed 1C 2S P P,
    # -11 against BBA's 2NT on seed 777)
    R("2N", after="1{a} 2{x} P P", hcp=(18, 19), shape="bal", needs=("stop:x",), priority=46,
      text="their suit stopped"),
    R("~{a}", after=("1{a} 1{x} P P", "1{a} 2{x} P P"), suits="a>=6", hcp=(10, 15), priority=44,
      text="re-opens with a six-card suit"),
    R("^{a}", after=("1{a} 1{x} P P", "1{a} 2{x} P P"), suits="a>=6", hcp=(16, 18), needs=("good:a",),
      priority=48, force=INV, text="re-opens with a jump: a good six-card suit"),
    R("~{b}", after=("1{a} 1{x} P P", "1{a} 2{x} P P"), suits="a>=5 b>=5", needs=("unbid:b", "cheap2:b"),
      hcp=(10, 18), priority=44, text="re-opens with a second suit"),
    # ... or a lower four-card suit with extras (before, no rule: K92.AKQJ3.8.Q954 passed
    # 1H 1S P P, -5 against BBA's 2C)
    R("~{b}", after="1{a} 1{x} P P", suits="a>=5 b>=4", needs=("unbid:b", "cheap2:b", "below:b:a"),
      hcp=(14, 18), priority=43, text="re-opens with a second suit"),
    R("~{b}", after=("1{a} 2{x} P P X P", "1{a} 1{x} P P X P"), suits="b>=4", needs=("unbid:b",),
      prefer="majors", priority=50),
    R("~{a}", after=("1{a} 2{x} P P X P", "1{a} 1{x} P P X P"), suits="a>=2", priority=48),
    R("P", after=("1{a} 2{x} P P X P", "1{a} 1{x} P P X P"), suits="x>=5", needs=("decent:x",), priority=52,
      text="penalties"),
    # doubles of artificial bids: lead-directing, on five cards with two honours (BBA doubled
    # 1NT P 2C on KT6543 and KJ943: -10 each on seed 4545 where we passed)
    R("X", after=("1N P 2{x}",), suits="x>=5", needs=("decent:x",), priority=50,
      text="lead-directing: the doubled suit"),
]

# --- Out of trouble: our artificial bid doubled, their redouble of our takeout double -------

#: my artificial bid (a cue bid, Stayman, a strong 2C) doubled and passed back to me: a pass
#: would play it doubled in a suit nobody promised (before: 2C X P P, and a doubled cue raise,
#: passed out for -12 IMPs and more against BBA)
ESCAPE = "** B X P P"
#: their redouble (a support redouble, or strength) of partner's takeout double: advancer
#: bids, even with nothing; the doubler takes out if it comes back (before, 1C P 1H X XX was
#: passed out four times in 1,000 deals against BBA: -12 to -18 IMPs each)
REDOUBLED = "1{x} P 1{y} X XX"
REDOUBLED_BACK = ("1{x} X XX P P", "1{x} P 1{y} X XX P P", "1{x} P P X XX P P")
RESCUE = [
    R("~{p}", after=ESCAPE, suits="p>=3", needs=("artdoubled",), priority=90, force=NF,
      text="out of the double of an artificial bid: partner's suit"),
    R("~{a}", after=ESCAPE, suits="a>=5", needs=("artdoubled",), priority=89, force=NF,
      text="out of the double of an artificial bid: a long suit"),
    R("~N", after=ESCAPE, hcp=(8, 37), needs=("artdoubled", "ntlevel3"), priority=88, force=NF,
      text="out of the double of an artificial bid"),
    R("~{a}", after=ESCAPE, suits="a>=4", needs=("artdoubled",), priority=87, force=NF,
      text="out of the double of an artificial bid"),
    R("~N", after=ESCAPE, needs=("artdoubled",), priority=86, force=NF,
      text="out of the double of an artificial bid"),
    R("P", after=REDOUBLED, suits="y>=5", needs=("good:y",), priority=56,
      text="penalty pass: length and strength in their suit"),
    R("~{a}", after=REDOUBLED, suits="a>=4", needs=("unbid:a", "cheap2:a"), prefer="majors", priority=50,
      force=NF, text="answers the double over the redouble"),
    R("~{a}", after=REDOUBLED, suits="a>=3", needs=("unbid:a", "cheap2:a"), prefer="majors", priority=45,
      force=NF, text="answers the double over the redouble"),
    R("~{a}", after=REDOUBLED, suits="a>=2", needs=("unbid:a", "cheap2:a"), priority=40, force=NF,
      text="answers the double over the redouble"),
    R("P", after="1{x} P 1{y} X XX P P", suits="y>=5", needs=("good:y",), priority=52,
      text="sits in the redouble: length and strength in their suit"),
    R("~{a}", after=REDOUBLED_BACK, suits="a>=4", needs=("unbid:a",), prefer="majors", priority=50,
      force=NF, text="out of the redouble"),
    R("~{a}", after=REDOUBLED_BACK, suits="a>=3", needs=("unbid:a",), prefer="majors", priority=45,
      force=NF, text="out of the redouble"),
]

# --- Slam: Blackwood, grand slam force ---------------------------------------------------

SLAM = [
    R("4N", after="** B P", needs=("fit:p", "sum:33:99:p", "notnt", "notsignoff"), priority=30, force=F,
      artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    # ... and after partner's sign-off when its floor still makes 33: the sign-off denies extras,
    # not the values already shown (AKJ4.KQ3.AK.QJ32 passed 1S P 2N P 4S P, a floor of 10
    # opposite 24 support points; it asked twice on seed 3030, +7)
    R("4N", after="** B P", needs=("fit:p", "sumfloor:33:99:p", "notnt"), priority=30, force=F,
      artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    # ... on 32 with a nine-card major fit and an ace: partner's range is counted near its
    # bottom (1NT 3S with six spades and 14+ HCP, KQ5.K96.A973.A63 bid 4S; BBA asked and bid
    # 6S, -13 on seed 9001). Not in a minor, where the answers may pass five of it (32 lost 13
    # IMPs in 6C there), nor once partner has bid game (after control bids, his game says he
    # has no more to show), nor without an ace (K9.KQJ65.K.KQJT7 asked and stopped in 5H down)
    R("4N", after="** B P", needs=("fit:p:9", "major:p", "below4:p", "aces:1:2:3:4", "sum:32:99:p", "notnt", "notsignoff"),
      priority=30, force=F, artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    # ... and for partner's first suit, a major, when partner has bid another since (before, the
    # jump shifter AK85.AQJ73.A75.4 rebid 4H over 1S P 3H P 4C P: -13 against BBA's 6S, Acol
    # on seed 9001); the contract is then placed in that suit
    R("4N", after="** B P", needs=("fit:p1", "major:p1", "sum:33:99:p1", "notnt", "notsignoff"), priority=29,
      force=F, artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    R("4N", after="** B P", needs=("fit:p1:9", "major:p1", "below4:p1", "aces:1:2:3:4", "sum:32:99:p1", "notnt", "notsignoff"),
      priority=29, force=F, artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    # ... by the strong jump shifter once opener's rebid finds a fit, on 31: the jump shift
    # promised the extras, and opener's range is counted at its floor (twelve). Before, the
    # jump shifter bid game over every rebid: 18 slams BBA bid on seeds 5555, 6161 and 9001,
    # -217 IMPs (9.KJT652.AK98.A4: 1S P 3H P 4H P 5H, BBA 6H)
    R("4N", after=JUMP_SHIFTER, needs=("fit:p", "sum:31:99:p", "notnt"), priority=31, force=F,
      artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    R("4N", after=JUMP_SHIFTER, needs=("fit:p1", "sum:31:99:p1", "notnt"), priority=31, force=F,
      artificial=True, text="Blackwood: asks for aces", name="Blackwood"),
    R("5C", after="** B P 4N P", needs=("aces:0:4", "bw"), priority=60, artificial=True, text="0 or 4 aces"),
    R("5D", after="** B P 4N P", needs=("aces:1", "bw"), priority=60, artificial=True, text="1 ace"),
    R("5H", after="** B P 4N P", needs=("aces:2", "bw"), priority=60, artificial=True, text="2 aces"),
    R("5S", after="** B P 4N P", needs=("aces:3", "bw"), priority=60, artificial=True, text="3 aces"),
    R("6{o}", after="** 4N P B P", needs=("asked", "acesum:3", "notacesum:4"), priority=60, force=SO),
    R("6{p}", after="** 4N P B P", needs=("asked", "acesum:3", "notacesum:4", "fit:p"), priority=61, force=SO),
    R("6{p1}", after="** 4N P B P", needs=("asked", "acesum:3", "notacesum:4", "fit:p1", "major:p1"), priority=61,
      force=SO),
    # the answer is five of the fit (clubs: no aces) and two are missing: it is the contract
    R("P", after="** 4N P 5{p} P", needs=("asked", "notacesum:3", "fit:p"), priority=62,
      text="the answer is the contract"),
    R("5N", after="** 4N P B P", needs=("asked", "acesum:4"), priority=59, force=F, artificial=True,
      text="asks for kings; all the aces are held"),
    R("5{o}", after="** 4N P B P", needs=("asked", "notacesum:3"), priority=58, force=SO),
    R("5{p}", after="** 4N P B P", needs=("asked", "notacesum:3", "fit:p"), priority=59, force=SO),
    R("5{p1}", after="** 4N P B P", needs=("asked", "notacesum:3", "fit:p1", "major:p1"), priority=59, force=SO),
    R("6C", after="** 4N P B P 5N P", needs=("kings:0:4",), priority=60, artificial=True, text="0 or 4 kings"),
    R("6D", after="** 4N P B P 5N P", needs=("kings:1",), priority=60, artificial=True, text="1 king"),
    R("6H", after="** 4N P B P 5N P", needs=("kings:2",), priority=60, artificial=True, text="2 kings"),
    R("6S", after="** 4N P B P 5N P", needs=("kings:3",), priority=60, artificial=True, text="3 kings"),
    # the asker places the contract after the kings: seven with every ace and king
    R("7{p}", after="** 4N P B P 5N P B P", needs=("askedkings", "kingsum:4", "fit:p"), priority=61, force=SO,
      text="grand slam: all the aces and kings"),
    R("7{o}", after="** 4N P B P 5N P B P", needs=("askedkings", "kingsum:4"), priority=60, force=SO,
      text="grand slam: all the aces and kings"),
    R("6{p}", after="** 4N P B P 5N P B P", needs=("askedkings", "fit:p"), priority=59, force=SO, text="small slam"),
    R("7{p1}", after="** 4N P B P 5N P B P", needs=("askedkings", "kingsum:4", "fit:p1", "major:p1"), priority=61,
      force=SO, text="grand slam: all the aces and kings"),
    R("6{p1}", after="** 4N P B P 5N P B P", needs=("askedkings", "fit:p1", "major:p1"), priority=59, force=SO,
      text="small slam"),
    R("6{o}", after="** 4N P B P 5N P B P", needs=("askedkings",), priority=58, force=SO, text="small slam"),
    R("P", after=("** 4N P B P 5N P 6{p} P", "** 4N P B P 5N P 6{o} P"), needs=("askedkings",), priority=57,
      text="small slam: the answer is the contract"),
    R("6N", after="** 4N P B P 5N P B P", needs=("askedkings",), priority=50, force=SO, text="small slam"),
    # control (cue) bids once a major is agreed in a game force or on a raise to three: the
    # cheapest suit with the ace or king, a void or a singleton, below four of the major.
    # Partner shows a control of his own the same way, or returns to the major.
    R("~{b}", after="** B P", needs=("cuezone:b", "control:b", "sum:31:99:g"), priority=45, force=F,
      artificial=True, prefer="cheapest", text="control bid: slam interest", name=CONTROL_BID),
    G("~{b}", after="** B P", needs=("partnercued", "cuezone:b", "control:b"), priority=26,
      force=F, artificial=True, prefer="cheapest", text="control bid: cooperates", name=f"{CONTROL_BID}, back"),
    G("~{g}", after="** B P", needs=("partnercued",), priority=24, text="no control to show below game"),
    R("5N", after="1{a} P", hcp=(13, 37), suits="a>=4", needs=("losers:3",), priority=20, artificial=True,
      force=F, text="grand slam force: bid 7 with two of the top three honours"),
    R("7{a}", after="1{a} P 5N P", needs=("top:a:2",), priority=50),
    R("6{a}", after="1{a} P 5N P", priority=49),
]

# --- Later rounds: general rules when no specific sequence applies ---------------------------

# game and slam in partner's suit, whether they bid over us or not
FIT_LATE = ("** B P", "** B B", "** B P B", "** B P P")

GENERAL = [
    # (no upper end: where no slam rule fits, game is still better than a pass)
    G("4{p}", after=FIT_LATE, needs=("fit:p", "sum:25:99:p", "major:p", "below4:p"), priority=22,
      force=SO, text="game in the fit"),
    # ... and in partner's first suit, a major, when partner has bid another since (1H 2S 3D P
    # 4C P: responder with 20 HCP and four hearts passed)
    G("4{p1}", after=FIT_LATE, needs=("shown:p:4", "fit:p1", "sum:25:32:p1", "major:p1", "below4:p1"),
      priority=21, force=SO, text="game in the fit"),
    G("4{o}", after="** B P", suits="o>=6", needs=("sum:25:32", "major:o", "below4:o"), priority=19,
      force=SO, text="game in a long suit"),
    # a long strong major of one's own, not yet bid, plays in game whatever partner holds
    G("4{M}", after=("** B P", "** B B", "** X B P P"), suits="M>=7", hcp=(10, 37),
      needs=("good:M", "unbid:M", "below4:M"), priority=18, force=SO, text="game in a long suit"),
    G("3N", after="** B P", needs=("sum:25:99", "stoptheirs", "nomajorfit"), priority=20, force=SO,
      text="game in notrump"),
    G("6N", after="** B P", needs=("sum:33:36", "partnernt", "nomajorfit"), priority=21, force=SO,
      text="slam in notrump"),
    # slams bid directly: what the robots mean by them when judgement (a simulation of the
    # hidden hands) finds one; the rules alone go through Blackwood
    G("7N", after="** B P", needs=("sum:37:99", "partnernt", "nomajorfit"), priority=21, force=SO,
      explain_only=True, text="grand slam in notrump"),
    # ... and after a suit of partner's (a weak two, an answer to an ask): no fit, the values
    G("6N", after="** B P", needs=("sum:33:36", "nomajorfit"), priority=20, force=SO, explain_only=True,
      text="slam in notrump"),
    # ... which the rules bid too with two aces of their own, where no fit leads to Blackwood
    # (before, A96.AQ872.KJ.AK4 bid 3NT over 1C P 2H P 3C P: -17 against BBA's 7NT, seed 777)
    G("6N", after="** B P", needs=("sum:33:36", "nomajorfit", "aces:2:3:4", "notsignoff"), priority=21, force=SO,
      text="slam in notrump"),
    G("7N", after="** B P", needs=("sum:37:99", "nomajorfit"), priority=20, force=SO, explain_only=True,
      text="grand slam in notrump"),
    G("6{p}", after=FIT_LATE, needs=("fit:p", "sum:33:36:p"), priority=23, force=SO, explain_only=True,
      text="slam in the fit"),
    G("7{p}", after=FIT_LATE, needs=("fit:p", "sum:37:99:p"), priority=23, force=SO, explain_only=True,
      text="grand slam in the fit"),
    # ... and in a long suit of one's own, which needs little from partner but aces
    G("6{o}", after="** B P", suits="o>=7", needs=("sum:26:99",), priority=19, force=SO, explain_only=True,
      text="slam in a long suit"),
    G("7{o}", after="** B P", suits="o>=7", needs=("sum:30:99",), priority=19, force=SO, explain_only=True,
      text="grand slam in a long suit"),
    G("5{p}", after="** B P", needs=("fit:p", "sum:28:32:p", "minor:p", "nostopper"), priority=18, force=SO),
    # ... and before 3NT with a singleton or void in a suit nobody has bid, nine trumps
    # together (before, 98.AQJ32.6.A9853 bid 3NT over 1S P 2H P 3C P, -17 against BBA's 4C;
    # KQ8742.K.7.AKJ43 over 1S P 1N P 2C P 3C P, -13; with eight, a weak two's three clubs
    # opposite 3C, 3NT made where 5C did not)
    G("5{p}", after="** B P", needs=("fit:p:9", "sum:25:32:p", "minor:p", "shortunbid"), priority=21, force=SO,
      text="game in the fit"),
    G("~{p}", after="** B P", needs=("fit:p", "sum:22:24:p", "cheap3:p"), priority=17, force=INV,
      text="invitational raise"),
    # ... and partner's invitational raise of a major accepted from the top of the range shown
    # (before, no rule: the doubler K.AKT86.AQJ.AJ96, 21 HCP, passed P P 1C X P 1S P 2H P 3H,
    # -6 against BBA's 4H on seed 8484)
    G("4{p}", after="** B P", suits="p>=5", needs=("invited", "major:p", "below4:p", "upper:3"), priority=18,
      force=SO, text="accepts"),
    G("~N", after="** B P", needs=("sum:23:24", "stoptheirs", "cheap2n"), priority=16, force=INV,
      text="invitational"),
    G("~{p}", after="** B P", needs=("fit:p", "forced"), priority=14, text="preference"),
    # ... or for partner's first suit, a major, when the fit is there (a jump shifter with four
    # of opener's spades rebid its own hearts over 1S P 3H P 4C P)
    G("~{p1}", after="** B P", needs=("fit:p1", "major:p1", "forced"), priority=15, text="support"),
    # a five-card major not yet shown comes before a long suit's rebid: the fit may be there
    G("~{M}", after="** B P", suits="M>=5", needs=("forced", "unbid:M", "below4:M"), priority=14,
      text="new suit"),
    G("~{o}", after="** B P", suits="o>=6", needs=("forced",), priority=13, text="rebids a 6-card suit"),
    G("~{b}", after="** B P", suits="b>=5", needs=("forced", "unbid:b"), priority=12, text="new suit"),
    G("~{b}", after="** B P", suits="b>=4", needs=("forced", "unbid:b", "below4:b"), priority=11, text="new suit"),
    G("~N", after="** B P", needs=("forced", "stoptheirs", "ntlevel3"), priority=10, text="notrump"),
    G("~{p}", after="** B P", suits="p>=2", needs=("forced",), priority=9, text="preference"),
    G("~{o}", after="** B P", needs=("forced",), priority=8, text="rebids the suit"),
    G("~N", after="** B P", needs=("forced", "ntlevel3"), priority=7, text="notrump"),
    # a six-card suit rebid when they compete (partner bid, or passed their double)
    G("~{o}", after=("** B B", "** B X P B"), suits="o>=6", hcp=(10, 37), needs=("cheap2:o",), priority=11,
      text="rebids a six-card suit"),
    G("~{o}", after="** B B", suits="o>=6", hcp=(15, 37), needs=("cheap3:o",), priority=10,
      text="rebids a six-card suit, extra values"),
    # ... and a seven-card suit at the three level on any values: once partner has raised it
    # (before, no rule: A32.AQJ8654.T4.7 passed 1D P 1H 2C 2H 3C, -13 against Bid for Game's 3H
    # on seed 1066), or when their bid comes round. (Over partner's rebid it would blur the
    # strong six-card rebid above, which partner reads for game.)
    G("~{o}", after="** B B", suits="o>=7", hcp=(8, 37), needs=("cheap3:o", "partscore", "ourfit"),
      priority=10, text="competes with a long suit"),
    G("~{o}", after="** B B P P", suits="o>=7", hcp=(8, 37), needs=("cheap3:o", "partscore"),
      priority=10, text="competes with a long suit"),
    # ... and when their bid comes round to me, a long strong major goes to game (before,
    # 1S 2H 2S P P with 6.AKQJ852.T72.AQ passed: -11 IMPs against BBA's 4H)
    G("4{o}", after=("** B P P", "** B B"), suits="o>=7", hcp=(14, 37),
      needs=("good:o", "major:o", "losers:5", "below4:o"), priority=12, force=SO, text="game in a long suit"),
    # compete for a part score in a fit; double them when the hand is ours
    G("~{p}", after="** B B", needs=("fit:p:9", "cheap3:p"), priority=15, text="competes"),
    G("~{p}", after="** B B", hcp=(6, 37), needs=("fit:p:8", "cheap2:p"), priority=15, text="competes"),
    # ... and over their bid after partner's pass: nine trumps compete at the three level
    G("~{p}", after="** P B", hcp=(6, 37), needs=("fit:p:9", "cheap3:p", "partscore"), priority=15, text="competes"),
    G("~{p}", after="** B B", hcp=(8, 37), needs=("fit:p:9", "below4:p", "partscore", "sum:25:99"), priority=14,
      text="competes"),
    # ... and their bid passed round to us after our raise: nine trumps do not sell out at the
    # two level (1C 1H 2C P P 2H P P: five clubs and 12 HCP passed, BBA's 3C won 6)
    G("~{p}", after="** B P P", hcp=(10, 37), needs=("ourfit", "fit:p:9", "cheap3:p", "partscore"), priority=15,
      text="competes"),
    # ... or bid over our suit: a six-card suit and a little extra compete at the three level
    G("~{o}", after="** B P B", suits="o>=6", hcp=(12, 37), needs=("cheap3:o", "partscore"), priority=12,
      text="competes with a long suit and extra values"),
    # ... and a six-card suit of ours, with extra values, when they stop low after it
    G("~{o}", after="** B P P", suits="o>=6", hcp=(14, 37), needs=("cheap2:o", "partscore"), priority=13,
      text="competes with a long suit and extra values"),
    G("~{o}", after="** B P P", suits="o>=7", hcp=(6, 37), needs=("cheap2:o", "partscore"), priority=12,
      text="competes"),
    # ... and over their bid passed round to us (1D 3S P P: AKQ542 and 18 HCP passed it, -17
    # against BBA): a long suit with extra values, or on our first rebid a takeout double.
    # (16 HCP, with a second round to the four level, lost 14 on seed 2718)
    G("~{o}", after="** B B P P", suits="o>=6", hcp=(17, 37), needs=("below4:o", "partscore"),
      priority=13, text="competes with a long suit and extra values"),
    G("X", after="** B B P P", hcp=(16, 37), needs=("onebid", "takeout", "partscore"), priority=12,
      text="takeout: extra values"),
    # the doubler, their bid between and partner silent, bids again with a long suit and extra
    # values (before, no rule: AKJ6.AKQ943.T53. passed 1H P 1NT 2C X 3C P P, T.AQJ62.AK765.AK
    # passed 3C X 4C P P, KQ7532.K.AQ42.J5 passed 1NT X 2H P P: -32 against Bid for Game)
    G("~{o}", after="** X B P P", suits="o>=6", hcp=(15, 37), needs=("below4:o", "partscore"),
      priority=13, text="competes with a long suit and extra values"),
    G("~{a}", after="** X B P P", suits="a>=6", hcp=(15, 37), needs=("unbid:a", "below4:a", "partscore"),
      priority=12, text="competes with a long suit and extra values"),
    G("~{a}", after="** X B P P", suits="a>=5", hcp=(18, 37), needs=("unbid:a", "below4:a", "partscore"),
      priority=11, prefer="majors", text="competes with a long suit and extra values"),
    # an opener with extra values and a long suit competes when partner could not bid
    G("~{o}", after="** B B P B", suits="o>=6", hcp=(16, 37), needs=("below4:o", "partscore"), priority=13,
      text="competes with a long suit and extra values"),
    G("X", after="** B B P B", hcp=(16, 37), needs=("takeout", "partscore"), priority=12,
      text="takeout: extra values"),
    # sacrifice over their game with a big fit when it is cheap: not vulnerable against vulnerable
    # (once, at the five level: over their five of a major it sacrificed again, 6D doubled -13
    # on seed 8484)
    G("~{p}", after=("** B B", "** B P B", "** B B P P"), needs=("fit:p:10", "fav", "theirgame", "below5:p"),
      hcp=(0, 10), priority=16, force=SO, text="sacrifice"),
    # ... and at equal vulnerability, not vulnerable, with shortness in their suit (before, no
    # rule: .AKJ42.J54.J9543 passed 1H 1S 2C 4S, -11 against BBA's 5C)
    G("~{p}", after=("** B B", "** B P B", "** B B P P"), suits="t<=1",
      needs=("fit:p:10", "nonvul", "theirgame", "below5:p"), hcp=(0, 10), priority=16, force=SO, text="sacrifice",
      name="sacrifice at equal vulnerability"),
    # ... and with values and a fit of nine it is no sacrifice but a bid to make: the rules pass
    # or double, and the judge weighs the bid against the pass on layouts (before, its only
    # meaning was a sacrifice of up to 10 HCP, so the judge could not name it for a better hand:
    # A.AT9643.53.A654 passed 1H 3S 4H 4S, -13 against BBA's 5H on seed 6174)
    G("~{p}", after=("** B B", "** B P B", "** B B P P"), needs=("fit:p:9", "theirgame", "level5:p"),
      hcp=(11, 37), priority=16, force=SO, explain_only=True, text="bids on to make over their game",
      aside="or 11+ HCP and a fit of nine: to make"),
    # a takeout double is answered; a penalty double is left in
    G("~{a}", after="** X P", suits="a>=4", needs=("unbid:a", "cheap3:a", "suitdoubled", "notpenalty"),
      priority=12, prefer="majors", text="answers partner's double"),
    G("~{a}", after="** X P", suits="a>=3", needs=("unbid:a", "cheap3:a", "suitdoubled", "notpenalty"),
      priority=11, prefer="majors", text="answers partner's double"),
    # ... and over their redouble of it: a pass would play it redoubled, so advancer bids even
    # with nothing; a pass says length and strength in their suit (before, no rule: K4.JT865.KJT.832
    # passed 2S X XX, 2S redoubled made, -16 against BBA on seed 2323; QT9.Q32.9876.J63 passed
    # 1D 1H P P X XX, -15)
    G("P", after="** X XX", suits="t>=4", needs=("good:t", "suitdoubled", "notpenalty"), priority=14,
      text="sits in the redouble: length and strength in their suit"),
    G("~{a}", after="** X XX", suits="a>=4", needs=("unbid:a", "cheap3:a", "suitdoubled", "notpenalty"),
      priority=13, prefer="majors", force=NF, text="answers the double over the redouble"),
    G("~{p}", after="** X XX", suits="p>=4", needs=("cheap3:p", "suitdoubled", "notpenalty"), priority=12,
      force=NF, text="answers the double over the redouble"),
    G("~{a}", after="** X XX", suits="a>=3", needs=("unbid:a", "cheap3:a", "suitdoubled", "notpenalty"),
      priority=11, prefer="majors", force=NF, text="answers the double over the redouble"),
    G("~{p}", after="** X XX", suits="p>=2", needs=("cheap3:p", "suitdoubled", "notpenalty"), priority=10,
      force=NF, text="answers the double over the redouble"),
    G("~{a}", after="** X XX", suits="a>=2", needs=("unbid:a", "cheap4:a", "suitdoubled", "notpenalty"),
      priority=9, force=NF, text="answers the double over the redouble"),
    # partner's takeout double of a suit left in: length and strength in their suit
    G("P", after="** B X P", suits="t>=5", needs=("penalty", "good:t", "cheap2:t"), priority=17,
      text="converts to penalties"),
    # our bid doubled and passed round: the rules sit; judgement runs where the hidden hands
    # say the double is costly, and partner reads the run so
    G("~{p}", after="** B X P P", suits="p>=3", needs=("cheap3:p",), priority=14, force=SO,
      explain_only=True, text="runs from the double to partner's suit"),
    G("~{b}", after="** B X P P", suits="b>=5", needs=("unbid:b", "cheap3:b"), priority=13, force=SO,
      explain_only=True, text="runs from the double to a long suit"),
    G("~{p}", after=("** B P B", "** X P B"), needs=("fit:p:9", "level3"), priority=15, text="competes"),
    # partner's penalty double of their suit at the three level or higher, passed round: the
    # rules leave it in; judgement takes it out, short in their suit, where our fit or a long
    # suit plays clearly better than their contract doubled defends, and partner reads the
    # take-out so. Not with two cards or more in their suit: the layouts know the doubler's
    # trumps by length and HCP only, not as the tricks a penalty double counts on, and took
    # out plain raises (1S 2H 2S 3H X P with Q876.J2.K9876.54: 3S at +4.9 IMPs)
    G("~{p}", after="** X P", suits="p>=3 t<=1", needs=("penaltydoubled",), priority=14, force=SO,
      explain_only=True, text="takes out partner's penalty double to partner's suit"),
    G("~{a}", after="** X P", suits="a>=6 t<=1", needs=("penaltydoubled",), priority=13, force=SO,
      explain_only=True, text="takes out partner's penalty double: a long suit"),
    G("X", after="** B P B", hcp=(10, 37), needs=("sum:23:99", "penalty"), priority=16, text="penalty double"),
    # once our fit is found, a double of their suit bid at the three to five level is for
    # penalties (they outbid us, or sacrifice), and partner leaves it in. The robots do not
    # make it: weighed on layouts dealt within the explanations' ranges, it lost heavily on the
    # tuning seeds 7 and 11 (the layouts' competing hands are flatter than real ones and overstate
    # the defence); it is here so that a human partner's double is read and explained so
    G("X", after=("** B B", "** B P P"), needs=("ourfit", "outbid"), priority=10, explain_only=True,
      text="penalty double"),
    # ... except over our own game: when they bid on a level above it, one of us doubles.
    # Left undoubled every time before; doubling each of those contracts would have gained 60
    # and 37 IMPs on the tuning seeds 2718 and 1618 (15 and 10 auctions, rules alone)
    G("X", after=("** B B", "** B P P"), needs=("overourgame",), priority=18, text="penalty double"),
]

RULES = (
    *OPENINGS, *NOTRUMP, *RESPONSES, *REBIDS, *RESPONDER, *TWO_CLUBS, *PREEMPTS,
    *DEFENCE, *ADVANCE, *COMPETE, *RESCUE, *SLAM, *GENERAL,
)
# fmt: on
