"""What one connection is shown: a seat's view of the table as JSON.

:func:`view_for` is the server's only door to hidden cards. It builds on
:meth:`SeatView.of` (own hand; dummy after the opening lead) and adds the whole deal only
once the deal is over. Spectators (``seat=None``) see no hand but dummy until then, except a
kibitzer (a spectator from a browser that holds no seat at the table) while the table shows
kibitzers all hands (:meth:`ServerTable.kibitzers_see_hands`): then every hand as it is now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from contractbridge.core import SEATS, Hand, Seat, SeatView, Side
from contractbridge.game.state import faced_to
from contractbridge.robots.bidding.card import system_name
from contractbridge.scoring.chicago import ChicagoScoresheet
from contractbridge.scoring.imps import imps
from contractbridge.server.robots.analyses import cached_analysis
from contractbridge.server.tables.table import BoardState, ServerTable


def _hand(hand: Hand | None) -> list[str] | None:
    return None if hand is None else [str(c) for c in hand]


def _counts(board: BoardState) -> dict[str, int]:
    if board.play is None:
        return {s.name: len(board.deal[s]) for s in SEATS}
    return {s.name: len(board.play.hand(s)) for s in SEATS}


def explained(
    table: ServerTable, seat: Seat | None, *, kibitzer: bool = False
) -> Callable[[Seat], bool]:
    """Whose explanations and alerts ``seat`` is told while a deal is played.

    The opponents are told (Law 20F); partner is not (Law 40B), except that a robot tells
    its human partner what its own calls mean when the table says so (``robot_partner_explains``,
    on by default): the robot's partner cannot learn it from the opponents' questions as the
    robot has no questions to answer. A spectator is told nothing while people play, or a
    player could read partner's explanations through the table's plain link; at a table of
    robots alone, everything; a ``kibitzer`` (a spectator whose browser holds no seat at the
    table) everything while the table shows kibitzers all hands, as every person there has
    agreed. Once a deal is over, everyone is told everything."""
    robots = table.robots()
    if seat is None:
        everything = not table.humans() or (kibitzer and table.kibitzers_see_hands())
        return lambda caller: everything
    partner_told = table.settings.robot_partner_explains

    def told(caller: Seat) -> bool:
        return caller != seat.partner or (partner_told and caller in robots)

    return told


def board_public(
    board: BoardState,
    seat: Seat | None = None,
    told: Callable[[Seat], bool] | None = None,
    *,
    beer_rule: str = "declarer",
) -> dict[str, Any]:
    """Everything about a board that ``seat`` may know now (the play is public); ``told``
    says whose explanations and alerts the seat is told (:func:`explained`) while the deal is
    played (by default the opponents', Law 20F, 40B); ``beer_rule`` whose Beer Card beers
    the table keeps (the table's ``beer_card`` setting)."""
    if told is None:
        told = (lambda caller: True) if seat is None else (lambda caller: caller != seat.partner)
    calls = []
    for i, call in enumerate(board.auction.calls):
        caller = board.auction.seat_of(i)
        shown = board.is_over or told(caller)
        calls.append(
            {
                "seat": caller.name,
                "call": str(call),
                "explanation": board.explanations[i] if shown else None,
                "alert": board.alerts[i] if shown else False,
                # an announcement is heard by everyone at the table, partner too
                "announcement": (board.announcements[i] if i < len(board.announcements) else None),
            }
        )
    out: dict[str, Any] = {
        "number": board.number,
        "dealer": board.dealer.name,
        "vulnerability": str(board.vulnerability),
        "calls": calls,
        "auction_over": board.auction.is_complete,
        "passed_out": board.auction.is_passed_out,
        "counts": _counts(board),
        "over": board.is_over,
    }
    contract = board.contract
    if contract is not None:
        assert contract.declarer is not None
        out["contract"] = {
            "level": contract.level,
            "strain": contract.strain.name,
            "doubled": int(contract.doubled),
            "declarer": contract.declarer.name,
            "dummy": contract.declarer.partner.name,
            "text": str(contract),
        }
    play = board.play
    if play is not None:
        tricks = []
        for t in play.tricks:
            tricks.append(
                {
                    "leader": t.leader.name,
                    "cards": [str(c) for c in t.cards],
                    "winner": t.winner.name,
                }
            )
        out["tricks"] = tricks
        out["trick"] = {
            "leader": play.leader.name,
            "cards": [str(c) for c in play.current_trick],
        }
        out["won"] = {
            "NS": board.tricks_won(Side.NS),
            "EW": board.tricks_won(Side.EW),
        }
        out["turn"] = play.turn.name if play.turn is not None and not board.is_over else None
    elif not board.auction.is_complete:
        out["turn"] = board.auction.turn.name
    if board.pending_claim is not None:
        claimer, claimed, agreed = board.pending_claim
        out["pending_claim"] = {
            "seat": claimer.name,
            "tricks": claimed,
            "agreed": sorted(s.name for s in agreed),
        }
    if board.pending_concession is not None:
        conceder, conceded = board.pending_concession
        out["pending_concession"] = {"seat": conceder.name, "tricks": conceded}
    if board.claim is not None:
        out["claim"] = {"seat": board.claim[0].name, "tricks": board.claim[1]}
    if board.pending_undo is not None:
        out["pending_undo"] = {"seat": board.pending_undo[0].name}
    if board.is_over:
        out["deal"] = {s.name: _hand(board.deal[s]) for s in SEATS}
        out["pbn"] = board.deal.to_pbn()
        out["score_ns"] = board.ns_score()
        out["declarer_tricks"] = board.declarer_tricks() if contract is not None else None
        beer = board.beer_card(beer_rule)
        out["beer"] = beer is not None
        out["beer_defenders"] = beer is not None and beer.defenders
        out["analysis"] = board_analysis(board)
    return out


def view_for(
    table: ServerTable, seat: Seat | None, *, names: dict[str, str], kibitzer: bool = False
) -> dict[str, Any]:
    """The table as ``seat`` may see it (None: a spectator; a ``kibitzer`` if its browser
    holds no seat at the table, who sees every hand while the table allows it)."""
    board = table.board if table.boards else None
    pending = table.pending()
    kibitzing = seat is None and kibitzer and table.kibitzers_see_hands()
    out: dict[str, Any] = {
        "version": table.version,
        "kind": table.kind,
        # a duplicate session's number of boards (a Chicago's deals show beside each deal)
        "boards": table.table.opened.boards if table.kind == "duplicate" else None,
        "seat": seat.name if seat is not None else None,
        "names": names,
        "robots": sorted(s.name for s in table.robots()),
        "pending": [s.name for s in pending],
        "sheet": table.score_sheet(),
        "history": [board_public(b, beer_rule=table.settings.beer_card) for b in table.boards[:-1]],
        # the table's setting, for its people's pages; ``kibitzing``: this view shows all hands
        "kibitzers": {
            "allowed": table.settings.spectators,
            "see_hands": table.kibitzers_see_hands(),
            "agreed": [s.name for s in SEATS if s in table.kibitz_agreed & table.humans()],
        },
        "kibitzing": kibitzing,
        "beer_card": table.settings.beer_card,  # whose Beer Card beers the table keeps
        # the robots' carding agreement: told to all at the table, as a partnership's
        # agreements are (Law 40A1)
        "carding": table.settings.carding,
        # each side's bidding system (robots/bidding/systems), public as the carding is:
        # its robots bid it, and the page links to its convention card
        "systems": {side.name: table.settings.system(side) for side in Side},
        "system_names": {side.name: system_name(table.settings.system(side)) for side in Side},
        # the tournament the deal counts for (no undo, no hint), so the page links back to it
        "tournament": table.settings.tournament or None,
    }
    outside = table.settings.bluechip_seats()
    if outside:
        # the seats given to Blue Chip clients: who holds each now, and whether it plays
        # this deal (else our robot does); the secret to take a seat is never shown here
        out["bluechip"] = {
            s.name: {
                "name": table.outside[s].name if s in table.outside else None,
                "plays": table.plays_outside(s),
            }
            for s in sorted(outside)
        }
    if table.pending_stop is not None:
        out["pending_stop"] = {"seat": table.pending_stop[0].name}
    if board is None:
        return out
    out["board"] = board_public(
        board, seat, explained(table, seat, kibitzer=kibitzer), beer_rule=table.settings.beer_card
    )
    if table.kind == "duplicate":
        _imps_against_par(out["sheet"], table)
    sheet = table.table.state.sheet
    if isinstance(sheet, ChicagoScoresheet):
        # the running deal number counts a passed-out deal; the Chicago's own does not
        entries = sheet.entries
        out["board"]["of_four"] = (
            entries[board.number - 1].number if len(entries) >= board.number else sheet.deal_number
        )
        out["board"]["of_deals"] = sheet.deals  # 4, or 8, 12 ... in the duplicate style
    hands: dict[str, list[str] | None] = {s.name: None for s in SEATS}
    if seat is not None:
        claimer = board.pending_claim[0] if board.pending_claim is not None else None
        view = SeatView.of(
            seat,
            board.deal,
            board.auction,
            board.play,
            vulnerability=board.vulnerability,
            faced=faced_to(seat, board.play, claimer),
        )
        hands[seat.name] = _hand(view.hand)
        if view.dummy is not None and view.declarer is not None:
            hands[view.declarer.partner.name] = _hand(view.dummy)
        for shown, hand in view.shown:  # a claimer's faced hand (Law 68C)
            hands[shown.name] = _hand(hand)
        out["you_act"] = seat in pending
        # the robot's suggestion may be asked for where no person is an opponent
        out["hints"] = not table.settings.tournament and not (
            {seat.next(1), seat.next(3)} & table.humans()
        )
        act_for = _act_for(board, seat)
        out["act_for"] = act_for.name if act_for is not None else None
        if (
            seat in pending
            and board.pending_claim is None
            and board.pending_concession is None
            and board.pending_undo is None
            and (table.pending_stop is None)
        ):
            if not board.auction.is_complete:
                out["legal_calls"] = [str(c) for c in board.auction.legal_calls()]
            elif board.play is not None and not board.is_over:
                out["legal_cards"] = [str(c) for c in board.play.legal_cards()]
    elif kibitzing:
        # every person at the table has agreed: the hands as they are now (cards left)
        play = board.play
        hands = {s.name: _hand(play.hand(s) if play else board.deal[s]) for s in SEATS}
    elif board.play is not None and board.play.dummy_visible:
        # Dummy is face up on the table for everyone once the opening lead is made.
        hands[board.play.dummy.name] = _hand(board.play.hand(board.play.dummy))
    if board.is_over:
        hands = {s.name: _hand(board.deal[s]) for s in SEATS}  # the deal as it was dealt
    out["hands"] = hands
    return out


def _imps_against_par(sheet: dict[str, Any], table: ServerTable) -> None:
    """A practice duplicate board is compared with par, in IMPs (as solo play against par is
    scored online): each analysed row gets ``imps`` (North-South's), the sheet their total."""
    total = 0
    for row, board in zip(sheet["rows"], table.finished, strict=True):
        found = board_analysis(board)
        if found is not None and row["ns"] is not None:
            row["imps"] = imps(row["ns"] - found["par_score"])
            total += row["imps"]
    sheet["imps"] = total


def _act_for(board: BoardState, seat: Seat) -> Seat | None:
    """The hand ``seat`` plays from now: its own, or dummy's when declarer."""
    if board.play is None or board.is_over:
        return None
    turn = board.play.turn
    if turn == seat:
        return seat
    if turn == board.play.dummy and seat == board.play.declarer:
        return turn
    return None


def play_line(board: BoardState) -> str:
    """The calls and the cards of a board as one text, "calls;cards": with the deal, what its
    analysis depends on (the per-card values follow the line played)."""
    calls = " ".join(str(c) for c in board.auction.calls)
    cards = " ".join(str(c) for c in board.play.cards_played) if board.play is not None else ""
    return f"{calls};{cards}"


def analysis_key(board: BoardState) -> tuple[str, int, Seat, str]:
    """What a finished board's analysis is kept under: the deal, its conditions, the line."""
    return board.deal.to_pbn(), int(board.vulnerability), board.dealer, play_line(board)


def board_analysis(board: BoardState) -> dict[str, Any] | None:
    """A finished board's analysis if it has been made, else None; never waits."""
    return cached_analysis(*analysis_key(board))
