"""A day's sets of deals: what each set is, the operator's plan, and dealing them.

A *set* is what a player enters: its fixed deals (board numbers give dealer and
vulnerability, Law 2), how they are scored against the field, whether the player plays the
whole deal (South with three robots) or only declares it (the robots bid), the window in
which it may be played, and what a deal not finished by the close is worth.

The server deals each day's sets from the operator's secret and the date: every process
deals the same boards, and nobody without the secret can predict them.

>>> plan = DailyPlan.default()
>>> sets = deal_day(plan, "an operator's secret, kept safe", date(2026, 11, 29))
>>> [(s.id, s.scoring.value, s.kind.value, len(s.deals)) for s in sets]
[('2026-11-29-1', 'MP', 'full', 8), ('2026-11-29-2', 'IMP-BUTLER', 'full', 8), \
('2026-11-29-3', 'MP', 'declarer', 8)]
>>> sets[0].deals[0].board, sets[0].deals[0].dealer.name, str(sets[0].deals[2].vulnerability)
(1, 'N', 'EW')
>>> DailySet.from_json(sets[0].to_json()) == sets[0]
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from enum import Enum
from typing import Any, TypeVar

from contractbridge.core.deal import Board, Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat, Vulnerability
from contractbridge.tournament.daily.errors import (
    AlreadyRecordedError,
    DailyError,
    OutOfOrderError,
    SetClosedError,
)

E = TypeVar("E", bound=Enum)

#: the fewest characters an operator's secret may have (anything shorter can be guessed)
SECRET_LENGTH = 16


class Scoring(Enum):
    """How a deal's results are compared: matchpoints (Law 78A), IMPs against a Butler
    datum, or cross-IMPs (Law 78B); the names are the pairs events' own."""

    MATCHPOINTS = "MP"
    BUTLER = "IMP-BUTLER"
    CROSS_IMPS = "CROSS-IMP"

    @property
    def is_imps(self) -> bool:
        return self is not Scoring.MATCHPOINTS

    @property
    def unit(self) -> str:
        return "IMPs" if self.is_imps else "%"


class Kind(Enum):
    """What the player does on each deal: everything from South, or only declare."""

    FULL = "full"  # South, with three robots
    DECLARER = "declarer"  # the robots bid; the player declares every deal

    @property
    def text(self) -> str:
        if self is Kind.FULL:
            return "You play every deal as South, with three robots."
        return "The robots bid; you are declarer on every deal."


class Unplayed(Enum):
    """What a deal a player did not finish by the close is worth in the final ranking."""

    AVERAGE_MINUS = "average-minus"  # 40 % at matchpoints, -3 IMPs at IMPs (Law 12C2)
    NOT_COUNTED = "not-counted"  # left out: the player's average is over the deals played

    def points(self, scoring: Scoring) -> float | None:
        """The deal's score for the player (None: not counted)."""
        if self is Unplayed.NOT_COUNTED:
            return None
        return -3.0 if scoring.is_imps else 40.0

    def text(self, scoring: Scoring) -> str:
        """The rule as the page says it.

        >>> Unplayed.AVERAGE_MINUS.text(Scoring.BUTLER)
        'A deal not finished by the close scores -3 IMPs (average minus).'
        """
        if self is Unplayed.NOT_COUNTED:
            return (
                "A deal not finished by the close is not counted: "
                "your score is the average of the deals you finished."
            )
        worth = "-3 IMPs" if scoring.is_imps else "40%"
        return f"A deal not finished by the close scores {worth} (average minus)."


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """One deal of a set: its board number (dealer and vulnerability, Law 2) and the cards."""

    board: int
    deal: Deal

    @property
    def dealer(self) -> Seat:
        return Board(self.board).dealer

    @property
    def vulnerability(self) -> Vulnerability:
        return Board(self.board).vulnerability


