"""Judgement where the rules leave a real choice: deal the hidden hands, weigh the contracts.

The rules choose a call. Where the level of the contract is a matter of judgement (a part
score or game, game or slam, let them play or bid on in our fit, a sacrifice over their
game, sit in their double of ours or run, leave partner's penalty double in or take it
out), the :class:`Judge` deals layouts of the three hidden hands consistent with the
auction as the system explains it, takes each candidate contract's double-dummy result on
them, and keeps the rules' call unless another candidate the system names is clearly better
for the scoring in force. A call chosen this way is explained as the system means it: only
calls the system explains here are candidates.

Simple auctions stay rule-only and instant: nothing is dealt unless our values reach towards
a game or a slam the rules' call does not bid, or the opponents' contract meets our fit.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from contractbridge.analysis.errors import AnalysisError
from contractbridge.analysis.search import dd_tricks_within
from contractbridge.core.auction import Auction
from contractbridge.core.call import PASS, Call
from contractbridge.core.card import Strain
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.deal import Deal
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat, Vulnerability
from contractbridge.robots.bidding.engine import Bidder
from contractbridge.robots.bidding.explanation import Explanation, HandConstraints
from contractbridge.robots.bidding.features import HandFeatures
from contractbridge.robots.bidding.vocabulary import is_control_bid
from contractbridge.robots.inference import HandRange, Knowledge, sample_layouts
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import imps

ALL_CARDS = (1 << 52) - 1
#: a seat that passed when it could have opened holds at most this many HCP
PASSED_OPENER_HCP = 12
#: a strong artificial opening is dealt at least this many HCP
STRONG_OPENING_HCP = 20
#: a seat that only passed over an opening holds at most this many HCP
PASSED_OVER_OPENING_HCP = 16
#: partner's HCP range may span at most this much for the judge to weigh a contract
MAX_PARTNER_WIDTH = 8
#: slams are weighed when our side holds at least this many HCP for sure
SLAM_FLOOR = 28
#: ... or our support points in a fit and partner's least HCP reach this many
SHAPED_SLAM_FLOOR = 29
#: how much better another call must be to overrule the rules (IMPs per deal; for matchpoints,
#: the share of layouts better less worse), and a slam: a missed slam costs less than a failed
#: one risks, and the layouts flatter a slam the auction has not yet tested
MARGINS = {"imps": (0.75, 2.25), "matchpoints": (0.15, 0.225)}
#: layouts dealt for each one kept, the likeliest by the calls the hidden hands made
REBID_POOL = 6
#: layouts solved at a time (more than one only while the batch holds at most
#: BATCH_SEARCHES searches: a batch is abandoned whole), and the fewest a judgement rests on
BATCH = 2
BATCH_SEARCHES = 6
MIN_LAYOUTS = 12
#: calls bid out after a candidate before the contract is taken as it stands
ROLLOUT_CALLS = 12
#: the HCP a penalty double promises in their suit (the system's "length and strength")
PENALTY_SUIT_HCP = 4
_GAME_LEVEL = {Strain.C: 5, Strain.D: 5, Strain.H: 4, Strain.S: 4, Strain.NT: 3}


@dataclass(frozen=True, slots=True)
class Choice:
    """What the judge weighed: each candidate's mean gain over the rules' call (IMPs per deal,
    or for matchpoints the share of layouts where it scores better less worse)."""

    call: Call
    gains: tuple[tuple[Call, float], ...]
    layouts: int


class Judge:
    """Weighs the rules' call against the contracts the system names, by simulation.

    ``layouts``: hidden-hand layouts dealt per decision (each costs one double-dummy search
    per contract strain); ``margin`` and ``slam_margin``: how much better (IMPs per deal)
    another call, or a slam, must be to overrule the rules (by default :data:`MARGINS`);
    ``scoring``: ``"imps"`` or ``"matchpoints"``; ``budget``: a safety valve, the seconds
    after which the searches are abandoned (if fewer than 12 layouts are solved by then, the
    rules' call stands). Every layout dealt is solved within it, so a decision depends on the
    seed alone, not on the machine's load: about one call in 500 reaches the valve.
    ``invitations``: also weigh the invitations and part scores the system names below game,
    bid out by the rules on each layout.
    """

    def __init__(
        self,
        bidder: Bidder,
        *,
        layouts: int = 20,
        margin: float | None = None,
        slam_margin: float | None = None,
        scoring: str = "imps",
        budget: float = 2.0,
        rebid: bool = True,
        invitations: bool = True,
    ) -> None:
        if scoring not in ("imps", "matchpoints"):
            raise ValueError(f"no scoring called {scoring!r} (imps or matchpoints)")
        self.bidder = bidder
        self.layouts = layouts
        self.margin = MARGINS[scoring][0] if margin is None else margin
        self.slam_margin = MARGINS[scoring][1] if slam_margin is None else slam_margin
        self.scoring = scoring
        self.budget = budget
        self.rebid = rebid
        self.invitations = invitations

    # -- choosing ---------------------------------------------------------------------------
    def choose(self, hand: Hand, auction: Auction, vulnerability: Vulnerability) -> Call:
        rule_call = self.bidder.choose(hand, auction, vulnerability)
        choice = self.weigh(hand, auction, vulnerability, rule_call)
        return rule_call if choice is None else choice.call

    def weigh(
        self, hand: Hand, auction: Auction, vulnerability: Vulnerability, rule_call: Call
    ) -> Choice | None:
        """The judgement at this call, or None where the rules' call stands untested. Three
        steps: whose contract it is and whether judgement applies (:meth:`_gate`); for a
        contract of ours, the levels and calls worth weighing (:meth:`_levels`,
        :meth:`_candidates`); then the simulation (:meth:`_simulate`)."""
        explained = self.bidder.explain(auction)
        holder = _holder(auction, auction.turn)
        if holder is None:
            return None
        if holder == "theirs doubled":
            # partner's penalty double of their suit at the three level or higher, passed
            # round to us: sit or take it out. Lower, or a takeout double, or a double of an
            # artificial bid, the rules answer: sitting there lost on seed 11 (1H 2H X P
            # left in a Michaels cue bid; 1-level doubles after a redouble left in and made)
            if not _penalty_doubled(auction, explained) or not (
                rule_call.is_pass or rule_call.is_bid
            ):
                return None
            ranges, agreed = self._read(hand, auction, explained)
            return self._pull(hand, auction, vulnerability, rule_call, ranges, agreed)
        gate = self._gate(auction, explained, rule_call)
        if gate is None:
            return None
        ranges, agreed = self._read(hand, auction, explained)
        if holder == "theirs":
            return self._compete(hand, auction, vulnerability, rule_call, ranges, agreed)
        if holder == "ours doubled":
            return self._run(hand, auction, vulnerability, rule_call, ranges)
        cued, cueing = gate
        strains = _strains(hand, ranges[auction.turn.partner], agreed)
        fit = strains[0] if strains and strains[0] != Strain.NT else None
        cue = fit if cued or cueing else None  # the suit the control bids agreed
        levels, forced = self._levels(
            hand, auction, explained, rule_call, ranges, cued, cueing, fit
        )
        if not levels:
            return None
        contracts, invitations = self._candidates(hand, auction, rule_call, strains, levels, cue)
        candidates = contracts + invitations
        if not candidates:
            return None
        # a control bid goes on to game in the agreed suit at least
        base = _final(auction, Call.bid(4, cue) if cueing and cue is not None else rule_call)
        current = auction.last_bid
        if forced and (base is None or base.level < _GAME_LEVEL[base.strain]):
            game: Call | None = Call.bid(_GAME_LEVEL[strains[0]], strains[0])
            if current is not None and game is not None and game.index <= current.index:
                game = _cheapest(current, strains[0])  # past game in the strain
            if game is not None:
                base = _final(auction, game)
        choice = self._simulate(
            hand, auction, vulnerability, rule_call, base, candidates, ranges, invitations
        )
        if choice is not None and current is not None:
            choice = self._by_blackwood(auction, choice, (current.strain, cue))
        return choice

    def _gate(
        self, auction: Auction, explained: Sequence[Explanation], rule_call: Call
    ) -> tuple[bool, bool] | None:
        """Whether judgement applies over partner's last bid and the rules' call: None if
        not, else whether partner's last call was a control bid and whether the rules' is."""
        calls = auction.calls
        partner = auction.turn.partner
        partners = [i for i in range(len(calls)) if auction.seat_of(i) == partner]
        if not partners or not any(calls[i].is_bid for i in partners):
            return None
        last = partners[-1]
        # an ask of partner's (Stayman, a waiting 2D, Jacoby 2NT) is answered by the rules;
        # an answer to our own ask is read like any call, through its explanation. A control
        # bid asks nothing: whether to bid the slam stays a judgement
        cued = is_control_bid(explained[last])
        if explained[last].artificial and explained[last].forcing and not cued:
            return None
        after = self.bidder.explain((*calls, rule_call), auction.dealer)[-1]
        cueing = is_control_bid(after)
        if (
            rule_call.is_bid
            and (after.artificial or after.forcing in ("forcing", "game forcing"))
            and not cueing
        ):
            return None
        if not rule_call.is_pass and not rule_call.is_bid:
            return None
        return cued, cueing

    def _levels(
        self,
        hand: Hand,
        auction: Auction,
        explained: Sequence[Explanation],
        rule_call: Call,
        ranges: dict[Seat, HandRange],
        cued: bool,
        cueing: bool,
        fit: Strain | None,
    ) -> tuple[list[int], bool]:
        """The levels worth weighing (0: game, by strain; 6 and 7), and whether a game force
        (a strong jump shift, a 2♣ opening, a control bid) makes no part score final."""
        me, partner = auction.turn, auction.turn.partner
        ours = [i for i in range(len(auction.calls)) if auction.seat_of(i) in (me, partner)]
        features = HandFeatures.of(hand)
        lo = features.hcp + ranges[partner].hcp[0]
        hi = features.hcp + ranges[partner].hcp[1]
        # over an unlimited hand the auction goes on: only a slam is weighed then, unless the
        # rules would pass and so end it
        limited = hi - lo <= MAX_PARTNER_WIDTH
        forced = (
            cued
            or cueing
            or any(
                explained[i].forcing == "game forcing" or explained[i].text.startswith("strong")
                for i in ours
            )
        )
        levels: list[int] = []
        if hi >= 24 and not forced and (limited or rule_call.is_pass):
            levels.append(0)  # game, by strain
        # a control bid of either of ours has put a slam on the table: weigh it, whatever
        # the ranges say (a control bid promises slam values its explanation does not count)
        exploring = cueing or any(is_control_bid(explained[i]) for i in ours)
        if exploring or _slam_values(features, ranges[partner], fit):
            levels += [6, 7]
        return levels, forced

    def _candidates(
        self,
        hand: Hand,
        auction: Auction,
        rule_call: Call,
        strains: Sequence[Strain],
        levels: Sequence[int],
        cue: Strain | None,
    ) -> tuple[list[Call], list[Call]]:
        """The calls to weigh beside the rules' call, each one the system can name here: the
        games and slams (taken as the end), and the invitations (bid out on each layout)."""
        calls, current = auction.calls, auction.last_bid
        contracts: list[Call] = []
        for strain in strains:
            for level in levels:
                call = Call.bid(level or _GAME_LEVEL[strain], strain)
                if current is not None and call.index <= current.index:
                    continue
                if call == rule_call:
                    continue
                # a slam in the suit of the last bid is reached through Blackwood, which
                # promises no range: partner reads the ask, not the slam
                asked = level >= 6 and current is not None and strain in (current.strain, cue)
                if (asked and self._asks_aces(auction)) or self._named(
                    calls, auction.dealer, call, hand
                ):
                    contracts.append(call)
        invitations: list[Call] = []
        if not self.invitations:
            return contracts, invitations
        # an invitation (partner, bidding on by the rules, accepts or not): below game or a
        # part score when game is weighed and the rules stop below it (the layouts are too few
        # to overrule a game for a part score), between game and slam (a quantitative 4NT)
        # when slam is. Not a pass of partner's invitation: too few layouts again to read
        # partner's extras from (tried: level over seeds 7 and 11)
        stop = _final(auction, rule_call)
        under = 0 in levels and (stop is None or stop.level < _GAME_LEVEL[stop.strain])
        for strain in strains:
            top = _GAME_LEVEL[strain]
            for n in range(1, 6):
                call = Call.bid(n, strain)
                if current is not None and call.index <= current.index:
                    continue
                if n == top or (n < top and not under) or (n > top and 6 not in levels):
                    continue
                if call == rule_call or not self._named(calls, auction.dealer, call, hand):
                    continue
                # below game, a part score only in place of a pass: over a bid of the
                # rules', taken as the end, a bid-out 1NT looked better than the 1H that
                # finds a 4-4 fit; past game only an invitation to slam (a sign-off is the
                # rules' own)
                part_score = n < top and rule_call.is_pass
                if part_score or self._invites(calls, auction.dealer, call):
                    invitations.append(call)
        return contracts, invitations

    def _read(
        self, hand: Hand, auction: Auction, explained: Sequence[Explanation]
    ) -> tuple[dict[Seat, HandRange], list[int]]:
        """The hidden hands' ranges as the auction explains them, and the suits we agreed."""
        constraints = self.bidder.constraints(auction)
        ranges = {s: _range(constraints[s]) for s in Seat}
        _cap_passes(auction, ranges)
        _takeout_shapes(auction, explained, ranges)
        _strong_openings(auction, explained, ranges)
        _six_card_rebids(auction, explained, ranges)
        _penalty_doubles(hand, auction, explained, ranges)
        return ranges, _agreed(auction, explained, auction.turn, ranges)

    def _by_blackwood(
        self, auction: Auction, choice: Choice, strains: tuple[Strain | None, ...]
    ) -> Choice:
        """A slam in the suit of the last bid (or the suit control bids agreed) goes through
        Blackwood when 4NT asks for aces here: the answers keep us out of a slam missing two
        aces, the kings find a grand."""
        call = choice.call
        if not call.is_bid or call.level < 6 or call.strain not in strains:
            return choice
        if not self._asks_aces(auction):
            return choice
        return replace(choice, call=Call.bid(4, Strain.NT))

    def _asks_aces(self, auction: Auction) -> bool:
        """Whether 4NT here is Blackwood."""
        ask = Call.bid(4, Strain.NT)
        current = auction.last_bid
        if current is None or current.index >= ask.index:
            return False
        return self.bidder.explain((*auction.calls, ask), auction.dealer)[-1].rule == "Blackwood"

    def _compete(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        ranges: dict[Seat, HandRange],
        agreed: Sequence[int],
    ) -> Choice | None:
        """Their contract, and our fit: pass, bid on at the cheapest level in the fit, or (when
        our values reach it) game or slam there. The rules' call is a pass or a natural bid
        in the fit; the others are weighed against it. Over their game, a contract of ours
        that fails is scored doubled."""
        partner = ranges[auction.turn.partner]
        fits = [s for s in _strains(hand, partner, agreed) if s != Strain.NT]
        current = auction.last_bid
        if not fits or current is None or current.strain is None:
            return None
        fit = fits[0]
        if not (rule_call.is_pass or rule_call.strain == fit):
            return None  # a double, a new suit or notrump: the rules' own
        cheapest = _cheapest(current, fit)
        if cheapest is None:
            return None
        level = cheapest.level
        features = HandFeatures.of(hand)
        levels = [level] if level <= 5 else []
        # game, where our values may reach it; a slam on sure values or on shape
        if features.hcp + partner.hcp[1] >= 24 and _GAME_LEVEL[fit] > level:
            levels.append(_GAME_LEVEL[fit])
        if _slam_values(features, partner, fit):
            levels += [n for n in (6, 7) if n >= level]
        bids = [Call.bid(n, fit) for n in levels]
        candidates = [PASS] if not rule_call.is_pass else []
        for bid in bids:
            if bid != rule_call and self._named(auction.calls, auction.dealer, bid, hand):
                candidates.append(bid)
        if not candidates or (candidates == [PASS] and rule_call not in bids):
            return None  # a jump of the rules' with nothing to weigh it against
        base = _final(auction, rule_call)
        return self._simulate(hand, auction, vulnerability, rule_call, base, candidates, ranges)

    def _run(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        ranges: dict[Seat, HandRange],
    ) -> Choice | None:
        """Our contract doubled and passed round to us: sit, or run to a suit the system
        names here (partner's, or a long one of ours), at the cheapest level."""
        current = auction.last_bid
        if current is None or current.strain is None or not auction.calls[-1].is_pass:
            return None
        if not (rule_call.is_pass or rule_call.is_bid):
            return None
        runs = []
        for strain in (Strain.C, Strain.D, Strain.H, Strain.S):
            if strain == current.strain:
                continue
            call = _cheapest(current, strain)
            if call is None:
                continue
            named = call.level <= 3 and call != rule_call
            if named and self._named(auction.calls, auction.dealer, call, hand):
                runs.append(call)
        return self._pass_or(hand, auction, vulnerability, rule_call, runs, ranges)

    def _pull(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        ranges: dict[Seat, HandRange],
        agreed: Sequence[int],
    ) -> Choice | None:
        """Partner's penalty double of their contract, passed round to us: leave it in, or
        take it out to our fit or a long suit of ours, at the cheapest level (up to five),
        where the system names the take-out: short in their suit, for the layouts know the
        doubler's trumps long and strong in HCP but not how well placed, and with two cards
        there the defence is partner's to judge. A contract of ours that fails is scored
        doubled."""
        current = auction.last_bid
        if current is None:
            return None
        partner = ranges[auction.turn.partner]
        strains: list[Strain] = [s for s in _strains(hand, partner, agreed) if s != Strain.NT]
        strains += [Strain(s) for s in range(4) if hand.length(s) >= 6 and s not in strains]
        pulls = []
        for strain in strains:
            if strain == current.strain:
                continue
            call = _cheapest(current, strain)
            if (
                call is not None
                and call.level <= 5
                and call != rule_call
                and self._named(auction.calls, auction.dealer, call, hand)
            ):
                pulls.append(call)
        return self._pass_or(hand, auction, vulnerability, rule_call, pulls, ranges)

    def _pass_or(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        bids: Sequence[Call],
        ranges: dict[Seat, HandRange],
    ) -> Choice | None:
        """Pass (the contract doubled stands) or one of ``bids``, weighed against the rules'
        call; nothing to weigh when the rules pass and there is no bid."""
        if not bids and rule_call.is_pass:
            return None
        candidates = [c for c in (PASS, *bids) if c != rule_call]
        base = _final(auction, rule_call)
        return self._simulate(hand, auction, vulnerability, rule_call, base, candidates, ranges)

    def _invites(self, calls: tuple[Call, ...], dealer: Seat, call: Call) -> bool:
        return self.bidder.explain((*calls, call), dealer)[-1].forcing == "invitational"

    def _named(self, calls: tuple[Call, ...], dealer: Seat, call: Call, hand: Hand) -> bool:
        """Whether the system explains ``call`` here as a natural contract to play, with a
        meaning this hand keeps (partner reads it so: its ranges must hold, a point aside)."""
        e: Explanation = self.bidder.explain((*calls, call), dealer)[-1]
        if e.undiscussed or e.artificial or e.forcing in ("forcing", "game forcing"):
            return False
        f = HandFeatures.of(hand)
        if not e.hcp[0] - 1 <= f.hcp <= e.hcp[1] + 1:
            return False
        if e.balanced and not f.balanced:
            return False
        return all(lo <= hand.length(s) <= hi for s, (lo, hi) in enumerate(e.lengths))

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
        bid_out: Sequence[Call] = (),
    ) -> Choice | None:
        """Weigh ``candidates`` against ``base``, the contract the rules' call leads to if
        the auction ended there; each candidate is taken as the end too, except those in
        ``bid_out`` (invitations), whose contract depends on partner's answer and so is bid
        out on each layout. Bidding out the rules' call as well lost on held-out seeds: the
        rules' invitations then stood against the game bid directly."""
        # the whole judgement, dealing included, ends by the budget: past it the searches are
        # abandoned (their process is killed), so a call stays within it even on the rare
        # layouts DDS takes seconds over. (A softer budget that stopped solving at 0.3 s once
        # 12 layouts were solved made each decision depend on the machine's load, and cost
        # about 0.1 IMPs a board against BBA: docs/notes/bidding-measurements.md)
        deadline = time.perf_counter() + self.budget
        deals = self._deals(hand, auction, vulnerability, ranges)
        if not deals:
            return None
        n = len(deals)
        bases = [base] * n
        finals = {
            c: self._outcomes(auction, vulnerability, c, deals)
            if c in bid_out
            else [_final(auction, c)] * n
            for c in candidates
        }
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
        # a few layouts at a time; a batch is not begun when the last one's time says it
        # would pass the deadline, and one that passes it is abandoned. Too few layouts solved
        # by then: the rules' call stands
        done = 0
        step = 0.0
        while done < n:
            enough = done >= MIN_LAYOUTS
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

        side = auction.turn.side
        last, bidder = auction.last_bid, auction.last_bidder
        # they double a contract of ours that fails over their game (a sacrifice), or once
        # they have doubled us (a run from their double)
        penalized = auction.doubled != Doubled.NONE or (
            last is not None
            and last.strain is not None
            and bidder is not None
            and bidder.side != side
            and last.level >= _GAME_LEVEL[last.strain]
        )

        def scores(contracts: Sequence[Contract | None]) -> list[int]:
            """Our side's score on each layout solved, in its contract."""
            out = []
            for i in range(done):
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

        reference = scores(bases)
        gains: list[tuple[Call, float]] = []
        for call, contracts in finals.items():
            diffs = [a - b for a, b in zip(scores(contracts), reference, strict=True)]
            if self.scoring == "imps":
                gain = statistics.fmean(imps(d) for d in diffs)
            else:
                gain = statistics.fmean((d > 0) - (d < 0) for d in diffs)
            gains.append((call, round(gain, 3)))
        best, gain = max(gains, key=lambda g: g[1])
        margin = self.slam_margin if best.is_bid and best.level >= 6 else self.margin
        chosen = best if gain > margin else rule_call
        return Choice(chosen, tuple(gains), done)

    def _outcomes(
        self, auction: Auction, vulnerability: Vulnerability, call: Call, deals: Sequence[Deal]
    ) -> list[Contract | None]:
        """The contract ``call`` leads to on each layout, bid out from there by the system's
        rules at every seat (partner accepts an invitation or not; they bid on or double)."""
        out: list[Contract | None] = [None] * len(deals)
        groups = {(*auction.calls, call): list(range(len(deals)))}
        for _ in range(ROLLOUT_CALLS):
            later: dict[tuple[Call, ...], list[int]] = {}
            for calls, idx in groups.items():
                a = Auction(auction.dealer, calls)
                if a.is_complete:
                    for i in idx:
                        out[i] = a.contract
                    continue
                seat = a.turn
                hands = [deals[i].hands[seat] for i in idx]
                chosen = self.bidder.choose_many(hands, a, vulnerability)
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
        misses = self._misses(out, auction, vulnerability)
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

    def _misses(self, deals: Sequence[Deal], auction: Auction, vul: Vulnerability) -> list[int]:
        """For each layout, how many of the hidden hands' calls the system would not make."""
        calls = auction.calls
        misses = [0] * len(deals)
        for i, call in enumerate(calls):
            seat = auction.seat_of(i)
            if seat == auction.turn:
                continue
            hands = [d.hands[seat] for d in deals]
            chosen = self.bidder.choose_many(hands, calls[:i], vul, auction.dealer)
            for k, (c, _) in enumerate(chosen):
                misses[k] += c != call
        return misses


