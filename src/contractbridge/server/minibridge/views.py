"""What the learner's Minibridge page is sent: built from the learner's
:class:`~contractbridge.core.minibridge.MiniView` alone (plus the cards of deals already
finished, which the table shows everyone, and the last trick turned, which everyone saw
played). A finished deal comes with how it ended (its thirteenth trick whole, the final
count, its log), so the page never shows the moment before its last card as its end.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from contractbridge.core.contract import Contract
from contractbridge.core.hand import Hand
from contractbridge.core.minibridge import (
    Action,
    MinibridgeDeal,
    Phase,
    Slip,
)
from contractbridge.core.seat import SEATS, Seat, Side
from contractbridge.game.minibridge import MinibridgeSeries


def _hand(hand: Hand | None) -> list[str] | None:
    return [str(c) for c in hand] if hand is not None else None


def _slip(slip: Slip | None) -> dict[str, Any] | None:
    if slip is None:
        return None
    return {"points": slip.points, "lengths": list(slip.lengths)}


def _contract(contract: Contract | None) -> str | None:
    if contract is None:
        return None
    text = f"{contract.level}{contract.strain.name}"
    return f"{text} {contract.declarer.name}" if contract.declarer is not None else text


def _actions(actions: Iterable[Action]) -> list[dict[str, Any]]:
    return [
        {
            "seat": a.seat.name,
            "kind": a.kind,
            "points": a.points,
            "contract": _contract(a.contract),
            "card": str(a.card) if a.card is not None else None,
        }
        for a in actions
    ]


def _last_trick(deal: MinibridgeDeal) -> dict[str, Any] | None:
    """The last completed trick of the deal (all four cards, in the order played): during
    the play the one before the trick in progress, at the end the thirteenth."""
    tricks = deal.play.tricks if deal.play is not None else ()
    if not tricks:
        return None
    trick = tricks[-1]
    return {
        "cards": [[trick.leader.next(i).name, str(c)] for i, c in enumerate(trick.cards)],
        "winner": trick.winner.name,
    }


def _finished(series: MinibridgeSeries, deal: MinibridgeDeal, number: int) -> dict[str, Any]:
    """A finished deal, every hand shown (the table shows them after the play), with how it
    ended: its last trick whole, the final count and what everyone did."""
    result = series.result_of(deal)
    return {
        "number": number,
        "redeal": deal.phase == Phase.REDEAL,
        "hands": {s.name: _hand(deal.deal[s]) for s in SEATS},
        "points": {s.name: deal.slips[s].points for s in SEATS},
        "contract": _contract(deal.contract),
        "tricks": deal.declarer_tricks if deal.contract is not None else None,
        "ns": result.ns if result is not None else 0,
        "ew": result.ew if result is not None else 0,
        "last_trick": _last_trick(deal),
        "actions": _actions(deal.actions),
    }


def state_for(series: MinibridgeSeries, me: Seat) -> dict[str, Any]:
    """What the learner's page shows: built from the learner's view only."""
    totals = series.score.totals()
    finished = [
        _finished(series, d, n)
        for d, n in zip(series.history, series.numbers, strict=True)
        if d.is_over
    ]
    state: dict[str, Any] = {
        "form": series.form.value,
        "seat": me.name,
        "deals": series.deals,
        "over": series.is_over,
        "totals": {"NS": totals[Side.NS], "EW": totals[Side.EW]},
        "finished": finished,
        "sheet": series.score.render(),
    }
    if series.is_over:
        return state
    view = series.view(me)
    pending = series.pending()
    assert pending is not None
    play = view.play
    state.update(
        {
            "number": series.number,
            "dealer": view.dealer.name,
            "phase": view.phase.value,
            "turn": pending[0].name,
            "mine": pending[0] == me,
            "card_hand": hand.name if (hand := series.current.card_hand) is not None else None,
            "hand": _hand(play.hand if play is not None else view.hand),
            "slip": _slip(view.slip),
            "partner_slip": _slip(view.partner_slip),
            "announced": {s.name: p for s, p in view.announced.items()},
            "actions": _actions(view.actions),
            "declarer": view.declarer.name if view.declarer is not None else None,
            "contract": _contract(view.contract),
            "dummy": _hand(play.dummy if play is not None else view.dummy),
            "trick": [[s.name, str(c)] for s, c in play.current_trick] if play else [],
            "legal": [str(c) for c in play.legal_cards()] if play and pending[0] == me else [],
            "tricks": series.current.declarer_tricks if play is not None else 0,
            "last_trick": _last_trick(series.current),
            "played": len(play.played) if play is not None else 0,
        }
    )
    return state
