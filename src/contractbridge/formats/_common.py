"""Helpers shared by the format modules: reading text, tricks from a card list, results."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import IO, Any

from contractbridge.core.auction import Auction
from contractbridge.core.call import Call
from contractbridge.core.card import Card, Strain
from contractbridge.core.errors import BridgeError
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import Seat
from contractbridge.formats.record import FormatError, GameRecord


class Records(list[GameRecord]):
    """The games a ``load`` returned; ``errors`` lists the games skipped (``strict=False``)."""

    errors: list[FormatError]

    def __init__(self, games: Iterable[GameRecord] = (), errors: Iterable[FormatError] = ()):
        super().__init__(games)
        self.errors = list(errors)


def decode(data: bytes) -> str:
    """File bytes as text: UTF-8 (with or without BOM), else ISO-8859-1 (PBN's own charset)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.removeprefix("\ufeff")


def read_source(fp: IO[Any]) -> str:
    """All of a text or binary file object, as text."""
    data = fp.read()
    if isinstance(data, bytes):
        return decode(data)
    return str(data).removeprefix("\ufeff")


def write_text(fp: IO[Any], text: str, encoding: str = "utf-8") -> None:
    """Write to a text or binary file object (binary: ``encoding``, UTF-8 if it cannot)."""
    try:
        fp.write(text)
    except TypeError:
        try:
            fp.write(text.encode(encoding))
        except UnicodeEncodeError:
            fp.write(text.encode("utf-8"))


def trump_of(strain: Strain | None) -> int:
    """The trump suit number for :func:`trick_winner` (-1 at notrump or unknown)."""
    if strain is None or strain == Strain.NT:
        return -1
    return int(strain)


def split_tricks(
    cards: Sequence[Card], leader: Seat, trump: int
) -> list[tuple[Seat, tuple[Card, ...], Seat | None]]:
    """Cards in play order -> tricks as (leader, cards, winner); the last may be incomplete
    (then its winner is None)."""
    tricks: list[tuple[Seat, tuple[Card, ...], Seat | None]] = []
    for start in range(0, len(cards), 4):
        trick = tuple(cards[start : start + 4])
        if len(trick) < 4:
            tricks.append((leader, trick, None))
            break
        winner = trick_winner(trick, leader, trump)
        tricks.append((leader, trick, winner))
        leader = winner
    return tricks


def tricks_won_by(
    cards: Sequence[Card], leader: Seat, trump: int, declarer: Seat
) -> tuple[int, int]:
    """(tricks won by declarer's side, completed tricks) in a card list."""
    won = done = 0
    for _, _, winner in split_tricks(cards, leader, trump):
        if winner is not None:
            done += 1
            won += winner.side == declarer.side
    return won, done


def auction_state(dealer: Seat | None, calls: Sequence[Call]) -> Auction | None:
    """The core auction for ``calls``, or None when there is no dealer or a call is illegal."""
    if dealer is None:
        return None
    try:
        return Auction(dealer, calls)
    except BridgeError:
        return None


def auction_is_complete(calls: Sequence[Call]) -> bool:
    """Whether ``calls`` end the auction (four passes, or three after a call)."""
    if len(calls) >= 4 and all(c.is_pass for c in calls):
        return True
    if not any(not c.is_pass for c in calls):
        return False
    return len(calls) >= 4 and all(c.is_pass for c in calls[-3:])


def fill_from_auction(record: GameRecord) -> None:
    """Contract, declarer and pass-out from a complete legal auction, where the file lacks
    them."""
    if record.contract is not None or record.passed_out or not record.auction:
        return
    auction = auction_state(record.board_dealer, record.auction)
    if auction is None or not auction.is_complete:
        return
    contract = auction.contract
    if contract is None:
        record.passed_out = True
    else:
        record.contract = contract


def result_from_play(record: GameRecord) -> int | None:
    """Declarer's tricks from a play of all 13 tricks, or from a claim."""
    if record.claim is not None:
        return record.claim
    contract = record.contract
    if contract is None or contract.declarer is None or len(record.play) < 52:
        return None
    won, _ = tricks_won_by(
        record.play, contract.declarer.lho, trump_of(contract.strain), contract.declarer
    )
    return won
