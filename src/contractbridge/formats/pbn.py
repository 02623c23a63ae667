"""PBN 2.1 (Portable Bridge Notation): a tolerant reader and a strict writer.

Reading takes the *import format* with the leniency the standard asks for: ``{...}`` and
``;`` comments, ``%`` escape lines, tag inheritance (``"#"``, ``"##text"``), ``?`` and ``-``
values, the ``AP``, ``-``, ``*`` and ``+`` tokens, ``=n=`` note references with
``[Note "n:text"]`` tags, NAG suffixes and ``$n`` glyphs, lowercase cards and ranks,
passed-out boards, supplemental sections (any tag followed by rows, such as ScoreTable or
OptimumResultTable) and values seen in real files (``"N-S "``, ``"Both"``, ``"NS +550"``).

Leniencies beyond the letter of the standard, each needed by a real file:

* a game without Board and Deal tags continues the previous board (another table's play
  of it, as rpbridge.net writes team matches): it takes the previous game's Board, Dealer,
  Vulnerable and Deal;
* a game that omits an event or player tag (Event, Site, Date, Scoring, the four players,
  Stage, HomeTeam, VisitTeam, Competition, EventDate) keeps the previous game's value;
* an auction written from the opening bid, without the passes before it, gets them back
  when the Contract and Declarer tags show how many are missing.

Writing produces the *export format*: ``% PBN 2.1`` and ``% EXPORT`` first, the 15 tags of
the Mandatory Tag Set in their order (``"?"`` unknown, ``""`` inappropriate), other tags
alphabetically, then the auction, the play and the supplemental sections alphabetically,
one space between tokens (except tables with column widths), CRLF line ends.

>>> games = loads('''[Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
... [Auction "N"]
... 1NT =1= Pass 3NT AP
... [Note "1:15-17"]
... ''')
>>> g = games[0]
>>> str(g.contract), g.declarer, g.annotation(0).note
('3NT N', <Seat.N: 0>, '15-17')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from contractbridge.core.auction import Auction
from contractbridge.core.call import CALLS, PASS, Call
from contractbridge.core.card import CARDS, Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.hand import Hand
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import SEATS, Seat, Side, Vulnerability
from contractbridge.formats._common import (
    Records,
    auction_is_complete,
    fill_from_auction,
    read_source,
    result_from_play,
    split_tricks,
    trump_of,
    write_text,
)
from contractbridge.formats.record import Annotation, FormatError, GameRecord, Table

__all__ = ["MTS_TAGS", "dump", "dumps", "load", "loads"]

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
# Tags a game that omits them takes from the previous game (see the module docstring).
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


class _GameReader:
    """Builds one GameRecord from a game's sections."""

    def __init__(self, source: str | None) -> None:
        self.source = source
        self.deals: dict[str, Deal] = {}

    def error(self, message: str, line: int) -> FormatError:
        return FormatError(message, line=line, source=self.source)

    def read(
        self, sections: list[_Section], commentary: list[str], state: _Inheritance
    ) -> GameRecord:
        by_name = {s.name: s for s in sections}
        values = {s.name: s.value for s in sections}
        _inherit(values, set(by_name), state)
        line_of = {s.name: s.line for s in sections}
        rec = GameRecord(commentary=commentary)

        def line(name: str) -> int:
            return line_of.get(name, sections[0].line if sections else 0)

        rec.event = _text_value(values.get("Event"))
        rec.site = _text_value(values.get("Site"))
        rec.date = _text_value(values.get("Date"))
        board = _known(values.get("Board"))
        if board is not None:
            if not board.isdigit() or int(board) < 1:
                raise self.error(f"Board {board!r} is not a board number", line("Board"))
            rec.board = int(board)
        for name, seat in _PLAYER_TAGS.items():
            player = values.get(name)
            if player is not None and player.strip() != "?":
                rec.players[seat] = player
        dealer = _known(values.get("Dealer"))
        if dealer is not None:
            try:
                rec.dealer = Seat.parse(dealer)
            except BridgeError as e:
                raise self.error(f"Dealer: {e}", line("Dealer")) from None
        vul = _known(values.get("Vulnerable"))
        if vul is not None:
            try:
                rec.vulnerability = Vulnerability.parse(vul)
            except BridgeError as e:
                raise self.error(f"Vulnerable: {e}", line("Vulnerable")) from None
        deal = _known(values.get("Deal"))
        if deal is not None:
            rec.deal = self.deal(deal, line("Deal"))
        rec.scoring = _text_value(values.get("Scoring"))
        strain_only = self.contract(rec, values, line)
        self.result(rec, values, line)
        if "Room" in values:
            rec.room = _text_value(values["Room"])
        score = _known(values.get("Score"))
        if score is not None:
            rec.score = _ns_value(score, rec.declarer)
            if rec.score is None:
                rec.tags["Score"] = values["Score"]

        for section in sections:
            name = section.name
            if name == "Auction":
                self.auction(rec, section, values.get("Auction", section.value))
            elif name == "Play":
                self.play(rec, section, strain_only)
            elif name in _TYPED:
                self.comments_to(rec, section)
            elif section.items and any(t.kind != "comment" for t in section.items):
                rec.tables[name] = self.table(section)
                rec.commentary.extend(t.text for t in section.items if t.kind == "comment")
            elif name.endswith("Table"):
                rec.tables[name] = Table(_columns(values.get(name, section.value)))
                self.comments_to(rec, section)
            else:
                rec.tags[name] = values.get(name, section.value)
                self.comments_to(rec, section)
        # tags known only through inheritance
        for name, value in values.items():
            if name not in by_name and name not in _TYPED and name not in rec.tables:
                rec.tags.setdefault(name, value)
        if strain_only is not None:
            # an end position: no level, so no Contract; its strain and declarer stay tags
            rec.tags["Contract"] = strain_only.name
            declarer = _known(values.get("Declarer"))
            if declarer is not None:
                rec.tags["Declarer"] = declarer
        for name in ("Declarer", "Contract", "Result"):
            # "" = inappropriate (a hand record's board): no typed value, written back alike
            if values.get(name) == "" and not rec.passed_out and name not in rec.tags:
                rec.tags[name] = ""
        fill_from_auction(rec)
        if rec.result is None and not rec.passed_out:
            rec.result = result_from_play(rec)
        return rec

    # -- values ---------------------------------------------------------------------------
    def deal(self, text: str, line: int) -> Deal:
        cached = self.deals.get(text)
        if cached is not None:  # the same deal at another table
            return cached
        try:
            deal = Deal.from_pbn(text, partial=True)
        except BridgeError as e:
            raise self.error(f"Deal: {e}", line) from None
        lengths = {len(h) for h in deal if len(h)}
        if len(lengths) > 1:
            counts = ", ".join(f"{s.full_name} {len(deal[s])}" for s in SEATS)
            raise self.error(f"Deal: the hands hold different numbers of cards ({counts})", line)
        self.deals[text] = deal
        return deal

    def contract(
        self, rec: GameRecord, values: dict[str, str], line: Callable[[str], int]
    ) -> Strain | None:
        """Sets contract/passed_out; returns the strain of an end position's bare strain."""
        text = _known(values.get("Contract"))
        declarer_text = _known(values.get("Declarer"))
        declarer = None
        if declarer_text is not None:
            try:
                declarer = Seat.parse(declarer_text.lstrip("^"))
            except BridgeError as e:
                raise self.error(f"Declarer: {e}", line("Declarer")) from None
        if text is None:
            if declarer_text is not None:  # a declarer without a contract: keep it as written
                rec.tags["Declarer"] = values["Declarer"]
            return None
        if text.upper() in ("PASS", "AP", "P"):
            rec.passed_out = True
            return None
        bare = _STRAIN_ONLY.match(text)
        if bare is not None:
            strain = Strain.parse(bare[1])
            return strain
        try:
            contract = Contract.parse(text)
        except BridgeError as e:
            raise self.error(f"Contract: {e}", line("Contract")) from None
        if declarer is not None:
            contract = contract.with_declarer(declarer)
        rec.contract = contract
        return None

    def result(self, rec: GameRecord, values: dict[str, str], line: Callable[[str], int]) -> None:
        text = _known(values.get("Result"))
        if text is None or rec.passed_out:
            return
        text = text.lstrip("^")
        if text.isdigit():
            tricks = int(text)
        else:
            side_tricks = _side_values(text)
            if side_tricks is None:
                raise self.error(
                    f"Result {text!r} is not a number of tricks (like 9 or NS 9)",
                    line("Result"),
                )
            declarer = rec.declarer
            if declarer is None:
                rec.tags["Result"] = values["Result"]
                return
            side = declarer.side
            ours = side_tricks.get(side)
            tricks = ours if ours is not None else 13 - side_tricks[side.opponents]
        if not 0 <= tricks <= 13:
            raise self.error(f"Result {tricks} is not 0 to 13 tricks", line("Result"))
        rec.result = tricks

    # -- sections -------------------------------------------------------------------------
    def comments_to(self, rec: GameRecord, section: _Section) -> None:
        for token in section.items:
            if token.kind == "comment":
                rec.commentary.append(token.text)
            else:
                raise self.error(
                    f"{token.text!r} after [{section.name}] (only tables, Auction and Play "
                    "have rows)",
                    token.line,
                )

    def auction(self, rec: GameRecord, section: _Section, value: str) -> None:
        first_text = _known(value)
        try:
            first = Seat.parse(first_text) if first_text else rec.board_dealer
        except BridgeError as e:
            raise self.error(f"Auction: {e}", section.line) from None
        calls: list[Call] = []
        lines: list[int] = []
        skipped = 0
        notes: dict[int, list[int]] = {}
        irregular = False
        ended = False
        for token in section.items:
            last = len(calls) - 1
            if token.kind == "comment":
                if last >= 0:
                    _append_comment(rec.auction_annotations, last, token.text)
                else:
                    rec.commentary.append(token.text)
                continue
            text = token.text
            plain = _CALL_TOKENS.get(text)
            if plain is not None and not ended:  # the common case, without the checks below
                calls.append(plain)
                lines.append(token.line)
                continue
            if token.kind == "string":
                raise self.error(f'"{text}" in the auction is not a call', token.line)
            note = _NOTE_REF.match(text)
            if note is not None:
                if last < 0:
                    raise self.error(f"note {text} before any call", token.line)
                notes.setdefault(last, []).append(int(note[1]))
                continue
            if text.startswith("$") or text in _NAG_SUFFIXES or text.startswith("^"):
                if last < 0:
                    raise self.error(f"{text} before any call", token.line)
                irregular = irregular or text.startswith("^")
                _add_nag(rec.auction_annotations, last, text)
                continue
            if text == "-":
                if calls:
                    raise self.error(
                        "'-' marks a seat before the dealer and may only start the auction",
                        token.line,
                    )
                skipped += 1
                continue
            if text == "+":
                continue
            if ended:
                raise self.error(f"{text!r} after the end of the auction", token.line)
            if text == "*":
                ended = True
                continue
            if text.upper() == "AP":
                trailing = 0
                for call in reversed(calls):
                    if not call.is_pass:
                        break
                    trailing += 1
                need = (3 if any(not c.is_pass for c in calls) else 4) - trailing
                calls.extend([PASS] * max(need, 0))
                lines.extend([token.line] * max(need, 0))
                ended = True
                continue
            nag = None
            suffix = _NAG_SUFFIX.match(text)
            if suffix is not None and suffix[1][-1:].isalnum():
                text, nag = suffix[1], suffix[2]
            try:
                call = Call.parse(text)
            except BridgeError:
                raise self.error(f"{text!r} in the auction is not a call", token.line) from None
            calls.append(call)
            lines.append(token.line)
            if nag is not None:
                _add_nag(rec.auction_annotations, len(calls) - 1, nag)
        if first is not None:
            auction_dealer = first.next(skipped)
            if rec.dealer is None:
                rec.dealer = auction_dealer
            elif calls and rec.dealer != auction_dealer:
                raise self.error(
                    f"the auction starts with {auction_dealer.full_name} but the dealer is "
                    f"{rec.dealer.full_name}",
                    section.line,
                )
        for index, refs in notes.items():
            _attach_notes(rec.auction_annotations, index, refs, section.notes)
        rec.auction = calls
        if not irregular and rec.dealer is not None:
            self.check_auction(rec.dealer, calls, lines)
            _restore_opening_passes(rec)

    def check_auction(self, dealer: Seat, calls: Sequence[Call], lines: Sequence[int]) -> None:
        auction = Auction(dealer)
        for call, line in zip(calls, lines, strict=True):
            try:
                auction.add(call)
            except BridgeError as e:
                seat = auction.turn.full_name
                raise self.error(f"{seat}'s {call} is not a legal call: {e}", line) from None

    def play(self, rec: GameRecord, section: _Section, bare_strain: Strain | None) -> None:
        first_text = _known(section.value)
        contract = rec.contract
        if first_text is None:
            if contract is None or contract.declarer is None:
                if any(t.kind == "word" for t in section.items):
                    raise self.error("the play has no opening leader", section.line)
                return
            first = contract.declarer.lho
        else:
            try:
                first = Seat.parse(first_text)
            except BridgeError as e:
                raise self.error(f"Play: {e}", section.line) from None
        if bare_strain is not None:
            trump = trump_of(bare_strain)
        elif contract is not None:
            trump = trump_of(contract.strain)
        else:
            trump = None
        # entries: a card (or None for '-') per column, with its annotation
        entries: list[tuple[Card | None, int]] = []
        annotations: dict[int, Annotation] = {}
        notes: dict[int, list[int]] = {}
        ended = False
        for token in section.items:
            last = len(entries) - 1
            if token.kind == "comment":
                if last >= 0:
                    _append_comment(annotations, last, token.text)
                else:
                    rec.commentary.append(token.text)
                continue
            text = token.text
            card = _CARD_TOKENS.get(text)
            if card is not None and not ended:  # the common case
                entries.append((card, token.line))
                continue
            note = _NOTE_REF.match(text)
            if note is not None:
                if last >= 0:
                    notes.setdefault(last, []).append(int(note[1]))
                continue
            if text.startswith("$") or text in _NAG_SUFFIXES or text.startswith("^"):
                if last >= 0:
                    _add_nag(annotations, last, text)
                continue
            if text == "+":
                continue
            if text == "*":
                ended = True
                continue
            if ended:
                raise self.error(f"{text!r} after the end of the play ('*')", token.line)
            if text == "-":
                entries.append((None, token.line))
                continue
            nag = None
            suffix = _NAG_SUFFIX.match(text)
            if suffix is not None:
                text, nag = suffix[1], suffix[2]
            try:
                card = Card.parse(text)
            except BridgeError:
                raise self.error(f"{text!r} in the play is not a card", token.line) from None
            entries.append((card, token.line))
            if nag is not None:
                _add_nag(annotations, len(entries) - 1, nag)
        for index, refs in notes.items():
            _attach_notes(annotations, index, refs, section.notes)
        if not entries:
            return
        if trump is None and len(entries) > 4:
            raise self.error(
                "the play needs the contract (its trump suit) to tell who won each trick",
                section.line,
            )
        self.order_play(rec, entries, annotations, first, trump if trump is not None else -1)

    def order_play(
        self,
        rec: GameRecord,
        entries: list[tuple[Card | None, int]],
        annotations: dict[int, Annotation],
        first: Seat,
        trump: int,
    ) -> None:
        """Rows of cards in seat columns (from ``first``) -> cards in the order played."""
        # Not checked against the deal here: real files carry plays with recording errors,
        # and keeping them as written keeps a round trip exact. to_play() checks the Laws.
        played: list[Card] = []
        leader = first
        for start in range(0, len(entries), 4):
            row = entries[start : start + 4]
            order: list[tuple[Card, int, int]] = []  # card, line, entry index
            stopped = False
            for i in range(4):
                seat = leader.next(i)
                column = (seat - first) & 3
                if column >= len(row) or row[column][0] is None:
                    stopped = True
                    break
                card, line = row[column]
                assert card is not None
                order.append((card, line, start + column))
            for card, _, index in order:
                if index in annotations:
                    rec.play_annotations[len(played)] = annotations[index]
                played.append(card)
            if stopped:
                break
            leader = trick_winner([c for c, _, _ in order], leader, trump)
        rec.play = played

    def table(self, section: _Section) -> Table:
        columns = _columns(section.value)
        cells = [t for t in section.items if t.kind != "comment"]
        width = len(columns) or 1
        rows: list[list[str]] = []
        if len(cells) % width == 0:
            for start in range(0, len(cells), width):
                rows.append([t.text for t in cells[start : start + width]])
        else:
            by_line: dict[int, list[str]] = {}
            for t in cells:
                by_line.setdefault(t.line, []).append(t.text)
            rows = list(by_line.values())
        return Table(columns, rows)


