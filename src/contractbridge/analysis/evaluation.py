"""Hand evaluation: the vocabulary bidding robots and dealing constraints share.

Every measure is defined per suit holding (13 bits, rank r at bit r - 2, as in
:meth:`Hand.holding`) and summed over the four suits. The per-holding values are also
kept as 8192-entry tables (``SUIT_HCP``, ``SUIT_LOSERS`` ...) so that NumPy code
(:mod:`contractbridge.analysis.dealing`) evaluates millions of hands with the very same
definitions.

>>> h = Hand.from_pbn("AKJ5.Q73.K842.T6")
>>> hcp(h), controls(h), losers(h), quick_tricks(h), shape_class(h)
(13, 4, 7, 2.5, 'balanced')
>>> pattern(h), matches_pattern(h, "4-4-3-2"), matches_pattern(h, "4=3=4=2")
((4, 4, 3, 2), True, True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from contractbridge.analysis.errors import ConstraintError
from contractbridge.core.hand import SUIT_MASK, Hand

__all__ = [
    "BALANCED_PATTERNS",
    "SEMI_BALANCED_PATTERNS",
    "controls",
    "distribution_points",
    "hcp",
    "is_balanced",
    "is_semi_balanced",
    "length_points",
    "losers",
    "matches_pattern",
    "parse_pattern",
    "pattern",
    "quick_tricks",
    "shape_class",
    "total_points",
]

_ACE, _KING, _QUEEN, _JACK = 1 << 12, 1 << 11, 1 << 10, 1 << 9


def _holding_hcp(h: int) -> int:
    """Milton Work: ace 4, king 3, queen 2, jack 1."""
    return 4 * bool(h & _ACE) + 3 * bool(h & _KING) + 2 * bool(h & _QUEEN) + bool(h & _JACK)


def _holding_controls(h: int) -> int:
    """Ace 2, king 1."""
    return 2 * bool(h & _ACE) + bool(h & _KING)


def _holding_losers(h: int) -> int:
    """Losing trick count: the first min(length, 3) cards, less the A, K, Q among them.

    A singleton counts only the ace, a doubleton the ace and king: Kx = 1, Qx = 2, AKx = 1.
    """
    n = h.bit_count()
    top = min(n, 3)
    honours = (_ACE, _KING, _QUEEN)[:top]
    return top - sum(1 for bit in honours if h & bit)


def _holding_quick_tricks_x2(h: int) -> int:
    """Quick tricks, in halves: AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5 (a bare king none)."""
    a, k, q = bool(h & _ACE), bool(h & _KING), bool(h & _QUEEN)
    if a and k:
        return 4
    if a and q:
        return 3
    if a:
        return 2
    if k and q:
        return 2
    if k and h.bit_count() >= 2:
        return 1
    return 0


def _table(func: object) -> np.ndarray:
    f = func  # typed loosely: a holding -> int function
    return np.array([f(h) for h in range(8192)], dtype=np.int16)  # type: ignore[operator]


#: Per-holding tables indexed by the 13-bit holding.
SUIT_HCP = _table(_holding_hcp)
SUIT_CONTROLS = _table(_holding_controls)
SUIT_LOSERS = _table(_holding_losers)
SUIT_QUICK_TRICKS_X2 = _table(_holding_quick_tricks_x2)
SUIT_LENGTH = _table(int.bit_count)


def _holdings(hand: Hand) -> tuple[int, int, int, int]:
    m = hand.mask
    return (m & SUIT_MASK, m >> 13 & SUIT_MASK, m >> 26 & SUIT_MASK, m >> 39 & SUIT_MASK)


def hcp(hand: Hand, suit: int | None = None) -> int:
    """High-card points (Milton Work 4-3-2-1), of the hand or of one suit."""
    if suit is not None:
        return _holding_hcp(hand.holding(suit))
    return sum(_holding_hcp(h) for h in _holdings(hand))


def controls(hand: Hand) -> int:
    """Controls: ace 2, king 1."""
    return sum(_holding_controls(h) for h in _holdings(hand))


def losers(hand: Hand) -> int:
    """Losing trick count (LTC), 0 to 12."""
    return sum(_holding_losers(h) for h in _holdings(hand))


def quick_tricks(hand: Hand) -> float:
    """Quick (defensive) tricks: AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5."""
    return sum(_holding_quick_tricks_x2(h) for h in _holdings(hand)) / 2


def distribution_points(hand: Hand) -> int:
    """Shortness points: void 3, singleton 2, doubleton 1."""
    return sum(max(0, 3 - n) for n in hand.shape())


def length_points(hand: Hand) -> int:
    """Length points: one for each card beyond four in a suit."""
    return sum(max(0, n - 4) for n in hand.shape())


def total_points(hand: Hand) -> int:
    """High-card points plus shortness points (opener's count)."""
    return hcp(hand) + distribution_points(hand)


# -- shape ------------------------------------------------------------------------------------
def pattern(hand: Hand) -> tuple[int, int, int, int]:
    """Suit lengths longest first (the hand pattern, 4-4-3-2)."""
    a, b, c, d = sorted(hand.shape(), reverse=True)
    return (a, b, c, d)


BALANCED_PATTERNS = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})
#: Semi-balanced adds 5-4-2-2 and 6-3-2-2: no singleton or void.
SEMI_BALANCED_PATTERNS = BALANCED_PATTERNS | {(5, 4, 2, 2), (6, 3, 2, 2)}


