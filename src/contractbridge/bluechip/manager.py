"""The table manager: seats four Blue Chip clients and runs a match between them.

Clients connect to one port and name their seat in the ``Connecting`` line (``ANYPL``: the
first free seat), as Blue Chip's and Bridge Moniteur's managers and ben's client do; with
``seat_ports`` each seat has its own port instead (the protocol text's four sockets).

A **teams** match plays every board twice at the one table, as computer championships do
with four programs: first as dealt (the open room), then turned one seat clockwise (the
closed room: the East-West pair holds the cards North-South held, so the two teams swap
sides). A **pairs** match plays each board once and scores it in IMPs against double-dummy
par. Each seat is sent its own hand, dummy's after the opening lead, every call (an alert
or explanation only to the bidder's opponents) and every card.

When a client goes wrong the manager answers as the protocol does and the match goes on:

* an illegal call or card, or a call or card out of turn: ``Illegal bid`` / ``Illegal card``,
  and the seat may try again within its time; the third illegal try ends the board;
* a call or card not made within ``call_seconds`` / ``card_seconds`` ends the board;
  a board ended either way scores average-minus to the side at fault and average-plus to
  the other (Law 12C2: 3 IMPs), and the next board starts;
* a client that disconnects may come back within ``reconnect_seconds``: the board in play
  starts again from ``Start of board`` (clients treat it as a restart); otherwise the match
  stops, ``End of session`` is sent to the others.

Every finished board is written to the PBN and LIN records at once, so a match that stops
loses nothing played.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import statistics
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from contractbridge.bluechip.connection import Connection, Transcript
from contractbridge.bluechip.protocol import (
    VERSION,
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
from contractbridge.core.auction import Auction
from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Board, Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.play import Play
from contractbridge.core.seat import SEATS, Seat, Side, Vulnerability
from contractbridge.formats.record import Annotation, GameRecord
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import AVERAGE_PLUS_IMPS, imps

log = logging.getLogger("contractbridge.bluechip")

T = TypeVar("T")

#: illegal tries a seat is allowed for one call or card before the board ends
ILLEGAL_TRIES = 3
#: seconds a new connection has to send its Connecting line and "ready for teams"
HANDSHAKE_SECONDS = 30.0


class ManagerError(BridgeError):
    """A match that cannot be run as asked (a bad option, a port in use)."""


class SeatFailure(Exception):
    """A seat could not go on with the board: ``kind`` is ``"timeout"``, ``"illegal"`` or
    ``"disconnect"``; the message says what happened, for the log and the record."""

    def __init__(self, seat: Seat, kind: str, message: str, conn: Connection | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.kind = kind
        self.conn = conn  # the connection that failed (the seat may have a new one already)


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """A board as the manager deals it: number, deal, dealer and vulnerability."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability

    @classmethod
    def numbered(cls, number: int, deal: Deal) -> BoardSpec:
        """Dealer and vulnerability from the board number (Law 2)."""
        board = Board(number)
        return cls(number, deal, board.dealer, board.vulnerability)

    def turned(self) -> BoardSpec:
        """The board turned one seat clockwise: East gets North's hand, the dealer moves
        one seat on, and the vulnerability goes with the cards."""
        hands = {seat.lho: self.deal[seat] for seat in SEATS}
        deal = Deal([hands[s] for s in SEATS])
        vul = Vulnerability.of(
            self.vulnerability.is_vulnerable(Side.EW), self.vulnerability.is_vulnerable(Side.NS)
        )
        return BoardSpec(self.number, deal, self.dealer.lho, vul)


@dataclass(frozen=True, slots=True)
class Settings:
    """How the match is run. Times are in seconds; None waits for ever."""

    form: str = "teams"
    call_seconds: float = 60.0
    card_seconds: float = 60.0
    reconnect_seconds: float = 60.0
    #: how long to wait for the four clients before the first board (None: for ever)
    seat_seconds: float | None = None
    #: the pause after each trick (championship managers pause about a second for viewers)
    trick_pause: float = 0.0
    ns_team: str | None = None
    ew_team: str | None = None
    event: str = "Blue Chip match"

    def __post_init__(self) -> None:
        if self.form not in ("teams", "pairs"):
            raise ManagerError(f"a match is teams or pairs, not {self.form!r}")
        for name in ("call_seconds", "card_seconds"):
            if getattr(self, name) <= 0:
                raise ManagerError(f"{name.replace('_', ' ')} must be more than 0")