def _restore_opening_passes(rec: GameRecord) -> None:
    """Put back the passes before the opening bid that some exports leave out.

    rpbridge.net's files (wc2012 in the corpus) write ``[Auction "N"]`` with the dealer but
    start the calls at the opening bid. When the Contract and Declarer tags disagree with
    the auction as written and agree with it after one, two or three passes, the passes
    were left out: they are put back.
    """
    contract = rec.contract
    dealer = rec.dealer
    if contract is None or contract.declarer is None or dealer is None or not rec.auction:
        return
    if rec.auction[0].is_pass:
        return
    written = Auction(dealer, rec.auction)
    if not written.is_complete or written.contract == contract:
        return
    for missing in (1, 2, 3):
        if Auction(dealer, [PASS] * missing + rec.auction).contract == contract:
            rec.auction = [PASS] * missing + rec.auction
            rec.auction_annotations = {
                i + missing: ann for i, ann in rec.auction_annotations.items()
            }
            return


def _text_value(value: str | None) -> str | None:
    if value is None or value.strip() == "?":
        return None
    return value


def _columns(value: str) -> list[str]:
    return [c.strip() for c in value.split(";")] if value.strip() else []


def _side_values(text: str) -> dict[Side, int] | None:
    """``"NS 9"``, ``"EW -100"``, ``"NS 9 EW 4"``, ``"NS +550"`` -> {side: value}."""
    parts = text.replace("N-S", "NS").replace("E-W", "EW").split()
    if not parts or len(parts) % 2:
        return None
    found: dict[Side, int] = {}
    for name, number in zip(parts[::2], parts[1::2], strict=True):
        side = {"NS": Side.NS, "EW": Side.EW}.get(name.upper())
        if side is None or not re.fullmatch(r"[+-]?\d+", number):
            return None
        found[side] = int(number)
    return found


