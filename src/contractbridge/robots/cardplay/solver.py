"""Batched double-dummy solving of sampled positions (DDS through endplay).

A position is four remaining hands as 52-bit masks (our card numbering), the seat that led
the trick in progress and the cards already played to it. :func:`solve_positions` returns,
for each position, the tricks the side in turn takes from here on after each legal card.
:func:`solve_cost` is the time budgeted per position solved: it turns the card player's time
budget into a number of layouts to sample.

>>> solve_cost(13) > solve_cost(5)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from endplay.dds import solve_all_boards
from endplay.types import Deal as DdsDeal
from endplay.types import Denom, Player

from contractbridge.analysis.dd import SOLVER_LOCK
from contractbridge.core.card import CARDS, Card, Strain
from contractbridge.core.hand import Hand

_MAX_BOARDS = 200  # DDS solves at most this many boards per call
_DENOMS = {
    Strain.C: Denom.clubs,
    Strain.D: Denom.diamonds,
    Strain.H: Denom.hearts,
    Strain.S: Denom.spades,
    Strain.NT: Denom.nt,
}
_PLAYERS = (Player.north, Player.east, Player.south, Player.west)
# endplay's rank values are bits 2..14 (two = 0x4), its suits count spades = 0
_RANK_OF_BIT = {1 << r: r for r in range(2, 15)}

# Seconds per sampled layout solved, by the cards left in the fullest hand: twice what DDS took
# on the 2-core development machine (x86_64) in play positions from 120 robot deals, the margin
# for a busy machine. It turns the time budget into a sample count deterministically, so the
# same seed gives the same card however busy the machine is.
COSTS = {13: 0.027, 12: 0.013, 11: 0.007, 10: 0.003, 9: 0.002, 8: 0.001, 7: 0.0005}
COST_SMALL = 0.0003


def solve_cost(cards_left: int) -> float:
    """The seconds budgeted per layout solved with ``cards_left`` in the fullest hand."""
    return COSTS.get(cards_left, COST_SMALL)


@dataclass(frozen=True, slots=True)
class Position:
    """Remaining hands (N, E, S, W masks), the trick's leader and the cards played to it."""

    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[Card, ...] = ()


def _to_dds(position: Position, strain: Strain) -> DdsDeal:
    pbn = "N:" + " ".join(Hand.from_mask(m).to_pbn() for m in position.hands)
    deal = DdsDeal(pbn, _PLAYERS[position.leader], _DENOMS[strain])
    for card in position.trick:
        deal.play(str(card), from_hand=False)
    return deal


def _from_dds(result: object) -> dict[Card, int]:
    values: dict[Card, int] = {}
    for dcard, tricks in result:  # type: ignore[attr-defined]
        suit = 3 - int(dcard.suit)
        rank = _RANK_OF_BIT[int(dcard.rank)]
        values[CARDS[suit * 13 + rank - 2]] = int(tricks)
    return values


def solve_positions(positions: Sequence[Position], strain: Strain) -> list[dict[Card, int]]:
    """For each position, ``{legal card: tricks for the side in turn from now on}``.

    The tricks count the trick in progress. Positions are solved in batches of up to 200
    (DDS's limit), using every thread DDS was given. Safe to call from several threads:
    they take turns in the solver.
    """
    out: list[dict[Card, int]] = []
    for start in range(0, len(positions), _MAX_BOARDS):
        chunk = [_to_dds(p, strain) for p in positions[start : start + _MAX_BOARDS]]
        with SOLVER_LOCK:  # the native solver takes one caller at a time (see analysis.dd)
            solved = solve_all_boards(chunk)
        out.extend(_from_dds(solved[i]) for i in range(len(chunk)))
    return out