def _outside(
    deal: Deal,
    seats: Sequence[Seat],
    ranges: dict[Seat, HandRange],
    trumps: Sequence[tuple[Seat, int]] = (),
) -> int:
    """How far the hands of ``seats`` lie outside their ranges (HCP and cards), and a
    penalty doubler's holding in their suit short of the strength its double promises."""
    out = 0
    for seat, suit in trumps:
        if seat in seats:
            strength = HandFeatures.of(deal.hands[seat]).suit_hcp[suit]
            out += max(0, PENALTY_SUIT_HCP - strength)
    for seat in seats:
        hand, r = deal.hands[seat], ranges[seat]
        hcp = HandFeatures.of(hand).hcp
        out += max(0, r.hcp[0] - hcp, hcp - r.hcp[1])
        for suit, (lo, hi) in enumerate(r.lengths):
            n = hand.length(suit)
            out += max(0, lo - n, n - hi)
    return out


def _holder(auction: Auction, me: Seat) -> str | None:
    """Whose the contract so far is: "ours" or "theirs", "ours doubled" (they doubled it) or
    "theirs doubled" (partner doubled it, and they passed); None: no contract yet, or one the
    rules alone answer (redoubled)."""
    bidder = auction.last_bidder
    if bidder is None or auction.doubled == Doubled.REDOUBLED:
        return None
    ours = bidder.side == me.side
    if auction.doubled == Doubled.DOUBLED:
        if ours:
            return "ours doubled"
        # doubled by one of us and not ours: at our turn, partner doubled and they passed
        partners = (
            len(auction.calls) >= 2 and auction.calls[-2].is_double and auction.calls[-1].is_pass
        )
        return "theirs doubled" if partners else None
    return "ours" if ours else "theirs"


