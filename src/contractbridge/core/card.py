"""Suits, strains, ranks and cards.

A card is a small int, ``suit * 13 + (rank - 2)``: clubs 0-12, diamonds 13-25, hearts 26-38,
spades 39-51. Hands are 52-bit masks over these numbers, so ``1 << card`` is its bit and,
within a suit, a higher number is a higher card.
"""

from __future__ import annotations

from enum import IntEnum

from contractbridge.core.errors import ParseError

_SUIT_SYMBOLS = "♣♦♥♠"


class Strain(IntEnum):
    """The five denominations, in bidding order (C < D < H < S < NT)."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @property
    def is_suit(self) -> bool:
        return self != Strain.NT

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at notrump."""
        return SUITS[self] if self != Strain.NT else None

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self] if self != Strain.NT else "NT"

    @property
    def game_level(self) -> int:
        """The lowest level whose tricks score a game: 3NT, 4 of a major, 5 of a minor.

        >>> [s.game_level for s in Strain]
        [5, 5, 4, 4, 3]
        """
        return 3 if self == Strain.NT else 4 if self >= Strain.H else 5

    @classmethod
    def parse(cls, text: str) -> Strain:
        """``"S"``, ``"spades"``, ``"♠"``, ``"N"``, ``"NT"``, ``"notrump"`` -> a strain."""
        key = text.strip().upper()
        found = _STRAIN_NAMES.get(key)
        if found is None:
            raise ParseError(f"{text!r} is not a strain (use C, D, H, S or NT)")
        return found

    def __str__(self) -> str:
        return self.name


STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
_STRAIN_NAMES: dict[str, Strain] = {
    **{s.name: s for s in STRAINS},
    "N": Strain.NT,
    "SA": Strain.NT,
    "NOTRUMP": Strain.NT,
    "NOTRUMPS": Strain.NT,
    "NO TRUMP": Strain.NT,
    "CLUBS": Strain.C,
    "DIAMONDS": Strain.D,
    "HEARTS": Strain.H,
    "SPADES": Strain.S,
    **{sym: STRAINS[i] for i, sym in enumerate(_SUIT_SYMBOLS)},
    "♧": Strain.C,
    "♢": Strain.D,
    "♡": Strain.H,
    "♤": Strain.S,
}


class Suit(IntEnum):
    """The four suits, lowest first."""

    C = 0
    D = 1
    H = 2
    S = 3

    @property
    def strain(self) -> Strain:
        return STRAINS[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def full_name(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def is_major(self) -> bool:
        return self >= Suit.H

    @classmethod
    def parse(cls, text: str) -> Suit:
        strain = Strain.parse(text)
        if strain == Strain.NT:
            raise ParseError(f"{text!r} is not a suit (use C, D, H or S)")
        return SUITS[strain]

    def __str__(self) -> str:
        return self.name


SUITS = (Suit.C, Suit.D, Suit.H, Suit.S)
#: Suits in the order hands are written (PBN, LIN, diagrams): spades first.
SUITS_HIGH_FIRST = (Suit.S, Suit.H, Suit.D, Suit.C)


class Rank(IntEnum):
    """Card ranks, two (2) to ace (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return RANK_CHARS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """``"A"``, ``"t"``, ``"10"``, ``"7"`` -> a rank."""
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if len(key) == 1 and key in RANK_CHARS:
            return RANKS[RANK_CHARS.index(key)]
        raise ParseError(f"{text!r} is not a rank (use A K Q J T 9 ... 2)")

    def __str__(self) -> str:
        return self.char


RANK_CHARS = "23456789TJQKA"
RANKS = tuple(Rank(r) for r in range(2, 15))


class Card(int):
    """One of the 52 cards; the instances are shared, so ``Card(Suit.S, Rank.ACE)`` is cheap.

    >>> Card.parse("SA"), Card.parse("D10"), Card.parse("ht")
    (Card.parse('SA'), Card.parse('DT'), Card.parse('HT'))
    >>> Card.parse("SA").suit, Card.parse("SA").rank
    (<Suit.S: 3>, <Rank.ACE: 14>)
    """

    __slots__ = ()

    def __new__(cls, suit: int, rank: int) -> Card:
        if not (0 <= suit <= 3 and 2 <= rank <= 14):
            raise ParseError(f"no card has suit {suit} and rank {rank}")
        return CARDS[suit * 13 + rank - 2]

    @property
    def suit(self) -> Suit:
        return SUITS[self // 13]

    @property
    def rank(self) -> Rank:
        return RANKS[self % 13]

    @property
    def bit(self) -> int:
        return 1 << self

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card numbered ``index`` (0 = club two ... 51 = spade ace)."""
        return CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Suit then rank (``"SA"``, ``"HT"``, ``"D10"``, ``"♠A"``) or rank then suit (``"AS"``)."""
        key = text.strip().upper()
        card = _CARD_NAMES.get(key)
        if card is None:
            raise ParseError(f"{text!r} is not a card (write suit then rank, like SA, HT or D10)")
        return card

    def __str__(self) -> str:
        return "CDHS"[self // 13] + RANK_CHARS[self % 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (int(self),))

    @property
    def symbol(self) -> str:
        """``"♠A"`` style, for people."""
        return _SUIT_SYMBOLS[self // 13] + RANK_CHARS[self % 13]


CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))


def _card_names() -> dict[str, Card]:
    names: dict[str, Card] = {}
    for card in CARDS:
        suits = ["CDHS"[card // 13], _SUIT_SYMBOLS[card // 13]]
        ranks = [RANK_CHARS[card % 13]] + (["10"] if card % 13 == 8 else [])
        for s in suits:
            for r in ranks:
                names[s + r] = card
                names[r + s] = card
    return names


_CARD_NAMES = _card_names()
