"""How tests/data/acol_cases.json was made (``python tests/data/acol_cases_from_the_book.py``
writes it again, the same): Acol cases: deals random hands and keeps those that a rule of the
EBU's Standard English Acol Foundation Level System File classifies clearly; the expected call
is the book's, from the hand's own counts (independent code: no engine).

The rules the file leaves to the partnership and that we chose (the choice of suit with two
four-card suits and with 4-4-4-1) are marked "(our choice)" in the section."""

# ruff: noqa: E731
import json
import random
from pathlib import Path

RANKS = "AKQJT98765432"
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
rng = random.Random(1934)  # the year Acol was born
S, H, D, C = 0, 1, 2, 3
NAMES = "SHDC"


def deal():
    cards = [(s, r) for s in range(4) for r in RANKS]
    rng.shuffle(cards)
    h = [[] for _ in range(4)]  # S H D C
    for s, r in cards[:13]:
        h[s].append(r)
    return [sorted(x, key=RANKS.index) for x in h]


def shaped(lengths):
    """A hand of the given suit lengths (S H D C), its cards drawn at random."""
    h = []
    for n in lengths:
        ranks = list(RANKS)
        rng.shuffle(ranks)
        h.append(sorted(ranks[:n], key=RANKS.index))
    return h


def pbn(h):
    return ".".join("".join(x) for x in h)


def hcp(h):
    return sum(HCP.get(r, 0) for x in h for r in x)


def suit_hcp(x):
    return sum(HCP.get(r, 0) for r in x)


def L(h):
    return [len(x) for x in h]


def bal(h):
    return sorted(L(h)) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])


def top3(x):
    return sum(1 for r in "AKQ" if r in x)


def ltc(h):
    t = 0
    for x in h:
        n = min(3, len(x))
        t += n - sum(1 for r in "AKQ"[:n] if r in x)
    return t


def support_points(h, trumps):
    """HCP plus shortness with a fit: void 5, singleton 3, doubleton 1 (outside trumps)."""
    return hcp(h) + sum({0: 5, 1: 3, 2: 1}.get(len(x), 0) for i, x in enumerate(h) if i != trumps)


def find(pred, n, tries=600000, shapes=None):
    out = []
    for _ in range(tries):
        h = shaped(rng.choice(shapes)) if shapes else deal()
        if pred(h):
            out.append(h)
            if len(out) == n:
                break
    assert len(out) == n, (pred, len(out))
    return out


cases = []


def add(group, section, auction, hands, expected):
    for h in hands:
        e = expected(h) if callable(expected) else expected
        cases.append(
            {
                "group": group,
                "section": section,
                "hand": pbn(h),
                "auction": auction,
                "vulnerable": "None",
                "expected": e,
            }
        )


BOOK = "Standard English Acol Foundation Level System File"
A1 = "1 Balanced hands"
S11, S12, S13, S14 = (
    "1.1 Opening 1NT",
    "1.2 Balanced hands with 15-19 HCP",
    "1.3 Opening 2NT",
    "1.4 Opening 2♣",
)
S21, S22, S23, S24, S25 = (
    "2.1 Opening bids of one of a suit",
    "2.2 Raising the opening bid (points: HCP and shortness with four trumps)",
    "2.3 Responding in a new suit",
    "2.4 Responding in no trumps",
    "2.5 Opener's second bid",
)
WEAK2 = "Weak twos in three suits"
PRE = "Pre-emptive opening bids"
DEF = "Defensive bidding"
nomaj5 = lambda h: L(h)[S] < 5 and L(h)[H] < 5
fours = lambda h: [i for i in range(4) if L(h)[i] == 4]

# --- balanced hands ------------------------------------------------------------------------
add(
    "opening 1NT",
    f"{S11}: 12-14 HCP, balanced",
    [],
    find(lambda h: bal(h) and 12 <= hcp(h) <= 14 and nomaj5(h), 15),
    "1N",
)
add(
    "opening 2NT",
    f"{S13}: 20-22 HCP, balanced",
    [],
    find(lambda h: bal(h) and 20 <= hcp(h) <= 22 and nomaj5(h), 10),
    "2N",
)
add("opening 2C", f"{S14}: 23+ HCP", [], find(lambda h: hcp(h) >= 23, 8), "2C")
add(
    "no opening",
    f"{S21}: 12+ HCP to open (rule of 20 below)",
    [],
    find(lambda h: hcp(h) <= 9 and max(L(h)) <= 5, 8),
    "P",
)
add(
    "balanced 15-19: the four-card suit",
    f"{S12}: 15-19 open one of a suit (4-3-3-3)",
    [],
    find(lambda h: sorted(L(h)) == [3, 3, 3, 4] and 15 <= hcp(h) <= 19, 10),
    lambda h: "1" + NAMES[fours(h)[0]],
)


