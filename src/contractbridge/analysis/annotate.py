"""Double-dummy analysis of whole files: the tags hand records carry.

:func:`analyze_records` gives every game with a full deal the PBN tags
``DoubleDummyTricks``, ``OptimumScore`` and ``ParContract`` and the ``OptimumResultTable``
section. Each distinct deal is solved once (a team match repeats every board), all of
them in DDS batches on every core.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from contractbridge.analysis.dd import OPTIMUM_RESULT_HEADER, DDTable, Par, dd_tables, par
from contractbridge.core.deal import Deal
from contractbridge.formats.record import GameRecord, Table

__all__ = ["BoardAnalysis", "analyze_deals", "analyze_records"]


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    """The analysis of one game: its table and par (None without dealer/vulnerability)."""

    table: DDTable
    par: Par | None


def analyze_deals(
    deals: Iterable[Deal], *, progress: Callable[[int], None] | None = None
) -> dict[Deal, DDTable]:
    """The table of each distinct deal (``progress(n)``: distinct deals done so far)."""
    distinct = list(dict.fromkeys(deals))
    return dict(zip(distinct, dd_tables(distinct, progress=progress), strict=True))


def analyze_records(
    records: Iterable[GameRecord],
    *,
    progress: Callable[[int], None] | None = None,
) -> list[BoardAnalysis | None]:
    """Add the double-dummy tags to each record with a full deal, in place.

    Returns, per record, its analysis (None for a record without a full deal).
    ``progress(n)`` is called as distinct deals are solved.
    """
    records = list(records)
    wanted = [r.deal for r in records if r.deal is not None and r.deal.is_complete]
    tables = analyze_deals(wanted, progress=progress)
    out: list[BoardAnalysis | None] = []
    for rec in records:
        table = tables.get(rec.deal) if rec.deal is not None else None
        if table is None:
            out.append(None)
            continue
        rec.tags["DoubleDummyTricks"] = table.to_pbn()
        rec.tables["OptimumResultTable"] = Table(
            OPTIMUM_RESULT_HEADER.split(";"),
            [row.split() for row in table.optimum_result_table()],
        )
        dealer, vul = rec.board_dealer, rec.board_vulnerability
        result = None
        if dealer is not None and vul is not None:
            result = par(table, vul, dealer)
            rec.tags["OptimumScore"] = result.optimum_score()
            rec.tags["ParContract"] = result.par_contract()
        out.append(BoardAnalysis(table, result))
    return out
