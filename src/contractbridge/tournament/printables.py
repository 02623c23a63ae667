"""What the director prints for the tables: curtain cards and hand records for a set of
boards; guide cards, pickup slips and travellers for an event's movement.

Each printable is one self-contained HTML page, laid out for A4 or US Letter with CSS
``@page`` rules (a browser's "Print" or "Save as PDF" makes the PDF; no PDF library is
needed). Cards meant to be cut apart have dashed borders and never break across pages.

What each shows follows the table's needs and nothing more: a pickup slip or a traveller
has pair numbers and boards but no hand; a curtain card shows one seat's hand only.

>>> from contractbridge.tournament.movement import one_set_howell
>>> page = guide_cards(one_set_howell(4, boards_per_round=3), paper="a4")
>>> "size: A4" in page and "Table 4" in page
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from contractbridge.core.card import SUITS_HIGH_FIRST, Strain, Suit
from contractbridge.core.deal import Board, Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import SEATS, Seat
from contractbridge.tournament.movement import Encounter, Movement
from contractbridge.tournament.report import HandRecord, hand_record

#: paper -> the CSS page size
PAPERS = {"a4": "A4", "letter": "letter"}
#: what an event prints (the last two need the event's deals)
EVENT_PRINTABLES = ("guide-cards", "pickup-slips", "travellers", "hand-records", "curtain-cards")
#: what a set of boards prints
DEAL_PRINTABLES = ("hand-records", "curtain-cards")

_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)


class PrintError(BridgeError):
    """A printable that cannot be made (an unknown paper, no deals for the hand records)."""


_CSS = """
@page { size: %(size)s; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: system-ui, "Segoe UI", Helvetica, Arial, sans-serif; color: #000;
  margin: 0; font-size: 10.5pt; }