def _ns_value(text: str, declarer: Seat | None) -> int | None:
    """A score for North-South from ``"NS 420"``, ``"EW -50"`` or a declarer's ``"420"``."""
    text = text.strip().lstrip("^")
    if re.fullmatch(r"[+-]?\d+", text):
        if declarer is None:
            return None
        return int(text) if declarer.side == Side.NS else -int(text)
    sides = _side_values(text)
    if sides is None:
        return None
    if Side.NS in sides:
        return sides[Side.NS]
    return -sides[Side.EW]


def _annotation(table: dict[int, Annotation], index: int) -> Annotation:
    found = table.get(index)
    if found is None:
        found = table[index] = Annotation()
    return found


def _append_comment(table: dict[int, Annotation], index: int, text: str) -> None:
    ann = _annotation(table, index)
    ann.comment = text if ann.comment is None else f"{ann.comment}\n{text}"


def _add_nag(table: dict[int, Annotation], index: int, nag: str) -> None:
    ann = _annotation(table, index)
    ann.nag = nag if ann.nag is None else f"{ann.nag} {nag}"


def _attach_notes(
    table: dict[int, Annotation], index: int, refs: list[int], texts: dict[int, str]
) -> None:
    ann = _annotation(table, index)
    found = [texts[r] for r in refs if r in texts]
    text = " / ".join(t for t in found if t)
    if text:
        ann.note = text
    else:  # an empty note (or one never given) is a bare alert
        ann.alert = True


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


