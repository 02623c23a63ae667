"""The card-play robot: samples the hidden hands, solves them double dummy, picks the card.

>>> robot = CardPlayer(seed=1)
>>> robot.name
'cardplay'
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from contractbridge.core.call import PASS, Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import SEATS, Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.base import Explainer, Player
from contractbridge.robots.cardplay.carding import Carding, all_equal
from contractbridge.robots.cardplay.claims import certain_claim, worst_case
from contractbridge.robots.cardplay.solver import Position, solve_cost, solve_positions
from contractbridge.robots.inference import Knowledge, knowledge_of, sample_layouts, seeded_rng
from contractbridge.scoring.duplicate import duplicate_score


@dataclass(frozen=True, slots=True)
class Decision:
    """Why a card was chosen: the samples solved and each card's value (for tests, logs)."""

    card: Card
    samples: int
    values: dict[Card, float]
    tricks: dict[Card, float]


class CardPlayer:
    """Plays the cards by simulation; bids through ``bidder`` (passes throughout without one).

    Calls the table shows no explanation for are read by ``explainer`` (e.g. the SAYC
    robot, ``SystemRobot()``) when given, else by a natural reading.

    ``budget`` is the time to spend per card in seconds (turned into a number of samples by a
    fixed cost model, so decisions do not depend on the machine's load), ``lead_budget`` the
    time for an opening lead. ``seed`` fixes every decision, except that solving stops after
    ``max_seconds`` times the budget of wall time (a safety valve for the rare position DDS
    finds very slow, or a very busy machine).

    At IMPs, rubber and Chicago a card is worth its expected score, but cards within
    ``tolerance`` points of the best (less than an IMP; the samples cannot tell them apart)
    are chosen among by how often each scores best, as at matchpoints.

    ``lead_weight`` scales the opening-lead evidence at notrump (``robots/inference/leads.py``):
    each layout counts the chance its leader would have led the suit led, to this power
    (0: ignored).
    """

    name: str

    def __init__(
        self,
        *,
        seed: int = 0,
        budget: float = 1.0,
        lead_budget: float = 1.0,
        max_samples: int = 160,
        min_samples: int = 16,
        max_seconds: float = 2.0,
        tolerance: float = 20.0,
        lead_weight: float = 1.0,
        bidder: Player | None = None,
        explainer: Explainer | None = None,
        carding: Carding | None = None,
        name: str = "cardplay",
    ) -> None:
        self.seed = seed
        self.budget = budget
        self.lead_budget = lead_budget
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.max_seconds = max_seconds
        self.tolerance = tolerance
        self.lead_weight = lead_weight
        self.bidder = bidder
        self.explainer = explainer
        self.carding = carding or Carding()
        self.name = name
        self.last: Decision | None = None

    # -- the Player protocol ----------------------------------------------------------
    def call(self, view: SeatView) -> Call:
        return self.bidder.call(view) if self.bidder is not None else PASS

    def card(self, view: SeatView) -> Card:
        return self.decide(view).card

    def accept_claim(self, view: SeatView, claimer: Seat, tricks: int) -> bool:
        """Agree only if ``claimer``'s side takes ``tricks`` on every layout this seat can see.

        A partner's claim is accepted; an opponent's is checked double dummy against every
        layout of the unseen cards consistent with the view (all of them when few cards are
        unseen, else many samples).
        """
        if claimer.side == view.seat.side:
            return True
        return worst_case(view, claimer, self._rng(view, "claim")) >= tricks

    def claim(self, view: SeatView) -> int | None:
        """As declarer on lead: the number of remaining tricks to claim, when all are certain."""
        return certain_claim(view)

    # -- deciding ---------------------------------------------------------------------
    def _rng(self, view: SeatView, purpose: str) -> np.random.Generator:
        key = f"{purpose}|{view.seat}|{view.turn}|{view.contract}|{view.played}|{view.hand.mask}"
        return seeded_rng(self.seed, key)

    def decide(self, view: SeatView) -> Decision:
        """The card for ``view.turn`` with the evidence behind it."""
        legal = view.legal_cards()
        if not legal:
            raise ValueError(f"{view.seat.full_name} has no card to play now")
        # cards of completed tricks; those in the trick in progress still decide it
        done = len(view.played) - len(view.current_trick)
        gone = sum(1 << c for _, c in view.played[:done])
        hand = view.visible_hand(view.turn) if view.turn is not None else None
        assert hand is not None
        if len(legal) == 1 or all_equal(legal, hand.mask, gone):
            choice = self.carding.choose(view, legal)
            decision = Decision(choice, 0, {}, {})
            self.last = decision
            return decision
        know = self.knowledge(view)
        cards_left = max((*know.counts, len(hand)))
        opening = not view.played
        budget = self.lead_budget if opening else self.budget
        wanted = int(min(self.max_samples, max(self.min_samples, budget / solve_cost(cards_left))))
        rng = self._rng(view, "card")
        drawn = sample_layouts(know, wanted, rng)
        # the same layout drawn twice is solved once and counted twice
        counts: dict[tuple[int, ...], int] = {}
        for layout in drawn:
            counts[layout] = counts.get(layout, 0) + 1
        values, tricks, share, used = self._evaluate(
            view, know, list(counts), list(counts.values()), legal
        )
        tolerance = 0.0 if _matchpoints(view.scoring) else self.tolerance
        candidates = best_cards(legal, values, share, tricks, tolerance)
        choice = self.carding.choose(view, candidates)
        decision = Decision(choice, used, values, tricks)
        self.last = decision
        return decision

    def knowledge(self, view: SeatView) -> Knowledge:
        """What this robot reads from ``view``: ``knowledge_of``, with the cards read by its
        carding agreement and the lead at its own weight."""
        know = knowledge_of(view, self.explainer, self.carding.read(view))
        if know.lead is not None and self.lead_weight != know.lead.weight:
            know.lead = replace(know.lead, weight=self.lead_weight)
        return know

    def _evaluate(
        self,
        view: SeatView,
        know: Knowledge,
        layouts: Sequence[tuple[int, ...]],
        weights: Sequence[int],
        legal: Sequence[Card],
    ) -> tuple[dict[Card, float], dict[Card, float], dict[Card, float], int]:
        """Per legal card: the objective for the scoring in force, the mean tricks and the
        share of layouts where it scores best."""
        contract = view.contract
        assert contract is not None and contract.declarer is not None and view.turn is not None
        positions = [_position(view, know, layout) for layout in layouts]
        cards = max(len(view.hand), max(know.counts))
        batch = 4 if cards >= 12 else 8 if cards >= 11 else 32
        limit = self.max_seconds * (self.lead_budget if not view.played else self.budget)
        started = time.perf_counter()
        rows: list[list[int]] = []
        done = 0
        while done < len(positions):
            solved = solve_positions(positions[done : done + batch], contract.strain)
            for result in solved:
                rows.append([result.get(c, 0) for c in legal])
            done += batch
            if done >= self.min_samples and _dominant(rows):
                break
            if time.perf_counter() - started > limit and done >= 4:
                break  # the safety valve: a pathologically slow position
        table = np.array(rows, dtype=np.int64)  # samples x legal cards: tricks from now on
        w = np.array(weights[: len(rows)], dtype=np.float64)
        w /= w.sum()
        ours = view.turn.side == contract.declarer.side
        won_decl, left = tricks_so_far(view)
        vul = view.vulnerability.is_vulnerable(contract.declarer)
        objective = card_values(
            table, w, contract, declaring=ours, won=won_decl, left=left, vulnerable=vul,
            scoring=view.scoring,
        )  # fmt: skip
        how_often = objective if _matchpoints(view.scoring) else card_values(
            table, w, contract, declaring=ours, won=won_decl, left=left, vulnerable=vul,
            scoring="MP",
        )  # fmt: skip
        mean_tricks = w @ table
        values = {c: float(objective[i]) for i, c in enumerate(legal)}
        tricks = {c: float(mean_tricks[i]) for i, c in enumerate(legal)}
        share = {c: float(how_often[i]) for i, c in enumerate(legal)}
        return values, tricks, share, int(sum(weights[: len(rows)]))