def is_balanced(hand: Hand) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
    return pattern(hand) in BALANCED_PATTERNS


def is_semi_balanced(hand: Hand) -> bool:
    """Balanced, or 5-4-2-2 or 6-3-2-2 (no singleton or void)."""
    return pattern(hand) in SEMI_BALANCED_PATTERNS


def shape_class(hand: Hand) -> str:
    """``"balanced"``, ``"semi-balanced"``, ``"single-suited"`` (a 6+ suit, no other 4+),
    ``"two-suited"`` (5+ and 4+), ``"three-suited"`` (4-4-4-1, 5-4-4-0) or ``"other"``."""
    p = pattern(hand)
    if p in BALANCED_PATTERNS:
        return "balanced"
    if p in SEMI_BALANCED_PATTERNS:
        return "semi-balanced"
    if p[2] >= 4:
        return "three-suited"
    if p[0] >= 5 and p[1] >= 4:
        return "two-suited"
    if p[0] >= 6:
        return "single-suited"
    return "other"


_PATTERN = re.compile(r"^([0-9x])([-=]?)([0-9x])\2([0-9x])\2([0-9x])$", re.IGNORECASE)


def parse_pattern(text: str) -> tuple[tuple[int | None, ...], bool]:
    """``"4-4-4-1"`` / ``"4441"`` (any order) or ``"5=4=3=1"`` (spades, hearts, diamonds,
    clubs in that order); ``x`` is any length. Returns (lengths, exact order)."""
    m = _PATTERN.match(text.strip())
    if m is None:
        raise ConstraintError(
            f"{text!r} is not a hand pattern: write four lengths like 4-4-4-1 (any order), "
            "5=4=3=1 (spades=hearts=diamonds=clubs) or 5-4-x-x"
        )
    lengths = tuple(None if g.lower() == "x" else int(g) for g in m.group(1, 3, 4, 5))
    known = sum(n for n in lengths if n is not None)
    if known > 13 or (None not in lengths and known != 13):
        raise ConstraintError(f"{text!r} does not add up to 13 cards")
    return lengths, m.group(2) == "="


def matches_pattern(hand: Hand | Sequence[int], text: str) -> bool:
    """Whether a hand (or its S-H-D-C lengths) fits a pattern (see :func:`parse_pattern`)."""
    shape = tuple(hand.shape()) if isinstance(hand, Hand) else tuple(hand)
    lengths, exact = parse_pattern(text)
    if exact:
        return all(w is None or w == n for w, n in zip(lengths, shape, strict=True))
    want = sorted((n for n in lengths if n is not None), reverse=True)
    have = list(shape)
    for n in want:
        if n not in have:
            return False
        have.remove(n)
    return True
