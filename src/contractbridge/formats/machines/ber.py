"""BER: the file of the Bernasconi dealing machines, 52 bytes a board.

Each board is one digit per card in machine order (♠A ♠K ... ♣2): the seat that gets it,
``1`` North, ``2`` East, ``3`` South, ``4`` West. Nothing separates the boards (line breaks
between them are read as well). The file has no board numbers: the boards are 1, 2, 3 ...
in order.

>>> deal = Deal.from_pbn("N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76")
>>> encode({1: deal})[:13]
b'3431411144343'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import IO, Any

from contractbridge.core.card import Card
from contractbridge.core.deal import Deal
from contractbridge.core.seat import SEATS, Seat
from contractbridge.formats._common import Records
from contractbridge.formats.machines._common import (
    MACHINE_CARDS,
    MachineFileError,
    as_bytes,
    boards_of,
    build_deal,
    consecutive,
    owners,
    records_of,
    source_of,
    write_bytes,
)
from contractbridge.formats.record import FormatError, GameRecord

__all__ = ["RECORD", "decode", "dump", "dumps", "encode", "load", "loads"]

NAME = "BER"
RECORD = 52


def board_bytes(deal: Deal) -> bytes:
    """The 52 digits of one deal."""
    return bytes(ord("1") + seat for seat in owners(deal))


def encode(boards: Mapping[int, Deal]) -> bytes:
    """The BER file for consecutive boards (written in board order; the file keeps no
    numbers)."""
    return b"".join(board_bytes(deal) for _, deal in consecutive(boards, name=NAME))


def _parse_board(record: bytes, number: int, source: str | None) -> Deal:
    hands: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    for card, digit in zip(MACHINE_CARDS, record, strict=True):
        if not ord("1") <= digit <= ord("4"):
            raise MachineFileError(
                f"the {card.symbol} goes to {chr(digit)!r}, not to a seat (1 North, 2 East, "
                "3 South, 4 West)",
                board=number,
                source=source,
            )
        hands[SEATS[digit - ord("1")]].append(card)
    return build_deal(hands, board=number, source=source)


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
    digits = b"".join(data.split())  # line breaks between boards carry nothing
    if not digits:
        raise MachineFileError("the file is empty: no boards", source=source)
    count, extra = divmod(len(digits), RECORD)
    if extra:
        raise MachineFileError(
            f"a {NAME} file has 52 digits a board, but this one has {len(digits)} "
            f"({count} boards and {extra} digits over): it is damaged or not a {NAME} file",
            source=source,
        )
    boards: dict[int, Deal] = {}
    for i in range(count):
        number = first_board + i
        try:
            boards[number] = _parse_board(digits[i * RECORD : (i + 1) * RECORD], number, source)
        except MachineFileError as error:
            if errors is None:
                raise
            errors.append(error)
    return boards


def loads(data: bytes | str, *, strict: bool = True, source: str | None = None) -> Records:
    """The boards of a BER file as hand records (numbered from 1)."""
    errors: list[FormatError] = []
    boards = decode(as_bytes(data), source=source, errors=None if strict else errors)
    return records_of(boards, errors)


def load(fp: IO[Any], *, strict: bool = True) -> Records:
    return loads(fp.read(), strict=strict, source=source_of(fp))


def dumps(records: Iterable[GameRecord]) -> bytes:
    """A BER file of the games' deals (one per board number)."""
    return encode(boards_of(records, name=NAME))


def dump(records: Iterable[GameRecord], fp: IO[Any]) -> None:
    write_bytes(fp, dumps(records))
