"""BRI: the oldest dealing-machine file, 128 bytes a board.

Each board is the cards of North, East and South as 39 two-digit card numbers (``01`` the
spade ace ... ``52`` the club two, in any order within a hand), 78 bytes; West holds the
other 13. The record is padded to 128 bytes (BigDeal writes 32 spaces and 18 zero bytes,
as does this writer). The file has no board numbers: the boards are 1, 2, 3 ... in order.

>>> deal = Deal.from_pbn("N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76")
>>> encode({1: deal})[:26]
b'04060708171821222425273742'
>>> decode(encode({1: deal})) == {1: deal}
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import IO, Any

from contractbridge.core.card import Card
from contractbridge.core.deal import Deal
from contractbridge.core.seat import Seat
from contractbridge.formats._common import Records
from contractbridge.formats.machines._common import (
    MachineFileError,
    as_bytes,
    boards_of,
    build_deal,
    card_number,
    card_of_number,
    consecutive,
    records_of,
    source_of,
    write_bytes,
)
from contractbridge.formats.record import FormatError, GameRecord

__all__ = [
    "RECORD",
    "decode",
    "dump",
    "dumps",
    "encode",
    "hands_bytes",
    "load",
    "loads",
    "parse_hands",
]

NAME = "BRI"
#: Bytes a board takes in the file.
RECORD = 128
#: The 78 bytes of card numbers (North, East, South) at the start of each record.
HANDS = 78
_PADDING = b" " * 32 + b"\0" * 18


def hands_bytes(deal: Deal) -> bytes:
    """The 78 bytes of card numbers for North, East and South (each hand high to low)."""
    numbers = []
    for seat in (Seat.N, Seat.E, Seat.S):
        numbers += sorted(card_number(card) for card in deal[seat])
    return "".join(f"{n:02d}" for n in numbers).encode("ascii")


def parse_hands(part: bytes, *, board: int, source: str | None) -> Deal:
    """The deal in 78 bytes of card numbers (North, East, South; West has the rest)."""
    hands: dict[Seat, list[Card]] = {}
    for i, seat in enumerate((Seat.N, Seat.E, Seat.S)):
        cards = []
        for j in range(13):
            at = (i * 13 + j) * 2
            pair = part[at : at + 2]
            if not (len(pair) == 2 and pair.isdigit() and 1 <= int(pair) <= 52):
                shown = pair.decode("latin-1")
                raise MachineFileError(
                    f"{seat.full_name}'s card {j + 1} is {shown!r}, not a card number "
                    "(cards are numbered 01 for the spade ace to 52 for the club two)",
                    board=board,
                    source=source,
                )
            cards.append(card_of_number(int(pair)))
        hands[seat] = cards
    return build_deal(hands, board=board, source=source, west_gets_the_rest=True)


def encode(boards: Mapping[int, Deal]) -> bytes:
    """The BRI file for consecutive boards (written in board order; the file keeps no
    numbers)."""
    return b"".join(hands_bytes(deal) + _PADDING for _, deal in consecutive(boards, name=NAME))


def decode(
    data: bytes,
    *,
    source: str | None = None,
    first_board: int = 1,
    errors: list[FormatError] | None = None,
) -> dict[int, Deal]:
    """Board number -> deal; the boards are numbered from ``first_board`` in file order.

    A board that cannot be read raises :class:`MachineFileError`, or, when ``errors`` is a
    list, is left out and its error appended there."""
    if not data:
        raise MachineFileError("the file is empty: no boards", source=source)
    count, extra = divmod(len(data), RECORD)
    if extra:
        raise MachineFileError(
            f"a {NAME} file is made of {RECORD}-byte boards, but this one has {len(data)} "
            f"bytes ({count} boards and {extra} bytes over): it is damaged or not a "
            f"{NAME} file",
            source=source,
        )
    boards: dict[int, Deal] = {}
    for i in range(count):
        number = first_board + i
        try:
            boards[number] = parse_hands(
                data[i * RECORD : i * RECORD + HANDS], board=number, source=source
            )
        except MachineFileError as error:
            if errors is None:
                raise
            errors.append(error)
    return boards


def loads(data: bytes | str, *, strict: bool = True, source: str | None = None) -> Records:
    """The boards of a BRI file as hand records (numbered from 1)."""
    errors: list[FormatError] = []
    boards = decode(as_bytes(data), source=source, errors=None if strict else errors)
    return records_of(boards, errors)


def load(fp: IO[Any], *, strict: bool = True) -> Records:
    return loads(fp.read(), strict=strict, source=source_of(fp))


def dumps(records: Iterable[GameRecord]) -> bytes:
    """A BRI file of the games' deals (one per board number)."""
    return encode(boards_of(records, name=NAME))


def dump(records: Iterable[GameRecord], fp: IO[Any]) -> None:
    write_bytes(fp, dumps(records))
