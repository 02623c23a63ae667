"""Writing: games in the PBN 2.1 export format (:func:`dumps`, :func:`dump`), with the
Mandatory Tag Set first, the auction and play in rows with their notes, then the tables.

Apart from reading because it is strict where the reader is tolerant, and shares with it
only the tag names (``grammar``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import IO, Any

from contractbridge.core.card import Strain
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat
from contractbridge.formats._common import auction_is_complete, split_tricks, trump_of, write_text
from contractbridge.formats.pbn.grammar import _PLAYER_TAGS, _STRAIN_ONLY, _TYPED
from contractbridge.formats.record import Annotation, FormatError, GameRecord, Table


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
