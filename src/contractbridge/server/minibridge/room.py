"""Minibridge games on the tables' path: each game is its settings and a log of moves,
stored before anyone is shown them, replayed after a restart or in another process; its
robots think in the workers (or any worker of the database's queue), from their own seat's
view alone.

A move is plain data (:func:`~contractbridge.game.minibridge.move_of`): ``{"seat": "S",
"card": "SA"}``. The learner's move is checked by the game, stored, and then the robots
move, each move stored as it is made, until it is the learner's turn again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from contractbridge.core.minibridge import Form
from contractbridge.core.seat import SEATS, Seat
from contractbridge.game.minibridge import MinibridgeSeries
from contractbridge.server import bus
from contractbridge.server.robots.pool import MiniTask
from contractbridge.server.stored_game import LiveGame, StoredGameRoom


@dataclass(frozen=True)
class GameSettings:
    """A game as created: the learner's seat, the form, how many deals, the cards' seed,
    and who created it (the robots' tasks are queued fairly by creator)."""

    me: Seat
    form: Form
    deals: int
    seed: int
    owner: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.me.name,
            "form": self.form.value,
            "deals": self.deals,
            "seed": self.seed,
            "owner": self.owner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameSettings:
        return cls(
            Seat.parse(str(data["seat"])),
            Form.parse(str(data["form"])),
            int(data["deals"]),
            int(data["seed"]),
            str(data.get("owner", "")),
        )


#: a Minibridge game in memory
LiveSeries = LiveGame[GameSettings, MinibridgeSeries]


class GameRoom(StoredGameRoom[GameSettings, MinibridgeSeries]):
    """Every Minibridge game of this process, over the store and the robots."""

    noun = "Minibridge game"
    missing = "no such Minibridge game"
    stored = bus.GameStored

    def settings_of(self, data: Mapping[str, Any]) -> GameSettings:
        return GameSettings.from_json(data)

    def start(self, settings: GameSettings) -> MinibridgeSeries:
        return MinibridgeSeries(
            {s: None for s in SEATS}, form=settings.form, deals=settings.deals, seed=settings.seed
        )

    def _create_row(self, game_id: str, settings: dict[str, Any]) -> None:
        self.storage.create_game(game_id, settings)

    def _load_rows(self, game_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        return self.storage.load_game(game_id)

    def _append_rows(self, game_id: str, first_seq: int, new: Sequence[dict[str, Any]]) -> None:
        self.storage.append_moves(game_id, first_seq, new)

    async def robot_move(self, live: LiveSeries, seat: Seat) -> dict[str, Any]:
        task = MiniTask(live.game.view(seat), seed=int(seat))
        return await self.robots.minibridge(
            live.settings.owner, task, f"mb:{live.id}:{live.version}"
        )