def _slam_values(features: HandFeatures, partner: HandRange, fit: int | None) -> bool:
    """Whether a slam is worth weighing: our HCP and partner's least are 28 for sure, or in
    a fit our support points (shortness counts) and partner's least reach 29."""
    least = partner.hcp[0]
    if features.hcp + least >= SLAM_FLOOR:
        return True
    return fit is not None and features.support_points(fit) + least >= SHAPED_SLAM_FLOOR


def _final(auction: Auction, call: Call) -> Contract | None:
    """The contract if ``call`` ended the auction (None: passed out)."""
    a = auction.copy()
    a.add(call)
    while not a.is_complete:
        a.add(PASS)
    return a.contract


def _range(c: HandConstraints) -> HandRange:
    r = HandRange(hcp=c.hcp, lengths=list(c.lengths))
    if c.balanced:
        r.balanced()
    return r


def _cap_passes(auction: Auction, ranges: dict[Seat, HandRange]) -> None:
    """What the system's explanations leave out: a pass where one could open, or act over
    an opening, limits the hand."""
    opened = False
    capped: set[Seat] = set()
    for i, call in enumerate(auction.calls):
        seat = auction.seat_of(i)
        if call.is_pass and seat not in capped:
            cap = PASSED_OVER_OPENING_HCP if opened else PASSED_OPENER_HCP
            ranges[seat].narrow_hcp(0, cap)
        capped.add(seat)
        opened = opened or call.is_bid


