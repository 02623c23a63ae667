"""Pairs events from real files: the Ruter Butler event and the Warsaw matchpoint event."""

from __future__ import annotations

import html
import re

import pytest

from contractbridge.formats import pbn
from contractbridge.formats.record import GameRecord
from contractbridge.scoring.matchpoints import Factoring
from contractbridge.tournament.files import (
    lead_problems,
    read_records,
    renumber,
    results_from_records,
)
from contractbridge.tournament.pairs import (
    Method,
    Options,
    rank,
    score_card,
    score_event,
)
from contractbridge.tournament.report import pbn_records
from contractbridge.tournament.results import Adjusted, ResultError, enter
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT / "pbn"
RUTER = CORPUS / "ruter71_butler_imp.pbn"
WB = CORPUS / "wb120802_mp_pairs.pbn"


@pytest.fixture(scope="module")
def ruter_records() -> list[GameRecord]:
    return read_records(RUTER)


def test_ruter_scoring_tag_names_butler(ruter_records: list[GameRecord]) -> None:
    imported = results_from_records(ruter_records)
    assert imported.method is Method.IMP_BUTLER
    assert sum(len(rs) for rs in imported.boards.values()) == 168


def test_ruter_butler_imps_and_datum_of_every_row(ruter_records: list[GameRecord]) -> None:
    scored = score_event(results_from_records(ruter_records).boards, Method.IMP_BUTLER)
    checked = 0
    for record in ruter_records:
        expected = record.tables["ScoreTable"].records()
        ours = {(s.result.ns, s.result.ew): s for s in scored[record.board]}
        for row in expected:
            s = ours[(row["PairId_NS"], row["PairId_EW"])]
            ns_score = int(row["Score_NS"]) if row["Score_NS"] != "-" else -int(row["Score_EW"])
            assert s.result.ns_score == ns_score
            assert s.ns_points == int(row["IMP_NS"]) and s.ew_points == int(row["IMP_EW"])
            assert s.datum == int(row["ButlerDatum"])
            checked += 1
    assert checked == 168


def test_ruter_total_score_table_ranking_reproduced(ruter_records: list[GameRecord]) -> None:
    imported = results_from_records(ruter_records)
    ranking = rank(score_event(imported.boards, Method.IMP_BUTLER), names=imported.names)[0]
    published = imported.total_score_table
    assert published is not None
    got = [
        (str(r.rank), str(r.rank_tie) if r.rank_tie else "-", r.pair, int(r.total), r.names)
        for r in ranking
    ]
    want = [
        (p["Rank"], p["RankTie"], p["PairId"], int(p["TotalScoreIMP"]), p["Names"])
        for p in published.records()
    ]
    assert got == want
    assert all(r.boards == 21 for r in ranking)


def test_ruter_leads_from_the_wrong_hand_are_reported(ruter_records: list[GameRecord]) -> None:
    problems = lead_problems(results_from_records(ruter_records))
    # board 1, table 3: 2S by West, but the lead HJ was East's (dummy's) card
    assert any(p.startswith("board 1, 6 vs 5: 2S W -1 led HJ, which East held") for p in problems)
    assert len(problems) == 13


def test_ruter_scored_as_matchpoints_and_cross_imps_stay_consistent(
    ruter_records: list[GameRecord],
) -> None:
    boards = results_from_records(ruter_records).boards
    for method in (Method.MP, Method.MP_ACBL):
        scored = score_event(boards, method)
        for results in scored.values():
            assert all(s.ns_points + s.ew_points == s.top for s in results)
    cross = score_event(boards, Method.CROSS_IMP)
    for results in cross.values():
        assert sum(s.ns_points for s in results) == pytest.approx(0)


def wb_imported():  # type: ignore[no-untyped-def]
    """The Warsaw event with its absent pair. The published board-1 traveller shows table 9,
    pairs 17 and 18, "TD" 60% / 0%: pair 18 never came, and whoever was due to meet it got
    average-plus. Each board's results name 16 of pairs 1-17; the 17th met pair 18."""
    imported = renumber(results_from_records(read_records(WB)))
    for board, results in list(imported.boards.items()):
        present = {p for r in results for p in (r.ns, r.ew)}
        (missing,) = [str(p) for p in range(1, 18) if str(p) not in present]
        imported.add(enter(board=board, ns=missing, ew="18", adjusted=Adjusted.parse("60/0")))
    return imported


