"""The Minibridge robot: announces, opens, chooses its contract by double-dummy simulation
and plays the cards with the card-play robot, from its seat's :class:`MiniView` only.

To choose a contract it deals the cards it cannot see many times, consistently with what it
knows (the points every player announced; partner's slip in the slips form), by the robots'
shared :func:`~contractbridge.robots.inference.sample_deals`; solves the deals double dummy
in the few strains worth trying (notrump, and the suits where its side holds eight cards
or, lacking one, its longest fit) and takes the contract with the best average Minibridge
score. In the slips form it overcalls, or bids again, only when naming a higher contract
is worth more on average than letting the last one be played.

>>> robot = MinibridgeRobot(seed=1)
>>> robot.name
'Robot'
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from contractbridge.analysis.dd import dd_strain_tricks
from contractbridge.core.card import STRAINS, Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.minibridge import Form, MiniView, declared_contract, outranks
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.cardplay import CardPlayer
from contractbridge.robots.inference import HandRange, Knowledge, sample_deals, seeded_rng
from contractbridge.scoring.minibridge import minibridge_score

#: a robot says "I open" with this many points or more (the slips form)
OPEN_POINTS = 12


@dataclass(frozen=True, slots=True)
class Choice:
    """Why a contract was chosen: each option's average score for the robot's side (None
    stands for pass), the number of deals solved and the seconds the decision took."""

    choice: Contract | None
    values: dict[Contract | None, float]
    samples: int
    seconds: float


def average_scores(
    deals: Sequence[Deal],
    options: Sequence[Contract],
    side_of: Seat,
    vulnerable: bool = False,
    *,
    max_seconds: float | None = None,
    chunk: int = 2,
) -> tuple[dict[Contract, float], dict[Contract, float], int]:
    """Each contract's average Minibridge score for ``side_of``'s side, double dummy, the
    share of the deals on which it is made, and the number of deals solved.

    Deals are solved ``chunk`` at a time; after ``max_seconds`` (when given) the deals
    solved so far decide (at least one chunk): a few deals are much slower than most.
    """
    strains = {c.strain for c in options}
    started = time.perf_counter()
    tricks: list[dict[Strain, tuple[int, int, int, int]]] = []
    for start in range(0, len(deals), chunk):
        tricks.extend(dd_strain_tricks(deals[start : start + chunk], strains))
        if max_seconds is not None and time.perf_counter() - started > max_seconds:
            break
    if not tricks:
        return {c: 0.0 for c in options}, {c: 0.0 for c in options}, 0
    values: dict[Contract, float] = {}
    made: dict[Contract, float] = {}
    for contract in options:
        assert contract.declarer is not None
        sign = 1 if contract.declarer.side == side_of.side else -1
        taken = [t[contract.strain][contract.declarer] for t in tricks]
        total = sum(minibridge_score(contract, n, vulnerable) for n in taken)
        values[contract] = sign * total / len(tricks)
        made[contract] = sum(n >= contract.level + 6 for n in taken) / len(tricks)
    return values, made, len(tricks)


def fit_strains(ours: Sequence[int]) -> list[Strain]:
    """Notrump and the suits where the side holds eight cards or more, the two longest at
    most (lacking one, its longest fit): ``ours`` is the side's length of each suit, clubs
    first. Each strain tried costs a double-dummy solve of every sampled deal.

    >>> fit_strains([3, 4, 8, 5]), fit_strains([6, 7, 7, 6]), fit_strains([8, 1, 9, 8])
    ([<Strain.H: 2>, <Strain.NT: 4>], [<Strain.D: 1>, <Strain.H: 2>, <Strain.NT: 4>], \
[<Strain.C: 0>, <Strain.H: 2>, <Strain.NT: 4>])
    """
    by_length = sorted(range(4), key=lambda s: (-ours[s], s))
    suits = [s for s in by_length[:2] if ours[s] >= 8] or [
        s for s in range(4) if ours[s] == ours[by_length[0]]
    ]
    return [STRAINS[s] for s in sorted(suits)] + [Strain.NT]


class _InformedCardPlayer(CardPlayer):
    """The card player, told the hidden hands' points and lengths Minibridge announced."""

    ranges: dict[Seat, HandRange]

    def knowledge(self, view: SeatView) -> Knowledge:
        know = super().knowledge(view)
        known = getattr(self, "ranges", {})
        know.ranges = tuple(known.get(s, r) for s, r in zip(know.hidden, know.ranges, strict=True))
        return know


