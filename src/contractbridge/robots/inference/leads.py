"""How likely each suit is as the opening lead from a given hand: the lead read backwards.

The suit a defender chooses to lead says something about the rest of the hand: nobody leads
away from an ace against a suit contract with a king-queen-jack sequence elsewhere, a short
side suit is led for a ruff, partner's suit is led more often than not. This module holds a
small multinomial logit model of the opening lead's suit, P(suit | leader's 13 cards,
contract, auction), fitted on the robots' own opening leads
(``benchmarks/cardplay_leads.py``), one set of weights for suit contracts and one for
notrump. At notrump the sampler weights each layout by the probability that its leader
would have led the suit actually led (:func:`~contractbridge.robots.inference.knowledge_of`
gives it the lead as :class:`~contractbridge.robots.inference.LeadEvidence`); in suit
contracts that reading cost declarer errors, so there the model is only measured
(docs/cardplay.md).

>>> from contractbridge.core.hand import Hand
>>> hand = Hand.from_pbn("KQJ4.A874.953.62")  # against a heart contract
>>> p = lead_probabilities(np.array([[hand.holding(s) for s in range(4)]]), LeadContext(trump=2))
>>> int(p[0].argmax())  # spades, the top of a sequence; not away from the ace, nor a trump
3
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from contractbridge.core.call import Call
from contractbridge.core.seat import Seat

#: features of one suit holding (a 13-bit mask, bit 12 the ace), in this order
HOLDING_FEATURES = (
    "singleton",
    "doubleton",
    "three cards",
    "four cards",
    "five or more",
    "top of a sequence",  # the two top cards touch, the higher the ten or better
    "ace-king",
    "ace without the king",
    "king without ace or queen",
    "queen without king or jack",
    "HCP",
    "nothing above the nine",
)
#: features of the suit in this auction and contract
CONTEXT_FEATURES = ("partner bid it", "leader bid it", "opponents bid it", "trumps")
FEATURES = HOLDING_FEATURES + CONTEXT_FEATURES

# Fitted by ``benchmarks/cardplay_leads.py fit`` (maximum likelihood, L2 0.01) on the
# opening leads the CardPlayer chose in SAYC auctions; see docs/cardplay.md.
# feature: (weight in suit contracts, weight at notrump)
_WEIGHTS = {
    "singleton": (0.83, -0.4),
    "doubleton": (0.15, -0.48),
    "three cards": (-0.65, -0.22),
    "four cards": (-0.37, 0.18),
    "five or more": (0.05, 0.92),
    "top of a sequence": (0.58, 0.57),
    "ace-king": (0.81, 0.79),
    "ace without the king": (-0.47, -0.62),
    "king without ace or queen": (-0.92, -0.77),
    "queen without king or jack": (-0.45, -0.43),
    "HCP": (0.1, 0.11),
    "nothing above the nine": (0.34, 0.12),
    "partner bid it": (0.66, 1.34),
    "leader bid it": (0.25, 0.34),
    "opponents bid it": (-0.44, -1.24),
    "trumps": (-0.67, 0.0),
}
WEIGHTS_SUIT = np.array([_WEIGHTS[f][0] for f in FEATURES])
WEIGHTS_NT = np.array([_WEIGHTS[f][1] for f in FEATURES])


def _holding_table() -> np.ndarray:
    """Every 13-bit holding's features, computed for all 8192 at once (cheap at import)."""
    h = np.arange(1 << 13)
    bits = (h[:, None] >> np.arange(13)) & 1  # holdings x ranks (0 = two ... 12 = ace)
    n = bits.sum(axis=1)
    ace, king, queen, jack = (bits[:, r].astype(bool) for r in (12, 11, 10, 9))
    top = np.where(n > 0, 12 - np.argmax(bits[:, ::-1], axis=1), -1)
    below = bits * (np.arange(13) < top[:, None])  # the holding without its top card
    second = np.where(n > 1, 12 - np.argmax(below[:, ::-1], axis=1), -1)
    table = np.stack(
        [
            n == 1,
            n == 2,
            n == 3,
            n == 4,
            n >= 5,
            (n >= 2) & (top >= 8) & (second == top - 1),
            ace & king,
            ace & ~king,
            king & ~ace & ~queen,
            queen & ~king & ~jack,
            bits @ np.maximum(0, np.arange(13) - 8),
            top < 8,
        ],
        axis=1,
    ).astype(np.float64)
    table[0] = 0  # a void: never led, no features
    return table


_HOLDINGS = _holding_table()


@dataclass(frozen=True, slots=True)
class LeadContext:
    """The suits partner, the leader and the opponents bid, and the trump suit (-1: NT)."""

    trump: int = -1
    partner: frozenset[int] = frozenset()
    leader: frozenset[int] = frozenset()
    opponents: frozenset[int] = frozenset()

    @classmethod
    def of(cls, leader: Seat, dealer: Seat, calls: tuple[Call, ...], trump: int) -> LeadContext:
        bid: dict[Seat, set[int]] = {}
        for i, call in enumerate(calls):
            if call.is_bid and call.strain is not None and call.strain.is_suit:
                bid.setdefault(Seat((dealer + i) % 4), set()).add(int(call.strain))
        return cls(
            trump,
            frozenset(bid.get(leader.partner, ())),
            frozenset(bid.get(leader, ())),
            frozenset(bid.get(leader.lho, set()) | bid.get(leader.rho, set())),
        )

    def features(self) -> np.ndarray:
        """Suits x context features."""
        return np.array(
            [
                (s in self.partner, s in self.leader, s in self.opponents, s == self.trump)
                for s in range(4)
            ],
            dtype=np.float64,
        )


def suit_features(holdings: np.ndarray, context: LeadContext) -> np.ndarray:
    """Hands x suits x features, from hands x suits 13-bit holdings."""
    hold = _HOLDINGS[holdings]
    ctx = np.broadcast_to(context.features(), (*holdings.shape, len(CONTEXT_FEATURES)))
    return np.concatenate([hold, ctx], axis=-1)


def lead_logits(
    holdings: np.ndarray, context: LeadContext, weights: np.ndarray | None = None
) -> np.ndarray:
    """Hands x suits scores; a void suit scores minus infinity."""
    if weights is None:
        weights = WEIGHTS_NT if context.trump < 0 else WEIGHTS_SUIT
    # the holding and context parts scored apart: no hands x suits x features array
    split = len(HOLDING_FEATURES)
    scores = _HOLDINGS[holdings] @ weights[:split] + context.features() @ weights[split:]
    return np.where(holdings > 0, scores, -np.inf)


def lead_probabilities(
    holdings: np.ndarray, context: LeadContext, weights: np.ndarray | None = None
) -> np.ndarray:
    """Hands x suits: the chance each suit is led from each hand."""
    z = lead_logits(holdings, context, weights)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return np.asarray(e / e.sum(axis=1, keepdims=True))


def lead_log_likelihood(
    holdings: np.ndarray, suit: int, context: LeadContext, weights: np.ndarray | None = None
) -> np.ndarray:
    """Per hand: the log-probability that it leads ``suit``."""
    z = lead_logits(holdings, context, weights)
    top = z.max(axis=1, keepdims=True)
    norm = top[:, 0] + np.log(np.exp(z - top).sum(axis=1))
    return np.asarray(z[:, suit] - norm)
