"""The Blue Chip Bridge table-manager protocol (version 18): every message, parsed and written.

Pure functions and small value types, no I/O. :func:`parse` reads one line from either side
(case-insensitive, tolerant of a missing or extra period, of ``Teams :`` or ``Teams:``, of
``Alert.``/``Infos.`` suffixes); :func:`format_message` writes one line the way the
protocol text writes it (proper case, single spaces, ``" : "`` after cards and teams).

>>> message = parse("North bids 1NT Alert. 15 to 17 total points.")
>>> message.call, message.alert, message.explanation
(Call.parse('1NT'), True, '15 to 17 total points')
>>> format_message(CardMessage(Seat.S, Card.parse("ST")))
'South plays TS'
>>> parse("West's cards : S A K 7. H -. D Q J 3 2. C K J T 6 5 4.").hand.to_pbn()
'AK7..QJ32.KJT654'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.errors import BridgeError, ParseError
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat, Vulnerability

__all__ = [
    "VERSION",
    "BoardMessage",
    "CallMessage",
    "CardMessage",
    "CardsMessage",
    "Connect",
    "DummyCards",
    "EndOfSession",
    "ErrorMessage",
    "Illegal",
    "Message",
    "ProtocolError",
    "ReadyForCall",
    "ReadyForCard",
    "ReadyForCards",
    "ReadyForDeal",
    "ReadyForDummy",
    "ReadyForTeams",
    "ReadyToStart",
    "Seated",
    "StartOfBoard",
    "Teams",
    "Timing",
    "ToLead",
    "format_message",
    "hand_text",
    "parse",
    "parse_hand",
]

#: the protocol version this module speaks
VERSION = 18

SEAT_NAMES = ("North", "East", "South", "West")
_VUL_NAMES = {
    Vulnerability.NONE: "Neither",
    Vulnerability.NS: "N/S",
    Vulnerability.EW: "E/W",
    Vulnerability.ALL: "Both",
}
_VUL_PARSE = {"neither": Vulnerability.NONE, "none": Vulnerability.NONE, "n/s": Vulnerability.NS,
              "ns": Vulnerability.NS, "e/w": Vulnerability.EW, "ew": Vulnerability.EW,
              "both": Vulnerability.ALL, "all": Vulnerability.ALL}  # fmt: skip


class ProtocolError(BridgeError):
    """A line that is not a message of the protocol, or not the one expected; says which."""


def seat_name(seat: Seat) -> str:
    return SEAT_NAMES[seat]


def _seat(text: str) -> Seat:
    key = text.strip().lower()
    for seat, name in zip(Seat, SEAT_NAMES, strict=True):
        if key == name.lower():
            return seat
    raise ProtocolError(f"{text!r} is not a seat (North, East, South or West)")


# -- the messages ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Connect:
    """``Connecting "team" as North using protocol version 18`` (``seat`` None: ``ANYPL``,
    the manager chooses); ``extra``: anything after the version (ben's ``--sendinfo``)."""

    team: str
    seat: Seat | None
    version: int = VERSION
    extra: str = ""


@dataclass(frozen=True, slots=True)
class Seated:
    """``North ("team") seated``."""

    seat: Seat
    team: str


@dataclass(frozen=True, slots=True)
class ReadyForTeams:
    seat: Seat


@dataclass(frozen=True, slots=True)
class Teams:
    """``Teams : N/S : "ns" E/W : "ew"`` (``scoring``: Bridge Moniteur's ``Playing IMP``)."""

    ns: str
    ew: str
    scoring: str | None = None


@dataclass(frozen=True, slots=True)
class ReadyToStart:
    seat: Seat


@dataclass(frozen=True, slots=True)
class StartOfBoard:
    pass


@dataclass(frozen=True, slots=True)
class ReadyForDeal:
    seat: Seat


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """``Board number 3. Dealer South. E/W vulnerable.``"""

    number: int
    dealer: Seat
    vulnerability: Vulnerability


@dataclass(frozen=True, slots=True)
class ReadyForCards:
    seat: Seat


@dataclass(frozen=True, slots=True)
class CardsMessage:
    """``South's cards : S A K 7. H Q 9 8 3. D -. C K J T 6 5 4.``"""

    seat: Seat
    hand: Hand


@dataclass(frozen=True, slots=True)
class CallMessage:
    """``North bids 1NT``, ``East passes``, ``South doubles``, ``West redoubles``, with an
    optional ``Alert. <explanation>.`` (``alert`` True) or ``Infos. <explanation>.``."""

    seat: Seat
    call: Call
    alert: bool = False
    explanation: str | None = None


@dataclass(frozen=True, slots=True)
class ReadyForCall:
    """``East ready for North's bid``."""

    seat: Seat
    bidder: Seat


@dataclass(frozen=True, slots=True)
class ToLead:
    """``West to lead``, or ``Dummy to lead`` (``seat`` None), sent to whoever plays it."""

    seat: Seat | None


@dataclass(frozen=True, slots=True)
class ReadyForCard:
    """``North ready for East's card to trick 3`` (``player`` None: ``dummy's card``)."""

    seat: Seat
    player: Seat | None
    trick: int


@dataclass(frozen=True, slots=True)
class CardMessage:
    """``South plays TS`` (rank then suit); ``seat`` is dummy's when declarer plays from
    dummy; ``info``: ben's ``--sendcardinfo`` suffix."""

    seat: Seat
    card: Card
    info: str | None = None


@dataclass(frozen=True, slots=True)
class ReadyForDummy:
    seat: Seat


@dataclass(frozen=True, slots=True)
class DummyCards:
    """``Dummy's cards : S A Q T 8 2. H K 7. D K 5 2. C A 7 6.``"""

    hand: Hand


@dataclass(frozen=True, slots=True)
class Timing:
    """The end-of-board line, kept as text: ``Timing - N/S : this board [0:42], ...``."""

    text: str


@dataclass(frozen=True, slots=True)
class Illegal:
    """``Illegal bid`` or ``Illegal card`` (``what``), the manager's answer to a refused
    call or card."""

    what: str


@dataclass(frozen=True, slots=True)
class EndOfSession:
    pass


@dataclass(frozen=True, slots=True)
class ErrorMessage:
    """``Error Team name mismatch``: the manager refuses a connection, saying why."""

    text: str


Message = (
    Connect | Seated | ReadyForTeams | Teams | ReadyToStart | StartOfBoard | ReadyForDeal
    | BoardMessage | ReadyForCards | CardsMessage | CallMessage | ReadyForCall | ToLead
    | ReadyForCard | CardMessage | ReadyForDummy | DummyCards | Timing | Illegal
    | EndOfSession | ErrorMessage
)  # fmt: skip


# -- hands and cards ------------------------------------------------------------------
def hand_text(hand: Hand) -> str:
    """``S A K 7. H Q 9 8 3. D -. C K J T 6 5 4.``: spades first, a dash for a void.

    >>> hand_text(Hand.from_pbn("AK7.Q983..KJT654"))
    'S A K 7. H Q 9 8 3. D -. C K J T 6 5 4.'
    """
    parts = []
    for letter, holding in zip("SHDC", hand.to_pbn().split("."), strict=True):
        parts.append(f"{letter} {' '.join(holding) if holding else '-'}.")
    return " ".join(parts)


_SUIT_GROUP = re.compile(r"([SHDC])\s*((?:(?:10|[AKQJT98765432])\s*)*|-)\s*(?:\.|$)", re.I)


def parse_hand(text: str) -> Hand:
    """A hand as :func:`hand_text` writes it; also ``S AK7. H -.``, ``10`` for the ten,
    suits in any order, without periods between them (Meadowlark's ``". "`` too)."""
    body = text.strip().rstrip(".")
    holdings = {"S": "", "H": "", "D": "", "C": ""}
    seen = 0
    for match in _SUIT_GROUP.finditer(body + "."):
        letter = match.group(1).upper()
        ranks = match.group(2).upper().replace("10", "T").replace(" ", "").replace("-", "")
        holdings[letter] = ranks
        seen += 1
    if seen != 4:
        raise ProtocolError(f"{text!r} is not a hand (write S A K 7. H -. D Q 3. C ...)")
    try:
        hand = Hand.from_pbn(".".join(holdings[s] for s in "SHDC"))
    except ParseError as error:
        raise ProtocolError(f"{text!r} is not a hand: {error}") from None
    return hand


def card_text(card: Card) -> str:
    """Rank then suit, as the protocol writes a card: ``TS``, ``7C``."""
    text = str(card)
    return text[1] + text[0]


# -- reading --------------------------------------------------------------------------
_SEAT = r"(north|east|south|west)"
_NAME = r'"([^"]*)"'
_CARD = r"(?:10|[2-9tjqka])[shdc]|[shdc](?:10|[2-9tjqka])"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"connecting {_NAME} as {_SEAT}|connecting {_NAME} as (anypl)", re.I), "connect"),
    (re.compile(rf"{_SEAT} \({_NAME}\) seated", re.I), "seated"),
    (re.compile(rf"{_SEAT} ready for teams", re.I), "ready_teams"),
    (re.compile(r"teams\s*:", re.I), "teams"),
    (re.compile(rf"{_SEAT} ready to start", re.I), "ready_start"),
    (re.compile(r"start of board", re.I), "start"),
    (re.compile(rf"{_SEAT} ready for deal", re.I), "ready_deal"),
    (re.compile(r"board number (\d+)\s*\.?\s*dealer\s+" + _SEAT + r"\s*\.?\s*(\S+)\s+vulnerable",
                re.I), "board"),
    (re.compile(rf"{_SEAT} ready for cards", re.I), "ready_cards"),
    (re.compile(rf"{_SEAT}'s cards\s*:?(.*)", re.I), "cards"),
    (re.compile(rf"{_SEAT} ready for {_SEAT}'s bid", re.I), "ready_call"),
    (re.compile(rf"{_SEAT} ready for (?:{_SEAT}|(dummy))'s card to trick (\d+)", re.I),
     "ready_card"),
    (re.compile(rf"{_SEAT} ready for dummy\b", re.I), "ready_dummy"),
    (re.compile(rf"(?:{_SEAT}|(dummy)) to lead", re.I), "to_lead"),
    (re.compile(rf"{_SEAT} plays ({_CARD})\s*\.?\s*(.*)", re.I), "card"),
    (re.compile(rf"{_SEAT} (passes|doubles|redoubles|bids\s+[1-7]\s*(?:nt|n|[cdhs]))(.*)", re.I),
     "call"),
    (re.compile(r"dummy's cards\s*:?(.*)", re.I), "dummy"),
    (re.compile(r"timing\b.*", re.I), "timing"),
    (re.compile(r"illegal (bid|card)", re.I), "illegal"),
    (re.compile(r"end of session", re.I), "end"),
    (re.compile(r"error\b\s*:?\s*(.*)", re.I), "error"),
]  # fmt: skip
_TEAMS = re.compile(r'n/s\s*:?\s*"([^"]*)"[\s.,]*e/w\s*:?\s*"([^"]*)"(?:.*?playing\s+(\w+))?', re.I)
_VERSION = re.compile(r"using protocol version (\d+)\s*(.*)", re.I)
_SUFFIX = re.compile(r"^\s*\.?\s*(alert|infos)\s*\.\s*(.*?)\s*$", re.I)