def _strong_openings(
    auction: Auction, explained: Sequence[Explanation], ranges: dict[Seat, HandRange]
) -> None:
    """A strong artificial opening (2♣) is read as its usual strength: the playing-tricks
    hands it also covers are rare, and a range from 12 HCP would hide every slam."""
    for i, call in enumerate(auction.calls):
        if call.is_bid and explained[i].artificial and explained[i].text.startswith("strong"):
            ranges[auction.seat_of(i)].narrow_hcp(STRONG_OPENING_HCP, 37)


def _six_card_rebids(
    auction: Auction, explained: Sequence[Explanation], ranges: dict[Seat, HandRange]
) -> None:
    """A suit rebid as "a six-card suit" is read so. Its explanation's lengths are the widest
    of the rules that make the call, one of which rebids a five-card suit when nothing else
    fits; that hand is rare, and reading five cards hides a fit (two cards opposite a strong
    jump shift's rebid suit)."""
    for i, call in enumerate(auction.calls):
        text = explained[i].text
        six = "6-card suit" in text or "six-card suit" in text
        if six and call.is_bid and call.strain is not None and call.strain <= 3:
            ranges[auction.seat_of(i)].narrow_length(call.strain, 6)


def _takeout_shapes(
    auction: Auction, explained: Sequence[Explanation], ranges: dict[Seat, HandRange]
) -> None:
    """A takeout double's shape, which its explanation leaves to the words: short in the
    suits the doubler's opponents bid, three or more in the others (a strong doubler of
    any shape is rarer, so three cards in their suit are allowed)."""
    theirs: dict[int, set[int]] = {0: set(), 1: set()}
    for i, call in enumerate(auction.calls):
        seat = auction.seat_of(i)
        if call.is_bid and call.strain is not None and call.strain <= 3:
            if not explained[i].artificial:
                theirs[1 - seat.side].add(call.strain)
        elif call.is_double and explained[i].text.startswith("takeout") and theirs[seat.side]:
            for suit in range(4):
                if suit in theirs[seat.side]:
                    ranges[seat].narrow_length(suit, 0, 3)
                else:
                    ranges[seat].narrow_length(suit, 3)


