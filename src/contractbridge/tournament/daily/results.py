"""One player's result on one deal of a set, and the robots' own result (four robots).

A result keeps what the field view shows: the contract and declarer, declarer's tricks, the
North-South score (Law 77, the deal's vulnerability), the opening lead, the side the player
sat on (North-South when playing South; the declaring side in a declarer-only set) and when
it finished. The player is an opaque key (an account's id, a guest's id); the robots' entry
has the reserved key :data:`ROBOTS`.

>>> from contractbridge.core.deal import Deal
>>> from contractbridge.tournament.daily.sets import DailyDeal
>>> deal = DailyDeal(2, Deal.random(1))
>>> at = datetime(2026, 11, 29, tzinfo=UTC)
>>> r = DealResult.of("ann", deal, "4S by S", 10, lead="HK", finished=at)
>>> r.score, r.own_score, str(r.contract), str(r.lead)
(620, 620, '4S S', 'HK')
>>> DealResult.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from contractbridge.core.auction import Auction
from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.errors import BridgeError
from contractbridge.core.play import Play
from contractbridge.core.seat import SEATS, Seat, Side
from contractbridge.core.view import SeatView
from contractbridge.robots.base import Player
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.tournament.daily.errors import DailyError
from contractbridge.tournament.daily.sets import DailyDeal, Kind, Scoring

#: the robots' entry in every field; no player's key starts with "@"
ROBOTS = "@robots"


def check_player(key: str) -> str:
    """A player's key as stored: 1 to 64 characters, not the robots' reserved form."""
    if not isinstance(key, str) or not 1 <= len(key) <= 64 or key.startswith("@"):
        raise DailyError(f"{key!r} cannot name a player (1 to 64 characters, not starting with @)")
    return key


@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal: ``contract`` None is a passed-out deal (score 0, no lead)."""

    player: str
    board: int
    contract: Contract | None
    tricks: int
    score: int  # North-South's
    lead: Card | None
    finished: datetime
    side: Side = Side.NS  # the player's side: their score is ``own_score``

    def __post_init__(self) -> None:
        if self.player != ROBOTS:
            check_player(self.player)
        if self.contract is None:
            if self.tricks or self.score or self.lead is not None:
                raise DailyError("a passed-out deal has no tricks, score or lead")
        elif self.contract.declarer is None:
            raise DailyError("a played deal's contract needs its declarer")
        elif not 0 <= self.tricks <= 13:
            raise DailyError(f"declarer takes 0 to 13 tricks, not {self.tricks}")
        if self.finished.tzinfo is None:
            raise DailyError("when a deal finished needs a time zone (UTC)")

    @classmethod
    def of(
        cls,
        player: str,
        deal: DailyDeal,
        contract: Contract | str | None,
        tricks: int,
        *,
        lead: Card | str | None,
        finished: datetime,
        side: Side = Side.NS,
    ) -> DealResult:
        """The result, its score worked out from the contract, the tricks and the board's
        vulnerability (``contract`` "Pass" or None: passed out)."""
        if isinstance(contract, str):
            contract = (
                None if contract.strip().upper() in ("PASS", "P") else Contract.parse(contract)
            )
        if isinstance(lead, str):
            lead = Card.parse(lead)
        score = 0
        if contract is not None:
            if contract.declarer is None:
                raise DailyError("a played deal's contract needs its declarer")
            if not 0 <= tricks <= 13:
                raise DailyError(f"declarer takes 0 to 13 tricks, not {tricks}")
            declarer_side = contract.declarer.side
            vulnerable = deal.vulnerability.is_vulnerable(declarer_side)
            made = duplicate_score(contract, tricks, vulnerable)
            score = made if declarer_side is Side.NS else -made
        return cls(player, deal.board, contract, tricks, score, lead, finished, side)

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract is not None else None

    @property
    def own_score(self) -> int:
        """The score for the player's side (what is compared with the field)."""
        return self.score if self.side is Side.NS else -self.score

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "board": self.board,
            "contract": str(self.contract) if self.contract is not None else "Pass",
            "tricks": self.tricks,
            "score": self.score,
            "lead": str(self.lead) if self.lead is not None else None,
            "finished": self.finished.isoformat(),
            "side": self.side.name,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealResult:
        try:
            contract = data["contract"]
            lead = data["lead"]
            return cls(
                player=str(data["player"]),
                board=int(data["board"]),
                contract=None if contract == "Pass" else Contract.parse(contract),
                tricks=int(data["tricks"]),
                score=int(data["score"]),
                lead=None if lead is None else Card.parse(lead),
                finished=datetime.fromisoformat(data["finished"]),
                side=Side[data.get("side", "NS")],
            )
        except BridgeError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise DailyError(f"a stored result cannot be read: {error}") from None


def robots_result(
    deal: DailyDeal,
    players: Sequence[Player] | Callable[[Seat], Player],
    *,
    scoring: Scoring = Scoring.MATCHPOINTS,
    kind: Kind = Kind.FULL,
    finished: datetime | None = None,
    calls: Sequence[Call] | None = None,
) -> DealResult:
    """The robots' own result on ``deal``: four robots bid and play it out, each from its
    own seat's view only (as ``game.table`` seats them). ``players``: the robot of each
    seat, N E S W (or a function of the seat). ``calls``: the auction as given (a
    declarer-only deal's stored robots' auction) instead of the robots' own calls. In a
    declarer-only set the robots' entry is on the declaring side, as every player's is."""
    robot = players if callable(players) else (lambda seat: players[seat])
    seated = {seat: robot(seat) for seat in SEATS}
    vulnerability = deal.vulnerability
    style = "IMP" if scoring.is_imps else "MP"
    auction = Auction(deal.dealer)
    for call in calls or ():
        auction.add(call)
    while not auction.is_complete:
        seat = auction.turn
        view = SeatView.of(seat, deal.deal, auction, vulnerability=vulnerability, scoring=style)
        auction.add(seated[seat].call(view))
    contract = auction.contract
    when = finished if finished is not None else datetime.now(UTC)
    if contract is None:
        return DealResult.of(ROBOTS, deal, None, 0, lead=None, finished=when)
    play = Play(deal.deal, contract)
    while not play.is_complete:
        acting = play.acting_seat
        assert acting is not None
        view = SeatView.of(
            acting, deal.deal, auction, play, vulnerability=vulnerability, scoring=style
        )
        play.play(seated[acting].card(view), by=acting)
    assert contract.declarer is not None
    side = contract.declarer.side if kind is Kind.DECLARER else Side.NS
    lead = play.tricks[0].cards[0]
    return DealResult.of(
        ROBOTS, deal, contract, play.declarer_tricks, lead=lead, finished=when, side=side
    )