def parse(line: str) -> Message:
    """The message a line carries (from either side); raises :class:`ProtocolError`."""
    text = " ".join(line.split())
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(text) if kind in _WHOLE else pattern.match(text)
        if match is None:
            continue
        if kind == "timing":
            return Timing(line.strip())  # kept as sent: it is for people to read
        return _build(kind, match.groups(), text)
    raise ProtocolError(f"{line.strip()!r} is not a message of the table-manager protocol")


_WHOLE = {"ready_teams", "ready_start", "start", "ready_deal", "ready_cards", "ready_dummy",
          "end", "seated", "ready_call", "ready_card", "to_lead"}  # fmt: skip


def _build(kind: str, g: tuple[str | None, ...], text: str) -> Message:
    if kind == "connect":
        team = g[0] if g[0] is not None else g[2]
        seat = _seat(g[1]) if g[1] is not None else None
        version = _VERSION.search(text)
        if version is None:
            raise ProtocolError(f"{text!r} does not say which protocol version it uses")
        return Connect(team or "", seat, int(version.group(1)), version.group(2).strip())
    if kind == "seated":
        return Seated(_seat(g[0] or ""), g[1] or "")
    if kind == "ready_teams":
        return ReadyForTeams(_seat(g[0] or ""))
    if kind == "teams":
        names = _TEAMS.search(text)
        if names is None:
            raise ProtocolError(f"{text!r} does not name the N/S and E/W teams")
        scoring = names.group(3).upper() if names.group(3) else None
        return Teams(names.group(1), names.group(2), scoring)
    if kind == "ready_start":
        return ReadyToStart(_seat(g[0] or ""))
    if kind == "start":
        return StartOfBoard()
    if kind == "ready_deal":
        return ReadyForDeal(_seat(g[0] or ""))
    if kind == "board":
        vul = _VUL_PARSE.get((g[2] or "").rstrip(".").lower())
        if vul is None:
            raise ProtocolError(f"{g[2]!r} is not a vulnerability (Neither, N/S, E/W or Both)")
        return BoardMessage(int(g[0] or 0), _seat(g[1] or ""), vul)
    if kind == "ready_cards":
        return ReadyForCards(_seat(g[0] or ""))
    if kind == "cards":
        return CardsMessage(_seat(g[0] or ""), parse_hand(g[1] or ""))
    if kind == "ready_call":
        return ReadyForCall(_seat(g[0] or ""), _seat(g[1] or ""))
    if kind == "ready_card":
        player = _seat(g[1]) if g[1] is not None else None
        return ReadyForCard(_seat(g[0] or ""), player, int(g[3] or 0))
    if kind == "ready_dummy":
        return ReadyForDummy(_seat(g[0] or ""))
    if kind == "to_lead":
        return ToLead(_seat(g[0]) if g[0] is not None else None)
    if kind == "card":
        try:
            card = Card.parse(g[1] or "")
        except ParseError:
            raise ProtocolError(f"{g[1]!r} is not a card (rank then suit: AS, TC, 7H)") from None
        info = (g[2] or "").strip().strip(".").strip() or None
        return CardMessage(_seat(g[0] or ""), card, info)
    if kind == "call":
        return _call(_seat(g[0] or ""), g[1] or "", g[2] or "")
    if kind == "dummy":
        return DummyCards(parse_hand(g[0] or ""))
    if kind == "illegal":
        return Illegal((g[0] or "").lower())
    if kind == "end":
        return EndOfSession()
    return ErrorMessage((g[0] or "").strip())