# -- writing ----------------------------------------------------------------------------
def _quote(value: str) -> str:
    value = value.replace("\r", " ").replace("\n", " ").replace("\t", " ")
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _tag(name: str, value: str) -> str:
    return f"[{name} {_quote(value)}]"


def _cell(value: str) -> str:
    if value == "" or re.search(r'[\s"\[\]{};]', value):
        return _quote(value)
    return value


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")") + "}"


def _deal_text(deal: Deal, first: Seat) -> str:
    hands = []
    for i in range(4):
        hand: Hand = deal[first.next(i)]
        hands.append(hand.to_pbn() if len(hand) else "-")
    return f"{first.name}:" + " ".join(hands)


def _contract_text(contract: Contract) -> str:
    return f"{contract.level}{contract.strain.name}{contract.doubled}"


def _note_token(
    ann: Annotation | None, notes: list[str], tokens: list[str], *, note_alerts: bool
) -> None:
    if ann is None:
        return
    if ann.note or (note_alerts and ann.alert):
        notes.append(ann.note or "")
        tokens.append(f"={len(notes)}=")
    if ann.nag:
        tokens.extend(ann.nag.split())
    if ann.comment:
        tokens.append(_comment(ann.comment))


def _mts(rec: GameRecord) -> list[tuple[str, str]]:
    dealer = rec.dealer
    vul = rec.vulnerability
    declarer = rec.declarer
    if rec.passed_out:
        declarer_text, contract_text, result_text = "", "Pass", ""
    else:
        declarer_text = declarer.name if declarer is not None else rec.tags.get("Declarer", "?")
        if rec.contract is not None:
            contract_text = _contract_text(rec.contract)
        else:
            contract_text = rec.tags.get("Contract", "?")
        result_text = str(rec.result) if rec.result is not None else rec.tags.get("Result", "?")
    players = {name: rec.players.get(seat, "?") for name, seat in _PLAYER_TAGS.items()}
    return [
        ("Event", rec.event if rec.event is not None else "?"),
        ("Site", rec.site if rec.site is not None else "?"),
        ("Date", rec.date if rec.date is not None else "?"),
        ("Board", str(rec.board) if rec.board is not None else "?"),
        ("West", players["West"]),
        ("North", players["North"]),
        ("East", players["East"]),
        ("South", players["South"]),
        ("Dealer", dealer.name if dealer is not None else "?"),
        ("Vulnerable", str(vul) if vul is not None else "?"),
        (
            "Deal",
            _deal_text(rec.deal, dealer if dealer is not None else Seat.N)
            if rec.deal is not None
            else "?",
        ),
        ("Scoring", rec.scoring if rec.scoring is not None else "?"),
        ("Declarer", declarer_text),
        ("Contract", contract_text),
        ("Result", result_text),
    ]


