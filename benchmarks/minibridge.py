"""Minibridge robot benchmark: seconds per contract decision, and points lost to the
double-dummy best declaration (points form).

    .venv/bin/python benchmarks/minibridge.py --deals 40 --seed 1

Points form: four robots announce; declarer chooses partscore or game and the strain from
its hand, dummy and the announced points. Each choice is scored double dummy on the real
deal and compared with the best of the ten declarations there (a declarer who saw every
card). Slips form: the robots open, bid and overcall; each decision is timed. The last line
printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import statistics

from contractbridge.analysis.dd import dd_table
from contractbridge.core.card import Strain
from contractbridge.core.minibridge import Form, MinibridgeDeal, Phase, declared_contract
from contractbridge.core.seat import Seat
from contractbridge.game.minibridge import minibridge_deal_for
from contractbridge.robots.minibridge import MinibridgeRobot
from contractbridge.scoring.minibridge import minibridge_score


def quantiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "decisions": len(ordered),
        "median_s": round(statistics.median(ordered), 3),
        "p90_s": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        "max_s": round(ordered[-1], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=6)
    args = parser.parse_args()
    robot = MinibridgeRobot(seed=args.seed, samples=args.samples)

    declare_times: list[float] = []
    lost: list[float] = []
    games = 0
    for number in range(1, args.deals + 1):
        mini = MinibridgeDeal(minibridge_deal_for(args.seed, number), Seat((number - 1) % 4))
        while mini.phase == Phase.ANNOUNCE:
            seat = mini.turn
            assert seat is not None
            mini.announce(seat, robot.announce(mini.view(seat)))
        if mini.phase == Phase.REDEAL:
            continue
        declarer = mini.declarer
        assert declarer is not None
        strain, game = robot.declare(mini.view(declarer))
        assert robot.last is not None
        declare_times.append(robot.last.seconds)
        games += game
        table = dd_table(mini.deal)

        scores = {
            (s, g): minibridge_score(declared_contract(s, g), table.tricks(declarer, s))
            for s in Strain
            for g in (False, True)
        }
        lost.append(max(scores.values()) - scores[strain, game])

    bid_times: list[float] = []
    for number in range(1, args.deals + 1):
        mini = MinibridgeDeal(
            minibridge_deal_for(args.seed, number), Seat((number - 1) % 4), Form.SLIPS
        )
        while mini.phase in (Phase.OPEN, Phase.BID):
            seat = mini.turn
            assert seat is not None
            view = mini.view(seat)
            if mini.phase == Phase.OPEN:
                mini.speak(seat, robot.speak(view))
            else:
                mini.bid(seat, robot.bid(view))
                assert robot.last is not None
                bid_times.append(robot.last.seconds)

    result = {
        "deals": args.deals,
        "seed": args.seed,
        "samples": args.samples,
        "points_form_declare": quantiles(declare_times),
        "points_form_games_declared": games,
        "points_form_dd_points_lost_per_deal": round(statistics.mean(lost), 1),
        "points_form_best_declaration_share": round(sum(x == 0 for x in lost) / len(lost), 3),
        "slips_form_bid": quantiles(bid_times),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