h1 { font-size: 14pt; margin: 0 0 4mm; }
.sheet { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.sheet.one { grid-template-columns: 1fr; }
.card { border: 1px dashed #888; padding: 3mm 4mm; break-inside: avoid;
  page-break-inside: avoid; }
.card h2 { font-size: 12pt; margin: 0 0 1.5mm; display: flex; justify-content: space-between; }
.card h2 small { font-weight: normal; font-size: 9.5pt; }
.new-page { break-before: page; page-break-before: always; }
table { border-collapse: collapse; width: 100%%; }
th, td { border: 1px solid #555; padding: 1mm 1.5mm; text-align: left; }
th { background: #eee; font-weight: 600; font-size: 9pt; white-space: nowrap; }
.guide td:nth-last-child(-n+3), td.n { white-space: nowrap; }
td.n, th.n { text-align: center; font-variant-numeric: tabular-nums; }
tr.blank td { height: 8mm; }
.s-red { color: #c00; } .s-black { color: #000; }
.hand { font-size: 13pt; line-height: 1.45; }
.curtain .hand { font-size: 17pt; }
.meta { font-size: 9pt; color: #333; margin: 0 0 1.5mm; }
.compass { display: grid; grid-template-columns: 1fr 1fr 1fr; align-items: center;
  margin: 1mm 0 2mm; }
.compass .hand { font-size: 10.5pt; line-height: 1.3; }
.compass .mid { text-align: center; font-size: 8.5pt; color: #555; }
.dd { width: auto; } .dd td, .dd th { padding: .5mm 2mm; font-size: 9pt; }
.note { font-size: 8.5pt; color: #333; margin: 1mm 0 0; }
.sign { margin-top: 2mm; font-size: 9pt; }
@media screen { body { margin: 10mm auto; max-width: %(width)s; } }
@media print { .card { border-color: #aaa; } }
"""

_WIDTH = {"a4": "190mm", "letter": "196mm"}


def _paper(paper: str) -> str:
    key = paper.lower()
    if key not in PAPERS:
        raise PrintError(f"the paper is {' or '.join(PAPERS)}, not {paper!r}")
    return key


def page(title: str, body: str, *, paper: str = "a4") -> str:
    """A complete printable page for ``paper`` (``"a4"`` or ``"letter"``)."""
    key = _paper(paper)
    css = _CSS % {"size": PAPERS[key], "width": _WIDTH[key]}
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width"><title>{escape(title)}</title>'
        f"<style>{css}</style></head>\n<body>\n<h1>{escape(title)}</h1>\n{body}\n</body></html>\n"
    )


def _symbol(strain: Strain | Suit) -> str:
    red = strain.name in ("H", "D")
    return f'<span class="{"s-red" if red else "s-black"}">{escape(strain.symbol)}</span>'


def _hand(deal: Deal, seat: Seat) -> str:
    text = deal[seat].suits_text()
    lines = [f"{_symbol(suit)} {escape(text[suit] or '—')}" for suit in SUITS_HIGH_FIRST]
    return '<div class="hand">' + "<br>".join(lines) + "</div>"


def _board_line(number: int) -> str:
    board = Board(number)
    return f"Dealer {board.dealer.full_name} · Vulnerable: {board.vulnerability}"


def _table(
    header: Sequence[str], rows: Sequence[Sequence[str]], *, cls: str = "", blank: bool = False
) -> str:
    """``rows`` are HTML already escaped; a header starting with '#' is a centred column;
    ``blank``: rows to write in by hand (taller)."""
    centred = [h.startswith("#") for h in header]
    head = "".join(
        f'<th class="n">{escape(h[1:])}</th>' if c else f"<th>{escape(h)}</th>"
        for h, c in zip(header, centred, strict=True)
    )
    body = []
    for row in rows:
        cells = "".join(
            f'<td class="n">{cell}</td>' if c else f"<td>{cell}</td>"
            for cell, c in zip(row, centred, strict=True)
        )
        body.append(f'<tr class="blank">{cells}</tr>' if blank else f"<tr>{cells}</tr>")
    return f'<table class="{cls}"><tr>{head}</tr>' + "".join(body) + "</table>"


# -- a set of boards --------------------------------------------------------------------
def curtain_cards(deals: Mapping[int, Deal], *, paper: str = "a4", title: str = "") -> str:
    """One card per seat per board, each with that seat's hand alone (put in the board's
    pocket: the player checks the cards against it)."""
    cards = []
    for number, deal in sorted(deals.items()):
        for seat in SEATS:
            cards.append(
                f'<div class="card curtain"><h2>Board {number}<small>{seat.full_name}</small>'
                f'</h2><p class="meta">{_board_line(number)}</p>{_hand(deal, seat)}</div>'
            )
    return page(title or "Curtain cards", f'<div class="sheet">{"".join(cards)}</div>', paper=paper)


def records_of(deals: Mapping[int, Deal], *, analyse: bool = True) -> list[HandRecord]:
    """Each board's hand record; with ``analyse``, its double-dummy tricks and par (all the
    boards solved together, on every core)."""
    numbers = sorted(deals)
    complete = [n for n in numbers if deals[n].is_complete]
    if not analyse or not complete:
        return [hand_record(n, deals[n], analyse=False) for n in numbers]
    try:
        from contractbridge.analysis import dd
    except ImportError:  # without the solver: the deals alone
        return [hand_record(n, deals[n], analyse=False) for n in numbers]
    tables = dict(zip(complete, dd.dd_tables(deals[n] for n in complete), strict=True))
    records = []
    for n in numbers:
        board = Board(n)
        if n not in tables:
            records.append(hand_record(n, deals[n], analyse=False))
            continue
        table = tables[n]
        tricks = {s: {seat: table.tricks(seat, s) for seat in SEATS} for s in _STRAINS}
        par = dd.par(table, board.vulnerability, board.dealer)
        records.append(
            HandRecord(n, deals[n], board.dealer, board.vulnerability, tricks, str(par), par.score)
        )
    return records


def makeable_rows(record: HandRecord) -> list[list[str]]:
    """The double-dummy makeable contracts: per declarer, the level each strain makes
    (tricks - 6), or "–" below one."""
    assert record.tricks is not None
    rows = []
    for seat in (Seat.N, Seat.S, Seat.E, Seat.W):
        levels = []
        for strain in _STRAINS:
            level = record.tricks[strain][seat] - 6
            levels.append(str(level) if level >= 1 else "–")
        rows.append([seat.name, *levels])
    return rows


def _record_card(record: HandRecord) -> str:
    d = record.deal
    corner = f"{record.dealer.name} deals<br>{escape(str(record.vulnerability))} vul"
    parts = [
        f'<div class="card record"><h2>Board {record.board}<small>{_board_line(record.board)}'
        "</small></h2>",
        '<div class="compass">',
        f"<div></div><div>{_hand(d, Seat.N)}</div><div></div>",
        f'<div>{_hand(d, Seat.W)}</div><div class="mid">{corner}</div>',
        f"<div>{_hand(d, Seat.E)}</div>",
        f"<div></div><div>{_hand(d, Seat.S)}</div><div></div>",
        "</div>",
    ]
    if record.tricks is not None:
        header = ["", *(f"#{s.symbol}" for s in _STRAINS)]
        rows = [[r[0], *r[1:]] for r in makeable_rows(record)]
        symbols = ["", *(_symbol(s) for s in _STRAINS)]
        table = _table(header, rows, cls="dd")
        for plain, coloured in zip(header[1:], symbols[1:], strict=True):
            table = table.replace(f'<th class="n">{escape(plain[1:])}</th>',
                                  f'<th class="n">{coloured}</th>', 1)  # fmt: skip
        parts.append('<p class="note">Makeable contracts (double dummy)</p>' + table)
    if record.par:
        parts.append(f'<p class="note">Par: {escape(record.par)}</p>')
    parts.append("</div>")
    return "".join(parts)


def hand_records(
    records: Sequence[HandRecord] | Mapping[int, Deal],
    *,
    paper: str = "a4",
    title: str = "",
    analyse: bool = True,
) -> str:
    """The hand records: each board's four hands, with the makeable contracts and par when
    known. ``records`` may be deals by board number (then solved here if ``analyse``)."""
    if isinstance(records, Mapping):
        records = records_of(records, analyse=analyse)
    cards = "".join(_record_card(r) for r in sorted(records, key=lambda r: r.board))
    return page(title or "Hand records", f'<div class="sheet">{cards}</div>', paper=paper)


# -- an event's movement --------------------------------------------------------------------
def _boards(boards: Sequence[int]) -> str:
    """``1-3`` for a run, else ``1, 3``, in the order the table plays them."""
    if len(boards) > 2 and list(boards) == list(range(boards[0], boards[0] + len(boards))):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def _where(movement: Movement, pair: int, round: int) -> str:
    """Where ``pair`` plays in ``round``: ``"table 3 NS"``, or that it sits out."""
    for e in movement.round(round):
        if pair == e.ns:
            return f"table {e.table} NS"
        if pair == e.ew:
            return f"table {e.table} EW"
    return "sits out"


def _boards_next(movement: Movement, e: Encounter) -> str:
    if e.round == movement.rounds:
        return "to the director"
    if movement.copies > 1:
        return "to the director"
    later = [n for n in movement.round(e.round + 1) if set(n.boards) & set(e.boards)]
    if not later:
        return "relay"
    return " & ".join(f"table {n.table}" for n in later)


def _share_note(movement: Movement, e: Encounter) -> str:
    others = movement.sharing(e.round, e.table)
    if not others or movement.copies > 1:
        return ""
    listed = " & ".join(str(t) for t in others)
    return f" (shared with table {listed}: start with board {e.boards[0]})"


def guide_cards(movement: Movement, *, paper: str = "a4", title: str = "") -> str:
    """A card for each table (who sits there each round, the boards, and where the pairs
    and the boards go next), then a card for each pair (its table, seat, opponents and
    boards each round)."""
    tables = []
    for table in range(1, movement.tables + 1):
        rows = []
        for rnd in range(1, movement.rounds + 1):
            found = [e for e in movement.round(rnd) if e.table == table]
            if not found:
                out = [str(p) for r, p in movement.sitouts if r == rnd]
                rows.append([str(rnd), "—", "—", "no play" + (f" (pair {', '.join(out)} sits out)"
                             if out else ""), "", "", ""])  # fmt: skip
                continue
            e = found[0]
            last = rnd == movement.rounds
            rows.append([
                str(rnd), str(e.ns), str(e.ew),
                escape(_boards(sorted(e.boards)) + _share_note(movement, e)),
                "—" if last else _where(movement, e.ns, rnd + 1),
                "—" if last else _where(movement, e.ew, rnd + 1),
                _boards_next(movement, e),
            ])  # fmt: skip
        header = ["#Round", "#NS", "#EW", "Boards", "NS next", "EW next", "Boards next"]
        tables.append(
            f'<div class="card"><h2>Table {table}<small>{escape(movement.name)}</small></h2>'
            + _table(header, rows, cls="guide")
            + "</div>"
        )
    pairs = []
    for pair in movement.pairs:
        rows = []
        for rnd in range(1, movement.rounds + 1):
            at = next((x for x in movement.of_pair(pair) if x.round == rnd), None)
            if at is None:
                rows.append([str(rnd), "sits out", "", ""])
                continue
            seat, opponents = ("NS", at.ew) if at.ns == pair else ("EW", at.ns)
            rows.append(
                [str(rnd), f"table {at.table} {seat}", str(opponents), _boards(sorted(at.boards))]
            )
        pairs.append(
            f'<div class="card"><h2>Pair {pair}<small>{escape(movement.name)}</small></h2>'
            + _table(["#Round", "Sit at", "#Against", "Boards"], rows)
            + "</div>"
        )
    body = (
        f'<div class="sheet one">{"".join(tables)}</div>'
        f'<div class="sheet new-page">{"".join(pairs)}</div>'
    )
    return page(title or f"Guide cards: {movement.name}", body, paper=paper)


def pickup_slips(movement: Movement, *, paper: str = "a4", title: str = "") -> str:
    """A slip for each table in each round: the pairs and a line per board for the result
    (contract, declarer, lead, tricks, score), signed by East-West. No hand is shown."""
    slips = []
    for e in movement.encounters:
        rows = [[str(b), "", "", "", "", "", ""] for b in e.boards]
        header = ["#Board", "Contract", "#By", "Lead", "#Tricks", "#NS +", "#NS −"]
        slips.append(
            f'<div class="card slip"><h2>Round {e.round} · Table {e.table}'
            f"<small>NS {e.ns} v EW {e.ew}</small></h2>"
            + _table(header, rows, blank=True)
            + '<p class="sign">EW initials: ________</p></div>'
        )
    return page(title or "Pickup slips", f'<div class="sheet">{"".join(slips)}</div>', paper=paper)


def travellers(movement: Movement, *, paper: str = "a4", title: str = "") -> str:
    """A traveller for each board: the pairs that play it, in the order they do, with
    empty columns for the contract, result and matchpoints. No hand is shown."""
    cards = []
    for board in movement.boards:
        plays = movement.plays(board)
        rows = [
            [str(e.ns), str(e.ew), "", "", "", "", "", "", "", ""]
            for e in sorted(plays, key=lambda e: (e.round, e.table))
        ]
        header = ["#NS", "#EW", "Contract", "#By", "Lead", "#Tricks", "#NS +", "#NS −",
                  "#MP NS", "#MP EW"]  # fmt: skip
        cards.append(
            f'<div class="card traveller"><h2>Board {board}<small>{_board_line(board)}'
            "</small></h2>" + _table(header, rows, blank=True) + "</div>"
        )
    body = f'<div class="sheet one">{"".join(cards)}</div>'
    return page(title or "Travellers", body, paper=paper)


def for_movement(movement: Movement, what: str, *, paper: str = "a4", title: str = "") -> str:
    """``what`` (guide-cards, pickup-slips, travellers) for a movement."""
    makers = {"guide-cards": guide_cards, "pickup-slips": pickup_slips, "travellers": travellers}
    if what not in makers:
        raise PrintError(f"a movement prints {', '.join(makers)}, not {what!r}")
    return makers[what](movement, paper=paper, title=title)


def for_deals(
    deals: Mapping[int, Deal] | Sequence[HandRecord],
    what: str,
    *,
    paper: str = "a4",
    title: str = "",
    analyse: bool = True,
) -> str:
    """``what`` (hand-records, curtain-cards) for boards by number (or hand records)."""
    if not deals:
        raise PrintError("there are no deals to print (attach them first: event deals)")
    if what == "hand-records":
        return hand_records(deals, paper=paper, title=title, analyse=analyse)
    if what == "curtain-cards":
        if not isinstance(deals, Mapping):
            deals = {r.board: r.deal for r in deals}
        return curtain_cards(deals, paper=paper, title=title)
    raise PrintError(f"a set of boards prints {', '.join(DEAL_PRINTABLES)}, not {what!r}")
