"""``contractbridge convert IN OUT``: between PBN, LIN and JSON, chosen by file extension."""

from __future__ import annotations

import argparse
import io
import sys
from typing import Any

from contractbridge.cli._common import plural
from contractbridge.formats import FORMATS, FormatError, format_module


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
    return 1 if records.errors else 0


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