def card_values(
    table: np.ndarray,
    weights: np.ndarray,
    contract: Contract,
    *,
    declaring: bool,
    won: int,
    left: int,
    vulnerable: bool,
    scoring: str,
) -> np.ndarray:
    """Each card's worth to the side in turn, from its tricks in each layout.

    ``table`` is layouts x cards (tricks from now on for the side in turn), ``weights`` sum
    to one, ``won`` is declarer's tricks so far and ``left`` the tricks still to play. At
    matchpoints ("MP...") a card is worth the share of layouts where it scores best; at IMPs,
    rubber or Chicago its expected score (so the contract comes first, overtricks after).
    """
    decl_tricks = won + (table if declaring else left - table)
    score_of = np.array([duplicate_score(contract, t, vulnerable) for t in range(14)])
    scores = score_of[decl_tricks] * (1 if declaring else -1)
    if _matchpoints(scoring):
        best = scores.max(axis=1, keepdims=True)
        return np.asarray(weights @ (scores == best))
    return np.asarray(weights @ scores)


def _matchpoints(scoring: str) -> bool:
    return scoring.upper().startswith("MP")


def best_cards(
    legal: Sequence[Card],
    values: dict[Card, float],
    share: dict[Card, float],
    tricks: dict[Card, float],
    tolerance: float = 0.0,
) -> list[Card]:
    """The cards to choose among: within ``tolerance`` of the best value, then those that
    score best most often, then those with the most tricks (the agreement picks among them).

    >>> a, b = Card.parse("SA"), Card.parse("S2")
    >>> best_cards([a, b], {a: 420.0, b: 410.0}, {a: 0.6, b: 0.9}, {a: 10.0, b: 9.9}, 20)
    [Card.parse('S2')]
    >>> best_cards([a, b], {a: 420.0, b: 410.0}, {a: 0.6, b: 0.9}, {a: 10.0, b: 9.9})
    [Card.parse('SA')]
    """
    top = max(values[c] for c in legal)
    candidates = [c for c in legal if values[c] >= top - tolerance - 1e-9]
    for key in (share, tricks):
        if len(candidates) > 1:
            most = max(key[c] for c in candidates)
            candidates = [c for c in candidates if key[c] >= most - 1e-9]
    return candidates


