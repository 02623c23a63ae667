"""How tests/data/forumd_cases.json was made (``python tests/data/forumd_cases_from_the_book.py``
writes it again, the same): Forum D cases: deals random hands and keeps those that a rule of the
Forum D 2012 description classifies clearly; the expected call is the book's, from the hand's
own counts (independent code: no engine)."""

# ruff: noqa: E501, E731
import json
import random
from pathlib import Path

RANKS = "AKQJT98765432"
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
rng = random.Random(2012)


def deal():
    cards = [(s, r) for s in range(4) for r in RANKS]
    rng.shuffle(cards)
    h = [[] for _ in range(4)]  # S H D C
    for s, r in cards[:13]:
        h[s].append(r)
    return [sorted(x, key=RANKS.index) for x in h]


def pbn(h):
    return ".".join("".join(x) for x in h)


def hcp(h):
    return sum(HCP.get(r, 0) for x in h for r in x)


def L(h):
    return [len(x) for x in h]  # S H D C


def fl(h):
    return hcp(h) + sum(max(0, n - 4) for n in L(h))


def bal(h):
    s = sorted(L(h))
    return s in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])


def top3(x):
    return sum(1 for r in "AKQ" if r in x)


def ltc(h):
    t = 0
    for x in h:
        n = min(3, len(x))
        t += n - sum(1 for r in "AKQ"[:n] if r in x)
    return t


S, H, D, C = 0, 1, 2, 3


def find(pred, n, tries=400000):
    out = []
    for _ in range(tries):
        h = deal()
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


K11 = "1.1 Eröffnung auf Einerstufe"
K12 = "1.2 Starke Eröffnungen"
nomaj5 = lambda h: L(h)[S] < 5 and L(h)[H] < 5
add(
    "opening 1NT",
    K11 + ": 1 SA 15-17, gleichmäßig, keine 5er-Oberfarbe",
    [],
    find(lambda h: bal(h) and 15 <= hcp(h) <= 17 and nomaj5(h), 15),
    "1N",
)
add(
    "opening 2NT",
    K12 + ": 2 SA 20-21, gleichmäßig, ohne 5er-Oberfarbe",
    [],
    find(lambda h: bal(h) and 20 <= hcp(h) <= 21 and nomaj5(h), 10),
    "2N",
)


def one_major(h):
    l = L(h)
    if not (12 <= hcp(h) <= 17 and max(l) <= 6 and ltc(h) >= 6):
        return False
    m = max(l[S], l[H])
    return m >= 5 and m == max(l)


add(
    "opening one of a major",
    K11 + ": 1♥/1♠ ab 5er-Farbe; längste Farbe, von zwei Fünfern die höhere",
    [],
    find(one_major, 20),
    lambda h: "1S" if L(h)[S] >= L(h)[H] and L(h)[S] >= 5 else "1H",
)
notnt = lambda h: 12 <= hcp(h) <= 14 or (15 <= hcp(h) <= 19 and not bal(h))
add(
    "opening 1D",
    K11 + ": 1♦ ab 4er-Länge; mit 4-4 in Unterfarben 1♦",
    [],
    find(
        lambda h: (
            notnt(h)
            and nomaj5(h)
            and L(h)[D] >= 4
            and L(h)[D] >= L(h)[C]
            and max(L(h)) <= 6
            and ltc(h) >= 6
        ),
        12,
    ),
    "1D",
)
add(
    "opening 1D with three",
    K11 + ": 1♦ mit 3er-Länge nur bei exakt 4-4-3-2",
    [],
    find(lambda h: L(h) == [4, 4, 3, 2] and 12 <= hcp(h) <= 14, 6),
    "1D",
)
add(
    "opening 1C",
    K11 + ": 1♣ ab 3er-Länge; mit 3-3 in Unterfarben 1♣",
    [],
    find(
        lambda h: (
            notnt(h)
            and nomaj5(h)
            and L(h)[C] >= 3
            and (L(h)[C] > L(h)[D] or L(h)[C] == L(h)[D] == 3)
            and max(L(h)) <= 6
            and ltc(h) >= 6
        ),
        12,
    ),
    "1C",
)
add(
    "no opening",
    K11 + ": Eröffnung ab 13 FL (auch 12 F)",
    [],
    find(lambda h: hcp(h) <= 10 and max(L(h)) <= 5, 8),
    "P",
)
add(
    "opening 2C balanced",
    K12 + ": 2♣ semiforcing, 22-23 gleichmäßig",
    [],
    find(lambda h: bal(h) and 22 <= hcp(h) <= 23, 8),
    "2C",
)
add("opening 2D", K12 + ": 2♦ ab 24 FL alle Blatttypen", [], find(lambda h: hcp(h) >= 24, 10), "2D")