def two_fours(kind):
    def pred(h):
        f = fours(h)
        if not (sorted(L(h)) == [2, 3, 4, 4] and 15 <= hcp(h) <= 19):
            return False
        majors = sum(1 for i in f if i in (S, H))
        return {"major-minor": majors == 1, "majors": majors == 2, "minors": majors == 0}[kind]

    return pred


add(
    "two fours: a major before a minor",
    f"{S21}: two four-card suits, major and minor: the major (our choice)",
    [],
    find(two_fours("major-minor"), 10),
    lambda h: "1" + NAMES[min(fours(h))],
)
add(
    "two fours: both majors",
    f"{S21}: 4-4 in the majors: 1♥ (our choice)",
    [],
    find(two_fours("majors"), 6),
    "1H",
)
add(
    "two fours: both minors",
    f"{S21}: 4-4 in the minors: 1♣ (our choice)",
    [],
    find(two_fours("minors"), 6),
    "1C",
)
FOUR441 = [(4, 4, 4, 1), (4, 4, 1, 4), (4, 1, 4, 4), (1, 4, 4, 4)]
add(
    "4-4-4-1",
    f"{S21}: 4-4-4-1, a red singleton 1♣, a black singleton the middle suit (our choice)",
    [],
    find(lambda h: 12 <= hcp(h) <= 19 and ltc(h) >= 5, 12, shapes=FOUR441),
    lambda h: {S: "1D", H: "1C", D: "1C", C: "1H"}[L(h).index(1)],
)


def one_suit(h):
    l = L(h)
    if not (12 <= hcp(h) <= 19 and max(l) in (5, 6) and not bal(h) and ltc(h) >= 6):
        return False
    if l[D] == 6 or l[H] == 6 or l[S] == 6:  # not a weak-two shape of a weak hand anyway (12+)
        pass
    return True


def longest_suit(h):
    l = L(h)
    best = max(l)
    return "1" + NAMES[min(i for i in range(4) if l[i] == best)]  # of two fives, the higher


add(
    "one of the longest suit",
    f"{S21}: open the longest suit; with two five-card suits the higher",
    [],
    find(one_suit, 15),
    longest_suit,
)


def weak_two(h):
    l = L(h)
    for s in (S, H, D):
        others_major = [m for m in (S, H) if m != s]
        if (
            l[s] == 6
            and top3(h[s]) >= 2
            and 6 <= hcp(h) <= 9
            and min(l) >= 1
            and all(l[m] <= 3 for m in others_major)
            and max(l[i] for i in range(4) if i != s) <= 4
        ):
            return True
    return False


add(
    "opening weak two",
    f"{WEAK2}: 2♦/2♥/2♠ a decent six-card suit, about 5-9 points",
    [],
    find(weak_two, 12),
    lambda h: "2" + NAMES[L(h).index(6)],
)
add(
    "opening three",
    f"{PRE}: a very good seven-card suit and little else",
    [],
    find(
        lambda h: (
            max(L(h)) == 7
            and top3(h[L(h).index(7)]) >= 2
            and 6 <= hcp(h) <= 9
            and hcp(h) - suit_hcp(h[L(h).index(7)]) <= 3
            and sorted(L(h))[2] <= 3
        ),
        5,
    ),
    lambda h: "3" + NAMES[L(h).index(7)],
)

