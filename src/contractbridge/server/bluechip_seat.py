"""Outside robots at our web tables: a seat given to a Blue Chip client.

The server (``contractbridge serve --bluechip-port P``) listens for Blue Chip Bridge
table-manager clients (protocol version 18: WBridge5, Blue Chip Bridge, ben's
``table_manager_client.py``, our ``bluechip-client``). A client takes a seat by the team name
of its ``Connecting`` line, which the table's creator was given: ``<table id>:<secret>``.
From then on this process is the table manager for that one seat: it tells the client its
own hand, the other seats' calls and cards, and dummy after the opening lead (the seat's view
alone, as the table gives it), and makes the client's calls and cards at the table as a
player's, where the rules check them like anyone's.

The table itself does not wait on a connection: the seat stays a robot's seat, and our robot
plays it whenever no client holds it (before one comes, after one leaves, and from a deal
begun before it came: a client joins at the start of a deal). A client that sends no call or
card in its time is disconnected; one whose process died is taken for gone by whichever
process sees its time run out (``Hub.kick``). Undo is refused while a client plays (it cannot
take back what it was told) and our robots do not claim against it (the protocol has none);
a person's claim, if agreed, ends the deal for the client as a manager's abandoned board does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from contractbridge.bluechip.connection import Connection
from contractbridge.bluechip.manager import HANDSHAKE_SECONDS, SeatFailure, expect
from contractbridge.bluechip.protocol import (
    BoardMessage,
    CallMessage,
    CardMessage,
    CardsMessage,
    Connect,
    DummyCards,
    EndOfSession,
    ErrorMessage,
    Illegal,
    Message,
    ProtocolError,
    ReadyForCall,
    ReadyForCard,
    ReadyForCards,
    ReadyForDeal,
    ReadyForDummy,
    ReadyForTeams,
    ReadyToStart,
    Seated,
    StartOfBoard,
    Teams,
    Timing,
    ToLead,
    parse,
    seat_name,
    timing_text,
)
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat, Side, Vulnerability
from contractbridge.core.view import SeatView
from contractbridge.server.tables.hub import OUTSIDE_SECONDS, Hub
from contractbridge.server.web.errors import ActionError

log = logging.getLogger("contractbridge.bluechip")

#: how often a seat's connection looks at the table for what the others did
LOOK_SECONDS = 0.05
#: a call or card the table refuses three times ends the client's turn at the seat
ILLEGAL_TRIES = 3


@dataclass(frozen=True)
class Look:
    """What the client's seat may know of the table now, and where the table is."""

    version: int
    deal: int  # the deal in progress, an index from 0
    over: bool  # the series is over
    number: int
    dealer: Seat
    vulnerability: Vulnerability
    view: SeatView
    alerts: tuple[bool, ...]
    explanations: tuple[str | None, ...]  # as the caller's opponents are told them
    finished: bool  # the deal in progress is over (scored)
    mine: bool  # this connection still holds the seat and plays this deal
    from_deal: int


class Gone(Exception):
    """The connection no longer holds the seat (another took it, or it was taken for gone)."""


