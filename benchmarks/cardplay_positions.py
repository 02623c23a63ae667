"""Card-play variants compared on the same decisions: paired, so small differences show.

Whole-game error rates (``benchmarks/cardplay.py``) move by a few tenths of a percent
between runs of one robot, because each card changes the rest of the play. This script
freezes the decisions instead:

    .venv/bin/python benchmarks/cardplay_positions.py collect --deals 120 --seed 11 \
        --out /tmp/positions.pkl
    .venv/bin/python benchmarks/cardplay_positions.py judge /tmp/positions.pkl --scoring MP \
        --options '{"min_samples": 64}'

``collect`` plays seeded deals with SAYC auctions and keeps every decision where the legal
cards are not all equal double dummy on the real deal (the only ones where an error is
possible), with the real deal's value of each card. ``judge`` re-decides each of them with a
fresh :class:`CardPlayer` (keyword ``--options``, the scoring in force ``--scoring``) and
counts the cards that give up a trick. The same file judged twice with different options
compares the options on identical decisions. The last line printed is one JSON object.

``judge --oracle lengths|hcp|both`` is a measurement, not a robot: the robot's reading of
the auction is replaced by the hidden hands' real suit lengths and/or HCP (as exact
ranges), to show how many errors perfect knowledge of the shapes would remove: the ceiling
for any better inference from the auction and the play. ``--oracle lengths:trumps`` (or
``:lead``, ``:played``, ``:unplayed``) tells only those suits' lengths, to show which
unknowns cost the errors.

``judge --calibrate 160`` checks the robot's beliefs against the real deals: for each card
chosen, 160 fresh layouts (an independent draw from the same reading of the auction and the
play) give the chance that the card is not best. Summed, that predicts the errors. The
decisions were kept because their real deal is contentful (the legal cards are not all
equal), so the fair prediction divides each chance by the share of contentful layouts. A
sampler that is biased (the real layouts unlike those it deals) makes more errors than
predicted; a calibrated one about as many.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from cardplay import _real_position, bid, dd_contract, seeded_deals

from contractbridge.analysis.evaluation import hcp
from contractbridge.core.card import Card, Strain
from contractbridge.core.deal import Board, Deal
from contractbridge.core.play import Play
from contractbridge.core.seat import SEATS
from contractbridge.core.view import SeatView
from contractbridge.robots.cardplay import CardPlayer
from contractbridge.robots.cardplay import player as player_module
from contractbridge.robots.cardplay.player import tricks_so_far
from contractbridge.robots.cardplay.solver import solve_positions
from contractbridge.robots.inference import HandRange, Knowledge, Signal, sample_layouts
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import imps


def _view(point: dict[str, Any], play: Play, scoring: str = "IMP") -> SeatView:
    board = Board(point["board"])
    return SeatView.of(
        point["seat"],
        point["deal"],
        point["auction"],
        play,
        vulnerability=board.vulnerability,
        explanations=point["explanations"],
        scoring=scoring,
    )


def collect(deals: int, seed: int) -> list[dict[str, Any]]:
    """Decision points from robot games: those where a card can give up a trick."""
    points: list[dict[str, Any]] = []
    for i, deal, board in seeded_deals(deals, seed):
        auction, explanations = bid(deal, board, "sayc") or dd_contract(deal, board)
        contract = auction.contract
        assert contract is not None and contract.declarer is not None
        robots = {s: CardPlayer(seed=seed * 1000 + i) for s in SEATS}
        play = Play(deal, contract)
        while not play.is_complete:
            seat = play.acting_seat
            assert seat is not None
            point = {
                "i": i,
                "board": board.number,
                "deal": deal,
                "auction": auction,
                "explanations": explanations,
                "seat": seat,
                "played": list(play.cards_played),
            }
            view = _view(point, play)
            if seat == contract.declarer and robots[seat].claim(view) is not None:
                break
            legal = play.legal_cards()
            card = robots[seat].card(view)
            if len(legal) > 1 and play.cards_played:
                values = solve_positions([_real_position(play)], contract.strain)[0]
                if len(set(values.values())) > 1:
                    role = "declarer" if seat.side == contract.declarer.side else "defender"
                    kind = "nt" if contract.strain == Strain.NT else "suit"
                    point["values"] = values
                    point["key"] = f"{role}_{kind}"
                    point["trick"] = len(play.cards_played) // 4 + 1
                    points.append(point)
            play.play(card)
        print(f"{i + 1} deals, {len(points)} decisions", file=sys.stderr, flush=True)
    return points


_SUBSETS = ("trumps", "lead", "played", "unplayed")
ORACLES = ("lengths", "hcp", "both", *(f"lengths:{w}" for w in _SUBSETS))


def _oracle_suits(view: SeatView, which: str) -> set[int]:
    """The suits whose real lengths ``lengths:which`` tells: all, trumps, the opening lead's
    suit, the suits played so far, or those not yet played."""
    played = {int(c.suit) for _, c in view.played}
    contract = view.contract
    assert contract is not None
    trump = contract.strain.suit
    return {
        "": set(range(4)),
        "trumps": set() if trump is None else {int(trump)},
        "lead": {int(view.played[0][1].suit)} if view.played else set(),
        "played": played,
        "unplayed": set(range(4)) - played,
    }[which]


def _oracle(deal: Deal, what: str) -> Any:
    """A stand-in for the robot's ``knowledge_of`` that knows the real shapes and/or HCP."""
    reading = player_module.knowledge_of
    what, _, which = what.partition(":")

    def knowledge_of(
        view: SeatView, explainer: Any = None, signals: Sequence[Signal] = ()
    ) -> Knowledge:
        know = reading(view, explainer, signals)
        ranges = []
        suits = _oracle_suits(view, which)
        for seat, old in zip(know.hidden, know.ranges, strict=True):
            hand = deal[seat]
            new = HandRange(old.hcp, list(old.lengths))
            if what in ("hcp", "both"):
                new.hcp = (hcp(hand), hcp(hand))
            if what in ("lengths", "both"):
                for s in suits:
                    new.lengths[s] = (hand.length(s), hand.length(s))
            ranges.append(new)
        know.ranges = tuple(ranges)
        return know

    return knowledge_of


