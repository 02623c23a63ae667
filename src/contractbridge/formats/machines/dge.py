"""DGE: the four hands as text, 128 bytes a board.

Each board is North, East, South and West in turn, each hand as four suits, each suit a
symbol byte followed by its ranks high to low (``AKQJT98765432``): 4 symbols and 13 cards,
17 bytes a hand, 68 a board. The symbols are the DOS code-page characters 6 (♠), 3 (♥),
4 (♦) and 5 (♣). The record is padded to 128 bytes with zero bytes. The file has no board
numbers: the boards are 1, 2, 3 ... in order.

>>> deal = Deal.from_pbn("N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76")
>>> encode({1: deal})[:34]
b'\\x06J987\\x03JT7643\\x04A4\\x05Q\\x06\\x03KQ2\\x04QT9\\x05AK98543'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import IO, Any

from contractbridge.core.card import SUITS_HIGH_FIRST, Card, Rank
from contractbridge.core.deal import Deal
from contractbridge.core.seat import SEATS, Seat
from contractbridge.formats._common import Records
from contractbridge.formats.machines._common import (
    RANKS_HIGH_FIRST,
    MachineFileError,
    as_bytes,
    boards_of,
    build_deal,
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

NAME = "DGE"
RECORD = 128
#: The 68 bytes of the four hands at the start of each record.
HANDS = 68
#: The DOS suit symbols, spades first: ♠ ♥ ♦ ♣.
SYMBOLS = b"\x06\x03\x04\x05"
_PADDING = b"\0" * (RECORD - HANDS)
_LAYOUT = (
    "each hand is the four suit symbols (bytes 6, 3, 4 and 5: spades, hearts, diamonds, "
    "clubs), each followed by the ranks held"
)


def hands_bytes(deal: Deal) -> bytes:
    """The 68 bytes of the four hands, North first."""
    out = bytearray()
    for seat in SEATS:
        for symbol, ranks in zip(SYMBOLS, deal[seat].to_pbn().split("."), strict=True):
            out.append(symbol)
            out += ranks.encode("ascii")
    return bytes(out)


def parse_hands(part: bytes, *, board: int, source: str | None) -> Deal:
    """The deal in 68 bytes of suit symbols and ranks (North, East, South, West)."""
    hands: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    symbols = 0
    for byte in part:
        if byte in SYMBOLS:
            if symbols == 16:
                raise MachineFileError(
                    f"more suit symbols than four hands have ({_LAYOUT})",
                    board=board,
                    source=source,
                )
            if byte != SYMBOLS[symbols % 4]:
                raise MachineFileError(
                    f"the suits are out of order ({_LAYOUT})", board=board, source=source
                )
            symbols += 1
            continue
        char = chr(byte).upper()
        if symbols == 0 or char not in RANKS_HIGH_FIRST:
            raise MachineFileError(
                f"byte {chr(byte)!r} is neither a suit symbol nor a rank ({_LAYOUT})",
                board=board,
                source=source,
            )
        seat = SEATS[(symbols - 1) // 4]
        suit = SUITS_HIGH_FIRST[(symbols - 1) % 4]
        hands[seat].append(Card(suit, Rank.parse(char)))
    if symbols != 16:
        raise MachineFileError(
            f"{symbols} suit symbols where four hands have 16 ({_LAYOUT})",
            board=board,
            source=source,
        )
    return build_deal(hands, board=board, source=source)


def is_blank(part: bytes) -> bool:
    """Only spaces or zero bytes (a DUP record whose cards are not to be shown)."""
    return not part.strip(b" \0")


def encode(boards: Mapping[int, Deal]) -> bytes:
    """The DGE file for consecutive boards (written in board order; the file keeps no
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
        record = data[i * RECORD : (i + 1) * RECORD]
        try:
            boards[number] = parse_hands(record[:HANDS], board=number, source=source)
        except MachineFileError as error:
            if errors is None:
                raise
            errors.append(error)
    return boards


def loads(data: bytes | str, *, strict: bool = True, source: str | None = None) -> Records:
    """The boards of a DGE file as hand records (numbered from 1)."""
    errors: list[FormatError] = []
    boards = decode(as_bytes(data), source=source, errors=None if strict else errors)
    return records_of(boards, errors)


def load(fp: IO[Any], *, strict: bool = True) -> Records:
    return loads(fp.read(), strict=strict, source=source_of(fp))


def dumps(records: Iterable[GameRecord]) -> bytes:
    """A DGE file of the games' deals (one per board number)."""
    return encode(boards_of(records, name=NAME))


def dump(records: Iterable[GameRecord], fp: IO[Any]) -> None:
    write_bytes(fp, dumps(records))
