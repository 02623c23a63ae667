"""``contractbridge analyze IN.pbn|IN.lin [-o OUT.pbn] [--html OUT.html]``.

Solves every deal double dummy and adds ``DoubleDummyTricks``, ``OptimumResultTable``,
``OptimumScore`` and ``ParContract`` to each board; ``--html`` writes a printable hand
record (a diagram per board, its double-dummy table, par and the results played).
"""

from __future__ import annotations

import argparse
import html
import sys
from collections.abc import Sequence
from typing import Any

from contractbridge.analysis.annotate import BoardAnalysis, analyze_records
from contractbridge.analysis.evaluation import hcp
from contractbridge.cli._common import plural
from contractbridge.core.card import SUITS_HIGH_FIRST, Strain
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat
from contractbridge.formats import GameRecord, dump_file, format_module, lin, load_file
from contractbridge.scoring.duplicate import duplicate_score

_PRINT_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_PRINT_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_SUIT_HTML = {
    Strain.S: '<span class="blk">&spades;</span>',
    Strain.H: '<span class="red">&hearts;</span>',
    Strain.D: '<span class="red">&diams;</span>',
    Strain.C: '<span class="blk">&clubs;</span>',
    Strain.NT: "NT",
}


def run(args: argparse.Namespace) -> int:
    # the output's format is checked before solving (minutes on a big file), not after
    if args.output and format_module(args.output) is lin:
        raise BridgeError(f"{args.output}: LIN cannot hold the analysis; write .pbn or .json")
    records = load_file(args.input, strict=not args.lenient)
    for error in getattr(records, "errors", []):
        print(f"contractbridge: skipped a game: {error}", file=sys.stderr)
    games = list(records)
    distinct = len({g.deal for g in games if g.deal is not None and g.deal.is_complete})
    if distinct == 0:
        print(f"contractbridge: no complete deal in {args.input}", file=sys.stderr)
        return 1
    results = _analyze_with_progress(games, distinct, quiet=args.quiet)
    if args.output:
        dump_file(games, args.output)
        print(f"{plural(len(games), 'game')} written to {args.output}", file=sys.stderr)
    if args.html:
        with open(args.html, "w", encoding="utf-8") as fp:
            fp.write(hand_record_html(games, results, title=args.title or args.input))
        print(f"hand record written to {args.html}", file=sys.stderr)
    if not args.output and not args.html:
        _print_summary(games, results)
    return 0


def _analyze_with_progress(
    games: list[GameRecord], distinct: int, *, quiet: bool
) -> list[BoardAnalysis | None]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=quiet or not console.is_terminal,
    ) as progress:
        task = progress.add_task("double dummy", total=distinct)
        return analyze_records(games, progress=lambda n: progress.update(task, completed=n))


def _print_summary(games: Sequence[GameRecord], results: Sequence[BoardAnalysis | None]) -> None:
    seen: set[tuple[int | None, Deal | None]] = set()
    for game, result in zip(games, results, strict=True):
        if result is None or (game.board, game.deal) in seen:
            continue
        seen.add((game.board, game.deal))
        par_text = f"   Par {result.par}" if result.par is not None else ""
        print(f"Board {game.board or '?'}{par_text}")
        print(result.table)
        print()


# -- the printable hand record ----------------------------------------------------------------
_CSS = """
body { font-family: Arial, Helvetica, sans-serif; font-size: 11pt; margin: 1.5em; }
h1 { font-size: 15pt; }
.board { page-break-inside: avoid; break-inside: avoid; border-top: 1px solid #888;
         padding: 0.6em 0; display: flex; gap: 2em; flex-wrap: wrap; }
.board h2 { font-size: 12pt; margin: 0 0 0.3em 0; }
table.diagram td { vertical-align: top; padding: 0.1em 0.8em; white-space: nowrap; }
table.diagram td.centre { text-align: center; color: #555; font-size: 9pt;
                          border: 1px solid #aaa; }
table.dd, table.results { border-collapse: collapse; }
table.dd td, table.dd th, table.results td, table.results th {
  border: 1px solid #aaa; padding: 0.1em 0.45em; text-align: center; }
.red { color: #c00; } .blk { color: #000; }
.hcp { color: #777; font-size: 9pt; }
.par { margin-top: 0.4em; }
@media print { body { margin: 0; } }
"""


def _hand_html(deal: Deal, seat: Seat) -> str:
    hand = deal[seat]
    text = hand.suits_text()
    lines = [
        f"{_SUIT_HTML[s.strain]} {html.escape(text[s].replace('-', '—'))}" for s in SUITS_HIGH_FIRST
    ]
    lines.append(f'<span class="hcp">{seat.full_name} {hcp(hand)}</span>')
    return "<br>".join(lines)


