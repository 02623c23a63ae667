"""Challenges: two players (or a player and the robots) on the same five deals at IMPs,
compared deal by deal (docs/challenges.md)."""

from contractbridge.tournament.challenges.challenge import (
    DEALS,
    LIFETIME,
    Challenge,
    ChallengeError,
    Line,
    State,
    deal_fresh,
    deal_imps,
)

__all__ = [
    "DEALS",
    "LIFETIME",
    "Challenge",
    "ChallengeError",
    "Line",
    "State",
    "deal_fresh",
    "deal_imps",
]
