"""The after-hand analyses the workers made (double-dummy tables, par, each card's value),
kept in this process for every room that shows them: a table's finished boards, an event's
hand records. A deal is analysed once; what the solver could not do is remembered too, so
it is not asked again."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from contractbridge.core import Seat

#: the most recent analyses, by deal, vulnerability, dealer and the line played
_ANALYSES: OrderedDict[tuple[str, int, Seat, str], dict[str, Any] | None] = OrderedDict()
#: how many are kept
KEPT = 4096


def cached_analysis(
    pbn: str, vulnerability: int, dealer: Seat, line: str = ""
) -> dict[str, Any] | None:
    """The deal's analysis if it has been made, else None; never waits."""
    return _ANALYSES.get((pbn, vulnerability, dealer, line))


def analysis_known(pbn: str, vulnerability: int, dealer: Seat, line: str = "") -> bool:
    """Whether the deal was analysed (or found beyond the solver): not to be tried again."""
    return (pbn, vulnerability, dealer, line) in _ANALYSES


def remember_analysis(
    pbn: str, vulnerability: int, dealer: Seat, line: str, found: dict[str, Any] | None
) -> None:
    """Keep a deal's analysis, made in a worker (the most recent :data:`KEPT`
    deals are kept)."""
    _ANALYSES[(pbn, vulnerability, dealer, line)] = found
    while len(_ANALYSES) > KEPT:
        _ANALYSES.popitem(last=False)
