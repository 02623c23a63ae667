"""Challenges over the database: made with fresh deals, accepted or declined once, each
player's results recorded exactly once from their tables' logs, and the comparison through
the domain (:mod:`contractbridge.tournament.challenges`). Several processes may share the
database: every change is one row under a unique key, or an update that only the first
answer makes.

>>> from contractbridge.server.storage import Storage
>>> service = ChallengeService(Storage("sqlite://"))
>>> c = service.create("ann", "bob")
>>> service.state(c).value, len(c.deals)
('open', 5)
>>> service.state(service.accept(c.id, "bob")).value
'playing'
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from contractbridge.core.deal import Deal
from contractbridge.robots.base import Player
from contractbridge.server.challenges.store import ChallengeStore
from contractbridge.server.storage import Storage
from contractbridge.server.tables.scored import result_of
from contractbridge.tournament.challenges import Challenge, ChallengeError, State, deal_fresh
from contractbridge.tournament.daily import (
    ROBOTS,
    DailyDeal,
    DealResult,
    Scoring,
    check_player,
    robots_result,
)


class NoSuchChallengeError(ChallengeError):
    """No challenge has that id (or the viewer is not one of its players: the same answer,
    so a third person learns nothing of it)."""


class TooManyChallengesError(ChallengeError):
    """A player made :data:`MAX_A_DAY` challenges in the last 24 hours (each deals five
    deals, and one of the robots has them played at once)."""


#: how many challenges one account may make in 24 hours
MAX_A_DAY = 30
DAY = timedelta(days=1)


class ChallengeService:
    """The challenges on ``storage``'s database; ``now`` gives the time (UTC)."""

    def __init__(
        self, storage: Storage, *, now: Callable[[], datetime] = lambda: datetime.now(UTC)
    ) -> None:
        self.store = ChallengeStore(storage)
        self._now = now

    def now(self) -> datetime:
        return self._now()

    # -- making and answering -----------------------------------------------------------
    def create(self, challenger: str, opponent: str) -> Challenge:
        """A new challenge with five fresh deals; against the robots it is accepted at once.
        TooManyChallengesError past :data:`MAX_A_DAY` made in 24 hours."""
        check_player(challenger)
        if opponent != ROBOTS:
            check_player(opponent)
        now = self._now()
        if self.store.count_made(challenger, (now - DAY).timestamp()) >= MAX_A_DAY:
            raise TooManyChallengesError(
                "you have made too many challenges today; try again tomorrow"
            )
        challenge = Challenge(
            secrets.token_hex(12), challenger, opponent, deal_fresh(), created=now,
            accepted=now if opponent == ROBOTS else None,
        )  # fmt: skip
        self.store.add({
            "id": challenge.id, "challenger": challenger, "opponent": opponent,
            "created": now.timestamp(),
            "accepted": now.timestamp() if challenge.accepted else None, "declined": None,
            "deals": ",".join(d.deal.to_pbn() for d in challenge.deals),
        })  # fmt: skip
        return challenge

    def get(self, challenge_id: str, viewer: str | None = None) -> Challenge:
        """The challenge; NoSuchChallengeError if there is none, or ``viewer`` is given and
        is not one of its players."""
        row = self.store.get(challenge_id)
        if row is None:
            raise NoSuchChallengeError("there is no such challenge")
        challenge = _challenge(row)
        if viewer is not None and not challenge.is_player(viewer):
            raise NoSuchChallengeError("there is no such challenge")
        return challenge

    def of_player(self, player: str) -> list[Challenge]:
        return [_challenge(row) for row in self.store.of_player(player)]

    def accept(self, challenge_id: str, player: str) -> Challenge:
        return self._answer(challenge_id, player, "accepted")

    def decline(self, challenge_id: str, player: str) -> Challenge:
        return self._answer(challenge_id, player, "declined")

    def _answer(self, challenge_id: str, player: str, column: str) -> Challenge:
        challenge = self.get(challenge_id, player)
        now = self._now()
        answered = (
            challenge.accept(player, now)
            if column == "accepted"
            else (challenge.decline(player, now))
        )
        if not self.store.answer(challenge_id, column, now.timestamp()):
            raise ChallengeError("this challenge is not open any more")
        return answered

    # -- results --------------------------------------------------------------------------
    def results(self, challenge_id: str) -> dict[tuple[str, int], DealResult]:
        found = (DealResult.from_json(data) for data in self.store.results(challenge_id))
        return {(r.player, r.board): r for r in found}

    def finished(self, challenge_id: str, player: str) -> list[int]:
        return sorted(b for p, b in self.results(challenge_id) if p == player)

    def state(self, challenge: Challenge) -> State:
        done: dict[str, list[int]] = {p: [] for p in challenge.players()}
        for player, board in self.results(challenge.id):
            done.setdefault(player, []).append(board)
        return challenge.state(self._now(), done)

    def record(self, challenge_id: str, result: DealResult) -> bool:
        """Record a player's next deal (ChallengeError if it is not); False if it was
        recorded already (by any process)."""
        challenge = self.get(challenge_id)
        finished = self.finished(challenge_id, result.player)
        if result.board in finished:
            return False
        challenge.check_result(result, finished, self._now())
        return self.store.add_result(challenge_id, result.player, result.board, result.to_json())

    def record_robots(self, challenge_id: str, robots: Sequence[Player]) -> None:
        """The robots' own result on each deal (four robots), stored once."""
        challenge = self.get(challenge_id)
        if not challenge.robots:
            return
        have = set(self.finished(challenge_id, ROBOTS))
        for deal in challenge.deals:
            if deal.board not in have:
                result = robots_result(
                    deal, robots, scoring=Scoring.CROSS_IMPS, finished=self._now()
                )
                self.store.add_result(challenge_id, ROBOTS, deal.board, result.to_json())

    def record_table(self, table_id: str) -> bool:
        """Record the deal played at ``table_id`` from the table's stored log, if it is a
        challenge's table and its deal is over: True if this call stored it (once, however
        many calls from any process)."""
        found = self.store.table_deal(table_id)
        if found is None:
            return False
        challenge_id, player, board = found
        if board in self.finished(challenge_id, player):
            return False
        challenge = self.get(challenge_id)
        result = result_of(
            self.store.storage, table_id, player, challenge.deal(board), finished=self._now()
        )
        if result is None:
            return False
        try:
            return self.record(challenge_id, result)
        except ChallengeError:  # the time to play ran out meanwhile
            return False


def _challenge(row: dict[str, Any]) -> Challenge:
    def when(x: float | None) -> datetime | None:
        return None if x is None else datetime.fromtimestamp(x, UTC)

    deals = tuple(
        DailyDeal(board, Deal.from_pbn(pbn))
        for board, pbn in enumerate(str(row["deals"]).split(","), start=1)
    )
    created = when(row["created"])
    assert created is not None
    return Challenge(
        str(row["id"]), str(row["challenger"]), str(row["opponent"]), deals, created=created,
        accepted=when(row["accepted"]), declined=when(row["declined"]),
    )  # fmt: skip
