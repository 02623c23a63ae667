"""The table the server runs: a :class:`contractbridge.game.Table` plus what a web table adds.

The game's event log is the table's log, stored as the events' JSON forms. The server adds
what the game leaves to its front ends, kept in the same log as ``server.*`` events: asking
the other people at the table before an undo or before stopping the series, and their
answers, and each person's word on whether kibitzers see all hands. Everything else — the
legality of calls and cards, claims, undo, stopping, scoring, the next deal — is the game's.

>>> from contractbridge.server.tables.settings import TableSettings
>>> t = ServerTable.new(TableSettings(seed=1, boards=2))
>>> t.version, t.board.number, t.pending()
(2, 1, [<Seat.N: 0>])
>>> events = t.act(Seat.N, {"call": "1NT"})
>>> [e["type"] for e in events], [str(c) for c in t.board.auction.calls]
(['call'], ['1NT'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from contractbridge.core import (
    SEATS,
    Auction,
    Board,
    BridgeError,
    Call,
    Card,
    Contract,
    Deal,
    IllegalPlayError,
    Play,
    Seat,
    Side,
    Vulnerability,
)
from contractbridge.game import (
    AcceptClaim,
    Action,
    CallMade,
    ClaimTricks,
    Concede,
    DealDealt,
    DealScored,
    Event,
    ExplainCall,
    MakeCall,
    NotYourTurnError,
    PlayCard,
    RejectClaim,
    StopSeries,
    Table,
    TableOpened,
    Undo,
    WithdrawClaim,
    designated_card,
    parse_suit_only,
)
from contractbridge.game.beer import Beer, beer_card
from contractbridge.game.state import DealState
from contractbridge.robots.cardplay.carding import Carding
from contractbridge.scoring.chicago import ChicagoScoresheet
from contractbridge.scoring.rubber import RubberScoresheet
from contractbridge.server.tables.settings import (
    DEFAULT_BOARDS,
    KIBITZERS_SEE_HANDS,
    KINDS,
    TableSettings,
)
from contractbridge.server.web.errors import ActionError

_SERVER = "server."


@dataclass
class BoardState:
    """One deal as the page shows it: the one in progress, or a finished one kept whole."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    auction: Auction
    play: Play | None
    explanations: list[str | None]
    alerts: list[bool]
    result: DealScored | None = None
    #: each call's announcement ("15-17", "hearts"; None: not announced), heard by everyone
    announcements: list[str | None] = field(default_factory=list)
    #: a claim waiting for the claimer's opponents: claimer, tricks, who has agreed
    pending_claim: tuple[Seat, int, set[Seat]] | None = None
    #: an undo waiting for the other people's consent: who asked, who has agreed
    pending_undo: tuple[Seat, set[Seat]] | None = None
    #: a defender's concession waiting for partner (Law 68B2): who conceded, the tricks
    pending_concession: tuple[Seat, int] | None = None

    @classmethod
    def of(cls, state: DealState, *, copy: bool) -> BoardState:
        calls = [a for a in state.actions[: len(state.auction)] if isinstance(a, CallMade)]
        play = state.play
        pending = None
        if state.claim is not None and not (play is not None and play.is_complete):
            pending = (state.claim.seat, state.claim.tricks, set(state.accepted))
        return cls(
            # the board's own number (a table given its deal plays it as that board)
            number=state.dealt.board if state.dealt.board is not None else state.number,
            dealer=state.dealer,
            vulnerability=state.vulnerability,
            deal=state.deal,
            auction=state.auction.copy() if copy else state.auction,
            play=(play.copy() if copy else play) if play is not None else None,
            explanations=[c.explanation for c in calls],
            alerts=[c.alert for c in calls],
            announcements=[c.announcement for c in calls],
            result=state.result,
            pending_claim=pending,
            pending_concession=(
                (state.concession.seat, state.concession.tricks)
                if state.concession is not None
                else None
            ),
        )

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract if self.auction.is_complete else None

    @property
    def claim(self) -> tuple[Seat, int] | None:
        """The agreed claim or concession that ended the play, if one did."""
        made = self.play.claim_made if self.play is not None else None
        return (made.by, made.tricks) if made is not None else None

    def declarer_tricks(self) -> int:
        if self.result is not None:
            return self.result.declarer_tricks
        return self.play.declarer_tricks if self.play is not None else 0

    def tricks_won(self, side: Side) -> int:
        return self.play.tricks_won(side) if self.play is not None else 0

    def ns_score(self) -> int | None:
        """North-South's points on this deal, less East-West's (None until it is over)."""
        if self.result is None:
            return None
        return self.result.ns_points - self.result.ew_points

    def beer_card(self, rule: str = "declarer") -> Beer | None:
        """The beer the 7 of diamonds earned by winning the last trick (the Beer Card):
        declarer's for a made contract, with ``rule="both"`` a defender's for a defeated one
        too (:func:`~contractbridge.game.beer.beer_card`)."""
        play, contract = self.play, self.contract
        if play is None or contract is None or not play.is_complete or play.claim_made:
            return None
        played = [(t.leader.next(i), c) for t in play.tricks for i, c in enumerate(t.cards)]
        return beer_card(contract, played, self.declarer_tricks(), rule=rule)


