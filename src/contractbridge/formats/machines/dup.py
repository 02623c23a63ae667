"""DUP: the file of Duplimate's DOS program, 156 bytes a board.

Each board is a BRI part (78 bytes: the card numbers of North, East and South), a DGE part
(68 bytes: the four hands with their suit symbols, shown on the machine's screen; blank when
the cards are not to be shown) and 10 bytes that tell the machine how to duplicate the set
(Duplimate's "Convert" description, bytes 147-156):

=========  =======================================================
byte 147   ``Y``/``N``: random hands?
byte 148   ``Y``/``N``: backwards counting?
149-151    lowest board number in the set, left aligned, space padded
152-153    copies of each board, likewise
154-156    highest board number in the set, likewise
=========  =======================================================

For a set of 32 boards the 10 bytes read ``YN1  1 32 ``. The boards are the run from the
lowest number to the highest, in file order. This writer puts the 10 bytes on every board
(as BigDeal does); a reader takes them from the first.

>>> data = encode({1: Deal.random(1), 2: Deal.random(2)})
>>> len(data), data[146:156]
(312, b'YN1  1 2  ')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import IO, Any

from contractbridge.core.deal import Deal
from contractbridge.core.seat import SEATS, Seat
from contractbridge.formats._common import Records
from contractbridge.formats.machines import bri, dge
from contractbridge.formats.machines._common import (
    MachineFileError,
    as_bytes,
    boards_of,
    consecutive,
    records_of,
    source_of,
    write_bytes,
)
from contractbridge.formats.record import FormatError, GameRecord

__all__ = ["RECORD", "decode", "dump", "dumps", "encode", "load", "loads"]

NAME = "DUP"
RECORD = 156
#: The highest board number the three-byte fields can hold.
HIGHEST = 999
_SET = slice(146, 156)


def _field(value: int, width: int) -> bytes:
    return str(value).ljust(width).encode("ascii")


def set_bytes(lowest: int, highest: int, copies: int = 1) -> bytes:
    """The 10 bytes that describe the set: random hands, forward counting, lowest board,
    copies, highest board.

    >>> set_bytes(1, 32)
    b'YN1  1 32 '
    """
    return b"YN" + _field(lowest, 3) + _field(copies, 2) + _field(highest, 3)


def encode(boards: Mapping[int, Deal], *, copies: int = 1) -> bytes:
    """The DUP file for a run of consecutive boards; ``copies`` is what the machine is told
    to make of each board (Duplimate's own example says 1)."""
    if not 0 <= copies <= 99:
        raise MachineFileError(f"a DUP file can ask for 0 to 99 copies of a board, not {copies}")
    run = consecutive(boards, name=NAME, highest=HIGHEST)
    tail = set_bytes(run[0][0], run[-1][0], copies)
    return b"".join(bri.hands_bytes(deal) + dge.hands_bytes(deal) + tail for _, deal in run)


def _set_numbers(tail: bytes, source: str | None) -> tuple[int, int]:
    """(lowest, highest) board from the first board's 10 bytes."""
    shown = tail.decode("latin-1")
    fields = (tail[2:5].strip(b" \0"), tail[5:7].strip(b" \0"), tail[7:10].strip(b" \0"))
    if (
        tail[0:1] not in (b"Y", b"N")
        or tail[1:2] not in (b"Y", b"N")
        or not all(f.isdigit() for f in fields)
    ):
        raise MachineFileError(
            f"the set description at the end of board 1 (bytes 147-156) reads {shown!r}, "
            "not like 'YN1  1 32 ' (random hands, backwards counting, lowest board, copies, "
            "highest board)",
            source=source,
        )
    if tail[1:2] == b"Y":
        raise MachineFileError(
            "the set is marked for backwards counting (byte 148 is 'Y'), which this program "
            "does not read: save the file with forward counting",
            source=source,
        )
    lowest, highest = int(fields[0]), int(fields[2])
    if not 1 <= lowest <= highest:
        raise MachineFileError(
            f"the set description gives boards {lowest} to {highest}", source=source
        )
    return lowest, highest


def decode(
    data: bytes, *, source: str | None = None, errors: list[FormatError] | None = None
) -> dict[int, Deal]:
    """Board number -> deal, numbered from the set's lowest board.

    Each board's DGE part, when not blank, must show the same cards as its BRI part. A
    board that cannot be read raises :class:`MachineFileError`, or, when ``errors`` is a
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
    lowest, highest = _set_numbers(data[_SET], source)
    if highest - lowest + 1 != count:
        raise MachineFileError(
            f"the set description gives boards {lowest} to {highest}, but the file holds "
            f"{count} boards",
            source=source,
        )
    boards: dict[int, Deal] = {}
    for i in range(count):
        number = lowest + i
        record = data[i * RECORD : (i + 1) * RECORD]
        try:
            deal = bri.parse_hands(record[: bri.HANDS], board=number, source=source)
            shown = record[bri.HANDS : bri.HANDS + dge.HANDS]
            if not dge.is_blank(shown):
                _check_same(
                    deal, dge.parse_hands(shown, board=number, source=source), number, source
                )
            boards[number] = deal
        except MachineFileError as error:
            if errors is None:
                raise
            errors.append(error)
    return boards


def _check_same(deal: Deal, shown: Deal, board: int, source: str | None) -> None:
    for seat in SEATS:
        if deal[seat] != shown[seat]:
            raise MachineFileError(
                f"the two halves of the record disagree: the cards to deal give "
                f"{seat.full_name} {_hand(deal, seat)}, the screen part "
                f"{_hand(shown, seat)}",
                board=board,
                source=source,
            )


def _hand(deal: Deal, seat: Seat) -> str:
    suits = deal[seat].to_pbn().split(".")
    return " ".join(symbol + (ranks or "—") for symbol, ranks in zip("♠♥♦♣", suits, strict=True))


def loads(data: bytes | str, *, strict: bool = True, source: str | None = None) -> Records:
    """The boards of a DUP file as hand records."""
    errors: list[FormatError] = []
    boards = decode(as_bytes(data), source=source, errors=None if strict else errors)
    return records_of(boards, errors)


def load(fp: IO[Any], *, strict: bool = True) -> Records:
    return loads(fp.read(), strict=strict, source=source_of(fp))


def dumps(records: Iterable[GameRecord]) -> bytes:
    """A DUP file of the games' deals (one per board number; the numbers must be a run)."""
    return encode(boards_of(records, name=NAME))


def dump(records: Iterable[GameRecord], fp: IO[Any]) -> None:
    write_bytes(fp, dumps(records))