def _dominant(rows: list[list[int]]) -> bool:
    """One card at least as good as every other in every sample so far: the choice is clear."""
    table = np.array(rows)
    best = table.max(axis=1, keepdims=True)
    return bool((table == best).all(axis=0).any())


def tricks_so_far(view: SeatView) -> tuple[int, int]:
    """Declarer's side's tricks in the completed tricks, and the tricks left (current included)."""
    contract = view.contract
    assert contract is not None and contract.declarer is not None
    suit = contract.strain.suit
    trump = int(suit) if suit is not None else -1
    won = 0
    complete = len(view.played) // 4
    for t in range(complete):
        trick = view.played[4 * t : 4 * t + 4]
        winner = trick_winner([c for _, c in trick], trick[0][0], trump)
        won += winner.side == contract.declarer.side
    return won, 13 - complete


def _position(view: SeatView, know: Knowledge, layout: tuple[int, ...]) -> Position:
    hands = [0, 0, 0, 0]
    for seat in SEATS:
        visible = view.visible_hand(seat)
        if visible is not None:
            hands[seat] = visible.mask
    for seat, mask in zip(know.hidden, layout, strict=True):
        hands[seat] = mask
    trick = view.current_trick
    leader = trick[0][0] if trick else view.turn
    assert leader is not None
    return Position(
        (hands[0], hands[1], hands[2], hands[3]), int(leader), tuple(c for _, c in trick)
    )