@dataclass(slots=True)
class TableResult:
    """One board as played at the table, in the orientation it was played."""

    spec: BoardSpec
    room: str | None
    players: dict[Seat, str]
    calls: list[Call] = field(default_factory=list)
    annotations: dict[int, Annotation] = field(default_factory=dict)
    cards: list[Card] = field(default_factory=list)
    contract: Contract | None = None
    tricks: int | None = None
    #: North-South's score; None when the board did not finish
    score: int | None = None
    #: the side at fault when the board did not finish (average-minus to it)
    at_fault: Side | None = None
    reason: str | None = None

    def record(self, event: str) -> GameRecord:
        """The board as a game record, turned back to the deal's own orientation when it
        was played turned (the closed room of a teams match)."""
        turned = self.room == "Closed"

        def orig(seat: Seat) -> Seat:
            return seat.rho if turned else seat

        spec = self.spec.turned().turned().turned() if turned else self.spec
        contract = self.contract
        if contract is not None and contract.declarer is not None:
            contract = contract.with_declarer(orig(contract.declarer))
        rec = GameRecord(
            event=event,
            board=spec.number,
            dealer=spec.dealer,
            vulnerability=spec.vulnerability,
            deal=spec.deal,
            players={orig(s): name for s, name in self.players.items()},
            auction=list(self.calls),
            auction_annotations=dict(self.annotations),
            play=list(self.cards),
            contract=contract,
            passed_out=self.contract is None and self.score == 0,
            result=self.tricks,
            score=None if self.score is None else (-self.score if turned else self.score),
            room=self.room,
            scoring="IMP",
        )
        if self.reason:
            rec.commentary.append(self.reason)
        return rec


@dataclass(slots=True)
class BoardScore:
    """A board's IMPs for the team sitting North-South in the open room (team A)."""

    number: int
    imps: int | None
    results: list[TableResult]


@dataclass(slots=True)
class MatchResult:
    teams: tuple[str, str]
    boards: list[BoardScore]
    stopped: str | None = None

    @property
    def scored(self) -> list[int]:
        return [b.imps for b in self.boards if b.imps is not None]

    def summary(self) -> str:
        """Totals and IMPs a board with a 95% confidence interval."""
        scored = self.scored
        a, b = self.teams
        if not scored:
            return f"{a} v {b}: no board scored" + (f" ({self.stopped})" if self.stopped else "")
        total = sum(scored)
        won, lost = sum(x for x in scored if x > 0), -sum(x for x in scored if x < 0)
        mean, low, high = imps_per_board(scored)
        line = (
            f"{a} v {b}: {len(scored)} boards, {a} {won} - {lost} {b} "
            f"(IMPs, net {total:+d}); {a} {mean:+.2f} IMPs a board"
        )
        if len(scored) > 1:
            line += f" (95% CI {low:+.2f} to {high:+.2f})"
        return line + (f"; stopped: {self.stopped}" if self.stopped else "")


def imps_per_board(scores: Sequence[int]) -> tuple[float, float, float]:
    """Mean IMPs a board and its 95% confidence interval (normal approximation).

    >>> imps_per_board([3, -1, 0, 6])
    (2.0, -1.0..., 5.0...)
    """
    mean = statistics.fmean(scores)
    if len(scores) < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores))
    return mean, mean - half, mean + half