@dataclass(frozen=True, slots=True)
class DailySet:
    """A set of deals everyone who enters plays, within its window ``[opens, closes)``."""

    id: str
    name: str
    day: date
    scoring: Scoring
    kind: Kind
    deals: tuple[DailyDeal, ...]
    opens: datetime
    closes: datetime
    unplayed: Unplayed = Unplayed.AVERAGE_MINUS

    def __post_init__(self) -> None:
        if not self.deals:
            raise DailyError(f"the set {self.name!r} has no deals")
        boards = [d.board for d in self.deals]
        if len(set(boards)) != len(boards):
            raise DailyError(f"the set {self.name!r} has a board number twice")
        if self.opens.tzinfo is None or self.closes.tzinfo is None:
            raise DailyError("a set's window needs times with a time zone (UTC)")
        if self.closes <= self.opens:
            raise DailyError(f"the set {self.name!r} closes before it opens")

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(d.board for d in self.deals)

    def deal(self, board: int) -> DailyDeal:
        for d in self.deals:
            if d.board == board:
                return d
        raise DailyError(f"board {board} is not in the set {self.name!r}")

    def is_open(self, now: datetime) -> bool:
        return self.opens <= now < self.closes

    def is_closed(self, now: datetime) -> bool:
        return now >= self.closes

    def check_open(self, now: datetime) -> None:
        """Refuse play outside the window (:class:`SetClosedError`, saying when)."""
        if now < self.opens:
            raise SetClosedError(f"{self.name!r} opens at {self.opens:%H:%M} UTC")
        if self.is_closed(now):
            raise SetClosedError(f"{self.name!r} closed at {self.closes:%Y-%m-%d %H:%M} UTC")

    @property
    def rule_text(self) -> str:
        """The rule for unfinished deals, for the page."""
        return self.unplayed.text(self.scoring)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "day": self.day.isoformat(),
            "scoring": self.scoring.value,
            "kind": self.kind.value,
            "deals": [{"board": d.board, "deal": d.deal.to_pbn()} for d in self.deals],
            "opens": self.opens.isoformat(),
            "closes": self.closes.isoformat(),
            "unplayed": self.unplayed.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DailySet:
        try:
            return cls(
                id=str(data["id"]),
                name=str(data["name"]),
                day=date.fromisoformat(data["day"]),
                scoring=Scoring(data["scoring"]),
                kind=Kind(data["kind"]),
                deals=tuple(
                    DailyDeal(int(d["board"]), Deal.from_pbn(d["deal"])) for d in data["deals"]
                ),
                opens=datetime.fromisoformat(data["opens"]),
                closes=datetime.fromisoformat(data["closes"]),
                unplayed=Unplayed(data["unplayed"]),
            )
        except BridgeError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise DailyError(f"a stored set cannot be read: {error}") from None


@dataclass(frozen=True, slots=True)
class SetPlan:
    """One of the sets the operator wants each day."""

    name: str
    boards: int = 8
    scoring: Scoring = Scoring.MATCHPOINTS
    kind: Kind = Kind.FULL
    hours: float = 24.0
    unplayed: Unplayed = Unplayed.AVERAGE_MINUS

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise DailyError("every set of the day needs a name")
        if not 1 <= self.boards <= 36:
            raise DailyError(f"a set has 1 to 36 boards, not {self.boards}")
        if not 0 < self.hours <= 48:
            raise DailyError(
                f"a set is open for more than 0 and at most 48 hours, not {self.hours}"
            )