def _real_score(point: dict[str, Any], view: SeatView, card: Card) -> int:
    """The score, for the side to play, of ``card`` on the real deal played double dummy."""
    contract = view.contract
    assert contract is not None and contract.declarer is not None and view.turn is not None
    won, left = tricks_so_far(view)
    declaring = view.turn.side == contract.declarer.side
    tricks = point["values"][card]
    vulnerable = Board(point["board"]).vulnerability.is_vulnerable(contract.declarer)
    score = duplicate_score(contract, won + (tricks if declaring else left - tricks), vulnerable)
    return score if declaring else -score


def _belief(
    point: dict[str, Any], view: SeatView, robot: CardPlayer, card: Card, samples: int
) -> tuple[float, float]:
    """On ``samples`` fresh layouts of ``robot``'s own reading: the share where ``card`` is
    not best, and the share where the legal cards are not all equal (contentful)."""
    know = robot.knowledge(view)
    rng = np.random.default_rng([point["i"], len(point["played"]), 99991])
    layouts = sample_layouts(know, samples, rng)
    contract = view.contract
    assert contract is not None
    positions = [player_module._position(view, know, layout) for layout in layouts]
    legal = view.legal_cards()
    rows = []
    for start in range(0, len(positions), 32):
        for result in solve_positions(positions[start : start + 32], contract.strain):
            rows.append([result.get(c, 0) for c in legal])
    table = np.array(rows)
    best = table.max(axis=1)
    not_best = float((table[:, legal.index(card)] < best).mean())
    contentful = float((table.min(axis=1) < best).mean())
    return not_best, contentful


