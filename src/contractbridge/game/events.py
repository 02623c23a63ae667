"""The events of a table: everything that happens, as small frozen records.

A table's history is an append-only list of events numbered by ``version`` (1, 2, 3, ...).
The state is rebuilt from it (:func:`contractbridge.game.state.replay`). Each event has a
stable JSON form (:meth:`Event.to_dict` / :func:`event_from_dict`), and
:meth:`Event.for_seat` gives the copy one seat may receive: the deal event shows only that
seat's hand, an alert is not shown to the caller's partner.

>>> e = CallMade(version=3, seat=Seat.N, call=Call.parse("1NT"), explanation="15-17 HCP")
>>> e.to_dict()
{'type': 'call', 'version': 3, 'seat': 'N', 'call': '1NT', 'alert': False, \
'explanation': '15-17 HCP'}
>>> event_from_dict(e.to_dict()) == e
True
>>> e.for_seat(Seat.S).explanation is None
True
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.hand import Hand
from contractbridge.core.seat import SEATS, Seat, Vulnerability
from contractbridge.game.errors import EventLogError

FORMS = ("rubber", "chicago", "duplicate")


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened at the table; ``version`` is its place in the log (from 1)."""

    kind: ClassVar[str] = "event"

    version: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"type": ..., "version": ..., fields...}``."""
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The event of a JSON form (``Event.from_dict`` reads any type; a subclass only its
        own). Fields it does not know are ignored, so older readers accept newer logs."""
        event = event_from_dict(data)
        if not isinstance(event, cls):
            raise EventLogError(f"a {data.get('type')!r} event is not a {cls.kind!r} event")
        return event

    def for_seat(self, seat: Seat | None) -> Event:
        """The copy ``seat`` may receive (None: a spectator who sees no hidden hand)."""
        return self

    def reveals(self) -> dict[Seat, Hand]:
        """The hands (or parts of hands) this event shows, by the seat that holds them."""
        return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened(Event):
    """The first event: the form of scoring, the seed of the deals and who sits where."""

    kind: ClassVar[str] = "table_opened"

    form: str
    seed: int
    boards: int | None = None  # duplicate: the boards; Chicago: the deals (None: four)
    first_board: int = 1
    duplicate_style: bool = False
    names: tuple[str, ...] = ("North", "East", "South", "West")
    # Chicago: the dealer's opponents vulnerable on deals 2 and 3; Russian Chicago
    dealers_opponents_vulnerable: bool = False
    russian: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class DealDealt(Event):
    """A new deal: its number in the series, the board (duplicate), dealer, vulnerability.

    ``hands`` are in seat order N, E, S, W; in a seat's copy the other hands are None.
    """

    kind: ClassVar[str] = "deal_dealt"

    number: int
    board: int | None
    dealer: Seat
    vulnerability: Vulnerability
    hands: tuple[Hand | None, ...]

    def for_seat(self, seat: Seat | None) -> Event:
        hands = tuple(h if s == seat else None for s, h in zip(SEATS, self.hands, strict=True))
        return dataclasses.replace(self, hands=hands)

    def reveals(self) -> dict[Seat, Hand]:
        return {s: h for s, h in zip(SEATS, self.hands, strict=True) if h is not None}

    def deal(self) -> Deal:
        """The full deal (only from the table's own log, where every hand is present)."""
        if any(h is None for h in self.hands):
            raise EventLogError("this copy of the deal event does not show every hand")
        return Deal([h for h in self.hands if h is not None])


@dataclass(frozen=True, slots=True, kw_only=True)
class CallMade(Event):
    """A call; ``alert``/``explanation`` are shown to the opponents, not to partner; the
    words of its ``announcement`` ("15-17", "hearts") are heard by everyone."""

    kind: ClassVar[str] = "call"

    seat: Seat
    call: Call
    alert: bool = False
    explanation: str | None = None
    announcement: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out = Event.to_dict(self)
        if out.get("announcement") is None:  # an unannounced call keeps its older JSON form
            del out["announcement"]
        return out

    def for_seat(self, seat: Seat | None) -> Event:
        return _explanation_for(self, seat)


@dataclass(frozen=True, slots=True, kw_only=True)
class CallExplained(Event):
    """``seat`` explains its own call number ``index`` (from 0) afresh: the new ``alert`` and
    ``explanation`` replace the call's (None: withdrawn). Shown as the call's explanation is:
    to everyone but the caller's partner, whose copy carries neither."""

    kind: ClassVar[str] = "call_explained"

    seat: Seat
    index: int
    alert: bool = False
    explanation: str | None = None

    def for_seat(self, seat: Seat | None) -> Event:
        return _explanation_for(self, seat)


def _explanation_for(event: CallMade | CallExplained, seat: Seat | None) -> Event:
    """A call's alert and explanation go to everyone but the caller's partner (as behind
    screens): partner's copy carries neither."""
    if seat is not None and seat == event.seat.partner and (event.alert or event.explanation):
        return dataclasses.replace(event, alert=False, explanation=None)
    return event


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(Event):
    """A card from ``seat``'s hand, played by ``by`` (declarer plays dummy's cards)."""

    kind: ClassVar[str] = "card"

    seat: Seat
    card: Card
    by: Seat

    def reveals(self) -> dict[Seat, Hand]:
        return {self.seat: Hand.from_mask(1 << self.card)}


