"""BBO LIN: the format of Bridge Base Online hand records, movies and vugraph archives.

LIN has no published specification; this module follows what BBO writes (see
``docs/formats.md``). A file is a flat run of ``tag|value|`` pairs with two-letter tags;
newlines carry no meaning. Read: ``pn`` (players South, West, North, East; vugraph: eight
names, the open room's four then the closed room's), ``md`` (dealer digit 1=S 2=W 3=N 4=E,
then the hands South, West, North and East, the last one optional), ``sv`` (``o``/``0``/``-``,
``n``, ``e``, ``b``), ``ah`` (``Board 12``), ``mb`` (one call, ``!`` = alerted), ``an`` (the
explanation of the call before), ``pc`` (one card, in the order played), ``mc`` (a claim:
declarer's tricks in all), ``qx`` (``o12``/``c12``: board 12 in the open/closed room),
``nt`` (commentary), ``vg`` (vugraph event header), ``rs`` (vugraph results list), ``pw``
(vugraph players list: four names, eight, or eight per board), ``bn`` (vugraph board
numbers, in the order of the ``rs`` and ``pw`` lists), ``st``, ``rh``, ``pg`` (layout only).
Other tags are skipped (``mp``, the vugraph IMPs per board, is worked out from the scores).

Lenient as BBO's own files need: ``1N`` or ``1NT``, either case, ranks in any order, a
missing fourth hand (it is what the other three do not hold), ``sv|0|`` and ``sv|-|``.

>>> g = loads("pn|S1,W1,N1,E1|md|3SAKQHAKQDAKQCAKQJ,S2345H2345D2345C2,S6789H6789D6789C3,|"
...           "sv|o|ah|Board 1|mb|7N!|an|13 tricks|mb|p|mb|p|mb|p|mc|13|")[0]
>>> str(g.contract), g.declarer, g.result, g.annotation(0)
('7NT N', <Seat.N: 0>, 13, Annotation(alert=True, note='13 tricks', nag=None, comment=None))
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from contractbridge.core.call import PASS, Call
from contractbridge.core.card import RANK_CHARS, SUITS_HIGH_FIRST, Card
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.hand import FULL_MASK, Hand
from contractbridge.core.seat import SEATS, Seat, Vulnerability
from contractbridge.formats._common import (
    Records,
    fill_from_auction,
    read_source,
    result_from_play,
    split_tricks,
    trump_of,
    write_text,
)
from contractbridge.formats.record import Annotation, FormatError, GameRecord

__all__ = ["dump", "dumps", "load", "loads"]

_PAIR = re.compile(r"\s*([A-Za-z]{2})\|([^|]*)\|")
# LIN's seat order: South, West, North, East (md's dealer digit 1..4 in the same order)
_LIN_SEATS = (Seat.S, Seat.W, Seat.N, Seat.E)
_VUL_LETTER = {
    Vulnerability.NONE: "o",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.ALL: "b",
}
_RS_RESULT = re.compile(r"^([1-7])(NT|[CDHSN])([NESW])(XX|X)?(=|[+-]\d+)$", re.IGNORECASE)
_COMPACT_CALL = re.compile(r"[1-7](?:NT|[CDHSN])|[PDRX]", re.IGNORECASE)


@dataclass(slots=True)
class _Board:
    rec: GameRecord = field(default_factory=GameRecord)
    room: str | None = None  # "o" or "c" from qx
    number: int | None = None  # from qx
    players_given: bool = False

    @property
    def has_content(self) -> bool:
        # a traveller line has no deal: its board number and result are content enough
        rec = self.rec
        return bool(
            rec.deal is not None
            or rec.auction
            or rec.play
            or self.number
            or rec.board is not None
            or rec.claim is not None
        )


class _Reader:
    def __init__(self, text: str, source: str | None, strict: bool) -> None:
        self.text = text
        self.source = source
        self.strict = strict
        self.newlines = [i for i, ch in enumerate(text) if ch == "\n"]
        self.boards: list[_Board] = []
        self.errors: list[FormatError] = []
        self.eight: list[str] | None = None
        self.players: list[str] | None = None
        self.vugraph: list[str] | None = None
        self.results: list[str] = []
        self.player_list: list[str] = []  # pw
        self.board_numbers: list[int] = []  # bn
        self.board = _Board()
        self.bad_board = False

    def line(self, pos: int) -> int:
        return bisect.bisect_left(self.newlines, pos) + 1

    def error(self, message: str, pos: int) -> FormatError:
        return FormatError(message, line=self.line(pos), source=self.source)

    def read(self) -> Records:
        pos = 0
        text = self.text
        while True:
            match = _PAIR.match(text, pos)
            if match is None:
                rest = text[pos:]
                if rest.strip():
                    start = pos + len(rest) - len(rest.lstrip())
                    error = self.error(
                        f"cannot read {rest.strip()[:30]!r}: LIN is tag|value| pairs "
                        "with two-letter tags",
                        start,
                    )
                    if self.strict:
                        raise error
                    self.errors.append(error)  # nothing after it can be read
                    self.bad_board = True
                break
            pos = match.end()
            tag, value = match[1].lower(), match[2]
            try:
                self.pair(tag, value, match.start(1))
            except FormatError as error:
                if self.strict:
                    raise
                self.errors.append(error)
                self.bad_board = True
        self.finish()
        return self.records()

    # -- boards -------------------------------------------------------------------------
    def new_board(self) -> None:
        self.finish()
        self.board = _Board()
        if self.players is not None and len(self.players) <= 4:
            self.assign_players(self.players)

    def finish(self) -> None:
        board = self.board
        if self.bad_board:
            self.bad_board = False
            self.board = _Board()
            return
        if board.has_content:
            self.boards.append(board)
        self.board = _Board()

    def assign_players(self, names: list[str], board: _Board | None = None) -> None:
        board = board or self.board
        board.rec.players = {
            seat: name.strip() for seat, name in zip(_LIN_SEATS, names, strict=False) if name
        }
        board.players_given = True

    def assign_eight(self, board: _Board) -> None:
        """Vugraph's eight names: the open room's four, then the closed room's."""
        assert self.eight is not None
        names = self.eight[4:8] if board.room == "c" else self.eight[0:4]
        self.assign_players(names, board)

    def pair(self, tag: str, value: str, pos: int) -> None:
        board = self.board
        rec = board.rec
        if tag == "qx":
            self.new_board()
            match = re.match(r"\s*([ocOC]?)(\d*)", value)
            assert match is not None
            self.board.room = match[1].lower() or None
            self.board.number = int(match[2]) if match[2] else None
            if self.eight is not None:
                self.assign_eight(self.board)
        elif tag == "pn":
            names = value.split(",")
            if len(names) > 4:
                self.eight = names
                self.players = None
                if board.room is not None and rec.deal is None:  # given right after qx
                    self.assign_eight(board)
            else:
                if rec.deal is not None or rec.auction or rec.claim is not None:
                    self.new_board()
                self.players = names
                self.assign_players(names)
        elif tag == "md":
            if rec.deal is not None or rec.auction:
                self.new_board()
                rec = self.board.rec
            self.make_deal(rec, value, pos)
        elif tag == "sv":
            try:
                rec.vulnerability = Vulnerability.parse(value)
            except BridgeError:
                raise self.error(
                    f"sv|{value}| is not a vulnerability (o, n, e or b)", pos
                ) from None
        elif tag == "ah":
            # a heading after the bidding, the claim or another heading starts the next board
            if rec.auction or rec.play or rec.claim is not None or rec.board is not None:
                self.new_board()
                rec = self.board.rec
            number = re.search(r"\d+", value)
            if number is not None:
                rec.board = int(number[0])
            elif value.strip():
                rec.tags["Annotation"] = value.strip()
        elif tag == "mb":
            self.make_bid(rec, value, pos)
        elif tag == "an":
            value = value.strip()  # BBO pads explanations with spaces
            if rec.auction:
                ann = rec.auction_annotations.setdefault(len(rec.auction) - 1, Annotation())
                ann.note = value if ann.note is None else f"{ann.note} {value}"
            elif value.strip():
                rec.commentary.append(value)
        elif tag == "pc":
            try:
                rec.play.append(Card.parse(value))
            except BridgeError:
                raise self.error(f"pc|{value}| is not a card", pos) from None
        elif tag == "mc":
            if not value.strip().isdigit() or int(value) > 13:
                raise self.error(f"mc|{value}| is not a number of tricks (0 to 13)", pos)
            rec.claim = int(value)
        elif tag == "nt":
            if value.strip():
                rec.commentary.append(value)
        elif tag == "vg":
            self.vugraph = value.split(",")
        elif tag == "rs":
            self.results = value.split(",")
        elif tag == "pw":
            names = [name.strip() for name in value.split(",")]
            if len(names) % 4 == 1 and not names[-1]:  # a trailing comma
                names.pop()
            self.player_list = names
        elif tag == "bn":
            numbers = [n.strip() for n in value.split(",") if n.strip()]
            if not all(n.isdigit() for n in numbers):
                raise self.error(f"bn|{value[:30]}| is not a list of board numbers", pos)
            self.board_numbers = [int(n) for n in numbers]
        # st, rh, pg and unknown tags: layout or nothing we keep

    def make_deal(self, rec: GameRecord, value: str, pos: int) -> None:
        text = value.strip()
        dealer = None
        if text[:1].isdigit():
            digit = int(text[0])
            if not 1 <= digit <= 4:
                raise self.error(f"md|{value}|: the dealer digit is 1 to 4, not {digit}", pos)
            dealer = _LIN_SEATS[digit - 1]
            text = text[1:]
        parts = text.split(",")
        if len(parts) > 4:
            raise self.error(f"md|{value}| has {len(parts)} hands, not 3 or 4", pos)
        hands: dict[Seat, Hand] = {}
        for seat, part in zip(_LIN_SEATS, parts, strict=False):
            try:
                hands[seat] = _parse_hand(part)
            except BridgeError as e:
                raise self.error(f"md: {seat.full_name}'s hand: {e}", pos) from None
        try:
            deal = Deal(hands, partial=True)
        except BridgeError as e:
            raise self.error(f"md: {e}", pos) from None
        given = [h for h in deal if len(h)]
        if len(given) == 3 and all(len(h) == 13 for h in given):
            missing = next(s for s in SEATS if not len(deal[s]))
            deal = deal.replace(missing, deal.unassigned())
        if not deal.is_complete and any(len(h) for h in deal):
            lengths = {len(h) for h in deal if len(h)}
            if len(lengths) > 1:
                counts = ", ".join(f"{s.full_name} {len(deal[s])}" for s in SEATS)
                raise self.error(f"md: the hands hold different numbers of cards ({counts})", pos)
        rec.deal = deal
        if dealer is not None:
            rec.dealer = dealer

    def make_bid(self, rec: GameRecord, value: str, pos: int) -> None:
        text = value.strip()
        alert = text.endswith("!")
        text = text.rstrip("!").strip()
        try:
            calls = [Call.parse(text)]
        except BridgeError:
            found = _COMPACT_CALL.findall(text.replace("-", ""))
            if not found or "".join(found).upper() != text.replace("-", "").upper():
                raise self.error(f"mb|{value}| is not a call", pos) from None
            calls = [Call.parse(c) for c in found]
        rec.auction.extend(calls)
        if alert:
            rec.auction_annotations.setdefault(len(rec.auction) - 1, Annotation()).alert = True

    # -- results ------------------------------------------------------------------------
    def records(self) -> Records:
        vg = self.vugraph
        first_board = 1
        if vg is not None and len(vg) > 3 and vg[3].strip().isdigit():
            first_board = int(vg[3])
        teams = vg is not None and len(vg) > 2 and vg[2].strip().upper() == "I"
        rooms = teams or any(b.room == "c" for b in self.boards)
        games: list[GameRecord] = []
        for board in self.boards:
            rec = board.rec
            if rec.board is None and board.number is not None:
                rec.board = board.number
            if rooms and board.room in ("o", "c"):
                rec.room = "Open" if board.room == "o" else "Closed"
            # the place of this board in the vugraph lists (rs, pw): by bn, else by number
            index = None
            if rec.board is not None:
                if self.board_numbers:
                    if rec.board in self.board_numbers:
                        index = self.board_numbers.index(rec.board)
                else:
                    index = rec.board - first_board
            if self.eight is not None and not board.players_given:
                self.assign_eight(board)
            elif self.player_list and not board.players_given:
                names = _listed_players(self.player_list, index, board.room == "c")
                if names:
                    self.assign_players(names, board)
            if vg is not None:
                _apply_vugraph(rec, vg)
            fill_from_auction(rec)
            if not rec.auction and index is not None and self.results:
                at = index * 2 + (1 if board.room == "c" else 0)
                if 0 <= at < len(self.results):
                    _apply_rs(rec, self.results[at])
            if rec.result is None and not rec.passed_out:
                rec.result = result_from_play(rec)
            games.append(rec)
        return Records(games, self.errors)


