"""The auction (Laws 17-22): legal calls, its end, the contract and the declarer."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from contractbridge.core.call import (
    CALLS,
    DOUBLE,
    DOUBLE_INDEX,
    FIRST_BID_INDEX,
    PASS,
    PASS_INDEX,
    REDOUBLE,
    Call,
)
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.errors import AuctionNotCompleteError, IllegalCallError
from contractbridge.core.seat import SEATS, Seat


def _legal_table() -> tuple[tuple[tuple[Call, ...], ...], ...]:
    # [lowest legal bid index][0: no double/redouble, 1: double legal, 2: redouble legal]
    table = []
    for lowest in range(FIRST_BID_INDEX, 39):
        bids = CALLS[lowest:]
        table.append(((PASS, *bids), (PASS, DOUBLE, *bids), (PASS, REDOUBLE, *bids)))
    return tuple(table)


_LEGAL = _legal_table()


class Auction:
    """Calls in rotation from the dealer.

    >>> a = Auction(Seat.N)
    >>> for c in ["1H", "P", "2H", "X", "P", "P", "P"]:
    ...     a.add(c)
    >>> a.is_complete, str(a.contract)
    (True, '2HX N')
    >>> a = Auction(Seat.N, ["2C"]); a.add("1H")
    Traceback (most recent call last):
    ...
    contractbridge.core.errors.IllegalCallError: 1H does not outrank 2C
    """

    __slots__ = (
        "_calls",
        "_doubled",
        "_first_namer",
        "_last_bid",
        "_last_bidder",
        "_passes",
        "dealer",
    )

    dealer: Seat

    def __init__(self, dealer: Seat, calls: Iterable[Call | str] = ()) -> None:
        self.dealer = dealer
        self._calls: list[Call] = []
        self._last_bid = -1  # index of the last bid, -1 before the first
        self._last_bidder = -1
        self._doubled = 0  # 0, 1 (doubled), 2 (redoubled): the state of the last bid
        self._passes = 0  # consecutive passes at the end
        # first seat of each side to name each strain: [side * 5 + strain]
        self._first_namer = [-1] * 10
        for call in calls:
            self.add(call)

    # -- state ------------------------------------------------------------------------
    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(self._calls)

    def __len__(self) -> int:
        return len(self._calls)

    @property
    def turn(self) -> Seat:
        """The seat to call next."""
        return SEATS[(self.dealer + len(self._calls)) & 3]

    @property
    def is_complete(self) -> bool:
        """Ended by three passes after a call, or by four passes (Law 17E, 22)."""
        if self._last_bid < 0:
            return self._passes >= 4
        return self._passes >= 3

    @property
    def is_passed_out(self) -> bool:
        return self._last_bid < 0 and self._passes >= 4

    @property
    def last_bid(self) -> Call | None:
        return CALLS[self._last_bid] if self._last_bid >= 0 else None

    @property
    def last_bidder(self) -> Seat | None:
        return SEATS[self._last_bidder] if self._last_bid >= 0 else None

    @property
    def doubled(self) -> Doubled:
        """Whether the last bid stands doubled or redoubled now."""
        return Doubled(self._doubled)

    def seat_of(self, position: int) -> Seat:
        """The seat that made the call at ``position`` (0 = the dealer's first call)."""
        return SEATS[(self.dealer + position) & 3]

    # -- legality ---------------------------------------------------------------------
    def legal_calls(self) -> Sequence[Call]:
        """Every call the seat in turn may make now (empty when the auction is over)."""
        if self.is_complete:
            return ()
        option = 0
        if self._last_bid >= 0:
            turn_side = (self.dealer + len(self._calls)) & 1
            opponents_bid = (self._last_bidder & 1) != turn_side
            if self._doubled == 0 and opponents_bid:
                option = 1
            elif self._doubled == 1 and not opponents_bid:
                option = 2
        lowest = self._last_bid + 1 if self._last_bid >= 0 else FIRST_BID_INDEX
        return _LEGAL[lowest - FIRST_BID_INDEX][option]

    def why_illegal(self, call: Call) -> str | None:
        """The reason ``call`` may not be made now, or None if it may."""
        if self.is_complete:
            return "the auction is over"
        index = call.index
        if index == PASS_INDEX:
            return None
        turn_side = (self.dealer + len(self._calls)) & 1
        if index >= FIRST_BID_INDEX:
            if index <= self._last_bid:
                return f"{call} does not outrank {CALLS[self._last_bid]}"
            return None
        if self._last_bid < 0:
            return "there is no bid to double" if index == DOUBLE_INDEX else "nothing to redouble"
        last = CALLS[self._last_bid]
        ours = (self._last_bidder & 1) == turn_side
        if index == DOUBLE_INDEX:
            if ours:
                return "you cannot double your own side's bid"
            if self._doubled:
                return f"{last} is already {'doubled' if self._doubled == 1 else 'redoubled'}"
            return None
        if self._doubled == 0:
            return "nothing to redouble"
        if self._doubled == 2:
            return f"{last} is already redoubled"
        if not ours:
            return "you can only redouble the opponents' double of your side's bid"
        return None

    # -- changes ----------------------------------------------------------------------
    def add(self, call: Call | str) -> None:
        """Make the next call; raises :class:`IllegalCallError` saying why it is illegal."""
        if isinstance(call, str):
            call = Call.parse(call)
        index = call.index
        # The common cases first, without building a reason string.
        if index == PASS_INDEX:
            if self.is_complete:
                raise IllegalCallError("the auction is over")
            self._passes += 1
        elif index >= FIRST_BID_INDEX and index > self._last_bid and not self.is_complete:
            seat = (self.dealer + len(self._calls)) & 3
            self._last_bid = index
            self._last_bidder = seat
            self._doubled = 0
            self._passes = 0
            slot = (seat & 1) * 5 + (index - FIRST_BID_INDEX) % 5
            if self._first_namer[slot] < 0:
                self._first_namer[slot] = seat
        else:
            reason = self.why_illegal(call)
            if reason is not None:
                raise IllegalCallError(reason)
            self._doubled = 1 if index == DOUBLE_INDEX else 2
            self._passes = 0
        self._calls.append(call)

    def undo(self) -> Call:
        """Take back the last call and return it."""
        if not self._calls:
            raise IllegalCallError("there is no call to take back")
        calls = self._calls[:-1]
        last = self._calls[-1]
        self.__init__(self.dealer, calls)  # type: ignore[misc]
        return last

    def copy(self) -> Auction:
        clone = Auction.__new__(Auction)
        clone.dealer = self.dealer
        clone._calls = list(self._calls)
        clone._last_bid = self._last_bid
        clone._last_bidder = self._last_bidder
        clone._doubled = self._doubled
        clone._passes = self._passes
        clone._first_namer = list(self._first_namer)
        return clone

    # -- result -----------------------------------------------------------------------
    @property
    def declarer(self) -> Seat | None:
        """The first player of the winning side to name the final strain (Law 22)."""
        if self._last_bid < 0:
            return None
        strain = (self._last_bid - FIRST_BID_INDEX) % 5
        return SEATS[self._first_namer[(self._last_bidder & 1) * 5 + strain]]

    @property
    def contract(self) -> Contract | None:
        """The final contract, or None when passed out; an error before the auction ends."""
        if not self.is_complete:
            raise AuctionNotCompleteError("the auction is not over yet")
        if self._last_bid < 0:
            return None
        bid = CALLS[self._last_bid]
        assert bid.strain is not None
        return Contract(bid.level, bid.strain, Doubled(self._doubled), self.declarer)

    def __repr__(self) -> str:
        calls = " ".join(str(c) for c in self._calls)
        return f"Auction({self.dealer.name}: {calls})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Auction)
            and other.dealer == self.dealer
            and other._calls == self._calls
        )

    __hash__ = None  # type: ignore[assignment]
