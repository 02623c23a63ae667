"""What the judge weighs for a contract of ours: the strains (:func:`_strains`), the levels
(game; a slam on :func:`_slam_values` or a control bid), the calls the system names here as
contracts to play or invitations, and a slam bid through Blackwood where 4NT asks for aces."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from contractbridge.core.auction import Auction
from contractbridge.core.call import Call
from contractbridge.core.card import Strain
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat
from contractbridge.robots.bidding.engine import Bidder
from contractbridge.robots.bidding.explanation import Explanation
from contractbridge.robots.bidding.features import HandFeatures
from contractbridge.robots.bidding.judgement.contracts import _final
from contractbridge.robots.bidding.judgement.simulation import Choice
from contractbridge.robots.bidding.vocabulary import is_control_bid
from contractbridge.robots.inference import HandRange

#: partner's HCP range may span at most this much for the judge to weigh a contract
MAX_PARTNER_WIDTH = 8
#: slams are weighed when our side holds at least this many HCP for sure
SLAM_FLOOR = 28
#: ... or our support points in a fit and partner's least HCP reach this many
SHAPED_SLAM_FLOOR = 29


class _Candidates:
    """The part of :class:`~contractbridge.robots.bidding.judgement.judge.Judge` that chooses
    the calls worth weighing beside the rules' call, for a contract of ours."""

    bidder: Bidder
    invitations: bool

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
                call = Call.bid(level or strain.game_level, strain)
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
        under = 0 in levels and (stop is None or stop.level < stop.strain.game_level)
        for strain in strains:
            top = strain.game_level
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
        explained = self.bidder.explain((*auction.calls, ask), auction.dealer, ours=auction.turn)
        return explained[-1].rule == "Blackwood"

    def _invites(self, calls: tuple[Call, ...], dealer: Seat, call: Call) -> bool:
        ours = dealer.next(len(calls))
        return self.bidder.explain((*calls, call), dealer, ours)[-1].forcing == "invitational"

    def _named(self, calls: tuple[Call, ...], dealer: Seat, call: Call, hand: Hand) -> bool:
        """Whether the system explains ``call`` here as a natural contract to play, with a
        meaning this hand keeps (partner reads it so: its ranges must hold, a point aside)."""
        e: Explanation = self.bidder.explain((*calls, call), dealer, dealer.next(len(calls)))[-1]
        if e.undiscussed or e.artificial or e.forcing in ("forcing", "game forcing"):
            return False
        f = HandFeatures.of(hand)
        if not e.hcp[0] - 1 <= f.hcp <= e.hcp[1] + 1:
            return False
        if e.balanced and not f.balanced:
            return False
        return all(lo <= hand.length(s) <= hi for s, (lo, hi) in enumerate(e.lengths))


def _slam_values(features: HandFeatures, partner: HandRange, fit: int | None) -> bool:
    """Whether a slam is worth weighing: our HCP and partner's least are 28 for sure, or in
    a fit our support points (shortness counts) and partner's least reach 29."""
    least = partner.hcp[0]
    if features.hcp + least >= SLAM_FLOOR:
        return True
    return fit is not None and features.support_points(fit) + least >= SHAPED_SLAM_FLOOR


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
