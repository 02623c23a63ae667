"""Dealing-machine files: Duplimate's DUP and DLM, BRI, DGE and Bernasconi's BER.

A club feeds its dealing machine one of these files; each holds only the deals of a set of
boards. Every module has the pure pair ``encode(boards) -> bytes`` and
``decode(data) -> boards`` over ``{board number: Deal}``, and the record functions
``load/loads/dump/dumps`` that every format in :mod:`contractbridge.formats` has (a game per
board, dealer and vulnerability from the board number). A malformed file raises
:class:`MachineFileError` (a :class:`~contractbridge.formats.FormatError`; a checksum that
does not match raises its subclass :class:`ChecksumError`)::

    from contractbridge.formats.machines import read_boards, write_boards
    boards = read_boards("tuesday.dlm")           # {1: Deal, 2: Deal, ...}
    write_boards(boards, "tuesday.dup")

BRI, DGE and BER files carry no board numbers: their boards are 1, 2, 3 ... in order.
DUP and DLM carry the first and last board of the set; DLM holds boards 1 to 99 at most.
The layouts, and where they are described, are in ``docs/formats.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from contractbridge.core.deal import Deal
from contractbridge.formats.machines._common import ChecksumError, MachineFileError

__all__ = [
    "MACHINES",
    "NUMBERED",
    "ChecksumError",
    "MachineFileError",
    "is_machine_format",
    "machine_module",
    "read_boards",
    "write_boards",
]

#: Extension -> module: the dealing-machine formats.
MACHINES = {"dup": "dup", "dlm": "dlm", "bri": "bri", "dge": "dge", "ber": "ber"}

#: The formats whose files say which boards they hold (the others number them from 1).
NUMBERED = frozenset({"dup", "dlm"})


def machine_module(path: str | Path, name: str | None = None) -> ModuleType:
    """The module for the format ``name``, else for the extension of ``path``."""
    key = (name or Path(path).suffix.lstrip(".")).lower()
    if key not in MACHINES:
        raise MachineFileError(
            f"{str(path)!r} is not a dealing-machine file: use a .dup, .dlm, .bri, .dge or "
            ".ber file name"
        )
    return importlib.import_module(f"{__name__}.{MACHINES[key]}")


def is_machine_format(module: ModuleType) -> bool:
    """Whether a format module is one of the dealing-machine formats (binary files)."""
    return module.__name__.rpartition(".")[0] == __name__


def read_boards(path: str | Path, *, format: str | None = None) -> dict[int, Deal]:
    """Board number -> deal from a dealing-machine file (format from the extension)."""
    module = machine_module(path, format)
    data = Path(path).read_bytes()
    boards: dict[int, Deal] = module.decode(data, source=str(path))
    return boards


def write_boards(
    boards: Mapping[int, Deal], path: str | Path, *, format: str | None = None, **options: Any
) -> None:
    """Write a set of boards to a dealing-machine file (format from the extension);
    ``options`` go to the format's ``encode`` (``show=False`` for a sealed DLM file,
    ``copies=`` for DUP). Nothing is written unless the whole file can be."""
    module = machine_module(path, format)
    data: bytes = module.encode(boards, **options)
    Path(path).write_bytes(data)
