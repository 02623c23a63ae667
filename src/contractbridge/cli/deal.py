"""``contractbridge deal``: random deals under constraints, as PBN, diagrams or deal numbers.

contractbridge deal -n 20 --seed 7 --where "hcp(N) >= 15 and hcp(N) <= 17 and balanced(N)"
contractbridge deal --predeal N=AKQ2.AK2.AK2.AK2 --format diagram
contractbridge deal --number 1000000000000000000000000000
contractbridge deal -n 32 -o tuesday.dlm      # a file for the dealing machine
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from contractbridge.analysis.dealing import (
    compile_constraint,
    constraint_help,
    deal_from_number,
    deal_number,
    generate_deals,
)
from contractbridge.analysis.errors import ConstraintError
from contractbridge.analysis.evaluation import hcp
from contractbridge.cli._common import plural
from contractbridge.core.card import SUITS_HIGH_FIRST
from contractbridge.core.deal import Board, Deal
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat
from contractbridge.formats import GameRecord, dump_file, format_module, pbn
from contractbridge.formats.machines import NUMBERED, is_machine_format

_SUIT_STYLE = {"♠": "bold", "♥": "bold red", "♦": "bold red", "♣": "bold"}


def hand_lines(hand: Hand, *, with_hcp: bool = False) -> list[str]:
    """Four lines, ``"♠ AK32"`` ... (``—`` for a void)."""
    text = hand.suits_text()
    lines = [f"{s.symbol} {text[s].replace('-', '—')}" for s in SUITS_HIGH_FIRST]
    if with_hcp:
        lines.append(f"  {hcp(hand)} HCP")
    return lines


def diagram_lines(deal: Deal, *, title: str = "", with_hcp: bool = True) -> list[str]:
    """A compass diagram as plain text: North on top, West left, East right, South below."""
    north, east, south, west = (hand_lines(h, with_hcp=with_hcp) for h in deal.hands)
    width = max(len(line) for line in west) + 4
    pad = " " * width
    lines = [title] if title else []
    lines += [pad + line for line in north]
    middle = max(len(west), len(east))
    for i in range(middle):
        left = west[i] if i < len(west) else ""
        right = east[i] if i < len(east) else ""
        lines.append(f"{left:<{width}}{'':<{width - 4}}    {right}".rstrip())
    lines += [pad + line for line in south]
    return lines


def _diagram_title(deal: Deal, number: int) -> str:
    board = Board(number)
    return (
        f"Board {board.number}  Dealer {board.dealer.full_name}  "
        f"Vul {board.vulnerability}  #{deal_number(deal)}"
    )


def _print_diagrams(deals: list[Deal], first_board: int) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console()
    for i, deal in enumerate(deals):
        for line in diagram_lines(deal, title=_diagram_title(deal, first_board + i)):
            text = Text(line)
            for symbol, style in _SUIT_STYLE.items():
                text.highlight_words([symbol], style)
            console.print(text)
        console.print()


def _records(deals: list[Deal], first_board: int, event: str) -> list[GameRecord]:
    records = []
    for i, deal in enumerate(deals):
        board = Board(first_board + i)
        records.append(
            GameRecord(
                event=event,
                board=board.number,
                dealer=board.dealer,
                vulnerability=board.vulnerability,
                deal=deal,
                tags={"DealId": str(deal_number(deal))},
            )
        )
    return records


def _note_unnumbered(output: str, first_board: int, count: int) -> None:
    """BRI, DGE and BER files carry no board numbers: say so when the set does not start at 1."""
    module = format_module(output)
    if first_board != 1 and is_machine_format(module) and module.NAME.lower() not in NUMBERED:
        print(
            f"contractbridge: note: a {module.NAME} file has no board numbers: boards "
            f"{first_board}-{first_board + count - 1} will read back as boards 1-{count}",
            file=sys.stderr,
        )


def _parse_predeal(items: list[str]) -> dict[Seat, Hand]:
    predeal: dict[Seat, Hand] = {}
    for item in items:
        seat_text, sep, hand_text = item.partition("=")
        if not sep:
            raise ConstraintError(f"--predeal {item!r}: write SEAT=HAND, like N=AKQ2.AK2.AK2.AK2")
        predeal[Seat.parse(seat_text)] = Hand.from_pbn(hand_text)
    return predeal


def run(args: argparse.Namespace) -> int:
    if args.output and args.format == "pbn":
        format_module(args.output)  # a file name the formats know, before dealing
    if args.number:
        deals = [deal_from_number(int(n)) for n in args.number]
    else:
        if args.count < 1:
            raise ConstraintError("-n must be at least 1")
        where = compile_constraint(args.where) if args.where else None
        deals = generate_deals(
            args.count,
            where,
            predeal=_parse_predeal(args.predeal),
            seed=args.seed,
            max_attempts=args.max_attempts,
        )
    if args.format == "pbn":
        records = _records(deals, args.board, args.event)
        if args.output:
            dump_file(records, args.output)
            _note_unnumbered(args.output, args.board, len(records))
        else:
            sys.stdout.write(pbn.dumps(records))
    elif args.format == "diagram" and not args.output:
        _print_diagrams(deals, args.board)
    else:
        if args.format == "diagram":
            lines = []
            for i, deal in enumerate(deals):
                lines += [*diagram_lines(deal, title=_diagram_title(deal, args.board + i)), ""]
        elif args.format == "number":
            lines = [str(deal_number(deal)) for deal in deals]
        else:
            lines = [deal.to_pbn() for deal in deals]
        text = "".join(line + "\n" for line in lines)
        if not args.output:
            sys.stdout.write(text)
            return 0
        with open(args.output, "w", encoding="utf-8") as fp:
            fp.write(text)
    if args.output:
        print(f"{plural(len(deals), 'deal')} written to {args.output}", file=sys.stderr)
    return 0


def _int_number(text: str) -> str:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a deal number")
    return text.strip()


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "deal",
        help="random deals, with constraints (PBN, diagrams or deal numbers)",
        description=(
            "Deal random hands, optionally meeting a constraint, and print them as PBN, "
            "compass diagrams, one-line deals or Pavlicek deal numbers."
        ),
        epilog=(
            "Constraint language: Python-like expressions with and/or/not, comparisons, "
            "+ - * and these functions of a seat (N E S W; NS and EW add both hands):\n"
            + constraint_help()
            + '\nExample: --where "hcp(N) >= 15 and hcp(N) <= 17 and balanced(N)"'
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("-n", "--count", type=int, default=1, help="how many deals (1)")
    parser.add_argument("--seed", type=int, help="random seed, to repeat a run")
    parser.add_argument("--where", metavar="EXPR", help="constraint every deal must meet")
    parser.add_argument(
        "--predeal",
        action="append",
        default=[],
        metavar="SEAT=HAND",
        help="fixed cards for a seat, like N=AKQ2.AK2.AK2.AK2 or S=A.-.-.- (repeatable)",
    )
    parser.add_argument(
        "--number",
        action="append",
        type=_int_number,
        metavar="N",
        help="show the deal with this Pavlicek number instead of dealing (repeatable)",
    )
    parser.add_argument(
        "--format",
        choices=("pbn", "diagram", "line", "number"),
        default="pbn",
        help="output: PBN file (default), compass diagrams, one PBN deal a line, deal numbers",
    )
    parser.add_argument("--board", type=int, default=1, help="first board number (1)")
    parser.add_argument("--event", default="Random deals", help="PBN Event tag")
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT.pbn",
        help=(
            "write to a file: PBN, LIN, JSON or a dealing machine's DUP, DLM, BRI, DGE or "
            "BER by its extension, or the --format text"
        ),
    )
    parser.add_argument(
        "--max-attempts",
        type=int,
        default=50_000_000,
        help="give up after trying this many deals (50,000,000)",
    )
    parser.set_defaults(func=run)
    # ``deal print BOARDS.pbn``: curtain cards and hand records of boards already dealt
    printing = parser.add_subparsers(dest="action", metavar="print")
    printout = printing.add_parser("print", help="curtain cards or hand records (HTML)")
    printout.add_argument("boards", help="a PBN, LIN, JSON or dealing-machine file")
    printout.add_argument("--what", choices=("curtain-cards", "hand-records"), required=True)
    printout.add_argument("--paper", choices=("a4", "letter"), default="a4")
    printout.add_argument("--no-analysis", action="store_true", help="no double dummy, par")
    printout.add_argument("--title", default="", help="the page's heading")
    printout.add_argument("-o", "--output", metavar="OUT.html", help="else stdout")
    printout.set_defaults(func=run_print)


def run_print(args: argparse.Namespace) -> int:
    from pathlib import Path

    from contractbridge.cli.event import write_printable
    from contractbridge.formats import load_file
    from contractbridge.tournament.printables import PrintError, for_deals

    deals: dict[int, Deal] = {}
    for record in load_file(args.boards):
        if record.board is not None and record.deal is not None:
            deals.setdefault(record.board, record.deal)  # a board's first deal
    if not deals:
        raise PrintError(f"{args.boards} holds no numbered boards with their deals")
    html = for_deals(
        deals, args.what, paper=args.paper, title=args.title, analyse=not args.no_analysis
    )
    write_printable(html, Path(args.output) if args.output else None)
    return 0
