"""What people read: rankings, travellers, personal score cards and hand records, as rich
terminal tables, printable HTML pages, and PBN with ScoreTable and TotalScoreTable.

Hand records take their double-dummy tables and par from ``contractbridge.analysis.dd``
when it is installed (:func:`hand_record`); without it they show the deal only.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from rich.console import Group, RenderableType
from rich.table import Table as RichTable

from contractbridge.core.card import Strain
from contractbridge.core.deal import Board, Deal
from contractbridge.core.seat import SEATS, Seat, Vulnerability
from contractbridge.formats.record import GameRecord, Table
from contractbridge.scoring.vp import WbfContinuousScale
from contractbridge.tournament.event import PairsEvent
from contractbridge.tournament.movement import Movement
from contractbridge.tournament.pairs import CardLine, RankRow, ScoredResult, score_card
from contractbridge.tournament.teams import Match, Standing, TeamsEvent, adjusted_text

_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)


def _num(value: float | None, digits: int = 2) -> str:
    if value is None:
        return ""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{digits}f}".rstrip("0").rstrip(".")


def _pct(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def _rank(row: RankRow) -> str:
    return f"{row.rank}-{row.rank_tie}" if row.rank_tie else str(row.rank)


# -- plain rows (shared by every output) --------------------------------------------------
def movement_rows(movement: Movement) -> tuple[list[str], list[list[str]]]:
    """Who sits where with which boards, round by round."""
    header = ["Round", "Table", "NS", "EW", "Boards"]
    rows = [
        [str(e.round), str(e.table), str(e.ns), str(e.ew), ", ".join(str(b) for b in e.boards)]
        for e in movement.encounters
    ]
    return header, rows


def ranking_rows(
    ranking: Sequence[RankRow], *, matchpoints: bool | None = None
) -> tuple[list[str], list[list[str]]]:
    """Header and rows of a ranking; ``matchpoints`` (else guessed from the rows, which an
    event without results cannot tell) picks MP/Top/% or IMP columns."""
    if matchpoints is None:
        matchpoints = any(r.percentage is not None for r in ranking)
    header = ["Rank", "Pair", "Names", "Boards"]
    header += ["MP", "Top", "%"] if matchpoints else ["IMPs", "IMPs/board"]
    rows = []
    for r in ranking:
        line = [_rank(r), r.pair, r.names, str(r.boards)]
        if matchpoints:
            line += [_num(r.total), _num(r.top), _pct(r.percentage)]
        else:
            line += [_num(r.total), f"{r.total / r.boards:.2f}" if r.boards else ""]
        rows.append(line)
    return header, rows


def traveller_rows(
    scored: Sequence[ScoredResult], *, matchpoints: bool | None = None
) -> tuple[list[str], list[list[str]]]:
    if matchpoints is None:
        matchpoints = any(s.top for s in scored)
    datum = next((s.datum for s in scored if s.datum is not None), None)
    header = ["Table", "NS", "EW", "Contract", "By", "Tricks", "Lead", "NS score", "EW score"]
    header += ["NS MP", "EW MP", "NS %", "EW %"] if matchpoints else ["NS IMPs", "EW IMPs"]
    rows = []
    order = sorted(scored, key=lambda s: -(s.ns_points))
    for s in order:
        r = s.result
        contract = "" if r.contract is None else r.describe().rsplit(" ", 1)[0].split(" ")[0]
        if r.passed_out:
            contract = "Pass"
        if r.adjusted is not None:
            contract = str(r.adjusted)
        if r.weighted is not None:
            contract = "weighted"
        ns_score = r.ns_score if r.ns_score is not None and r.ns_score > 0 else None
        ew_score = -r.ns_score if r.ns_score is not None and r.ns_score < 0 else None
        result = ""
        if r.contract is not None and r.tricks is not None:
            diff = r.tricks - r.contract.tricks_needed
            result = "=" if diff == 0 else f"{diff:+d}"
        line = [
            "" if r.table is None else str(r.table),
            r.ns,
            r.ew,
            contract,
            "" if r.declarer is None else r.declarer.name,
            result,
            "" if r.lead is None else str(r.lead),
            "" if ns_score is None else str(ns_score),
            "" if ew_score is None else str(ew_score),
        ]
        if matchpoints:
            line += [
                _num(s.ns_points),
                _num(s.ew_points),
                _pct(s.ns_percentage),
                _pct(s.ew_percentage),
            ]
        else:
            line += [_num(s.ns_points), _num(s.ew_points)]
        rows.append(line)
    if datum is not None:
        header.append("Datum")
        for line in rows:
            line.append(str(datum))
    return header, rows


def card_rows(
    lines: Sequence[CardLine], *, matchpoints: bool | None = None
) -> tuple[list[str], list[list[str]]]:
    """A personal score card; the ``%`` column only at matchpoints."""
    if matchpoints is None:
        matchpoints = any(c.percentage is not None for c in lines)
    header = ["Round", "Board", "Direction", "Against", "Result", "Score", "Points"]
    header += ["%"] if matchpoints else []
    rows = [
        [
            "" if c.round is None else str(c.round),
            str(c.board),
            c.direction,
            c.opponents,
            c.result,
            "" if c.score is None else str(c.score),
            _num(c.points),
            *([_pct(c.percentage)] if matchpoints else []),
        ]
        for c in lines
    ]
    return header, rows


# -- rich ----------------------------------------------------------------------------------
def rich_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> RichTable:
    table = RichTable(title=title, title_justify="left")
    for name in header:
        numeric = name not in (
            *("Names", "Contract", "By", "Result", "Direction", "Lead"),
            *("Team", "Home", "Visitors", "Open Room", "Closed Room"),
        )
        table.add_column(name, justify="right" if numeric else "left")
    for row in rows:
        table.add_row(*row)
    return table


# -- hand records ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HandRecord:
    """A deal with its double-dummy tricks (strain -> seat -> tricks) and par, when known."""

    board: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    tricks: Mapping[Strain, Mapping[Seat, int]] | None = None
    par: str | None = None
    par_score: int | None = None  # for North-South


def hand_record(board: int, deal: Deal, *, analyse: bool = True) -> HandRecord:
    """The hand record of a board; double dummy and par from ``analysis.dd`` if present."""
    b = Board(board)
    if analyse and deal.is_complete:
        try:
            from contractbridge.analysis import dd  # the analysis engineer's module
        except ImportError:  # the hook: without the analysis module, the deal only
            return HandRecord(board, deal, b.dealer, b.vulnerability)
        else:
            table = dd.dd_table(deal)
            tricks = {s: {seat: table.tricks(seat, s) for seat in SEATS} for s in _STRAINS}
            par = dd.par(table, b.vulnerability, b.dealer)
            return HandRecord(board, deal, b.dealer, b.vulnerability, tricks, str(par), par.score)
    return HandRecord(board, deal, b.dealer, b.vulnerability)


def hand_records(deals: Mapping[int, Deal], boards: Collection[int]) -> dict[int, HandRecord]:
    """The hand records of the ``boards`` (those played) whose deals are known."""
    return {b: hand_record(b, d) for b, d in deals.items() if b in boards}


def hand_record_rich(record: HandRecord) -> Group:
    """A hand record for the terminal: the four hands, then the DD tricks and par."""

    def hand(seat: Seat) -> str:
        return "\n".join(
            f"{suit.symbol} {text or '-'}" for suit, text in record.deal[seat].suits_text().items()
        )

    grid = RichTable(
        title=f"Board {record.board}: dealer {record.dealer.full_name}, "
        f"vulnerable {record.vulnerability}",
        title_justify="left",
        show_header=False,
        box=None,
        padding=(0, 2),
    )
    for _ in range(3):
        grid.add_column(min_width=12)
    grid.add_row("", hand(Seat.N), "")
    grid.add_row(hand(Seat.W), "", hand(Seat.E))
    grid.add_row("", hand(Seat.S), "")
    parts: list[RenderableType] = [grid]
    if record.tricks is not None:
        header = ["", *(s.symbol for s in _STRAINS)]
        rows = [[seat.name, *(str(record.tricks[s][seat]) for s in _STRAINS)] for seat in SEATS]
        parts.append(rich_table("Double dummy", header, rows))
    if record.par:
        parts.append(f"Par: {record.par}")
    return Group(*parts)


# -- HTML ------------------------------------------------------------------------------
_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: .4em 0 1em; font-size: .92em; }
th, td { border: 1px solid #999; padding: .15em .5em; }
th { background: #eee; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.board { break-inside: avoid; page-break-inside: avoid; }
.deal td { border: none; vertical-align: top; padding: .2em 1em; }
.red { color: #c00; }
@media print { body { margin: 0; } h2 { margin-top: .8em; } }
"""


