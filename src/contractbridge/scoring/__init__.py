"""Scoring: duplicate (Law 77), rubber, Chicago, and the comparison scales."""

from contractbridge.scoring.chicago import ChicagoEntry, ChicagoScoresheet, chicago_vulnerability
from contractbridge.scoring.duplicate import (
    duplicate_score,
    insult_bonus,
    overtrick_score,
    slam_bonus,
    trick_score,
    tricks_from_score,
    undertrick_penalty,
)
from contractbridge.scoring.errors import ScoresheetError, SeriesCompleteError
from contractbridge.scoring.honours import Honours, honours_holder, honours_in
from contractbridge.scoring.rubber import Premium, RubberEntry, RubberScoresheet
from contractbridge.scoring.series import BoardResult, DuplicateSeries
from contractbridge.scoring.sheet import Scoresheet

__all__ = [
    "BoardResult",
    "ChicagoEntry",
    "ChicagoScoresheet",
    "DuplicateSeries",
    "Honours",
    "Premium",
    "RubberEntry",
    "RubberScoresheet",
    "Scoresheet",
    "ScoresheetError",
    "SeriesCompleteError",
    "chicago_vulnerability",
    "duplicate_score",
    "honours_holder",
    "honours_in",
    "insult_bonus",
    "overtrick_score",
    "slam_bonus",
    "trick_score",
    "tricks_from_score",
    "undertrick_penalty",
]
