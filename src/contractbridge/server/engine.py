"""The table the server runs: a series of deals rebuilt from its event log.

Events are small JSON dicts, appended and never changed: ``deal``, ``call``, ``card``,
``claim``, ``claim_reply``, ``undo``, ``undo_request``, ``undo_reply``, ``next``. The state
is ``replay(settings, events)``; ``decide(seat, action)`` checks an action against the state
and returns the events it makes (raising :class:`ActionError` with the reason), and nothing
changes until those events are stored and applied.

>>> t = TableState.new({"kind": "duplicate", "seed": 1})
>>> evs = t.start_events()
>>> for e in evs: t.apply(e)
>>> t.version, t.board.dealer
(1, <Seat.N: 0>)
>>> for e in t.decide(Seat.N, {"call": "1NT"}): t.apply(e)
>>> [str(c) for c in t.board.auction.calls]
['1NT']
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from contractbridge.core import (
    SEATS,
    Auction,
    BridgeError,
    Call,
    Card,
    Contract,
    Deal,
    Play,
    Seat,
    Side,
    Vulnerability,
)
from contractbridge.core.deal import Board
from contractbridge.scoring.chicago import ChicagoScoresheet
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.rubber import RubberScoresheet
from contractbridge.scoring.series import DuplicateSeries

KINDS = ("rubber", "chicago", "duplicate")


class ActionError(Exception):
    """An action that may not be made now; the message says why."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


@dataclass
class BoardState:
    """One deal at the table: the cards, the auction, the play and its result."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    auction: Auction
    explanations: list[str | None] = field(default_factory=list)
    alerts: list[bool] = field(default_factory=list)
    play: Play | None = None
    #: the accepted claim: (claimer, tricks for the claimer's side of the remaining)
    claim: tuple[Seat, int] | None = None
    #: a claim waiting for the opponents: claimer, tricks, and who has agreed so far
    pending_claim: tuple[Seat, int, set[Seat]] | None = None
    #: an undo waiting for consent: who asked, and who has agreed
    pending_undo: tuple[Seat, set[Seat]] | None = None
    #: every call and card made, in order, as (seat, "call"/"card", text): undo rewinds this
    actions: list[tuple[Seat, str, str]] = field(default_factory=list)

    @property
    def contract(self) -> Contract | None:
        if not self.auction.is_complete:
            return None
        return self.auction.contract

    @property
    def is_over(self) -> bool:
        if not self.auction.is_complete:
            return False
        if self.auction.is_passed_out:
            return True
        return self.claim is not None or (self.play is not None and self.play.is_complete)

    def declarer_tricks(self) -> int:
        if self.play is None:
            return 0
        won = self.play.declarer_tricks
        if self.claim is not None:
            claimer, tricks = self.claim
            remaining = self.play.remaining_tricks
            ours = claimer.side == self.play.declarer.side
            won += tricks if ours else remaining - tricks
        return won

    def tricks_won(self, side: Side) -> int:
        if self.play is None:
            return 0
        decl = self.declarer_tricks()
        if side == self.play.declarer.side:
            return decl
        done = self.play.tricks_played
        if self.claim is not None:
            done += self.play.remaining_tricks
        return done - decl

    def score(self) -> int | None:
        """Declarer side's score (NS positive convention applied by the caller)."""
        if not self.is_over:
            return None
        contract = self.contract
        if contract is None:
            return 0
        assert contract.declarer is not None
        vul = self.vulnerability.is_vulnerable(contract.declarer)
        return duplicate_score(contract, self.declarer_tricks(), vul)

    def ns_score(self) -> int | None:
        score = self.score()
        contract = self.contract
        if score is None or contract is None or contract.declarer is None:
            return score
        return score if contract.declarer.side == Side.NS else -score

    def beer_card(self) -> bool:
        """The 7 of diamonds won the last trick of a made contract (the Beer Card)."""
        if self.play is None or not self.play.is_complete or self.claim is not None:
            return False
        contract = self.contract
        score = self.score()
        if contract is None or score is None or score <= 0 or not self.play.tricks:
            return False
        last = self.play.tricks[-1]
        seven = Card.parse("D7")
        return (
            seven in last.cards
            and last.card_of(last.winner) == seven
            and last.winner.side == self.play.declarer.side
        )

    def rebuild(self) -> None:
        """Replay this board's calls and cards from ``actions`` (after an undo)."""
        self.auction = Auction(self.dealer)
        self.play = None
        self.claim = None
        self.pending_claim = None
        self.pending_undo = None
        keep_expl = self.explanations
        keep_alerts = self.alerts
        self.explanations, self.alerts = [], []
        for seat, kind, text in self.actions:
            if kind == "call":
                i = len(self.auction)
                self.auction.add(Call.parse(text))
                self.explanations.append(keep_expl[i] if i < len(keep_expl) else None)
                self.alerts.append(keep_alerts[i] if i < len(keep_alerts) else False)
                self._start_play_if_done()
            else:
                assert self.play is not None
                self.play.play(Card.parse(text), by=_acting(self.play, seat))

    def _start_play_if_done(self) -> None:
        if self.auction.is_complete and not self.auction.is_passed_out:
            contract = self.auction.contract
            assert contract is not None
            self.play = Play(self.deal, contract)