def _listed_players(names: list[str], index: int | None, closed: bool) -> list[str]:
    """A board's four names (South, West, North, East) from a vugraph ``pw`` list: four
    names for every board of the one room, eight (the open room's four, then the closed
    room's) for every board, or eight per board in the order of the boards."""
    if len(names) == 4:  # one room (a pairs vugraph)
        return [] if closed else names
    if len(names) == 8:
        return names[4:] if closed else names[:4]
    if index is None or index < 0 or 8 * index + 8 > len(names):
        return []
    block = names[8 * index : 8 * index + 8]
    return block[4:] if closed else block[:4]


def _apply_vugraph(rec: GameRecord, vg: list[str]) -> None:
    fields = [*vg, *[""] * 9][:9]
    title, segment, scoring, _, _, team1, _, team2, _ = (f.strip() for f in fields)
    if title and rec.event is None:
        rec.event = title
    if segment:
        rec.tags.setdefault("Stage", segment)
    if scoring.upper() in ("I", "P", "B") and rec.scoring is None:
        rec.scoring = {"I": "IMP", "P": "MP", "B": "BAM"}[scoring.upper()]
    if team1:
        rec.tags.setdefault("HomeTeam", team1)
    if team2:
        rec.tags.setdefault("VisitTeam", team2)