# -- the four seats -------------------------------------------------------------------
class Seating:
    """Who sits where: the connections, their team names, the handshake."""

    def __init__(self, settings: Settings, transcript: Transcript | None) -> None:
        self.settings = settings
        self.transcript = transcript
        self.seats: dict[Seat, Connection] = {}
        self.names: dict[Seat, str] = {}
        self.teams: dict[Side, str] = {}
        if settings.ns_team:
            self.teams[Side.NS] = settings.ns_team
        if settings.ew_team:
            self.teams[Side.EW] = settings.ew_team
        self._started: set[Seat] = set()
        #: seats whose client has said "ready for teams" (the teams go out only then: the
        #: handshake's own wait must not race the wait for "ready to start")
        self._greeted: set[Seat] = set()
        self._changed = asyncio.Event()

    def live(self, seat: Seat) -> bool:
        conn = self.seats.get(seat)
        return conn is not None and not conn.closed

    async def welcome(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port_seat: Seat | None
    ) -> None:
        """A new connection: read its Connecting line, seat it or say why not."""
        conn = Connection(reader, writer, name="client", transcript=self.transcript)
        try:
            line = await conn.line(HANDSHAKE_SECONDS)
            if line is None:
                raise ProtocolError("the connection closed before a Connecting line")
            message = parse(line)
            if not isinstance(message, Connect):
                raise ProtocolError(f'expected "Connecting ... using protocol version {VERSION}"')
            seat = self._choose(message, port_seat)
            conn.name = seat_name(seat)
            side = seat.side
            if side in self.teams and self._fixed(side) and message.team != self.teams[side]:
                raise ProtocolError("Team name mismatch")
            self.teams.setdefault(side, message.team)
            self.seats[seat] = conn
            self.names[seat] = message.team
            self._started.discard(seat)
            self._greeted.discard(seat)
            if message.version != VERSION:
                log.info(
                    "%s speaks version %d; this manager speaks %d", seat, message.version, VERSION
                )
            await conn.send(Seated(seat, message.team))
            reply = await conn.line(HANDSHAKE_SECONDS)
            if reply is None or not isinstance(parse(reply), ReadyForTeams):
                raise ProtocolError(f'expected "{seat_name(seat)} ready for teams"')
            self._greeted.add(seat)
            log.info("%s seated: %s", seat_name(seat), message.team)
            self._changed.set()
        except (ProtocolError, TimeoutError) as error:
            text = str(error) or "no Connecting line in time"
            log.warning("refused a connection: %s", text)
            await conn.send(ErrorMessage(text))
            await conn.close()
            for seat, c in list(self.seats.items()):
                if c is conn:
                    del self.seats[seat]

    def _fixed(self, side: Side) -> bool:
        return bool(self.settings.ns_team if side == Side.NS else self.settings.ew_team)

    def _choose(self, message: Connect, port_seat: Seat | None) -> Seat:
        wanted = message.seat if message.seat is not None else port_seat
        if port_seat is not None and wanted != port_seat:
            raise ProtocolError(f"this port is {seat_name(port_seat)}'s")
        if wanted is None:
            free = [s for s in SEATS if not self.live(s)]
            if not free:
                raise ProtocolError("every seat is taken")
            return free[0]
        if self.live(wanted):
            raise ProtocolError(f"{seat_name(wanted)} is already seated")
        return wanted

    async def all_seated(self, timeout: float | None) -> bool:
        """Wait until four clients are seated, then send the teams to those that have not
        had them and wait for their "ready to start". False if the time ran out."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            if all(self.live(s) and s in self._greeted for s in SEATS):
                break
            self._changed.clear()
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            try:
                async with asyncio.timeout(left):
                    await self._changed.wait()
            except TimeoutError:
                return False
        teams = Teams(self.teams.get(Side.NS, "N/S"), self.teams.get(Side.EW, "E/W"))
        for seat in SEATS:
            if seat in self._started:
                continue
            conn = self.seats[seat]
            await conn.send(teams)
            try:
                await expect(
                    conn,
                    seat,
                    lambda m: isinstance(m, ReadyToStart),
                    HANDSHAKE_SECONDS,
                    "ready to start",
                )
            except SeatFailure as failure:
                log.warning("%s", failure)
                await conn.close()
                return await self.all_seated(timeout)
            self._started.add(seat)
        return True

    async def close(self) -> None:
        for conn in self.seats.values():
            await conn.close()


async def expect(
    conn: Connection,
    seat: Seat,
    wanted: Callable[[Message], bool],
    seconds: float | None,
    what: str,
    *,
    stale: bool = False,
    limit: float | None = None,
) -> Message:
    """The next message from ``seat`` that is ``wanted``. A call or card out of turn is
    answered ``Illegal bid``/``Illegal card``; other lines the manager is not waiting for
    are logged and dropped (``stale``: quietly, the leftovers of an abandoned board).
    Raises :class:`SeatFailure` on a timeout (the message names ``limit``, the seat's
    whole time, when given) or a disconnection."""
    deadline = None if seconds is None else time.monotonic() + seconds
    while True:
        left = None if deadline is None else deadline - time.monotonic()
        try:
            line = await conn.line(left)
        except TimeoutError:
            raise SeatFailure(
                seat,
                "timeout",
                f"{seat_name(seat)} sent no {what} within {limit or seconds:g} s",
                conn,
            ) from None
        if line is None:
            raise SeatFailure(seat, "disconnect", f"{seat_name(seat)} disconnected", conn)
        try:
            message = parse(line)
        except ProtocolError as error:
            log.warning("%s: %s", seat_name(seat), error)
            continue
        if wanted(message):
            return message
        if stale:
            log.info("%s: dropped %r from an earlier board", seat_name(seat), line)
        elif isinstance(message, CallMessage):
            log.warning("%s: call out of turn %r (expected %s)", seat_name(seat), line, what)
            await conn.send(Illegal("bid"))
        elif isinstance(message, CardMessage):
            log.warning("%s: card out of turn %r (expected %s)", seat_name(seat), line, what)
            await conn.send(Illegal("card"))
        else:
            log.warning("%s: unexpected %r (expected %s): ignored", seat_name(seat), line, what)


async def all_of(coroutines: Iterable[Coroutine[Any, Any, T]]) -> list[T]:
    """Run together; the first failure cancels the rest and is raised."""
    tasks = [asyncio.create_task(c) for c in coroutines]
    try:
        done, _pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for task in done:
            error = task.exception()
            if error is not None:
                raise error
        return [t.result() for t in tasks]
    finally:
        for task in tasks:
            if not task.done():
                task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


# -- the match ------------------------------------------------------------------------
class TableManager:
    """Runs a match of ``boards`` between the four clients that connect.

    ``pbn``/``lin``: files rewritten after every board. ``transcript``: called with every
    line sent and received.
    """

    def __init__(
        self,
        boards: Sequence[BoardSpec],
        settings: Settings | None = None,
        *,
        pbn: str | Path | None = None,
        lin: str | Path | None = None,
        transcript: Transcript | None = None,
        on_board: Callable[[BoardScore], Awaitable[None] | None] | None = None,
    ) -> None:
        if not boards:
            raise ManagerError("a match needs at least one board")
        self.boards = list(boards)
        self.settings = settings or Settings()
        self.pbn = Path(pbn) if pbn else None
        self.lin = Path(lin) if lin else None
        self.transcript = transcript
        self.on_board = on_board
        self.seating = Seating(self.settings, transcript)
        self.results: list[TableResult] = []
        self.scores: list[BoardScore] = []
        self._spent: dict[Side, float] = {Side.NS: 0.0, Side.EW: 0.0}
        self._servers: list[asyncio.Server] = []
        self._stop_requested = False
        self.ports: list[int] = []

    # -- listening --------------------------------------------------------------------
    async def listen(
        self, host: str = "127.0.0.1", port: int = 2000, *, seat_ports: bool = False
    ) -> list[int]:
        """Open the port (or four, one a seat, from ``port``); 0 picks free ports. Returns
        the ports opened."""
        wanted: list[tuple[int, Seat | None]] = (
            [(port + i if port else 0, s) for i, s in enumerate(SEATS)] if seat_ports
            else [(port, None)]
        )  # fmt: skip
        for number, seat in wanted:

            async def welcome(
                r: asyncio.StreamReader, w: asyncio.StreamWriter, seat: Seat | None = seat
            ) -> None:
                await self.seating.welcome(r, w, seat)

            try:
                server = await asyncio.start_server(welcome, host, number, limit=1 << 16)
            except OSError as error:
                await self.close()
                raise ManagerError(f"cannot listen on {host}:{number}: {error.strerror}") from None
            self._servers.append(server)
            self.ports.append(server.sockets[0].getsockname()[1])
        return self.ports

    async def close(self) -> None:
        for server in self._servers:
            server.close()
            with contextlib.suppress(Exception):
                await server.wait_closed()
        self._servers.clear()
        await self.seating.close()

    # -- running ----------------------------------------------------------------------
    def schedule(self) -> list[tuple[BoardSpec, str | None]]:
        """Teams: each board in the open room, then turned in the closed room, board by
        board (so a match that stops early still compares whole boards)."""
        if self.settings.form == "pairs":
            return [(spec, None) for spec in self.boards]
        return [item for s in self.boards for item in ((s, "Open"), (s.turned(), "Closed"))]

    async def run(self) -> MatchResult:
        """Seat the four clients and play the match; always ends the session."""
        stopped: str | None = None
        try:
            if not await self.seating.all_seated(self.settings.seat_seconds):
                stopped = "the four seats were not filled in time"
            else:
                for spec, room in self.schedule():
                    result = await self._board_with_recovery(spec, room)
                    if result is None:
                        stopped = "a client left and did not come back"
                        break
                    await self._record(result)
                    if self._stop_requested and room != "Open":
                        stopped = "stopped on request"
                        break
        finally:
            for seat in SEATS:
                if self.seating.live(seat):
                    await self.seating.seats[seat].send(EndOfSession())
            await asyncio.sleep(0.05)
            await self.close()
        if stopped:
            log.warning("match stopped: %s", stopped)
        return MatchResult(self.team_names(), self.scores, stopped)

    def request_stop(self) -> None:
        """End the match after the board in play (both rooms of it, at teams)."""
        self._stop_requested = True

    def team_names(self) -> tuple[str, str]:
        return (self.seating.teams.get(Side.NS, "N/S"), self.seating.teams.get(Side.EW, "E/W"))

    async def _board_with_recovery(self, spec: BoardSpec, room: str | None) -> TableResult | None:
        while True:
            result = TableResult(spec, room, dict(self.seating.names))
            try:
                await self.play_board(result)
                return result
            except SeatFailure as failure:
                log.warning("board %d%s: %s", spec.number, f" ({room})" if room else "", failure)
                if failure.kind != "disconnect":
                    result.at_fault = failure.seat.side
                    result.score = None
                    result.reason = (
                        f"Not finished: {failure}. Average-minus to {failure.seat.side}, "
                        f"average-plus to {failure.seat.side.opponents} (Law 12C2)."
                    )
                    # No Timing line: the clients are mid-board, and the next "Start of
                    # board" is what tells them to start again (ben reads it so).
                    return result
                if failure.conn is not None:
                    await failure.conn.close()
                if not await self.seating.all_seated(self.settings.reconnect_seconds):
                    return None
                log.info("board %d starts again", spec.number)

    async def _record(self, result: TableResult) -> None:
        self.results.append(result)
        if self.settings.form == "pairs":
            score = self._pairs_score(result)
            self.scores.append(BoardScore(result.spec.number, score, [result]))
        elif result.room == "Closed":
            opened = self.results[-2]
            self.scores.append(
                BoardScore(result.spec.number, teams_imps(opened, result), [opened, result])
            )
        self._write()
        if self.on_board is not None and self.scores and self.scores[-1].results[-1] is result:
            done = self.on_board(self.scores[-1])
            if done is not None:
                await done

    def _pairs_score(self, result: TableResult) -> int:
        if result.at_fault is not None:
            return -AVERAGE_PLUS_IMPS if result.at_fault == Side.NS else AVERAGE_PLUS_IMPS
        from contractbridge.analysis.dd import par

        spec = result.spec
        return imps((result.score or 0) - par(spec.deal, spec.vulnerability, spec.dealer).score)

    def records(self) -> list[GameRecord]:
        return [r.record(self.settings.event) for r in self.results]

    def _write(self) -> None:
        from contractbridge.formats import dump_file

        records = self.records()
        for path in (self.pbn, self.lin):
            if path is not None:
                tmp = path.with_name(path.name + ".tmp")
                dump_file(records, tmp, format=path.suffix.lstrip("."))
                tmp.replace(path)

    # -- one board --------------------------------------------------------------------
    async def send(self, seat: Seat, message: Message) -> None:
        await self.seating.seats[seat].send(message)

    async def wait_for(
        self,
        seat: Seat,
        wanted: Callable[[Message], bool],
        seconds: float | None,
        what: str,
        *,
        stale: bool = False,
    ) -> Message:
        return await expect(self.seating.seats[seat], seat, wanted, seconds, what, stale=stale)

    async def play_board(self, result: TableResult) -> None:
        """Deal, bid and play one board, filling ``result``; raises SeatFailure."""
        spec = result.spec
        s = self.settings
        board_spent = {Side.NS: 0.0, Side.EW: 0.0}
        for seat in SEATS:
            await self.send(seat, StartOfBoard())

        async def deal_to(seat: Seat) -> None:
            # a client still thinking over an abandoned board answers late: handshake time
            await self.wait_for(
                seat,
                lambda m: isinstance(m, ReadyForDeal),
                max(s.call_seconds, HANDSHAKE_SECONDS),
                "ready for deal",
                stale=True,
            )
            await self.send(seat, BoardMessage(spec.number, spec.dealer, spec.vulnerability))
            await self.wait_for(
                seat, lambda m: isinstance(m, ReadyForCards), s.call_seconds, "ready for cards"
            )
            await self.send(seat, CardsMessage(seat, spec.deal[seat]))

        await all_of(deal_to(seat) for seat in SEATS)

        auction = Auction(spec.dealer)
        while not auction.is_complete:
            bidder = auction.turn
            started = time.monotonic()
            made: asyncio.Future[CallMessage] = asyncio.get_running_loop().create_future()

            async def bid(bidder: Seat = bidder, made: asyncio.Future[CallMessage] = made) -> None:
                made.set_result(await self._get_call(bidder, auction))

            async def relay(
                seat: Seat, bidder: Seat = bidder, made: asyncio.Future[CallMessage] = made
            ) -> None:
                await self.wait_for(
                    seat,
                    lambda m: isinstance(m, ReadyForCall) and m.bidder == bidder,
                    s.call_seconds,
                    f"ready for {seat_name(bidder)}'s bid",
                )
                message = await asyncio.shield(made)
                if seat.side == bidder.side:
                    message = CallMessage(bidder, message.call)  # partner hears no alert
                await self.send(seat, message)

            await all_of([bid(), *(relay(x) for x in SEATS if x != bidder)])
            call_message = made.result()
            board_spent[bidder.side] += time.monotonic() - started
            if call_message.alert or call_message.explanation:
                result.annotations[len(auction)] = Annotation(
                    alert=call_message.alert, note=call_message.explanation
                )
            auction.add(call_message.call)
            result.calls.append(call_message.call)

        if auction.is_passed_out:
            result.score = 0
            result.tricks = None
            await self._end_board(board_spent)
            return
        contract = auction.contract
        assert contract is not None and contract.declarer is not None
        result.contract = contract
        declarer = contract.declarer
        dummy = declarer.partner
        play = Play(spec.deal, contract)
        await self.send(declarer.lho, ToLead(declarer.lho))
        for index in range(52):
            player = play.turn
            assert player is not None
            actor = declarer if player == dummy else player
            trick = index // 4 + 1
            if index % 4 == 0 and index:
                if s.trick_pause:
                    await asyncio.sleep(s.trick_pause)
                await self.send(actor, ToLead(None if player == dummy else player))
            started = time.monotonic()
            played: asyncio.Future[CardMessage] = asyncio.get_running_loop().create_future()

            async def choose(
                actor: Seat = actor, played: asyncio.Future[CardMessage] = played
            ) -> None:
                played.set_result(await self._get_card(actor, play))

            async def show(
                seat: Seat,
                player: Seat = player,
                trick: int = trick,
                played: asyncio.Future[CardMessage] = played,
            ) -> None:
                def ready(m: Message) -> bool:
                    if not isinstance(m, ReadyForCard):
                        return False
                    if m.trick != trick:
                        log.info(
                            "%s: ready for trick %d, it is trick %d",
                            seat_name(seat),
                            m.trick,
                            trick,
                        )
                    return m.player == player or (m.player is None and player == dummy)

                whose = "dummy" if player == dummy else seat_name(player)
                await self.wait_for(
                    seat, ready, s.card_seconds, f"ready for {whose}'s card to trick {trick}"
                )
                message = await asyncio.shield(played)
                await self.send(seat, CardMessage(player, message.card))

            await all_of([choose(), *(show(x) for x in SEATS if x != actor)])
            card = played.result().card
            board_spent[actor.side] += time.monotonic() - started
            play.play(card)
            result.cards.append(card)
            if index == 0:

                async def face(seat: Seat) -> None:
                    await self.wait_for(
                        seat,
                        lambda m: isinstance(m, ReadyForDummy),
                        s.card_seconds,
                        "ready for dummy",
                    )
                    await self.send(seat, DummyCards(spec.deal[dummy]))

                await all_of(face(x) for x in SEATS if x != dummy)
        result.tricks = play.declarer_tricks
        vulnerable = spec.vulnerability.is_vulnerable(declarer)
        score = duplicate_score(contract, play.declarer_tricks, vulnerable)
        result.score = score if declarer.side == Side.NS else -score
        await self._end_board(board_spent)

    async def _get_call(self, bidder: Seat, auction: Auction) -> CallMessage:
        conn = self.seating.seats[bidder]
        deadline = time.monotonic() + self.settings.call_seconds
        for _ in range(ILLEGAL_TRIES):
            message = await expect(
                conn,
                bidder,
                lambda m: isinstance(m, CallMessage),
                deadline - time.monotonic(),
                "call",
                limit=self.settings.call_seconds,
            )
            assert isinstance(message, CallMessage)
            reason = auction.why_illegal(message.call)
            if reason is None:
                return CallMessage(bidder, message.call, message.alert, message.explanation)
            log.warning("%s: illegal call %s: %s", seat_name(bidder), message.call, reason)
            await conn.send(Illegal("bid"))
        raise SeatFailure(
            bidder, "illegal", f"{seat_name(bidder)} made {ILLEGAL_TRIES} illegal calls"
        )

    async def _get_card(self, actor: Seat, play: Play) -> CardMessage:
        conn = self.seating.seats[actor]
        deadline = time.monotonic() + self.settings.card_seconds
        for _ in range(ILLEGAL_TRIES):
            message = await expect(
                conn,
                actor,
                lambda m: isinstance(m, CardMessage),
                deadline - time.monotonic(),
                "card",
                limit=self.settings.card_seconds,
            )
            assert isinstance(message, CardMessage)
            reason = play.why_illegal(message.card, actor)
            if reason is None:
                return message
            log.warning("%s: illegal card %s: %s", seat_name(actor), message.card, reason)
            await conn.send(Illegal("card"))
        raise SeatFailure(
            actor, "illegal", f"{seat_name(actor)} played {ILLEGAL_TRIES} illegal cards"
        )

    async def _end_board(self, spent: dict[Side, float]) -> None:
        for side in spent:
            self._spent[side] += spent[side]
        line = Timing(
            timing_text(spent[Side.NS], self._spent[Side.NS], spent[Side.EW], self._spent[Side.EW])
        )
        for seat in SEATS:
            await self.send(seat, line)


def teams_imps(opened: TableResult, closed: TableResult) -> int:
    """Team A's IMPs on a board: team A sat North-South in both rooms, holding the deal's
    North-South cards in the open room and its East-West cards in the closed room (turned).
    A board not finished in a room scores 3 IMPs to the side not at fault there."""
    adjusted = [r for r in (opened, closed) if r.at_fault is not None]
    if adjusted:
        return sum(-AVERAGE_PLUS_IMPS if r.at_fault == Side.NS else AVERAGE_PLUS_IMPS
                   for r in adjusted)  # fmt: skip
    return imps((opened.score or 0) + (closed.score or 0))


def random_boards(count: int, seed: int | None = None, first: int = 1) -> list[BoardSpec]:
    """``count`` random deals numbered from ``first`` (dealer and vulnerability by Law 2)."""
    import random

    rng = random.Random(seed)
    return [BoardSpec.numbered(first + i, Deal.random(rng)) for i in range(count)]


def boards_from_records(records: Iterable[GameRecord]) -> list[BoardSpec]:
    """The boards of a PBN, LIN or JSON file (each distinct board number once)."""
    boards: dict[int, BoardSpec] = {}
    for index, rec in enumerate(records, start=1):
        if rec.deal is None or not rec.deal.is_complete:
            continue
        number = rec.board or index
        if number in boards:
            continue
        board = Board(number)
        boards[number] = BoardSpec(
            number, rec.deal, rec.dealer or board.dealer,
            rec.vulnerability if rec.vulnerability is not None else board.vulnerability,
        )  # fmt: skip
    if not boards:
        raise ManagerError("the file holds no complete deal")
    return [boards[n] for n in sorted(boards)]
