"""What a bidder sees in its own hand: points, shape, suit quality, stoppers.

Computed once per hand and read by the rule vocabulary (:mod:`.vocabulary`).

>>> f = HandFeatures.of(Hand.from_pbn("AKQ.T98.765.5432"))
>>> f.hcp, f.lengths, f.balanced
(9, (4, 3, 3, 3), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from contractbridge.core.hand import Hand

# Bits of a 13-bit holding: bit r is rank r + 2, so the ace is bit 12.
ACE, KING, QUEEN, JACK, TEN = 1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 8
_HCP = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}


def holding_hcp(holding: int) -> int:
    return sum(v for bit, v in _HCP.items() if holding & bit)


@dataclass(frozen=True, slots=True)
class HandFeatures:
    """A hand as a bidder counts it; suits indexed C, D, H, S (0..3)."""

    hand: Hand
    hcp: int
    lengths: tuple[int, int, int, int]
    holdings: tuple[int, int, int, int]
    suit_hcp: tuple[int, int, int, int]

    @classmethod
    def of(cls, hand: Hand) -> HandFeatures:
        holdings = (hand.holding(0), hand.holding(1), hand.holding(2), hand.holding(3))
        lengths = tuple(h.bit_count() for h in holdings)
        suit_hcp = tuple(holding_hcp(h) for h in holdings)
        return cls(hand, sum(suit_hcp), lengths, holdings, suit_hcp)  # type: ignore[arg-type]

    @property
    def sorted_lengths(self) -> tuple[int, ...]:
        return tuple(sorted(self.lengths, reverse=True))

    @property
    def balanced(self) -> bool:
        """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
        s = self.sorted_lengths
        return s in ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2))

    @property
    def semibalanced(self) -> bool:
        """Balanced, or 5-4-2-2 / 6-3-2-2: no singleton or void."""
        return min(self.lengths) >= 2 and max(self.lengths) <= 6

    @property
    def length_points(self) -> int:
        return sum(max(0, n - 4) for n in self.lengths)

    @property
    def total_points(self) -> int:
        """High-card points plus one for each card over four in a suit."""
        return self.hcp + self.length_points

    def support_points(self, trumps: int) -> int:
        """Dummy points with ``trumps`` as the fit: shortness counts 5/3/1 (3/2/1 with three)."""
        n = self.lengths[trumps]
        if n < 3:
            return self.total_points
        table = (5, 3, 1) if n >= 4 else (3, 2, 1)
        short = sum(
            table[length] for s, length in enumerate(self.lengths) if s != trumps and length < 3
        )
        return self.hcp + short

    def honours(self, suit: int, top: int = 3) -> int:
        """How many of the top ``top`` honours (A, K, Q, J, T) are held in ``suit``."""
        h = self.holdings[suit]
        return sum(1 for bit in (ACE, KING, QUEEN, JACK, TEN)[:top] if h & bit)

    def good_suit(self, suit: int) -> bool:
        """Two of the top three honours, or three of the top five."""
        return self.honours(suit, 3) >= 2 or self.honours(suit, 5) >= 3

    def decent_suit(self, suit: int) -> bool:
        """At least one of the top three honours plus a second honour (for an overcall)."""
        return self.honours(suit, 3) >= 1 and self.honours(suit, 5) >= 2

    def stopper(self, suit: int) -> bool:
        """A, Kx, Qxx or Jxxx (or any five cards)."""
        h, n = self.holdings[suit], self.lengths[suit]
        return bool(
            h & ACE
            or (h & KING and n >= 2)
            or (h & QUEEN and n >= 3)
            or (h & JACK and n >= 4)
            or n >= 5
        )

    @property
    def aces(self) -> int:
        return sum(1 for h in self.holdings if h & ACE)

    @property
    def kings(self) -> int:
        return sum(1 for h in self.holdings if h & KING)

    @property
    def quick_tricks(self) -> float:
        qt = 0.0
        for h in self.holdings:
            if h & ACE and h & KING:
                qt += 2
            elif h & ACE and h & QUEEN:
                qt += 1.5
            elif h & ACE or (h & KING and h & QUEEN):
                qt += 1
            elif h & KING and h.bit_count() >= 2:
                qt += 0.5
        return qt

    @property
    def losers(self) -> int:
        """Losing-trick count: per suit, the missing A/K/Q among the first three cards."""
        total = 0
        for h in self.holdings:
            n = min(3, h.bit_count())
            held = sum(1 for bit in (ACE, KING, QUEEN)[:n] if h & bit)
            total += n - held
        return total

    def playing_tricks(self) -> float:
        return 13 - self.losers

    @property
    def longest(self) -> int:
        """The longest suit (the higher-ranking of equals)."""
        best = max(self.lengths)
        return max(s for s in range(4) if self.lengths[s] == best)