def _game_lines(rec: GameRecord) -> list[str]:
    lines = [_tag(name, value) for name, value in _mts(rec)]
    extra: dict[str, str] = {k: v for k, v in rec.tags.items() if k not in _TYPED}
    if rec.room is not None:
        extra["Room"] = rec.room
    if rec.score is not None:
        extra["Score"] = f"NS {rec.score}"
    elif "Score" in rec.tags:
        extra["Score"] = rec.tags["Score"]
    for name in sorted(extra):
        if name not in rec.tables:
            lines.append(_tag(name, extra[name]))
    lines.extend(_comment(text) for text in rec.commentary)
    lines.extend(_auction_lines(rec))
    lines.extend(_play_lines(rec))
    for name in sorted(rec.tables):
        lines.extend(_table_lines(name, rec.tables[name]))
    return lines


def _auction_lines(rec: GameRecord) -> list[str]:
    if not rec.auction:
        return []
    dealer = rec.board_dealer
    if dealer is None:
        raise FormatError(f"board {rec.board or '?'} has an auction but no dealer")
    notes: list[str] = []
    rows: list[str] = []
    for start in range(0, len(rec.auction), 4):
        tokens: list[str] = []
        for i in range(start, min(start + 4, len(rec.auction))):
            tokens.append(str(rec.auction[i]))
            _note_token(rec.auction_annotations.get(i), notes, tokens, note_alerts=True)
        rows.append(" ".join(tokens))
    if not auction_is_complete(rec.auction):
        if len(rec.auction) % 4:
            rows[-1] += " *"
        else:
            rows.append("*")
    lines = [_tag("Auction", dealer.name), *rows]
    lines.extend(_tag("Note", f"{n}:{text}") for n, text in enumerate(notes, 1))
    return lines


