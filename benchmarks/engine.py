"""Complete random deals per second: deal, uniform random legal calls, uniform random legal
cards, score. Anchor: OpenSpiel's C++ bridge driven by the same Python loop.

Run: python benchmarks/engine.py [--seconds 5]   (OpenSpiel: pip install open_spiel)
Prints one JSON object on its last line.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable

from contractbridge.core import Auction, Deal, Play, Seat
from contractbridge.scoring import duplicate_score


def ours(rng: random.Random) -> int:
    deal = Deal.random(rng)
    auction = Auction(Seat.N)
    choice = rng.choice
    while not auction.is_complete:
        auction.add(choice(auction.legal_calls()))
    contract = auction.contract
    if contract is None:
        return 0
    play = Play(deal, contract)
    while not play.is_complete:
        play.play(choice(play.legal_cards()))
    return duplicate_score(contract, play.declarer_tricks, False)


def open_spiel_loop() -> Callable[[random.Random], object] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")

    def one(rng: random.Random) -> object:
        state = game.new_initial_state()
        choice = rng.choice
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        return state.returns()

    return one


def rate(fn: Callable[[random.Random], object], seconds: float) -> float:
    rng = random.Random(2026)
    for _ in range(200):  # warm-up
        fn(rng)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            fn(rng)
        n += 100
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    ours_rate = rate(ours, args.seconds)
    print(f"contractbridge: {ours_rate:,.0f} deals/s")
    anchor = open_spiel_loop()
    anchor_rate = rate(anchor, args.seconds) if anchor else None
    if anchor_rate:
        print(f"OpenSpiel:      {anchor_rate:,.0f} deals/s")
    print(
        json.dumps(
            {
                "ours_per_s": round(ours_rate, 1),
                "anchor_per_s": round(anchor_rate, 1) if anchor_rate else None,
                "ratio": round(ours_rate / anchor_rate, 3) if anchor_rate else None,
                "machine": f"{platform.machine()} {platform.python_version()}",
            }
        )
    )


if __name__ == "__main__":
    main()