#: a request waiting for the other people's consent: who asked, who has agreed
Request = tuple[Seat, set[Seat]]


@dataclass(frozen=True)
class Outside:
    """A Blue Chip client seated at the table: it plays its seat from deal ``from_deal`` (an
    index from 0: the deal in progress when it came, unless a call had been made in it);
    ``client`` tells one connection from the next, ``name`` is the name it gave."""

    from_deal: int
    client: str
    name: str


@dataclass
class ServerTable:
    """A game table, the finished deals kept for replay, and the server's requests for
    consent (to undo, to stop the series)."""

    settings: TableSettings
    table: Table
    finished: list[BoardState] = field(default_factory=list)
    version: int = 0
    pending_undo: Request | None = None
    pending_stop: Request | None = None
    #: events the game added when the log was reopened, still to be stored
    backlog: list[dict[str, Any]] = field(default_factory=list)
    #: the version the last undo left (an undo asked at an earlier version is a second click)
    undone_at: int = 0
    #: the people who agree, now, that kibitzers see all hands (:meth:`kibitzers_see_hands`)
    kibitz_agreed: set[Seat] = field(default_factory=set)
    #: the seats a Blue Chip client holds now (our robot plays a Blue Chip seat without one)
    outside: dict[Seat, Outside] = field(default_factory=dict)

    # -- opening and reopening ------------------------------------------------------------
    @classmethod
    def new(cls, settings: TableSettings) -> ServerTable:
        kind = settings.kind
        if kind not in KINDS:
            raise ActionError(f"a table plays rubber, chicago or duplicate, not {kind!r}")
        names = tuple(settings.seat(s).name or s.full_name for s in SEATS)
        if settings.fixed is not None:
            return cls._fixed(settings, names)
        chicago = settings.chicago_options() if kind == "chicago" else {}
        deals = chicago.pop("boards", None)  # a Chicago's deals (None: four)
        table = Table(
            {},
            form=kind,
            boards=(settings.boards or DEFAULT_BOARDS) if kind == "duplicate" else deals,
            seed=settings.seed,
            names=names,
            **chicago,
        )
        server = cls(settings=settings, table=table)
        server.version = len(table.events)
        server.kibitz_agreed = server._kibitz_at_creation()
        return server

    @classmethod
    def _fixed(cls, settings: TableSettings, names: tuple[str, ...]) -> ServerTable:
        """A table playing one given deal as its board (``settings.fixed``): a duplicate
        series of that one board, dealt the given cards, its given calls made."""
        fixed = settings.fixed
        assert fixed is not None
        if settings.kind != "duplicate":
            raise ActionError("a table given its deal plays it as one duplicate board")
        try:
            deal = Deal.from_pbn(fixed.deal)
            board = Board(fixed.board)
            opened = TableOpened(
                version=1, form="duplicate", seed=settings.seed, boards=1,
                first_board=fixed.board, names=names,
            )  # fmt: skip
            dealt = DealDealt(
                version=2, number=1, board=fixed.board, dealer=board.dealer,
                vulnerability=board.vulnerability, hands=deal.hands,
            )  # fmt: skip
            table = Table({}, events=[opened, dealt])
            for call, alert, explanation in fixed.calls:
                turn = table.state.current
                assert turn is not None
                table.act(turn.auction.turn, MakeCall(Call.parse(call), alert, explanation))
        except BridgeError as error:
            raise ActionError(f"the given deal cannot be played: {error}") from error
        server = cls(settings=settings, table=table)
        for data in table.events:
            if isinstance(data, DealScored) and table.state.current is not None:
                server.finished.append(BoardState.of(table.state.current, copy=True))
        server.version = len(table.events)
        server.kibitz_agreed = server._kibitz_at_creation()
        return server

    def start_events(self) -> list[dict[str, Any]]:
        """The events the table opened with (to store when it is created)."""
        return [e.to_dict() for e in self.table.events]

    @classmethod
    def replay(cls, settings: TableSettings, stored: list[dict[str, Any]]) -> ServerTable:
        """The table as its stored log leaves it."""
        from contractbridge.game.state import TableState as GameState

        events: list[Event] = []
        game = GameState()
        finished: list[BoardState] = []
        pending_undo: Request | None = None
        pending_stop: Request | None = None
        undone_at = 0
        kibitz: list[dict[str, Any]] = []  # each person's word, after the creator's
        outside: dict[Seat, Outside] = {}
        for position, data in enumerate(stored, 1):
            kind = str(data.get("type", ""))
            if kind == "undone":
                undone_at = position
            if kind == _SERVER + "kibitz":
                kibitz.append(data)
                continue
            if kind == _SERVER + "bluechip":
                _outside_event(outside, data)
                continue
            if kind.startswith(_SERVER + "stop_"):
                pending_stop = _server_event(pending_stop, data)
                continue
            if kind.startswith(_SERVER):
                pending_undo = _server_event(pending_undo, data)
                continue
            event = Event.from_dict(data)
            game.apply(event)
            events.append(event)
            if isinstance(event, DealScored) and game.current is not None:
                finished.append(BoardState.of(game.current, copy=True))
            if not isinstance(event, DealScored):
                pending_undo = None if kind == "undone" else pending_undo
        table = Table.from_events(events)
        backlog = [e.to_dict() for e in table.events[len(events) :]]
        server = cls(
            settings=settings,
            table=table,
            finished=finished,
            version=len(stored) + len(backlog),
            pending_undo=pending_undo if not table.is_over else None,
            pending_stop=pending_stop if not table.is_over else None,
            backlog=backlog,
            undone_at=undone_at,
            outside=outside,
        )
        server.kibitz_agreed = server._kibitz_at_creation()
        for data in kibitz:
            server.kibitz_agreed = _kibitz_event(server.kibitz_agreed, data)
        return server

    # -- reading ----------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        return self.settings.kind

    @property
    def boards(self) -> list[BoardState]:
        """Every deal so far: the finished ones, then the one in progress (if any; a deal
        left unfinished when the series was stopped is not shown)."""
        current = self.table.state.current
        boards = list(self.finished)
        if current is not None and current.result is None and not self.table.is_over:
            live = BoardState.of(current, copy=False)
            live.pending_undo = self.pending_undo
            boards.append(live)
        return boards

    @property
    def board(self) -> BoardState:
        return self.boards[-1]

    def robots(self) -> set[Seat]:
        return self.settings.robots()

    def humans(self) -> set[Seat]:
        return self.settings.humans()

    def kibitzers_see_hands(self) -> bool:
        """Whether a kibitzer (a spectator who holds no seat here) sees all four hands: at a
        table of robots alone, unless its creator said not; where people play, only while
        every one of them agrees (any one may withdraw at any time). The creator's
        ``kibitzers_see_hands: true`` is everyone's word to begin with, as a BBO host's table
        options are accepted by sitting down; each person may then switch it off."""
        humans = self.humans()
        if not humans:
            return self.settings.kibitzers_see_hands is not False
        return humans <= self.kibitz_agreed

    def _kibitz_at_creation(self) -> set[Seat]:
        return self.humans() if self.settings.kibitzers_see_hands is True else set()

    def pending(self) -> list[Seat]:
        """The seats that must act now (empty once the series is over)."""
        for request in (self.pending_stop, self.pending_undo):
            if request is not None:
                asker, agreed = request
                return sorted(self.humans() - {asker} - agreed)
        pending = self.table.pending()
        return [pending.seat] if pending is not None else []

    def plays_outside(self, seat: Seat) -> bool:
        """Whether a Blue Chip client plays ``seat`` in the deal in progress."""
        seated = self.outside.get(seat)
        return seated is not None and seated.from_deal <= len(self.finished)

    def seat_outside(self, seat: Seat, client: str, name: str | None) -> list[dict[str, Any]]:
        """A Blue Chip client takes the seat (``name`` given) or leaves it (None): the event
        to store. One that leaves after another took its place changes nothing."""
        if seat not in self.settings.bluechip_seats():
            raise ActionError(f"{seat.full_name}'s seat is not given to a Blue Chip client", 403)
        event: dict[str, Any] = {"type": f"{_SERVER}bluechip", "seat": seat.name, "client": client}
        if name is None:
            seated = self.outside.get(seat)
            if seated is None or seated.client != client:
                return []
            event["left"] = True
        else:
            b = self.board
            fresh = not b.is_over and len(b.auction) == 0
            event["name"] = name
            event["from_deal"] = len(self.finished) + (0 if fresh else 1)
        _outside_event(self.outside, event)
        self.version += 1
        return [event]

    def signal(self, seat: Seat, text: Any) -> dict[str, Any]:
        """What an opponent's card played in this deal means by the table's carding
        agreement, as the player's partner would tell ``seat`` if asked (Law 20F): from the
        contract and the cards played alone, never from a hand."""
        if not isinstance(text, str):
            raise ActionError("name a card played in this deal, like C9")
        card = Card.parse(text)
        board = self.board
        play, contract = board.play, board.contract
        played: list[tuple[Seat, Card]] = []
        if play is not None:
            played = [(t.leader.next(i), c) for t in play.tricks for i, c in enumerate(t.cards)]
            played += [(play.leader.next(i), c) for i, c in enumerate(play.current_trick)]
        index = next((i for i, (_, c) in enumerate(played) if c == card), None)
        if contract is None or index is None:
            raise ActionError(f"{card} has not been played in this deal")
        who = played[index][0]
        if who.side == seat.side:
            raise ActionError("you may ask about the opponents' cards only", 403)
        meaning = Carding(discards=self.settings.carding).explain(contract, played, index)
        return {"seat": who.name, "card": str(card), "meaning": meaning}

    def series_over(self) -> bool:
        return self.table.is_over

    def stopped_by(self) -> Seat | None:
        """Who stopped the series before its end (None: it is going on, or it ran out)."""
        stopped = self.table.state.stopped
        return stopped.seat if stopped is not None else None

    def score_sheet(self) -> dict[str, Any]:
        """The sheet as people draw it, for the page."""
        sheet = self.table.state.sheet
        rows = []
        for b in self.finished:
            contract = b.contract
            rows.append(
                {
                    "number": b.number,
                    "contract": contract_text(contract),
                    "declarer": seat_name(contract.declarer if contract else None),
                    "tricks": b.declarer_tricks() if contract else None,
                    "ns": b.ns_score(),
                    "beer": (beer := b.beer_card(self.settings.beer_card)) is not None,
                    "beer_defenders": beer is not None and beer.defenders,
                }
            )
        totals = self.table.totals()
        out: dict[str, Any] = {
            "kind": self.kind,
            "rows": rows,
            "totals": {"NS": totals[Side.NS], "EW": totals[Side.EW]},
            "over": self.series_over(),
            "stopped": stopped.name if (stopped := self.stopped_by()) is not None else None,
        }
        if isinstance(sheet, ChicagoScoresheet):
            out["chicago"] = {
                "deals": sheet.deals,
                "scoring": "russian"
                if sheet.russian
                else "duplicate"
                if sheet.duplicate_style
                else "standard",
                "vulnerable": "non-dealer" if sheet.dealers_opponents_vulnerable else "dealer",
            }
            if sheet.russian:  # the totals are IMPs: each deal's score against its target
                for row, entry in zip(rows, sheet.entries, strict=False):
                    row |= {"score": entry.ns_score, "hcp": entry.ns_points,
                            "target": entry.ns_target}  # fmt: skip
        if isinstance(sheet, RubberScoresheet) or (
            isinstance(sheet, ChicagoScoresheet) and not sheet.duplicate_style
        ):
            entries = [
                {
                    "number": entry.number,
                    "below": list(entry.below),
                    "above": list(entry.above),
                    "game": entry.game.name if entry.game is not None else None,
                }
                for entry in sheet.entries
            ]
            written = (
                sheet.premiums  # with the unfinished-rubber premiums of a stopped rubber
                if isinstance(sheet, RubberScoresheet)
                else [p for e in sheet.entries for p in e.premiums]
            )
            premiums = [
                {"side": p.side.name, "points": p.points, "reason": p.reason} for p in written
            ]
            out["lines"] = {"entries": entries, "premiums": premiums}
        return out

    # -- acting -------------------------------------------------------------------------------
    def act(self, seat: Seat | None, action: Any) -> list[dict[str, Any]]:
        """``seat`` acts: the events that follow (already applied), to be stored before
        they are acknowledged. :class:`ActionError` (nothing changed) if it may not."""
        if seat is None:
            raise ActionError("spectators cannot act", 403)
        if not isinstance(action, dict):
            raise ActionError('an action is a JSON object such as {"call": "1NT"}')
        if self.table.is_over:
            raise ActionError("the series is over")
        try:
            if "undo" in action:
                _asked(action, "undo", "ask for an undo")
                return self._undo(seat)
            if "accept_undo" in action:
                return self._undo_reply(seat, _answer(action, "accept_undo"))
            if "stop" in action:
                _asked(action, "stop", "stop the series")
                return self._stop(seat)
            if "accept_stop" in action:
                return self._stop_reply(seat, _answer(action, "accept_stop"))
            if "explain" in action:  # no request waiting stands in its way
                return self._game(seat, self._explain(seat, action))
            if KIBITZERS_SEE_HANDS in action:  # nor here: it is no move in the game
                return self._kibitz(seat, action[KIBITZERS_SEE_HANDS])
            if self.pending_stop is not None:
                raise ActionError("a request to stop the series is waiting for consent", 409)
            if self.pending_undo is not None:
                raise ActionError("an undo is waiting for consent")
            return self._game(seat, self._action(seat, action))
        except ActionError:
            raise
        except BridgeError as error:
            raise ActionError(str(error)) from error

    def _action(self, seat: Seat, action: dict[str, Any]) -> Action:
        board = self.board
        play = board.play
        pending = self.table.pending()
        if "call" in action:
            text = action["call"]
            if not isinstance(text, str):
                raise ActionError("a call is written like 1NT, 2H, P, X or XX")
            call = Call.parse(text)
            if board.auction.is_complete:
                raise ActionError("the auction is over")
            turn = board.auction.turn
            if turn != seat:
                raise ActionError(f"it is {turn.full_name}'s turn to call, not yours", 409)
            reason = board.auction.why_illegal(call)
            if reason is not None:
                raise ActionError(reason)
            explanation = action.get("explanation")
            if explanation is not None and not isinstance(explanation, str):
                raise ActionError("an explanation is text")
            alert = action.get("alert", False)
            if not isinstance(alert, bool):
                raise ActionError("alert is true or false")
            announced = action.get("announcement")
            if announced is not None:
                if not isinstance(announced, str):
                    raise ActionError("an announcement is text")
                if seat not in self.robots():
                    # a person's call is explained (to the opponents alone), not announced
                    raise ActionError("the robots announce their calls: explain yours instead")
            explanation = (explanation or None) and explanation[:200]
            return MakeCall(call, alert, explanation, (announced or None) and announced[:40])
        if "card" in action:
            text = action["card"]
            if not isinstance(text, str):
                raise ActionError("a card is written suit then rank, like SA or H10")
            suit = parse_suit_only(text)
            card = Card.parse(text) if suit is None else None
            if play is None:
                raise ActionError("no card can be played now: the auction is not over")
            if card is None:
                assert suit is not None
                try:  # "H" alone for dummy: its lowest heart (Law 46B2)
                    card = designated_card(play, seat, suit)
                except IllegalPlayError as error:
                    raise ActionError(str(error)) from None
            if seat == play.dummy:
                raise ActionError("dummy takes no part in the play; declarer plays", 403)
            if pending is None or pending.kind != "card" or pending.seat != seat:
                who = pending.seat.full_name if pending is not None else "nobody"
                raise ActionError(f"it is {who}'s turn, not yours", 409)
            reason = play.why_illegal(card, by=seat)
            if reason is not None:
                raise ActionError(reason)
            return PlayCard(card)
        if "claim" in action or "concede" in action:
            if play is None or play.is_complete:
                raise ActionError("a claim or concession is made during the play")
            if seat == play.dummy:
                raise ActionError("dummy may not claim (Law 43); declarer may", 403)
            if "concede" in action:
                _asked(action, "concede", "concede the remaining tricks")
                return Concede(play.remaining_tricks)
            tricks = action["claim"]
            if not isinstance(tricks, int) or isinstance(tricks, bool):
                raise ActionError("a claim names a number of tricks")
            return ClaimTricks(tricks)
        if "withdraw_claim" in action:
            _asked(action, "withdraw_claim", "withdraw your claim")
            claim = board.pending_claim
            if claim is None:
                raise ActionError("there is no claim to withdraw")
            if seat != claim[0]:
                raise ActionError(f"only {claim[0].full_name}, who claimed, withdraws it", 403)
            return WithdrawClaim()
        if "accept_claim" in action:
            if board.pending_claim is None and board.pending_concession is None:
                raise ActionError("there is no claim or concession to answer")
            return AcceptClaim() if _answer(action, "accept_claim") else RejectClaim()
        raise ActionError(
            "unknown action: send one of call, explain, card, claim, concede, accept_claim, "
            "withdraw_claim, undo, accept_undo, stop, accept_stop"
        )

    def _explain(self, seat: Seat, action: dict[str, Any]) -> ExplainCall:
        """``{"explain": 2, "explanation": "Stayman", "alert": true}``: the seat explains its
        own call number 2 (from 0) afresh; without ``alert`` the call keeps its alert."""
        index = action["explain"]
        if not isinstance(index, int) or isinstance(index, bool):
            raise ActionError("explain names a call by its place in the auction, from 0")
        text = action.get("explanation") or ""
        if not isinstance(text, str):
            raise ActionError("an explanation is text")
        alert = action.get("alert")
        if alert is not None and not isinstance(alert, bool):
            raise ActionError("alert is true or false")
        auction = self.board.auction
        if 0 <= index < len(auction) and auction.seat_of(index) != seat:
            caller = auction.seat_of(index).full_name
            raise ActionError(f"that call is {caller}'s: a player explains only their own", 403)
        return ExplainCall(index, text, alert)

    def _kibitz(self, seat: Seat, agree: Any) -> list[dict[str, Any]]:
        """``{"kibitzers_see_hands": true}``: the seat agrees that kibitzers see all hands
        (they do once every person has); ``false``: it no longer does, and they do not. The
        same word twice changes nothing (a double click)."""
        if not isinstance(agree, bool):
            raise ActionError(
                "kibitzers_see_hands is true (kibitzers see all four hands) or false (they "
                "see dummy only)"
            )
        if seat not in self.humans():
            raise ActionError("only a person at the table says whether kibitzers see hands", 403)
        if (seat in self.kibitz_agreed) == agree:
            return []
        event = {"type": f"{_SERVER}kibitz", "seat": seat.name, "agree": agree}
        self.kibitz_agreed = _kibitz_event(self.kibitz_agreed, event)
        self.version += 1
        return [event]

    def _game(self, seat: Seat, action: Action) -> list[dict[str, Any]]:
        current = self.table.state.current
        try:
            events = self.table.act(seat, action)
        except NotYourTurnError as error:
            raise ActionError(str(error), 409) from error
        for event in events:
            if isinstance(event, DealScored) and current is not None:
                self.finished.append(BoardState.of(current, copy=True))
        undone = any(event.kind == "undone" for event in events)
        if undone or self.table.is_over:
            self.pending_undo = None
        if self.table.is_over:
            self.pending_stop = None
        self.version += len(events)
        if undone:
            self.undone_at = self.version
        return [e.to_dict() for e in events]

    def _undo(self, seat: Seat) -> list[dict[str, Any]]:
        if self.pending_stop is not None:
            raise ActionError("a request to stop the series is waiting for consent", 409)
        if self.pending_undo is not None:
            raise ActionError("an undo is already waiting for consent")
        if self.settings.tournament:
            raise ActionError("no undo in a tournament: every call and card counts", 403)
        if self.table.state.last_action_of(seat) is None:
            raise ActionError("you have made no call or card to take back in this deal")
        if any(self.plays_outside(s) for s in self.outside):
            raise ActionError(
                "no undo where a Blue Chip robot plays: it cannot take back what it was told", 409
            )
        return self._ask(seat, "undo", Undo())

    def _undo_reply(self, seat: Seat, accept: bool) -> list[dict[str, Any]]:
        return self._answer(seat, "undo", accept, Undo(), "there is no undo to answer", "this undo")

    def _stop(self, seat: Seat) -> list[dict[str, Any]]:
        """Stop the series: at once when no other person sits at the table, else once every
        other person has agreed (robots are not asked)."""
        if self.settings.tournament:
            raise ActionError(
                "a tournament's deal is played to its end; you may leave and come back", 403
            )
        if self.pending_stop is not None:
            raise ActionError("a request to stop the series is already waiting for consent")
        if self.pending_undo is not None:
            raise ActionError("an undo is waiting for consent", 409)
        return self._ask(seat, "stop", StopSeries())

    def _stop_reply(self, seat: Seat, accept: bool) -> list[dict[str, Any]]:
        nothing = "there is no request to stop the series to answer"
        return self._answer(seat, "stop", accept, StopSeries(), nothing, "this request")

    # -- requests for consent (undo, stop): kept in pending_undo / pending_stop -----------
    def _ask(self, seat: Seat, what: str, action: Action) -> list[dict[str, Any]]:
        """``seat`` asks to ``what`` (take ``action``): at once when no other person sits at
        the table, else a request every other person must agree to (robots are not asked)."""
        if not self.humans() - {seat}:
            return self._game(seat, action)
        event = {"type": f"{_SERVER}{what}_request", "seat": seat.name}
        setattr(self, f"pending_{what}", _server_event(None, event))
        self.version += 1
        return [event]

    def _answer(
        self, seat: Seat, what: str, accept: bool, action: Action, nothing: str, which: str
    ) -> list[dict[str, Any]]:
        """``seat`` agrees or not to the waiting request; once every other person has agreed,
        the asker's ``action`` is taken."""
        pending: Request | None = getattr(self, f"pending_{what}")
        if pending is None:
            raise ActionError(nothing)
        asker, agreed = pending
        if seat == asker or seat in agreed or seat not in self.humans():
            raise ActionError(f"you cannot answer {which}", 403)
        event = {"type": f"{_SERVER}{what}_reply", "seat": seat.name, "accept": accept}
        pending = _server_event(pending, event)
        setattr(self, f"pending_{what}", pending)
        self.version += 1
        if pending is None or self.humans() - {asker} - pending[1]:
            return [event]
        # Everyone agreed: the game takes the action.
        setattr(self, f"pending_{what}", None)
        return [event, *self._game(asker, action)]


