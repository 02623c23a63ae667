"""What the event pages send: an entry's fields read with a message a player understands."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from contractbridge.formats import pbn
from contractbridge.formats.record import GameRecord

from .table import ActionError

DIRECTOR = "director"


def whole(entry: Mapping[str, Any], key: str, *, required: bool = True) -> int | None:
    """``entry[key]`` as a whole number ("3" too); None when absent and not ``required``."""
    value = entry.get(key)
    if value is None or value == "":
        if required:
            raise ActionError(f"an entry names its {key}")
        return None
    # ASCII digits only: "²" and "+-1" are digits to str.isdigit, not to int()
    if isinstance(value, str) and re.fullmatch(r"[+-]?[0-9]{1,9}", value.strip()):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ActionError(f"{key} is a whole number, not {value!r}")
    return value


def text(entry: Mapping[str, Any], key: str) -> str | None:
    """``entry[key]`` as stripped text; None when absent or empty."""
    value = entry.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ActionError(f"{key} is text, not {value!r}")
    return value.strip()


def deals_file(entry: Mapping[str, Any]) -> list[GameRecord]:
    """The games of the PBN file the director sent as ``entry["pbn"]`` (the boards' deals)."""
    deals = entry.get("pbn")
    if not isinstance(deals, str) or not deals.strip():
        raise ActionError("send the deals as the text of a PBN file")
    return pbn.loads(deals, source="the deals file")
