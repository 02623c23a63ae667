"""File formats: PBN 2.1, BBO LIN and JSON, each behind ``load/loads/dump/dumps``.

Every format reads and writes :class:`GameRecord` lists (``formats.record``); a file that
does not follow its format raises :class:`FormatError` naming the line.
"""

from contractbridge.formats.record import Annotation, FormatError, GameRecord, Table

__all__ = ["Annotation", "FormatError", "GameRecord", "Table"]