def _apply_rs(rec: GameRecord, text: str) -> None:
    """A vugraph result such as ``4HN+1`` or ``6SNx-1`` (for boards without an auction)."""
    match = _RS_RESULT.match(text.strip())
    if match is None:
        if text.strip().upper() in ("P", "PASS", "AP"):
            rec.passed_out = True
        return
    level, strain, seat, dbl, diff = match.groups()
    doubled = {None: Doubled.NONE, "X": Doubled.DOUBLED}.get(
        dbl.upper() if dbl else None, Doubled.REDOUBLED
    )
    contract = Contract.parse(f"{level}{strain}{doubled}").with_declarer(Seat.parse(seat))
    rec.contract = contract
    rec.result = int(level) + 6 + (0 if diff == "=" else int(diff))


def _parse_hand(text: str) -> Hand:
    """``SAKQHJT9D2C5432`` (suit letters, ranks in any order, either case) -> a hand."""
    mask = 0
    suit = None
    body = text.strip().upper().replace("10", "T")
    for ch in body:
        if ch in "SHDC":
            suit = "CDHS".index(ch)
            continue
        index = RANK_CHARS.find(ch)
        if suit is None or index < 0:
            raise FormatError(f"{text!r} is not a hand (like SAKQHJT9D2C5432)")
        bit = 1 << (suit * 13 + index)
        if mask & bit:
            raise FormatError(f"{text!r} holds {'CDHS'[suit]}{ch} twice")
        mask |= bit
    return Hand.from_mask(mask & FULL_MASK)


