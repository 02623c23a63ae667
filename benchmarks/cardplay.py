"""Card-play robot benchmark: double-dummy card errors, opening leads, speed, versus basic.

    .venv/bin/python benchmarks/cardplay.py --deals 200 --seed 1 --versus 20

Deals are random from ``--seed``. Contracts are those four basic robots bid (with their
explanations shown to the card players), or, for a passed-out deal or with ``--contracts
dd``, the best-scoring double-dummy contract of the stronger side. Every card is played by
:class:`~contractbridge.robots.cardplay.CardPlayer` robots deciding from their seat's view;
each decision with more than one legal card is judged double dummy on the real deal. The last
line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from random import Random

from contractbridge.core.auction import Auction
from contractbridge.core.call import PASS, Call
from contractbridge.core.card import STRAINS, Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Board, Deal
from contractbridge.core.play import Play
from contractbridge.core.seat import SEATS, Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.base import Player
from contractbridge.robots.cardplay import Carding, CardPlayer
from contractbridge.robots.cardplay.carding import AGREEMENTS
from contractbridge.robots.cardplay.solver import Position, solve_positions
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import imps

try:  # the basic robot bids the contracts and is the opponent of the versus match
    from contractbridge.robots.basic import BasicRobot
except ImportError:  # pragma: no cover - before robots/basic/ lands
    BasicRobot = None  # type: ignore[assignment,misc]

_BENCH_EXPLANATION = "contract set by the benchmark"


@dataclass
class Tally:
    decisions: int = 0
    errors: int = 0
    contentful: int = 0  # decisions whose legal cards are not all equal double dummy

    def rate(self) -> float | None:
        return round(100 * self.errors / self.decisions, 2) if self.decisions else None


@dataclass
class Figures:
    cards: dict[str, Tally] = field(default_factory=dict)
    leads: dict[str, Tally] = field(default_factory=dict)
    card_seconds: list[float] = field(default_factory=list)
    board_seconds: list[float] = field(default_factory=list)
    claims: int = 0
    claims_wrong: int = 0
    contracts: dict[str, int] = field(default_factory=dict)

    def tally(self, table: dict[str, Tally], key: str, error: bool, contentful: bool) -> None:
        t = table.setdefault(key, Tally())
        t.decisions += 1
        t.errors += error
        t.contentful += contentful


def bid(
    deal: Deal, board: Board, system: str = "basic"
) -> tuple[Auction, tuple[str | None, ...]] | None:
    """Four robots bid the deal (the basic robot, or the SAYC robot with ``system="sayc"``),
    with their explanations; None when they pass it out or are not available."""
    sayc = None
    if system == "sayc":
        from contractbridge.robots.bidding import SystemRobot

        sayc = SystemRobot()
    elif BasicRobot is None:
        return None
    robot = BasicRobot() if sayc is None else None
    auction = Auction(board.dealer)
    explanations: list[str | None] = []
    while not auction.is_complete:
        view = SeatView.of(
            auction.turn,
            deal,
            auction,
            vulnerability=board.vulnerability,
            explanations=tuple(explanations),
        )
        if sayc is not None:
            call = sayc.call(view)
            auction.add(call)
            explanations.append(sayc.explain_call(auction.calls, auction.dealer, len(auction) - 1))
            continue
        assert robot is not None
        call = robot.call(view)
        explanations.append(robot.explain(view, call))
        auction.add(call)
    if auction.contract is None:
        return None
    return auction, tuple(explanations)


def seeded_deals(deals: int, seed: int) -> Iterator[tuple[int, Deal, Board]]:
    """The benchmarks' deal sets: ``deals`` random deals from ``seed``, boards 1-16 in turn."""
    rng = Random(seed)
    for i in range(deals):
        yield i, Deal.random(rng), Board(i % 16 + 1)


