"""JSON: game records as plain JSON documents (schema in ``docs/formats.md``).

A document is ``{"format": "contractbridge/games", "version": 1, "games": [...]}``; each
game is an object whose keys mirror :class:`GameRecord`, with cards, calls, seats and
contracts written as in PBN (``"SA"``, ``"1NT"``, ``"N"``, ``"4SX"``). Keys whose value is
unknown are left out. Reading also takes a bare list of games or a single game.

>>> game = GameRecord(board=1, contract=Contract.parse("3NT N"), result=9)
>>> print(dumps([game]))
{"format": "contractbridge/games", "version": 1, "games": [
{"board": 1, "contract": "3NT", "declarer": "N", "result": 9}
]}
>>> text = dumps([game], indent=2)
>>> print(text)
{
  "format": "contractbridge/games",
  "version": 1,
  "games": [
    {
      "board": 1,
      "contract": "3NT",
      "declarer": "N",
      "result": 9
    }
  ]
}
>>> loads(text)[0].contract
Contract(level=3, strain=<Strain.NT: 4>, doubled=<Doubled.NONE: 0>, declarer=<Seat.N: 0>)
"""

from __future__ import annotations

import json as _json
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import SEATS, Seat, Vulnerability
from contractbridge.formats._common import Records, read_source, write_text
from contractbridge.formats.record import Annotation, FormatError, GameRecord, Table

__all__ = [
    "FORMAT",
    "SCHEMA_PATH",
    "VERSION",
    "dump",
    "dumps",
    "from_dict",
    "load",
    "loads",
    "schema",
    "to_dict",
]

FORMAT = "contractbridge/games"
VERSION = 1
#: The JSON Schema (draft 2020-12) of a document, shipped with the package.
SCHEMA_PATH = Path(__file__).with_name("games.schema.json")
_ANNOTATION_KEYS = ("alert", "note", "nag", "comment")


def schema() -> dict[str, Any]:
    """The JSON Schema of a document (``games.schema.json``)."""
    loaded: dict[str, Any] = _json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


# -- writing ----------------------------------------------------------------------------
def _annotation_dict(ann: Annotation | None) -> dict[str, Any]:
    if ann is None:
        return {}
    out: dict[str, Any] = {}
    if ann.alert:
        out["alert"] = True
    for key in ("note", "nag", "comment"):
        value = getattr(ann, key)
        if value is not None:
            out[key] = value
    return out


def _contract_text(contract: Contract) -> str:
    return f"{contract.level}{contract.strain.name}{contract.doubled}"


def to_dict(rec: GameRecord) -> dict[str, Any]:
    """One game as a JSON-ready dict (the schema of ``docs/formats.md``)."""
    out: dict[str, Any] = {}
    for key in ("event", "site", "date", "board"):
        value = getattr(rec, key)
        if value is not None:
            out[key] = value
    if rec.dealer is not None:
        out["dealer"] = rec.dealer.name
    if rec.vulnerability is not None:
        out["vulnerability"] = str(rec.vulnerability)
    if rec.deal is not None:
        out["deal"] = "N:" + " ".join(
            rec.deal[s].to_pbn() if len(rec.deal[s]) else "-" for s in SEATS
        )
    if rec.players:
        out["players"] = {s.name: rec.players[s] for s in SEATS if s in rec.players}
    if rec.auction:
        out["auction"] = [
            {"call": str(call), **_annotation_dict(rec.auction_annotations.get(i))}
            for i, call in enumerate(rec.auction)
        ]
    if rec.play:
        out["play"] = [
            {"card": str(card), **_annotation_dict(rec.play_annotations.get(i))}
            for i, card in enumerate(rec.play)
        ]
    if rec.claim is not None:
        out["claim"] = rec.claim
    if rec.passed_out:
        out["contract"] = "Pass"
    elif rec.contract is not None:
        out["contract"] = _contract_text(rec.contract)
        if rec.contract.declarer is not None:
            out["declarer"] = rec.contract.declarer.name
    for key in ("result", "score", "room", "scoring"):
        value = getattr(rec, key)
        if value is not None:
            out[key] = value
    if rec.tags:
        out["tags"] = dict(rec.tags)
    if rec.tables:
        out["tables"] = {
            name: {"columns": list(t.columns), "rows": [list(r) for r in t.rows]}
            for name, t in rec.tables.items()
        }
    if rec.commentary:
        out["commentary"] = list(rec.commentary)
    return out