def _play_lines(rec: GameRecord) -> list[str]:
    basis = _play_basis(rec) if rec.play else None
    if basis is None:
        # without a declarer the rows cannot be put in seat columns (nor read back): the
        # play is left out, as LIN leaves out what it cannot hold
        return []
    first, trump = basis
    notes: list[str] = []
    rows: list[str] = []
    index = 0
    tricks = split_tricks(rec.play, first, trump)
    for leader, cards, _ in tricks:
        columns: list[list[str]] = [["-"] for _ in range(4)]
        for offset, card in enumerate(cards):
            seat = leader.next(offset)
            tokens = [str(card)]
            _note_token(rec.play_annotations.get(index), notes, tokens, note_alerts=False)
            columns[(seat - first) & 3] = tokens
            index += 1
        rows.append(" ".join(" ".join(c) for c in columns))
    if len(rec.play) < 52:
        rows.append("*")
    lines = [_tag("Play", first.name), *rows]
    lines.extend(_tag("Note", f"{n}:{text}") for n, text in enumerate(notes, 1))
    return lines


def _play_basis(rec: GameRecord) -> tuple[Seat, int] | None:
    """The opening leader and the trump suit number of a record's play (None: unknown)."""
    contract = rec.contract
    if contract is not None and contract.declarer is not None:
        return contract.declarer.lho, trump_of(contract.strain)
    strain, declarer = rec.tags.get("Contract", ""), rec.tags.get("Declarer", "")
    if _STRAIN_ONLY.match(strain) and declarer.strip().lstrip("^")[:1] in ("N", "E", "S", "W"):
        return Seat.parse(declarer.strip().lstrip("^")[:1]).lho, trump_of(Strain.parse(strain))
    return None