def loads(text: str, *, strict: bool = True, source: str | None = None) -> Records:
    """The boards of a LIN text (one :class:`GameRecord` per board and room).

    ``strict=False`` skips a board with a bad value and keeps going; the returned list's
    ``errors`` attribute holds the :class:`FormatError` of each skipped board.
    """
    return _Reader(text, source, strict).read()


def load(fp: IO[Any], *, strict: bool = True) -> Records:
    """The boards of a LIN file (text or binary)."""
    return loads(read_source(fp), strict=strict, source=getattr(fp, "name", None))


# -- writing ----------------------------------------------------------------------------
def _clean(text: str) -> str:
    """LIN values cannot hold ``|``; newlines would be harmless but BBO never writes them."""
    return text.replace("|", "/").replace("\r", " ").replace("\n", " ")


def _hand_text(hand: Hand) -> str:
    return "".join(
        s.name + "".join(RANK_CHARS[c % 13] for c in hand.cards_in(s)) for s in SUITS_HIGH_FIRST
    )


def _board_line(rec: GameRecord) -> str:
    out: list[str] = []

    def put(tag: str, value: str = "") -> None:
        out.append(f"{tag}|{_clean(value)}|")

    if rec.room is not None and rec.board is not None:
        put("qx", ("c" if rec.room.lower().startswith("c") else "o") + str(rec.board))
    if rec.players:
        # the names are comma-separated: a comma inside one would shift the seats
        put("pn", ",".join(rec.players.get(s, "").replace(",", ";") for s in _LIN_SEATS))
    put("st")
    if rec.deal is not None:
        dealer = rec.board_dealer
        digit = str(_LIN_SEATS.index(dealer) + 1) if dealer is not None else ""
        put("md", digit + ",".join(_hand_text(rec.deal[s]) for s in _LIN_SEATS))
    put("rh")
    if rec.board is not None:
        put("ah", f"Board {rec.board}")
    vul = rec.board_vulnerability
    if vul is not None:
        put("sv", _VUL_LETTER[vul])
    # LIN marks a pass-out only by its four passes
    auction = rec.auction or ([PASS] * 4 if rec.passed_out else [])
    for i, call in enumerate(auction):
        ann = rec.auction_annotations.get(i)
        text = "p" if call.is_pass else "d" if call.is_double else "r" if call.is_redouble else ""
        if not text:
            assert call.strain is not None
            text = f"{call.level}{'N' if call.strain.name == 'NT' else call.strain.name}"
        put("mb", text + ("!" if ann is not None and ann.alert else ""))
        if ann is not None and ann.note:
            put("an", ann.note)
    if auction:
        put("pg")
    if rec.play:
        contract = rec.contract
        if contract is not None and contract.declarer is not None:
            leader, trump = contract.declarer.lho, trump_of(contract.strain)
            tricks = [cards for _, cards, _ in split_tricks(rec.play, leader, trump)]
        else:  # LIN lists the cards in the order played: no contract needed, only pages
            tricks = [tuple(rec.play[i : i + 4]) for i in range(0, len(rec.play), 4)]
        for cards in tricks:
            for card in cards:
                put("pc", str(card))
            put("pg")
    claim = rec.claim
    if claim is None and rec.result is not None and len(rec.play) < 52 and not rec.passed_out:
        claim = rec.result
    if claim is not None:
        put("mc", str(claim))
    for text in rec.commentary:
        put("nt", text)
    return "".join(out)