def _cheapest(current: Call, strain: Strain) -> Call | None:
    """The cheapest bid in ``strain`` over ``current``; None over seven of a higher strain
    (after 7S doubled there is no 8C to run to)."""
    level = current.level + (current.strain is not None and strain <= current.strain)
    return Call.bid(level, strain) if level <= 7 else None


def _penalty_doubled(auction: Auction, explained: Sequence[Explanation]) -> bool:
    """Whether the contract stands doubled by partner for penalties, in their natural suit
    at the three level or higher, and passed round to us."""
    calls = auction.calls
    if len(calls) < 3 or not calls[-1].is_pass:
        return False
    return any(
        i == len(calls) - 2 and level >= 3 for i, _, _, level in _penalty_suits(auction, explained)
    )


def _penalty_suits(
    auction: Auction, explained: Sequence[Explanation]
) -> list[tuple[int, Seat, int, int]]:
    """The penalty doubles of natural suit bids: where each stands in the auction, the
    doubler, their suit and its level (not "values: for penalties", which may be short in
    their suit)."""
    out = []
    for i, call in enumerate(auction.calls):
        if not call.is_double or not explained[i].text.startswith("penalty"):
            continue
        j = next((j for j in range(i - 1, -1, -1) if auction.calls[j].is_bid), None)
        if j is None or explained[j].artificial:
            continue
        last = auction.calls[j]
        if last.strain is not None and last.strain <= 3:
            out.append((i, auction.seat_of(i), int(last.strain), last.level))
    return out


