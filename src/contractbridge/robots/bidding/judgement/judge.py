"""The :class:`Judge`: whether judgement applies at a call and whose contract it is, the
hidden hands read from the auction, and each decision it weighs: game or slam in a contract
of ours (with ``candidates.py``), competing over theirs, sitting in their double or running,
leaving partner's penalty double in or taking it out. The simulation is ``simulation.py``'s."""

from __future__ import annotations

import time
from collections.abc import Sequence

from contractbridge.core.auction import Auction
from contractbridge.core.call import PASS, Call
from contractbridge.core.card import Strain
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat, Vulnerability
from contractbridge.robots.bidding.engine import Bidder
from contractbridge.robots.bidding.explanation import Explanation
from contractbridge.robots.bidding.features import HandFeatures
from contractbridge.robots.bidding.judgement.candidates import (
    _Candidates,
    _slam_values,
    _strains,
)
from contractbridge.robots.bidding.judgement.contracts import (
    _cheapest,
    _final,
    _holder,
)
from contractbridge.robots.bidding.judgement.reading import (
    _agreed,
    _cap_passes,
    _penalty_doubled,
    _penalty_doubles,
    _range,
    _six_card_rebids,
    _strong_openings,
    _takeout_shapes,
    _theirs_to_play,
)
from contractbridge.robots.bidding.judgement.simulation import Choice, _Simulation
from contractbridge.robots.bidding.vocabulary import is_control_bid
from contractbridge.robots.inference import HandRange

#: how much better another call must be to overrule the rules (IMPs per deal; for matchpoints,
#: the share of layouts better less worse), and a slam: a missed slam costs less than a failed
#: one risks, and the layouts flatter a slam the auction has not yet tested
MARGINS = {"imps": (0.75, 2.25), "matchpoints": (0.15, 0.225)}


class Judge(_Candidates, _Simulation):
    """Weighs the rules' call against the contracts the system names, by simulation.

    ``layouts``: hidden-hand layouts dealt per decision (each costs one double-dummy search
    per contract strain); ``margin`` and ``slam_margin``: how much better (IMPs per deal)
    another call, or a slam, must be to overrule the rules (by default :data:`MARGINS`);
    ``scoring``: ``"imps"`` or ``"matchpoints"``; ``budget``: a safety valve, the seconds
    from the call's start (the rules' call included) after which the searches are abandoned
    (if fewer than 12 layouts are solved by then, the rules' call stands). Within it the
    layouts are solved, likeliest first, until the layouts left could not change the answer
    (at least 12; :data:`~.simulation.SETTLED`), so short of the valve a decision depends on
    the seed alone, not on the machine's load (with two processes judging on two cores,
    about one call in 200 reached it at 0.9 s from the dealing).
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
        budget: float = 0.85,
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
        # the valve counts from here: the rules' call and the reading of the auction take
        # their share of the budget (under load they took 0.1 s, and a call 1.005 s)
        deadline = time.perf_counter() + self.budget
        rule_call = self.bidder.choose(hand, auction, vulnerability)
        choice = self.weigh(hand, auction, vulnerability, rule_call, deadline=deadline)
        return rule_call if choice is None else choice.call

    def weigh(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        *,
        deadline: float | None = None,
    ) -> Choice | None:
        """The judgement at this call, or None where the rules' call stands untested. Three
        steps: whose contract it is and whether judgement applies (:meth:`_gate`); for a
        contract of ours, the levels and calls worth weighing (:meth:`_levels`,
        :meth:`_candidates`); then the simulation (:meth:`_simulate`). ``deadline``: the
        :func:`time.perf_counter` by which the searches end (by default the budget from now).
        """
        if deadline is None:
            deadline = time.perf_counter() + self.budget
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
            return self._pull(hand, auction, vulnerability, rule_call, ranges, agreed, deadline)
        gate = self._gate(auction, explained, rule_call)
        if gate is None:
            return None
        ranges, agreed = self._read(hand, auction, explained)
        if holder == "theirs":
            passable = _theirs_to_play(auction, explained)
            return self._compete(
                hand, auction, vulnerability, rule_call, ranges, agreed, passable, deadline
            )
        if holder == "ours doubled":
            return self._run(hand, auction, vulnerability, rule_call, ranges, deadline)
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
        if forced and (base is None or base.level < base.strain.game_level):
            game: Call | None = Call.bid(strains[0].game_level, strains[0])
            if current is not None and game is not None and game.index <= current.index:
                game = _cheapest(current, strains[0])  # past game in the strain
            if game is not None:
                base = _final(auction, game)
        choice = self._simulate(
            hand, auction, vulnerability, rule_call, base, candidates, ranges, deadline, invitations
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
        after = self.bidder.explain((*calls, rule_call), auction.dealer, auction.turn)[-1]
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

    def _compete(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        ranges: dict[Seat, HandRange],
        agreed: Sequence[int],
        passable: bool,
        deadline: float,
    ) -> Choice | None:
        """Their contract, and our fit: pass, bid on at the cheapest level in the fit, or (when
        our values reach it) game or slam there. The rules' call is a pass or a natural bid
        in the fit; the others are weighed against it. Over their game, a contract of ours
        that fails is scored doubled. A pass is weighed only where their bid could be the
        contract (``passable``): over their Michaels cue bid or forcing new suit, the layouts
        had them play it, and the judge's passes of our fit lost 53 IMPs on 34 boards over
        seeds 1848, 3456 and 4848 (its bids there won 59 on 36: they stay)."""
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
        if features.hcp + partner.hcp[1] >= 24 and fit.game_level > level:
            levels.append(fit.game_level)
        if _slam_values(features, partner, fit):
            levels += [n for n in (6, 7) if n >= level]
        bids = [Call.bid(n, fit) for n in levels]
        candidates = [PASS] if passable and not rule_call.is_pass else []
        for bid in bids:
            if bid != rule_call and self._named(auction.calls, auction.dealer, bid, hand):
                candidates.append(bid)
        if not candidates or (candidates == [PASS] and rule_call not in bids):
            return None  # a jump of the rules' with nothing to weigh it against
        base = _final(auction, rule_call)
        return self._simulate(
            hand, auction, vulnerability, rule_call, base, candidates, ranges, deadline
        )

    def _run(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        ranges: dict[Seat, HandRange],
        deadline: float,
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
        return self._pass_or(hand, auction, vulnerability, rule_call, runs, ranges, deadline)

    def _pull(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        ranges: dict[Seat, HandRange],
        agreed: Sequence[int],
        deadline: float,
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
        return self._pass_or(hand, auction, vulnerability, rule_call, pulls, ranges, deadline)

    def _pass_or(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability,
        rule_call: Call,
        bids: Sequence[Call],
        ranges: dict[Seat, HandRange],
        deadline: float,
    ) -> Choice | None:
        """Pass (the contract doubled stands) or one of ``bids``, weighed against the rules'
        call; nothing to weigh when the rules pass and there is no bid."""
        if not bids and rule_call.is_pass:
            return None
        candidates = [c for c in (PASS, *bids) if c != rule_call]
        base = _final(auction, rule_call)
        return self._simulate(
            hand, auction, vulnerability, rule_call, base, candidates, ranges, deadline
        )