class MinibridgeRobot:
    """A Minibridge player that decides from its :class:`MiniView` alone.

    ``samples`` deals are solved per contract decision (in the strains worth trying), two
    at a time, stopping early once ``max_seconds`` have passed (a few deals take DDS much
    longer); ``budget`` is the card player's seconds per card. The same ``seed`` and view
    give the same decision (always, with ``max_seconds=None``).
    """

    def __init__(
        self,
        *,
        seed: int = 0,
        samples: int = 6,
        max_seconds: float | None = 0.5,
        budget: float = 0.5,
        name: str = "Robot",
    ) -> None:
        self.seed = seed
        self.samples = samples
        self.max_seconds = max_seconds
        self.name = name
        self.player = _InformedCardPlayer(
            seed=seed, budget=budget, lead_budget=budget * 2, max_seconds=3.0
        )
        self.last: Choice | None = None

    def _rng(self, view: MiniView, purpose: str) -> np.random.Generator:
        key = (
            f"{purpose}|{view.seat}|{view.hand.mask}|{view.dummy}|{view.partner_slip}|"
            f"{[(a.seat, a.kind, a.points, str(a.contract)) for a in view.actions]}"
        )
        return seeded_rng(self.seed, key)

    # -- the auction's decisions ----------------------------------------------------------
    def announce(self, view: MiniView) -> int:
        """The points held (the rules ask for the true count)."""
        return view.slip.points

    def speak(self, view: MiniView) -> bool:
        """Slips form: "I open" with :data:`OPEN_POINTS` or more."""
        return view.slip.points >= OPEN_POINTS

    def declare(self, view: MiniView) -> tuple[Strain, bool]:
        """Points form, as declarer having seen dummy: the strain, and game or partscore."""
        started = time.perf_counter()
        assert view.dummy is not None and view.form == Form.POINTS
        me = view.seat
        ours = [view.hand.length(s) + view.dummy.length(s) for s in range(4)]
        options = [
            declared_contract(strain, game, me)
            for strain in fit_strains(ours)
            for game in (False, True)
        ]
        known = {me: view.hand, me.partner: view.dummy}
        deals = sample_deals(known, self.samples, self._rng(view, "declare"), points=view.announced)
        vul = view.vulnerability.is_vulnerable(me)
        values, _, solved = average_scores(deals, options, me, vul, max_seconds=self.max_seconds)
        best = max(options, key=lambda c: values[c])  # the first of equals: partscore, minor
        self.last = Choice(best, dict(values.items()), solved, time.perf_counter() - started)
        return best.strain, best.level > 1

    def bid(self, view: MiniView) -> Contract | None:
        """Slips form, as opener or overcaller: a higher contract, or None to pass."""
        started = time.perf_counter()
        me = view.seat
        assert view.partner_slip is not None
        ours = [view.hand.length(s) + view.partner_slip.length(s) for s in range(4)]
        standing = view.standing
        strains = set(fit_strains(ours))
        if standing is not None:
            strains.add(standing[1].strain)
        options = [
            Contract(level, strain, declarer=me)
            for level in range(1, 8)
            for strain in sorted(strains)
            if outranks(Contract(level, strain), standing[1] if standing else None)
        ]
        against = standing[1].with_declarer(standing[0]) if standing is not None else None
        scored = options + ([against] if against is not None else [])
        deals = sample_deals(
            {me: view.hand},
            self.samples,
            self._rng(view, "bid"),
            slips={me.partner: view.partner_slip},
        )
        vul = view.vulnerability.is_vulnerable(me)
        averages, made, solved = average_scores(
            deals, scored, me, vul, max_seconds=self.max_seconds
        )
        values: dict[Contract | None, float] = dict(averages.items())
        choice: Contract | None = None
        if against is None:  # the opener's first contract: the best on average
            choice = max(options, key=lambda c: values[c])
        else:
            values[None] = values.pop(against)
            # a higher contract only if it is made at least as often as not: robots that
            # sacrificed (undertricks cost only 50) outbid each other up to seven
            likely = [c for c in options if made[c] >= 0.5]
            best = max(likely, key=lambda c: values[c], default=None)
            if best is not None and values[best] > values[None]:
                choice = best
        self.last = Choice(choice, values, solved, time.perf_counter() - started)
        return Contract(choice.level, choice.strain) if choice is not None else None

    # -- the play -------------------------------------------------------------------------
    def card(self, view: MiniView) -> Card:
        """The next card (dummy's on dummy's turn), by the card player's simulation, told
        the points and lengths this seat has been given."""
        assert view.play is not None
        ranges: dict[Seat, HandRange] = {}
        for seat, points in view.announced.items():
            ranges[seat] = HandRange(hcp=(points, points))
        if view.partner_slip is not None:
            slip = view.partner_slip
            ranges[view.seat.partner] = HandRange(
                hcp=(slip.points, slip.points),
                lengths=[(slip.length(s), slip.length(s)) for s in range(4)],
            )
        self.player.ranges = ranges
        return self.player.card(view.play)
