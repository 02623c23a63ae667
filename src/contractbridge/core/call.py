"""The 38 calls: 35 bids, pass, double and redouble.

Calls are shared instances numbered 0..37: pass 0, double 1, redouble 2, then the bids
1C (3) ... 7NT (37) in rank order, so a bid outranks another when its number is higher.
"""

from __future__ import annotations

from contractbridge.core.card import STRAINS, Strain
from contractbridge.core.errors import ParseError

PASS_INDEX, DOUBLE_INDEX, REDOUBLE_INDEX, FIRST_BID_INDEX = 0, 1, 2, 3


class Call:
    """A call.

    >>> Call.parse("1N"), Call.parse("p"), Call.parse("xx")
    (Call.parse('1NT'), Call.parse('Pass'), Call.parse('XX'))
    >>> Call.parse("2C").outranks(Call.parse("1NT"))
    True
    """

    __slots__ = ("index", "level", "strain")

    index: int
    level: int
    strain: Strain | None

    def __new__(cls, index: int) -> Call:
        return CALLS[index]

    @classmethod
    def _make(cls, index: int) -> Call:
        call = object.__new__(cls)
        call.index = index
        if index >= FIRST_BID_INDEX:
            call.level, call.strain = (index - 3) // 5 + 1, STRAINS[(index - 3) % 5]
        else:
            call.level, call.strain = 0, None
        return call

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        if not 1 <= level <= 7:
            raise ParseError(f"a bid's level is 1 to 7, not {level}")
        return CALLS[FIRST_BID_INDEX + (level - 1) * 5 + strain]

    @classmethod
    def parse(cls, text: str) -> Call:
        """``"1NT"``, ``"1n"``, ``"7♠"``, ``"p"``/``"pass"``, ``"x"``/``"dbl"``, ``"xx"``."""
        key = text.strip().upper().replace(" ", "")
        call = _CALL_NAMES.get(key)
        if call is None and len(key) >= 2 and key[0] in "1234567":
            try:
                call = cls.bid(int(key[0]), Strain.parse(key[1:]))
            except ParseError:
                call = None
        if call is None:
            raise ParseError(
                f"{text!r} is not a call (bids are 1C..7NT; P is pass, X double, XX redouble)"
            )
        return call

    @property
    def is_bid(self) -> bool:
        return self.index >= FIRST_BID_INDEX

    @property
    def is_pass(self) -> bool:
        return self.index == PASS_INDEX

    @property
    def is_double(self) -> bool:
        return self.index == DOUBLE_INDEX

    @property
    def is_redouble(self) -> bool:
        return self.index == REDOUBLE_INDEX

    def outranks(self, other: Call) -> bool:
        """True when both are bids and this one is higher (Law 18)."""
        return self.is_bid and other.is_bid and self.index > other.index

    def __str__(self) -> str:
        return _CALL_TEXT[self.index]

    def __repr__(self) -> str:
        return f"Call.parse({_CALL_TEXT[self.index]!r})"

    @property
    def symbol(self) -> str:
        """``"1♠"`` style, for people."""
        if self.strain is None:
            return str(self)
        return f"{self.level}{self.strain.symbol}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Call) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Call, (self.index,))


_CALL_TEXT = ("Pass", "X", "XX", *tuple(f"{lv}{s.name}" for lv in range(1, 8) for s in STRAINS))
CALLS: tuple[Call, ...] = tuple(Call._make(i) for i in range(38))
BIDS: tuple[Call, ...] = CALLS[FIRST_BID_INDEX:]
PASS, DOUBLE, REDOUBLE = CALLS[0], CALLS[1], CALLS[2]

_CALL_NAMES: dict[str, Call] = {
    "P": PASS,
    "PASS": PASS,
    "PAS": PASS,
    "-": PASS,
    "X": DOUBLE,
    "D": DOUBLE,
    "DBL": DOUBLE,
    "DOUBLE": DOUBLE,
    "XX": REDOUBLE,
    "R": REDOUBLE,
    "RDBL": REDOUBLE,
    "REDOUBLE": REDOUBLE,
    **{str(b): b for b in BIDS},
}
