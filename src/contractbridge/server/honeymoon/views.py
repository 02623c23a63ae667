"""What the player's Honeymoon bridge page is sent: built from the player's
:class:`~contractbridge.core.honeymoon.HoneymoonView` alone (plus the deals already
finished, whose every card both players saw played). The robot's hand, its draws and the
stock are never in it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from contractbridge.core.card import Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.hand import Hand
from contractbridge.core.honeymoon import (
    PLAYERS,
    HoneymoonDeal,
    Phase,
    Trick,
    auction_contract,
    opponent,
)
from contractbridge.core.seat import Seat
from contractbridge.game.honeymoon import HoneymoonMatch
from contractbridge.scoring.rubber import RubberEntry


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _contract(contract: Contract | None) -> str | None:
    if contract is None:
        return None
    text = f"{contract.level}{contract.strain.name}{contract.doubled}"
    return f"{text} {contract.declarer.name}" if contract.declarer is not None else text


def _trick(trick: Trick, trump: Strain) -> dict[str, Any]:
    return {
        "cards": [[s.name, str(trick.card_of(s))] for s in (trick.leader, opponent(trick.leader))],
        "winner": trick.winner(trump).name,
    }


def _trick_seats(leader: Seat | None, cards: tuple[Card, ...]) -> list[tuple[Seat, Card]]:
    """The cards of the trick in progress with who played them (the leader first)."""
    if leader is None or not cards:
        return []
    return list(zip((leader, opponent(leader)), cards, strict=False))


def _seat_of(side: int) -> str:
    """The player whose side (rubber column) ``side`` is."""
    return next(s.name for s in PLAYERS if s.side == side)


def _finished(deal: HoneymoonDeal, number: int, entry: RubberEntry) -> dict[str, Any]:
    """A finished deal: every card was played face up, so both hands are shown (none of a
    deal passed out: its hands were never played)."""
    hands = deal.final_hands if deal.phase == Phase.OVER and deal.final_hands else {}
    return {
        "number": number,
        "dealer": deal.dealer.name,
        "passed_out": deal.phase == Phase.PASSED_OUT,
        "contract": _contract(deal.contract),
        "tricks": deal.declarer_tricks if deal.contract is not None else None,
        "hands": {s.name: _cards(hands[s]) for s in hands},
        "below": {_seat_of(side): points for side, points in enumerate(entry.below) if points},
        "premiums": [
            {"to": _seat_of(p.side), "points": p.points, "reason": p.reason} for p in entry.premiums
        ],
        "game": _seat_of(entry.game) if entry.game is not None else None,
    }


def state_for(match: HoneymoonMatch, me: Seat) -> dict[str, Any]:
    """What the player's page shows: built from the player's view only."""
    robot = opponent(me)
    totals = match.score.totals()
    sheet = match.score.sheet
    state: dict[str, Any] = {
        "seat": me.name,
        "robot": robot.name,
        "rubbers": match.score.rubbers,
        "rubber": len(match.score.sheets),
        "over": match.is_over,
        "totals": {s.name: totals[s.side] for s in (me, robot)},
        "games": {s.name: sheet.games[s.side] for s in (me, robot)},
        "sheet": match.score.render(),
        "finished": [
            _finished(d, n, e)
            for n, (d, e) in enumerate(zip(match.history, match.entries, strict=False), 1)
        ],
    }
    if match.is_over:
        return state
    view = match.view(me)
    pending = match.pending()
    assert pending is not None
    standing = auction_contract(view.calls) if view.phase == Phase.AUCTION else view.contract
    state.update(
        {
            "number": match.number,
            "dealer": view.dealer.name,
            "phase": view.phase.value,
            "turn": pending[0].name,
            "mine": pending[0] == me,
            "vulnerable": {s.name: view.vulnerability.is_vulnerable(s) for s in (me, robot)},
            "hand": _cards(view.hand),
            "stock": view.stock,
            "draws": [
                {**_trick(t, Strain.NT), "drawn": str(c)}
                for t, c in zip(view.draw_tricks, view.draws, strict=True)
            ],
            "calls": [[m.seat.name, str(m.call)] for m in view.calls],
            "contract": _contract(standing),
            "tricks": [_trick(t, view.trump) for t in view.tricks],
            "trick": [[s.name, str(c)] for s, c in _trick_seats(view.leader, view.trick)],
            "won": {s.name: view.won(s) for s in (me, robot)},
            "legal": _cards(view.legal_cards()),
            "legal_calls": [str(c) for c in view.legal_calls()],
            "played": _cards(Hand(view.seen)) if view.seen else [],
        }
    )
    return state