def html_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    out = ["<table>", "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in header) + "</tr>"]
    for row in rows:
        cells = []
        for cell in row:
            numeric = cell.replace(".", "").replace("-", "").replace("+", "").isdigit()
            cls = ' class="num"' if numeric else ""
            cells.append(f"<td{cls}>{escape(cell)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _hand_html(deal: Deal, seat: Seat) -> str:
    lines = []
    for suit, text in deal[seat].suits_text().items():
        red = ' class="red"' if suit.name in ("H", "D") else ""
        lines.append(f"<span{red}>{escape(suit.symbol)}</span> {escape(text or '—')}")
    return "<br>".join(lines)


def hand_record_html(record: HandRecord) -> str:
    d = record.deal
    parts = [
        f'<div class="board"><h2>Board {record.board}</h2>',
        f"<p>Dealer {record.dealer.full_name}, vulnerable: {record.vulnerability}</p>",
        '<table class="deal">',
        f"<tr><td></td><td>{_hand_html(d, Seat.N)}</td><td></td></tr>",
        f"<tr><td>{_hand_html(d, Seat.W)}</td><td></td><td>{_hand_html(d, Seat.E)}</td></tr>",
        f"<tr><td></td><td>{_hand_html(d, Seat.S)}</td><td></td></tr>",
        "</table>",
    ]
    if record.tricks is not None:
        header = ["", *(s.symbol for s in _STRAINS)]
        rows = [[seat.name, *(str(record.tricks[s][seat]) for s in _STRAINS)] for seat in SEATS]
        parts.append(html_table(header, rows))
    if record.par:
        parts.append(f"<p>Par: {escape(record.par)}</p>")
    parts.append("</div>")
    return "\n".join(parts)


def html_page(title: str, sections: Sequence[tuple[str, str]]) -> str:
    """A complete printable page: ``sections`` are (heading, HTML body) pairs."""
    body = [f"<h1>{escape(title)}</h1>"]
    for heading, content in sections:
        if heading:
            body.append(f"<h2>{escape(heading)}</h2>")
        body.append(content)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{_CSS}</style></head>\n<body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def ranking_titles(count: int) -> list[str]:
    """The headings of an event's ``count`` rankings: one, or North-South and East-West."""
    labels = ["North-South", "East-West"] if count == 2 else [""]
    return [f"Ranking{', ' + label if label else ''}" for label in labels[:count]]


def event_sections(
    event: PairsEvent,
    *,
    movement: bool = False,
    card: str | None = None,
    records: Mapping[int, HandRecord] | None = None,
) -> list[tuple[str, str]]:
    """An event's printable page as (heading, HTML) sections: the movement if asked, the
    rankings, a pair's score card if asked, and every board's traveller under its hand
    record when ``records`` has one."""
    sections = []
    matchpoints = event.method.is_matchpoints
    if movement:
        sections.append(("Movement", html_table(*movement_rows(event.movement))))
    scored = event.scored()
    rankings = event.rankings()
    for title, ranking in zip(ranking_titles(len(rankings)), rankings, strict=True):
        sections.append((title, html_table(*ranking_rows(ranking, matchpoints=matchpoints))))
    if card:
        lines = score_card(scored, card)
        sections.append((f"Pair {card}", html_table(*card_rows(lines, matchpoints=matchpoints))))
    for board, results in scored.items():
        body = html_table(*traveller_rows(results, matchpoints=matchpoints))
        record = (records or {}).get(board)
        # a hand record carries its own "Board n" heading
        if record is not None:
            sections.append(("", hand_record_html(record) + body))
        else:
            sections.append((f"Board {board}", body))
    return sections


# -- teams ---------------------------------------------------------------------------------
def points_text(value: float, *, hundredths: bool = True) -> str:
    """VPs as the scale gives them: "12.80" on the continuous scale, "13" or "5.5" else."""
    return f"{value:.2f}" if hundredths else f"{value:g}"


def _hundredths(event: TeamsEvent | None) -> bool:
    """Whether the event's scores are VPs in hundredths (the WBF continuous scale)."""
    return event is None or (not event.is_bam and isinstance(event.vp_scale, WbfContinuousScale))


def standing_rows(
    standings: Sequence[Standing], event: TeamsEvent | None = None
) -> tuple[list[str], list[list[str]]]:
    """A teams event's standings: rank, team, VPs (board points at board-a-match), IMPs won
    and lost, matches played."""
    bam = event is not None and event.is_bam
    header = ["Rank", "Team", "Board points" if bam else "VPs", "IMPs +", "IMPs -", "Matches"]
    rows = [
        [str(s.rank), s.team,
         points_text(s.board_points if bam else s.victory_points, hundredths=_hundredths(event)),
         str(s.imps_for), str(s.imps_against), str(s.matches)]
        for s in standings
    ]  # fmt: skip
    return header, rows


def match_rows(event: TeamsEvent) -> tuple[list[str], list[list[str]]]:
    """Every match: round, teams, boards played in both rooms, IMPs and VPs (board points
    at board-a-match)."""
    result = "Board points" if event.is_bam else "VPs"
    header = ["Round", "Home", "Visitors", "Boards", "IMPs", result]
    rows = []
    hundredths = _hundredths(event)
    for (number, _), m in sorted(event.matches.items()):
        home, visitors = m.imps
        got = event.match_score(m) if m.played else None
        shown = (
            f"{points_text(got[0], hundredths=hundredths)}-"
            f"{points_text(got[1], hundredths=hundredths)}"
            if got
            else ""
        )
        rows.append(
            [str(number), m.home, m.visitors, str(len(m.played)), f"{home}-{visitors}", shown]
        )
    return header, rows


def _room_text(m: Match, board: int, is_open: bool) -> tuple[str, str]:
    """A room's result as (contract and result, NS score), blank until entered."""
    score = m.boards.get(board, (None, None))[0 if is_open else 1]
    result = m.results.get((board, is_open))
    if score is None:
        return "", ""
    if result is None or result.contract is None:
        return ("Pass" if result is not None and result.passed_out else ""), f"{score:+d}"
    return result.describe(), f"{score:+d}"


def scoresheet_rows(
    m: Match, boards: Sequence[int], *, bam: bool = False
) -> tuple[list[str], list[list[str]]]:
    """A match board by board: each room's contract and NS score, and the IMPs (with
    ``bam`` each team's board points)."""
    header = ["Board", "Open Room", "NS", "Closed Room", "NS", m.home, m.visitors]
    rows = []
    for board in boards:
        swing = m.board_imps(board)
        rooms = [*_room_text(m, board, True), *_room_text(m, board, False)]
        given = m.adjusted.get(board)
        points = m.board_points(board) if bam else None
        if given is not None:  # an artificial adjusted score (Law 86A) in place of the rooms
            names = adjusted_text(given).split("/")
            shown = [f"{p:g}" for p in points] if points else [f"{i:+d}" for i in given]
            imps_cells = [f"{n} ({x})" for n, x in zip(names, shown, strict=True)]
        elif points is not None:
            imps_cells = [f"{p:g}" for p in points]
        else:
            imps_cells = [str(swing) if swing is not None and swing > 0 else "",
                          str(-swing) if swing is not None and swing < 0 else ""]  # fmt: skip
        rows.append([str(board), *rooms, *imps_cells])
    return header, rows


def teams_sections(
    event: TeamsEvent,
    *,
    standings: Sequence[Standing] | None = None,
    records: Mapping[int, HandRecord] | None = None,
) -> list[tuple[str, str]]:
    """A teams event's printable page: standings, matches, every match's scoresheet, and
    after each round the hand records ``records`` has of its boards."""
    ranked = event.standings() if standings is None else standings
    sections = [
        ("Standings", html_table(*standing_rows(ranked, event))),
        ("Matches", html_table(*match_rows(event))),
    ]
    for number, pairs in enumerate(event.rounds, start=1):
        for home, visitors in pairs:
            m = event.matches[(number, home)]
            title = f"Round {number}: {home} v {visitors}"
            rows = scoresheet_rows(m, event.boards(number), bam=event.is_bam)
            sections.append((title, html_table(*rows)))
        hands = [(records or {}).get(b) for b in event.boards(number)]
        sections += [("", hand_record_html(h)) for h in hands if h is not None]
    return sections


# -- PBN --------------------------------------------------------------------------------
def score_table(scored: Sequence[ScoredResult]) -> Table:
    """The PBN ScoreTable of a board (with MP or IMP columns as scored)."""
    matchpoints = any(s.top for s in scored)
    butler = any(s.datum is not None for s in scored)
    columns = [
        "Table\\2R",
        "Round\\2R",
        "PairId_NS\\3R",
        "PairId_EW\\3R",
        "Contract\\5L",
        "Declarer\\1R",
        "Result\\2R",
        "Lead\\3L",
        "Score_NS\\6R",
        "Score_EW\\6R",
    ]
    columns += (
        ["MP_NS\\5R", "MP_EW\\5R", "Percentage_NS\\6R", "Percentage_EW\\6R"]
        if matchpoints
        else ["IMP_NS\\5R", "IMP_EW\\5R"]
    )
    if butler:
        columns.append("ButlerDatum\\5R")
    rows = []
    for s in scored:
        r = s.result
        contract = "-"
        if r.passed_out:
            contract = "Pass"
        elif r.contract is not None:
            c = r.contract
            contract = f"{c.level}{'NT' if c.strain == Strain.NT else c.strain.name}{c.doubled}"
        if r.adjusted is not None:
            score_ns, score_ew = f"^{r.adjusted.ns:g}%", f"^{r.adjusted.ew:g}%"
        elif r.ns_score is None:
            score_ns = score_ew = "?"
        else:
            score_ns = str(r.ns_score) if r.ns_score >= 0 else "-"
            score_ew = str(-r.ns_score) if r.ns_score < 0 else "-"
        row = [
            "-" if r.table is None else str(r.table),
            "-" if r.round is None else str(r.round),
            r.ns,
            r.ew,
            contract,
            "-" if r.declarer is None else r.declarer.name,
            "-" if r.tricks is None or r.passed_out else str(r.tricks),
            "-" if r.lead is None else str(r.lead),
            score_ns,
            score_ew,
        ]
        if matchpoints:
            row += [
                _num(s.ns_points),
                _num(s.ew_points),
                _pct(s.ns_percentage),
                _pct(s.ew_percentage),
            ]
        else:
            row += [_num(s.ns_points), _num(s.ew_points)]
        if butler:
            row.append("-" if s.datum is None else str(s.datum))
        rows.append(row)
    return Table(columns, rows)


def total_score_table(rankings: Sequence[Sequence[RankRow]]) -> Table:
    """The PBN TotalScoreTable (all fields, in ranking order). With two fields (North-South
    first, then East-West) a ``Direction`` column, as Ruter writes it, tells them apart."""
    matchpoints = any(r.percentage is not None for ranking in rankings for r in ranking)
    two_fields = len(rankings) == 2
    columns = ["Rank\\3R", "PairId\\3R"] + (["Direction\\5R"] if two_fields else [])
    columns += ["Names\\40L", "NrBoards\\3R"]
    columns += ["TotalMP\\7R", "TotalPercentage\\6R"] if matchpoints else ["TotalIMP\\6R"]
    rows = []
    for field_index, ranking in enumerate(rankings):
        direction = ["N-S", "E-W"][field_index] if two_fields else None
        for r in ranking:
            row = [str(r.rank), r.pair] + ([direction] if direction else [])
            row += [r.names or "?", str(r.boards)]
            row += [_num(r.total), _pct(r.percentage)] if matchpoints else [_num(r.total)]
            rows.append(row)
    return Table(columns, rows)


def pbn_records(
    scored: Mapping[int, Sequence[ScoredResult]],
    rankings: Sequence[Sequence[RankRow]],
    *,
    deals: Mapping[int, Deal] | None = None,
    event: str | None = None,
    scoring: str | None = None,
) -> list[GameRecord]:
    """One record per board carrying its ScoreTable; the first also the TotalScoreTable."""
    records = []
    for board, results in sorted(scored.items()):
        b = Board(board)
        rec = GameRecord(
            event=event,
            board=board,
            dealer=b.dealer,
            vulnerability=b.vulnerability,
            deal=(deals or {}).get(board),
            scoring=scoring,
        )
        rec.tables["ScoreTable"] = score_table(results)
        records.append(rec)
    if records:
        records[0].tables["TotalScoreTable"] = total_score_table(rankings)
    return records


def teams_records(event: TeamsEvent) -> list[GameRecord]:
    """A teams event as PBN games: one per board and room entered, with Room, HomeTeam,
    VisitTeam and Round, as ``matches_from_records`` (and so ``contractbridge results``)
    reads team matches back. A board given an adjusted score is left out: PBN has no way
    to say one."""
    records = []
    for (number, _), m in sorted(event.matches.items()):
        for board, (open_ns, closed_ns) in sorted(m.boards.items()):
            if board in m.adjusted:
                continue
            b = Board(board)
            for is_open, ns in ((True, open_ns), (False, closed_ns)):
                if ns is None:
                    continue
                entered = m.results.get((board, is_open))
                records.append(
                    GameRecord(
                        event=event.name,
                        board=board,
                        dealer=b.dealer,
                        vulnerability=b.vulnerability,
                        deal=event.deals.get(board),
                        contract=entered.contract if entered is not None else None,
                        passed_out=entered is not None and entered.passed_out,
                        result=entered.tricks if entered is not None else None,
                        score=ns,
                        room="Open" if is_open else "Closed",
                        scoring="BAM" if event.is_bam else "IMP",  # PBN's Scoring tag
                        tags={"HomeTeam": m.home, "VisitTeam": m.visitors, "Round": str(number)},
                    )
                )
    return records