def dumps(records: Iterable[GameRecord], *, indent: int | None = None) -> str:
    """The games as a JSON document: one game a line, or pretty-printed with ``indent``."""
    games = [to_dict(r) for r in records]
    if indent is not None:
        document = {"format": FORMAT, "version": VERSION, "games": games}
        return _json.dumps(document, indent=indent, ensure_ascii=False)
    # one game a line: readable, diff-friendly, and the fast C encoder for each game
    head = f'{{"format": "{FORMAT}", "version": {VERSION}, "games": ['
    if not games:
        return head + "]}"
    lines = ",\n".join(_json.dumps(g, ensure_ascii=False) for g in games)
    return f"{head}\n{lines}\n]}}"


def dump(records: Iterable[GameRecord], fp: IO[Any], *, indent: int | None = None) -> None:
    """Write the games to a JSON file (text or binary, UTF-8)."""
    write_text(fp, dumps(records, indent=indent) + "\n")


# -- reading ----------------------------------------------------------------------------
class _Game:
    """Reads one game dict, naming the game and key in every error."""

    def __init__(self, data: Any, index: int, source: str | None) -> None:
        self.index = index
        self.source = source
        if not isinstance(data, dict):
            raise self.error(f"is {type(data).__name__}, not an object")
        self.data: dict[str, Any] = data

    def error(self, message: str) -> FormatError:
        return FormatError(f"game {self.index + 1} {message}", source=self.source)

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            raise self.error(f"{key!r}: {value!r} is not {_article(names)}")
        return value

    def parse(self, key: str, value: str, parser: Any) -> Any:
        try:
            return parser(value)
        except BridgeError as e:
            raise self.error(f"{key!r}: {e}") from None

    def annotation(self, key: str, item: dict[str, Any]) -> Annotation | None:
        if len(item) == 1:  # the call or card alone
            return None
        ann = Annotation()
        for name in _ANNOTATION_KEYS:
            value = item.get(name)
            if value is None:
                continue
            kind = bool if name == "alert" else str
            if not isinstance(value, kind):
                raise self.error(f"{key!r}: {name} {value!r} is not {_article(kind.__name__)}")
            setattr(ann, name, value)
        return ann if ann else None

    def record(self) -> GameRecord:
        rec = GameRecord()
        rec.event = self.get("event", str)
        rec.site = self.get("site", str)
        rec.date = self.get("date", str)
        rec.board = self.get("board", int)
        if rec.board is not None and rec.board < 1:
            raise self.error(f"'board': {rec.board} is not a board number")
        dealer = self.get("dealer", str)
        if dealer is not None:
            rec.dealer = self.parse("dealer", dealer, Seat.parse)
        vul = self.get("vulnerability", str)
        if vul is not None:
            rec.vulnerability = self.parse("vulnerability", vul, Vulnerability.parse)
        deal = self.get("deal", str)
        if deal is not None:
            rec.deal = _DEALS.get(deal) or self.parse("deal", deal, _read_deal)
        players = self.get("players", dict) or {}
        for seat_text, name in players.items():
            seat = self.parse("players", seat_text, Seat.parse)
            if not isinstance(name, str):
                raise self.error(f"'players': {name!r} is not a name")
            rec.players[seat] = name
        for i, item in enumerate(self.get("auction", list) or []):
            item = {"call": item} if isinstance(item, str) else item
            if not isinstance(item, dict) or not isinstance(item.get("call"), str):
                raise self.error(f"'auction' item {i + 1}: {item!r} has no call")
            rec.auction.append(self.parse("auction", item["call"], Call.parse))
            ann = self.annotation("auction", item)
            if ann is not None:
                rec.auction_annotations[i] = ann
        for i, item in enumerate(self.get("play", list) or []):
            item = {"card": item} if isinstance(item, str) else item
            if not isinstance(item, dict) or not isinstance(item.get("card"), str):
                raise self.error(f"'play' item {i + 1}: {item!r} has no card")
            rec.play.append(self.parse("play", item["card"], Card.parse))
            ann = self.annotation("play", item)
            if ann is not None:
                rec.play_annotations[i] = ann
        rec.claim = self.get("claim", int)
        if rec.claim is not None and not 0 <= rec.claim <= 13:
            raise self.error(f"'claim': {rec.claim} is not 0 to 13 tricks")
        contract = self.get("contract", str)
        declarer = self.get("declarer", str)
        if contract is not None and contract.strip().upper() in ("PASS", "P", "AP"):
            rec.passed_out = True
        elif contract is not None:
            parsed = self.parse("contract", contract, Contract.parse)
            if declarer is not None:
                parsed = parsed.with_declarer(self.parse("declarer", declarer, Seat.parse))
            rec.contract = parsed
        rec.result = self.get("result", int)
        if rec.result is not None and not 0 <= rec.result <= 13:
            raise self.error(f"'result': {rec.result} is not 0 to 13 tricks")
        rec.score = self.get("score", int)
        rec.room = self.get("room", str)
        rec.scoring = self.get("scoring", str)
        for name, value in (self.get("tags", dict) or {}).items():
            if not isinstance(value, str):
                raise self.error(f"'tags': {name} has {value!r}, not a string")
            rec.tags[name] = value
        for name, table in (self.get("tables", dict) or {}).items():
            columns = table.get("columns") if isinstance(table, dict) else None
            rows = table.get("rows", []) if isinstance(table, dict) else None
            if (
                not isinstance(columns, list)
                or not isinstance(rows, list)
                or not all(isinstance(r, list) for r in rows)
            ):
                raise self.error(f"'tables': {name} needs 'columns' and 'rows' lists")
            rec.tables[name] = Table([str(c) for c in columns], [[str(c) for c in r] for r in rows])
        for text in self.get("commentary", list) or []:
            if not isinstance(text, str):
                raise self.error(f"'commentary': {text!r} is not text")
            rec.commentary.append(text)
        return rec


