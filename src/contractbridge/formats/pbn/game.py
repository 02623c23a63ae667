"""Reading one game: its tags and sections (``grammar``) into a :class:`GameRecord`, with
the deal, the contract, the result, the auction, the play and the tables checked.

Apart from the grammar and the value helpers because it is the one class that gives the
tokens their meaning, the largest part of the reader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from contractbridge.core.auction import Auction
from contractbridge.core.call import PASS, Call
from contractbridge.core.card import Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import SEATS, Seat, Vulnerability
from contractbridge.formats._common import fill_from_auction, result_from_play, trump_of
from contractbridge.formats.pbn.grammar import (
    _CALL_TOKENS,
    _CARD_TOKENS,
    _NAG_SUFFIX,
    _NAG_SUFFIXES,
    _NOTE_REF,
    _PLAYER_TAGS,
    _STRAIN_ONLY,
    _TYPED,
    _inherit,
    _Inheritance,
    _known,
    _Section,
)
from contractbridge.formats.pbn.values import (
    _add_nag,
    _append_comment,
    _attach_notes,
    _columns,
    _ns_value,
    _restore_opening_passes,
    _side_values,
    _text_value,
)
from contractbridge.formats.record import Annotation, FormatError, GameRecord, Table


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
