"""Analysis: double dummy and par (DDS via endplay), dealing with constraints, hand evaluation.

The double-dummy API (:mod:`contractbridge.analysis.dd`) is re-exported here::

    from contractbridge.analysis import dd_table, dd_tables, par, dd_cards, dd_trace
"""

from contractbridge.analysis.dd import (
    OPTIMUM_RESULT_HEADER,
    DDTable,
    Par,
    ParContract,
    Position,
    dd_cards,
    dd_cards_many,
    dd_table,
    dd_tables,
    dd_trace,
    dd_traces,
    par,
)
from contractbridge.analysis.errors import AnalysisError, ConstraintError

__all__ = [
    "OPTIMUM_RESULT_HEADER",
    "AnalysisError",
    "ConstraintError",
    "DDTable",
    "Par",
    "ParContract",
    "Position",
    "dd_cards",
    "dd_cards_many",
    "dd_table",
    "dd_tables",
    "dd_trace",
    "dd_traces",
    "par",
]
