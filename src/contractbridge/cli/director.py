"""``contractbridge director``: the Director's assistant — what happened, and what the Laws say.

Name the irregularity and the state of the deal (from arguments, or a PBN/LIN/JSON file
for the deal, auction and play so far) and get the ruling: the options, who chooses, what
follows, each with its Law number. ``--choose`` applies an option and shows the state after.
Without an irregularity the questions are asked one a line on standard input, so it works
through a pipe::

    contractbridge director insufficient-bid --dealer N --auction 1NT --call 1H
    contractbridge director revoke --file club.pbn --board 7
    printf 'revoke\\nclub.pbn\\n7\\n' | contractbridge director
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from contractbridge.core.errors import ParseError
from contractbridge.game.director import KINDS, Facts, Report, apply_choice, as_json, rule


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "director",
        help="rule an irregularity by the Laws (options, who chooses, what follows)",
        description=(
            "The Director's assistant: name what happened at the table and get the ruling "
            "of the Laws of Duplicate Bridge 2017 with its Law numbers. Without KIND, the "
            "questions are read from standard input one a line."
        ),
        epilog="Irregularities: " + "; ".join(f"{name}: {text}" for name, text in KINDS.items()),
    )
    parser.add_argument(
        "kind",
        nargs="?",
        choices=sorted(KINDS),
        metavar="KIND",
        help="the irregularity: " + ", ".join(KINDS),
    )
    source = parser.add_argument_group("the deal so far")
    source.add_argument("--file", help="a PBN, LIN or JSON file with the deal, auction and play")
    source.add_argument("--board", type=int, help="the board in --file (default: the first)")
    source.add_argument("--dealer", help="N, E, S or W (default: the file's, else N)")
    source.add_argument("--auction", help='calls so far from the dealer, e.g. "1NT P"')
    source.add_argument("--deal", help='the deal in PBN, e.g. "N:AKQJ.T98.765.432 ..."')
    source.add_argument("--contract", help='the contract and declarer, e.g. "4S S"')
    source.add_argument("--play", help='cards played so far in order, e.g. "HA H8 H7 H4"')
    what = parser.add_argument_group("what happened")
    what.add_argument("--seat", help="the offender (for an insufficient bid: the seat in turn)")
    what.add_argument("--call", help="the irregular call")
    what.add_argument("--card", help="the card led, played or exposed")
    what.add_argument("--deliberate", action="store_true", help="the card was exposed on purpose")
    what.add_argument(
        "--led", action="store_true", help="the card exposed in the auction was led early (24B)"
    )
    what.add_argument(
        "--saw-dummy", action="store_true", help="declarer could have seen dummy's cards (Law 54C)"
    )
    what.add_argument(
        "--face-down",
        action="store_true",
        help="the opening lead out of turn was made face down and not faced (Law 41A)",
    )
    what.add_argument(
        "--rho-must-pass",
        action="store_true",
        help="the offender's RHO was required to pass (Law 28A)",
    )
    what.add_argument(
        "--faced-card",
        action="store_true",
        help="the revoke was a failure to play a card faced on the table (64B3)",
    )
    what.add_argument(
        "--after-next-board",
        action="store_true",
        help="the revoke was found after a call on the next board (64B4)",
    )
    what.add_argument(
        "--after-round",
        action="store_true",
        help="the revoke was found after the round ended (64B5)",
    )
    what.add_argument(
        "--revoke-trick",
        type=int,
        help="which revoke to rule, by trick number (default: the first)",
    )
    choice = parser.add_argument_group("applying a ruling")
    choice.add_argument("--choose", metavar="OPTION", help="apply this option and show the result")
    choice.add_argument("--correction", help="the offender's correcting call (Law 27B)")
    parser.add_argument("--json", action="store_true", help="print the ruling as JSON")
    parser.set_defaults(func=run)


# -- asking ------------------------------------------------------------------------------------
#: The questions asked for each irregularity, as (argument, question).
QUESTIONS: dict[str, Sequence[tuple[str, str]]] = {
    "insufficient-bid": (
        ("dealer", "Dealer (N, E, S, W)"),
        ("auction", "Calls so far from the dealer, before the insufficient bid (e.g. 1NT P)"),
        ("call", "The insufficient bid"),
    ),
    "out-of-rotation": (
        ("dealer", "Dealer (N, E, S, W)"),
        ("auction", "Calls so far in rotation from the dealer (empty if none)"),
        ("seat", "Who called out of rotation"),
        ("call", "The call made"),
    ),
    "opening-lead": (
        ("deal", "The deal in PBN (N:spades.hearts.diamonds.clubs ... four hands)"),
        ("contract", "Contract and declarer (e.g. 4S S)"),
        ("seat", "Who led out of turn"),
        ("card", "The card led"),
    ),
    "auction-exposed": (
        ("dealer", "Dealer (N, E, S, W)"),
        ("auction", "Calls so far from the dealer (empty if none)"),
        ("seat", "Whose card was exposed"),
        ("card", "The card or cards exposed (e.g. SK or SK H2)"),
    ),
    "revoke": (("file", "A PBN/LIN file with the deal and the play (empty to type them)"),),
}
_PLAY_QUESTIONS = (
    ("deal", "The deal in PBN (N:spades.hearts.diamonds.clubs ... four hands)"),
    ("contract", "Contract and declarer (e.g. 4S S)"),
    ("play", "Cards played so far, in order (empty if none)"),
    ("seat", "The offender"),
    ("card", "The card"),
)
for _kind in ("lead", "exposed", "premature"):
    QUESTIONS[_kind] = _PLAY_QUESTIONS


def ask(args: argparse.Namespace, lines: TextIO, prompt: Callable[[str], None]) -> str:
    """Fill ``args`` from answers read one a line; returns the irregularity named."""

    def answer(question: str) -> str:
        prompt(question + ": ")
        line = lines.readline()
        if not line:
            raise ParseError(f"no answer to {question.split(' (')[0].lower()!r} (input ended)")
        return line.strip()

    names = list(KINDS)
    menu = "; ".join(f"{i} {name}" for i, name in enumerate(names, 1))
    text = answer(f"What happened? ({menu})")
    kind = names[int(text) - 1] if text.isdigit() and 1 <= int(text) <= len(names) else text
    if kind not in KINDS:
        raise ParseError(f"{text!r} is not an irregularity (answer 1-{len(names)} or a name)")
    for name, question in QUESTIONS[kind]:
        if getattr(args, name) is None:
            value = answer(question)
            setattr(args, name, value if value or name in ("auction", "play") else None)
    if kind == "revoke" and not args.file:
        for name, question in _PLAY_QUESTIONS[:3]:
            if getattr(args, name) is None:
                setattr(args, name, answer(question.replace("so far", "(with the revoke)")))
    elif kind == "revoke" and args.board is None:
        board = answer("Board number in the file (empty for the first)")
        args.board = int(board) if board.isdigit() else None
    return kind


def run(args: argparse.Namespace) -> int:
    kind = args.kind
    if kind is None:
        # questions are shown at a terminal; through a pipe the answers simply follow
        show = sys.stdin.isatty()
        kind = ask(
            args,
            sys.stdin,
            lambda q: print(q, end="", file=sys.stderr, flush=True) if show else None,
        )
    facts = Facts(Report.of({**vars(args), "kind": kind}))
    ruling = rule(facts)
    if args.json:
        print(json.dumps(as_json(ruling), ensure_ascii=False, indent=2))
    else:
        print(ruling)
    if args.choose:
        lines = apply_choice(facts, ruling, args.choose)
        if not args.json:
            print()
        print("\n".join(lines))
    return 0