# --- the weak 1NT and its answers ------------------------------------------------------------
NT = ["1N", "P"]
nomaj4 = lambda h: L(h)[S] <= 3 and L(h)[H] <= 3
add(
    "1NT: Stayman",
    f"{S11}: 2♣ Stayman, a four-card major, 11+ HCP",
    NT,
    find(
        lambda h: (
            11 <= hcp(h) <= 15 and max(L(h)[S], L(h)[H]) == 4 and max(L(h)) <= 4 and min(L(h)) >= 1
        ),
        8,
    ),
    "2C",
)
add(
    "1NT: transfer",
    f"{S11}: red-suit transfers, 2♦ five hearts, 2♥ five spades",
    NT,
    find(
        lambda h: (
            hcp(h) <= 10
            and ((L(h)[H] == 5 and L(h)[S] <= 3) or (L(h)[S] == 5 and L(h)[H] <= 3))
            and max(L(h)[C], L(h)[D]) <= 4
        ),
        8,
    ),
    lambda h: "2D" if L(h)[H] == 5 else "2H",
)
add(
    "1NT: pass",
    f"{S11}: 0-10 HCP balanced: pass",
    NT,
    find(lambda h: bal(h) and hcp(h) <= 10 and nomaj4(h), 6),
    "P",
)
add(
    "1NT: 2NT",
    f"{S11}: 11-12 HCP balanced, no four-card major: 2NT",
    NT,
    find(lambda h: bal(h) and 11 <= hcp(h) <= 12 and nomaj4(h), 6),
    "2N",
)
add(
    "1NT: 3NT",
    f"{S11}: 13-18 HCP balanced, no four-card major: 3NT",
    NT,
    find(lambda h: bal(h) and 13 <= hcp(h) <= 18 and nomaj4(h), 6),
    "3N",
)
ntopen = lambda h: bal(h) and 12 <= hcp(h) <= 14 and nomaj5(h)
add(
    "Stayman answer",
    f"{S11}: Stayman answers 2♦ none, 2♥ four hearts, 2♠ four spades",
    ["1N", "P", "2C", "P"],
    find(ntopen, 8),
    lambda h: "2H" if L(h)[H] == 4 else "2S" if L(h)[S] == 4 else "2D",
)
add(
    "transfer completed",
    f"{S11}: opener completes the transfer",
    ["1N", "P", "2D", "P"],
    find(lambda h: ntopen(h) and L(h)[H] <= 3, 3),
    "2H",
)
add(
    "transfer completed",
    f"{S11}: opener completes the transfer",
    ["1N", "P", "2H", "P"],
    find(lambda h: ntopen(h) and L(h)[S] <= 3, 3),
    "2S",
)

# --- raises and responses ------------------------------------------------------------------
flat = lambda h: min(L(h)) >= 2 and max(L(h)) <= 4
add(
    "single raise",
    f"{S22}: a raise needs four trumps; 6-9 points: to two",
    ["1S", "P"],
    find(lambda h: L(h)[S] == 4 and 6 <= support_points(h, S) <= 9 and flat(h), 5),
    "2S",
)
add(
    "single raise",
    f"{S22}: a raise needs four trumps; 6-9 points: to two",
    ["1H", "P"],
    find(lambda h: L(h)[H] == 4 and L(h)[S] <= 3 and 6 <= support_points(h, H) <= 9 and flat(h), 4),
    "2H",
)
add(
    "limit raise",
    f"{S22}: four trumps, 10-12 points: to three",
    ["1S", "P"],
    find(lambda h: L(h)[S] == 4 and 10 <= support_points(h, S) <= 12 and flat(h), 4),
    "3S",
)
add(
    "limit raise",
    f"{S22}: four trumps, 10-12 points: to three",
    ["1H", "P"],
    find(
        lambda h: L(h)[H] == 4 and L(h)[S] <= 3 and 10 <= support_points(h, H) <= 12 and flat(h), 3
    ),
    "3H",
)
add(
    "1NT response",
    f"{S24}: 1NT 6-9, no four-card support (three trumps are no raise)",
    ["1S", "P"],
    find(lambda h: L(h)[S] == 3 and 6 <= hcp(h) <= 8 and flat(h), 6),
    "1N",
)
add(
    "new suit at the one level",
    f"{S23}: a one-level response 6+ HCP, four cards",
    ["1H", "P"],
    find(
        lambda h: (
            L(h)[S] >= 4
            and L(h)[H] <= 3
            and 6 <= hcp(h) <= 10
            and max(L(h)[C], L(h)[D]) <= 4
            and L(h)[S] <= 5
        ),
        6,
    ),
    "1S",
)
add(
    "two fours: the cheaper",
    f"{S23}: with two four-card suits bid the cheaper",
    ["1C", "P"],
    find(
        lambda h: (
            L(h)[C] <= 3
            and max(L(h)) == 4
            and len([i for i in (S, H, D) if L(h)[i] == 4]) == 2
            and 6 <= hcp(h) <= 10
        ),
        6,
    ),
    lambda h: "1" + NAMES[max(i for i in (S, H, D) if L(h)[i] == 4)],
)
add(
    "two over one",
    f"{S23}: a two-level response 9+ HCP (forcing, not to game)",
    ["1S", "P"],
    find(
        lambda h: (
            L(h)[C] >= 5
            and L(h)[C] > L(h)[D]
            and L(h)[S] <= 2
            and L(h)[H] <= 3
            and 9 <= hcp(h) <= 11
            and not bal(h)
            and max(L(h)) <= 6
        ),
        6,
    ),
    "2C",
)
add(
    "two over one",
    f"{S23}: 1♠-2♥ promises five hearts, 9+ HCP",
    ["1S", "P"],
    find(
        lambda h: (
            L(h)[H] == 5
            and L(h)[S] <= 2
            and 9 <= hcp(h) <= 11
            and max(L(h)[C], L(h)[D]) <= 4
            and not bal(h)
        ),
        4,
    ),
    "2H",
)
add(
    "jump shift",
    f"{S23}: a jump shift 16+ HCP and a decent suit",
    ["1H", "P"],
    find(
        lambda h: (
            L(h)[S] == 6
            and top3(h[S]) >= 2
            and L(h)[H] <= 2
            and 16 <= hcp(h) <= 19
            and max(L(h)[C], L(h)[D]) <= 4
        ),
        4,
    ),
    "2S",
)
add(
    "2NT response",
    f"{S24}: 2NT 10-12 balanced (our choice of the lower end), no fit",
    ["1S", "P"],
    find(lambda h: bal(h) and 10 <= hcp(h) <= 12 and L(h)[S] <= 3 and L(h)[H] <= 4, 6),
    "2N",
)
add(
    "2C: negative",
    f"{S14}: 2♦ the negative",
    ["2C", "P"],
    find(lambda h: hcp(h) <= 6 and max(L(h)) <= 4, 6),
    "2D",
)
add(
    "2C: rebid 2NT",
    f"{S14}: 23-24 balanced: 2♣ then 2NT",
    ["2C", "P", "2D", "P"],
    find(lambda h: bal(h) and 23 <= hcp(h) <= 24, 5),
    "2N",
)

