"""What a call shows, for people (``text``) and for programs (the other fields).

>>> e = Explanation(call="1NT", text="15-17 HCP, balanced", hcp=(15, 17), balanced=True)
>>> e.to_dict()["hcp"], e.length("S")
([15, 17], (0, 13))
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

SUIT_ORDER = "CDHS"
NO_LIMIT = (0, 13)


@dataclass(frozen=True, slots=True)
class Explanation:
    """One call's meaning by the system.

    ``lengths`` holds (min, max) per suit in the order clubs, diamonds, hearts, spades;
    ``forcing`` is one of "forcing", "game forcing", "invitational", "sign-off",
    "non-forcing" or "" (not said).
    """

    call: str
    text: str
    hcp: tuple[int, int] = (0, 37)
    points: tuple[int, int] | None = None
    lengths: tuple[tuple[int, int], ...] = (NO_LIMIT, NO_LIMIT, NO_LIMIT, NO_LIMIT)
    balanced: bool | None = None
    forcing: str = ""
    alertable: bool = False
    artificial: bool = False
    #: True when the system does not cover the call (a natural reading is assumed)
    undiscussed: bool = False
    rule: str = ""
    extras: tuple[str, ...] = field(default=())

    def length(self, suit: str) -> tuple[int, int]:
        return self.lengths[SUIT_ORDER.index(suit)]

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["hcp"] = list(self.hcp)
        d["points"] = list(self.points) if self.points else None
        d["lengths"] = {s: list(r) for s, r in zip(SUIT_ORDER, self.lengths, strict=True)}
        d["extras"] = list(self.extras)
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict())


@dataclass(frozen=True, slots=True)
class HandConstraints:
    """What a seat's calls so far say about its hand (for sampling hidden hands)."""

    hcp: tuple[int, int] = (0, 37)
    lengths: tuple[tuple[int, int], ...] = (NO_LIMIT, NO_LIMIT, NO_LIMIT, NO_LIMIT)
    balanced: bool | None = None

    def length(self, suit: int) -> tuple[int, int]:
        return self.lengths[suit]

    def min_length(self, suit: int) -> int:
        return self.lengths[suit][0]

    def add(self, e: Explanation) -> HandConstraints:
        """The constraints narrowed by one more explained call (a contradiction keeps the newer)."""
        hcp = _meet(self.hcp, e.hcp)
        if e.points is not None and e.hcp == (0, 37):
            hcp = _meet(hcp, (max(0, e.points[0] - 3), e.points[1]))
        lengths = tuple(_meet(a, b) for a, b in zip(self.lengths, e.lengths, strict=True))
        balanced = e.balanced if e.balanced is not None else self.balanced
        return HandConstraints(hcp, lengths, balanced)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hcp": list(self.hcp),
            "lengths": {s: list(r) for s, r in zip(SUIT_ORDER, self.lengths, strict=True)},
            "balanced": self.balanced,
        }


def _meet(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    lo, hi = max(a[0], b[0]), min(a[1], b[1])
    return (lo, hi) if lo <= hi else b