class BluechipDoor:
    """The port where Blue Chip clients come to take seats at this process's tables."""

    def __init__(self, hub: Hub, host: str, port: int, *, seconds: float = OUTSIDE_SECONDS) -> None:
        self.hub = hub
        self.host, self.port = host, port
        self.seconds = seconds
        self._server: asyncio.Server | None = None
        self._clients: set[asyncio.Task[None]] = set()
        #: the seats held through this process: (table, seat) -> the connection's id
        self.holding: dict[tuple[str, Seat], str] = {}

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._welcome, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        self.hub.bluechip_address = (self.host, self.port)
        log.info("Blue Chip clients connect on %s:%d", self.host, self.port)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._clients):
            task.cancel()
        for task in list(self._clients):
            with contextlib.suppress(BaseException):
                await task

    async def _welcome(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._clients.add(task)
        conn = Connection(reader, writer, name="client")
        try:
            await self._serve(conn)
        except Exception:
            log.exception("a Blue Chip client's connection failed")
        finally:
            self._clients.discard(task)
            await conn.close()

    async def _serve(self, conn: Connection) -> None:
        client = secrets.token_urlsafe(6)
        try:
            table_id, seat, team = await self._handshake(conn, client)
        except (ProtocolError, TimeoutError, SeatFailure) as error:
            text = str(error) or "no Connecting line in time"
            log.warning("refused a Blue Chip client: %s", text)
            await conn.send(ErrorMessage(text))
            return
        key = (table_id, seat)
        try:
            await self.hub.seat_outside(table_id, seat, client, team)
            await SeatRelay(self, conn, table_id, seat, client).run()
        except (SeatFailure, Gone, ActionError) as why:
            log.warning("table %s: the Blue Chip client at %s leaves: %s", table_id, seat, why)
            if isinstance(why, SeatFailure) and why.kind in ("timeout", "illegal"):
                await conn.send(ErrorMessage(str(why)))
        finally:
            if self.holding.get(key) == client:
                del self.holding[key]
            with contextlib.suppress(Exception):
                await self.hub.seat_outside(table_id, seat, client, None)

    async def _handshake(self, conn: Connection, client: str) -> tuple[str, Seat, str]:
        """The Connecting line names the table and its secret; the seat is the one given
        to that secret (a client asking for another seat is refused; ANYPL gets it). The
        seat is held for ``client`` from its Connecting line: a second client is refused
        even while the first one is still shaking hands."""
        line = await conn.line(HANDSHAKE_SECONDS)
        if line is None:
            raise ProtocolError("the connection closed before a Connecting line")
        message = parse(line)
        if not isinstance(message, Connect):
            raise ProtocolError('expected "Connecting ... using protocol version 18"')
        table_id, _, secret = message.team.partition(":")
        try:
            live = await self.hub.get(table_id) if table_id and secret else None
        except ActionError:
            live = None
        seat = live.settings.bluechip_seat(secret) if live is not None else None
        if live is None or seat is None:
            raise ProtocolError(
                "no seat for this team name: give the one the table's creator was shown "
                "(table:secret)"
            )
        if message.seat is not None and message.seat != seat:
            raise ProtocolError(f"this team name is {seat_name(seat)}'s seat")
        key = (table_id, seat)
        if key in self.holding:
            raise ProtocolError(f"{seat_name(seat)} is already seated")
        self.holding[key] = client
        try:
            await self._greet(conn, seat, message.team, live.settings.names())
        except BaseException:
            del self.holding[key]
            raise
        log.info("table %s: a Blue Chip client takes %s", table_id, seat_name(seat))
        return table_id, seat, live.settings.seat(seat).name

    async def _greet(self, conn: Connection, seat: Seat, team: str, names: dict[str, str]) -> None:
        await conn.send(Seated(seat, team))
        await expect(conn, seat, lambda m: isinstance(m, ReadyForTeams), HANDSHAKE_SECONDS, "")
        ns = f"{names['N']} & {names['S']}"
        ew = f"{names['E']} & {names['W']}"
        await conn.send(Teams(ns, ew))
        await expect(conn, seat, lambda m: isinstance(m, ReadyToStart), HANDSHAKE_SECONDS, "")


class SeatRelay:
    """One client at one seat: the table's deals told to it, its calls and cards made."""

    def __init__(
        self, door: BluechipDoor, conn: Connection, table_id: str, seat: Seat, client: str
    ) -> None:
        self.door = door
        self.hub = door.hub
        self.conn = conn
        self.table_id = table_id
        self.seat = seat
        self.client = client
        self.total = {Side.NS: 0.0, Side.EW: 0.0}

    async def look(self, deal: int | None = None) -> Look:
        """The table now, as this seat sees it (its own view alone); with ``deal``, that
        deal once it is over (the table has gone on to the next: what was played in it is
        everyone's to know, and the client is still to be told the last of it)."""
        live = await self.hub.get(self.table_id)
        state = live.state
        seated = state.outside.get(self.seat)
        if seated is None or seated.client != self.client:
            raise Gone("another connection holds the seat, or this one was taken for gone")
        done = deal is not None and deal < len(state.finished)
        b = state.finished[deal] if deal is not None and done else state.board
        view = (
            SeatView.of(self.seat, b.deal, b.auction, b.play, vulnerability=b.vulnerability)
            if done
            else state.table.view_for(self.seat)
        )
        return Look(
            version=state.version,
            deal=deal if deal is not None and done else len(state.finished),
            over=state.series_over(),
            number=b.number,
            dealer=b.dealer,
            vulnerability=b.vulnerability,
            view=view,
            alerts=tuple(b.alerts),
            explanations=tuple(b.explanations),
            finished=done or b.is_over,
            mine=state.plays_outside(self.seat),
            from_deal=seated.from_deal,
        )

    async def changed(self, since: int) -> Look:
        """The table once its version is past ``since``."""
        while True:
            now = await self.look()
            if now.version != since:
                return now
            await asyncio.sleep(LOOK_SECONDS)

    async def run(self) -> None:
        while True:
            now = await self.look()
            if now.over:
                await self.conn.send(EndOfSession())
                return
            if not now.mine:  # a deal begun before the client came: our robot ends it
                await self.changed(now.version)
                continue
            await self.play_deal(now)

    # -- one deal ---------------------------------------------------------------------------
    async def expect(self, wanted: type[Message], what: str, seconds: float | None) -> Message:
        return await expect(self.conn, self.seat, lambda m: isinstance(m, wanted), seconds, what)

    async def play_deal(self, now: Look) -> None:
        seat, conn = self.seat, self.conn
        deal = now.deal
        await conn.send(StartOfBoard())
        # the client may still be answering an abandoned deal: the handshake's time
        wait = max(self.door.seconds, HANDSHAKE_SECONDS)
        ready = lambda m: isinstance(m, ReadyForDeal)  # noqa: E731
        await expect(conn, seat, ready, wait, "ready for deal", stale=True)
        await conn.send(BoardMessage(now.number, now.dealer, now.vulnerability))
        await self.expect(ReadyForCards, "ready for cards", self.door.seconds)
        own = [card for who, card in now.view.played if who == seat]
        await conn.send(CardsMessage(seat, Hand([*now.view.hand, *own])))
        spent = {Side.NS: 0.0, Side.EW: 0.0}
        told = 0  # calls, then cards, the client knows of
        led = set[int]()  # the tricks whose lead the client was told to make
        dummy_shown = False
        since = time.monotonic()
        while True:
            now = await self.look(deal)
            view = now.view
            calls = view.calls
            if told < len(calls):
                bidder = now.dealer.next(told)
                if bidder != seat:
                    await expect(
                        conn,
                        seat,
                        _ready_for_call(bidder),
                        self.door.seconds,
                        f"ready for {seat_name(bidder)}'s bid",
                    )
                    await conn.send(self._call_told(now, told))
                spent[bidder.side] += time.monotonic() - since
                since = time.monotonic()
                told += 1
                continue
            if view.contract is None:
                if now.finished:  # passed out (or ended by the director's hand)
                    break
                if view.turn == seat:
                    await self.make_call(deal)
                else:
                    await self.changed(now.version)
                continue
            contract = view.contract
            declarer = contract.declarer
            assert declarer is not None
            dummy = declarer.partner
            index = told - len(calls)  # cards told
            played = view.played
            if index < len(played):
                player, card = played[index]
                actor = declarer if player == dummy else player
                if actor != seat:
                    trick = index // 4 + 1
                    await expect(
                        conn,
                        seat,
                        _ready_for_card(player, dummy),
                        self.door.seconds,
                        f"ready for {seat_name(player)}'s card to trick {trick}",
                    )
                    await conn.send(CardMessage(player, card))
                spent[actor.side] += time.monotonic() - since
                since = time.monotonic()
                told += 1
                if index == 0 and seat != dummy and not dummy_shown:
                    await self.expect(ReadyForDummy, "ready for dummy", self.door.seconds)
                    dummy_cards = [c for who, c in played if who == dummy]
                    assert view.dummy is not None
                    await conn.send(DummyCards(Hand([*view.dummy, *dummy_cards])))
                    dummy_shown = True
                continue
            if now.finished:  # every card told, or a claim ended the play
                break
            turn = view.turn
            acting = declarer if turn == dummy else turn
            if acting != seat:
                await self.changed(now.version)
                continue
            trick = index // 4
            if index % 4 == 0 and trick not in led:
                # the manager tells the seat to lead (or to lead from dummy)
                led.add(trick)
                if index == 0:
                    await conn.send(ToLead(seat))
                else:
                    await conn.send(ToLead(None if turn == dummy else turn))
            await self.make_card(deal)
        for side in spent:
            self.total[side] += spent[side]
        await conn.send(
            Timing(
                timing_text(
                    spent[Side.NS], self.total[Side.NS], spent[Side.EW], self.total[Side.EW]
                )
            )
        )

    def _turn(self, now: Look) -> bool:
        """Whether the seat must call or play now (for dummy too, as declarer)."""
        view = now.view
        if view.contract is None or view.turn is None:
            return view.turn == self.seat
        declarer = view.contract.declarer
        return view.turn == self.seat or (view.turn.partner == declarer == self.seat)

    def _call_told(self, now: Look, index: int) -> CallMessage:
        """The call as the seat is told it: an opponent's alerted call with its explanation
        (as the table explains it to this seat), partner's and unalerted ones bare."""
        bidder = now.dealer.next(index)
        call = now.view.calls[index]
        alerted = index < len(now.alerts) and now.alerts[index]
        if bidder.side == self.seat.side or not alerted:
            return CallMessage(bidder, call)
        explained = now.explanations
        return CallMessage(bidder, call, True, explained[index] if index < len(explained) else None)

    async def make_call(self, deal: int) -> None:
        for _ in range(ILLEGAL_TRIES):
            message = await self.expect(CallMessage, "call", self.door.seconds)
            assert isinstance(message, CallMessage)
            action: dict[str, object] = {"call": str(message.call)}
            if message.alert or message.explanation:
                action["alert"] = message.alert or bool(message.explanation)
                action["explanation"] = message.explanation or ""
            if await self._act(deal, action):
                return
            await self.conn.send(Illegal("bid"))
        raise SeatFailure(self.seat, "illegal", f"{seat_name(self.seat)} made 3 illegal calls")

    async def make_card(self, deal: int) -> None:
        for _ in range(ILLEGAL_TRIES):
            message = await self.expect(CardMessage, "card", self.door.seconds)
            assert isinstance(message, CardMessage)
            if await self._act(deal, {"card": str(message.card)}):
                return
            await self.conn.send(Illegal("card"))
        raise SeatFailure(self.seat, "illegal", f"{seat_name(self.seat)} played 3 illegal cards")

    async def _act(self, deal: int, action: dict[str, object]) -> bool:
        """Make the client's call or card at the table: False if the rules refuse it; True
        if made, or if it is moot (the deal ended meanwhile, by a claim agreed, or the turn
        is not the seat's any more: the loop tells the client what happened instead)."""
        while True:
            now = await self.look(deal)
            if now.finished or not self._turn(now):
                return True
            try:
                await self.hub.act(self.table_id, self.seat, action, now.version)
                return True
            except ActionError as error:
                if error.status == 409 and "moved on" in error.reason:
                    continue  # a page's word (an explanation) came first: look again
                log.info("table %s: %s's %s refused: %s", self.table_id, self.seat, action, error)
                return False


def _ready_for_call(bidder: Seat) -> Callable[[Message], bool]:
    return lambda m: isinstance(m, ReadyForCall) and m.bidder == bidder


def _ready_for_card(player: Seat, dummy: Seat) -> Callable[[Message], bool]:
    """Ready for ``player``'s card: named, or as "dummy's" when dummy plays."""
    return lambda m: (
        isinstance(m, ReadyForCard)
        and (m.player == player or (m.player is None and player == dummy))
    )
