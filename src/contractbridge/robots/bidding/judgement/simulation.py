"""The simulation: layouts of the hidden hands dealt inside their ranges (the likeliest by
the calls they made), each candidate's contract solved double dummy on them within the time
budget (bid out by the rules for an invitation), and scored against the rules' call for the
scoring in force: the :class:`Choice`."""

from __future__ import annotations

import hashlib
import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from contractbridge.analysis.errors import AnalysisError
from contractbridge.analysis.search import dd_tricks_within
from contractbridge.core.auction import Auction
from contractbridge.core.call import Call
from contractbridge.core.card import Strain
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.deal import Deal
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat, Vulnerability
from contractbridge.robots.bidding.engine import Bidder
from contractbridge.robots.bidding.judgement.contracts import _final
from contractbridge.robots.bidding.judgement.reading import _outside, _penalty_suits
from contractbridge.robots.inference import HandRange, Knowledge, sample_layouts
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import imps

ALL_CARDS = (1 << 52) - 1
#: layouts dealt for each one kept, the likeliest by the calls the hidden hands made
REBID_POOL = 6
#: layouts solved at a time (more than one only while the batch holds at most
#: BATCH_SEARCHES searches: a batch is abandoned whole), and the fewest a judgement rests on
BATCH = 2
BATCH_SEARCHES = 6
MIN_LAYOUTS = 12
#: once MIN_LAYOUTS are solved, the judgement ends when the layouts left could not change its
#: answer: each comparison it rests on stands this many standard deviations of the final mean
#: clear (times SETTLED_BY for the scoring: a matchpoint gain is only better, level or worse,
#: and three once moved an answer), the spread of the gains floored at SPREAD_FLOOR, for a run
#: of equal gains is no proof
SETTLED = 3.0
SETTLED_BY = {"imps": 1.0, "matchpoints": 4 / 3}
SPREAD_FLOOR = {"imps": 1.0, "matchpoints": 0.25}
#: calls bid out after a candidate before the contract is taken as it stands
ROLLOUT_CALLS = 12


@dataclass(frozen=True, slots=True)
class Choice:
    """What the judge weighed: each candidate's mean gain over the rules' call (IMPs per deal,
    or for matchpoints the share of layouts where it scores better less worse)."""

    call: Call
    gains: tuple[tuple[Call, float], ...]
    layouts: int


def _settled(
    gains: dict[Call, list[float]], total: int, margins: dict[Call, float], scoring: str
) -> bool:
    """Whether the judgement's answer on the layouts solved so far would stand on all
    ``total``: the best candidate's gain clear of its margin (or every candidate's short of
    its own), and the best clear of each other candidate, layout by layout. "Clear": by
    :data:`SETTLED` standard deviations of what the layouts left could move the final mean
    (those layouts' mean is uncertain both by their own spread and by how well the layouts
    solved estimate it)."""
    done = len(next(iter(gains.values())))
    left = total - done
    if left <= 0:
        return True
    floor = SPREAD_FLOOR[scoring]
    z = SETTLED * SETTLED_BY[scoring]
    # the final mean is (done * m + left * m_left) / total; m_left's deviation from m has
    # variance spread^2 * (1/left + 1/done)
    scale = left / total * ((1 / left + 1 / done) ** 0.5)

    def clear(values: Sequence[float], above: float) -> int:
        """1 if the values' final mean is clearly above ``above``, -1 clearly below, else 0."""
        mean = statistics.fmean(values)
        spread = max(floor, statistics.stdev(values))
        sd = spread * scale
        return 1 if mean - z * sd > above else -1 if mean + z * sd < above else 0

    best = max(gains, key=lambda c: statistics.fmean(gains[c]))
    if all(clear(g, margins[c]) == -1 for c, g in gains.items()):
        return True  # the rules' call stands
    if clear(gains[best], margins[best]) != 1:
        return False
    return all(
        clear([a - b for a, b in zip(gains[best], g, strict=True)], 0.0) == 1
        for c, g in gains.items()
        if c != best
    )


class _OutOfTime(Exception):
    """The call's budget ran out while the layouts were dealt or bid out: the rules' call
    stands."""


def _in_time(deadline: float) -> None:
    if time.perf_counter() > deadline:
        raise _OutOfTime


