"""``contractbridge results FILE [--scoring MP|MP-ACBL|IMP-BUTLER|CROSS-IMP]``: the ranking.

Reads a PBN (or LIN) file of table results (a ScoreTable per board, or one game per table),
scores it and prints the ranking; optionally travellers, a pair's score card, an HTML page
and a PBN file with ScoreTable and TotalScoreTable. A team file (HomeTeam/VisitTeam or
Open/Closed rooms) prints its matches and the standings in victory points (``--vp-scale``
wbf, wbf-integer or a file of IMP bands), or board-a-match (``--bam``, or a file whose
scoring is BAM) in board points.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console

from contractbridge.cli._common import scoring_method
from contractbridge.core.errors import BridgeError
from contractbridge.scoring.matchpoints import Factoring
from contractbridge.scoring.vp import WBF, WbfContinuousScale
from contractbridge.tournament.files import read_records, renumber, results_from_records
from contractbridge.tournament.pairs import (
    Method,
    Options,
    direction_fields,
    rank,
    score_card,
    score_event,
)
from contractbridge.tournament.report import (
    card_rows,
    hand_record,
    hand_record_html,
    hand_record_rich,
    html_page,
    html_table,
    pbn_records,
    points_text,
    ranking_rows,
    rich_table,
    traveller_rows,
)
from contractbridge.tournament.teams import Match, load_scale, matches_from_records, standings


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "results",
        help="score a file of table results and print the ranking",
        description="Score the table results of a PBN, LIN or JSON file and print the ranking.",
    )
    parser.add_argument("file", type=Path, help="a PBN, LIN or JSON file with table results")
    parser.add_argument(
        "--scoring",
        type=scoring_method,
        help="MP, MP-ACBL, IMP-BUTLER or CROSS-IMP (default: the file's Scoring tag, else MP)",
    )
    parser.add_argument(
        "--no-neuberg",
        action="store_true",
        help="score boards with fewer results on their own top instead of factoring them",
    )
    parser.add_argument("--butler-drop", type=int, default=1, help="scores dropped at each end")
    parser.add_argument("--butler-round", type=int, default=10, help="datum rounding (points)")
    parser.add_argument("--two-winners", action="store_true", help="rank NS and EW apart")
    parser.add_argument("--travellers", action="store_true", help="print every traveller")
    parser.add_argument("--card", metavar="PAIR", help="print this pair's score card")
    parser.add_argument("--html", type=Path, metavar="OUT", help="write a printable HTML page")
    parser.add_argument("--pbn", type=Path, metavar="OUT", help="write PBN with score tables")
    parser.add_argument(
        "--lenient",
        action="store_true",
        help="skip games that cannot be read (listed on stderr; exit status 1)",
    )
    parser.add_argument(
        "--hand-records",
        action="store_true",
        help="hand records with double dummy and par (HTML, and with --travellers)",
    )
    parser.add_argument(
        "--vp-scale",
        metavar="SCALE",
        help="teams: wbf (WBF 2013 continuous, the default), wbf-integer, or a CSV/JSON file"
        " of IMP bands",
    )
    parser.add_argument(
        "--bam",
        action="store_true",
        help="teams: score board-a-match (1 point a board won, ½ drawn; the default when"
        " the file's scoring is BAM)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    records = read_records(args.file, strict=not args.lenient)
    for error in records.errors:
        print(f"contractbridge: skipped a game: {error}", file=sys.stderr)
    skipped = 1 if records.errors else 0  # the exit status, as convert --lenient
    if not records:
        raise BridgeError(f"{args.file} holds no games")
    console = make_console()
    if any("HomeTeam" in r.tags for r in records) and not any(
        "ScoreTable" in r.tables for r in records
    ):
        return _teams(records, console, args) or skipped
    teams_only = [o for o, given in (("--vp-scale", args.vp_scale), ("--bam", args.bam)) if given]
    if teams_only:
        raise BridgeError(
            f"{args.file} is not a teams file (HomeTeam/VisitTeam): {', '.join(teams_only)}"
            " belong to team matches"
        )
    imported = renumber(results_from_records(records))
    method = args.scoring or imported.method or Method.MP
    options = Options(
        Factoring.NONE if args.no_neuberg else Factoring.NEUBERG,
        args.butler_drop,
        args.butler_round,
    )
    scored = score_event(imported.boards, method, options)
    fields = direction_fields(imported.boards) if args.two_winners else None
    rankings = rank(scored, fields=fields, names=imported.names)
    title = imported.event or args.file.stem
    labels = ["North-South", "East-West"] if args.two_winners else [""]
    sections = []
    for label, ranking in zip(labels, rankings, strict=False):
        header, rows = ranking_rows(ranking, matchpoints=method.is_matchpoints)
        heading = f"{title}: ranking ({method.value})" + (f", {label}" if label else "")
        console.print(rich_table(heading, header, rows))
        sections.append((f"Ranking{', ' + label if label else ''}", html_table(header, rows)))
    if args.card:
        header, rows = card_rows(score_card(scored, args.card), matchpoints=method.is_matchpoints)
        console.print(rich_table(f"Pair {args.card}", header, rows))
        sections.append((f"Pair {args.card}", html_table(header, rows)))
    for board, results in scored.items():
        header, rows = traveller_rows(results, matchpoints=method.is_matchpoints)
        record = None
        deal = imported.deals.get(board)
        if args.hand_records and deal is not None:
            record = hand_record(board, deal)
            if args.travellers:
                console.print(hand_record_rich(record))
        if args.travellers:
            console.print(rich_table(f"Board {board}", header, rows))
        if args.html:
            body = html_table(header, rows)
            if record is not None:
                body = hand_record_html(record) + body
            # a hand record carries its own "Board n" heading
            sections.append(("" if record is not None else f"Board {board}", body))
    if args.html:
        args.html.write_text(html_page(title, sections), encoding="utf-8")
    if args.pbn:
        from contractbridge.formats import pbn

        scoring = {
            Method.MP: "MP",
            Method.MP_ACBL: "MP;MP2",
            Method.IMP_BUTLER: "IMP;Butler-2",
            Method.CROSS_IMP: "IMP;Cross2",
        }[method]
        text = pbn.dumps(
            pbn_records(scored, rankings, deals=imported.deals, event=title, scoring=scoring)
        )
        args.pbn.write_bytes(text.encode("utf-8"))
    return skipped


def make_console() -> Console:
    """A console as wide as the terminal, or 132 columns when printing to a file."""
    return Console(highlight=False, width=None if sys.stdout.isatty() else 132)


def _boards_text(match: Match) -> str:
    """``"10"``, or ``"9 of 10"`` when a board lacks one room's result."""
    played, scheduled = len(match.played), len(match.boards)
    return str(played) if played == scheduled else f"{played} of {scheduled}"