def dumps(records: Iterable[GameRecord]) -> str:
    """The boards as LIN, one board per line (a vugraph ``vg`` header first when the
    boards have rooms).

    >>> from contractbridge.core import Deal
    >>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 "
    ...                      "432.AKQJ.T98.765")
    >>> dumps([GameRecord(board=3, deal=deal)]).split("|")[:8]
    ['st', '', 'md', '1S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ', \
'rh', '', 'ah', 'Board 3']
    """
    games = list(records)
    lines = []
    if games and any(g.room for g in games):
        first = games[0]
        numbers = [g.board for g in games if g.board is not None]
        scoring = (first.scoring or "IMP").upper()
        header = [
            first.event or "",
            first.tags.get("Stage", ""),
            "P" if scoring.startswith("M") else "B" if scoring.startswith("BAM") else "I",
            str(min(numbers)) if numbers else "1",
            str(max(numbers)) if numbers else "1",
            first.tags.get("HomeTeam", ""),
            "0",
            first.tags.get("VisitTeam", ""),
            "0",
        ]
        lines.append("vg|" + _clean(",".join(h.replace(",", " ") for h in header)) + "|")
    lines.extend(_board_line(g) for g in games)
    return "\n".join(lines) + "\n"


def dump(records: Iterable[GameRecord], fp: IO[Any]) -> None:
    """Write the boards to a LIN file (text or binary, UTF-8)."""
    write_text(fp, dumps(records))