class _Simulation:
    """The part of :class:`~contractbridge.robots.bidding.judgement.judge.Judge` that deals the
    layouts, solves them and weighs the candidates."""

    bidder: Bidder
    layouts: int
    margin: float
    slam_margin: float
    scoring: str
    budget: float
    rebid: bool

    # -- simulating -------------------------------------------------------------------------
    def _simulate(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        base: Contract | None,
        candidates: Sequence[Call],
        ranges: dict[Seat, HandRange],
        deadline: float,
        bid_out: Sequence[Call] = (),
    ) -> Choice | None:
        """Weigh ``candidates`` against ``base``, the contract the rules' call leads to if
        the auction ended there; each candidate is taken as the end too, except those in
        ``bid_out`` (invitations), whose contract depends on partner's answer and so is bid
        out on each layout. Bidding out the rules' call as well lost on held-out seeds: the
        rules' invitations then stood against the game bid directly."""
        # the whole call, the rules' choice and the dealing included, ends by the ``deadline``
        # (the budget from the call's start): past it the searches are abandoned (their
        # process is killed), so a call stays within it even on the rare layouts DDS takes
        # seconds over. (A softer budget that stopped solving at 0.3 s once
        # 12 layouts were solved made each decision depend on the machine's load, and cost
        # about 0.1 IMPs a board against BBA: docs/notes/bidding-measurements.md)
        # re-bidding the layouts dealt (:meth:`_misses`) and bidding out the invitations took
        # up to 0.9 s under load: checked between calls, they end by the deadline too
        try:
            deals = self._deals(hand, auction, vulnerability, ranges, deadline)
            if not deals:
                return None
            n = len(deals)
            finals = {
                c: self._outcomes(auction, vulnerability, c, deals, deadline)
                if c in bid_out
                else [_final(auction, c)] * n
                for c in candidates
            }
        except _OutOfTime:
            return None
        bases = [base] * n
        tricks: dict[tuple[int, Strain, Seat], int] = {}
        needs = [
            list(
                dict.fromkeys(
                    (i, c.strain, c.declarer)
                    for c in (bases[i], *(f[i] for f in finals.values()))
                    if c is not None and c.declarer is not None
                )
            )
            for i in range(n)
        ]
        side = auction.turn.side
        last, bidder = auction.last_bid, auction.last_bidder
        # they double a contract of ours that fails over their game (a sacrifice), or once
        # they have doubled us (a run from their double)
        penalized = auction.doubled != Doubled.NONE or (
            last is not None
            and last.strain is not None
            and bidder is not None
            and bidder.side != side
            and last.level >= last.strain.game_level
        )

        def scores(contracts: Sequence[Contract | None], upto: int) -> list[int]:
            """Our side's score on each of the first ``upto`` layouts, in its contract."""
            out = []
            for i in range(upto):
                contract = contracts[i]
                if contract is None or contract.declarer is None:
                    out.append(0)
                    continue
                vul = vulnerability.is_vulnerable(contract.declarer)
                t = tricks[(i, contract.strain, contract.declarer)]
                ours = contract.declarer.side == side
                failed = ours and t < contract.level + 6 and penalized
                if failed and contract.doubled == Doubled.NONE:
                    contract = replace(contract, doubled=Doubled.DOUBLED)
                score = duplicate_score(contract, t, vul)
                out.append(score if ours else -score)
            return out

        def gains(upto: int) -> dict[Call, list[float]]:
            """Each candidate's gain over the rules' call on each of the first ``upto``
            layouts (IMPs, or for matchpoints better 1, worse -1)."""
            reference = scores(bases, upto)
            out: dict[Call, list[float]] = {}
            for call, contracts in finals.items():
                diffs = [a - b for a, b in zip(scores(contracts, upto), reference, strict=True)]
                if self.scoring == "imps":
                    out[call] = [float(imps(d)) for d in diffs]
                else:
                    out[call] = [float((d > 0) - (d < 0)) for d in diffs]
            return out

        # a few layouts at a time; a batch is not begun when the last one's time says it
        # would pass the deadline, and one that passes it is abandoned. Too few layouts solved
        # by then: the rules' call stands. Once enough are solved, the judgement ends as soon
        # as the layouts left could not change its answer (:func:`_settled`)
        margins = self._margins(finals)
        done = 0
        step = 0.0
        while done < n:
            enough = done >= MIN_LAYOUTS
            if enough and _settled(gains(done), n, margins, self.scoring):
                break
            # every contract on a layout or two in one batch: DDS keeps both cores busy, and a
            # batch is only abandoned whole, so a second layout only while it stays small
            keys: list[tuple[int, Strain, Seat]] = []
            stop = done
            while stop < n and stop - done < BATCH:
                if stop > done and len(keys) + len(needs[stop]) > BATCH_SEARCHES:
                    break
                keys += needs[stop]
                stop += 1
            begun = time.perf_counter()
            got = None  # a batch the last one's time says would pass the deadline: not begun
            if begun + step <= deadline:
                try:
                    got = dd_tricks_within([(deals[i], s, d) for i, s, d in keys], deadline - begun)
                except AnalysisError:  # the search process died (killed from outside): a
                    return None  # robot must still answer, and the rules' call stands
            if got is None:
                if enough:
                    break
                return None
            step = time.perf_counter() - begun
            tricks.update(zip(keys, got, strict=True))
            done = stop

        weighed = {call: round(statistics.fmean(g), 3) for call, g in gains(done).items()}
        best = max(weighed, key=lambda c: weighed[c])
        chosen = best if weighed[best] > margins[best] else rule_call
        return Choice(chosen, tuple(weighed.items()), done)

    def _margins(self, candidates: Iterable[Call]) -> dict[Call, float]:
        """How much better than the rules' call each candidate must be to overrule it."""
        return {
            c: self.slam_margin if c.is_bid and c.level >= 6 else self.margin for c in candidates
        }

    def _outcomes(
        self,
        auction: Auction,
        vulnerability: Vulnerability,
        call: Call,
        deals: Sequence[Deal],
        deadline: float,
    ) -> list[Contract | None]:
        """The contract ``call`` leads to on each layout, bid out from there by the system's
        rules at every seat (partner accepts an invitation or not; they bid on or double)."""
        out: list[Contract | None] = [None] * len(deals)
        groups = {(*auction.calls, call): list(range(len(deals)))}
        for _ in range(ROLLOUT_CALLS):
            _in_time(deadline)
            later: dict[tuple[Call, ...], list[int]] = {}
            for calls, idx in groups.items():
                a = Auction(auction.dealer, calls)
                if a.is_complete:
                    for i in idx:
                        out[i] = a.contract
                    continue
                seat = a.turn
                hands = [deals[i].hands[seat] for i in idx]
                chosen = self._bidder_of(seat, auction.turn).choose_many(hands, a, vulnerability)
                for i, (c, _) in zip(idx, chosen, strict=True):
                    later.setdefault((*calls, c), []).append(i)
            groups = later
        for calls, idx in groups.items():  # still bidding: as if it ended here
            contract = _final(Auction(auction.dealer, calls[:-1]), calls[-1])
            for i in idx:
                out[i] = contract
        return out

    def _deals(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        ranges: dict[Seat, HandRange],
        deadline: float,
    ) -> list[Deal]:
        me = auction.turn
        hidden = (me.lho, me.partner, me.rho)
        know = Knowledge(
            unseen=ALL_CARDS & ~hand.mask,
            hidden=hidden,
            counts=(13, 13, 13),
            voids=(frozenset(), frozenset(), frozenset()),
            played=(0, 0, 0),
            ranges=tuple(ranges[s] for s in hidden),
        )
        # the same question gets the same answer: the dealing is seeded by it
        key = f"{hand.mask}:{[c.index for c in auction.calls]}:{auction.dealer}:{vulnerability}"
        seed = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")
        wanted = self.layouts * (REBID_POOL if self.rebid else 1)
        layouts = sample_layouts(know, wanted, np.random.default_rng(seed))
        out = []
        for layout in layouts:
            masks = [0, 0, 0, 0]
            masks[me] = hand.mask
            for seat, mask in zip(hidden, layout, strict=True):
                masks[seat] = mask
            out.append(Deal([Hand.from_mask(m) for m in masks]))
        if not self.rebid:
            return out
        # the ranges are only what the explanations say: a layout in which the hidden hands
        # would have made the calls they made, by the system, is likelier than one in which
        # they would not (partner with game values raises to game; a pass denies a rule's bid)
        misses = self._misses(out, auction, vulnerability, deadline)
        # after a penalty double, first the layouts inside the ranges with the doubler's
        # trumps as good as promised: the split is then tight, too few layouts are dealt
        # inside, and the calls alone preferred a doubler dealt two small trumps. (The same
        # order for every judgement measured level: +1 IMP over seeds 7, 11, 2026 and 4242)
        trumps = [
            (s, suit) for _, s, suit, _ in _penalty_suits(auction, self.bidder.explain(auction))
        ]
        outside = [_outside(d, hidden, ranges, trumps) if trumps else 0 for d in out]
        order = sorted(range(len(out)), key=lambda i: (outside[i], misses[i]))
        return [out[i] for i in order[: self.layouts]]

    def _bidder_of(self, seat: Seat, me: Seat) -> Bidder:
        """Who bids ``seat``'s hidden hand in a layout: our system, or theirs for them."""
        return self.bidder if seat.side == me.side else self.bidder.opponents

    def _misses(
        self, deals: Sequence[Deal], auction: Auction, vul: Vulnerability, deadline: float
    ) -> list[int]:
        """For each layout, how many of the hidden hands' calls the system would not make."""
        calls = auction.calls
        misses = [0] * len(deals)
        for i, call in enumerate(calls):
            seat = auction.seat_of(i)
            if seat == auction.turn:
                continue
            _in_time(deadline)
            hands = [d.hands[seat] for d in deals]
            bidder = self._bidder_of(seat, auction.turn)
            chosen = bidder.choose_many(hands, calls[:i], vul, auction.dealer)
            for k, (c, _) in enumerate(chosen):
                misses[k] += c != call
        return misses
