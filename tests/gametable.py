"""Helpers for the game-table tests: a table without players, bidding, and whole-state snapshots."""

from __future__ import annotations

from contractbridge.core import Deal, Seat, Vulnerability
from contractbridge.game import (
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimRejected,
    DealDealt,
    Event,
    Table,
    TableOpened,
)

#: North holds every diamond, East the spades, South the hearts, West the clubs
ONE_SUIT_EACH = "N:..AKQJT98765432. AKQJT98765432... .AKQJT98765432.. ...AKQJT98765432"


def dealt_log(pbn: str) -> list[Event]:
    """The log of a one-board duplicate table whose first deal is ``pbn``, North dealing."""
    return [
        TableOpened(version=1, form="duplicate", seed=0, boards=1),
        DealDealt(
            version=2,
            number=1,
            board=1,
            dealer=Seat.N,
            vulnerability=Vulnerability.NONE,
            hands=Deal.from_pbn(pbn).hands,
        ),
    ]


def human_table(seed: int = 1, boards: int = 1) -> Table:
    """A duplicate table with no players: every action comes through act()."""
    return Table(form="duplicate", boards=boards, seed=seed)


def deal_of(table: Table) -> Deal:
    assert table.state.current is not None
    return table.state.current.deal


def bid_to(table: Table, calls: str) -> None:
    for text in calls.split():
        pending = table.pending()
        assert pending is not None and pending.kind == "call"
        table.act(pending.seat, text)


def snapshot(table: Table) -> tuple[object, ...]:
    return (
        table.events,
        table.version,
        table.pending(),
        tuple(table.view_for(s) for s in Seat),
        table.totals(),
    )


def typed_by(table: Table, seat: Seat) -> list[str]:
    """What ``seat`` would type at the terminal to make its actions of ``table``'s events."""
    lines = []
    for event in table.events:
        if isinstance(event, CallMade) and event.seat == seat:
            lines.append(str(event.call).lower())
        elif isinstance(event, CardPlayed) and event.by == seat:
            lines.append(str(event.card))
        elif isinstance(event, ClaimAccepted) and event.seat == seat:
            lines.append("accept")
        elif isinstance(event, ClaimRejected) and event.seat == seat:
            lines.append("reject")
    return lines