def published_board1() -> dict[tuple[str, str], tuple[float, float]]:
    text = (CORPUS / "wb120802_board1_traveller_published.html").read_text(encoding="iso-8859-2")
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", text, re.S):
        cells = [
            html.unescape(re.sub(r"<[^>]*>", "", c)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        if len(cells) in (10, 11) and not cells[0] and cells[1].isdigit():
            rows[(cells[1], cells[2])] = (float(cells[-2]), float(cells[-1]))
    return rows


def test_wb120802_board1_published_percentages_with_the_td_score() -> None:
    imported = wb_imported()
    scored = score_event(imported.boards, Method.MP, Options(factoring=Factoring.NONE))
    ours = {
        (s.result.ns, s.result.ew): (round(s.ns_percentage or 0, 2), round(s.ew_percentage or 0, 2))
        for s in scored[1]
    }
    assert ours == published_board1()


def test_wb120802_whole_event_ranking() -> None:
    imported = wb_imported()
    scored = score_event(imported.boards, Method.MP, Options(factoring=Factoring.NONE))
    ranking = rank(scored, names=imported.names)[0]
    assert len(scored) == 27 and len(ranking) == 18
    assert {r.boards for r in ranking} == {27}
    assert {r.top for r in ranking} == {27 * 14}
    # per board eight real results share 8 * 14 MP, and the TD row gives 60% of 14 and 0
    assert sum(r.total for r in ranking) == pytest.approx(27 * (8 * 14 + 8.4))
    assert ranking[-1].pair == "18" and ranking[-1].percentage == 0
    assert [r.rank for r in ranking] == sorted(r.rank for r in ranking)
    top = ranking[0]
    card = score_card(scored, top.pair)
    assert len(card) == 27
    assert sum(c.points for c in card) == pytest.approx(top.total)


def test_neuberg_factors_the_td_board_to_nine_results() -> None:
    imported = wb_imported()
    scored = score_event(imported.boards, Method.MP)  # Neuberg by default
    board1 = scored[1]
    assert {s.top for s in board1} == {16}
    real = [s for s in board1 if s.result.adjusted is None]
    # each of the eight results stands for 9/8 results: (mp + 1) * 9/8 - 1
    assert real[0].ns_points == pytest.approx((12 + 1) * 9 / 8 - 1)


def test_pbn_export_round_trips_score_and_total_score_tables() -> None:
    imported = results_from_records(read_records(RUTER))
    scored = score_event(imported.boards, Method.IMP_BUTLER)
    rankings = rank(scored, names=imported.names)
    text = pbn.dumps(
        pbn_records(
            scored, rankings, deals=imported.deals, event="Klubbkveld", scoring="IMP;Butler-2;Mean"
        )
    )
    again = results_from_records(pbn.loads(text))
    assert again.method is Method.IMP_BUTLER
    rescored = score_event(again.boards, Method.IMP_BUTLER)
    for board, results in scored.items():
        assert sorted((s.result.ns, s.ns_points, s.datum) for s in results) == sorted(
            (s.result.ns, s.ns_points, s.datum) for s in rescored[board]
        )
    total = pbn.loads(text)[0].tables["TotalScoreTable"].records()
    assert [t["PairId"] for t in total] == [r.pair for r in rankings[0]]


def test_artificial_scores_at_imps_are_plus_or_minus_three() -> None:
    results = [
        enter(board=1, ns="1", ew="2", score=420),
        enter(board=1, ns="3", ew="4", score=170),
        enter(board=1, ns="5", ew="6", adjusted="A+/A-"),
    ]
    scored = score_event({1: results}, Method.IMP_BUTLER)[1]
    assert (scored[2].ns_points, scored[2].ew_points) == (3, -3)
    with pytest.raises(ResultError, match="A\\+ \\(\\+3\\)"):
        score_event(
            {1: [*results[:2], enter(board=1, ns="5", ew="6", adjusted="60/0")]}, Method.CROSS_IMP
        )


def test_pbn_export_keeps_the_artificial_score_marked() -> None:
    imported = wb_imported()
    options = Options(factoring=Factoring.NONE)
    scored = score_event(imported.boards, Method.MP, options)
    text = pbn.dumps(pbn_records(scored, rank(scored), deals=imported.deals))
    board1 = pbn.loads(text)[0].tables["ScoreTable"].records()
    td = [row for row in board1 if row["PairId_NS"] == "17"]
    assert td[0]["Score_NS"] == "^60%" and td[0]["Score_EW"] == "^0%"
    again = score_event(results_from_records(pbn.loads(text)).boards, Method.MP, options)
    assert [round(s.ns_percentage or 0, 2) for s in again[1]] == [
        round(s.ns_percentage or 0, 2) for s in scored[1]
    ]


def test_a_lone_result_scores_an_average() -> None:
    scored = score_event({1: [enter(board=1, ns="1", ew="2", score=420)]}, Method.MP)
    assert (scored[1][0].ns_percentage, scored[1][0].ew_percentage) == (50.0, 50.0)


def test_a_file_of_hand_records_has_no_results() -> None:
    with pytest.raises(ResultError, match="no table results"):
        results_from_records(read_records(CORPUS / "hazlemere_trophy_bridgenz.pbn"))


def test_pairs_are_renumbered_only_when_all_are_a_word_and_a_number() -> None:
    results = [enter(board=1, ns="Para-1", ew="Para-2", score=420)]
    imported = renumber(_imported(results))
    assert (imported.boards[1][0].ns, imported.names["1"]) == ("1", "Para-1")
    mixed = renumber(_imported([enter(board=1, ns="ann - peter1959", ew="Para-2", score=420)]))
    assert mixed.boards[1][0].ns == "ann - peter1959"


def _imported(results):  # type: ignore[no-untyped-def]
    from contractbridge.tournament.files import ImportedResults

    imported = ImportedResults()
    for r in results:
        imported.add(r)
    return imported


def test_sm0807_imp_pairs_scored_by_butler_and_cross_imps() -> None:
    imported = renumber(results_from_records(read_records(CORPUS / "sm0807_imp_pairs.pbn")))
    assert imported.method is Method.IMP_BUTLER  # [Scoring "IMP"]
    assert sum(len(rs) for rs in imported.boards.values()) == 108
    for method in (Method.IMP_BUTLER, Method.CROSS_IMP):
        ranking = rank(score_event(imported.boards, method))[0]
        assert sum(r.boards for r in ranking) == 2 * 108
        if method is Method.CROSS_IMP:
            assert sum(r.total for r in ranking) == pytest.approx(0, abs=1e-6)
