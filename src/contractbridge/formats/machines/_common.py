"""What the dealing-machine formats share: card numbers, checks on a board, errors, records.

Every machine format numbers the cards the same way: 1 is the spade ace, 13 the spade two,
14 the heart ace ... 52 the club two (Duplimate's "Convert" description). In the core a
card's index runs the other way (0 = club two ... 51 = spade ace), so card number ``n`` is
core index ``52 - n``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any

from contractbridge.core.card import Card
from contractbridge.core.deal import Board, Deal
from contractbridge.core.hand import Hand
from contractbridge.core.seat import SEATS, Seat
from contractbridge.formats._common import Records
from contractbridge.formats.record import FormatError, GameRecord

#: The 52 cards in machine order: ♠A ♠K ... ♠2 ♥A ... ♣2 (card number = position + 1).
MACHINE_CARDS: tuple[Card, ...] = tuple(Card.from_index(51 - i) for i in range(52))

#: Card ranks in the order the files write them within a suit.
RANKS_HIGH_FIRST = "AKQJT98765432"


class MachineFileError(FormatError):
    """A dealing-machine file that cannot be read, or boards that cannot be written to one.

    The message names the file and the board and says what is wrong in a director's words:

    >>> str(MachineFileError("West has 12 cards, not 13", board=4, source="club.dup"))
    'club.dup: board 4: West has 12 cards, not 13'
    """

    def __init__(
        self,
        message: str,
        *,
        board: int | None = None,
        line: int | None = None,
        source: str | None = None,
    ):
        self.board = board
        text = f"board {board}: {message}" if board is not None else message
        super().__init__(text, line=line, source=source)


class ChecksumError(MachineFileError):
    """A checksum in the file does not match what it protects (damaged or edited by hand)."""


def card_number(card: Card) -> int:
    """The machine number of a card: 1 for the spade ace ... 52 for the club two."""
    return 52 - int(card)


def card_of_number(number: int) -> Card:
    """The card with machine number ``number`` (1..52)."""
    return Card.from_index(52 - number)


def owners(deal: Deal) -> list[Seat]:
    """The seat holding each card, in machine order (♠A first, ♣2 last)."""
    held = {int(card): seat for seat in SEATS for card in deal[seat]}
    return [held[int(card)] for card in MACHINE_CARDS]


def build_deal(
    hands: Mapping[Seat, Sequence[Card]],
    *,
    board: int | None,
    source: str | None,
    west_gets_the_rest: bool = False,
) -> Deal:
    """A full deal from the cards a file gives each seat, or a :class:`MachineFileError`
    saying what is wrong (a card twice, a hand of 12 cards ...).

    ``west_gets_the_rest``: the file lists North, East and South only (BRI, DUP)."""
    held: dict[int, Seat] = {}
    for seat in SEATS:
        for card in hands.get(seat, ()):
            if int(card) in held:
                first = held[int(card)]
                raise MachineFileError(
                    f"the {card.symbol} is dealt twice (to {first.full_name} and to "
                    f"{seat.full_name})",
                    board=board,
                    source=source,
                )
            held[int(card)] = seat
    masks = {seat: 0 for seat in SEATS}
    for index, seat in held.items():
        masks[seat] |= 1 << index
    if west_gets_the_rest:
        masks[Seat.W] = ((1 << 52) - 1) & ~sum(masks.values())
    for seat in SEATS:
        count = masks[seat].bit_count()
        if count != 13:
            raise MachineFileError(
                f"{seat.full_name} has {count} cards, not 13", board=board, source=source
            )
    return Deal([Hand.from_mask(masks[seat]) for seat in SEATS])


def consecutive(
    boards: Mapping[int, Deal], *, name: str, highest: int | None = None
) -> list[tuple[int, Deal]]:
    """The boards in order, checked to be a run of consecutive numbers (a machine file
    numbers its boards by position) within ``1..highest``."""
    if not boards:
        raise MachineFileError(f"no boards to write: a {name} file needs at least one")
    numbers = sorted(boards)
    for number in numbers:
        deal = boards[number]
        if number < 1 or (highest is not None and number > highest):
            limit = f"1 to {highest}" if highest is not None else "from 1 up"
            raise MachineFileError(
                f"a {name} file holds boards {limit}, not board {number}", board=number
            )
        if not deal.is_complete:
            raise MachineFileError(
                "the deal is not complete: a dealing machine needs all 52 cards", board=number
            )
    expected = list(range(numbers[0], numbers[-1] + 1))
    if numbers != expected:
        missing = sorted(set(expected) - set(numbers))
        raise MachineFileError(
            f"board {missing[0]} is missing: a {name} file holds a run of consecutive boards "
            f"({numbers[0]} to {numbers[-1]} here)"
        )
    return [(number, boards[number]) for number in numbers]


def as_bytes(data: bytes | str) -> bytes:
    """File content as bytes (text is taken as ISO-8859-1, byte for byte)."""
    if isinstance(data, str):
        return data.encode("latin-1", "replace")
    return bytes(data)


def source_of(fp: IO[Any]) -> str | None:
    name = getattr(fp, "name", None)
    return name if isinstance(name, str) else None


def write_bytes(fp: IO[Any], data: bytes) -> None:
    """Write to a binary file object, or to the byte stream under a text one."""
    try:
        fp.write(data)
    except TypeError:
        getattr(fp, "buffer").write(data)  # noqa: B009 - a text stream's binary layer


def records_of(boards: Mapping[int, Deal], errors: Iterable[FormatError] = ()) -> Records:
    """One hand record per board: number, dealer and vulnerability (Law 2), the deal."""
    games = []
    for number, deal in boards.items():
        board = Board(number)
        games.append(
            GameRecord(
                board=number,
                dealer=board.dealer,
                vulnerability=board.vulnerability,
                deal=deal,
            )
        )
    return Records(games, errors)


def boards_of(records: Iterable[GameRecord], *, name: str) -> dict[int, Deal]:
    """Board number -> deal for the games to write; a board played at several tables is
    written once (its deals must agree)."""
    boards: dict[int, Deal] = {}
    for record in records:
        if record.board is None:
            raise MachineFileError(
                f"a game has no board number, and a {name} file is a set of numbered boards"
            )
        if record.deal is None or not record.deal.is_complete:
            raise MachineFileError(
                "the deal is not complete: a dealing machine needs all 52 cards",
                board=record.board,
            )
        known = boards.setdefault(record.board, record.deal)
        if known != record.deal:
            raise MachineFileError(
                "two different deals carry this board number", board=record.board
            )
    return boards
