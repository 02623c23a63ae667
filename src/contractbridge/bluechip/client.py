"""A Blue Chip client: one of our robots in one seat at any table manager.

The client answers each line of the manager with what the protocol asks, and never early:
``ready for deal`` only after ``Start of board``, an opening lead only after ``<Seat> to
lead``. As declarer it plays dummy's cards in dummy's name; as dummy it still says it is
ready for each of dummy's cards. ``Start of board`` in the middle of a board starts the
board again (managers restart a board so after a client came back).

The robot decides from a :class:`SeatView` built from what this seat was told and nothing
else. Its alerts go out as ``Alert. <what the call shows>.``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from contractbridge.bluechip.connection import Connection, Transcript
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
    format_message,
    parse,
    seat_name,
)
from contractbridge.core.auction import Auction
from contractbridge.core.call import PASS, Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.errors import BridgeError
from contractbridge.core.hand import Hand
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.base import Robot, alerts

log = logging.getLogger("contractbridge.bluechip")

T = TypeVar("T")

# The card player's double-dummy solver is entered by one thread at a time, and several
# clients may share a process (tests, a mixed table): their robots think in turn.
_THINKING = threading.Lock()


class ClientError(BridgeError):
    """The manager refused us or went away; the message says what it said."""


class BlueChipClient:
    """``robot`` in ``seat`` (None: ``ANYPL``, the manager chooses) for team ``team``."""

    def __init__(
        self,
        robot: Robot,
        seat: Seat | None,
        team: str = "contractbridge",
        *,
        transcript: Transcript | None = None,
    ) -> None:
        self.robot = robot
        self.seat = seat
        self.team = team
        self.transcript = transcript
        self.teams: Teams | None = None
        self.boards_played = 0
        #: spell seats and calls as WBridge5 does (OpenSpiel's manager side matches it exactly)
        self.upper = False
        self._conn: Connection | None = None
        self._reset()

    def _reset(self) -> None:
        self.board: BoardMessage | None = None
        self.hand: Hand | None = None
        self.dummy_hand: Hand | None = None
        self.calls: list[Call] = []
        self.explanations: list[str | None] = []
        self.played: list[tuple[Seat, Card]] = []
        self.lead_allowed = 0  # the trick whose lead the manager has asked for
        self._asked: object = None  # the last "ready for" sent, so it is sent once
        self._refused: list[object] = []
        self._doubtful: Call | Card | None = None  # an illegal action sent, awaiting refusal

    # -- the connection ---------------------------------------------------------------
    async def run(self, host: str, port: int) -> int:
        """Play until ``End of session``; returns the boards played to the end."""
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError as error:
            raise ClientError(
                f"cannot reach the table manager at {host}:{port}: {error.strerror or error}"
            ) from None
        name = seat_name(self.seat) if self.seat is not None else "ANYPL"
        self._conn = Connection(reader, writer, name="TM", me=name, transcript=self.transcript)
        try:
            await self._send(Connect(self.team, self.seat))
            while True:
                line = await self._conn.line()
                if line is None:
                    raise ClientError("the table manager closed the connection")
                try:
                    message = parse(line)
                except ProtocolError as error:
                    log.warning("%s", error)
                    continue
                if isinstance(message, Seated) and line.split()[0].isupper():
                    self.upper = True  # answer in the manager's (WBridge5's) spelling
                if isinstance(message, EndOfSession):
                    return self.boards_played
                await self.on(message)
        finally:
            await self._conn.close()

    async def _send(self, message: Message) -> None:
        assert self._conn is not None
        await self._conn.send(format_message(message, upper=self.upper))

    @property
    def me(self) -> Seat:
        if self.seat is None:
            raise ClientError("the table manager has not said where we sit")
        return self.seat

    # -- what each line asks ----------------------------------------------------------
    async def on(self, message: Message) -> None:
        if isinstance(message, ErrorMessage):
            raise ClientError(f"the table manager says: {message.text}")
        if isinstance(message, Seated):
            self.seat = message.seat
            await self._send(ReadyForTeams(self.me))
        elif isinstance(message, Teams):
            self.teams = message
            await self._send(ReadyToStart(self.me))
        elif isinstance(message, StartOfBoard):
            self._reset()
            await self._send(ReadyForDeal(self.me))
        elif isinstance(message, BoardMessage):
            self.board = message
            await self._send(ReadyForCards(self.me))
        elif isinstance(message, CardsMessage):
            self.hand = message.hand
            await self.advance()
        elif isinstance(message, CallMessage):
            self.calls.append(message.call)
            self.explanations.append(message.explanation)
            await self.advance()
        elif isinstance(message, CardMessage):
            self.played.append((message.seat, message.card))
            await self.advance()
        elif isinstance(message, DummyCards):
            self.dummy_hand = message.hand
            await self.advance()
        elif isinstance(message, ToLead):
            self.lead_allowed = len(self.played) // 4 + 1
            await self.advance()
        elif isinstance(message, Illegal):
            await self._refused_action(message.what)
        elif isinstance(message, Timing):
            if self.hand is not None:
                self.boards_played += 1
        else:
            log.info("%s: ignored %r", seat_name(self.me), message)

    async def _refused_action(self, what: str) -> None:
        """The manager refused our last call or card: take it back and make another (the
        "ready for" line sent after it was not counted, so it is sent again)."""
        if self._doubtful is not None:
            self._refused.append(self._doubtful)
            self._doubtful = None
        elif what == "bid" and self.calls and self._last_call_was_ours():
            self._refused.append(self.calls.pop())
            self.explanations.pop()
        elif what == "card" and self.played and self._last_card_was_ours():
            self._refused.append(self.played.pop()[1])
        else:
            log.warning("%s: the manager refused a %s we did not make", seat_name(self.me), what)
            return
        self._asked = None
        await self.advance()

    def _last_call_was_ours(self) -> bool:
        assert self.board is not None
        return Auction(self.board.dealer, self.calls).seat_of(len(self.calls) - 1) == self.seat

    def _last_card_was_ours(self) -> bool:
        contract = self._contract()
        if contract is None or contract.declarer is None:
            return False
        played, self.played = self.played, self.played[:-1]
        try:
            turn = self._turn(contract)
        finally:
            self.played = played
        return (contract.declarer if turn == contract.declarer.partner else turn) == self.me

    # -- the state of the board -------------------------------------------------------
    def _contract(self) -> Contract | None:
        assert self.board is not None
        auction = Auction(self.board.dealer, self.calls)
        return auction.contract if auction.is_complete else None

    def _turn(self, contract: Contract) -> Seat:
        """Whose card is next (dummy's seat on dummy's turn)."""
        assert contract.declarer is not None
        suit = contract.strain.suit
        trump = int(suit) if suit is not None else -1
        leader = contract.declarer.lho
        whole = len(self.played) - len(self.played) % 4
        for start in range(0, whole, 4):
            leader = trick_winner([c for _, c in self.played[start : start + 4]], leader, trump)
        return leader.next(len(self.played) % 4)

    def view(self) -> SeatView:
        """What this seat knows now, as the robots read it."""
        assert self.board is not None and self.hand is not None
        me = self.me
        mine = Hand([c for s, c in self.played if s == me])
        contract = self._contract()
        dummy: Hand | None = None
        turn: Seat | None = Auction(self.board.dealer, self.calls).turn
        if contract is not None and contract.declarer is not None:
            turn = self._turn(contract) if len(self.played) < 52 else None
            dummy_seat = contract.declarer.partner
            if self.played:
                full = self.hand if me == dummy_seat else self.dummy_hand
                if full is not None:
                    dummy = full - Hand([c for s, c in self.played if s == dummy_seat])
        return SeatView(
            seat=me,
            dealer=self.board.dealer,
            vulnerability=self.board.vulnerability,
            hand=self.hand - mine,
            calls=tuple(self.calls),
            contract=contract,
            dummy=dummy,
            played=tuple(self.played),
            turn=turn,
            explanations=tuple(self.explanations),
        )

    async def _think(self, decide: Callable[[], T]) -> T:
        def locked() -> T:
            with _THINKING:
                return decide()

        return await asyncio.to_thread(locked)

    async def advance(self) -> None:
        """Send what the seat owes now: its call or card, or the "ready for" line."""
        while self.board is not None and self.hand is not None:
            me = self.me
            auction = Auction(self.board.dealer, self.calls)
            if not auction.is_complete:
                turn = auction.turn
                if turn != me:
                    await self._ask(("call", len(self.calls)), ReadyForCall(me, turn))
                    return
                view = self.view()
                call, alert, text = await self._think(partial(self._call, view))
                if auction.why_illegal(call) is not None:
                    # sent all the same (the manager judges), and kept out of the auction
                    self._doubtful = call
                    await self._send(CallMessage(me, call, alert, text if alert else None))
                    return
                self.calls.append(call)
                self.explanations.append(text if alert else None)
                await self._send(CallMessage(me, call, alert, text if alert else None))
                continue
            contract = auction.contract
            if contract is None or contract.declarer is None or len(self.played) == 52:
                return  # passed out, or played out: the Timing line comes next
            dummy = contract.declarer.partner
            if self.played and self.dummy_hand is None and me != dummy:
                await self._ask("dummy", ReadyForDummy(me))
                return
            turn = self._turn(contract)
            actor = contract.declarer if turn == dummy else turn
            trick = len(self.played) // 4 + 1
            if actor != me:
                whose = None if turn == dummy else turn
                await self._ask(("card", len(self.played)), ReadyForCard(me, whose, trick))
                return
            if len(self.played) % 4 == 0 and self.lead_allowed != trick:
                return  # a lead waits for "<Seat> to lead"
            view = self.view()
            card = await self._think(partial(self._card, view))
            if card not in view.legal_cards():
                self._doubtful = card
                await self._send(CardMessage(turn, card))
                return
            self.played.append((turn, card))
            await self._send(CardMessage(turn, card))

    async def _ask(self, key: object, message: Message) -> None:
        if self._asked != key:
            self._asked = key
            await self._send(message)

    def _call(self, view: SeatView) -> tuple[Call, bool, str | None]:
        auction = view.auction()
        call = self.robot.call(view)
        if call in self._refused or auction.why_illegal(call) is not None:
            call = next((c for c in (PASS, *auction.legal_calls()) if c not in self._refused), PASS)
        alerted = alerts(self.robot, view, call)
        text = self.robot.explain(view, call) if alerted else None
        return call, alerted, text

    def _card(self, view: SeatView) -> Card:
        card = self.robot.card(view)
        legal = view.legal_cards()
        if card in self._refused or card not in legal:
            card = next((c for c in legal if c not in self._refused), legal[0])
        return card


async def play_seat(
    host: str,
    port: int,
    robot: Robot,
    seat: Seat | None,
    team: str = "contractbridge",
    *,
    transcript: Transcript | None = None,
) -> int:
    """Connect ``robot`` to the manager at ``host:port`` and play until the session ends."""
    return await BlueChipClient(robot, seat, team, transcript=transcript).run(host, port)


__all__ = ["BlueChipClient", "ClientError", "play_seat"]
