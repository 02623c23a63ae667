"""The game record every format reads and writes.

A :class:`GameRecord` is one deal as a file tells it: the board, the players, the auction
(core calls from the dealer, each with an optional :class:`Annotation`), the play (cards in
the order played), the contract and the result, plus whatever else the file carries
(other tags, supplemental tables, commentary). Any field may be unknown (``None``): a hand
record has no auction, a traveller line has no deal.

The typed fields are the single source of truth; ``tags`` holds only what has no field.

>>> calls = [Call.parse(c) for c in "1N P 3N P P P".split()]
>>> rec = GameRecord(board=1, dealer=Seat.N, auction=calls)
>>> str(rec.to_auction().contract)
'3NT N'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from contractbridge.core.auction import Auction
from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Board, Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.play import Play, Trick, trick_winner
from contractbridge.core.seat import SEATS, Seat, Vulnerability


class FormatError(BridgeError):
    """A file that does not follow its format; says where (``line``) and what was wrong.

    >>> str(FormatError("no closing quote", line=12, source="games.pbn"))
    'games.pbn, line 12: no closing quote'
    """

    def __init__(self, message: str, *, line: int | None = None, source: str | None = None):
        self.message = message
        self.line = line
        self.source = source
        where = ", ".join(
            part for part in (source, f"line {line}" if line is not None else None) if part
        )
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(slots=True)
class Annotation:
    """What a file says about one call or card besides the call or card itself.

    ``alert``: the call was alerted (LIN ``!``). PBN has no alert flag: it writes alerts as
    notes, so a PBN note with empty text stands for a bare alert and a note with text sets
    ``note`` only. ``note``: the explanation (LIN ``an``, PBN ``[Note]``).
    ``nag``: a PBN suffix annotation (``"!"``, ``"?!"``, ``"$13"``).
    ``comment``: commentary placed right after it (PBN ``{...}``).
    """

    alert: bool = False
    note: str | None = None
    nag: str | None = None
    comment: str | None = None

    def __bool__(self) -> bool:
        return bool(self.alert or self.note or self.nag or self.comment)


@dataclass(slots=True)
class Table:
    """A supplemental section (PBN ``ScoreTable``, ``OptimumResultTable`` ...).

    ``columns`` are the header entries as written (``"Result\\2R"``, ``"+Rank"``: order sign
    and width/alignment kept so a table can be written back alike); ``rows`` hold the cell
    values as text, quotes removed (``"?"`` unknown, ``"-"`` irrelevant).

    >>> t = Table(["Declarer", "Denomination\\\\2R", "Result\\\\2R"], [["N", "NT", "9"]])
    >>> t.names, t.records()
    (['Declarer', 'Denomination', 'Result'], [{'Declarer': 'N', 'Denomination': 'NT', \
'Result': '9'}])
    """

    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        """Column names without the order sign and width suffix."""
        return [column_name(c) for c in self.columns]

    def column(self, name: str) -> list[str]:
        """Every row's value in column ``name`` (``KeyError`` if there is no such column)."""
        index = self.names.index(name) if name in self.names else None
        if index is None:
            raise KeyError(name)
        return [row[index] if index < len(row) else "" for row in self.rows]

    def records(self) -> list[dict[str, str]]:
        """The rows as dicts keyed by column name."""
        names = self.names
        return [dict(zip(names, row, strict=False)) for row in self.rows]


def column_name(header: str) -> str:
    """``"+Rank\\2R"`` -> ``"Rank"``."""
    name = header.lstrip("+-")
    return name.split("\\", 1)[0]


