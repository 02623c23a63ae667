"""The text of a PBN file: the tag names, the tokens, the split into games and each game's
tags with the rows that follow them, and the tag values a game inherits from the previous.

Apart from reading a game into its record (``game``) because it knows tokens and tags only,
not what they mean; the writer shares its tag names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from contractbridge.core.call import CALLS, PASS, Call
from contractbridge.core.card import CARDS, Card
from contractbridge.core.seat import Seat
from contractbridge.formats.record import FormatError

#: The Mandatory Tag Set, in export order (PBN 2.1 §3.4).
MTS_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
_PLAYER_TAGS = {"West": Seat.W, "North": Seat.N, "East": Seat.E, "South": Seat.S}
# Tags with a typed field in GameRecord; all others go to ``tags`` or ``tables``.
_TYPED = {*MTS_TAGS, "Score", "Room", "Auction", "Play", "Note"}
# Tags a game that omits them takes from the previous game (see the package docstring).
_CARRIED = (
    "Event",
    "Site",
    "Date",
    "Scoring",
    "West",
    "North",
    "East",
    "South",
    "Stage",
    "HomeTeam",
    "VisitTeam",
    "Competition",
    "EventDate",
)
_BOARD_TAGS = ("Board", "Dealer", "Vulnerable", "Deal")
_NAG_SUFFIXES = ("!!", "??", "!?", "?!", "!", "?")
_NAG_SUFFIX = re.compile(r"^(.+?)(!!|\?\?|!\?|\?!|!|\?)$")
_NOTE_REF = re.compile(r"^=(\d+)=$")
_NOTE_TEXT = re.compile(r"^\s*(\d+)\s*:(.*)$", re.DOTALL)
_STRAIN_ONLY = re.compile(r"^\s*(NT|N|[SHDC])\s*$", re.IGNORECASE)

# Plain tokens, looked up before any other check (most tokens are one of these).
_CARD_TOKENS: dict[str, Card] = {
    text: card for card in CARDS for text in (str(card), str(card).lower(), str(card).title())
}
_CALL_TOKENS: dict[str, Call] = {
    text: call
    for call in CALLS
    for text in {str(call), str(call).upper(), str(call).lower(), str(call).title()}
}
_CALL_TOKENS.update({"P": PASS, "p": PASS})
_TOKEN = re.compile(
    r"""[ \t\r\f\v]*(?:
      (?P<tag>\[[ \t]*(?P<name>[A-Za-z0-9_]+)[ \t]*"(?P<value>(?:[^"\\]|\\.)*)"[ \t]*\])
     |(?P<looseTag>\[[ \t]*(?P<lname>[A-Za-z0-9_]+)[ \t]*"(?P<lvalue>.*)"[ \t]*\])
     |(?P<comment>;.*)
     |(?P<brace>\{)
     |(?P<string>"(?:[^"\\]|\\.)*")
     |(?P<word>[^\s\[\]{};"]+)
     |(?P<end>$)
    )""",
    re.VERBOSE,
)


# -- reading: tokens ----------------------------------------------------------------------
@dataclass(slots=True)
class _Token:
    kind: str  # "tag", "word", "string", "comment"
    text: str
    line: int
    name: str = ""


@dataclass(slots=True)
class _RawGame:
    tokens: list[_Token] = field(default_factory=list)
    first_line: int = 0
    error: FormatError | None = None  # the first unreadable text in the game


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    return re.sub(r'\\(["\\])', r"\1", text)


def _games(text: str, source: str | None) -> Iterator[_RawGame]:
    """Split the text into games (at semi-empty lines outside ``{}``) and tokenize them."""
    game = _RawGame()
    brace: list[str] | None = None  # lines of an open {comment}
    brace_line = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        pos = 0
        if brace is not None:
            end = line.find("}")
            if end < 0:
                brace.append(line)
                continue
            brace.append(line[:end])
            game.tokens.append(_Token("comment", "\n".join(brace), brace_line))
            brace = None
            pos = end + 1
        elif not line.strip():
            if game.tokens or game.error:
                yield game
            game = _RawGame()
            continue
        elif line.startswith("%"):
            continue
        while True:
            match = _TOKEN.match(line, pos)
            if match is None:
                bad = line[pos:].strip()
                game.error = game.error or FormatError(
                    f'cannot read {bad[:40]!r} (expected a [Tag "value"], a call, a card '
                    "or a comment)",
                    line=lineno,
                    source=source,
                )
                game.first_line = game.first_line or lineno
                break
            kind = match.lastgroup
            if kind == "end":
                break
            pos = match.end()
            if not game.tokens:
                game.first_line = lineno
            if kind == "tag":
                game.tokens.append(_Token("tag", _unescape(match["value"]), lineno, match["name"]))
            elif kind == "looseTag":
                game.tokens.append(_Token("tag", match["lvalue"], lineno, match["lname"]))
            elif kind == "comment":
                game.tokens.append(_Token("comment", match["comment"][1:].strip(), lineno))
                break
            elif kind == "brace":
                end = line.find("}", pos)
                if end < 0:
                    brace, brace_line = [line[pos:]], lineno
                    break
                game.tokens.append(_Token("comment", line[pos:end], lineno))
                pos = end + 1
            elif kind == "string":
                game.tokens.append(_Token("string", _unescape(match["string"][1:-1]), lineno))
            else:
                game.tokens.append(_Token("word", match["word"], lineno))
    if brace is not None:
        game.error = game.error or FormatError(
            "a { comment is never closed", line=brace_line, source=source
        )
    if game.tokens or game.error:
        yield game


# -- reading: a game's tags and sections ------------------------------------------------
@dataclass(slots=True)
class _Section:
    name: str
    value: str
    line: int
    items: list[_Token] = field(default_factory=list)  # words, strings and comments
    notes: dict[int, str] = field(default_factory=dict)


@dataclass(slots=True)
class _Inheritance:
    previous: dict[str, str] = field(default_factory=dict)
    sticky: dict[str, str] = field(default_factory=dict)


def _sections(game: _RawGame, source: str | None) -> tuple[list[_Section], list[str]]:
    """The game's tags in order (first occurrence wins), each with the tokens after it."""
    sections: list[_Section] = []
    seen: set[str] = set()
    commentary: list[str] = []
    current: _Section | None = None
    note_owner: _Section | None = None  # the last Auction or Play section: notes follow it
    for token in game.tokens:
        if token.kind == "tag":
            if token.name == "Note":
                owner = note_owner
                match = _NOTE_TEXT.match(token.text)
                if owner is None or match is None:
                    commentary.append(f"Note: {token.text}")
                else:
                    owner.notes.setdefault(int(match[1]), match[2].strip())
                continue
            if token.name in seen:  # the standard: a repeated tag is ignored
                current = _Section(token.name, token.text, token.line)
                continue
            seen.add(token.name)
            current = _Section(token.name, token.text, token.line)
            sections.append(current)
            if token.name in ("Auction", "Play"):
                note_owner = current
        elif current is None:
            if token.kind == "comment":
                commentary.append(token.text)
            else:
                raise FormatError(
                    f"{token.text!r} comes before any tag", line=token.line, source=source
                )
        else:
            current.items.append(token)
    return sections, commentary


def _inherit(values: dict[str, str], present: set[str], state: _Inheritance) -> None:
    """Apply ``#``/``##`` values and the carrying-over of omitted tags, in place."""
    for name, value in list(values.items()):
        if value == "#":
            values[name] = state.previous.get(name, "?")
        elif value.startswith("##"):
            values[name] = value[2:]
            state.sticky[name] = value[2:]
    for name, value in state.sticky.items():
        if name not in present:
            values[name] = value
    for name in _CARRIED:
        if name not in values and name in state.previous:
            values[name] = state.previous[name]
    if "Board" not in present and "Deal" not in present and "Deal" in state.previous:
        for name in _BOARD_TAGS:
            if name in state.previous and name not in values:
                values[name] = state.previous[name]
    state.previous = dict(values)


def _known(value: str | None) -> str | None:
    """None for a missing or unknown (``?``) value."""
    if value is None:
        return None
    value = value.strip()
    return None if value in ("?", "") else value
