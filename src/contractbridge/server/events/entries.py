"""What the event pages send: an entry's fields read with a message a player understands."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from contractbridge.formats import pbn
from contractbridge.formats.record import GameRecord
from contractbridge.server.web.errors import ActionError
from contractbridge.tournament.results import TableResult

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


# fields kept only with the entries that use them (a result carrying a deals file or names
# does not store them: the log is replayed on every load)
ONLY_FOR = {"pbn": {"deals"}, "names": {"name"}, "pair": {"name", "remove"}}
#: the longest text a field of an entry may hold (a deals file: the request's own limit)
FIELD_CHARS = 200


def entry_record(entry: Mapping[str, Any], keys: frozenset[str]) -> dict[str, Any]:
    """What is stored of an entry: the fields its kind of entry uses, each checked for size
    and type (ActionError 400 otherwise)."""
    op = entry.get("op", "result")
    if not isinstance(op, str):
        raise ActionError("op is text: result, remove, name, adjust, next or deals")
    record = {k: v for k, v in entry.items() if k in keys and op in ONLY_FOR.get(k, {op})}
    for key, value in record.items():
        if key == "correct" and not isinstance(value, bool):
            raise ActionError("correct is true or false")
        if isinstance(value, str) and key != "pbn" and len(value) > FIELD_CHARS:
            raise ActionError(f"{key} takes at most {FIELD_CHARS} characters")
        if isinstance(value, list | dict):
            raise ActionError(f"{key} is a number or text, not a list")
    return record


def result_json(r: TableResult) -> dict[str, Any]:
    """A result as the pages read it: its fields and how it reads in words."""
    return {**r.to_dict(), "text": r.describe()}
