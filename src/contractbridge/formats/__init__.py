"""File formats: PBN 2.1, BBO LIN and JSON, each behind ``load/loads/dump/dumps``, and the
dealing-machine files (DUP, DLM, BRI, DGE, BER: ``formats.machines``) behind the same four.

Every format reads and writes lists of :class:`GameRecord` (``formats.record``); a file that
does not follow its format raises :class:`FormatError` naming the line. ``load_file`` and
``dump_file`` pick the format from the file name::

    games = load_file("club.pbn")
    dump_file(games, "club.lin")
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

from contractbridge.formats._common import Records
from contractbridge.formats.record import Annotation, FormatError, GameRecord, Table

__all__ = [
    "FORMATS",
    "Annotation",
    "FormatError",
    "GameRecord",
    "Records",
    "Table",
    "dump_file",
    "format_module",
    "load_file",
]

#: Format name (= file extension) -> module name in this package.
FORMATS = {
    "pbn": "pbn",
    "lin": "lin",
    "json": "json",
    "dup": "machines.dup",
    "dlm": "machines.dlm",
    "bri": "machines.bri",
    "dge": "machines.dge",
    "ber": "machines.ber",
}


def format_module(path: str | Path, name: str | None = None) -> ModuleType:
    """The format module for ``name``, else for the extension of ``path``."""
    key = (name or Path(path).suffix.lstrip(".")).lower()
    if key not in FORMATS:
        raise FormatError(
            f"cannot tell the format of {str(path)!r}: use a .pbn, .lin or .json file name, "
            "or a dealing machine's .dup, .dlm, .bri, .dge or .ber"
        )
    return importlib.import_module(f"{__name__}.{FORMATS[key]}")


def load_file(path: str | Path, *, strict: bool = True, format: str | None = None) -> Records:
    """The games of a PBN, LIN, JSON or dealing-machine file (format from the extension
    unless given)."""
    module = format_module(path, format)
    with open(path, "rb") as fp:
        records: Records = module.load(fp, strict=strict)
    return records


def dump_file(
    records: Iterable[GameRecord], path: str | Path, *, format: str | None = None
) -> None:
    """Write games to a PBN, LIN, JSON or dealing-machine file (format from the extension
    unless given)."""
    module = format_module(path, format)
    # written in memory first: a game the writer refuses leaves no half-written file
    buffer = io.BytesIO()
    module.dump(list(records), buffer)
    with open(path, "wb") as fp:
        fp.write(buffer.getvalue())
