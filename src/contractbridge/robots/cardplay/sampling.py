"""Dealing the unseen cards many times, consistent with what the seat knows.

Hard facts are dealt by construction: a seat that showed out of a suit gets none of it (when
only one other hidden seat remains, those cards are forced to it) and every hidden seat gets
exactly its number of remaining cards. Ranges from the auction and readings of signals are
soft: thousands of candidate layouts are dealt at once by vectorised shuffles (numpy), each is
weighted by how well it fits (a factor per HCP or card outside a range, per signal it
contradicts), and the layouts to solve are drawn in proportion to those weights without
replacement (Gumbel top-k). When plenty of layouts fit every range this is plain rejection
sampling; when few or none do, the closest ones are used.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from contractbridge.core.seat import Seat
from contractbridge.robots.cardplay.knowledge import HandRange
from contractbridge.robots.cardplay.leads import LeadContext, lead_log_likelihood

#: log-weight lost per HCP or card outside a range read from the auction
RANGE_PENALTY = 2.0
_HCP_OF_RANK = np.array([0] * 9 + [1, 2, 3, 4], dtype=np.int16)  # by rank - 2


@dataclass(frozen=True, slots=True)
class Signal:
    """A reading of a card as a signal: ``seat``'s original holding in ``suit`` ...

    ``kind`` is ``"honour"`` (holds the ace, king or queen), ``"no_honour"``, ``"even"``
    or ``"odd"`` (length), ``"card"`` (holds ``card``) or ``"no_card"`` (does not hold
    ``card``); ``weight`` is the log-weight a layout loses if it contradicts it.
    """

    seat: Seat
    suit: int
    kind: str
    weight: float = 1.0
    card: int = -1


@dataclass(frozen=True, slots=True)
class LeadEvidence:
    """The opening lead: ``seat`` (a hidden seat) led from ``suit`` in ``context``; a
    layout is weighted by the chance its ``seat`` would have led that suit, to the power
    ``weight``."""

    seat: Seat
    suit: int
    context: LeadContext
    weight: float = 1.0


@dataclass(slots=True)
class Knowledge:
    """Everything the sampler needs: who is hidden, how many cards each still holds, ..."""

    unseen: int  # mask of the cards to deal
    hidden: tuple[Seat, ...]
    counts: tuple[int, ...]  # remaining cards per hidden seat
    voids: tuple[frozenset[int], ...]  # suits each hidden seat has shown out of
    played: tuple[int, ...]  # mask of the cards each hidden seat has played
    ranges: tuple[HandRange, ...]
    signals: tuple[Signal, ...] = field(default=())
    lead: LeadEvidence | None = None


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sample_layouts(
    know: Knowledge, wanted: int, rng: np.random.Generator, pool: int = 0
) -> list[tuple[int, ...]]:
    """``wanted`` layouts (one remaining-cards mask per hidden seat), most plausible first drawn.

    ``pool`` candidates are dealt (default: enough for a comfortable choice).
    """
    hidden = len(know.hidden)
    forced = [0] * hidden
    free: list[int] = []
    for card in _cards(know.unseen):
        allowed = [j for j in range(hidden) if card // 13 not in know.voids[j]]
        if len(allowed) == 1:
            forced[allowed[0]] |= 1 << card
        elif len(allowed) == 0:
            # inconsistent facts (a revoke?): let anyone hold it
            free.append(card)
        elif len(allowed) == hidden:
            free.append(card)
        else:
            # three hidden seats and a void (never before the opening lead): treat as free and
            # let the weights reject the rest
            free.append(card)
    caps = [know.counts[j] - forced[j].bit_count() for j in range(hidden)]
    if any(c < 0 for c in caps) or sum(caps) != len(free):
        # the facts do not add up (never in legal play): deal without the voids
        forced = [0] * hidden
        free = _cards(know.unseen)
        caps = list(know.counts)
    nfree = len(free)
    if nfree == 0 or hidden == 1:
        one = tuple(forced[j] | (sum(1 << c for c in free) if j == 0 else 0) for j in range(hidden))
        return [one] * max(1, min(wanted, 1))
    pool = pool or max(4 * wanted, 2000)
    free_arr = np.array(free, dtype=np.int64)
    owners: list[np.ndarray] = []
    viols: list[np.ndarray] = []
    sigws: list[np.ndarray] = []
    fitting = 0
    # deal more candidates while too few fit every range (at most 8 rounds)
    for _ in range(8):
        owner, viol, sigw = _deal_candidates(know, free_arr, forced, caps, pool, rng)
        owners.append(owner)
        viols.append(viol)
        sigws.append(sigw)
        fitting += int((viol == 0).sum())
        if fitting >= wanted:
            break
    owner = np.concatenate(owners)
    viol = np.concatenate(viols)
    logw = np.concatenate(sigws)
    if fitting >= wanted:
        # enough layouts fit the auction: rejection sampling, weighted by the signals
        keep = np.flatnonzero(viol == 0)
        owner, logw = owner[keep], logw[keep]
    else:
        logw = logw - RANGE_PENALTY * viol
    pool = len(logw)
    # Gumbel top-k: draws without replacement in proportion to exp(logw)
    score = logw + rng.gumbel(size=pool)
    take = np.argsort(-score, kind="stable")[: min(wanted, pool)]
    bits = np.left_shift(np.ones(nfree, dtype=np.uint64), free_arr.astype(np.uint64))
    out: list[tuple[int, ...]] = []
    chosen = owner[take]
    masks = [(np.where(chosen == j, bits, np.uint64(0))).sum(axis=1) for j in range(hidden)]
    for i in range(len(take)):
        out.append(tuple(forced[j] | int(masks[j][i]) for j in range(hidden)))
    return out


def _deal_candidates(
    know: Knowledge,
    free_arr: np.ndarray,
    forced: list[int],
    caps: list[int],
    pool: int,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``pool`` random splits of the free cards (owner index per card), each one's distance
    from the auction's ranges (HCP and cards outside them) and its log-weight by the signals."""
    hidden = len(know.hidden)
    nfree = len(free_arr)
    # owner of each free card in each candidate: a random permutation cut by the capacities
    keys = rng.random((pool, nfree))
    position = np.argsort(np.argsort(keys, axis=1), axis=1)
    bounds = np.cumsum(caps)[:-1]
    owner = np.searchsorted(bounds, position, side="right").astype(np.int8)

    suit_of = free_arr // 13
    rank_of = free_arr % 13
    hcp_of = _HCP_OF_RANK[rank_of]
    onehot = np.zeros((nfree, 4), dtype=np.int16)
    onehot[np.arange(nfree), suit_of] = 1
    rank_bits = onehot.astype(np.int64) << rank_of[:, None]  # each card's bit in its suit
    honour = onehot * (rank_of >= 10)[:, None]
    logw = np.zeros(pool)
    total_viol = np.zeros(pool, dtype=np.int64)
    for j in range(hidden):
        base = know.played[j] | forced[j]
        base_cards = _cards(base)
        base_hcp = sum(int(_HCP_OF_RANK[c % 13]) for c in base_cards)
        base_len = np.zeros(4, dtype=np.int16)
        base_hon = np.zeros(4, dtype=np.int16)
        for c in base_cards:
            base_len[c // 13] += 1
            base_hon[c // 13] += c % 13 >= 10
        mine = (owner == j).astype(np.int16)
        r = know.ranges[j]
        hcp = mine @ hcp_of + base_hcp
        viol = np.maximum(0, r.hcp[0] - hcp) + np.maximum(0, hcp - r.hcp[1])
        free_len = mine @ onehot
        lengths = free_len + base_len
        for s in range(4):
            lo, hi = r.lengths[s]
            if lo > 0 or hi < 13:
                viol = viol + np.maximum(0, lo - lengths[:, s]) + np.maximum(0, lengths[:, s] - hi)
        total_viol += viol
        hons = None
        for sig in know.signals:
            if sig.seat != know.hidden[j]:
                continue
            if sig.kind in ("card", "no_card"):
                # only a card these layouts deal tells them apart; one already placed (or
                # elsewhere) weighs every layout alike
                where = np.flatnonzero(free_arr == sig.card)
                if where.size:
                    holds = owner[:, where[0]] == j
                    logw -= sig.weight * (holds != (sig.kind == "card"))
                continue
            if sig.kind in ("honour", "no_honour"):
                if hons is None:
                    hons = mine @ honour + base_hon
                has = hons[:, sig.suit] > 0
                bad = ~has if sig.kind == "honour" else has
            else:
                even = lengths[:, sig.suit] % 2 == 0
                bad = ~even if sig.kind == "even" else even
            logw -= sig.weight * bad
        lead = know.lead
        if lead is not None and lead.seat == know.hidden[j] and lead.weight:
            # the suit this layout's leader would have led: its original 13 cards
            held = mine.astype(np.int64) @ rank_bits + [base >> 13 * s & 0x1FFF for s in range(4)]
            logw += lead.weight * lead_log_likelihood(held, lead.suit, lead.context)
        # a seat void in a suit it has shown out of (only matters with three hidden seats)
        for s in know.voids[j]:
            total_viol += 50 * (free_len[:, s] > 0)
    return owner, total_viol, logw