@dataclass(frozen=True, slots=True)
class DailyPlan:
    """The operator's plan: the sets dealt each day, and when (UTC) they open.

    >>> plan = DailyPlan.from_settings({"opens": "06:00", "sets": [
    ...     {"name": "Daily IMPs", "boards": 12, "scoring": "CROSS-IMP", "hours": 12}]})
    >>> plan.sets[0].boards, plan.sets[0].scoring, plan.opens
    (12, <Scoring.CROSS_IMPS: 'CROSS-IMP'>, datetime.time(6, 0))
    """

    sets: tuple[SetPlan, ...]
    opens: time = field(default_factory=lambda: time(0, 0))

    def __post_init__(self) -> None:
        if not self.sets:
            raise DailyError("the plan deals no set: give at least one")
        names = [s.name for s in self.sets]
        if len(set(names)) != len(names):
            raise DailyError("two sets of the day have the same name")

    @classmethod
    def default(cls) -> DailyPlan:
        """Three sets of 8 boards a day, open 24 hours: matchpoints, IMPs (Butler) and
        declarer-only matchpoints."""
        return cls(
            (
                SetPlan("Daily matchpoints"),
                SetPlan("Daily IMPs", scoring=Scoring.BUTLER),
                SetPlan("Declarer's daily", kind=Kind.DECLARER),
            )
        )

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> DailyPlan:
        """The plan from the operator's settings (a mapping read from a file or a form)."""
        try:
            sets = tuple(
                SetPlan(
                    name=str(s["name"]),
                    boards=int(s.get("boards", 8)),
                    scoring=_choice(Scoring, s.get("scoring", "MP"), "scoring"),
                    kind=_choice(Kind, s.get("kind", "full"), "kind"),
                    hours=float(s.get("hours", 24)),
                    unplayed=_choice(Unplayed, s.get("unplayed", "average-minus"), "unplayed"),
                )
                for s in settings.get("sets", ())
            )
            opens = time.fromisoformat(str(settings.get("opens", "00:00")))
        except KeyError as error:
            raise DailyError(f"every set of the day needs a {error.args[0]}") from None
        except (TypeError, ValueError) as error:
            if isinstance(error, BridgeError):
                raise
            raise DailyError(f"the plan of the day cannot be read: {error}") from None
        return cls(sets, opens)


def _choice(enum: type[E], value: object, what: str) -> E:
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(str(e.value) for e in enum)
        raise DailyError(f"{value!r} is not a {what} (use one of {allowed})") from None


def deal_for(secret: str | bytes, day: date, position: int, board: int) -> Deal:
    """The deal of ``board`` in the day's ``position``-th set: an HMAC of the date, set and
    board under the secret seeds the project's shuffle (:meth:`Deal.random`), so the same
    secret deals the same cards in every process, and another secret deals others."""
    key = _secret_bytes(secret)
    message = f"contractbridge/daily/{day.isoformat()}/{position}/{board}".encode()
    seed = int.from_bytes(hmac.new(key, message, hashlib.sha256).digest(), "big")
    return Deal.random(random.Random(seed))


def deal_day(plan: DailyPlan, secret: str | bytes, day: date) -> tuple[DailySet, ...]:
    """The day's sets as the plan asks, their deals dealt by :func:`deal_for`."""
    sets: list[DailySet] = []
    opens = datetime.combine(day, plan.opens, tzinfo=UTC)
    for position, wanted in enumerate(plan.sets, start=1):
        deals = tuple(
            DailyDeal(board, deal_for(secret, day, position, board))
            for board in range(1, wanted.boards + 1)
        )
        sets.append(
            DailySet(
                id=f"{day.isoformat()}-{position}",
                name=wanted.name,
                day=day,
                scoring=wanted.scoring,
                kind=wanted.kind,
                deals=deals,
                opens=opens,
                closes=opens + timedelta(hours=wanted.hours),
                unplayed=wanted.unplayed,
            )
        )
    return tuple(sets)


def _secret_bytes(secret: str | bytes) -> bytes:
    key = secret.encode() if isinstance(secret, str) else bytes(secret)
    if len(key) < SECRET_LENGTH:
        raise DailyError(
            f"the operator's secret for dealing needs at least {SECRET_LENGTH} characters"
        )
    return key


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a player is in a set: the boards finished; the deals are played in order.

    ``next_deal`` is for the table the player sits at, which shows each seat its own view
    only; it is not to be sent to a browser as it stands.
    """

    daily: DailySet
    player: str
    finished: tuple[int, ...]

    @property
    def next_deal(self) -> DailyDeal | None:
        """The first deal not finished (None when all are)."""
        for deal in self.daily.deals:
            if deal.board not in self.finished:
                return deal
        return None

    @property
    def is_complete(self) -> bool:
        return len(self.finished) == len(self.daily.deals)

    def check_next(self, board: int) -> None:
        """Refuse a result for ``board`` unless it is the player's next deal."""
        self.daily.deal(board)
        if board in self.finished:
            raise AlreadyRecordedError(f"board {board} is already scored for you")
        expected = self.next_deal
        if expected is not None and board != expected.board:
            raise OutOfOrderError(
                f"your next deal of {self.daily.name!r} is board {expected.board}, "
                f"not board {board}"
            )
