"""The web server: wiring only. Each feature is a room of its own, with its routes:

- ``tables/``: the live tables (the hub), their seats' views, their routes and socket;
- ``events/``: pairs and teams events run from the browser (the club's desk);
- ``minibridge/``: Minibridge games for learners;
- ``honeymoon/``: Honeymoon bridge, one player against the robot;
- ``director.py``: the Director's assistant;
- ``conventions.py``: the robots' convention cards (``/card/{name}``);
- ``accounts/``: players' accounts, their sessions and the seats they hold;
- ``daily/`` and ``challenges/``: tournaments of the day, and challenges on five deals;
- ``robots/``: who thinks for the robots (this process's workers, or the database's queue);
- ``web/``: what every room's routes share (refusals, request bodies, limits, pages);
- ``bus.py`` and ``storage.py``: the log every room keeps, and what it tells the others.

``service.py`` holds one process's parts and their lifetime; docs/design.md draws the path
an action takes through them.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from contractbridge.server import conventions, director, history
from contractbridge.server.accounts import routes as accounts
from contractbridge.server.accounts.players import AccountRules, Players
from contractbridge.server.challenges import ChallengeService
from contractbridge.server.challenges import routes as challenge_routes
from contractbridge.server.daily import DailyService
from contractbridge.server.daily import routes as daily_routes
from contractbridge.server.events import desk
from contractbridge.server.events import routes as events
from contractbridge.server.history import History
from contractbridge.server.honeymoon import routes as honeymoon
from contractbridge.server.minibridge import routes as minibridge
from contractbridge.server.service import Service
from contractbridge.server.tables import routes as tables
from contractbridge.server.web import pages
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.limits import BodyLimit
from contractbridge.tournament.daily import DailyPlan

#: the largest request body a route takes: an action is well under 1 KiB; an event's deals
#: or event file (``/api/events``), or a played deal for the director, may be larger
MAX_BODY = 64 * 1024
MAX_EVENT_BODY = 4 * 1024 * 1024


def create_app(
    db_url: str = "sqlite:///contractbridge.db",
    *,
    robots: str = "best",
    budget: float = 0.5,
    workers: int = 0,
    tables_per_hour: int = 60,
    events_per_hour: int = desk.EVENTS_PER_HOUR,
    games_per_hour: int = minibridge.GAMES_PER_HOUR,
    local_robots: bool = True,
    bluechip: tuple[str, int] | None = None,
    account_rules: AccountRules | None = None,
    daily_secret: str | None = None,
    daily_plan: DailyPlan | None = None,
) -> FastAPI:
    """The app over the database at ``db_url``; ``robots`` is "best" or "basic".

    ``workers`` robot worker processes decide for the robots and analyse finished deals
    (0: one thread of this process, for tests and embedding; ``contractbridge serve`` starts
    one per core). One client may create ``tables_per_hour`` tables, ``events_per_hour``
    events and ``games_per_hour`` Minibridge games (and as many Honeymoon bridge matches) an
    hour. On PostgreSQL several processes
    may serve the same tables (``service.py``; ``local_robots`` false: robots decided by
    ``contractbridge worker`` alone). ``bluechip``: the address (host, port; port 0 for any)
    where Blue Chip clients take the seats given to them (``bluechip_seat.py``); None: nowhere.
    ``account_rules``: the players' accounts' costs and limits (``accounts/players.py``).
    ``daily_secret``: the operator's secret the tournaments of the day are dealt from, by
    ``daily_plan`` (None: the default plan); no secret: no tournaments of the day.
    """
    service = Service(
        db_url,
        robots=robots,
        budget=budget,
        workers=workers,
        local_robots=local_robots,
        bluechip=bluechip,
    )
    app = FastAPI(title="contractbridge", lifespan=service.lifespan)
    app.state.hub, app.state.desk, app.state.games = service.hub, service.desk, service.games
    app.state.honeymoons = service.honeymoons
    app.state.bluechip = service.door
    app.add_middleware(BodyLimit, limit=MAX_BODY, event_limit=MAX_EVENT_BODY)
    app.add_exception_handler(ActionError, _refused)  # type: ignore[arg-type]
    app.include_router(pages.router(service.readiness))
    app.include_router(tables.router(service.hub, tables_per_hour))
    app.include_router(events.router(service.desk, events_per_hour))
    app.include_router(minibridge.router(service.games, games_per_hour))
    app.include_router(honeymoon.router(service.honeymoons, games_per_hour))
    app.include_router(director.router())
    app.include_router(conventions.router())
    app.state.players = Players(service.storage, account_rules)
    app.include_router(accounts.router(app.state.players))
    daily = DailyService(service.storage, daily_secret, daily_plan) if daily_secret else None
    app.include_router(history.router(app.state.players, History(service.storage, daily)))
    app.state.challenges = ChallengeService(service.storage)
    app.include_router(
        challenge_routes.router(app.state.players, app.state.challenges, service.hub)
    )
    app.state.daily = daily
    if daily is not None:
        app.include_router(daily_routes.router(app.state.players, app.state.daily, hub=service.hub))
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    return app


async def _refused(request: Request, refusal: ActionError) -> JSONResponse:
    return pages.error(refusal.reason, refusal.status)