def judge(
    points: list[dict[str, Any]],
    scoring: str,
    options: dict[str, Any],
    oracle: str = "",
    against: dict[str, Any] | None = None,
    calibrate: int = 0,
) -> dict[str, Any]:
    """Re-decide every point; errors per role and strain, and the time spent.

    With ``against`` each point is also decided by a robot with those options, and the
    cards that differ are compared by their IMPs on the real deal played double dummy.
    With ``calibrate`` each card chosen is also checked on that many fresh layouts (module
    docstring): the errors the robot's own beliefs predict, beside those it made.
    """
    versus = {"differ": 0, "imps": 0, "better": 0, "worse": 0}
    tally: dict[str, list[int]] = {}
    predicted: dict[str, list[float]] = {}
    reading = player_module.knowledge_of
    by_trick: dict[int, list[int]] = {}
    seconds = 0.0
    for n, point in enumerate(points):
        play = Play(point["deal"], point["auction"].contract)
        for card in point["played"]:
            play.play(card)
        robot = CardPlayer(seed=point["i"] * 7 + 1, **options)
        if oracle:
            player_module.knowledge_of = _oracle(point["deal"], oracle)
        started = time.perf_counter()
        view = _view(point, play, scoring)
        try:
            card = robot.card(view)
            seconds += time.perf_counter() - started
            # the same reading (an oracle's too) predicts the errors
            belief = _belief(point, view, robot, card, calibrate) if calibrate else None
        finally:
            player_module.knowledge_of = reading
        if against is not None:
            other = CardPlayer(seed=point["i"] * 7 + 1, **against).card(view)
            if other != card:
                gain = imps(_real_score(point, view, card) - _real_score(point, view, other))
                versus["differ"] += 1
                versus["imps"] += gain
                versus["better"] += gain > 0
                versus["worse"] += gain < 0
        error = point["values"][card] < max(point["values"].values())
        for table, key in ((tally, point["key"]), (by_trick, point["trick"])):
            row = table.setdefault(key, [0, 0])
            row[0] += error
            row[1] += 1
        if belief is not None:
            not_best, contentful = belief
            row = predicted.setdefault(point["key"], [0.0, 0.0])
            row[0] += not_best
            row[1] += not_best / contentful if contentful else 0.0
        if (n + 1) % 200 == 0:
            done = sum(e for e, _ in tally.values())
            print(f"{n + 1} decisions, {done} errors", file=sys.stderr, flush=True)
    errors = sum(e for e, _ in tally.values())
    return {
        "benchmark": "cardplay_positions",
        "scoring": scoring,
        "options": options,
        "oracle": oracle or None,
        "decisions": len(points),
        "errors": errors,
        "error_pct": round(100 * errors / len(points), 2) if points else None,
        "by_role": {k: {"errors": e, "decisions": d} for k, (e, d) in sorted(tally.items())},
        "by_trick": {k: {"errors": e, "decisions": d} for k, (e, d) in sorted(by_trick.items())},
        "seconds": round(seconds, 1),
        "versus": {"options": against, **versus} if against is not None else None,
        "calibration": {
            "layouts": calibrate,
            "predicted": round(sum(p for p, _ in predicted.values()), 1),
            "predicted_given_contentful": round(sum(p for _, p in predicted.values()), 1),
            "by_role": {
                k: {
                    "errors": tally[k][0],
                    "predicted": round(p, 1),
                    "predicted_given_contentful": round(q, 1),
                }
                for k, (p, q) in sorted(predicted.items())
            },
        }
        if calibrate
        else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)  # none: a small demo run
    c = sub.add_parser("collect", help="play deals and keep the decisions that matter")
    c.add_argument("--deals", type=int, default=120)
    c.add_argument("--seed", type=int, default=11)
    c.add_argument("--out", type=Path, required=True)
    j = sub.add_parser("judge", help="re-decide collected decisions with given options")
    j.add_argument("positions", type=Path)
    j.add_argument("--scoring", choices=("IMP", "MP"), default="IMP")
    j.add_argument("--options", default="{}", help="CardPlayer keyword arguments as JSON")
    j.add_argument("--shard", default="0/1", help="k/n: judge every n-th decision from k")
    j.add_argument(
        "--against",
        default=None,
        help="CardPlayer keywords as JSON: also decide with these and compare IMPs where "
        "the cards differ (real deal, double dummy)",
    )
    j.add_argument(
        "--oracle",
        choices=ORACLES,
        default="",
        help="a measurement: the robot is told the hidden hands' real shapes and/or HCP "
        "(lengths:trumps|lead|played|unplayed: only those suits' lengths)",
    )
    j.add_argument(
        "--calibrate",
        type=int,
        default=0,
        metavar="LAYOUTS",
        help="also predict the errors from the robot's own beliefs, on this many fresh "
        "layouts per decision",
    )
    argv = sys.argv[1:] if argv is None else argv
    if not argv:  # `make bench`: a small sample judged both ways
        points = collect(30, 11)
        both = {s: judge(points, s, {}) for s in ("IMP", "MP")}
        print(json.dumps({"benchmark": "cardplay_positions", "deals": 30, "judged": both}))
        return 0
    args = parser.parse_args(argv)
    if args.command == "collect":
        points = collect(args.deals, args.seed)
        args.out.write_bytes(pickle.dumps(points))
        print(json.dumps({"benchmark": "cardplay_positions", "collected": len(points)}))
        return 0
    # a file this script wrote itself: pickle keeps the library's own value types
    points = pickle.loads(args.positions.read_bytes())
    k, n = (int(x) for x in args.shard.split("/"))
    options = json.loads(args.options)
    against = json.loads(args.against) if args.against else None
    figures = judge(points[k::n], args.scoring, options, args.oracle, against, args.calibrate)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
