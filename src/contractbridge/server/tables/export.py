"""A finished board as a PBN or LIN file, for the page's download links.

Uses :mod:`contractbridge.formats` writers when they can take the board; these small writers
cover the tags a download needs (deal, auction, play, result).
"""

from __future__ import annotations

import datetime as _dt

from contractbridge.core import Hand, Seat
from contractbridge.core.card import SUITS_HIGH_FIRST
from contractbridge.server.tables.table import BoardState, contract_text

_PBN_CALL = {"Pass": "Pass", "X": "X", "XX": "XX"}


#: the PBN ``Scoring`` of each kind of table: a practice duplicate board is compared with
#: par in IMPs (the sheet's IMPs column)
SCORING = {"duplicate": "IMP", "rubber": "Rubber", "chicago": "Chicago"}


def pbn(board: BoardState, names: dict[str, str], kind: str = "duplicate") -> str:
    """PBN 2.1 for one board.

    >>> from contractbridge.server.tables.table import ServerTable
    >>> from contractbridge.server.tables.settings import TableSettings
    >>> t = ServerTable.new(TableSettings(seed=3))
    >>> for c in "P P P P".split():
    ...     _ = t.act(t.board.auction.turn, {"call": c})
    >>> print(pbn(t.boards[0], {}).splitlines()[3])
    [Board "1"]
    """
    contract = board.contract
    declarer = contract.declarer if contract is not None else None
    lines = [
        '[Event "contractbridge table"]',
        '[Site ""]',
        f'[Date "{_dt.date.today():%Y.%m.%d}"]',
        f'[Board "{board.number}"]',
    ]
    for seat in (Seat.W, Seat.N, Seat.E, Seat.S):
        lines.append(f'[{seat.full_name} "{names.get(seat.name, "")}"]')
    lines += [
        f'[Dealer "{board.dealer.name}"]',
        f'[Vulnerable "{board.vulnerability}"]',
        f'[Deal "{board.deal.to_pbn(board.dealer)}"]',
        f'[Scoring "{SCORING.get(kind, "")}"]',
        f'[Declarer "{declarer.name if declarer is not None else ""}"]',
        f'[Contract "{contract_text(board.contract)}"]',
        f'[Result "{board.declarer_tricks() if contract else ""}"]',
    ]
    lines.append(f'[Auction "{board.dealer.name}"]')
    calls = [_PBN_CALL.get(str(c), str(c)) for c in board.auction.calls]
    for i in range(0, len(calls), 4):
        lines.append(" ".join(calls[i : i + 4]))
    if board.play is not None and board.play.tricks_played + len(board.play.current_trick):
        leader = board.play.first_leader
        lines.append(f'[Play "{leader.name}"]')
        for trick in board.play.tricks:
            lines.append(" ".join(str(trick.card_of(leader.next(i))) for i in range(4)))
        current = board.play.current_trick
        if current:
            by_seat = {board.play.leader.next(i).name: str(c) for i, c in enumerate(current)}
            lines.append(" ".join(by_seat.get(leader.next(i).name, "-") for i in range(4)))
        lines.append("*")
    return "\n".join(lines) + "\n"


def _lin_hand(hand: Hand) -> str:
    text = hand.suits_text()
    return "".join(s.name + text[s].replace("-", "") for s in SUITS_HIGH_FIRST)


def lin(board: BoardState, names: dict[str, str]) -> str:
    """BBO LIN for one board: players S, W, N, E; dealer 1-4 = S, W, N, E."""
    order = (Seat.S, Seat.W, Seat.N, Seat.E)
    players = ",".join(names.get(s.name, "") or s.full_name for s in order)
    dealer = order.index(board.dealer) + 1
    hands = ",".join(_lin_hand(board.deal[s]) for s in order)
    vul = {"None": "o", "NS": "n", "EW": "e", "All": "b"}[str(board.vulnerability)]
    parts = [f"pn|{players}|st||md|{dealer}{hands}|rh||ah|Board {board.number}|sv|{vul}|"]
    for i, call in enumerate(board.auction.calls):
        text = {"Pass": "p", "X": "d", "XX": "r"}.get(str(call), str(call).replace("NT", "N"))
        explanation = board.explanations[i] if i < len(board.explanations) else None
        alerted = i < len(board.alerts) and board.alerts[i]
        # "!" marks an alert only; an announced or explained call keeps its text without it
        parts.append(f"mb|{text}{'!' if alerted else ''}|")
        if explanation:
            parts.append(f"an|{explanation.replace('|', '/')}|")
    if board.play is not None:
        for card in board.play.cards_played:
            parts.append(f"pc|{card}|")
    if board.claim is not None:
        parts.append(f"mc|{board.declarer_tricks()}|")
    return "".join(parts) + "\n"
