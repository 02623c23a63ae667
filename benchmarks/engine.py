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


def timed_block(fn: Callable[[random.Random], object], rng: random.Random, n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn(rng)
    return time.perf_counter() - start


def rates(
    contenders: list[Callable[[random.Random], object]], seconds: float, block: int = 500
) -> list[float]:
    """Deals per second of each contender, run in alternating blocks so that any change in
    the machine's load falls on all of them alike."""
    rngs = [random.Random(2026) for _ in contenders]
    for fn, rng in zip(contenders, rngs, strict=True):
        timed_block(fn, rng, 200)  # warm-up
    spent = [0.0] * len(contenders)
    done = [0] * len(contenders)
    deadline = time.perf_counter() + seconds * len(contenders)
    while time.perf_counter() < deadline:
        for i, (fn, rng) in enumerate(zip(contenders, rngs, strict=True)):
            spent[i] += timed_block(fn, rng, block)
            done[i] += block
    return [d / s for d, s in zip(done, spent, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    anchor = open_spiel_loop()
    if anchor is None:
        print("OpenSpiel is not installed (pip install open_spiel): measuring ours alone")
        ours_rate, anchor_rate = rates([ours], args.seconds)[0], None
    else:
        ours_rate, anchor_rate = rates([ours, anchor], args.seconds)
    print(f"contractbridge: {ours_rate:,.0f} deals/s")
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