def _acting(play: Play, seat: Seat) -> Seat:
    return play.declarer if seat == play.dummy else seat


@dataclass
class TableState:
    """A table: its settings (kind, seats, seed) and the boards played so far."""

    settings: dict[str, Any]
    boards: list[BoardState] = field(default_factory=list)
    version: int = 0

    @classmethod
    def new(cls, settings: dict[str, Any]) -> TableState:
        kind = settings.get("kind", "duplicate")
        if kind not in KINDS:
            raise ActionError(f"a table plays rubber, chicago or duplicate, not {kind!r}")
        return cls(settings=dict(settings))

    @classmethod
    def replay(cls, settings: dict[str, Any], events: list[dict[str, Any]]) -> TableState:
        state = cls.new(settings)
        for e in events:
            state.apply(e)
        return state

    # -- reading ----------------------------------------------------------------------
    @property
    def kind(self) -> str:
        return str(self.settings.get("kind", "duplicate"))

    @property
    def board(self) -> BoardState:
        return self.boards[-1]

    def robots(self) -> set[Seat]:
        seats = self.settings.get("seats", {})
        return {s for s in SEATS if seats.get(s.name, {}).get("robot", True)}

    def humans(self) -> set[Seat]:
        return set(SEATS) - self.robots()

    def pending(self) -> list[Seat]:
        """The seats that must act now (empty when waiting for "next deal")."""
        if not self.boards:
            return []
        b = self.board
        if b.pending_undo is not None:
            asker, agreed = b.pending_undo
            return sorted(self.humans() - {asker} - agreed)
        if b.pending_claim is not None:
            claimer, _, agreed = b.pending_claim
            return sorted(set(claimer.side.opponents.seats) - agreed)
        if b.is_over:
            return []
        if not b.auction.is_complete:
            return [b.auction.turn]
        assert b.play is not None
        acting = b.play.acting_seat
        return [acting] if acting is not None else []

    # -- dealing ----------------------------------------------------------------------
    def next_deal_event(self) -> dict[str, Any]:
        number = len(self.boards) + 1
        seed = int(self.settings.get("seed", 0))
        rng = random.Random(seed * 1_000_003 + number)
        deal = Deal.random(rng)
        dealer, vul = self._dealer_and_vul(number)
        return {
            "type": "deal",
            "number": number,
            "dealer": dealer.name,
            "vulnerability": str(vul),
            "hands": deal.to_pbn(),
        }

    def start_events(self) -> list[dict[str, Any]]:
        return [self.next_deal_event()] if not self.boards else []

    def _dealer_and_vul(self, number: int) -> tuple[Seat, Vulnerability]:
        if self.kind == "duplicate":
            board = Board(number)
            return board.dealer, board.vulnerability
        sheet = self.sheet()
        return sheet.dealer, sheet.vulnerability

    # -- the score sheet ----------------------------------------------------------------
    def sheet(self) -> RubberScoresheet | ChicagoScoresheet | DuplicateSeries:
        """The series' scoresheet, written from the deals finished so far."""
        sheet: RubberScoresheet | ChicagoScoresheet | DuplicateSeries
        if self.kind == "rubber":
            sheet = RubberScoresheet(Seat.N)
        elif self.kind == "chicago":
            sheet = ChicagoScoresheet(Seat.N)
        else:
            limit = int(self.settings.get("boards", 0) or 0)
            sheet = DuplicateSeries(limit or 10_000)
        for b in self.boards:
            if b.is_over and not sheet.is_complete:
                sheet.record(b.contract, b.declarer_tricks(), b.deal)
        return sheet

    def series_over(self) -> bool:
        return bool(self.boards) and self.board.is_over and self.sheet().is_complete

    def score_sheet(self) -> dict[str, Any]:
        """The sheet as people draw it, for the page."""
        sheet = self.sheet()
        rows = []
        for b in self.boards:
            if not b.is_over:
                continue
            contract = b.contract
            rows.append(
                {
                    "number": b.number,
                    "contract": contract_text(contract),
                    "declarer": contract.declarer.name if contract and contract.declarer else None,
                    "tricks": b.declarer_tricks() if contract else None,
                    "ns": b.ns_score(),
                    "beer": b.beer_card(),
                }
            )
        totals = sheet.totals()
        out: dict[str, Any] = {
            "kind": self.kind,
            "rows": rows,
            "totals": {"NS": totals[Side.NS], "EW": totals[Side.EW]},
            "over": self.series_over(),
        }
        if isinstance(sheet, RubberScoresheet | ChicagoScoresheet):
            entries = []
            for entry in sheet.entries:
                entries.append(
                    {
                        "number": entry.number,
                        "below": list(entry.below),
                        "above": list(entry.above),
                        "game": entry.game.name if entry.game is not None else None,
                    }
                )
            premiums = [
                {"side": p.side.name, "points": p.points, "reason": p.reason}
                for e in sheet.entries
                for p in e.premiums
            ]
            out["lines"] = {"entries": entries, "premiums": premiums}
            if isinstance(sheet, RubberScoresheet):
                out["lines"]["games"] = {s.name: n for s, n in sheet.games.items()}
        return out

    # -- acting -----------------------------------------------------------------------
    def decide(self, seat: Seat | None, action: dict[str, Any]) -> list[dict[str, Any]]:
        """The events ``action`` by ``seat`` makes now; :class:`ActionError` if it may not."""
        if not isinstance(action, dict):
            raise ActionError('an action is a JSON object such as {"call": "1NT"}')
        if seat is None:
            raise ActionError("spectators cannot act", 403)
        if not self.boards:
            raise ActionError("no deal has been dealt yet")
        b = self.board
        try:
            if "call" in action:
                return [self._call(seat, action)]
            if "card" in action:
                return [self._card(seat, action)]
            if "claim" in action:
                return self._claim(seat, action["claim"])
            if "concede" in action:
                return self._concede(seat)
            if "accept_claim" in action:
                return self._claim_reply(seat, bool(action["accept_claim"]))
            if "undo" in action:
                return self._undo(seat)
            if "accept_undo" in action:
                return self._undo_reply(seat, bool(action["accept_undo"]))
            if "next" in action:
                if not b.is_over:
                    raise ActionError("the deal is still being played")
                if self.series_over():
                    raise ActionError("the series is over")
                return [{"type": "next", "seat": seat.name}, self.next_deal_event()]
            if "explain" in action:
                return [self._explain(seat, action)]
        except BridgeError as error:
            raise ActionError(str(error)) from error
        raise ActionError(
            "unknown action: send one of call, card, claim, concede, accept_claim, undo, "
            "accept_undo, next, explain"
        )

    def _waiting_check(self) -> None:
        b = self.board
        if b.pending_claim is not None:
            raise ActionError("a claim is waiting for the opponents' answer")
        if b.pending_undo is not None:
            raise ActionError("an undo is waiting for consent")

    def _call(self, seat: Seat, action: dict[str, Any]) -> dict[str, Any]:
        self._waiting_check()
        b = self.board
        text = action["call"]
        if not isinstance(text, str):
            raise ActionError("a call is written like 1NT, 2H, P, X or XX")
        if b.auction.is_complete:
            raise ActionError("the auction is over")
        if b.auction.turn != seat:
            raise ActionError(f"it is {b.auction.turn.full_name}'s turn to call, not yours", 409)
        call = Call.parse(text)
        reason = b.auction.why_illegal(call)
        if reason is not None:
            raise ActionError(reason)
        explanation = action.get("explanation")
        if explanation is not None and not isinstance(explanation, str):
            raise ActionError("an explanation is text")
        event: dict[str, Any] = {"type": "call", "seat": seat.name, "call": str(call)}
        if explanation:
            event["explanation"] = explanation[:200]
        if action.get("alert"):
            event["alert"] = True
        return event

    def _card(self, seat: Seat, action: dict[str, Any]) -> dict[str, Any]:
        self._waiting_check()
        b = self.board
        text = action["card"]
        if not isinstance(text, str):
            raise ActionError("a card is written suit then rank, like SA or H10")
        if b.play is None or b.is_over:
            raise ActionError(
                "no card can be played now: "
                + (
                    "the auction is not over"
                    if b.play is None and not b.is_over
                    else "the play is over"
                )
            )
        card = Card.parse(text)
        play = b.play
        acting = play.acting_seat
        if seat != acting:
            assert acting is not None
            if seat == play.dummy:
                raise ActionError("dummy takes no part in the play; declarer plays", 403)
            raise ActionError(f"it is {acting.full_name}'s turn to play, not yours", 409)
        reason = play.why_illegal(card, by=seat)
        if reason is not None:
            raise ActionError(reason)
        assert play.turn is not None
        return {"type": "card", "seat": play.turn.name, "card": str(card)}

    def _claim(self, seat: Seat, tricks: Any) -> list[dict[str, Any]]:
        self._waiting_check()
        b = self.board
        if b.play is None or b.is_over:
            raise ActionError("a claim is made during the play")
        if seat == b.play.dummy:
            raise ActionError("dummy may not claim (Law 43); declarer may", 403)
        if not isinstance(tricks, int) or isinstance(tricks, bool):
            raise ActionError("a claim names a number of tricks")
        remaining = b.play.remaining_tricks
        if not 0 <= tricks <= remaining:
            raise ActionError(f"a claim is for 0 to {remaining} tricks, not {tricks}")
        return [{"type": "claim", "seat": seat.name, "tricks": tricks}]

    def _concede(self, seat: Seat) -> list[dict[str, Any]]:
        b = self.board
        if b.play is None or b.is_over:
            raise ActionError("a concession is made during the play")
        return self._claim(seat, 0)

    def _claim_reply(self, seat: Seat, accept: bool) -> list[dict[str, Any]]:
        b = self.board
        if b.pending_claim is None:
            raise ActionError("there is no claim to answer")
        claimer, _, agreed = b.pending_claim
        if seat.side == claimer.side or seat in agreed:
            raise ActionError("only the claimer's opponents answer a claim", 403)
        return [{"type": "claim_reply", "seat": seat.name, "accept": accept}]

    def _undo(self, seat: Seat) -> list[dict[str, Any]]:
        b = self.board
        if b.pending_undo is not None:
            raise ActionError("an undo is already waiting for consent")
        if not any(s == seat or _controls(b, seat, s) for s, _, _ in b.actions):
            raise ActionError("you have made no call or card to take back in this deal")
        if b.pending_claim is not None:
            raise ActionError("answer the claim first")
        others = self.humans() - {seat}
        if others:
            return [{"type": "undo_request", "seat": seat.name}]
        return [{"type": "undo", "seat": seat.name}]

    def _undo_reply(self, seat: Seat, accept: bool) -> list[dict[str, Any]]:
        b = self.board
        if b.pending_undo is None:
            raise ActionError("there is no undo to answer")
        asker, agreed = b.pending_undo
        if seat == asker or seat in agreed or seat not in self.humans():
            raise ActionError("you cannot answer this undo", 403)
        events: list[dict[str, Any]] = [{"type": "undo_reply", "seat": seat.name, "accept": accept}]
        if accept and (self.humans() - {asker} - agreed - {seat}) == set():
            events.append({"type": "undo", "seat": asker.name})
        return events

    def _explain(self, seat: Seat, action: dict[str, Any]) -> dict[str, Any]:
        b = self.board
        index = action.get("index")
        text = action.get("explain")
        if not isinstance(index, int) or not 0 <= index < len(b.auction):
            raise ActionError("explain names one of the calls made by its index")
        if b.auction.seat_of(index) != seat:
            raise ActionError("you explain only your own calls", 403)
        if not isinstance(text, str):
            raise ActionError("an explanation is text")
        return {"type": "explain", "seat": seat.name, "index": index, "text": text[:200]}

    # -- applying (no checks: events were checked before they were stored) -------------
    def apply(self, e: dict[str, Any]) -> None:
        kind = e["type"]
        self.version += 1
        if kind == "deal":
            self.boards.append(
                BoardState(
                    number=int(e["number"]),
                    dealer=Seat.parse(e["dealer"]),
                    vulnerability=Vulnerability.parse(e["vulnerability"]),
                    deal=Deal.from_pbn(e["hands"]),
                    auction=Auction(Seat.parse(e["dealer"])),
                )
            )
            return
        if kind == "next":
            return
        b = self.board
        seat = Seat.parse(e["seat"])
        if kind == "call":
            b.auction.add(Call.parse(e["call"]))
            b.explanations.append(e.get("explanation"))
            b.alerts.append(bool(e.get("alert")))
            b.actions.append((seat, "call", e["call"]))
            b._start_play_if_done()
        elif kind == "card":
            assert b.play is not None
            b.play.play(Card.parse(e["card"]))
            b.actions.append((seat, "card", e["card"]))
        elif kind == "explain":
            b.explanations[int(e["index"])] = e["text"]
        elif kind == "claim":
            b.pending_claim = (seat, int(e["tricks"]), set())
            self._settle_claim()
        elif kind == "claim_reply":
            assert b.pending_claim is not None
            if not e["accept"]:
                b.pending_claim = None
            else:
                b.pending_claim[2].add(seat)
                self._settle_claim()
        elif kind == "undo_request":
            b.pending_undo = (seat, set())
        elif kind == "undo_reply":
            assert b.pending_undo is not None
            if e["accept"]:
                b.pending_undo[1].add(seat)
            else:
                b.pending_undo = None
        elif kind == "undo":
            self._apply_undo(seat)

    def _settle_claim(self) -> None:
        b = self.board
        assert b.pending_claim is not None and b.play is not None
        claimer, tricks, agreed = b.pending_claim
        opponents = set(claimer.side.opponents.seats)
        # A concession of every remaining trick needs nobody's agreement.
        if tricks == 0 or opponents <= agreed:
            b.claim = (claimer, tricks)
            b.pending_claim = None

    def _apply_undo(self, seat: Seat) -> None:
        """Take back ``seat``'s last call or card, and every robot action after it."""
        b = self.board
        actions = list(b.actions)
        if b.claim is not None or b.pending_claim is not None:
            # The last thing done was a claim: withdraw it.
            b.actions = actions
            b.rebuild()
            return
        while actions:
            who, _, _ = actions.pop()
            if who == seat or _controls(b, seat, who):
                break
        b.actions = actions
        b.rebuild()


def _controls(b: BoardState, seat: Seat, who: Seat) -> bool:
    """``seat`` acted for ``who``: declarer plays dummy's cards."""
    if b.play is None:
        return False
    return who == b.play.dummy and seat == b.play.declarer


def contract_text(contract: Contract | None) -> str:
    """``"4SX"`` (no declarer), or ``"Pass"`` for a passed-out deal."""
    if contract is None:
        return "Pass"
    return f"{contract.level}{contract.strain.name}{contract.doubled}"