def dd_contract(deal: Deal, board: Board) -> tuple[Auction, tuple[str | None, ...]]:
    """The best-scoring contract of the stronger side double dummy, in a one-bid auction."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as DdsDeal
    from endplay.types import Denom, Player

    table = calc_dd_table(DdsDeal(deal.to_pbn()))
    denoms = {
        Strain.C: Denom.clubs,
        Strain.D: Denom.diamonds,
        Strain.H: Denom.hearts,
        Strain.S: Denom.spades,
        Strain.NT: Denom.nt,
    }
    players = (Player.north, Player.east, Player.south, Player.west)
    best: tuple[int, Contract] | None = None
    for seat in SEATS:
        vul = board.vulnerability.is_vulnerable(seat)
        for strain in STRAINS:
            tricks = table[denoms[strain], players[seat]]
            for level in range(1, tricks - 5):
                c = Contract(level, strain, declarer=seat)
                score = duplicate_score(c, tricks, vul)
                if best is None or score > best[0]:
                    best = (score, c)
    if best is None:  # nobody makes anything: 1NT by the dealer
        best = (0, Contract(1, Strain.NT, declarer=board.dealer))
    contract = best[1]
    assert contract.declarer is not None
    auction = Auction(board.dealer)
    while auction.turn != contract.declarer:
        auction.add(PASS)
    auction.add(Call.bid(contract.level, contract.strain))
    for _ in range(3):
        auction.add(PASS)
    return auction, tuple(_BENCH_EXPLANATION for _ in auction.calls)


def play_board(
    deal: Deal,
    board: Board,
    auction: Auction,
    explanations: tuple[str | None, ...],
    players: Mapping[Seat, Player],
    figures: Figures | None,
    scoring: str = "IMP",
) -> Play:
    """Play the deal out (robots may claim); judge every decision when ``figures`` is given."""
    contract = auction.contract
    assert contract is not None and contract.declarer is not None
    play = Play(deal, contract)
    strain_kind = "nt" if contract.strain == Strain.NT else "suit"
    judged: list[tuple[Position, Card, str, bool]] = []
    start = time.perf_counter()
    while not play.is_complete:
        acting = play.acting_seat
        assert acting is not None
        view = SeatView.of(
            acting,
            deal,
            auction,
            play,
            vulnerability=board.vulnerability,
            explanations=explanations,
            scoring=scoring,
        )
        robot = players[acting]
        claim = getattr(robot, "claim", None)
        if acting == contract.declarer and claim is not None:
            claimed = claim(view)
            if claimed is not None:
                if figures is not None:
                    figures.claims += 1
                    real = _real_position(play)
                    best = max(solve_positions([real], contract.strain)[0].values())
                    figures.claims_wrong += best < claimed
                play.claim(claimed)
                break
        legal = play.legal_cards()
        t0 = time.perf_counter()
        card = robot.card(view)
        if figures is not None:
            spent = time.perf_counter() - t0
            figures.card_seconds.append(spent)
            if spent > 10:
                print(
                    f"slow card: {spent:.1f} s, {deal.to_pbn()} {contract} after "
                    f"{' '.join(map(str, play.cards_played))}",
                    file=sys.stderr,
                )
            role = "declarer" if acting.side == contract.declarer.side else "defender"
            if len(legal) > 1:
                judged.append(
                    (_real_position(play), card, f"{role}_{strain_kind}", not play.cards_played)
                )
        play.play(card)
    if figures is not None:
        figures.board_seconds.append(time.perf_counter() - start)
        solved = solve_positions([j[0] for j in judged], contract.strain)
        for (_, card, key, opening), values in zip(judged, solved, strict=True):
            error = values[card] < max(values.values())
            contentful = len(set(values.values())) > 1
            if opening:
                figures.tally(figures.leads, strain_kind, error, contentful)
            else:
                figures.tally(figures.cards, key, error, contentful)
    return play


def _real_position(play: Play) -> Position:
    hands = tuple(play.hand(s).mask for s in SEATS)
    return Position(hands, int(play.leader), play.current_trick)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per card")
    parser.add_argument("--versus", type=int, default=0, help="deals played versus basic")
    parser.add_argument("--contracts", choices=("robots", "dd"), default="robots")
    parser.add_argument("--bidder", choices=("basic", "sayc"), default="basic")
    parser.add_argument(
        "--scoring",
        choices=("IMP", "MP"),
        default="IMP",
        help="the scoring the robots play for (IMP: expected score; MP: how often best)",
    )
    parser.add_argument("--options", default="{}", help="CardPlayer keyword arguments as JSON")
    parser.add_argument(
        "--carding",
        choices=AGREEMENTS,
        default="standard",
        help="the carding agreement of all four robots (discards: standard or lavinthal)",
    )
    args = parser.parse_args(argv)
    options = json.loads(args.options)
    options_shown = dict(options)
    if args.carding != "standard":
        options_shown["carding"] = args.carding
    options["carding"] = Carding(discards=args.carding)

    figures = Figures()
    load_before = os.getloadavg()
    t_all = time.perf_counter()
    boards = []
    tricks: list[int] = []  # declarer's tricks, deal by deal (to compare runs on the same deals)
    for i, deal, board in seeded_deals(args.deals, args.seed):
        bidding = bid(deal, board, args.bidder) if args.contracts == "robots" else None
        source = "robots" if bidding is not None else "dd"
        if bidding is None:
            bidding = dd_contract(deal, board)
        figures.contracts[source] = figures.contracts.get(source, 0) + 1
        boards.append((deal, board, bidding))
        players: dict[Seat, Player] = {
            s: CardPlayer(seed=args.seed * 1000 + i, budget=args.budget, **options) for s in SEATS
        }
        played = play_board(deal, board, bidding[0], bidding[1], players, figures, args.scoring)
        tricks.append(played.declarer_tricks)
        if (i + 1) % 10 == 0:
            print(
                f"{i + 1} deals, {time.perf_counter() - t_all:.0f} s",
                _summary(figures),
                file=sys.stderr,
                flush=True,
            )

    versus = None
    if args.versus and BasicRobot is not None:
        diffs: list[int] = []
        imp_list: list[int] = []
        for i, (deal, board, (auction, expl)) in enumerate(boards[: args.versus]):
            contract = auction.contract
            assert contract is not None and contract.declarer is not None
            results = []
            for ours in (True, False):
                seed = args.seed * 1000 + i
                players = {s: CardPlayer(seed=seed, budget=args.budget, **options) for s in SEATS}
                if not ours:
                    basic = BasicRobot()
                    players[contract.declarer] = basic
                    players[contract.declarer.partner] = basic
                play = play_board(deal, board, auction, expl, players, None, args.scoring)
                results.append(play.declarer_tricks)
            vul = board.vulnerability.is_vulnerable(contract.declarer)
            diffs.append(results[0] - results[1])
            imp_list.append(
                imps(
                    duplicate_score(contract, results[0], vul)
                    - duplicate_score(contract, results[1], vul)
                )
            )
        versus = {
            "deals": len(diffs),
            "tricks_difference_per_deal": round(statistics.mean(diffs), 3) if diffs else None,
            "imps_per_deal": round(statistics.mean(imp_list), 3) if imp_list else None,
        }

    out = {
        "benchmark": "cardplay",
        "deals": args.deals,
        "seed": args.seed,
        "budget_seconds_per_card": args.budget,
        "bidder": args.bidder,
        "scoring": args.scoring,
        "options": options_shown,
        **_summary(figures),
        "claims": figures.claims,
        "claims_wrong": figures.claims_wrong,
        "declarer_tricks": tricks,
        "contracts": figures.contracts,
        "versus_basic": versus,
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "wall_seconds": round(time.perf_counter() - t_all, 1),
        "ben": {
            "declarer_suit": 1.06,
            "declarer_nt": 2.46,
            "defender_suit": 0.87,
            "defender_nt": 2.03,
            "lead_suit": 81.8,
            "lead_nt": 76.4,
        },
    }
    print(json.dumps(out))
    return 0


def _summary(figures: Figures) -> dict[str, object]:
    errors = {
        k: {
            "decisions": t.decisions,
            "error_pct": t.rate(),
            "contentful": t.contentful,
            "errors": t.errors,
        }
        for k, t in sorted(figures.cards.items())
    }
    leads = {
        k: {"leads": t.decisions, "dd_best_pct": round(100 - (t.rate() or 0.0), 1)}
        for k, t in sorted(figures.leads.items())
    }
    secs = figures.card_seconds
    return {
        "card_errors": errors,
        "opening_leads": leads,
        "median_seconds_per_card": round(statistics.median(secs), 3) if secs else None,
        "p90_seconds_per_card": round(statistics.quantiles(secs, n=10)[-1], 3)
        if len(secs) > 10
        else None,
        "median_seconds_per_board": round(statistics.median(figures.board_seconds), 2)
        if figures.board_seconds
        else None,
        "max_seconds_per_board": round(max(figures.board_seconds), 2)
        if figures.board_seconds
        else None,
    }


if __name__ == "__main__":
    sys.exit(main())
