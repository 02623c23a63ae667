"""Tournaments of the day: sets of fixed deals everyone plays with robots, at their own pace
within a window, scored against all who played them (docs/daily.md).

* ``sets`` -- a set (its deals, scoring, kind, window, rule for unfinished deals), the
  operator's plan, dealing a day's sets from the operator's secret, and a player's
  progress through a set (in order, each deal once);
* ``results`` -- one player's result on a deal, and the robots' own result;
* ``field`` -- scoring each deal against the field, the ranking, and what a viewer may see;
* ``errors`` -- the errors, all :class:`~contractbridge.core.errors.BridgeError`.
"""

from contractbridge.tournament.daily.errors import (
    AlreadyRecordedError,
    DailyError,
    NotFinishedError,
    NotStartedError,
    OutOfOrderError,
    SetClosedError,
)
from contractbridge.tournament.daily.field import (
    Field,
    FieldRow,
    FieldView,
    Ranking,
    Standing,
    score_values,
)
from contractbridge.tournament.daily.results import ROBOTS, DealResult, check_player, robots_result
from contractbridge.tournament.daily.sets import (
    DailyDeal,
    DailyPlan,
    DailySet,
    Kind,
    Progress,
    Scoring,
    SetPlan,
    Unplayed,
    deal_day,
    deal_for,
)

__all__ = [
    "ROBOTS",
    "AlreadyRecordedError",
    "DailyDeal",
    "DailyError",
    "DailyPlan",
    "DailySet",
    "DealResult",
    "Field",
    "FieldRow",
    "FieldView",
    "Kind",
    "NotFinishedError",
    "NotStartedError",
    "OutOfOrderError",
    "Progress",
    "Ranking",
    "Scoring",
    "SetClosedError",
    "SetPlan",
    "Standing",
    "Unplayed",
    "check_player",
    "deal_day",
    "deal_for",
    "robots_result",
    "score_values",
]