def _call(seat: Seat, verb: str, rest: str) -> CallMessage:
    word = verb.split()[0].lower()
    if word == "bids":
        bid = "".join(verb.split()[1:]).rstrip(".")
        try:
            call = Call.parse(bid)
        except ParseError:
            raise ProtocolError(f"{bid!r} is not a bid (1C to 7NT)") from None
        if not call.is_bid:
            raise ProtocolError(f"{bid!r} is not a bid (1C to 7NT)")
    else:
        call = Call.parse({"passes": "P", "doubles": "X", "redoubles": "XX"}[word])
    rest = rest.strip()
    if rest in ("", "."):
        return CallMessage(seat, call)
    suffix = _SUFFIX.match(rest)
    if suffix is None:
        raise ProtocolError(f"{rest!r} after a call is neither 'Alert. ...' nor 'Infos. ...'")
    explanation = suffix.group(2).rstrip(".").strip() or None
    return CallMessage(seat, call, suffix.group(1).lower() == "alert", explanation)


# -- writing --------------------------------------------------------------------------
def _ascii(text: str) -> str:
    """The protocol is plain ASCII, one line: suit symbols become letters, the rest goes."""
    for symbol, letter in zip("♠♥♦♣", "SHDC", strict=True):
        text = text.replace(symbol, letter)
    text = " ".join(text.replace('"', "'").split())
    return text.encode("ascii", "ignore").decode("ascii")