def _table_lines(name: str, table: Table) -> list[str]:
    lines = [_tag(name, ";".join(table.columns))]
    specs = [_width(c) for c in table.columns]
    for row in table.rows:
        cells = []
        for i, value in enumerate(row):
            text = _cell(value)
            width, align = specs[i] if i < len(specs) else (0, "")
            if width:
                text = text.ljust(width) if align == "L" else text.rjust(width)
            cells.append(text)
        lines.append(" ".join(cells))
    return lines


def _width(column: str) -> tuple[int, str]:
    match = re.search(r"\\(\d+)([LR]?)$", column)
    if match is None:
        return 0, ""
    return int(match[1]), (match[2] or "R").upper()


def dumps(records: Iterable[GameRecord]) -> str:
    """The games in PBN 2.1 export format (CRLF line ends).

    >>> from contractbridge.core import Seat
    >>> print(dumps([GameRecord(board=1, dealer=Seat.N)]).splitlines()[:6])
    ['% PBN 2.1', '% EXPORT', '[Event "?"]', '[Site "?"]', '[Date "?"]', '[Board "1"]']
    """
    lines = ["% PBN 2.1", "% EXPORT"]
    for i, rec in enumerate(records):
        if i:
            lines.append("")
        lines.extend(_game_lines(rec))
    # multi-line {comments} get CRLF too
    return "\r\n".join(lines).replace("\r\n", "\n").replace("\n", "\r\n") + "\r\n"


def dump(records: Iterable[GameRecord], fp: IO[Any]) -> None:
    """Write the games to a file in PBN export format (binary files get ISO-8859-1 when every
    character fits, else UTF-8; open text files with ``newline=""`` to keep the CRLFs)."""
    write_text(fp, dumps(records), encoding="latin-1")
