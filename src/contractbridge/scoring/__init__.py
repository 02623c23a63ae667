"""Scoring: duplicate (Law 77), rubber, Chicago, and the comparison scales."""

from contractbridge.scoring.duplicate import (
    duplicate_score,
    insult_bonus,
    overtrick_score,
    slam_bonus,
    trick_score,
    tricks_from_score,
    undertrick_penalty,
)

__all__ = [
    "duplicate_score",
    "insult_bonus",
    "overtrick_score",
    "slam_bonus",
    "trick_score",
    "tricks_from_score",
    "undertrick_penalty",
]
