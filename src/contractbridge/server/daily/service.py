"""The tournaments of the day over the database: dealing a day's sets once, players'
entries, results recorded exactly once, and the rankings and field views through the domain
(:mod:`contractbridge.tournament.daily`).

Several processes may share one database: the day's sets are dealt from the operator's
secret (the same cards in every process) and stored under a unique key, so whichever stores
them first is kept; a result is one row under a unique key, so a second submission is
refused wherever it comes from; each process keeps a :class:`Field` per set and reads only
the results stored since it last looked.

>>> from datetime import UTC, date, datetime
>>> from contractbridge.server.storage import Storage
>>> clock = lambda: datetime(2026, 11, 29, 9, tzinfo=UTC)
>>> service = DailyService(Storage("sqlite://"), "an operator's secret, kept safe", now=clock)
>>> [s.name for s in service.ensure_day(date(2026, 11, 29))]
['Daily matchpoints', 'Daily IMPs', "Declarer's daily"]
>>> progress = service.start("2026-11-29-1", "ann")
>>> progress.finished, progress.next_deal.board
((), 1)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, time, timedelta

from contractbridge.core.call import Call
from contractbridge.core.seat import Seat
from contractbridge.robots.base import Player
from contractbridge.server.daily.store import DailyStore
from contractbridge.server.storage import Storage
from contractbridge.server.tables.scored import result_of
from contractbridge.tournament.daily import (
    ROBOTS,
    AlreadyRecordedError,
    DailyError,
    DailyPlan,
    DailySet,
    DealResult,
    Field,
    FieldView,
    Kind,
    NotStartedError,
    Progress,
    Ranking,
    SetClosedError,
    check_player,
    deal_day,
    robots_result,
)


class NoSuchSetError(DailyError):
    """No set of the day has that id."""


#: how long before midnight (UTC) the next day's sets are dealt, so they are ready at 00:00
AHEAD = timedelta(hours=1)

#: a stored auction's call: the call, its alert, its explanation
StoredCall = tuple[str, bool, str | None]


class DailyService:
    """The tournaments of the day on ``storage``'s database, dealt by ``plan`` from
    ``secret``; ``now`` gives the time (UTC) -- tests pass their own clock."""

    def __init__(
        self,
        storage: Storage,
        secret: str | bytes,
        plan: DailyPlan | None = None,
        *,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.store = DailyStore(storage)
        self.plan = plan if plan is not None else DailyPlan.default()
        self._secret = secret
        self._now = now
        self._lock = threading.Lock()
        # per set: its field and the highest result id read into it
        self._fields: dict[str, tuple[Field, int]] = {}
        self._sets: dict[str, DailySet] = {}
        deal_day(self.plan, secret, date(2000, 1, 1))  # a bad secret or plan fails here

    def now(self) -> datetime:
        """The time now (UTC), by the service's clock."""
        return self._now()

    # -- the day's sets ---------------------------------------------------------------------
    def ensure_day(self, day: date) -> tuple[DailySet, ...]:
        """The day's sets, dealt and stored if they are not yet (by this process or another:
        the first stored copy stands, so every process serves the same deals)."""
        key = day.isoformat()
        if len(self.store.sets_of(key)) < len(self.plan.sets):
            created = self._now().timestamp()
            for position, dealt in enumerate(deal_day(self.plan, self._secret, day), start=1):
                self.store.add_set(dealt.id, key, position, dealt.to_json(), now=created)
        return self.sets_of(day)

    def ensure_ahead(self) -> tuple[DailySet, ...]:
        """Tomorrow's sets, dealt and stored once it is :data:`AHEAD` or less to midnight
        (UTC) by the service's clock; none before then. Nobody is shown them before their
        day (the day's listing is today's alone, and a set is played only in its window)."""
        now = self._now().astimezone(UTC)
        tomorrow = now.date() + timedelta(days=1)
        if datetime.combine(tomorrow, time(), UTC) - now > AHEAD:
            return ()
        return self.ensure_day(tomorrow)

    def sets_of(self, day: date) -> tuple[DailySet, ...]:
        """The day's sets as stored (none if the day was not dealt)."""
        return tuple(DailySet.from_json(data) for data in self.store.sets_of(day.isoformat()))

    def get_set(self, set_id: str) -> DailySet:
        found = self._sets.get(set_id)
        if found is None:
            data = self.store.get_set(set_id)
            if data is None:
                raise NoSuchSetError(f"there is no tournament of the day {set_id!r}")
            found = self._sets[set_id] = DailySet.from_json(data)  # never changes once stored
        return found

    # -- playing ----------------------------------------------------------------------------
    def start(self, set_id: str, player: str) -> Progress:
        """``player`` enters the set (again: where they are in it); only while it is open."""
        check_player(player)
        daily = self.get_set(set_id)
        if not self.store.has_entered(set_id, player):
            daily.check_open(self._now())
            self.store.enter(set_id, player, now=self._now().timestamp())
        return self.progress(set_id, player, daily)

    def progress(self, set_id: str, player: str, daily: DailySet | None = None) -> Progress:
        daily = daily if daily is not None else self.get_set(set_id)
        if not self.store.has_entered(set_id, player):
            raise NotStartedError(f"you have not started {daily.name!r}")
        done = self.store.boards_finished(set_id, player)
        return Progress(daily, player, tuple(b for b in daily.boards if b in done))

    def record(self, set_id: str, result: DealResult) -> None:
        """Store a player's finished deal, once: it must be their next deal of a set they
        entered, finished while the set is open; a second submission is refused."""
        check_player(result.player)  # the robots' entry comes from record_robots alone
        daily = self.get_set(set_id)
        daily.check_open(self._now())
        self.progress(set_id, result.player, daily).check_next(result.board)
        stored = self.store.add_result(
            set_id, result.board, result.player, result.to_json(),
            finished=result.finished.timestamp(),
        )  # fmt: skip
        if not stored:  # another process or tab stored it first: refused as any repeat is
            progress = self.progress(set_id, result.player, daily)
            assert result.board in progress.finished  # the unique key is the only refusal
            progress.check_next(result.board)

    def record_robots(
        self, set_id: str, players: Sequence[Player] | Callable[[Seat], Player]
    ) -> int:
        """Play the set's deals the robots have no result on yet (four robots each) and store
        them; the number stored by this call (another process may store some first)."""
        daily = self.get_set(set_id)
        done = self.store.boards_finished(set_id, ROBOTS)
        stored = 0
        for deal in daily.deals:
            if deal.board in done:
                continue
            calls = None
            if daily.kind is Kind.DECLARER:
                # the robots' entry declares after the auction every player declares after
                auction = self.auction(set_id, deal.board)
                if auction is None:
                    continue  # made first (add_auction), then this deal's entry
                calls = [Call.parse(call) for call, _, _ in auction]
            result = robots_result(
                deal, players, scoring=daily.scoring, kind=daily.kind, finished=self._now(),
                calls=calls,
            )  # fmt: skip
            if self.store.add_result(
                set_id, deal.board, ROBOTS, result.to_json(), finished=result.finished.timestamp()
            ):
                stored += 1
        return stored

    # -- the tables the deals are played at ----------------------------------------------
    def table_of(self, set_id: str, player: str, board: int) -> tuple[str, str] | None:
        """The table (id, the player's seat token) where ``player`` plays ``board``."""
        return self.store.table_of(set_id, player, board)

    def add_table(self, set_id: str, player: str, board: int, table_id: str, token: str) -> bool:
        """Keep ``table_id`` as the player's table for the deal; False if another tab or
        process kept one first (that one stands: :meth:`table_of`)."""
        now = self._now().timestamp()
        return self.store.add_table(set_id, player, board, table_id, token, now=now)

    def auction(self, set_id: str, board: int) -> tuple[StoredCall, ...] | None:
        """A declarer-only deal's robots' auction as stored (None: not made yet)."""
        data = self.store.auction(set_id, board)
        if data is None:
            return None
        return tuple((str(c["call"]), c.get("alert") is True, c.get("explanation")) for c in data)

    def add_auction(
        self, set_id: str, board: int, calls: list[StoredCall]
    ) -> tuple[StoredCall, ...]:
        """Store a deal's robots' auction unless one is stored; the one that stands."""
        data = [{"call": c, "alert": a, "explanation": e} for c, a, e in calls]
        self.store.add_auction(set_id, board, data)
        stored = self.auction(set_id, board)
        assert stored is not None
        return stored

    def record_table(self, table_id: str) -> bool:
        """Record the deal played at ``table_id`` from the table's stored log, if it is a
        player's table of a set and its deal is over: True if this call stored the result.
        Any number of calls, from any process, store it once (the unique key); a deal
        finished after the set closed is not stored."""
        found = self.store.table_deal(table_id)
        if found is None:
            return False
        set_id, player, board = found
        if board in self.store.boards_finished(set_id, player):
            return False
        daily = self.get_set(set_id)
        result = result_of(
            self.store.storage, table_id, player, daily.deal(board), finished=self._now(),
            declarer=daily.kind is Kind.DECLARER,
        )  # fmt: skip
        if result is None:
            return False
        try:
            self.record(set_id, result)
        except (AlreadyRecordedError, SetClosedError):
            return False
        return True

    # -- what players see -------------------------------------------------------------------
    def ranking(self, set_id: str) -> Ranking:
        """The live ranking while the set is open; the final one once it has closed."""
        daily = self.get_set(set_id)
        field = self._field(set_id)
        if daily.is_closed(self._now()):
            with self._lock:
                for player in self.store.entrants(set_id):
                    field.enter(player)
                return field.ranking(final=True)
        with self._lock:
            return field.ranking()

    def field_view(self, set_id: str, viewer: str, board: int) -> FieldView:
        """How the field played ``board``: refused (NotFinishedError) unless ``viewer``
        finished it."""
        field = self._field(set_id)
        with self._lock:
            return field.field_view(viewer, board)

    def scorecard(self, set_id: str, viewer: str) -> list[dict[str, object]]:
        """The viewer's own finished deals, each with its score against the field now."""
        field = self._field(set_id)
        with self._lock:
            return field.scorecard(viewer)

    def _field(self, set_id: str) -> Field:
        """The set's field, brought up to date with the results stored since last read (by
        any process). Results are read by increasing id; a count that does not match (a
        transaction with a lower id committed late) reads them all again."""
        with self._lock:
            cached = self._fields.get(set_id)
        if cached is None:
            cached = (Field(self.get_set(set_id)), 0)
        field, last = cached
        new = self.store.results(set_id, after=last)
        total = self.store.count_results(set_id)
        with self._lock:
            for row_id, data in new:
                result = DealResult.from_json(data)
                if not field.has_finished(result.player, result.board):
                    field.add(result)
                last = max(last, row_id)
            if len(field) < total:
                field = Field(field.set)
                last = 0
                for row_id, data in self.store.results(set_id):
                    field.add(DealResult.from_json(data))
                    last = max(last, row_id)
            self._fields[set_id] = (field, last)
        return field
