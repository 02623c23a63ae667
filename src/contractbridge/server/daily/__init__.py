"""Tournaments of the day on the server: their tables (``store.py``) and the service that
deals a day's sets, takes entries and results and answers rankings and field views
(``service.py``); the rules are the domain's (:mod:`contractbridge.tournament.daily`).
The API for signed-in players is ``routes.py`` (docs/daily.md)."""

from contractbridge.server.daily.service import DailyService, NoSuchSetError
from contractbridge.server.daily.store import DailyStore

__all__ = ["DailyService", "DailyStore", "NoSuchSetError"]
