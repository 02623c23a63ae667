"""``contractbridge worker``: robots for the web tables of a service, on any machine.

It takes robots' tasks from the service's PostgreSQL database (the same ``--db`` as the
servers') and decides them in its own worker processes, so robot capacity grows by adding
machines. Stop it with Ctrl-C or SIGTERM: it finishes the tasks it holds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys

from contractbridge.robots import STRENGTHS


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "worker",
        help="robots for the web tables of a service, from its PostgreSQL database",
        description=(
            "Take the robots' tasks of every server on the database and decide them in local "
            "worker processes. Needs PostgreSQL (the servers' --db)."
        ),
    )
    parser.add_argument("--db", required=True, help="postgresql://user:password@host/db")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: cores)"
    )
    parser.add_argument("--robots", choices=STRENGTHS, default="best")
    parser.add_argument(
        "--robot-seconds", type=float, default=0.5, help="time a robot spends on a card"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from contractbridge.server.bus import Bus, Listener
    from contractbridge.server.robots.pool import RobotPool
    from contractbridge.server.robots.queue import TaskRunner
    from contractbridge.server.storage import Storage, StorageError

    if args.workers < 1:
        print("contractbridge: a worker runs 1 or more processes (--workers)", file=sys.stderr)
        return 2
    try:
        storage = Storage(args.db)
    except StorageError as error:
        print(f"contractbridge: {error}", file=sys.stderr)
        return 2
    if not storage.shared:
        print(
            "contractbridge: workers take their tasks from PostgreSQL; a SQLite server "
            "thinks for its robots itself (serve --workers N)",
            file=sys.stderr,
        )
        return 2
    pool = RobotPool(args.robots, args.robot_seconds, args.workers)

    async def main() -> None:
        runner = TaskRunner(storage, pool)
        listener = Listener(storage.url, Bus([runner]).deliver)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, runner.stop)
        await pool.start()
        listener.start(loop)
        print(
            f"contractbridge: worker {runner.name} with {args.workers} processes "
            f"({args.robots} robots) on {args.db.split('@')[-1]}",
            flush=True,
        )
        try:
            await runner.run()
        finally:
            listener.stop()
            pool.close()
            storage.close()

    asyncio.run(main())
    return 0
