"""Challenges on the server: their tables (``store.py``), the service that makes, answers
and records them (``service.py``) and the API for signed-in players (``routes.py``); the
rules are the domain's (:mod:`contractbridge.tournament.challenges`, docs/challenges.md)."""

from contractbridge.server.challenges.service import ChallengeService, NoSuchChallengeError
from contractbridge.server.challenges.store import ChallengeStore

__all__ = ["ChallengeService", "ChallengeStore", "NoSuchChallengeError"]
