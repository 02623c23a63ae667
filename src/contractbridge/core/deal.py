"""Deals (four hands) and boards (number -> dealer and vulnerability, Law 2)."""

from __future__ import annotations

import random as _random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import factorial

from contractbridge.core.errors import InvalidDealError, ParseError
from contractbridge.core.hand import FULL_MASK, Hand
from contractbridge.core.seat import SEATS, VULNERABILITIES, Seat, Vulnerability

_FACT52 = factorial(52)
_BITS = tuple(1 << c for c in range(52))
_RADICES = tuple((i, i + 1) for i in range(51, 0, -1))


def _hand_name(seat: Seat) -> str:
    return seat.full_name


class Deal:
    """Four hands, indexed by seat.

    >>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> str(d[Seat.E])
    'T98.765.432.AKQJ'
    >>> d.to_pbn(Seat.E).split()[0]
    'E:T98.765.432.AKQJ'
    """

    __slots__ = ("_hands",)

    _hands: tuple[Hand, Hand, Hand, Hand]

    def __init__(
        self,
        hands: Sequence[Hand] | Mapping[Seat, Hand],
        *,
        partial: bool = False,
    ) -> None:
        """``hands`` in seat order N, E, S, W (or a mapping by seat).

        A full deal has 13 cards in each hand and 52 different cards. ``partial=True`` allows
        fewer cards (end positions, unknown hands) but never a card held twice.
        """
        if isinstance(hands, Mapping):
            seq = tuple(hands.get(s, Hand()) for s in SEATS)
        else:
            seq = tuple(hands)
        if len(seq) != 4:
            raise InvalidDealError(f"a deal has four hands, not {len(seq)}")
        seen = 0
        for seat, hand in zip(SEATS, seq, strict=True):
            if seen & hand.mask:
                dup = Hand.from_mask(seen & hand.mask)
                raise InvalidDealError(
                    f"{', '.join(str(c) for c in dup)} dealt twice (again to {seat.full_name})"
                )
            seen |= hand.mask
            if not partial and len(hand) != 13:
                raise InvalidDealError(f"{seat.full_name} has {len(hand)} cards, not 13")
        object.__setattr__(self, "_hands", seq)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    @classmethod
    def _trusted(cls, masks: Sequence[int]) -> Deal:
        deal = object.__new__(cls)
        object.__setattr__(
            deal,
            "_hands",
            (
                Hand.from_mask(masks[0]),
                Hand.from_mask(masks[1]),
                Hand.from_mask(masks[2]),
                Hand.from_mask(masks[3]),
            ),
        )
        return deal

    @classmethod
    def random(cls, rng: _random.Random | int | None = None) -> Deal:
        """A uniformly random deal; pass a ``random.Random`` or a seed to repeat it."""
        if not isinstance(rng, _random.Random):
            rng = _random.Random(rng)
        # One uniform number below 52! read as a mixed-radix (Lehmer) code: an exactly
        # uniform shuffle for a single call into the generator.
        code = rng.randrange(_FACT52)
        cards = list(_BITS)
        for i, radix in _RADICES:
            code, j = divmod(code, radix)
            cards[i], cards[j] = cards[j], cards[i]
        # the bits are distinct, so a sum is their union
        return cls._trusted(
            (sum(cards[0:13]), sum(cards[13:26]), sum(cards[26:39]), sum(cards[39:52]))
        )

    @classmethod
    def from_pbn(cls, text: str, *, partial: bool = False) -> Deal:
        """``"N:AKQ.. ..."``: the first seat, then four hands clockwise (``-`` = unknown)."""
        body = text.strip()
        first = Seat.N
        if len(body) >= 2 and body[1] == ":":
            first = Seat.parse(body[0])
            body = body[2:]
        parts = body.split()
        if len(parts) != 4:
            raise ParseError(
                f"{text!r} is not a PBN deal: write the first seat, a colon and four hands, "
                'like "N:AKQ.T98.765.5432 ..."'
            )
        hands: dict[Seat, Hand] = {}
        unknown = False
        for i, part in enumerate(parts):
            seat = first.next(i)
            if part == "-":
                hands[seat] = Hand()
                unknown = True
            else:
                hands[seat] = Hand.from_pbn(part)
        return cls(hands, partial=partial or unknown)

    def to_pbn(self, first: Seat = Seat.N) -> str:
        return f"{first.name}:" + " ".join(str(self._hands[first.next(i)]) for i in range(4))

    def __getitem__(self, seat: Seat | int) -> Hand:
        return self._hands[seat]

    def __iter__(self) -> Iterator[Hand]:
        return iter(self._hands)

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        return self._hands

    @property
    def is_complete(self) -> bool:
        return all(len(h) == 13 for h in self._hands)

    def holder(self, card: int) -> Seat | None:
        """The seat holding ``card``, or None."""
        bit = 1 << card
        for seat in SEATS:
            if self._hands[seat].mask & bit:
                return seat
        return None

    def replace(self, seat: Seat, hand: Hand) -> Deal:
        hands = list(self._hands)
        hands[seat] = hand
        return Deal(hands, partial=not self.is_complete or len(hand) != 13)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other._hands == self._hands

    def __hash__(self) -> int:
        return hash(tuple(h.mask for h in self._hands))

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        return self.to_pbn()

    def __reduce__(self) -> tuple[object, tuple[str, bool]]:
        return (_deal_from_pbn, (self.to_pbn(), not self.is_complete))

    def unassigned(self) -> Hand:
        """Cards in no hand (empty for a full deal)."""
        held = 0
        for h in self._hands:
            held |= h.mask
        return Hand.from_mask(FULL_MASK & ~held)


def _deal_from_pbn(text: str, partial: bool) -> Deal:
    return Deal.from_pbn(text, partial=partial)


# Law 2: the vulnerability cycle None, NS, EW, All shifts by one every four boards.
_VUL_CYCLE = (0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2)


@dataclass(frozen=True, slots=True)
class Board:
    """A duplicate board: its number fixes dealer and vulnerability (Law 2).

    >>> Board(1).dealer, Board(1).vulnerability, Board(7).vulnerability
    (<Seat.N: 0>, <Vulnerability.NONE: 0>, <Vulnerability.ALL: 3>)
    """

    number: int

    def __post_init__(self) -> None:
        if not isinstance(self.number, int) or self.number < 1:
            raise InvalidDealError(f"board numbers start at 1, not {self.number!r}")

    @property
    def dealer(self) -> Seat:
        return SEATS[(self.number - 1) % 4]

    @property
    def vulnerability(self) -> Vulnerability:
        return VULNERABILITIES[_VUL_CYCLE[(self.number - 1) % 16]]
