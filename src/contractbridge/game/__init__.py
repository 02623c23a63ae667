"""The game: a table that runs a series of deals as an append-only log of events.

- :mod:`~contractbridge.game.events`: the events and their JSON form, per-seat copies;
- :mod:`~contractbridge.game.state`: the state rebuilt from the events (:func:`replay`);
- :mod:`~contractbridge.game.table`: :class:`Table`, driven step by step or by robots;
- :mod:`~contractbridge.game.actions`: what a seat may do, and :func:`parse_action`.
"""

from contractbridge.game.actions import (
    AcceptClaim,
    Action,
    ClaimTricks,
    Concede,
    MakeCall,
    PlayCard,
    RejectClaim,
    StopSeries,
    Undo,
    parse_action,
)
from contractbridge.game.errors import (
    EventLogError,
    NoClaimError,
    NothingToUndoError,
    NotYourTurnError,
    SeriesOverError,
    TableError,
)
from contractbridge.game.events import (
    EVENT_TYPES,
    FORMS,
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    DealDealt,
    DealScored,
    DummyFaced,
    Event,
    SeriesEnded,
    SeriesStopped,
    TableOpened,
    Undone,
    event_from_dict,
)
from contractbridge.game.state import (
    DealState,
    Pending,
    TableState,
    claim_answerers,
    make_scoresheet,
    replay,
)
from contractbridge.game.table import Table, deal_for

__all__ = [
    "EVENT_TYPES",
    "FORMS",
    "AcceptClaim",
    "Action",
    "CallMade",
    "CardPlayed",
    "ClaimAccepted",
    "ClaimMade",
    "ClaimRejected",
    "ClaimTricks",
    "Concede",
    "Conceded",
    "DealDealt",
    "DealScored",
    "DealState",
    "DummyFaced",
    "Event",
    "EventLogError",
    "MakeCall",
    "NoClaimError",
    "NotYourTurnError",
    "NothingToUndoError",
    "Pending",
    "PlayCard",
    "RejectClaim",
    "SeriesEnded",
    "SeriesOverError",
    "SeriesStopped",
    "StopSeries",
    "Table",
    "TableError",
    "TableOpened",
    "TableState",
    "Undo",
    "Undone",
    "claim_answerers",
    "deal_for",
    "event_from_dict",
    "make_scoresheet",
    "parse_action",
    "replay",
]