@dataclass(frozen=True, slots=True, kw_only=True)
class DummyFaced(Event):
    """Dummy's hand, faced on the table after the opening lead (Law 41D)."""

    kind: ClassVar[str] = "dummy_faced"

    seat: Seat
    hand: Hand

    def reveals(self) -> dict[Seat, Hand]:
        return {self.seat: self.hand}


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimMade(Event):
    """``seat`` (declarer or a defender, Law 68) claims ``tricks`` of the ``remaining``
    tricks for its side; the opponents must answer."""

    kind: ClassVar[str] = "claim"

    seat: Seat
    tricks: int
    remaining: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimAccepted(Event):
    """An opponent of the claimer agrees to the claim; once all who answer have, the play
    ends with it."""

    kind: ClassVar[str] = "claim_accepted"

    seat: Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimRejected(Event):
    """An opponent of the claimer disputes the claim; it is withdrawn and the play goes on."""

    kind: ClassVar[str] = "claim_rejected"

    seat: Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimWithdrawn(Event):
    """The claimer takes its claim back before the opponents have all agreed; play goes on."""

    kind: ClassVar[str] = "claim_withdrawn"

    seat: Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class Conceded(Event):
    """``seat``'s side gives ``tricks`` of the remaining tricks to the other side; play ends
    — at once for declarer; a defender's concession waits for partner, who may object
    (Law 68B2) when ``asks`` (logs written before that rule was kept have it false)."""

    kind: ClassVar[str] = "conceded"

    seat: Seat
    tricks: int
    asks: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ConcessionAnswered(Event):
    """The conceding defender's partner agrees to the concession (the play ends with it) or
    objects, and then no concession has occurred (Law 68B2): play goes on."""

    kind: ClassVar[str] = "concession_answered"

    seat: Seat
    agreed: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Undone(Event):
    """``seat`` took back its action at version ``back_to`` and every action after it."""

    kind: ClassVar[str] = "undone"

    seat: Seat
    back_to: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DealScored(Event):
    """The end of a deal: the result, the points it gave each side and the whole deal."""

    kind: ClassVar[str] = "deal_scored"

    number: int
    contract: Contract | None
    declarer_tricks: int
    ns_points: int
    ew_points: int
    deal: Deal

    def reveals(self) -> dict[Seat, Hand]:
        return {s: self.deal[s] for s in SEATS}


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesStopped(Event):
    """``seat`` stopped the series before its end (the players leave the table).

    The deal in progress, if any, is not scored; a rubber is closed as an unfinished rubber
    (:meth:`RubberScoresheet.finish`). A :class:`SeriesEnded` with the final totals follows.
    """

    kind: ClassVar[str] = "series_stopped"

    seat: Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesEnded(Event):
    """The rubber, the Chicago or the set of boards is over."""

    kind: ClassVar[str] = "series_ended"

    ns_total: int
    ew_total: int


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        TableOpened,
        DealDealt,
        CallMade,
        CallExplained,
        CardPlayed,
        DummyFaced,
        ClaimMade,
        ClaimAccepted,
        ClaimRejected,
        ClaimWithdrawn,
        Conceded,
        ConcessionAnswered,
        Undone,
        DealScored,
        SeriesStopped,
        SeriesEnded,
    )
}


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event of a JSON form made by :meth:`Event.to_dict`.

    Raises :class:`EventLogError` for an unknown type, a missing field or a bad value.
    """
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventLogError(f"{kind!r} is not a kind of table event")
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is dataclasses.MISSING:
                raise EventLogError(f"a {kind} event needs a {f.name!r} field")
            continue
        try:
            values[f.name] = _decode(hints[f.name], data[f.name])
        except (BridgeError, TypeError, ValueError) as error:
            raise EventLogError(f"bad {f.name!r} in a {kind} event: {error}") from None
    return cls(**values)


# -- the JSON codec, driven by the field types ------------------------------------------------

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


def _encode(value: object) -> Any:
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, Card | Call | Contract):
        return str(value)
    if isinstance(value, Seat):
        return value.name
    if isinstance(value, Vulnerability):
        return str(value)
    if isinstance(value, Hand | Deal):
        return value.to_pbn()
    if isinstance(value, int):
        return value
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    raise TypeError(f"cannot encode {value!r}")


def _strict(tp: type) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
            raise TypeError(f"{value!r} is not a {tp.__name__}")
        return value

    return check


_DECODERS: dict[Any, Callable[[Any], Any]] = {
    Seat: lambda v: Seat.parse(v),
    Vulnerability: lambda v: Vulnerability.parse(v),
    Call: lambda v: Call.parse(v),
    Card: lambda v: Card.parse(v),
    Contract: lambda v: Contract.parse(v),
    Hand: lambda v: Hand.from_pbn(v),
    Deal: lambda v: Deal.from_pbn(v),
    int: _strict(int),
    str: _strict(str),
    bool: _strict(bool),
}


def _decode(tp: Any, value: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin is types.UnionType or origin is typing.Union:
        if value is None:
            return None
        (inner,) = (a for a in typing.get_args(tp) if a is not type(None))
        return _decode(inner, value)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise TypeError(f"{value!r} is not a list")
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in value)
        return tuple(_decode(a, v) for a, v in zip(args, value, strict=True))
    if value is None:
        raise TypeError("a value is needed")
    return _DECODERS[tp](value)
