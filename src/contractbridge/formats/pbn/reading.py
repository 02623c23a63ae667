"""Reading's entry points: :func:`iter_games`, :func:`loads` and :func:`load`.

Apart because they tie the grammar to the game reader, the one module that needs both.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

from contractbridge.formats._common import Records, read_source
from contractbridge.formats.pbn.game import _GameReader
from contractbridge.formats.pbn.grammar import _games, _Inheritance, _sections
from contractbridge.formats.record import FormatError, GameRecord


# -- reading: entry points --------------------------------------------------------------
def iter_games(
    text: str, *, strict: bool = True, source: str | None = None
) -> Iterator[GameRecord | FormatError]:
    """Each game of a PBN text in turn; with ``strict=False`` a bad game is yielded as its
    :class:`FormatError` instead of raising it."""
    reader = _GameReader(source)
    state = _Inheritance()
    for raw in _games(text, source):
        try:
            if raw.error is not None:
                raise raw.error
            sections, commentary = _sections(raw, source)
            if not sections:
                continue
            yield reader.read(sections, commentary, state)
        except FormatError as error:
            if strict:
                raise
            yield error


def loads(text: str, *, strict: bool = True, source: str | None = None) -> Records:
    """The games of a PBN text.

    ``strict=False`` skips a game that cannot be read and keeps going; the returned list's
    ``errors`` attribute then holds one :class:`FormatError` per skipped game.
    """
    games: list[GameRecord] = []
    errors: list[FormatError] = []
    for item in iter_games(text, strict=strict, source=source):
        if isinstance(item, FormatError):
            errors.append(item)
        else:
            games.append(item)
    return Records(games, errors)


def load(fp: IO[Any], *, strict: bool = True) -> Records:
    """The games of a PBN file (text or binary; bytes are read as UTF-8, else ISO-8859-1)."""
    return loads(read_source(fp), strict=strict, source=getattr(fp, "name", None))
