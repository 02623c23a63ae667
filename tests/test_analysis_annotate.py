"""``contractbridge analyze``: the tags it adds agree with the ones real files carry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contractbridge.analysis import DDTable
from contractbridge.analysis.annotate import analyze_records
from contractbridge.cli import main
from contractbridge.core import Deal
from contractbridge.formats import GameRecord, load_file
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT
REALBRIDGE = CORPUS / "pbn" / "realbridge_299_dd.pbn"


def tags_by_game(text: str, name: str) -> list[str]:
    return re.findall(rf'^\[{name} "([^"]*)"\]', text, re.M)


@pytest.mark.slow
def test_analyze_writes_the_double_dummy_tags_realbridge_published(tmp_path: Path) -> None:
    source = REALBRIDGE.read_text(encoding="latin-1")
    out, page = tmp_path / "out.pbn", tmp_path / "out.html"
    assert main(["analyze", str(REALBRIDGE), "-o", str(out), "--html", str(page), "-q"]) == 0
    written = out.read_text(encoding="latin-1")
    deals = [Deal.from_pbn(d) for d in tags_by_game(source, "Deal")]
    assert [Deal.from_pbn(d) for d in tags_by_game(written, "Deal")] == deals
    assert tags_by_game(written, "DoubleDummyTricks") == [
        t.lower() for t in tags_by_game(source, "DoubleDummyTricks")
    ]

    # realbridge writes "NS +90", we write "NS 90": compare the numbers for North-South
    def ns(values: list[str]) -> list[int]:
        return [int(v.split()[1]) * (1 if v.startswith("NS") else -1) for v in values]

    assert ns(tags_by_game(written, "OptimumScore")) == ns(tags_by_game(source, "OptimumScore"))
    assert len(tags_by_game(written, "ParContract")) == 299
    # the written OptimumResultTable sections read back as the same tables
    sections = re.findall(
        r'\[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"\]\r?\n'
        r"((?:[NESW] .*\r?\n?){20})",
        written,
    )
    assert len(sections) == 299
    for rows, hexa in zip(sections, tags_by_game(written, "DoubleDummyTricks"), strict=True):
        assert DDTable.from_optimum_result_table(rows.splitlines()) == DDTable.from_pbn(hexa)
    hand_record = page.read_text(encoding="utf-8")
    assert hand_record.count('<section class="board">') == len(set(deals))
    assert "<th>Score NS</th>" in hand_record and "Par " in hand_record


@pytest.mark.slow
def test_analyze_reads_lin_and_skips_records_without_a_deal(tmp_path: Path) -> None:
    games = list(load_file(CORPUS / "lin" / "vugraph_schapiro_2007_final.lin"))
    games.append(GameRecord(board=99))
    results = analyze_records(games)
    assert results[-1] is None and "DoubleDummyTricks" not in games[-1].tags
    for game, result in zip(games[:-1], results, strict=False):
        assert result is not None and game.deal is not None
        assert game.tags["DoubleDummyTricks"] == result.table.to_pbn()
        assert result.par is not None and game.tags["OptimumScore"] == result.par.optimum_score()
    out = tmp_path / "v.pbn"
    assert (
        main(
            [
                "analyze",
                str(CORPUS / "lin" / "vugraph_schapiro_2007_final.lin"),
                "-o",
                str(out),
                "-q",
            ]
        )
        == 0
    )
    assert len(tags_by_game(out.read_text(), "DoubleDummyTricks")) == len(games) - 1


def test_analyze_summary_and_a_file_without_deals(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    empty = tmp_path / "empty.pbn"
    empty.write_text('[Event "x"]\n[Board "1"]\n')
    assert main(["analyze", str(empty), "-q"]) == 1
    assert "no complete deal" in capsys.readouterr().err
    one = tmp_path / "one.pbn"
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    one.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal.to_pbn()}"]\n')
    assert main(["analyze", str(one), "-q"]) == 0
    assert "NS 1510: NS 7S=" in capsys.readouterr().out