def _penalty_doubles(
    hand: Hand, auction: Auction, explained: Sequence[Explanation], ranges: dict[Seat, HandRange]
) -> None:
    """A penalty double of a suit is read, as its words say, with length in it (its
    explanation counts the points, and would deal the doubler short in their trumps): four
    cards up to the three level, three above, as many as the suit has room for beside our
    hand and the lengths the others showed in it."""
    me = auction.turn
    for _, seat, suit, level in _penalty_suits(auction, explained):
        others = sum(ranges[s].lengths[suit][0] for s in Seat if s not in (seat, me))
        least = min(4 if level <= 3 else 3, 13 - hand.length(suit) - others)
        if ranges[seat].lengths[suit][0] < least <= ranges[seat].lengths[suit][1]:
            ranges[seat].narrow_length(suit, least)


def _agreed(
    auction: Auction, explained: Sequence[Explanation], me: Seat, ranges: dict[Seat, HandRange]
) -> list[int]:
    """The suits one of us bid and the other raised or gave preference to, in the order
    agreed; the raiser's range is given three cards at least."""
    bid_by: dict[int, Seat] = {}
    agreed: list[int] = []
    for i, call in enumerate(auction.calls):
        seat = auction.seat_of(i)
        if seat not in (me, me.partner) or not call.is_bid or explained[i].artificial:
            continue
        s = call.strain
        if s is None or s > 3:
            continue
        first = bid_by.setdefault(s, seat)
        if first != seat and s not in agreed:
            agreed.append(s)
            ranges[seat].narrow_length(s, 3)
    return agreed


def _strains(hand: Hand, partner: HandRange, agreed: Sequence[int] = ()) -> list[Strain]:
    """The strains to weigh: our best fit (a suit agreed, eight cards or more between us, or a
    six-card suit of ours that partner may hold two of: partner's explanation rarely counts
    his cards in it, and 3NT on a six-card major lost against four of it on seeds 7 and 11),
    a major first, and notrump when there is no major fit."""
    fits = [
        s
        for s in range(4)
        if hand.length(s) + partner.lengths[s][0] >= 8
        or s in agreed
        or (hand.length(s) >= 6 and partner.lengths[s][1] >= 2)
    ]
    fits.sort(
        key=lambda s: (s in agreed, s >= 2, hand.length(s) + partner.lengths[s][0]), reverse=True
    )
    out = [Strain(fits[0])] if fits else []
    if not fits or fits[0] < 2:
        out.append(Strain.NT)
    return out