def weak_two(h):
    l = L(h)
    for m, o in ((S, H), (H, S)):
        if (
            l[m] == 6
            and top3(h[m]) >= 2
            and 6 <= hcp(h) <= 10
            and min(l) >= 1
            and l[o] <= 3
            and max(l[D], l[C]) <= 4
        ):
            return True
    return False


add(
    "opening weak two",
    "1.3 Weak Two: 2♥/2♠ 6er-Farbe, schwach (6-10 F)",
    [],
    find(weak_two, 10),
    lambda h: "2S" if L(h)[S] == 6 else "2H",
)


def two_c_major(h):
    l = L(h)
    for m, o in ((S, H), (H, S)):
        if (
            l[m] in (6, 7)
            and top3(h[m]) >= 2
            and l[o] <= 3
            and 20 <= fl(h) <= 23
            and ltc(h) >= 5
            and max(l[D], l[C]) <= 4
        ):
            return True
    return False


add(
    "opening 2C major one-suiter",
    K12 + ": 2♣ 20-23 FL bzw. 8-8,5 Spielstiche, guter OF-Einfärber",
    [],
    find(two_c_major, 6, 3000000),
    "2C",
)

# --- answers and rebids
NT = ["1N", "P"]
resp_bal = lambda h: max(L(h)) <= 5
add(
    "1NT: Stayman",
    "2.1 Antworten auf 1 SA: 2♣ Stayman, 4er-Oberfarbe, ab 8 F",
    NT,
    find(
        lambda h: (
            8 <= hcp(h) <= 13
            and max(L(h)[S], L(h)[H]) == 4
            and resp_bal(h)
            and min(L(h)) >= 1
            and L(h)[C] <= 4
            and L(h)[D] <= 4
        ),
        8,
    ),
    "2C",
)


def xfer(h):
    l = L(h)
    return (
        hcp(h) <= 9
        and ((l[H] == 5 and l[S] <= 3) or (l[S] == 5 and l[H] <= 3))
        and max(l[C], l[D]) <= 4
    )


