"""A player's scored table for one fixed deal, shared by the tournaments of the day
(:mod:`contractbridge.server.daily`) and the challenges (:mod:`contractbridge.server.challenges`):
the table made (the player at one seat, three robots) and kept once per player and deal, and
the player's result read back from the table's stored log when the deal is over.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from datetime import datetime

from fastapi import Request

from contractbridge.core import SEATS, Seat, Side
from contractbridge.server.accounts.players import Player, Players
from contractbridge.server.storage import Storage
from contractbridge.server.tables.hub import Hub
from contractbridge.server.tables.settings import FixedDeal, SeatSettings, TableSettings
from contractbridge.server.tables.table import ServerTable
from contractbridge.server.web.limits import client_of
from contractbridge.server.web.tokens import owner_key
from contractbridge.tournament.daily import DailyDeal, DealResult


async def new_table(
    hub: Hub,
    players: Players,
    player: Player,
    request: Request,
    *,
    seat: Seat,
    fixed: FixedDeal,
    tournament: str,
    keep: Callable[[str, str], bool],
    kept: Callable[[], tuple[str, str] | None],
) -> tuple[str, str]:
    """A scored table of ``fixed`` alone, ``player`` at ``seat`` with three robots, marked
    ``tournament``; (table id, the player's seat token). ``keep(table_id, token)`` (run in a
    thread) keeps it as the player's table for the deal; if it answers False another tab or
    process kept one first, and ``kept()`` is that one, which stands."""
    token = secrets.token_urlsafe(16)
    seats = {
        s: SeatSettings(name=player.name, robot=False, token=token)
        if s == seat
        else SeatSettings(name=f"Robot {s.name}")
        for s in SEATS
    }
    settings = TableSettings(
        kind="duplicate", seats=seats, boards=1, owner=owner_key(client_of(request)),
        spectators=False, kibitzers_see_hands=False, fixed=fixed, tournament=tournament,
    )  # fmt: skip
    live = await hub.create(settings)
    if not await asyncio.to_thread(keep, live.id, token):
        found = await asyncio.to_thread(kept)
        assert found is not None
        return found
    await players.claim(player, [(live.id, token)])  # in the account's tables
    await hub.settled(live.id)  # the robots before the player have called
    return live.id, token


def result_of(
    storage: Storage,
    table_id: str,
    player: str,
    deal: DailyDeal,
    *,
    finished: datetime,
    declarer: bool = False,
) -> DealResult | None:
    """``player``'s result on ``deal`` from the stored log of their table ``table_id``; None
    while the deal is not over there (or the table played another board). The result is
    North-South's unless ``declarer`` (a declarer-only deal: the side of the player's seat)."""
    stored, events = storage.load(table_id)
    settings = TableSettings.from_json(stored)
    played = next((b for b in ServerTable.replay(settings, events).finished), None)
    if played is None or played.number != deal.board:
        return None
    side = min(settings.humans(), default=Seat.S).side if declarer else Side.NS
    contract = played.contract
    lead = None
    if played.play is not None and played.play.tricks and played.play.tricks[0].cards:
        lead = played.play.tricks[0].cards[0]
    return DealResult.of(
        player, deal, contract, played.declarer_tricks() if contract else 0,
        lead=lead, finished=finished, side=side,
    )  # fmt: skip