def _teams(records: list, console: Console, args: argparse.Namespace) -> int:  # type: ignore[type-arg]
    pairs_only = [
        option
        for option, given in (
            ("--scoring", args.scoring is not None),
            ("--no-neuberg", args.no_neuberg),
            ("--butler-drop", args.butler_drop != 1),
            ("--butler-round", args.butler_round != 10),
            ("--two-winners", args.two_winners),
            ("--travellers", args.travellers),
            ("--card", args.card is not None),
            ("--pbn", args.pbn is not None),
            ("--hand-records", args.hand_records),
        )
        if given
    ]
    if pairs_only:
        raise BridgeError(
            f"{args.file} is a teams file (matches in IMPs and VPs): "
            f"{', '.join(pairs_only)} belong to pairs events"
        )
    matches = matches_from_records(records)
    if not matches:
        raise BridgeError("no match has both rooms' results in this file")
    bam = args.bam or any((r.scoring or "").upper().startswith("BAM") for r in records)
    if bam and args.vp_scale:
        raise BridgeError("board-a-match has no victory points: give --bam or --vp-scale")
    scale = load_scale(args.vp_scale) if args.vp_scale else WBF
    hundredths = not bam and isinstance(scale, WbfContinuousScale)
    result = "Board points" if bam else "VPs"
    rows = []
    for m in matches:
        home, visitors = m.imps
        got_home, got_visitors = m.bam if bam else m.victory_points(scale=scale)
        rows.append(
            [
                m.home,
                m.visitors,
                _boards_text(m),
                f"{home}-{visitors}",
                f"{points_text(got_home, hundredths=hundredths)}-"
                f"{points_text(got_visitors, hundredths=hundredths)}",
            ]
        )
    header = ["Home", "Visitors", "Boards", "IMPs", result]
    console.print(rich_table("Matches", header, rows))
    sections = [("Matches", html_table(header, rows))]
    # each match on the VP scale of its own length: the boards the file records for it
    teams = sorted({t for m in matches for t in (m.home, m.visitors)})
    header = ["Rank", "Team", result, "IMPs +", "IMPs -"]
    rows = [
        [str(s.rank), s.team,
         points_text(s.board_points if bam else s.victory_points, hundredths=hundredths),
         str(s.imps_for), str(s.imps_against)]
        for s in standings(teams, matches, scale=scale, bam=bam)
    ]  # fmt: skip
    console.print(rich_table("Standings", header, rows))
    sections.append(("Standings", html_table(header, rows)))
    if args.html:
        title = next((r.event for r in records if r.event), None) or args.file.stem
        args.html.write_text(html_page(title, sections), encoding="utf-8")
    return 0
