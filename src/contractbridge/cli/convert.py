"""``contractbridge convert IN OUT``: between PBN, LIN, JSON and the dealing-machine files
(DUP, DLM, BRI, DGE, BER), chosen by file extension."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from typing import Any

from contractbridge.cli._common import plural
from contractbridge.formats import FORMATS, FormatError, GameRecord, format_module
from contractbridge.formats.machines import NUMBERED, is_machine_format


def run(args: argparse.Namespace) -> int:
    if args.input == "-" and args.input_format is None:
        raise FormatError("standard input (-) has no extension: give --from (pbn, lin, json ...)")
    if args.output == "-" and args.output_format is None:
        raise FormatError("standard output (-) has no extension: give --to (pbn, lin, json ...)")
    reader = format_module(args.input, args.input_format)
    writer = format_module(args.output, args.output_format)
    strict = not args.lenient
    if args.input == "-":
        # a dealing-machine file is bytes (DUP and DGE hold control characters)
        data = sys.stdin.buffer.read() if is_machine_format(reader) else sys.stdin.read()
        records = reader.loads(data, strict=strict, source="<stdin>")
    else:
        with open(args.input, "rb") as fp:
            records = reader.load(fp, strict=strict)
    for error in records.errors:
        print(f"contractbridge: skipped a game: {error}", file=sys.stderr)
    if args.output == "-":
        text = writer.dumps(records)
        if isinstance(text, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(text)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(text)
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
    if is_machine_format(writer) and not is_machine_format(reader):
        for loss in machine_losses(records, writer.NAME):
            print(f"contractbridge: note: {loss}", file=sys.stderr)
    if is_machine_format(writer) and writer.NAME.lower() not in NUMBERED:
        numbers = sorted({r.board for r in records if r.board is not None})
        if numbers and numbers[0] != 1:
            print(
                f"contractbridge: note: a {writer.NAME} file has no board numbers: boards "
                f"{numbers[0]}-{numbers[-1]} will read back as boards 1-{len(numbers)}",
                file=sys.stderr,
            )
    return 1 if records.errors else 0


def machine_losses(records: Sequence[GameRecord], name: str) -> list[str]:
    """What a dealing-machine file leaves out of these games, in words (empty: nothing).

    It holds one deal per board and nothing else."""
    losses = []
    played = sum(
        1
        for r in records
        if r.auction or r.play or r.players or r.contract is not None or r.result is not None
    )
    if played:
        losses.append(
            f"a {name} file holds only the deals: the names, auctions, play and results of "
            f"{plural(played, 'game')} are left out"
        )
    copies = len(records) - len({r.board for r in records})
    if copies > 0:
        losses.append(
            f"{plural(copies, 'game')} of boards already written left out (one deal a board)"
        )
    return losses


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
        help="convert a file of games between PBN, LIN, JSON and dealing-machine files",
        description=(
            "Convert a file of games between PBN (.pbn), BBO LIN (.lin), JSON (.json) and "
            "the dealing-machine files: Duplimate DOS (.dup) and Windows (.dlm), BRI (.bri), "
            "DGE (.dge) and Bernasconi (.ber); the formats follow the file extensions. Use - "
            "for standard input or output (then give --from or --to)."
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