# --- opener's notrump rebids -------------------------------------------------------------------
opens_1c = lambda h: L(h)[C] >= 4 and L(h)[C] >= L(h)[D] and L(h)[H] <= 3 and L(h)[S] <= 3
add(
    "opener's 1NT rebid",
    f"{S12}: 15-16 rebid notrump at the lowest level",
    ["1C", "P", "1H", "P"],
    find(lambda h: bal(h) and 15 <= hcp(h) <= 16 and opens_1c(h), 8),
    "1N",
)
add(
    "opener's 2NT rebid",
    f"{S12}: 17-18 jump rebid in notrump",
    ["1C", "P", "1H", "P"],
    find(lambda h: bal(h) and 17 <= hcp(h) <= 18 and opens_1c(h), 6),
    "2N",
)
add(
    "opener's 3NT rebid",
    f"{S12}: 19 jump to 3NT",
    ["1C", "P", "1H", "P"],
    find(lambda h: bal(h) and hcp(h) == 19 and opens_1c(h), 4),
    "3N",
)
add(
    "opener's raise",
    f"{S25}: a raise of responder's suit with four trumps, a minimum",
    ["1C", "P", "1H", "P"],
    find(
        lambda h: (
            12 <= hcp(h) <= 14
            and support_points(h, H) <= 16
            and L(h)[H] == 4
            and L(h)[C] >= 5
            and L(h)[S] <= 3
            and min(L(h)) >= 1
            and max(L(h)) <= 5
        ),
        4,
    ),
    "2H",
)

# --- defence (the file's overcalls and doubles; the records are SAYC's) ------------------------
add(
    "overcall",
    f"{DEF} 1: a suit overcall, a good five-card suit",
    ["1H"],
    find(
        lambda h: (
            L(h)[S] == 5
            and top3(h[S]) >= 2
            and 9 <= hcp(h) <= 14
            and L(h)[H] >= 2
            and max(L(h)) <= 5
        ),
        5,
    ),
    "1S",
)
add(
    "takeout double",
    f"{DEF} 3: a takeout double, short in their suit",
    ["1H"],
    find(
        lambda h: (
            L(h)[H] <= 1
            and min(L(h)[S], L(h)[D], L(h)[C]) >= 3
            and 12 <= hcp(h) <= 16
            and max(L(h)) <= 4
        ),
        4,
    ),
    "X",
)

with open(Path(__file__).with_name("acol_cases.json"), "w", encoding="utf-8") as out:
    json.dump(cases, out, ensure_ascii=False, indent=0)
print(len(cases))
