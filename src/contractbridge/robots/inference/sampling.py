"""Dealing the hidden hands many times, consistent with what a seat knows: the robots' samplers.

:func:`sample_layouts` deals a :class:`~contractbridge.robots.inference.knowledge.Knowledge`
(the card player's, the bidding judge's). Hard facts are dealt by construction: a seat that
showed out of a suit gets none of it (when only one other hidden seat remains, those cards
are forced to it) and every hidden seat gets exactly its number of remaining cards. Ranges
from the auction and readings of signals are soft: thousands of candidate layouts are dealt
at once by vectorised shuffles (numpy), each is weighted by how well it fits (a factor per
HCP or card outside a range, per signal it contradicts), and the layouts to solve are drawn
in proportion to those weights without replacement (Gumbel top-k). When plenty of layouts
fit every range this is plain rejection sampling; when few or none do, the closest ones are
used.

:func:`sample_deals` deals whole deals for the Minibridge robot around the hands it sees,
where what it knows is exact: the points each player announced, partner's slip (its
points and suit lengths). It stays a sampler of its own rather than a ``Knowledge`` given
to :func:`sample_layouts`: a slip's suit lengths are dealt by construction (shuffled and
weighted, few candidates would hold four exact lengths and the points), a deal a point away
from the announced count is never used (``sample_layouts`` falls back on the closest
layouts), and its draws from the generator are the ones the Minibridge robot's decisions
were measured with. The two share the card bookkeeping (:func:`_cards`,
:func:`_owner_masks`); :func:`seeded_rng` gives the card player and the Minibridge robot one
generator per decision (the bidding judge seeds by a hash of its question).

>>> south = Hand.from_pbn("AKQ2.KJ4.A93.Q72")
>>> deals = sample_deals({Seat.S: south}, 3, seeded_rng(1, "example"), points={Seat.N: 10})
>>> [(d[Seat.S] == south, Slip.of(d[Seat.N]).points) for d in deals]
[(True, 10), (True, 10), (True, 10)]
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping

import numpy as np

from contractbridge.analysis.dealing import DealBatch
from contractbridge.core.deal import Deal
from contractbridge.core.hand import Hand
from contractbridge.core.minibridge import Slip
from contractbridge.core.seat import SEATS, Seat
from contractbridge.robots.inference.knowledge import Knowledge
from contractbridge.robots.inference.leads import lead_log_likelihood

#: log-weight lost per HCP or card outside a range read from the auction
RANGE_PENALTY = 2.0
ALL_CARDS = (1 << 52) - 1
_ALL = np.arange(52, dtype=np.int64)
_HCP_OF_RANK = np.array([0] * 9 + [1, 2, 3, 4], dtype=np.int16)  # by rank - 2


def seeded_rng(seed: int, key: str) -> np.random.Generator:
    """The generator for one decision of a robot seeded with ``seed``: ``key`` names the
    decision (its purpose and what the seat sees), so the same seed and question always
    draw the same layouts, whatever the robot decided before."""
    return np.random.default_rng([seed & 0xFFFFFFFF, zlib.crc32(key.encode())])


def _cards(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _owner_masks(owner: np.ndarray, cards: np.ndarray, owners: int) -> np.ndarray:
    """Rows x ``owners`` card masks, from rows giving the owner (0 .. ``owners`` - 1) of each
    of ``cards``."""
    bits = np.left_shift(np.ones(len(cards), dtype=np.int64), cards.astype(np.int64))
    return np.stack([np.where(owner == j, bits, 0).sum(axis=1) for j in range(owners)], axis=1)


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
    masks = _owner_masks(owner[take], free_arr, hidden)
    return [tuple(forced[j] | int(row[j]) for j in range(hidden)) for row in masks]


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


def sample_deals(
    known: Mapping[Seat, Hand],
    count: int,
    rng: np.random.Generator,
    *,
    points: Mapping[Seat, int] | None = None,
    slips: Mapping[Seat, Slip] | None = None,
    pool: int = 512,
    rounds: int = 40,
) -> list[Deal]:
    """Up to ``count`` deals with the ``known`` hands as they are, each seat of ``slips``
    holding exactly its slip's suit lengths and points, each seat of ``points`` exactly
    those points; the other cards dealt at random.

    Suit lengths are dealt by construction (each slip seat gets its length of each suit
    drawn from the unseen cards of that suit); points are met by rejection, ``pool`` deals
    a round. Fewer than ``count`` deals come back only for very rare constraints.
    """
    wanted = dict(points or {})
    slips = dict(slips or {})
    for seat, slip in slips.items():
        wanted[seat] = slip.points
    held = 0
    for hand in known.values():
        held |= hand.mask
    free = np.array(_cards(ALL_CARDS & ~held), dtype=np.int64)
    rest = [s for s in SEATS if s not in known and s not in slips]
    rows = np.arange(pool)[:, None]
    found: list[Deal] = []
    for _ in range(rounds):
        owner = np.full((pool, 52), 255, dtype=np.uint8)
        for seat, hand in known.items():
            owner[:, [int(c) for c in hand]] = int(seat)
        for seat, slip in slips.items():
            for suit in range(4):
                cards = free[free // 13 == suit]
                need = slip.length(suit)
                keys = rng.random((pool, len(cards)))
                keys[owner[:, cards] != 255] = 2.0  # taken by another slip seat
                pick = np.argsort(keys, axis=1)[:, :need]
                owner[rows, cards[pick]] = int(seat)
        if rest:
            labels = np.tile(np.repeat(np.array(rest, dtype=np.uint8), 13), (pool, 1))
            rng.permuted(labels, axis=1, out=labels)
            owner[owner == 255] = labels.ravel()
        batch = DealBatch(_owner_masks(owner, _ALL, 4))  # columns N E S W
        ok = np.ones(pool, dtype=bool)
        for seat, value in wanted.items():
            ok &= batch.hcp(seat) == value
        for i in np.flatnonzero(ok):
            found.append(batch.deal(int(i)))
            if len(found) == count:
                return found
    return found
