"""Tournament of the day ranking benchmark: the time to rank a set after each new result, and
to build the ranking of a big field.

    .venv/bin/python benchmarks/daily_ranking.py --players 1000 --boards 8

1. ``--players`` players play the ``--boards`` deals of one set at their own pace (results
   arrive interleaved, each player's in board order); after each result the field is ranked
   again (:meth:`Field.add` then :meth:`Field.ranking`, the live ranking every page asks
   for): p50, p99 and max of that time.
2. A field of ``--entries`` results built from nothing and ranked (a process that starts
   with a full set), the ranking's JSON included; and the same through the service on a
   SQLite file: a new service reading every stored result and ranking them (cold), then one
   more result and the ranking again (warm).

Results are synthetic but shaped like a real field: on each deal a handful of contracts,
with the tricks spread around what the contract usually makes. The last line printed is one
JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert

from contractbridge.server.daily import DailyService
from contractbridge.server.daily.store import daily_entries, daily_results
from contractbridge.server.storage import Storage
from contractbridge.tournament.daily import (
    DailyPlan,
    DailySet,
    DealResult,
    Field,
    Scoring,
    SetPlan,
    deal_day,
)

SECRET = "benchmark secret, not for a server"
DAY = date(2026, 11, 29)
AT = datetime(2026, 11, 29, 1, tzinfo=UTC)


def a_field_of_results(daily: DailySet, players: int, rng: random.Random) -> list[DealResult]:
    """Every player's result on every deal, in the order they would arrive."""
    menus = {}
    for d in daily.deals:
        menu = []
        for _ in range(6):
            level = rng.choice([1, 2, 2, 3, 3, 4, 4, 4, 5, 6])
            contract = f"{level}{rng.choice(['C', 'D', 'H', 'S', 'NT'])} {rng.choice('NESW')}"
            menu.append((contract, level + 6))
        menus[d.board] = menu
    timed: list[tuple[float, DealResult]] = []
    for p in range(players):
        at = rng.uniform(0, 20)
        for d in daily.deals:
            at += rng.uniform(0.05, 0.3)
            contract, par = rng.choice(menus[d.board])
            tricks = max(0, min(13, par + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1])))
            lead = rng.choice(["SA", "HK", "D2", "C7", "ST"])
            finished = AT + timedelta(hours=at)
            timed.append((at, DealResult.of(f"player{p}", d, contract, tricks, lead=lead,
                                            finished=finished)))  # fmt: skip
    timed.sort(key=lambda item: item[0])
    return [r for _, r in timed]


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=8)
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--scoring", choices=[s.value for s in Scoring], default="MP")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    plan = DailyPlan((SetPlan("Bench", args.boards, Scoring(args.scoring)),))
    daily = deal_day(plan, SECRET, DAY)[0]

    # 1. ranking after each new result
    results = a_field_of_results(daily, args.players, rng)
    field = Field(daily)
    times: list[float] = []
    for result in results:
        start = time.perf_counter()
        field.add(result)
        field.ranking()
        times.append(time.perf_counter() - start)
    ordered = sorted(times)
    incremental = {
        "results": len(times),
        "p50_ms": round(1000 * statistics.median(ordered), 3),
        "p99_ms": round(1000 * percentile(ordered, 0.99), 3),
        "max_ms": round(1000 * ordered[-1], 3),
        "total_s": round(sum(times), 2),
    }
    print("rank after each result:", incremental)

    # 2. a big field from nothing, in memory and through the service
    players = -(-args.entries // args.boards)
    big = a_field_of_results(daily, players, rng)[: args.entries]
    builds = []
    for _ in range(5):
        start = time.perf_counter()
        json.dumps(Field(daily, big).ranking().to_json("player0"))
        builds.append(time.perf_counter() - start)
    print(f"build and rank {len(big)} entries: {min(builds):.3f}-{max(builds):.3f} s")

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'daily.db'}"
        first = DailyService(Storage(url), SECRET, plan, now=lambda: AT)
        (stored,) = first.ensure_day(DAY)
        with first.store.engine.begin() as conn:
            conn.execute(insert(daily_entries), [
                {"set_id": stored.id, "player": f"player{p}", "started": 0.0}
                for p in range(players + 1)])  # fmt: skip
            conn.execute(insert(daily_results), [
                {"set_id": stored.id, "board": r.board, "player": r.player,
                 "finished": r.finished.timestamp(), "data": json.dumps(r.to_json())}
                for r in big])  # fmt: skip
        service = DailyService(Storage(url), SECRET, plan, now=lambda: AT)
        start = time.perf_counter()
        json.dumps(service.ranking(stored.id).to_json("player0"))
        cold = time.perf_counter() - start
        newcomer = f"player{players}"
        service.start(stored.id, newcomer)
        late = DealResult.of(newcomer, stored.deal(1), "3NT S", 9, lead="SA", finished=AT)
        service.record(stored.id, late)
        start = time.perf_counter()
        json.dumps(service.ranking(stored.id).to_json(newcomer))
        warm = time.perf_counter() - start
    print(f"service on SQLite, {len(big)} entries: cold {cold:.3f} s, warm {warm * 1000:.1f} ms")
    print(
        json.dumps(
            {
                "players": args.players,
                "boards": args.boards,
                "scoring": args.scoring,
                "rank_after_each_result": incremental,
                "entries": len(big),
                "build_and_rank_s": {
                    "min": round(min(builds), 3),
                    "median": round(statistics.median(builds), 3),
                },
                "service_cold_s": round(cold, 3),
                "service_warm_ms": round(1000 * warm, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
