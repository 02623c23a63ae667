"""The contract: level, strain, doubling and declarer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from contractbridge.core.card import Strain
from contractbridge.core.errors import ParseError
from contractbridge.core.seat import Seat


class Doubled(IntEnum):
    """Undoubled, doubled or redoubled; the value is the power of two that multiplies."""

    NONE = 0
    DOUBLED = 1
    REDOUBLED = 2

    def __str__(self) -> str:
        return ("", "X", "XX")[self]


_CONTRACT = re.compile(
    r"^\s*([1-7])\s*(NT|N|SA|[CDHS♣♦♥♠])\s*(XX|X|\*\*|\*|R)?\s*(?:(?:BY\s+)?([NESW]))?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract; ``declarer`` may be left out where it does not matter (scoring).

    >>> Contract.parse("3NTXX"), Contract.parse("4S X by N").declarer
    (Contract(level=3, strain=<Strain.NT: 4>, doubled=<Doubled.REDOUBLED: 2>, \
declarer=None), <Seat.N: 0>)
    """

    level: int
    strain: Strain
    doubled: Doubled = Doubled.NONE
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ParseError(f"a contract's level is 1 to 7, not {self.level}")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``"4S"``, ``"3NTX"``, ``"6HXX"``, ``"4S*"``, ``"4SX N"``, ``"3NT by S"``."""
        match = _CONTRACT.match(text.replace("-", " "))
        if match is None:
            raise ParseError(
                f"{text!r} is not a contract (write level, strain and X or XX, like 4S or 3NTX)"
            )
        level, strain, dbl, seat = match.groups()
        doubled = {None: Doubled.NONE, "X": Doubled.DOUBLED, "*": Doubled.DOUBLED}.get(
            dbl.upper() if dbl else None, Doubled.REDOUBLED
        )
        return cls(
            int(level),
            Strain.parse(strain),
            doubled,
            Seat.parse(seat) if seat else None,
        )

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @property
    def dummy(self) -> Seat | None:
        return self.declarer.partner if self.declarer is not None else None

    @property
    def trump(self) -> Strain:
        return self.strain

    def with_declarer(self, declarer: Seat) -> Contract:
        return Contract(self.level, self.strain, self.doubled, declarer)

    def __str__(self) -> str:
        text = f"{self.level}{self.strain.name}{self.doubled}"
        return f"{text} {self.declarer.name}" if self.declarer is not None else text

    @property
    def symbol(self) -> str:
        """``"4♠X by North"`` style, for people."""
        text = f"{self.level}{self.strain.symbol}{self.doubled}"
        return f"{text} by {self.declarer.full_name}" if self.declarer is not None else text
