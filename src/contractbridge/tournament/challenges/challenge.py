"""A challenge: one player against another (or against the robots) on the same five deals at
IMPs (docs/challenges.md). Each plays the deals in order, South with three robots; each deal
is compared by the two North-South scores in IMPs (Law 78B), and the total is the match.

A challenge is open until the opponent accepts it (the robots accept at once), or declines
it; one not accepted within :data:`LIFETIME` has expired, and an accepted one is over when
both played every deal or :data:`LIFETIME` after it was accepted, whichever comes first
(a deal one of the two did not play is not compared).

What a viewer sees of a deal (:meth:`Challenge.comparison`): nothing before they finished
it; their own result once they did; the other's result and the IMPs only once both did.

>>> from datetime import UTC
>>> from contractbridge.core.deal import Deal
>>> at = datetime(2026, 11, 29, 9, tzinfo=UTC)
>>> deals = tuple(DailyDeal(b, Deal.random(b)) for b in range(1, 6))
>>> c = Challenge("c1", "ann", "bob", deals, created=at)
>>> c.state(at).value, c.accept("bob", at).state(at).value
('open', 'playing')
>>> c.state(at + LIFETIME).value
'expired'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import Enum
from typing import Any

from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.scoring.imps import imps
from contractbridge.tournament.daily import ROBOTS, DailyDeal, DealResult

#: how many deals a challenge has
DEALS = 5
#: how long an open challenge waits to be accepted, and an accepted one to be played
LIFETIME = timedelta(days=7)


class ChallengeError(BridgeError):
    """Something a challenge does not allow, in words a player understands."""


class State(Enum):
    OPEN = "open"  # waiting for the opponent to accept
    PLAYING = "playing"  # accepted: both play the deals
    FINISHED = "finished"  # both played every deal, or the time to play ran out
    DECLINED = "declined"
    EXPIRED = "expired"  # not accepted in time


def deal_fresh(count: int = DEALS) -> tuple[DailyDeal, ...]:
    """``count`` deals from the system's secure random source, boards 1 to ``count`` (so
    dealer and vulnerability rotate as Law 2 says)."""
    secure = random.SystemRandom()
    return tuple(DailyDeal(board, Deal.random(secure)) for board in range(1, count + 1))


@dataclass(frozen=True, slots=True)
class Line:
    """One deal of the comparison as a viewer may see it (None: not to be seen yet)."""

    board: int
    mine: DealResult | None
    theirs: DealResult | None
    imps: int | None  # the viewer's IMPs on the deal: theirs and mine both known

    def to_json(self) -> dict[str, Any]:
        def shown(r: DealResult | None) -> dict[str, Any] | None:
            if r is None:
                return None
            out = r.to_json()
            out.pop("player")  # an account's key is never sent
            return out

        return {"board": self.board, "mine": shown(self.mine), "theirs": shown(self.theirs),
                "imps": self.imps}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Challenge:
    """``challenger`` and ``opponent`` are players' keys (``opponent`` :data:`ROBOTS`: the
    robots, whose result on each deal is four robots' own)."""

    id: str
    challenger: str
    opponent: str
    deals: tuple[DailyDeal, ...]
    created: datetime
    accepted: datetime | None = None
    declined: datetime | None = None

    def __post_init__(self) -> None:
        if self.challenger == self.opponent:
            raise ChallengeError("you cannot challenge yourself")
        if self.challenger == ROBOTS:
            raise ChallengeError("the robots do not send challenges")
        if not self.deals or [d.board for d in self.deals] != list(range(1, len(self.deals) + 1)):
            raise ChallengeError("a challenge's deals are boards 1, 2, 3 ... in order")
        if self.created.tzinfo is None:
            raise ChallengeError("when a challenge was made needs a time zone (UTC)")

    @property
    def robots(self) -> bool:
        return self.opponent == ROBOTS

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(d.board for d in self.deals)

    def deal(self, board: int) -> DailyDeal:
        for d in self.deals:
            if d.board == board:
                return d
        raise ChallengeError(f"this challenge has no board {board}")

    def players(self) -> tuple[str, str]:
        return self.challenger, self.opponent

    def is_player(self, key: str) -> bool:
        return key in (self.challenger, self.opponent)

    def other(self, key: str) -> str:
        if not self.is_player(key):
            raise ChallengeError("you are not a player of this challenge")
        return self.opponent if key == self.challenger else self.challenger

    def expires(self) -> datetime:
        """When an open challenge expires."""
        return self.created + LIFETIME

    def closes(self) -> datetime | None:
        """When an accepted challenge's play ends (None: not accepted)."""
        return None if self.accepted is None else self.accepted + LIFETIME

    def state(self, now: datetime, finished: Mapping[str, Sequence[int]] | None = None) -> State:
        """The state at ``now``; ``finished``: each player's finished boards (to tell a
        challenge both played to its end)."""
        if self.declined is not None:
            return State.DECLINED
        if self.accepted is None:
            return State.EXPIRED if now >= self.expires() else State.OPEN
        if finished is not None and all(
            len(set(finished.get(p, ())) & set(self.boards)) == len(self.deals)
            for p in self.players()
        ):
            return State.FINISHED
        closes = self.closes()
        assert closes is not None
        return State.FINISHED if now >= closes else State.PLAYING

    def accept(self, who: str, now: datetime) -> Challenge:
        self._answer(who, now)
        return replace(self, accepted=now)

    def decline(self, who: str, now: datetime) -> Challenge:
        self._answer(who, now)
        return replace(self, declined=now)

    def _answer(self, who: str, now: datetime) -> None:
        if who != self.opponent:
            raise ChallengeError("only the player challenged may accept or decline")
        if self.state(now) is not State.OPEN:
            raise ChallengeError("this challenge is not open any more")

    def next_board(self, finished: Sequence[int]) -> int | None:
        """The next board to play after ``finished`` (in order); None: all played."""
        done = set(finished)
        return next((b for b in self.boards if b not in done), None)

    def check_result(self, result: DealResult, finished: Sequence[int], now: datetime) -> None:
        """A result may be recorded: a player's, for their next deal, while playing."""
        if not self.is_player(result.player):
            raise ChallengeError("you are not a player of this challenge")
        if self.accepted is None or self.declined is not None:
            raise ChallengeError("this challenge is not being played")
        closes = self.closes()
        assert closes is not None
        if now >= closes:
            raise ChallengeError("the time to play this challenge is over")
        if result.board != self.next_board(finished):
            raise ChallengeError("the deals of a challenge are played in order, each once")

    def comparison(
        self, viewer: str, results: Mapping[tuple[str, int], DealResult]
    ) -> tuple[list[Line], int, int]:
        """The deals as ``viewer`` may see them, and the IMPs won by each side over the deals
        both finished: (lines, viewer's IMPs, the other's IMPs). ``results``: by (player,
        board)."""
        other = self.other(viewer)
        lines: list[Line] = []
        won = lost = 0
        for deal in self.deals:
            mine = results.get((viewer, deal.board))
            theirs = results.get((other, deal.board)) if mine is not None else None
            swing = None
            if mine is not None and theirs is not None:
                swing = deal_imps(mine.score, theirs.score)
                won, lost = won + max(swing, 0), lost + max(-swing, 0)
            lines.append(Line(deal.board, mine, theirs, swing))
        return lines, won, lost


def deal_imps(mine: int, theirs: int) -> int:
    """The IMPs one player wins on a deal both played as North-South: the difference of
    their North-South scores on Law 78B's scale (negative: the other won them).

    >>> deal_imps(620, 170), deal_imps(-100, 620), deal_imps(420, 420)
    (10, -12, 0)
    """
    return imps(mine - theirs)
