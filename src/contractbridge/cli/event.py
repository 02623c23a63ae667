"""``contractbridge event``: run a pairs event from a JSON file.

    contractbridge event create club.json --movement mitchell --tables 5 --boards-per-round 3
    contractbridge event enter club.json --board 1 --ns 1 --contract 4S --by N --tricks 10
    contractbridge event enter club.json --board 1 --table 2 --round 1 --score -50 --correct
    contractbridge event enter club.json --board 4 --ns 3 --adjusted A+/A-
    contractbridge event import club.json results.pbn
    contractbridge event check club.json
    contractbridge event show club.json --travellers --card 3 --html club.html --pbn club.pbn

Teams events (a match, a round robin or a Swiss, scored in IMPs and VPs):

    contractbridge event teams-create cup.json --teams Lions Tigers Bears --boards 8
    contractbridge event teams-enter cup.json --round 1 --team Lions --board 3 --room open \
        --contract 4S --by N --tricks 10
    contractbridge event teams-next cup.json        (pairs the next Swiss round)
    contractbridge event teams-deals cup.json hands.pbn   (hand records for the printout)
    contractbridge event teams-show cup.json

The movement is ``mitchell``, ``howell`` (every table plays the same boards: a copy per
table), ``one-set-howell`` (the club Howells for one set of boards, 3 to 8 tables; with
``--rounds`` a 3/4 Howell; 4 tables with ``--absent 8`` is the 7-pair movement), or a file:
thebridsk YAML, or a KoPS JSON collection with the movement's key after ``#``
(``movements.json#4-7``).

Printables for the tables (HTML, A4 or Letter; a browser prints them to PDF):

    contractbridge event print club.json --what guide-cards --paper a4 -o cards.html
    contractbridge event print club.json --what pickup-slips|travellers|hand-records|curtain-cards
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from contractbridge.cli._common import plural, scoring_method
from contractbridge.core.errors import BridgeError
from contractbridge.scoring.imps import CrossDivisor
from contractbridge.scoring.matchpoints import Factoring, WeightedScore
from contractbridge.tournament import movement as mv
from contractbridge.tournament import printables
from contractbridge.tournament.event import PairsEvent
from contractbridge.tournament.files import (
    ImportedResults,
    lead_problems,
    read_records,
    renumber,
    results_from_records,
)
from contractbridge.tournament.pairs import Method, Options, score_card
from contractbridge.tournament.printables import DEAL_PRINTABLES, EVENT_PRINTABLES, PAPERS
from contractbridge.tournament.report import (
    card_rows,
    event_sections,
    hand_record_rich,
    hand_records,
    html_page,
    match_rows,
    movement_rows,
    pbn_records,
    ranking_rows,
    ranking_titles,
    rich_table,
    standing_rows,
    teams_records,
    teams_sections,
    traveller_rows,
)
from contractbridge.tournament.teams import SCORINGS, TeamsEvent, adjusted_text, load_scale


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "event",
        help="create a pairs event with a movement, enter results, publish the ranking",
        description=__doc__.split("\n\n", 1)[0] if __doc__ else None,
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    create = actions.add_parser("create", help="a new event file with a movement")
    create.add_argument("file", type=Path)
    create.add_argument("--name", default="", help="the event's name")
    create.add_argument(
        "--movement",
        default="mitchell",
        help="mitchell, howell (a copy of the boards for each table), one-set-howell (the"
        " club Howells: one set of boards, relays; --rounds for a 3/4 Howell), or a movement"
        " file[#key]",
    )
    create.add_argument("--tables", type=int, help="number of tables (mitchell, howell)")
    create.add_argument("--boards-per-round", type=int, default=2)
    create.add_argument("--rounds", type=int, help="fewer rounds than a full movement")
    create.add_argument(
        "--arrow-switch",
        type=int,
        nargs="*",
        default=[],
        metavar="ROUND",
        help="rounds on which the boards are turned (Mitchell)",
    )
    create.add_argument("--winners", type=int, choices=(1, 2), default=2, help="Mitchell")
    create.add_argument(
        "--absent",
        type=int,
        nargs="*",
        default=[],
        metavar="PAIR",
        help="pairs missing: their opponents sit out",
    )
    create.add_argument("--scoring", type=scoring_method, default=Method.MP)
    create.add_argument(
        "--no-neuberg", action="store_true", help="boards with fewer results keep their own top"
    )
    create.add_argument("--butler-drop", type=int, default=1, help="scores dropped each end")
    create.add_argument("--butler-round", type=int, default=10, help="datum rounding")
    create.add_argument(
        "--cross-divisor",
        choices=[d.value for d in CrossDivisor],
        default=CrossDivisor.COMPARISONS.value,
        help="cross-IMP scaling",
    )
    create.add_argument("--force", action="store_true", help="overwrite an existing file")
    create.set_defaults(func=run_create)

    enter = actions.add_parser("enter", help="enter (or --correct) one table result")
    enter.add_argument("file", type=Path)
    enter.add_argument("--board", type=int, required=True)
    enter.add_argument("--ns", help="the North-South pair")
    enter.add_argument("--ew", help="the East-West pair")
    enter.add_argument("--table", type=int)
    enter.add_argument("--round", type=int)
    enter.add_argument("--contract", help="4S, 3NTX, Pass ...")
    enter.add_argument("--by", dest="declarer", help="declarer: N, E, S or W")
    enter.add_argument("--tricks", type=int, help="tricks taken by declarer")
    enter.add_argument("--score", type=int, help="North-South's score")
    enter.add_argument("--lead", help="the opening lead (SA, H7 ...)")
    enter.add_argument("--adjusted", help="A+, A, A- or a split like A+/A- or 60/0")
    enter.add_argument(
        "--weighted", help='a weighted score: shares and NS scores, like "30:420,70:-50"'
    )
    enter.add_argument("--correct", action="store_true", help="replace an earlier result")
    enter.set_defaults(func=run_enter)

    remove = actions.add_parser("remove", help="remove a result")
    remove.add_argument("file", type=Path)
    remove.add_argument("--board", type=int, required=True)
    remove.add_argument("--pair", required=True)
    remove.set_defaults(func=run_remove)

    names = actions.add_parser("name", help="name a pair")
    names.add_argument("file", type=Path)
    names.add_argument("--pair", required=True)
    names.add_argument("names", help='"Player A - Player B"')
    names.set_defaults(func=run_name)

    imp = actions.add_parser("import", help="enter every result of a PBN or LIN file")
    imp.add_argument("file", type=Path)
    imp.add_argument("games", type=Path)
    imp.add_argument("--correct", action="store_true", help="replace results already entered")
    imp.set_defaults(func=run_import)

    deals = actions.add_parser("deals", help="attach the deals (hand records) of a file")
    deals.add_argument("file", type=Path)
    deals.add_argument("games", type=Path, help="a PBN or LIN file with the deals")
    deals.set_defaults(func=run_deals)

    check = actions.add_parser("check", help="check the movement; list missing results")
    check.add_argument("file", type=Path)
    check.set_defaults(func=run_check)

    show = actions.add_parser("show", help="ranking, travellers, score cards, HTML and PBN")
    show.add_argument("file", type=Path)
    show.add_argument("--movement", action="store_true", help="print the movement")
    show.add_argument("--travellers", action="store_true")
    show.add_argument(
        "--hand-records", action="store_true", help="print hand records with the travellers"
    )
    show.add_argument("--card", metavar="PAIR")
    show.add_argument("--html", type=Path, metavar="OUT")
    show.add_argument("--pbn", type=Path, metavar="OUT")
    show.set_defaults(func=run_show)

    printout = actions.add_parser(
        "print", help="printables for the tables: guide cards, pickup slips, travellers ..."
    )
    printout.add_argument("file", type=Path)
    printout.add_argument(
        "--what",
        required=True,
        choices=EVENT_PRINTABLES,
        help="hand-records and curtain-cards need the deals (event deals)",
    )
    printout.add_argument("--paper", choices=tuple(PAPERS), default="a4")
    printout.add_argument(
        "--no-analysis", action="store_true", help="hand records without double dummy and par"
    )
    printout.add_argument("-o", "--output", type=Path, metavar="OUT.html", help="else stdout")
    printout.set_defaults(func=run_print)

    _register_teams(actions)


def _register_teams(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    create = actions.add_parser("teams-create", help="a teams event: match, round robin, Swiss")
    create.add_argument("file", type=Path)
    create.add_argument("--name", default="")
    create.add_argument("--teams", nargs="+", required=True, metavar="TEAM")
    create.add_argument("--boards", type=int, required=True, help="boards per match")
    create.add_argument("--swiss", action="store_true", help="pair round by round (Swiss)")
    create.add_argument("--bye-vp", type=float, default=12.0, help="VPs for a bye")
    create.add_argument(
        "--scoring",
        choices=SCORINGS,
        default="imps",
        help="imps: IMPs converted to VPs (the default); bam: board-a-match, 1 point a board"
        " won, ½ drawn",
    )
    create.add_argument(
        "--vp-scale",
        default="wbf",
        metavar="SCALE",
        help="wbf (WBF 2013 continuous, the default), wbf-integer (WBF whole VPs), or a CSV"
        " or JSON file of IMP bands (docs/tournaments.md)",
    )
    create.add_argument("--force", action="store_true")
    create.set_defaults(func=run_teams_create)

    enter = actions.add_parser("teams-enter", help="a board's result in one room of a match")
    enter.add_argument("file", type=Path)
    enter.add_argument("--round", type=int, default=1)
    enter.add_argument("--team", required=True, help="either team of the match")
    enter.add_argument("--board", type=int, required=True)
    enter.add_argument("--room", help="open (home team NS) or closed")
    enter.add_argument("--contract")
    enter.add_argument("--by", dest="declarer")
    enter.add_argument("--tricks", type=int)
    enter.add_argument("--score", type=int, help="North-South's score in that room")
    enter.add_argument(
        "--adjusted",
        metavar="A+/A-",
        help="an adjusted score for the board, home/visitors (Law 86A: A+ 3 IMPs, A 0,"
        " A- -3); '' removes it",
    )
    enter.set_defaults(func=run_teams_enter)

    nxt = actions.add_parser("teams-next", help="pair the next Swiss round")
    nxt.add_argument("file", type=Path)
    nxt.set_defaults(func=run_teams_next)

    deals = actions.add_parser("teams-deals", help="attach the deals (hand records) of a file")
    deals.add_argument("file", type=Path)
    deals.add_argument("games", type=Path, help="a PBN or LIN file with the deals")
    deals.set_defaults(func=run_teams_deals)

    show = actions.add_parser("teams-show", help="matches, IMPs, VPs and standings")
    show.add_argument("file", type=Path)
    show.add_argument("--html", type=Path, metavar="OUT")
    show.add_argument(
        "--pbn", type=Path, metavar="OUT", help="every room's result as PBN (Room, HomeTeam ...)"
    )
    show.set_defaults(func=run_teams_show)


def _load_teams(path: Path) -> TeamsEvent:
    import json

    try:
        return TeamsEvent.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except json.JSONDecodeError as error:
        raise BridgeError(f"{path} is not a teams event file: {error}") from None


def _save_teams(event: TeamsEvent, path: Path) -> None:
    import json

    path.write_text(json.dumps(event.to_dict(), indent=1) + "\n", encoding="utf-8")


def run_teams_create(args: argparse.Namespace) -> int:
    if args.file.exists() and not args.force:
        raise BridgeError(f"{args.file} exists; use --force to overwrite it")
    name = args.name or args.file.stem
    make = TeamsEvent.swiss_event if args.swiss else TeamsEvent.round_robin
    event = make(
        name,
        args.teams,
        boards_per_match=args.boards,
        bye_vp=args.bye_vp,
        scoring=args.scoring,
        vp_scale=load_scale(args.vp_scale),
    )
    _save_teams(event, args.file)
    for number in range(1, len(event.rounds) + 1):
        print(_round_line(event, number))
    return 0


def _round_line(event: TeamsEvent, number: int) -> str:
    """``round 1 (boards 1-8): A v D, C v B; bye: E``."""
    boards = event.boards(number)
    listed = ", ".join(f"{h} v {v}" for h, v in event.rounds[number - 1])
    bye = ", ".join(event.sitting_out(number))
    return f"round {number} (boards {boards[0]}-{boards[-1]}): {listed}" + (
        f"; bye: {bye}" if bye else ""
    )


def run_teams_enter(args: argparse.Namespace) -> int:
    event = _load_teams(args.file)
    if args.adjusted is not None:
        if args.room or args.contract or args.score is not None:
            raise BridgeError("an adjusted score replaces both rooms: give it alone")
        event.adjust(round=args.round, team=args.team, board=args.board, adjusted=args.adjusted)
        _save_teams(event, args.file)
        given = event.match(args.round, args.team).adjusted.get(args.board)
        shown = adjusted_text(given) if given else "removed"
        print(f"round {args.round}, board {args.board}: adjusted score {shown}")
        return 0
    if not args.room:
        raise BridgeError("name the room: --room open or --room closed")
    score = event.enter(
        round=args.round,
        team=args.team,
        board=args.board,
        room=args.room,
        contract=args.contract,
        declarer=args.declarer,
        tricks=args.tricks,
        score=args.score,
    )
    _save_teams(event, args.file)
    m = event.match(args.round, args.team)
    swing = m.board_imps(args.board)
    after = "" if swing is None else f"; {m.home} {swing:+d} IMPs on the board"
    won = m.board_points(args.board) if event.is_bam else None
    if won is not None:
        after = f"; {m.home} {won[0]:g} board point{'s' if won[0] != 1 else ''}" + (
            f" ({swing:+d} IMPs)" if swing is not None else ""
        )
    print(f"round {args.round}, board {args.board}, {args.room} room: NS {score:+d}{after}")
    return 0


def run_teams_next(args: argparse.Namespace) -> int:
    event = _load_teams(args.file)
    if not event.swiss:
        raise BridgeError("this event is a round robin: its rounds are already drawn")
    event.next_swiss_round()
    _save_teams(event, args.file)
    print(_round_line(event, len(event.rounds)))
    return 0


def run_teams_deals(args: argparse.Namespace) -> int:
    event = _load_teams(args.file)
    found = event.take_deals(read_records(args.games), str(args.games))
    _save_teams(event, args.file)
    print(f"{args.file}: deals of {len(event.deals)} boards ({len(found)} read)")
    return 0


def run_teams_show(args: argparse.Namespace) -> int:
    from contractbridge.cli.results import make_console

    event = _load_teams(args.file)
    console = make_console()
    console.print(rich_table(f"{event.name}: matches", *match_rows(event)))
    standings = standing_rows(event.standings(), event)
    console.print(rich_table(f"{event.name}: standings", *standings))
    if args.html:
        records = hand_records(event.deals, event.played)
        page = html_page(event.name, teams_sections(event, records=records))
        args.html.write_text(page, encoding="utf-8")
    if args.pbn:
        from contractbridge.formats import pbn

        args.pbn.write_text(pbn.dumps(teams_records(event)), encoding="utf-8")
    return 0


def _movement(args: argparse.Namespace) -> mv.Movement:
    kind = args.movement
    if kind.lower() == "one-set-howell":
        if args.tables is None:
            raise BridgeError("a one-set-howell needs --tables (3 to 8)")
        return mv.one_set_howell(
            args.tables, boards_per_round=args.boards_per_round, rounds=args.rounds
        )
    if kind.lower() in ("mitchell", "howell"):
        if args.tables is None:
            raise BridgeError(f"a {kind} needs --tables")
        if kind.lower() == "mitchell":
            return mv.mitchell(
                args.tables,
                boards_per_round=args.boards_per_round,
                rounds=args.rounds,
                arrow_switch=args.arrow_switch,
                winners=args.winners,
            )
        return mv.howell(args.tables, boards_per_round=args.boards_per_round, rounds=args.rounds)
    path, _, key = kind.partition("#")
    if not Path(path).exists():
        raise BridgeError(f"no movement file {path!r} (use mitchell, howell or a movement file)")
    return mv.load(path, key or None, boards_per_round=args.boards_per_round)


def run_create(args: argparse.Namespace) -> int:
    if args.file.exists() and not args.force:
        raise BridgeError(f"{args.file} exists; use --force to overwrite it")
    movement = _movement(args)
    for pair in args.absent:
        movement = movement.without_pair(pair)
    problems = movement.check()
    if problems:
        raise BridgeError("the movement does not work: " + "; ".join(problems))
    options = Options(
        Factoring.NONE if args.no_neuberg else Factoring.NEUBERG,
        args.butler_drop,
        args.butler_round,
        CrossDivisor(args.cross_divisor),
    )
    event = PairsEvent(args.name or args.file.stem, movement, args.scoring, options)
    event.save(args.file)
    tables = plural(movement.tables, "table")
    name = movement.name if tables in movement.name else f"{movement.name}, {tables}"
    print(
        f"{args.file}: {name}, {plural(movement.rounds, 'round')}, "
        f"boards {movement.boards[0]}-{movement.boards[-1]}, {len(movement.pairs)} pairs"
    )
    return 0


def run_enter(args: argparse.Namespace) -> int:
    event = PairsEvent.load(args.file)
    result = event.enter(
        board=args.board,
        ns=args.ns,
        ew=args.ew,
        table=args.table,
        round=args.round,
        contract=args.contract,
        declarer=args.declarer,
        tricks=args.tricks,
        score=args.score,
        lead=args.lead,
        adjusted=args.adjusted,
        weighted=_weighted(args.weighted),
        replace=args.correct,
    )
    event.save(args.file)
    score = "" if result.ns_score is None else f", NS {result.ns_score:+d}"
    print(f"board {result.board}: {result.ns} v {result.ew}: {result.describe()}{score}")
    return 0


def _weighted(text: str | None) -> WeightedScore | None:
    """``"30:420,70:-50"`` (percent shares) -> a weighted score."""
    if not text:
        return None
    parts = []
    for item in text.split(","):
        share, _, score = item.partition(":")
        try:
            parts.append((float(share.strip().rstrip("%")) / 100, int(score)))
        except ValueError:
            raise BridgeError(f"{item!r} is not share:score (like 30:420)") from None
    total = sum(share for share, _ in parts) * 100
    if abs(total - 100) > 1e-6:
        raise BridgeError(f"the shares of {text!r} add up to {total:g}%, not 100%")
    return WeightedScore.of(*parts)


def run_remove(args: argparse.Namespace) -> int:
    event = PairsEvent.load(args.file)
    old = event.remove(args.board, args.pair)
    event.save(args.file)
    print(f"board {old.board}: removed {old.ns} v {old.ew}: {old.describe()}")
    return 0


def run_name(args: argparse.Namespace) -> int:
    event = PairsEvent.load(args.file)
    if int(args.pair) not in event.movement.pairs:
        raise BridgeError(f"pair {args.pair} does not play in this event")
    event.names[args.pair] = args.names
    event.save(args.file)
    return 0


def run_import(args: argparse.Namespace) -> int:
    event = PairsEvent.load(args.file)
    imported = renumber(results_from_records(read_records(args.games)))
    count = 0
    for results in imported.boards.values():
        for result in results:
            event.add(result, replace=args.correct)
            count += 1
    for board, deal in imported.deals.items():
        if board in event.movement.boards:
            event.deals.setdefault(board, deal)
    event.save(args.file)
    print(f"{args.file}: {count} results entered from {args.games}")
    return 0


def run_deals(args: argparse.Namespace) -> int:
    event = PairsEvent.load(args.file)
    found = event.take_deals(read_records(args.games), str(args.games))
    event.save(args.file)
    print(f"{args.file}: deals of {len(set(event.deals))} boards ({len(found)} read)")
    # a lead entered before the deals were known may not fit them
    imported = ImportedResults(boards=event.results.boards(), deals=found)
    for problem in lead_problems(imported):
        print(f"contractbridge: warning: {problem}", file=sys.stderr)
    return 0


def run_print(args: argparse.Namespace) -> int:
    event = PairsEvent.load(args.file)
    title = f"{event.name}: {args.what.replace('-', ' ')}"
    if args.what in DEAL_PRINTABLES:
        html = printables.for_deals(
            event.deals, args.what, paper=args.paper, title=title, analyse=not args.no_analysis
        )
    else:
        html = printables.for_movement(event.movement, args.what, paper=args.paper, title=title)
    write_printable(html, args.output)
    return 0


def write_printable(html: str, output: Path | None) -> None:
    """To the file (and say so), or to stdout."""
    if output is None:
        sys.stdout.write(html)
        return
    output.write_text(html, encoding="utf-8")
    print(f"{output}: printable HTML (print it from a browser, or save it as PDF there)")


def run_check(args: argparse.Namespace) -> int:
    event = PairsEvent.load(args.file)
    problems = event.movement.check()
    for problem in problems:
        print(f"movement: {problem}")
    missing = event.missing()
    for e in missing:
        print(f"round {e.round}, table {e.table} ({e.ns} v {e.ew}): results missing")
    if not problems and not missing:
        print("the movement works and every result is in")
    return 1 if problems else 0


def run_show(args: argparse.Namespace) -> int:
    from contractbridge.cli.results import make_console

    event = PairsEvent.load(args.file)
    console = make_console()
    matchpoints = event.method.is_matchpoints
    if args.movement:
        console.print(rich_table(event.movement.name, *movement_rows(event.movement)))
    scored = event.scored()
    rankings = event.rankings()
    for title, ranking in zip(ranking_titles(len(rankings)), rankings, strict=True):
        header, rows = ranking_rows(ranking, matchpoints=matchpoints)
        heading = f"{event.name}: ranking ({event.method.value})" + title.removeprefix("Ranking")
        console.print(rich_table(heading, header, rows))
    if args.card:
        header, rows = card_rows(score_card(scored, args.card), matchpoints=matchpoints)
        console.print(rich_table(f"Pair {args.card}", header, rows))
    records = {}
    if args.html or args.hand_records:
        records = hand_records(event.deals, scored)
    if args.travellers:
        for board, results in scored.items():
            if board in records and args.hand_records:
                console.print(hand_record_rich(records[board]))
            header, rows = traveller_rows(results, matchpoints=matchpoints)
            console.print(rich_table(f"Board {board}", header, rows))
    if args.html:
        sections = event_sections(event, movement=args.movement, card=args.card, records=records)
        args.html.write_text(html_page(event.name, sections), encoding="utf-8")
    if args.pbn:
        from contractbridge.formats import pbn

        records_pbn = pbn_records(
            scored, rankings, deals=event.deals, event=event.name, scoring=event.method.value
        )
        args.pbn.write_bytes(pbn.dumps(records_pbn).encode("utf-8"))
    return 0
