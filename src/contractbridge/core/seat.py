"""Seats, sides and vulnerability."""

from __future__ import annotations

from enum import IntEnum

from contractbridge.core.errors import ParseError


class Side(IntEnum):
    """A partnership: North-South or East-West."""

    NS = 0
    EW = 1

    @property
    def opponents(self) -> Side:
        return _SIDES[1 - self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))

    def __str__(self) -> str:
        return self.name


_SIDES = (Side.NS, Side.EW)


class Seat(IntEnum):
    """A compass seat, numbered clockwise from North.

    >>> Seat.N.lho, Seat.N.partner, Seat.N.rho, Seat.N.side
    (<Seat.E: 1>, <Seat.S: 2>, <Seat.W: 3>, <Side.NS: 0>)
    """

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        return SEATS[(self + 2) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return SEATS[(self + 3) & 3]

    @property
    def side(self) -> Side:
        return _SIDES[self & 1]

    @property
    def full_name(self) -> str:
        return ("North", "East", "South", "West")[self]

    def next(self, steps: int = 1) -> Seat:
        return SEATS[(self + steps) & 3]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``"N"``, ``"north"``, ``"S"`` ... -> a seat."""
        key = text.strip().upper()
        if key in _NAMES:
            key = key[0]
        if len(key) == 1 and key in "NESW":
            return SEATS["NESW".index(key)]
        raise ParseError(f"{text!r} is not a seat (use N, E, S or W)")

    def __str__(self) -> str:
        return self.name


SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_NAMES = {"NORTH", "EAST", "SOUTH", "WEST"}


class Vulnerability(IntEnum):
    """Which sides are vulnerable on a deal.

    >>> Vulnerability.parse("Both") is Vulnerability.ALL
    True
    """

    NONE = 0
    NS = 1
    EW = 2
    ALL = 3

    def is_vulnerable(self, who: Seat | Side) -> bool:
        side = who.side if isinstance(who, Seat) else who
        return bool(self & (1 << side))

    @classmethod
    def of(cls, ns: bool, ew: bool) -> Vulnerability:
        return VULNERABILITIES[int(ns) | (int(ew) << 1)]

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """PBN and everyday spellings: None/Love/-, NS/N-S, EW/E-W, All/Both."""
        key = text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")
        if key in ("", "NONE", "LOVE", "O", "0", "NEITHER"):
            return cls.NONE
        if key in ("NS", "N", "NORTHSOUTH"):
            return cls.NS
        if key in ("EW", "E", "EASTWEST"):
            return cls.EW
        if key in ("ALL", "BOTH", "B"):
            return cls.ALL
        raise ParseError(f"{text!r} is not a vulnerability (use None, NS, EW or All)")

    def __str__(self) -> str:
        return ("None", "NS", "EW", "All")[self]


VULNERABILITIES = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL)
