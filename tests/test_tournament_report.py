"""Reports: hand records with double dummy and par, HTML pages, rich tables."""

from __future__ import annotations

import pytest
from rich.console import Console

from contractbridge.core.card import Strain
from contractbridge.core.seat import Seat
from contractbridge.tournament.files import read_records
from contractbridge.tournament.report import (
    hand_record,
    hand_record_html,
    html_page,
    html_table,
    rich_table,
)
from corpus import CORPUS as CORPUS_ROOT

REALBRIDGE = CORPUS_ROOT / "pbn" / "realbridge_299_dd.pbn"


@pytest.mark.slow
def test_hand_records_match_the_files_double_dummy_table_and_optimum_score() -> None:
    seen: set[int] = set()
    for rec in read_records(REALBRIDGE):
        if rec.board in seen or rec.deal is None or rec.board is None:
            continue
        seen.add(rec.board)
        record = hand_record(rec.board, rec.deal)
        assert record.tricks is not None
        for row in rec.tables["OptimumResultTable"].records():
            strain = Strain.parse(row["Denomination"])
            assert record.tricks[strain][Seat.parse(row["Declarer"])] == int(row["Result"])
        side, value = rec.tags["OptimumScore"].split()
        assert record.par_score == (int(value) if side == "NS" else -int(value))
    assert len(seen) == 10


def test_hand_record_without_analysis_shows_the_deal_only() -> None:
    rec = read_records(REALBRIDGE)[0]
    assert rec.deal is not None and rec.board is not None
    record = hand_record(rec.board, rec.deal, analyse=False)
    assert record.tricks is None and record.par is None
    page = hand_record_html(record)
    assert "Board 11" in page and "Dealer South" in page


def test_html_page_escapes_names_and_is_printable() -> None:
    page = html_page(
        "Club <night>", [("Ranking", html_table(["Pair", "Names"], [["1", "Smith & Jones"]]))]
    )
    assert "Club &lt;night&gt;" in page and "Smith &amp; Jones" in page
    assert "@media print" in page and page.startswith("<!DOCTYPE html>")


def test_rich_table_renders_every_row() -> None:
    console = Console(width=100, record=True)
    console.print(
        rich_table("Ranking", ["Rank", "Pair", "Names"], [["1", "3", "A - B"], ["2", "7", "C - D"]])
    )
    text = console.export_text()
    assert "A - B" in text and "C - D" in text and "Ranking" in text


def test_terminal_hand_record_shows_hands_and_double_dummy() -> None:
    from contractbridge.tournament.report import hand_record_rich

    rec = read_records(REALBRIDGE)[0]
    assert rec.deal is not None and rec.board is not None
    console = Console(width=100, record=True)
    console.print(hand_record_rich(hand_record(rec.board, rec.deal)))
    text = console.export_text()
    assert "Board 11: dealer South" in text and "Double dummy" in text
    assert "KT8" in text  # North's spades
    north = next(line for line in text.splitlines() if line.strip().startswith("│ N "))
    # the file's DoubleDummyTricks for North: NT 7, S 7, H 6, D 6, C 7
    assert [c.strip() for c in north.split("│")[2:7]] == ["7", "7", "6", "6", "7"]
