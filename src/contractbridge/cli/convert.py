"""``contractbridge convert IN OUT``: between PBN, LIN and JSON, chosen by file extension."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from typing import Any

from contractbridge.cli._common import plural
from contractbridge.formats import FORMATS, FormatError, GameRecord, format_module


def run(args: argparse.Namespace) -> int:
    if args.input == "-" and args.input_format is None:
        raise FormatError("standard input (-) has no extension: give --from pbn, lin or json")
    if args.output == "-" and args.output_format is None:
        raise FormatError("standard output (-) has no extension: give --to pbn, lin or json")
    reader = format_module(args.input, args.input_format)
    writer = format_module(args.output, args.output_format)
    strict = not args.lenient
    if args.input == "-":
        records = reader.loads(sys.stdin.read(), strict=strict, source="<stdin>")
    else:
        with open(args.input, "rb") as fp:
            records = reader.load(fp, strict=strict)
    for error in records.errors:
        print(f"contractbridge: skipped a game: {error}", file=sys.stderr)
    if args.output == "-":
        sys.stdout.write(writer.dumps(records))
    else:
        # written in memory first: a game the writer refuses leaves no half-written file
        buffer = io.BytesIO()
        writer.dump(records, buffer)
        with open(args.output, "wb") as out:
            out.write(buffer.getvalue())
        print(f"{plural(len(records), 'game')} written to {args.output}", file=sys.stderr)
    if writer.__name__.endswith(".lin"):
        for loss in lin_losses(records):
            print(f"contractbridge: note: LIN has no place for {loss}", file=sys.stderr)
    return 1 if records.errors else 0


def lin_losses(records: Sequence[GameRecord]) -> list[str]:
    """What a LIN file cannot hold of these games, in words (empty: nothing is lost).

    LIN states a contract only through its auction, and has no score tables."""
    losses = []
    bare = sum(1 for r in records if r.contract is not None and not r.auction)
    if bare:
        losses.append(f"the contract of {plural(bare, 'game')} recorded without an auction")
    tables = sorted({name for r in records for name in r.tables})
    if tables:
        losses.append("the tables " + ", ".join(tables))
    return losses


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "convert",
        help="convert a file of games between PBN, LIN and JSON",
        description=(
            "Convert a file of games between PBN (.pbn), BBO LIN (.lin) and JSON (.json); "
            "the formats follow the file extensions. Use - for standard input or output "
            "(then give --from or --to)."
        ),
    )
    parser.add_argument("input", metavar="IN", help="the file to read")
    parser.add_argument("output", metavar="OUT", help="the file to write")
    parser.add_argument("--from", dest="input_format", choices=sorted(FORMATS))
    parser.add_argument("--to", dest="output_format", choices=sorted(FORMATS))
    parser.add_argument(
        "--lenient",
        action="store_true",
        help="skip games that cannot be read (listed on stderr; exit status 1)",
    )
    parser.set_defaults(func=run)
