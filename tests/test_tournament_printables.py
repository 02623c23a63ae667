"""Printables for the tables: every board, table and round is there, each card shows only
what its reader may see, on A4 or Letter; from the CLI and from the director's page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contractbridge.cli import main
from contractbridge.core import Deal, Seat
from contractbridge.core.deal import Board
from contractbridge.formats import pbn
from contractbridge.formats.record import GameRecord
from contractbridge.tournament import printables
from contractbridge.tournament.movement import mitchell, one_set_howell
from contractbridge.tournament.report import HandRecord, hand_record
from serverapi import TestClient, client, look, token

__all__ = ["client"]  # the fixture, used by name

DEALS = {b: Deal.random(b) for b in range(1, 5)}


def cards(html: str, cls: str) -> list[str]:
    return re.findall(rf'<div class="card {cls}">(.*?)</div>(?=<div class="card|</div>)', html)


def hand_texts(deal: Deal, seat: Seat) -> list[str]:
    """The suit lines of a hand as printed (a void is not a give-away: left out)."""
    return [t for t in deal[seat].suits_text().values() if len(t) >= 3]


@pytest.mark.parametrize("paper, size", [("a4", "size: A4"), ("letter", "size: letter")])
def test_every_page_is_sized_for_the_paper(paper: str, size: str) -> None:
    m = one_set_howell(4, boards_per_round=2)
    for what in ("guide-cards", "pickup-slips", "travellers"):
        assert size in printables.for_movement(m, what, paper=paper)
    for what in printables.DEAL_PRINTABLES:
        assert size in printables.for_deals(DEALS, what, paper=paper, analyse=False)
    with pytest.raises(printables.PrintError, match="a4 or letter"):
        printables.page("x", "", paper="legal")


def test_pickup_slips_one_per_table_and_round_with_its_boards_and_no_hand() -> None:
    m = one_set_howell(3, boards_per_round=4)
    html = printables.pickup_slips(m)
    slips = cards(html, "slip")
    assert len(slips) == len(m.encounters) == 15
    for e in m.encounters:
        slip = next(s for s in slips if f"Round {e.round} · Table {e.table}<" in s)
        assert f"NS {e.ns} v EW {e.ew}" in slip
        listed = re.findall(r'<tr class="blank"><td class="n">(\d+)</td>', slip)
        assert tuple(int(b) for b in listed) == e.boards  # in the order the table plays them
    # hidden information: the boards' deals are nowhere on a slip
    for deal in DEALS.values():
        for seat in Seat:
            assert not any(text in html for text in hand_texts(deal, seat))
    assert "♠" not in html and "♥" not in html


def test_travellers_every_board_with_the_pairs_that_play_it() -> None:
    m = mitchell(5, boards_per_round=3)
    html = printables.travellers(m, paper="letter")
    travellers = cards(html, "traveller")
    assert len(travellers) == len(m.boards) == 15
    for board in m.boards:
        card = next(c for c in travellers if f"<h2>Board {board}<small>" in c)
        assert f"Dealer {Board(board).dealer.full_name}" in card
        rows = re.findall(r'<tr class="blank"><td class="n">(\d+)</td><td class="n">(\d+)', card)
        expected = [(e.ns, e.ew) for e in sorted(m.plays(board), key=lambda e: e.round)]
        assert [(int(a), int(b)) for a, b in rows] == expected
    assert "♠" not in html


def test_guide_cards_tell_each_pair_and_each_set_of_boards_where_to_go() -> None:
    m = one_set_howell(4, boards_per_round=2)
    html = printables.guide_cards(m)
    for table in range(1, 5):
        assert f"<h2>Table {table}<small>" in html
    for pair in m.pairs:
        assert f"<h2>Pair {pair}<small>" in html
    table2 = html.split("<h2>Table 2<small>")[1].split("<h2>Table 3")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table2)[1:]
    assert len(rows) == m.rounds
    for rnd, row in enumerate(rows, start=1):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        e = m.encounter(rnd, 2)
        assert (cells[0], cells[1], cells[2]) == (str(rnd), str(e.ns), str(e.ew))
        if rnd < m.rounds:
            nxt = {x.ns: f"table {x.table} NS" for x in m.round(rnd + 1)}
            nxt |= {x.ew: f"table {x.table} EW" for x in m.round(rnd + 1)}
            assert (cells[4], cells[5]) == (nxt[e.ns], nxt[e.ew])
            later = [x.table for x in m.round(rnd + 1) if x.boards == e.boards]
            assert cells[6] == (f"table {later[0]}" if later else "relay")
        else:
            assert cells[6] == "to the director"


def test_guide_cards_show_the_sit_out_and_the_shared_boards() -> None:
    seven = printables.guide_cards(one_set_howell("7-pairs", boards_per_round=3))
    assert seven.count("sits out)") == 7  # table 1: nobody plays there, a pair sits out
    three = printables.guide_cards(one_set_howell(3, boards_per_round=4))
    assert "17–20 (shared with table 2 &amp; 3: start with board 17)" in three


def test_curtain_cards_one_per_seat_showing_that_hand_alone() -> None:
    html = printables.curtain_cards(DEALS)
    curtain = cards(html, "curtain")
    assert len(curtain) == 4 * len(DEALS)
    for board, deal in DEALS.items():
        for seat in Seat:
            card = next(c for c in curtain if f"Board {board}<small>{seat.full_name}<" in c)
            for text in deal[seat].suits_text().values():
                assert f"</span> {text or '—'}<" in card + "<"
            others = [s for s in Seat if s != seat]
            assert not any(t in card for o in others for t in hand_texts(deal, o)
                           if t not in hand_texts(deal, seat))  # fmt: skip
    assert 'class="s-red">♥' in html and 'class="s-black">♠' in html


def test_hand_records_show_every_board_and_the_makeable_contracts() -> None:
    deal = DEALS[1]
    tricks = {s: dict.fromkeys(Seat, 6) for s in printables._STRAINS}
    tricks[printables.Strain.S] = {Seat.N: 10, Seat.S: 10, Seat.E: 3, Seat.W: 3}
    record = HandRecord(1, deal, Seat.N, Board(1).vulnerability, tricks, "NS 420: NS 4S=", 420)
    assert printables.makeable_rows(record)[0] == ["N", "–", "4", "–", "–", "–"]
    html = printables.hand_records([record, printables.records_of({2: DEALS[2]}, analyse=False)[0]])
    assert len(cards(html, "record")) == 2
    assert "Par: NS 420: NS 4S=" in html and "Makeable contracts" in html
    for seat in Seat:
        assert all(t in html for t in hand_texts(deal, seat))


@pytest.mark.slow
def test_hand_records_solve_the_boards_double_dummy() -> None:
    records = printables.records_of(DEALS)  # all the boards in one call to the solver
    assert all(r.tricks is not None and r.par for r in records)
    for r in records:  # the same as each board solved alone
        alone = hand_record(r.board, DEALS[r.board])
        assert (r.tricks, r.par, r.par_score) == (alone.tricks, alone.par, alone.par_score)


def test_event_print_and_deal_print_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "club.json"
    assert main(["event", "create", str(event), "--movement", "one-set-howell", "--tables",
                 "4"]) == 0  # fmt: skip
    out = tmp_path / "slips.html"
    for what in ("pickup-slips", "guide-cards", "travellers"):
        args = ["event", "print", str(event), "--what", what, "--paper", "letter", "-o", str(out)]
        assert main(args) == 0
        assert "size: letter" in out.read_text(encoding="utf-8")
    assert main(["event", "print", str(event), "--what", "curtain-cards"]) == 2
    assert "no deals" in capsys.readouterr().err
    boards = tmp_path / "boards.pbn"
    records = [GameRecord(board=b, deal=d) for b, d in DEALS.items()]
    boards.write_text(pbn.dumps(records), encoding="utf-8")
    assert main(["deal", "print", str(boards), "--what", "curtain-cards"]) == 0
    assert capsys.readouterr().out.count('class="card curtain"') == 16
    assert main(["deal", "print", str(boards), "--what", "hand-records", "--no-analysis",
                 "-o", str(out)]) == 0  # fmt: skip
    assert out.read_text(encoding="utf-8").count('class="card record"') == 4
    assert main(["event", "deals", str(event), str(boards)]) == 0
    assert main(["event", "print", str(event), "--what", "curtain-cards", "-o", str(out)]) == 0
    assert main(["deal", "-n", "1", "--seed", "3", "--format", "line"]) == 0  # still deals


def test_the_director_downloads_the_printables(client: TestClient) -> None:
    body = {"name": "Club", "movement": "one-set-howell", "tables": 4, "boards_per_round": 2}
    r = client.post("/api/events", json=body)
    assert r.status_code == 201, r.text
    ev = r.json()
    director = token(ev["director"])
    base = f"/api/events/{ev['id']}/files"
    assert look(client, ev, director)["movement"]["name"] == "Howell 4 tables"
    page = client.get(f"{base}/guide-cards.html", params={"token": director, "paper": "letter"})
    assert page.status_code == 200 and "size: letter" in page.text
    assert page.headers["content-type"].startswith("text/html")
    slips = client.get(f"{base}/pickup-slips.html", params={"token": director})
    assert slips.text.count('class="card slip"') == 28
    tables = client.get(f"{base}/travellers.html", params={"token": token(ev["tables"]["1"])})
    assert tables.status_code == 403  # a table's link does not print the event
    none = client.get(f"{base}/curtain-cards.html", params={"token": director})
    assert none.status_code == 400 and "no deals" in none.json()["error"]
    text = "\n".join(f'[Board "{b}"]\n[Deal "{d.to_pbn()}"]\n' for b, d in DEALS.items())
    entry = {"token": director, "entry": {"op": "deals", "pbn": text}}
    assert client.post(f"/api/events/{ev['id']}/entries", json=entry).status_code == 200
    curtain = client.get(f"{base}/curtain-cards.html", params={"token": director})
    assert curtain.text.count('class="card curtain"') == 16
    bad = client.get(f"{base}/travellers.html", params={"token": director, "paper": "legal"})
    assert bad.status_code == 400


@pytest.mark.slow
def test_the_director_prints_the_hand_records_solved_by_the_workers(client: TestClient) -> None:
    body = {"name": "Club", "movement": "one-set-howell", "tables": 3, "boards_per_round": 3}
    ev = client.post("/api/events", json=body).json()
    director = token(ev["director"])
    text = "\n".join(f'[Board "{b}"]\n[Deal "{d.to_pbn()}"]\n' for b, d in DEALS.items())
    entry = {"token": director, "entry": {"op": "deals", "pbn": text}}
    assert client.post(f"/api/events/{ev['id']}/entries", json=entry).status_code == 200
    page = client.get(
        f"/api/events/{ev['id']}/files/hand-records.html",
        params={"token": director, "paper": "letter"},
    )
    assert page.status_code == 200 and "size: letter" in page.text
    assert page.text.count('class="card record"') == len(DEALS)  # played or not yet
    assert page.text.count("Par: ") == len(DEALS) and "Makeable contracts" in page.text