@dataclass(slots=True)
class GameRecord:
    """One game (a deal at one table) as files record it.

    * ``auction``: calls from the dealer; ``auction_annotations[i]`` annotates call ``i``.
    * ``play``: cards in the order played, from the opening lead;
      ``play_annotations[i]`` annotates card ``i``.
    * ``claim``: the play ended by a claim or concession giving declarer's side this many
      tricks in all (LIN ``mc``); None when it did not.
    * ``contract``: the final contract, its ``declarer`` set when known; ``passed_out`` is
      True for a board passed out (then ``contract`` is None).
    * ``result``: tricks won by declarer's side; ``score``: the score for North-South.
    * ``room``: ``"Open"``/``"Closed"`` in a team match; ``scoring``: the PBN ``Scoring``
      string (``"IMP"``, ``"MatchPoints;MP1"``).
    * ``tags``: every other tag, name -> value, in file order (plus a PBN Declarer,
      Contract or Result that has no typed meaning: an end position's bare strain, the
      ``""`` of a hand record, so it is written back alike); ``tables``: supplemental
      sections by name; ``commentary``: free text about the game (PBN ``{...}`` not tied
      to a call or card, LIN ``nt``).
    """

    event: str | None = None
    site: str | None = None
    date: str | None = None
    board: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    players: dict[Seat, str] = field(default_factory=dict)
    auction: list[Call] = field(default_factory=list)
    auction_annotations: dict[int, Annotation] = field(default_factory=dict)
    play: list[Card] = field(default_factory=list)
    play_annotations: dict[int, Annotation] = field(default_factory=dict)
    claim: int | None = None
    contract: Contract | None = None
    passed_out: bool = False
    result: int | None = None
    score: int | None = None
    room: str | None = None
    scoring: str | None = None
    tags: dict[str, str] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    commentary: list[str] = field(default_factory=list)

    # -- derived ----------------------------------------------------------------------
    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract is not None else None

    @property
    def board_dealer(self) -> Seat | None:
        """The dealer: as recorded, else from the board number (Law 2)."""
        if self.dealer is not None:
            return self.dealer
        return Board(self.board).dealer if self.board else None

    @property
    def board_vulnerability(self) -> Vulnerability | None:
        """The vulnerability: as recorded, else from the board number (Law 2)."""
        if self.vulnerability is not None:
            return self.vulnerability
        return Board(self.board).vulnerability if self.board else None

    def annotation(self, index: int) -> Annotation:
        """The annotation of call ``index`` (an empty one if there is none)."""
        return self.auction_annotations.get(index) or Annotation()

    def to_auction(self) -> Auction:
        """The auction as a core :class:`Auction` (raises ``IllegalCallError`` if illegal)."""
        dealer = self.board_dealer
        if dealer is None:
            raise BridgeError("the record has no dealer and no board number")
        return Auction(dealer, self.auction)

    def to_play(self) -> Play:
        """The play so far as a core :class:`Play` (with the claim applied, if any)."""
        if self.deal is None or self.contract is None or self.contract.declarer is None:
            raise BridgeError("the record needs a deal, a contract and a declarer to play")
        play = Play(self.deal, self.contract)
        for card in self.play:
            play.play(card)
        if self.claim is not None and not play.is_complete:
            play.claim(self.claim - play.declarer_tricks)
        return play

    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the play (leader, cards in order, winner).

        Only the contract is needed (its declarer and trump suit), not the deal, and the
        cards are not checked against the Laws (``to_play()`` does that).
        """
        contract = self.contract
        if not self.play:
            return ()
        if contract is None or contract.declarer is None:
            raise BridgeError("the record needs a contract and a declarer to tell the tricks")
        suit = contract.strain.suit
        trump = int(suit) if suit is not None else -1
        leader = contract.declarer.lho
        tricks = []
        for start in range(0, len(self.play) - 3, 4):
            c0, c1, c2, c3 = self.play[start : start + 4]
            winner = trick_winner((c0, c1, c2, c3), leader, trump)
            tricks.append(Trick(leader, (c0, c1, c2, c3), winner))
            leader = winner
        return tuple(tricks)

    @property
    def player_names(self) -> list[str | None]:
        """Names in seat order N, E, S, W (None where unknown)."""
        return [self.players.get(s) for s in SEATS]