add(
    "1NT: transfer",
    "2.1 Antworten auf 1 SA: Transfer 2♦→♥, 2♥→♠ mit 5er-Oberfarbe",
    NT,
    find(xfer, 10),
    lambda h: "2D" if L(h)[H] == 5 else "2H",
)
add(
    "1NT: 3NT",
    "2.1 Antworten auf 1 SA: 3 SA zum Spielen, 10-15 F, keine 4er-Oberfarbe",
    NT,
    find(lambda h: bal(h) and 10 <= hcp(h) <= 14 and L(h)[S] <= 3 and L(h)[H] <= 3, 6),
    "3N",
)
add(
    "1NT: pass",
    "2.1 Antworten auf 1 SA: Passe mit 0-7 F ohne Oberfarbe",
    NT,
    find(lambda h: bal(h) and hcp(h) <= 7 and L(h)[S] <= 3 and L(h)[H] <= 3, 6),
    "P",
)
ntopen = lambda h: bal(h) and 15 <= hcp(h) <= 17 and nomaj5(h)
STAY = ["1N", "P", "2C", "P"]
add(
    "Stayman answer",
    "2.1 Stayman-Antworten: 2♦ keine, 2♥ 4er-♥, 2♠ 4er-♠ ohne 4er-♥",
    STAY,
    find(ntopen, 12),
    lambda h: "2H" if L(h)[H] == 4 else "2S" if L(h)[S] == 4 else "2D",
)
add(
    "transfer completed",
    "2.1 Transfer: der Eröffner bietet die angezeigte Farbe",
    ["1N", "P", "2D", "P"],
    find(lambda h: ntopen(h) and L(h)[H] <= 3, 5),
    "2H",
)
add(
    "transfer completed",
    "2.1 Transfer: der Eröffner bietet die angezeigte Farbe",
    ["1N", "P", "2H", "P"],
    find(lambda h: ntopen(h) and L(h)[S] <= 3, 5),
    "2S",
)
flat_sup = lambda h, m: min(L(h)) >= 2
add(
    "raise of a major",
    "2.2 Antworten auf 1 in Oberfarbe: einfache Hebung, 3er-Anschluss, 6-9 FV",
    ["1S", "P"],
    find(lambda h: L(h)[S] in (3, 4) and 6 <= hcp(h) <= 9 and min(L(h)) >= 2 and max(L(h)) <= 4, 5),
    "2S",
)
add(
    "raise of a major",
    "2.2 Antworten auf 1 in Oberfarbe: einfache Hebung, 3er-Anschluss, 6-9 FV",
    ["1H", "P"],
    find(
        lambda h: (
            L(h)[H] in (3, 4)
            and L(h)[S] <= 3
            and 6 <= hcp(h) <= 9
            and min(L(h)) >= 2
            and max(L(h)) <= 4
        ),
        5,
    ),
    "2H",
)
add(
    "1NT response",
    "2.2 Antworten auf 1 in Oberfarbe: 1 SA 6-10 F ohne Anschluss",
    ["1S", "P"],
    find(lambda h: L(h)[S] <= 2 and 6 <= hcp(h) <= 9 and max(L(h)) <= 4 and L(h)[H] <= 4, 6),
    "1N",
)
add(
    "new suit at the one level",
    "2.2 Antworten: neue Farbe auf Einerstufe ab 4er-Länge, ab 6 F",
    ["1H", "P"],
    find(
        lambda h: (
            L(h)[S] >= 4 and L(h)[H] <= 2 and 6 <= hcp(h) <= 10 and max(L(h)[C], L(h)[D]) <= 4
        ),
        5,
    ),
    "1S",
)
add(
    "major over a minor",
    "2.3 Antworten auf 1 in Unterfarbe: 4er-Oberfarbe auf Einerstufe, ab 6 F",
    ["1C", "P"],
    find(
        lambda h: (
            (L(h)[S] >= 4) != (L(h)[H] >= 4)
            and 6 <= hcp(h) <= 10
            and L(h)[D] <= 3
            and max(L(h)) <= 5
        ),
        8,
    ),
    lambda h: "1S" if L(h)[S] >= 4 else "1H",
)
add(
    "pass over one of a suit",
    "2 Antworten: Passe mit weniger als 6 F",
    ["1D", "P"],
    find(lambda h: hcp(h) <= 4 and max(L(h)) <= 5, 5),
    "P",
)
add(
    "2C: relay",
    "1.2/2♣-Antworten: 2♦ Relais (Pflichtgebot)",
    ["2C", "P"],
    find(lambda h: hcp(h) <= 7 and sorted(L(h))[2] <= 4, 8),
    "2D",
)
add(
    "2C: rebid 2NT",
    "1.2 2♣-Eröffner nach 2♦: 2 SA mit 22-23 gleichmäßig",
    ["2C", "P", "2D", "P"],
    find(lambda h: bal(h) and 22 <= hcp(h) <= 23, 5),
    "2N",
)
add(
    "2D: relay",
    "1.2/2♦-Antworten: 2♥ Relais mit schwacher Hand",
    ["2D", "P"],
    find(lambda h: hcp(h) <= 6 and max(L(h)) <= 4, 6),
    "2H",
)
add(
    "opener's 1NT rebid",
    "3 Wiedergebot des Eröffners: 1 SA 12-14 gleichmäßig",
    ["1C", "P", "1H", "P"],
    find(
        lambda h: (
            bal(h)
            and 12 <= hcp(h) <= 14
            and L(h)[C] >= 4
            and L(h)[C] >= L(h)[D]
            and L(h)[H] <= 3
            and L(h)[S] <= 3
        ),
        6,
    ),
    "1N",
)
add(
    "opener's raise",
    "3 Wiedergebot des Eröffners: einfache Hebung mit 4er-Anschluss, Minimum (ohne Kürze: 12-14 FV)",
    ["1C", "P", "1H", "P"],
    find(
        lambda h: (
            12 <= hcp(h) <= 14
            and L(h)[H] == 4
            and L(h)[C] >= 4
            and L(h)[C] >= L(h)[D]
            and L(h)[S] <= 3
            and max(L(h)) <= 5
            and min(L(h)) >= 2
        ),
        4,
    ),
    "2H",
)
add(
    "overcall",
    "Gegenreizung: Farbüberruf auf Einerstufe, gute 5er-Farbe",
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
    "Gegenreizung: Informationskontra, Kürze in Gegnerfarbe",
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


def shaped(lengths):
    """A hand of the given suit lengths (S H D C), its cards drawn at random."""
    deck = {i: list(RANKS) for i in range(4)}
    h = []
    for i, n in enumerate(lengths):
        rng.shuffle(deck[i])
        h.append(sorted(deck[i][:n], key=RANKS.index))
    return h


def find_shaped(shapes, pred, n, tries=400000):
    out = []
    for _ in range(tries):
        h = shaped(rng.choice(shapes))
        if pred(h):
            out.append(h)
            if len(out) == n:
                break
    assert len(out) == n, len(out)
    return out


FDP = "Forum D Plus (auf Forum D 2012 aufbauend), 2♣ semiforcing: "
majors55 = [(5, 5, 2, 1), (5, 5, 1, 2), (5, 5, 3, 0), (5, 5, 0, 3)]
good55 = lambda h: 18 <= hcp(h) <= 21 and top3(h[S]) >= 2 and top3(h[H]) >= 2 and 3 <= ltc(h) <= 4
add(
    "opening 2C 5-5 majors",
    K12 + ": 2♣ 18-21 F, sehr guter OF-Zweifärber (5-5), 3-4 Verlierer",
    [],
    find_shaped(majors55, good55, 4),
    "2C",
)
add(
    "2C: rebid 3NT",
    FDP + "3 SA nach 2♦ zeigt 5-5 in den Oberfarben, 3-4 Verlierer",
    ["2C", "P", "2D", "P"],
    find_shaped(majors55, good55, 4),
    "3N",
)
minor7 = [(2, 2, 2, 7), (3, 2, 1, 7), (2, 2, 7, 2), (1, 3, 7, 2)]


def good_minor(h):
    m = C if L(h)[C] == 7 else D
    return top3(h[m]) >= 2 and ltc(h) == 4 and 14 <= hcp(h) <= 21


add(
    "opening 2C minor one-suiter",
    K12 + ": 2♣ 8,5-9,5 Spielstiche, guter UF-Einfärber, i.d.R. 7er-Länge",
    [],
    find_shaped(minor7, good_minor, 4),
    "2C",
)
add(
    "2C: rebid three of a minor",
    FDP + "3♣/3♦ nach 2♦ zeigt den Unterfarb-Einfärber",
    ["2C", "P", "2D", "P"],
    find_shaped(minor7, good_minor, 4),
    lambda h: "3C" if L(h)[C] == 7 else "3D",
)
major6 = [(6, 3, 2, 2), (6, 2, 3, 2), (3, 6, 2, 2), (2, 6, 2, 3), (7, 2, 2, 2), (2, 7, 2, 2)]


def good_major(h):
    m = S if L(h)[S] >= 6 else H
    return top3(h[m]) >= 2 and 20 <= fl(h) <= 23 and ltc(h) >= 5


add(
    "2C: rebid two of a major",
    FDP + "2♥/2♠ nach 2♦ zeigt den Oberfarb-Einfärber, 20-23 FL",
    ["2C", "P", "2D", "P"],
    find_shaped(major6, good_major, 6),
    lambda h: "2S" if L(h)[S] >= 6 else "2H",
)


def tricks_major(h):
    m = S if L(h)[S] >= 6 else H
    return top3(h[m]) >= 2 and ltc(h) <= 3 and hcp(h) <= 23


add(
    "opening 2D on tricks",
    K12 + ": 2♦ OF-Einfärber ab 9 Spielstichen",
    [],
    find_shaped(major6, tricks_major, 4),
    "2D",
)
add(
    "2C: 5-5 answer",
    FDP + "2♥ = 5-5 mit Coeur und einer anderen Farbe, ab 8 F",
    ["2C", "P"],
    find_shaped(
        [(0, 5, 5, 3), (1, 5, 2, 5), (2, 5, 1, 5), (0, 5, 3, 5)], lambda h: 8 <= hcp(h) <= 12, 3
    ),
    "2H",
)
add(
    "2C: 5-5 answer",
    FDP + "2♠ = 5-5 mit Pik und einer Unterfarbe, ab 8 F",
    ["2C", "P"],
    find_shaped([(5, 1, 5, 2), (5, 2, 1, 5), (5, 0, 3, 5)], lambda h: 8 <= hcp(h) <= 12, 3),
    "2S",
)
add(
    "2C: 5-5 answer",
    FDP + "2 SA = 5-5 in den Unterfarben, ab 8 F",
    ["2C", "P"],
    find_shaped([(1, 2, 5, 5), (2, 1, 5, 5), (0, 3, 5, 5)], lambda h: 8 <= hcp(h) <= 12, 3),
    "2N",
)

with open(Path(__file__).with_name("forumd_cases.json"), "w", encoding="utf-8") as out:
    json.dump(cases, out, ensure_ascii=False, indent=0)
print(len(cases))
