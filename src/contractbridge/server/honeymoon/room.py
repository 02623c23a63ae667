"""Honeymoon bridge matches on the tables' path, as Minibridge games go: each match is its
settings and a log of moves, stored before anyone is shown them, replayed after a restart or
in another process; its robot thinks in the workers (or any worker of the database's
queue), from its own view alone.

A move is plain data (:func:`~contractbridge.game.honeymoon.move_of`): ``{"seat": "S",
"card": "SA"}``, ``{"seat": "W", "call": "2H"}``, or ``{"seat": "S", "stop": true}`` (the
player ends the match). The player's move is checked by the match, stored, and then the
robot moves, each move stored as it is made, until it is the player's turn again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from contractbridge.core.honeymoon import opponent
from contractbridge.core.seat import Seat
from contractbridge.game.honeymoon import HoneymoonMatch
from contractbridge.server import bus
from contractbridge.server.robots.pool import HoneymoonTask
from contractbridge.server.stored_game import LiveGame, StoredGameRoom


@dataclass(frozen=True)
class MatchSettings:
    """A match as created: the player's seat, the rubbers, the cards' seed, honours or not,
    and who created it (the robot's tasks are queued fairly by creator)."""

    me: Seat
    rubbers: int
    seed: int
    honours: bool
    owner: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.me.name,
            "rubbers": self.rubbers,
            "seed": self.seed,
            "honours": self.honours,
            "owner": self.owner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchSettings:
        return cls(
            Seat.parse(str(data["seat"])),
            int(data["rubbers"]),
            int(data["seed"]),
            bool(data.get("honours", True)),
            str(data.get("owner", "")),
        )


#: a Honeymoon bridge match in memory
LiveMatch = LiveGame[MatchSettings, HoneymoonMatch]


class HoneymoonRoom(StoredGameRoom[MatchSettings, HoneymoonMatch]):
    """Every Honeymoon bridge match of this process, over the store and the robots."""

    noun = "Honeymoon bridge match"
    missing = "no such Honeymoon bridge match"
    stored = bus.HoneymoonStored

    def settings_of(self, data: Mapping[str, Any]) -> MatchSettings:
        return MatchSettings.from_json(data)

    def start(self, settings: MatchSettings) -> HoneymoonMatch:
        players = {settings.me: None, opponent(settings.me): None}
        return HoneymoonMatch(
            players, rubbers=settings.rubbers, seed=settings.seed, honours=settings.honours
        )

    def _create_row(self, game_id: str, settings: dict[str, Any]) -> None:
        self.storage.create_honeymoon(game_id, settings)

    def _load_rows(self, game_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        return self.storage.load_honeymoon(game_id)

    def _append_rows(self, game_id: str, first_seq: int, new: Sequence[dict[str, Any]]) -> None:
        self.storage.append_honeymoon_moves(game_id, first_seq, new)

    async def robot_move(self, live: LiveMatch, seat: Seat) -> dict[str, Any]:
        task = HoneymoonTask(live.game.view(seat))
        return await self.robots.honeymoon(
            live.settings.owner, task, f"hm:{live.id}:{live.version}"
        )
