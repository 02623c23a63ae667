"""A set of cards held by one player, as a 52-bit mask."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from contractbridge.core.card import (
    CARDS,
    RANK_CHARS,
    SUITS_HIGH_FIRST,
    Card,
    Suit,
)
from contractbridge.core.errors import ParseError

SUIT_MASK = 0x1FFF
FULL_MASK = (1 << 52) - 1

# _BY_HOLDING[suit][holding] -> the cards of that 13-bit holding, highest first; filled lazily.
_BY_HOLDING: tuple[list[tuple[Card, ...] | None], ...] = tuple([None] * 8192 for _ in range(4))


def holding_cards(suit: int, holding: int) -> tuple[Card, ...]:
    """The cards of a 13-bit ``holding`` in ``suit``, highest first (cached)."""
    table = _BY_HOLDING[suit]
    cards = table[holding]
    if cards is None:
        base = suit * 13
        cards = tuple(CARDS[base + r] for r in range(12, -1, -1) if holding >> r & 1)
        table[holding] = cards
    return cards


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask: spades first, each suit highest first."""
    c, d, h, s = _BY_HOLDING
    spades = s[mask >> 39 & SUIT_MASK]
    if spades is None:
        spades = holding_cards(3, mask >> 39 & SUIT_MASK)
    hearts = h[mask >> 26 & SUIT_MASK]
    if hearts is None:
        hearts = holding_cards(2, mask >> 26 & SUIT_MASK)
    diamonds = d[mask >> 13 & SUIT_MASK]
    if diamonds is None:
        diamonds = holding_cards(1, mask >> 13 & SUIT_MASK)
    clubs = c[mask & SUIT_MASK]
    if clubs is None:
        clubs = holding_cards(0, mask & SUIT_MASK)
    return spades + hearts + diamonds + clubs


class Hand:
    """An immutable set of cards.

    >>> h = Hand.from_pbn("AKQ.T98.765.5432")
    >>> len(h), Card.parse("SK") in h, h.length(Suit.C), str(h)
    (13, True, 4, 'AKQ.T98.765.5432')
    """

    __slots__ = ("_mask",)

    _mask: int

    def __init__(self, cards: Iterable[Card] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards > FULL_MASK:
                raise ParseError("a hand's mask must be a 52-bit number")
            mask = cards
        else:
            mask = 0
            for card in cards:
                mask |= 1 << card
        object.__setattr__(self, "_mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        hand = object.__new__(cls)
        object.__setattr__(hand, "_mask", mask)
        return hand

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """``"AKQ.T98.765.5432"`` (spades.hearts.diamonds.clubs); ``10`` and lowercase accepted."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(
                f"{text!r} is not a hand: write four suits spades.hearts.diamonds.clubs, "
                "like AKQ.T98.765.5432"
            )
        mask = 0
        for suit, part in zip(SUITS_HIGH_FIRST, parts, strict=True):
            ranks = part.strip().upper().replace("10", "T")
            if ranks == "-":
                ranks = ""
            for ch in ranks:
                index = RANK_CHARS.find(ch)
                if index < 0:
                    raise ParseError(f"{ch!r} in {text!r} is not a rank (use AKQJT98765432)")
                bit = 1 << (suit * 13 + index)
                if mask & bit:
                    raise ParseError(f"{text!r} holds {suit.name}{ch} twice")
                mask |= bit
        return cls.from_mask(mask)

    def to_pbn(self) -> str:
        return ".".join(
            "".join(RANK_CHARS[c % 13] for c in holding_cards(s, self.holding(s)))
            for s in SUITS_HIGH_FIRST
        )

    @property
    def mask(self) -> int:
        return self._mask

    def holding(self, suit: int) -> int:
        """The 13-bit holding in ``suit`` (bit r = rank r + 2)."""
        return self._mask >> (13 * suit) & SUIT_MASK

    def length(self, suit: int) -> int:
        return (self._mask >> (13 * suit) & SUIT_MASK).bit_count()

    def cards_in(self, suit: int) -> tuple[Card, ...]:
        return holding_cards(suit, self.holding(suit))

    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths, spades first."""
        m = self._mask
        return (
            (m >> 39 & SUIT_MASK).bit_count(),
            (m >> 26 & SUIT_MASK).bit_count(),
            (m >> 13 & SUIT_MASK).bit_count(),
            (m & SUIT_MASK).bit_count(),
        )

    def add(self, card: Card) -> Hand:
        return Hand.from_mask(self._mask | 1 << card)

    def remove(self, card: Card) -> Hand:
        return Hand.from_mask(self._mask & ~(1 << card))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 52 and bool(self._mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter(mask_cards(self._mask))

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(self._mask)

    def __or__(self, other: Hand) -> Hand:
        return Hand.from_mask(self._mask | other._mask)

    def __and__(self, other: Hand) -> Hand:
        return Hand.from_mask(self._mask & other._mask)

    def __sub__(self, other: Hand) -> Hand:
        return Hand.from_mask(self._mask & ~other._mask)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.to_pbn()!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Hand.from_mask, (self._mask,))

    def suits_text(self) -> dict[Suit, str]:
        """Ranks per suit, for display: ``{Suit.S: "AKQ", ...}`` ("-" for a void)."""
        return {
            s: "".join(RANK_CHARS[c % 13] for c in self.cards_in(s)) or "-"
            for s in SUITS_HIGH_FIRST
        }