def _asked(action: dict[str, Any], key: str, what: str) -> None:
    """An action that is asked for by ``{key: true}``: a JSON ``false`` (or anything else)
    never performs it."""
    if action[key] is not True:
        raise ActionError(f'send {{"{key}": true}} to {what}')


def _answer(action: dict[str, Any], key: str) -> bool:
    """A yes or no: ``{key: true}`` or ``{key: false}``, nothing else."""
    value = action[key]
    if not isinstance(value, bool):
        raise ActionError(f"{key} is true or false")
    return value


def _outside_event(outside: dict[Seat, Outside], data: dict[str, Any]) -> None:
    """Who holds the Blue Chip seats after a ``server.bluechip`` event."""
    seat = Seat.parse(str(data["seat"]))
    client = str(data.get("client", ""))
    if data.get("left"):
        if seat in outside and outside[seat].client == client:
            del outside[seat]
        return
    outside[seat] = Outside(int(data.get("from_deal", 0)), client, str(data.get("name", "")))


def _kibitz_event(agreed: set[Seat], data: dict[str, Any]) -> set[Seat]:
    """Who agrees that kibitzers see all hands after a ``server.kibitz`` event."""
    seat = Seat.parse(str(data["seat"]))
    return agreed | {seat} if data.get("agree") else agreed - {seat}


def _server_event(pending: Request | None, data: dict[str, Any]) -> Request | None:
    """The undo (or stop) request after one of the server's own events."""
    seat = Seat.parse(str(data["seat"]))
    if data["type"] in ("server.undo_request", "server.stop_request"):
        return (seat, set())
    if data["type"] in ("server.undo_reply", "server.stop_reply") and pending is not None:
        if not data.get("accept"):
            return None
        return (pending[0], pending[1] | {seat})
    return pending


def seat_name(seat: Seat | None) -> str | None:
    """``"N"``... for a seat, None for none (never a test of the seat for truth: North is 0)."""
    return seat.name if seat is not None else None


def contract_text(contract: Contract | None) -> str:
    """``"4SX"`` (no declarer), or ``"Pass"`` for a passed-out deal."""
    if contract is None:
        return "Pass"
    return f"{contract.level}{contract.strain.name}{contract.doubled}"
