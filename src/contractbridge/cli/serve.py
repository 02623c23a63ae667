"""``contractbridge serve``: the web table (lobby, tables, robots) under uvicorn."""

from __future__ import annotations

import argparse
import fcntl
import os
import sys

from contractbridge.robots import STRENGTHS


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="play in the browser: the web table with robots in the empty seats",
        description=(
            "Start the web table. Open http://HOST:PORT/ to create a table; every call and "
            "card is stored in the database before it is acknowledged."
        ),
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        default="sqlite:///contractbridge.db",
        help="SQLAlchemy URL or file: sqlite:///tables.db (default), postgresql://user@host/db",
    )
    parser.add_argument(
        "--robots",
        choices=STRENGTHS,
        default="best",
        help="robots for empty seats: best (SAYC bidder, simulating card player) or basic",
    )
    parser.add_argument(
        "--robot-seconds", type=float, default=0.5, help="time a robot spends on a card"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help=(
            "robot worker processes (default: one per core). 0: on SQLite the server thinks "
            "for its robots itself; on PostgreSQL it leaves them to `contractbridge worker`"
        ),
    )
    parser.add_argument(
        "--tables-per-hour",
        type=int,
        default=60,
        help="new tables one client address may create in an hour (default 60)",
    )
    parser.add_argument(
        "--events-per-hour",
        type=int,
        default=20,
        help="new events one client address may create in an hour (default 20)",
    )
    parser.add_argument(
        "--games-per-hour",
        type=int,
        default=30,
        help=(
            "new Minibridge games (and as many Honeymoon bridge matches) one client address "
            "may start in an hour (default 30)"
        ),
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1",
        help=(
            "proxies whose X-Forwarded-For names the client (comma-separated, or *); the "
            "per-client limits then count each person, not the proxy"
        ),
    )
    parser.add_argument(
        "--bluechip-port",
        type=int,
        default=None,
        help=(
            "take Blue Chip table-manager clients (outside robots: WBridge5, ben ...) on this "
            "port, at the --host address, for the seats a table gives them (default: none)"
        ),
    )
    parser.add_argument(
        "--daily-secret",
        default=os.environ.get("CB_DAILY_SECRET") or None,
        help=(
            "the operator's secret the tournaments of the day are dealt from (default: the "
            "CB_DAILY_SECRET environment variable; none: no tournaments of the day)"
        ),
    )
    parser.add_argument(
        "--daily-plan",
        default=None,
        metavar="FILE",
        help="the day's sets (YAML or JSON, docs/daily.md; default: the three default sets)",
    )
    parser.add_argument("--log-level", default="info", help="uvicorn's log level")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from contractbridge.server.app import create_app

    limits = (args.tables_per_hour, args.events_per_hour, args.games_per_hour)
    if args.workers < 0 or min(limits) < 1:
        print(
            "contractbridge: --workers is 0 or more; --tables-per-hour, --events-per-hour and "
            "--games-per-hour 1 or more",
            file=sys.stderr,
        )
        return 2
    from contractbridge.server.storage import Storage, StorageError, normalise_url

    url = normalise_url(args.db)
    try:
        Storage(url).close()  # the driver is there and the database answers
    except StorageError as error:
        print(f"contractbridge: {error}", file=sys.stderr)
        return 2
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        # SQLite is one process's: a second server on the same file would fork the tables.
        lock = open(url.removeprefix("sqlite:///") + ".serve-lock", "w")  # noqa: SIM115
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            print(
                f"contractbridge: another server is using {url.removeprefix('sqlite:///')}; "
                "several server processes need PostgreSQL (--db postgresql://...)",
                file=sys.stderr,
            )
            return 2
    plan = None
    if args.daily_plan is not None:
        import yaml

        from contractbridge.tournament.daily import DailyPlan

        try:
            with open(args.daily_plan, encoding="utf-8") as file:
                settings = yaml.safe_load(file)  # JSON reads as YAML too
        except (OSError, yaml.YAMLError) as error:
            print(f"contractbridge: cannot read the plan of the day: {error}", file=sys.stderr)
            return 2
        if not isinstance(settings, dict):
            print("contractbridge: the plan of the day is a mapping (opens, sets)", file=sys.stderr)
            return 2
        plan = DailyPlan.from_settings(settings)  # a DailyError: exit 2 with its message
    app = create_app(
        args.db,
        robots=args.robots,
        budget=args.robot_seconds,
        workers=args.workers,
        tables_per_hour=args.tables_per_hour,
        events_per_hour=args.events_per_hour,
        games_per_hour=args.games_per_hour,
        local_robots=args.workers > 0 or url.startswith("sqlite"),
        bluechip=(args.host, args.bluechip_port) if args.bluechip_port is not None else None,
        daily_secret=args.daily_secret,
        daily_plan=plan,
    )
    print(
        f"contractbridge: serving on http://{args.host}:{args.port}/ (tables in {args.db}, "
        f"{args.workers} robot workers)"
    )
    _bound_request_lines()
    # A WebSocket message is one action: far below 64 KiB.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=65536,
        # h11 refuses a request line or headers over 64 KiB at once (400); the WebSocket
        # handshake's own line limit is raised above that (_bound_request_lines)
        http="h11",
        h11_max_incomplete_event_size=MAX_REQUEST_HEAD,
        proxy_headers=True,
        forwarded_allow_ips=args.forwarded_allow_ips,
        timeout_graceful_shutdown=10,  # SIGTERM: in-flight requests finish, sockets close
    )
    return 0


#: the longest request line and headers the server reads (a link's token is 22 characters)
MAX_REQUEST_HEAD = 65536


def _bound_request_lines() -> None:
    """Make an over-long WebSocket upgrade answered, not held: the ``websockets`` library
    reads the upgrade's lines itself, and one over its 8 KiB limit was left hanging for the
    handshake's whole timeout (a 20 KB URL held 180 s: issue 43). Above h11's limit, it
    never sees such a line; h11 answers 400 first."""
    import websockets.http11
    import websockets.legacy.http

    for module in (websockets.http11, websockets.legacy.http):
        limit = max(int(getattr(module, "MAX_LINE_LENGTH", 0)), 2 * MAX_REQUEST_HEAD)
        vars(module)["MAX_LINE_LENGTH"] = limit  # read at each line, not at import
