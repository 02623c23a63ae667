"""The state of a table, rebuilt from its events: :func:`replay` is the only way it changes.

Every event is checked as it is applied (a call must be legal, a card in turn, a claim
answered by the claimer's opponents ...), so a log that replays is a log of a possible game,
and an illegal event raises before anything changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from contractbridge.core.auction import Auction
from contractbridge.core.deal import Deal
from contractbridge.core.errors import IllegalCallError, IllegalPlayError, PlayCompleteError
from contractbridge.core.play import Play
from contractbridge.core.seat import Seat, Side, Vulnerability
from contractbridge.core.view import SeatView
from contractbridge.game.errors import (
    EventLogError,
    ExplanationError,
    NoClaimError,
    NothingToUndoError,
    NotYourTurnError,
    SeriesOverError,
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
    DealScored,
    DummyFaced,
    Event,
    SeriesEnded,
    SeriesStopped,
    TableOpened,
    Undone,
)
from contractbridge.scoring.sheet import Scoresheet

ScoresheetFactory = Callable[[TableOpened], Scoresheet]

#: The events a seat makes (and can take back); the others the table makes itself.
ActionEvent = CallMade | CardPlayed | ClaimMade | ClaimAccepted

#: The longest explanation of a call, in characters.
MAX_EXPLANATION = 200


def claim_answerers(play: Play, claimer: Seat) -> tuple[Seat, ...]:
    """Who must agree to ``claimer``'s claim: both defenders to declarer's (declarer's left
    hand opponent first); declarer to a defender's, for its side (dummy takes no part in the
    play, Law 43)."""
    if claimer.side == play.declarer.side:
        return (play.declarer.lho, play.declarer.rho)
    return (play.declarer,)


def faced_to(seat: Seat, play: Play | None, claimer: Seat | None) -> tuple[Seat, ...]:
    """The hands faced to ``seat``: a claimer's, while the claim waits for ``seat``'s answer.
    The claimer faces its hand (Law 68C); it is shown to the opponents who answer, not to
    its partner, so that nothing is learnt from it if the claim is withdrawn."""
    if play is None or claimer is None or seat not in claim_answerers(play, claimer):
        return ()
    return (claimer,)


def make_scoresheet(opened: TableOpened) -> Scoresheet:
    """The scoresheet for the form the table was opened with."""
    if opened.form == "rubber":
        from contractbridge.scoring.rubber import RubberScoresheet

        return RubberScoresheet()
    if opened.form == "chicago":
        from contractbridge.scoring.chicago import ChicagoScoresheet

        return ChicagoScoresheet(
            duplicate_style=opened.duplicate_style,
            deals=opened.boards or 4,
            dealers_opponents_vulnerable=opened.dealers_opponents_vulnerable,
            russian=opened.russian,
        )
    if opened.form == "duplicate":
        from contractbridge.scoring.series import DuplicateSeries

        return DuplicateSeries(opened.boards or 1, first=opened.first_board)
    raise EventLogError(f"{opened.form!r} is not a form of scoring (use one of {FORMS})")


@dataclass(frozen=True, slots=True)
class Pending:
    """Who must act now, and how.

    ``kind`` is ``"call"``, ``"card"`` (from the hand of ``hand``: dummy's when declarer
    plays for dummy), ``"claim"`` (answer an opponent's ``claim``: accept or reject) or
    ``"concession"`` (agree to partner's ``concession`` or object, Law 68B2).
    """

    seat: Seat
    kind: Literal["call", "card", "claim", "concession"]
    hand: Seat | None = None
    claim: ClaimMade | None = None
    concession: Conceded | None = None

    def to_dict(self) -> dict[str, Any]:
        """``{"seat": "N", "kind": "card", "hand": "S", "claim": null, "concession": null}``
        (the versions of the claim or concession answered)."""
        return {
            "seat": self.seat.name,
            "kind": self.kind,
            "hand": self.hand.name if self.hand is not None else None,
            "claim": self.claim.version if self.claim is not None else None,
            "concession": self.concession.version if self.concession is not None else None,
        }


@dataclass(slots=True)
class DealState:
    """The deal in progress: the cards, the calls and cards not taken back, a claim."""

    dealt: DealDealt
    deal: Deal
    auction: Auction
    play: Play | None = None
    #: the calls, cards, claim and claim acceptances in force, in order
    actions: list[ActionEvent] = field(default_factory=list)
    claim: ClaimMade | None = None
    accepted: list[Seat] = field(default_factory=list)
    #: a defender's concession waiting for partner (Law 68B2)
    concession: Conceded | None = None
    dummy_faced: bool = False
    result: DealScored | None = None

    @property
    def number(self) -> int:
        return self.dealt.number

    @property
    def dealer(self) -> Seat:
        return self.dealt.dealer

    @property
    def vulnerability(self) -> Vulnerability:
        return self.dealt.vulnerability

    @property
    def is_finished(self) -> bool:
        """Passed out, or played to the end (13 tricks, an agreed claim, a concession)."""
        if not self.auction.is_complete:
            return False
        return self.play is None or self.play.is_complete

    def explanations_for(self, seat: Seat | None) -> tuple[str | None, ...]:
        """The explanation of each call as ``seat`` is told it (not of its partner's calls)."""
        out: list[str | None] = []
        for event in self.actions[: len(self.auction)]:  # the calls come first
            assert isinstance(event, CallMade)
            if seat is not None and event.seat == seat.partner:
                out.append(None)
            else:
                out.append(event.explanation or ("alert" if event.alert else None))
        return tuple(out)


class TableState:
    """A table as its events describe it; change it only through :meth:`apply`."""

    def __init__(self, scoresheet_factory: ScoresheetFactory | None = None) -> None:
        self._factory = scoresheet_factory or make_scoresheet
        self.version = 0
        self.opened: TableOpened | None = None
        self.sheet: Scoresheet | None = None
        self.current: DealState | None = None
        self.results: list[DealScored] = []
        self.ended: SeriesEnded | None = None
        #: the event that stopped the series before its end, if one did
        self.stopped: SeriesStopped | None = None

    # -- reading ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.ended is not None

    def pending(self) -> Pending | None:
        """Who must act now (None when the series is over or between table events)."""
        deal = self.current
        if deal is None or deal.result is not None or self.ended is not None or self.stopped:
            return None
        if not deal.auction.is_complete:
            return Pending(deal.auction.turn, "call")
        play = deal.play
        if play is None or play.is_complete:
            return None
        if deal.claim is not None:
            for seat in claim_answerers(play, deal.claim.seat):
                if seat not in deal.accepted:
                    return Pending(seat, "claim", claim=deal.claim)
        if deal.concession is not None:
            partner = deal.concession.seat.partner
            return Pending(partner, "concession", concession=deal.concession)
        acting, turn = play.acting_seat, play.turn
        assert acting is not None
        return Pending(acting, "card", hand=turn)

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may see of the deal in progress (SeatView decides it)."""
        deal = self._need_deal()
        assert self.opened is not None
        claimer = deal.claim.seat if deal.claim is not None else None
        return SeatView.of(
            seat,
            deal.deal,
            deal.auction,
            deal.play,
            vulnerability=deal.vulnerability,
            scoring=self.opened.form,
            explanations=deal.explanations_for(seat),
            faced=faced_to(seat, deal.play, claimer),
        )

    def totals(self) -> dict[Side, int]:
        if self.sheet is None:
            return {Side.NS: 0, Side.EW: 0}
        return self.sheet.totals()

    # -- changing --------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Apply the next event; raises (and changes nothing) if it cannot happen now."""
        if event.version != self.version + 1:
            raise EventLogError(
                f"event version {event.version} does not follow version {self.version}"
            )
        if self.opened is None:
            if not isinstance(event, TableOpened):
                raise EventLogError("a table's log starts with the table being opened")
            if event.form not in FORMS:
                raise EventLogError(f"{event.form!r} is not a form of scoring ({FORMS})")
            self.sheet = self._factory(event)
            self.opened = event
        elif self.ended is not None:
            raise SeriesOverError("the series is over; open a new table to play on")
        elif isinstance(event, SeriesEnded):
            self._end(event)
        elif self.stopped is not None:
            raise SeriesOverError("the series has been stopped")
        elif isinstance(event, SeriesStopped):
            self._stop(event)
        elif isinstance(event, DealDealt):
            self._deal(event)
        elif isinstance(event, DealScored):
            expected = self.score(event.version)
            if expected != event:
                raise EventLogError(f"the deal scored {expected}, not {event}")
        elif isinstance(event, DummyFaced):
            self._face_dummy(event)
        elif isinstance(event, Undone):
            self._undo(event)
        elif isinstance(event, CallExplained):
            self._explain(event)
        elif isinstance(event, CallMade | CardPlayed | ClaimMade | ClaimAccepted):
            deal = self._live_deal()
            self._do(deal, event)
            deal.actions.append(event)
        elif isinstance(event, ClaimRejected):
            self._reject(event)
        elif isinstance(event, ClaimWithdrawn):
            self._withdraw(event)
        elif isinstance(event, Conceded):
            self._concede(event)
        elif isinstance(event, ConcessionAnswered):
            self._answer_concession(event)
        else:
            raise EventLogError(f"{event.kind!r} events cannot be applied to a table")
        self.version = event.version

    def score_deal(self) -> DealScored:
        """Score the finished deal on the sheet: the next event, already applied."""
        event = self.score(self.version + 1)
        self.version = event.version
        return event

    def score(self, version: int) -> DealScored:
        """Score the finished deal on the sheet and return the event that says so."""
        deal = self._need_deal()
        if deal.result is not None:
            raise EventLogError("this deal has already been scored")
        if not deal.is_finished:
            raise EventLogError("the deal is not finished yet")
        assert self.sheet is not None
        contract = deal.auction.contract
        tricks = deal.play.declarer_tricks if deal.play is not None else 0
        before = self.sheet.totals()
        self.sheet.record(contract, tricks, deal.deal)
        after = self.sheet.totals()
        result = DealScored(
            version=version,
            number=deal.number,
            contract=contract,
            declarer_tricks=tricks,
            ns_points=after[Side.NS] - before[Side.NS],
            ew_points=after[Side.EW] - before[Side.EW],
            deal=deal.deal,
        )
        deal.result = result
        self.results.append(result)
        return result

    # -- the events ------------------------------------------------------------------------
    def _need_deal(self) -> DealState:
        if self.current is None:
            raise EventLogError("no deal has been dealt yet")
        return self.current

    def _live_deal(self) -> DealState:
        if self.ended is not None or self.stopped is not None:
            raise SeriesOverError("the series is over")
        deal = self._need_deal()
        if deal.result is not None or deal.is_finished:
            raise PlayCompleteError("this deal is over")
        return deal

    def _deal(self, event: DealDealt) -> None:
        assert self.sheet is not None
        if self.current is not None and self.current.result is None:
            raise EventLogError("a new deal before the last one was scored")
        if self.sheet.is_complete:
            raise SeriesOverError("the series is complete")
        expected = len(self.results) + 1
        if event.number != expected:
            raise EventLogError(f"deal number {event.number}, expected {expected}")
        if (event.dealer, event.vulnerability) != (self.sheet.dealer, self.sheet.vulnerability):
            raise EventLogError(
                f"the scoresheet has {self.sheet.dealer} dealing at {self.sheet.vulnerability}, "
                f"not {event.dealer} at {event.vulnerability}"
            )
        deal = event.deal()
        self.current = DealState(dealt=event, deal=deal, auction=Auction(event.dealer))

    def _end(self, event: SeriesEnded) -> None:
        assert self.sheet is not None
        if self.stopped is None and (
            not self.sheet.is_complete or (self.current and self.current.result is None)
        ):
            raise EventLogError("the series is not over")
        totals = self.sheet.totals()
        if (event.ns_total, event.ew_total) != (totals[Side.NS], totals[Side.EW]):
            raise EventLogError("the series totals do not match the scoresheet")
        self.ended = event

    def _stop(self, event: SeriesStopped) -> None:
        """Stop the series: the deal in progress stays unscored; a rubber gets the
        unfinished-rubber premiums (the sheets without ``finish`` simply stop)."""
        assert self.sheet is not None
        if self.sheet.is_complete:
            raise SeriesOverError("the series is complete")
        finish = getattr(self.sheet, "finish", None)
        if callable(finish):
            finish()
        self.stopped = event

    def _face_dummy(self, event: DummyFaced) -> None:
        deal = self._need_deal()
        play = deal.play
        if play is None or not play.dummy_visible or deal.dummy_faced:
            raise EventLogError("dummy is faced once, after the opening lead")
        if event.seat != play.dummy or event.hand != play.hand(play.dummy):
            raise EventLogError("that is not dummy's hand")
        deal.dummy_faced = True

    def _do(self, deal: DealState, event: ActionEvent) -> None:
        """Check and make one seat's action (all checks come before any change)."""
        if isinstance(event, CallMade):
            turn = deal.auction.turn
            if deal.auction.is_complete:
                raise IllegalCallError("the auction is over; play a card")
            if event.seat != turn:
                raise IllegalCallError(
                    f"it is {turn.full_name}'s turn to call, not {event.seat.full_name}'s"
                )
            deal.auction.add(event.call)
            contract = deal.auction.contract if deal.auction.is_complete else None
            if contract is not None:
                deal.play = Play(deal.deal, contract)
            return
        play = deal.play
        if play is None:
            raise IllegalPlayError("the auction is not over yet; make a call")
        if deal.concession is not None:
            raise NotYourTurnError(
                f"{deal.concession.seat.full_name} has conceded: "
                f"{deal.concession.seat.partner.full_name} agrees or objects first"
            )
        if isinstance(event, CardPlayed):
            if deal.claim is not None:
                raise NotYourTurnError(
                    f"{deal.claim.seat.full_name} has claimed: the opponents answer the claim first"
                )
            if event.seat != play.turn:
                raise EventLogError(f"the card comes from {play.turn}'s hand, not {event.seat}'s")
            play.play(event.card, by=event.by)
        elif isinstance(event, ClaimMade):
            if deal.claim is not None:
                raise NotYourTurnError("a claim is already waiting for the opponents' answer")
            if event.seat == play.dummy:
                raise IllegalPlayError("dummy may not claim (Law 43); declarer may")
            remaining = play.remaining_tricks
            if event.remaining != remaining:
                raise EventLogError(f"{remaining} tricks remain, not {event.remaining}")
            if not 0 <= event.tricks <= remaining:
                raise IllegalPlayError(
                    f"a claim is for 0 to {remaining} tricks (the tricks still to play), "
                    f"not {event.tricks}"
                )
            deal.claim = event
            deal.accepted = []
        else:  # ClaimAccepted
            claim = self._answerable_claim(deal, event.seat)
            deal.accepted.append(event.seat)
            if len(deal.accepted) == len(claim_answerers(play, claim.seat)):
                play.claim(claim.tricks, by=claim.seat)

    def _answerable_claim(self, deal: DealState, seat: Seat) -> ClaimMade:
        claim = deal.claim
        if claim is None or deal.play is None:
            raise NoClaimError("there is no claim to answer")
        if seat.side == claim.seat.side:
            raise NotYourTurnError("only the claimer's opponents answer a claim")
        if seat not in claim_answerers(deal.play, claim.seat):
            raise NotYourTurnError(
                f"declarer answers a defender's claim for its side, not {seat.full_name}"
            )
        if seat in deal.accepted:
            raise NotYourTurnError(f"{seat.full_name} has already accepted the claim")
        return claim

    def _reject(self, event: ClaimRejected) -> None:
        deal = self._live_deal()
        _drop_claim(deal, self._answerable_claim(deal, event.seat))

    def _withdraw(self, event: ClaimWithdrawn) -> None:
        deal = self._live_deal()
        claim = deal.claim
        if claim is None:
            raise NoClaimError("there is no claim to withdraw")
        if event.seat != claim.seat:
            raise NotYourTurnError(f"only {claim.seat.full_name}, who claimed, withdraws the claim")
        _drop_claim(deal, claim)

    def _concede(self, event: Conceded) -> None:
        deal = self._live_deal()
        play = deal.play
        if play is None:
            raise IllegalPlayError("the auction is not over yet; there is nothing to concede")
        if deal.claim is not None:
            raise NotYourTurnError("a claim is waiting: accept or reject it")
        if deal.concession is not None:
            raise NotYourTurnError("a concession is waiting for the conceder's partner")
        if event.asks and event.seat.side != play.declarer.side:
            # a defender's concession: partner may object (Law 68B2), so it waits
            remaining = play.remaining_tricks
            if not 0 <= event.tricks <= remaining:
                raise IllegalPlayError(f"a concession is of 0 to {remaining} tricks")
            deal.concession = event
            return
        play.concede(event.tricks, by=event.seat)

    def _answer_concession(self, event: ConcessionAnswered) -> None:
        deal = self._live_deal()
        concession = deal.concession
        if concession is None or deal.play is None:
            raise NoClaimError("there is no concession to answer")
        if event.seat != concession.seat.partner:
            raise NotYourTurnError(
                f"only {concession.seat.partner.full_name}, the conceder's partner, answers it"
            )
        deal.concession = None
        if event.agreed:
            deal.play.concede(concession.tricks, by=concession.seat)

    def call_to_explain(self, seat: Seat, index: int, text: str | None) -> CallMade:
        """The call ``seat`` may explain afresh with ``text``: its own call number ``index``
        (from 0) in the deal in progress, during the auction or the play (Laws 20F, 75)."""
        deal = self.current
        if deal is None or deal.result is not None or deal.is_finished:
            raise ExplanationError(
                "the deal is over: a call is explained during the auction or the play"
            )
        count = len(deal.auction)
        if isinstance(index, bool) or not 0 <= index < count:
            raise ExplanationError(
                f"there is no call number {index + 1} in this auction ({count} calls so far)"
            )
        call = deal.actions[index]  # the calls come first
        assert isinstance(call, CallMade)
        if call.seat != seat:
            raise ExplanationError(
                f"call number {index + 1} ({call.call}) is {call.seat.full_name}'s: "
                "a player explains only their own calls"
            )
        if text is not None and len(text) > MAX_EXPLANATION:
            raise ExplanationError(
                f"an explanation is at most {MAX_EXPLANATION} characters, not {len(text)}"
            )
        return call

    def _explain(self, event: CallExplained) -> None:
        call = self.call_to_explain(event.seat, event.index, event.explanation)
        deal = self._need_deal()
        # The call in force carries the new explanation: views, robots and a rebuild after
        # an undo all read it from there.
        deal.actions[event.index] = dataclasses.replace(
            call, alert=event.alert, explanation=event.explanation
        )

    def last_action_of(self, seat: Seat) -> ActionEvent | None:
        """The latest call, card (dummy's included for declarer) or claim ``seat`` made."""
        deal = self.current
        if deal is None or deal.result is not None:
            return None
        for event in reversed(deal.actions):
            actor = event.by if isinstance(event, CardPlayed) else event.seat
            if actor == seat:
                return event
        return None

    def _undo(self, event: Undone) -> None:
        deal = self._live_deal()
        target = self.last_action_of(event.seat)
        if target is None:
            raise NothingToUndoError(
                f"{event.seat.full_name} has no call or card to take back in this deal"
            )
        if target.version != event.back_to:
            raise EventLogError(f"{event.seat}'s last action is version {target.version}")
        kept = [a for a in deal.actions if a.version < event.back_to]
        # Rebuild the deal from the actions still in force (they were legal before).
        deal.auction = Auction(deal.dealer)
        deal.play = None
        deal.claim = None
        deal.accepted = []
        deal.concession = None
        deal.actions = []
        for action in kept:
            self._do(deal, action)
            deal.actions.append(action)
        deal.dummy_faced = deal.play is not None and deal.play.dummy_visible


def _drop_claim(deal: DealState, claim: ClaimMade) -> None:
    """A rejected or withdrawn claim is gone, with the acceptances given to it: play goes on."""
    deal.actions = [a for a in deal.actions if a.version < claim.version]
    deal.claim = None
    deal.accepted = []


def replay(
    events: Iterable[Event], scoresheet_factory: ScoresheetFactory | None = None
) -> TableState:
    """The state a log describes (a pure function of the events).

    Raises :class:`~contractbridge.game.errors.EventLogError` (or the rules' own error)
    for a log that does not describe a possible game.
    """
    state = TableState(scoresheet_factory)
    for event in events:
        state.apply(event)
    return state