_DEALS: dict[str, Deal] = {}  # deals already read (boards repeat across tables)


def _read_deal(text: str) -> Deal:
    if len(_DEALS) > 100_000:
        _DEALS.clear()
    deal = _DEALS[text] = Deal.from_pbn(text, partial=True)
    return deal


def _article(name: str) -> str:
    names = {"str": "a string", "int": "a whole number", "bool": "true or false"}
    names |= {"list": "a list", "dict": "an object"}
    return " or ".join(names.get(n, n) for n in name.split(" or "))


def from_dict(data: dict[str, Any], index: int = 0) -> GameRecord:
    """One game from its dict (raises :class:`FormatError` naming the key that is wrong)."""
    return _Game(data, index, None).record()


def loads(text: str, *, strict: bool = True, source: str | None = None) -> Records:
    """The games of a JSON document (or of a bare list of games, or of one game).

    ``strict=False`` skips a game that cannot be read; the list's ``errors`` holds why.
    """
    try:
        document = _json.loads(text)
    except _json.JSONDecodeError as e:
        raise FormatError(
            f"not JSON: {e.msg} (column {e.colno})", line=e.lineno, source=source
        ) from None
    if isinstance(document, dict) and "games" in document:
        if document.get("format", FORMAT) != FORMAT:
            raise FormatError(f"format {document.get('format')!r} is not {FORMAT!r}", source=source)
        if document.get("version", VERSION) != VERSION:
            raise FormatError(
                f"version {document.get('version')!r} is not {VERSION} (the one this reads)",
                source=source,
            )
        games = document["games"]
    elif isinstance(document, dict):
        games = [document]
    else:
        games = document
    if not isinstance(games, list):
        raise FormatError("'games' must be a list of games", source=source)
    records = Records()
    for index, data in enumerate(games):
        try:
            records.append(_Game(data, index, source).record())
        except FormatError as error:
            if strict:
                raise
            records.errors.append(error)
    return records


def load(fp: IO[Any], *, strict: bool = True) -> Records:
    """The games of a JSON file (text or binary)."""
    return loads(read_source(fp), strict=strict, source=getattr(fp, "name", None))
