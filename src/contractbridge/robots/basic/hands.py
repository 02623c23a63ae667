"""What the basic robot counts in a hand: high-card points, balance, a good suit."""

from __future__ import annotations

from contractbridge.core.hand import Hand


def hcp(hand: Hand) -> int:
    """High-card points: ace 4, king 3, queen 2, jack 1."""
    m = hand.mask
    total = 0
    for rank, value in ((12, 4), (11, 3), (10, 2), (9, 1)):
        for suit in range(4):
            if m >> (suit * 13 + rank) & 1:
                total += value
    return total


def suit_hcp(hand: Hand, suit: int) -> int:
    h = hand.holding(suit)
    return sum(v for r, v in ((12, 4), (11, 3), (10, 2), (9, 1)) if h >> r & 1)


def is_balanced(hand: Hand) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
    return tuple(sorted(hand.shape(), reverse=True)) in ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2))


def good_suit(hand: Hand, suit: int) -> bool:
    """Five or more cards with two of the top four honours (or three of the top five)."""
    h = hand.holding(suit)
    top4 = sum(h >> r & 1 for r in (12, 11, 10, 9))
    top5 = top4 + (h >> 8 & 1)
    return hand.length(suit) >= 5 and (top4 >= 2 or top5 >= 3)
