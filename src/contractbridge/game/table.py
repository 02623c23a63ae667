"""A table: four seats playing a series of deals, kept as an append-only event log.

Drive it step by step (:meth:`Table.pending` says who must act, :meth:`Table.act` takes
the action: humans, the network) or let robots play (:meth:`Table.run`). Seats without a
player are left for :meth:`act`.

>>> from contractbridge.robots.basic import BasicRobot
>>> from contractbridge.scoring.duplicate import duplicate_score
>>> table = Table([BasicRobot()] * 4, form="duplicate", boards=1, seed=7)
>>> table.run()
>>> table.is_over, type(table.events[-1]).__name__
(True, 'SeriesEnded')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.deal import Deal
from contractbridge.core.errors import IllegalCallError, IllegalPlayError
from contractbridge.core.seat import SEATS, Seat, Side
from contractbridge.core.view import SeatView
from contractbridge.game.actions import (
    AcceptClaim,
    Action,
    ClaimTricks,
    Concede,
    ExplainCall,
    MakeCall,
    NameSuit,
    PlayCard,
    RejectClaim,
    StopSeries,
    Undo,
    WithdrawClaim,
    designated_card,
    parse_action,
)
from contractbridge.game.errors import (
    NothingToUndoError,
    NotYourTurnError,
    SeriesOverError,
    TableError,
)
from contractbridge.game.events import (
    FORMS,
    CallExplained,
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    ClaimWithdrawn,
    Conceded,
    ConcessionAnswered,
    DealDealt,
    DummyFaced,
    Event,
    SeriesEnded,
    SeriesStopped,
    TableOpened,
    Undone,
)
from contractbridge.game.state import Pending, ScoresheetFactory, TableState
from contractbridge.robots.base import Player, alerts, announcement


def deal_for(seed: int, number: int) -> Deal:
    """The ``number``-th deal of a table opened with ``seed`` (the same on every machine)."""
    return Deal.random(random.Random(f"contractbridge/{seed}/{number}"))


class Table:
    """Four seats, a scoresheet and the log of everything that happened."""

    def __init__(
        self,
        players: Mapping[Seat, Player | None] | Sequence[Player | None] = (),
        *,
        form: str = "rubber",
        boards: int | None = None,
        first_board: int = 1,
        duplicate_style: bool = False,
        dealers_opponents_vulnerable: bool = False,
        russian: bool = False,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        scoresheet_factory: ScoresheetFactory | None = None,
        events: Iterable[Event] | None = None,
    ) -> None:
        """Open a table (or, with ``events``, reopen one from its log).

        ``boards``: a duplicate series' boards, or a Chicago's deals (four unless given: any
        multiple of four in the duplicate style or Russian Chicago). Chicago's options:
        ``duplicate_style``, ``dealers_opponents_vulnerable`` (deals 2 and 3), ``russian``.
        """
        self.players: dict[Seat, Player | None] = _seat_players(players)
        self._events: list[Event] = []
        self._state = TableState(scoresheet_factory)
        if events is not None:
            for event in events:
                self._state.apply(event)
                self._events.append(event)
            if self._state.opened is None:
                raise SeriesOverError("an empty log: there is no table to reopen")
        else:
            if form not in FORMS:
                raise TableError(f"{form!r} is not a form of scoring (use one of {FORMS})")
            if form == "duplicate" and (boards or 0) < 1:
                boards = 1
            if names is None:
                names = tuple(getattr(self.players[s], "name", None) or s.full_name for s in SEATS)
            self._emit(
                TableOpened(
                    version=1,
                    form=form,
                    seed=seed if seed is not None else random.randrange(2**32),
                    boards=boards if form in ("duplicate", "chicago") else None,
                    first_board=first_board,
                    duplicate_style=duplicate_style,
                    names=tuple(names),
                    dealers_opponents_vulnerable=dealers_opponents_vulnerable,
                    russian=russian,
                )
            )
        self._settle()

    @classmethod
    def from_events(
        cls,
        events: Iterable[Event],
        players: Mapping[Seat, Player | None] | Sequence[Player | None] = (),
        *,
        scoresheet_factory: ScoresheetFactory | None = None,
    ) -> Table:
        """A table rebuilt from its (full, unfiltered) log, ready to go on."""
        return cls(players, events=events, scoresheet_factory=scoresheet_factory)

    # -- reading ---------------------------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        """The whole log (hidden hands included): for storage, never for a player."""
        return tuple(self._events)

    @property
    def version(self) -> int:
        return self._state.version

    @property
    def state(self) -> TableState:
        return self._state

    @property
    def opened(self) -> TableOpened:
        assert self._state.opened is not None
        return self._state.opened

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    def events_for(self, seat: Seat | None, since: int = 0) -> list[Event]:
        """The events after version ``since`` as ``seat`` may receive them (None: spectator)."""
        return [e.for_seat(seat) for e in self._events[since:]]

    def view_for(self, seat: Seat) -> SeatView:
        """What ``seat`` sees of the deal in progress."""
        return self._state.view(seat)

    def pending(self) -> Pending | None:
        """Who must act now and how (None once the series is over)."""
        return self._state.pending()

    def totals(self) -> dict[Side, int]:
        return self._state.totals()

    # -- acting ----------------------------------------------------------------------------
    def act(self, seat: Seat, action: Action | Call | Card | str) -> list[Event]:
        """``seat`` acts; returns the events that follow (its own and the table's).

        An illegal action raises a :class:`~contractbridge.core.errors.BridgeError` saying why
        and changes nothing.
        """
        if isinstance(action, str):
            action = parse_action(action)
        elif isinstance(action, Call):
            action = MakeCall(action)
        elif isinstance(action, Card):
            action = PlayCard(action)
        if self._state.is_over:
            raise SeriesOverError("the series is over")
        start = len(self._events)
        self._emit(self._event_for(seat, action))
        self._settle()
        return self._events[start:]

    def _event_for(self, seat: Seat, action: Action) -> Event:
        version = self.version + 1
        if isinstance(action, StopSeries):
            return SeriesStopped(version=version, seat=seat)
        deal = self._state.current
        assert deal is not None
        if isinstance(action, MakeCall):
            return CallMade(
                version=version,
                seat=seat,
                call=action.call,
                alert=action.alert,
                explanation=action.explanation,
                announcement=action.announcement,
            )
        if isinstance(action, ExplainCall):
            text = action.text.strip() or None
            call = self._state.call_to_explain(seat, action.index, text)
            return CallExplained(
                version=version,
                seat=seat,
                index=action.index,
                alert=call.alert if action.alert is None else action.alert,
                explanation=text,
            )
        if isinstance(action, Undo):
            last = self._state.last_action_of(seat)
            if last is None:
                raise NothingToUndoError(
                    f"{seat.full_name} has no call or card to take back in this deal"
                )
            return Undone(version=version, seat=seat, back_to=last.version)
        play = deal.play
        if play is None:
            raise IllegalCallError(
                "the auction is not over yet: make a call (a card, claim or concession waits)"
            )
        if isinstance(action, NameSuit):  # "a heart" for dummy: its lowest (Law 46B2)
            action = PlayCard(designated_card(play, seat, action.suit))
        if isinstance(action, PlayCard):
            turn = play.turn
            if turn is None:
                raise IllegalPlayError("the play is over")
            return CardPlayed(version=version, seat=turn, card=action.card, by=seat)
        if isinstance(action, ClaimTricks):
            if action.tricks == 0 and seat.side != play.declarer.side:
                # "none of the rest" from a defender concedes them all, and a defender's
                # concession waits for partner, who may object (Law 68B2)
                return Conceded(version=version, seat=seat, tricks=play.remaining_tricks, asks=True)
            return ClaimMade(
                version=version, seat=seat, tricks=action.tricks, remaining=play.remaining_tricks
            )
        if isinstance(action, Concede):
            return Conceded(version=version, seat=seat, tricks=action.tricks, asks=True)
        if isinstance(action, AcceptClaim | RejectClaim) and deal.concession is not None:
            # partner's answer to a defender's concession (Law 68B2)
            agreed = isinstance(action, AcceptClaim)
            return ConcessionAnswered(version=version, seat=seat, agreed=agreed)
        if isinstance(action, AcceptClaim):
            return ClaimAccepted(version=version, seat=seat)
        if isinstance(action, RejectClaim):
            return ClaimRejected(version=version, seat=seat)
        if isinstance(action, WithdrawClaim):
            return ClaimWithdrawn(version=version, seat=seat)
        raise NotYourTurnError(f"{action!r} is not something a seat can do")

    def _emit(self, event: Event) -> None:
        self._state.apply(event)  # raises, changing nothing, if the event cannot happen
        self._events.append(event)

    def _settle(self) -> None:
        """Add the table's own events: dummy faced, deal scored, next deal, series ended."""
        state = self._state
        while not state.is_over:
            deal = state.current
            version = state.version + 1
            if state.stopped is not None or deal is None or deal.result is not None:
                assert state.sheet is not None
                if state.stopped is not None or state.sheet.is_complete:
                    totals = state.sheet.totals()
                    self._emit(
                        SeriesEnded(
                            version=version, ns_total=totals[Side.NS], ew_total=totals[Side.EW]
                        )
                    )
                else:
                    self._emit(self._next_deal(version))
            elif deal.play is not None and deal.play.dummy_visible and not deal.dummy_faced:
                dummy = deal.play.dummy
                self._emit(DummyFaced(version=version, seat=dummy, hand=deal.deal[dummy]))
            elif deal.is_finished:
                self._events.append(state.score_deal())
            else:
                return

    def _next_deal(self, version: int) -> DealDealt:
        state = self._state
        assert state.sheet is not None
        opened = self.opened
        number = len(state.results) + 1
        deal = deal_for(opened.seed, number)
        return DealDealt(
            version=version,
            number=number,
            board=opened.first_board + number - 1 if opened.form == "duplicate" else None,
            dealer=state.sheet.dealer,
            vulnerability=state.sheet.vulnerability,
            hands=deal.hands,
        )

    # -- robots ----------------------------------------------------------------------------
    def step(self) -> bool:
        """Let the player whose turn it is act once; False if nobody here can act now."""
        pending = self.pending()
        if pending is None:
            return False
        player = self.players.get(pending.seat)
        if player is None:
            return False
        view = self.view_for(pending.seat)
        if pending.kind == "call":
            call = player.call(view)
            explain = getattr(player, "explain", None)
            text = explain(view, call) if callable(explain) else None
            said = announcement(player, view, call)
            alerted = alerts(player, view, call)
            self.act(pending.seat, MakeCall(call, alerted, text, said))
        elif pending.kind == "card":
            claimed = self.offer_claim(pending.seat, player, view)
            action = ClaimTricks(claimed) if claimed is not None else PlayCard(player.card(view))
            self.act(pending.seat, action)
        elif pending.kind == "concession":
            # partner's concession gives declarer's side those tricks: agree only if they
            # are declarer's anyway, as for declarer's claim of them (Law 68B2)
            conceded = pending.concession
            assert conceded is not None and view.declarer is not None
            agree = player.accept_claim(view, view.declarer, conceded.tricks)
            self.act(pending.seat, AcceptClaim() if agree else RejectClaim())
        else:
            claim = pending.claim
            assert claim is not None
            agree = player.accept_claim(view, claim.seat, claim.tricks)
            self.act(pending.seat, AcceptClaim() if agree else RejectClaim())
        return True

    def offer_claim(self, seat: Seat, player: object, view: SeatView | None = None) -> int | None:
        """The tricks ``player``, declaring in ``seat``, claims now, if any: only when
        :meth:`may_claim` allows and its own ``claim(view)`` finds the rest certain (the
        player then plays on otherwise). ``view``: ``seat``'s view, if at hand."""
        claim = getattr(player, "claim", None)
        if claim is None or not self.may_claim(seat):
            return None
        claimed = claim(view if view is not None else self.view_for(seat))
        return int(claimed) if claimed is not None else None

    def may_claim(self, seat: Seat) -> bool:
        """Whether declarer in ``seat`` may be asked to claim now: on its own turn, with two
        tricks or more to play, and not again at a point of the play where a claim by
        ``seat`` was rejected or withdrawn."""
        pending = self.pending()
        current = self._state.current
        if pending is None or pending.kind != "card" or current is None:
            return False
        play = current.play
        if play is None or seat != pending.seat or seat != play.declarer:
            return False
        remaining = play.remaining_tricks
        if remaining < 2:  # the last trick is played faster than claimed and answered
            return False
        for event in reversed(self._events):
            if event.version <= current.dealt.version:
                break
            if isinstance(event, ClaimMade) and event.seat == seat and event.remaining == remaining:
                return False
        return True

    def run(self, max_actions: int | None = None) -> None:
        """Let the players act until the series is over or a seat without a player must act."""
        done = 0
        while (max_actions is None or done < max_actions) and self.step():
            done += 1


def _seat_players(
    players: Mapping[Seat, Player | None] | Sequence[Player | None],
) -> dict[Seat, Player | None]:
    if isinstance(players, Mapping):
        return {s: players.get(s) for s in SEATS}
    seq = list(players)
    if seq and len(seq) != 4:
        raise TableError(f"a table seats four players (N, E, S, W), not {len(seq)}")
    return {s: (seq[i] if seq else None) for i, s in enumerate(SEATS)}