def _contract_html(game: GameRecord) -> str:
    if game.passed_out:
        return "Pass"
    c = game.contract
    if c is None:
        return "?"
    text = f"{c.level}{_SUIT_HTML[c.strain]}{c.doubled}"
    return text + (f" {c.declarer.name}" if c.declarer is not None else "")


def _score_ns(game: GameRecord) -> int | None:
    if game.score is not None:
        return game.score
    if game.passed_out:
        return 0
    c, vul = game.contract, game.board_vulnerability
    if c is None or c.declarer is None or game.result is None or vul is None:
        return None
    score = duplicate_score(c, game.result, vul.is_vulnerable(c.declarer))
    return score if c.declarer in (Seat.N, Seat.S) else -score


def _board_html(
    games: Sequence[GameRecord], result: BoardAnalysis, board: int | None, deal: Deal
) -> str:
    first = games[0]
    dealer, vul = first.board_dealer, first.board_vulnerability
    centre = html.escape(
        f"Board {board or '?'}" + (f" · Dealer {dealer.name}" if dealer is not None else "")
    ) + (f"<br>Vul {html.escape(str(vul))}" if vul is not None else "")
    diagram = (
        '<table class="diagram">'
        f"<tr><td></td><td>{_hand_html(deal, Seat.N)}</td><td></td></tr>"
        f"<tr><td>{_hand_html(deal, Seat.W)}</td><td class='centre'>{centre}</td>"
        f"<td>{_hand_html(deal, Seat.E)}</td></tr>"
        f"<tr><td></td><td>{_hand_html(deal, Seat.S)}</td><td></td></tr></table>"
    )
    head = "".join(f"<th>{_SUIT_HTML[s]}</th>" for s in _PRINT_STRAINS)
    rows = "".join(
        f"<tr><th>{seat.name}</th>"
        + "".join(f"<td>{result.table.tricks(seat, s)}</td>" for s in _PRINT_STRAINS)
        + "</tr>"
        for seat in _PRINT_SEATS
    )
    dd = f'<table class="dd"><tr><th></th>{head}</tr>{rows}</table>'
    par_html = ""
    if result.par is not None:
        par_html = (
            f'<div class="par">Par {html.escape(result.par.optimum_score())}: '
            f"{html.escape(result.par.par_contract())}</div>"
        )
    played = [g for g in games if g.contract is not None or g.passed_out]
    results_html = ""
    if played:
        lines = []
        for g in played:
            where = g.room or g.tags.get("Table") or ""
            score = _score_ns(g)
            lines.append(
                f"<tr><td>{html.escape(where)}</td><td>{_contract_html(g)}</td>"
                f"<td>{'' if g.result is None else g.result}</td>"
                f"<td>{'' if score is None else score}</td></tr>"
            )
        results_html = (
            '<table class="results"><tr><th>Table</th><th>Contract</th><th>Tricks</th>'
            "<th>Score NS</th></tr>" + "".join(lines) + "</table>"
        )
    return (
        f'<section class="board"><div><h2>Board {html.escape(str(board or "?"))}</h2>'
        f"{diagram}</div><div>{dd}{par_html}</div><div>{results_html}</div></section>"
    )


def hand_record_html(
    games: Sequence[GameRecord], results: Sequence[BoardAnalysis | None], *, title: str
) -> str:
    """A printable hand record: per board a diagram, the DD table, par and results played."""
    groups: dict[tuple[int | None, Deal], list[GameRecord]] = {}
    analysis: dict[tuple[int | None, Deal], BoardAnalysis] = {}
    for game, result in zip(games, results, strict=True):
        if result is None or game.deal is None:
            continue
        key = (game.board, game.deal)
        groups.setdefault(key, []).append(game)
        analysis.setdefault(key, result)
    body = "\n".join(
        _board_html(group, analysis[key], key[0], key[1]) for key, group in groups.items()
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head>"
        f"<body><h1>{html.escape(title)}</h1>\n{body}\n</body></html>\n"
    )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "analyze",
        help="double-dummy tables and par for every board of a PBN or LIN file",
        description=(
            "Solve every deal of a PBN, LIN or JSON file double dummy; add DoubleDummyTricks, "
            "OptimumResultTable, OptimumScore and ParContract to each board (-o) and/or "
            "write a printable HTML hand record (--html). Without either, print a summary."
        ),
    )
    parser.add_argument("input", metavar="IN", help="a .pbn, .lin or .json file")
    parser.add_argument(
        "-o", "--output", metavar="OUT.pbn", help="write the analysed games (.pbn or .json)"
    )
    parser.add_argument("--html", metavar="OUT.html", help="write a printable hand record")
    parser.add_argument("--title", help="hand record title (default: the input file name)")
    parser.add_argument("--lenient", action="store_true", help="skip games that cannot be read")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)