def call_text(call: Call) -> str:
    if call.is_pass:
        return "passes"
    if call.is_double:
        return "doubles"
    if call.is_redouble:
        return "redoubles"
    return f"bids {call}"


def format_message(message: Message, *, upper: bool = False) -> str:
    """The line for ``message``, without the CR LF the transport adds. ``upper``: WBridge5's
    spelling, which OpenSpiel's manager side matches exactly (``WEST PASSES``, ``NORTH
    bids 1C``, ``EAST plays tc``, ``Dummy's card``).

    >>> format_message(CardMessage(Seat.E, Card.parse("CT")), upper=True)
    'EAST plays tc'
    """
    m = message

    def seat_name(seat: Seat) -> str:
        return SEAT_NAMES[seat].upper() if upper else SEAT_NAMES[seat]

    if isinstance(m, Connect):
        where = seat_name(m.seat) if m.seat is not None else "ANYPL"
        extra = f" {m.extra}" if m.extra else ""
        return f'Connecting "{_ascii(m.team)}" as {where} using protocol version {m.version}{extra}'
    if isinstance(m, Seated):
        return f'{seat_name(m.seat)} ("{_ascii(m.team)}") seated'
    if isinstance(m, ReadyForTeams):
        return f"{seat_name(m.seat)} ready for teams"
    if isinstance(m, Teams):
        # No period after the N/S name: ben's client reads `N/S : "x" E/W : "y"` only.
        text = f'Teams : N/S : "{_ascii(m.ns)}" E/W : "{_ascii(m.ew)}"'
        return f"{text}. Playing {m.scoring}" if m.scoring else text
    if isinstance(m, ReadyToStart):
        return f"{seat_name(m.seat)} ready to start"
    if isinstance(m, StartOfBoard):
        return "Start of board"
    if isinstance(m, ReadyForDeal):
        return f"{seat_name(m.seat)} ready for deal"
    if isinstance(m, BoardMessage):
        return (
            f"Board number {m.number}. Dealer {seat_name(m.dealer)}. "
            f"{_VUL_NAMES[m.vulnerability]} vulnerable."
        )
    if isinstance(m, ReadyForCards):
        return f"{seat_name(m.seat)} ready for cards"
    if isinstance(m, CardsMessage):
        return f"{seat_name(m.seat)}'s cards : {hand_text(m.hand)}"
    if isinstance(m, CallMessage):
        words = call_text(m.call)
        text = f"{seat_name(m.seat)} {words.upper() if upper and not m.call.is_bid else words}"
        if m.alert:
            return f"{text} Alert. {_ascii(m.explanation or '')}".rstrip(". ") + "."
        if m.explanation:
            return f"{text} Infos. {_ascii(m.explanation)}".rstrip(". ") + "."
        return text
    if isinstance(m, ReadyForCall):
        return f"{seat_name(m.seat)} ready for {seat_name(m.bidder)}'s bid"
    if isinstance(m, ToLead):
        return f"{seat_name(m.seat) if m.seat is not None else 'Dummy'} to lead"
    if isinstance(m, ReadyForCard):
        whose = seat_name(m.player) if m.player is not None else "Dummy" if upper else "dummy"
        return f"{seat_name(m.seat)} ready for {whose}'s card to trick {m.trick}"
    if isinstance(m, CardMessage):
        card = card_text(m.card)
        text = f"{seat_name(m.seat)} plays {card.lower() if upper else card}"
        return f"{text}. {_ascii(m.info)}" if m.info else text
    if isinstance(m, ReadyForDummy):
        return f"{seat_name(m.seat)} ready for dummy"
    if isinstance(m, DummyCards):
        return f"Dummy's cards : {hand_text(m.hand)}"
    if isinstance(m, Timing):
        return m.text
    if isinstance(m, Illegal):
        return f"Illegal {m.what}"
    if isinstance(m, EndOfSession):
        return "End of session"
    return f"Error {_ascii(m.text)}"


def timing_text(ns_board: float, ns_total: float, ew_board: float, ew_total: float) -> str:
    """The end-of-board Timing line, seconds each side spent on this board and in all.

    >>> timing_text(75, 683, 78, 623)
    'Timing - N/S : this board  [01:15],  total  [0:11:23].  E/W : this board  [01:18], ...'
    """

    def short(seconds: float) -> str:
        s = int(seconds)
        return f"{s // 60:02d}:{s % 60:02d}"

    def long(seconds: float) -> str:
        s = int(seconds)
        return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"

    return (
        f"Timing - N/S : this board  [{short(ns_board)}],  total  [{long(ns_total)}].  "
        f"E/W : this board  [{short(ew_board)}],  total  [{long(ew_total)}]."
    )
