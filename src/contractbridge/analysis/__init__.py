"""Analysis: double dummy and par (DDS via endplay), dealing with constraints, hand evaluation.

::

    from contractbridge.analysis import dd_table, dd_tables, par, dd_cards, dd_trace
    from contractbridge.analysis import generate_deals, deal_number, hcp, losers

File-level analysis (the tags ``contractbridge analyze`` writes) is in
:mod:`contractbridge.analysis.annotate`; see ``docs/analysis.md``.
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
from contractbridge.analysis.dealing import (
    NUMBER_OF_DEALS,
    DealBatch,
    compile_constraint,
    deal_from_number,
    deal_number,
    generate_deals,
)
from contractbridge.analysis.errors import AnalysisError, ConstraintError
from contractbridge.analysis.evaluation import (
    controls,
    distribution_points,
    hcp,
    is_balanced,
    is_semi_balanced,
    losers,
    matches_pattern,
    pattern,
    quick_tricks,
    shape_class,
    total_points,
)

__all__ = [
    "NUMBER_OF_DEALS",
    "OPTIMUM_RESULT_HEADER",
    "AnalysisError",
    "ConstraintError",
    "DDTable",
    "DealBatch",
    "Par",
    "ParContract",
    "Position",
    "compile_constraint",
    "controls",
    "dd_cards",
    "dd_cards_many",
    "dd_table",
    "dd_tables",
    "dd_trace",
    "dd_traces",
    "deal_from_number",
    "deal_number",
    "distribution_points",
    "generate_deals",
    "hcp",
    "is_balanced",
    "is_semi_balanced",
    "losers",
    "matches_pattern",
    "par",
    "pattern",
    "quick_tricks",
    "shape_class",
    "total_points",
]
