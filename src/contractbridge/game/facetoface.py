"""One deal played face to face: irregularities happen and the Laws rule them.

A :class:`FaceToFaceDeal` takes a person's call or card as it is made — out of rotation,
insufficient, a lead out of turn, a premature play, a revoke, a card dropped face up — and
rules it with :mod:`contractbridge.core.irregularities`. Robots never offend; when the
option is theirs they choose by the simple rules below (:func:`robot_choice`), and they obey
every obligation that follows (a bar, a lead restriction, a penalty card).

>>> from contractbridge.robots.basic import BasicRobot
>>> from contractbridge.core import Deal
>>> robot = BasicRobot("Robot")
>>> game = FaceToFaceDeal(Deal.random(4), dealer=Seat.N, players={
...     Seat.N: robot, Seat.E: robot, Seat.S: None, Seat.W: robot})
>>> game.waiting_for
<Seat.S: 2>
>>> game.call(Seat.S, Call.parse("P"))  # in turn: nothing to rule

What the robots choose when the choice is theirs (the non-offending side):

* an insufficient bid or a call out of rotation is never accepted: the offender corrects
  (Laws 27B, 29B), with what follows;
* an opening lead (or a lead) out of turn by a defender is accepted, declarer playing second
  (Laws 54B, 53A), when declarer's side holds the ace of the suit led; otherwise the correct
  leader is prohibited from leading that suit (Law 50D2(b)), or, when the offender's partner
  is not the leader, the card stays a major penalty card (Law 56);
* a lead from the wrong hand by declarer is not accepted (Law 55B);
* a premature play: the offender's partner must play his lowest card of the suit led (57A2);
* a revoke is found at the end of play and ruled then (Laws 63, 64).

A person's correcting call after an insufficient bid that is not the lowest sufficient bid in
the same denomination bars partner throughout (Law 27B2): comparability (Law 23A) is a
Director's judgement this table does not make.

A face-down opening lead (:meth:`FaceToFaceDeal.lead_face_down`), as Law 41A asks: by the
right defender it is faced and stands; by the wrong one it is withdrawn without
rectification (Law 41A; the German text: "straflos zurückgenommen ..., wenn verdeckt
ausgespielt wurde").

**Alerts are the caller's partner's** here, as at a club table (the German/English text:
"It is always the duty of the partner of the bidder to alert the bid when required"); online
the caller alerts his own calls (``game.table``). Alertable is what the partnership's
system (its robot's :func:`~contractbridge.robots.base.alerts`) says: a transfer, an
artificial call. A robot alerts its partner's call, the person's included, as the call is
made. A person alerts partner's call with :meth:`FaceToFaceDeal.alert` before his next
action (at a table with ``auto`` robots, which call at once, up to his own next action);
a required alert not made is noted as misinformation the Director may rectify (Laws 21B,
40B4). An opponent asks (:meth:`FaceToFaceDeal.ask`) and the caller's partner explains.

**Announcements** likewise: where the system's home regulations have a call announced
(:func:`~contractbridge.robots.base.announcement`: "15-17" for a 1NT opening, "hearts" for a
transfer), the caller's partner says the words instead of alerting: a robot as the call is
made, a person with :meth:`FaceToFaceDeal.announce` before his next action (a missed one is
noted as an alert not given is).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from contractbridge.core.auction import Auction
from contractbridge.core.call import PASS, Call
from contractbridge.core.card import Card, Suit
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError, IllegalCallError, IllegalPlayError
from contractbridge.core.hand import Hand
from contractbridge.core.irregularities import (
    Obligations,
    Ruling,
    apply_call_out_of_rotation,
    apply_insufficient_bid,
    lowest_sufficient,
    replay,
    rule_call_out_of_rotation,
    rule_exposed_card,
    rule_insufficient_bid,
    rule_lead_out_of_turn,
    rule_opening_lead_out_of_turn,
    rule_premature_play,
    rule_revoke,
)
from contractbridge.core.play import Play, trick_winner
from contractbridge.core.seat import SEATS, Seat, Vulnerability
from contractbridge.core.view import SeatView
from contractbridge.robots.base import Player, alerts, announcement


@dataclass(frozen=True, slots=True)
class Note:
    """Something the table says: a ruling, a choice, a call or a card."""

    text: str
    ruling: Ruling | None = None


class LoosePlay:
    """The play as it happens face to face: revokes and accepted leads out of turn kept."""

    def __init__(self, deal: Deal, contract: Contract, leader: Seat) -> None:
        self.deal = deal
        self.contract = contract
        self.first_leader = leader
        self.cards: list[Card] = []
        self.leaders: dict[int, Seat] = {}  # trick number -> leader, for accepted leads

    @property
    def declarer(self) -> Seat:
        assert self.contract.declarer is not None
        return self.contract.declarer

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    def _state(self) -> tuple[Seat, tuple[Card, ...], int]:
        """The seat in turn, the cards of the trick in progress and tricks to declarer."""
        suit = self.contract.strain.suit
        trump = int(suit) if suit is not None else -1
        leader, declarer_tricks = self.first_leader, 0
        for start in range(0, len(self.cards), 4):
            leader = self.leaders.get(start // 4 + 1, leader)
            group = self.cards[start : start + 4]
            if len(group) < 4:
                return leader.next(len(group)), tuple(group), declarer_tricks
            leader = trick_winner(group, leader, trump)
            declarer_tricks += leader.side == self.declarer.side
        return leader, (), declarer_tricks

    @property
    def turn(self) -> Seat | None:
        return None if self.is_complete else self._state()[0]

    @property
    def current_trick(self) -> tuple[Card, ...]:
        return self._state()[1]

    @property
    def leader(self) -> Seat:
        turn, trick, _ = self._state()
        return turn.next(-len(trick))

    @property
    def declarer_tricks(self) -> int:
        return self._state()[2]

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4 * len(self.deal[Seat.N])

    def hand(self, seat: Seat) -> Hand:
        played = set(self.cards)
        return Hand(c for c in self.deal[seat] if c not in played)

    def holder(self, card: Card) -> Seat | None:
        return next((s for s in SEATS if card in self.hand(s)), None)

    def legal_cards(self) -> tuple[Card, ...]:
        turn, trick, _ = self._state()
        hand = tuple(self.hand(turn))
        if trick:
            follow = tuple(c for c in hand if c.suit == trick[0].suit)
            if follow:
                return follow
        return hand

    def as_play(self) -> Play:
        """A core :class:`Play` of the remaining cards, with the trick in progress (for the
        rulings that read one); raises if that trick holds an irregular card."""
        turn, trick, _ = self._state()
        leader = turn.next(-len(trick))
        remaining = [
            set(self.hand(s)) | {c for i, c in enumerate(trick) if leader.next(i) == s}
            for s in SEATS
        ]
        deal = Deal([Hand(cards) for cards in remaining], partial=True)
        play = Play(deal, self.contract, leader=leader)
        for card in trick:
            play.play(card)
        return play

    def played(self) -> tuple[tuple[Seat, Card], ...]:
        out: list[tuple[Seat, Card]] = []
        suit = self.contract.strain.suit
        trump = int(suit) if suit is not None else -1
        leader = self.first_leader
        for start in range(0, len(self.cards), 4):
            leader = self.leaders.get(start // 4 + 1, leader)
            group = self.cards[start : start + 4]
            out += [(leader.next(i), c) for i, c in enumerate(group)]
            if len(group) == 4:
                leader = trick_winner(group, leader, trump)
        return tuple(out)


def robot_choice(ruling: Ruling, deal: Deal, contract: Contract | None) -> str:
    """The option a robot of the non-offending side picks (the rules in the module doc)."""
    keys = [o.key for o in ruling.options]
    if "cancel" in keys:
        return "cancel"
    if "lowest" in keys and "accept" in keys:  # insufficient bid: not accepted
        return "lowest"
    if "retract" in keys:
        return "retract"
    if "highest" in keys:
        return "lowest"
    if "accept" in keys and contract is not None and contract.declarer is not None:
        declarer = contract.declarer
        led = _led_suit(ruling)
        if led is not None:
            ace = Card(led, 14)
            if ace in deal[declarer] or ace in deal[declarer.partner]:
                return "accept"
        for key in ("prohibit", "refuse", "penalty"):
            if key in keys:
                return key
    return keys[0]


def _chose(seat: Seat | None, ruling: Ruling, key: str) -> str:
    option = ruling.option(key)
    who = seat.full_name if seat is not None else "The table"
    return f"{who} chooses {key} (Law {option.law})."


def _led_suit(ruling: Ruling) -> Suit | None:
    # the card is named in the summary ("East led CK; ...")
    for word in ruling.summary.replace(";", " ").split():
        try:
            return Card.parse(word).suit
        except BridgeError:
            continue
    return None


class FaceToFaceDeal:
    """One deal at a face-to-face table: people act (``call``, ``card``, ``expose``),
    robots (``players[seat]`` not None) act by themselves until a person must."""

    def __init__(
        self,
        deal: Deal,
        *,
        dealer: Seat,
        vulnerability: Vulnerability = Vulnerability.NONE,
        players: Mapping[Seat, Player | None],
        auto: bool = True,
    ) -> None:
        """``auto``: robots act as soon as it is their turn; without it each waits for
        :meth:`step`, so a person may act out of turn before a robot does."""
        self.deal = deal
        self.auto = auto
        self.vulnerability = vulnerability
        self.players = dict(players)
        self.auction = Auction(dealer)
        self.duties = Obligations()
        self.play: LoosePlay | None = None
        self.notes: list[Note] = []
        self.revoke_ruling: Ruling | None = None
        self._correcting: tuple[Seat, Call] | None = None  # an insufficient bid to correct
        self._withdrawn: dict[Seat, Call] = {}  # cancelled calls out of rotation (Laws 30-32)
        self.meanings: dict[int, str | None] = {}  # call index -> its system meaning
        self.alertable: set[int] = set()  # the calls the system says are alerted
        self.alert_due: tuple[Seat, int] | None = None  # a person to alert partner's call
        self.announced: dict[int, str] = {}  # call index -> the words of its announcement
        self.announce_due: tuple[Seat, int] | None = None  # a person to announce it
        self._advance()

    # -- state ---------------------------------------------------------------------------
    @property
    def contract(self) -> Contract | None:
        if not self.auction.is_complete or self.auction.is_passed_out:
            return None
        return self.play.contract if self.play is not None else self.auction.contract

    @property
    def is_over(self) -> bool:
        return self.auction.is_passed_out or (self.play is not None and self.play.is_complete)

    @property
    def waiting_for(self) -> Seat | None:
        """The person whose action is awaited (declarer for dummy), None when over."""
        if self.is_over:
            return None
        if self._correcting is not None:
            return self._correcting[0]
        if self.play is None:
            return self.auction.turn
        turn = self.play.turn
        assert turn is not None
        return self.play.declarer if turn == self.play.dummy else turn

    @property
    def declarer_tricks(self) -> int:
        """Tricks to declarer's side, after any revoke transfer."""
        if self.play is None:
            return 0
        tricks = self.play.declarer_tricks
        ruling = self.revoke_ruling
        if ruling is not None and ruling.transfer:
            ours = ruling.offender.side == self.play.declarer.side
            tricks += -ruling.transfer if ours else ruling.transfer
        return tricks

    def view(self, seat: Seat) -> SeatView:
        play = self.play
        if play is None:
            return SeatView.of(seat, self.deal, self.auction, vulnerability=self.vulnerability)
        played = play.played()
        return SeatView(
            seat=seat,
            dealer=self.auction.dealer,
            vulnerability=self.vulnerability,
            hand=play.hand(seat),
            calls=self.auction.calls,
            contract=play.contract,
            dummy=play.hand(play.dummy) if played else None,
            played=played,
            turn=play.turn,
        )

    def _say(self, text: str, ruling: Ruling | None = None) -> None:
        self.notes.append(Note(text, ruling))

    # -- the auction ---------------------------------------------------------------------
    def call(self, seat: Seat, call: Call) -> None:
        """``seat`` makes ``call`` — in turn or not, sufficient or not."""
        if self.play is not None or self.auction.is_complete:
            raise IllegalCallError("the auction is over")
        self._missed_alert()
        if self._correcting is not None:
            self._correct(seat, call)
        elif seat != self.auction.turn:
            self._out_of_rotation(seat, call)
        elif (
            call.is_bid
            and self.auction.last_bid is not None
            and (call.index <= self.auction.last_bid.index)
        ):
            ruling = rule_insufficient_bid(self.auction, call)
            self._say(f"{seat.full_name} bids {call}: insufficient. Director!", ruling)
            self._say(f"{ruling.offender.lho.full_name} does not accept it (Law 27B).")
            self._correcting = (seat, call)
            return
        else:
            self._in_turn(seat, call)
        self._advance()

    def _in_turn(self, seat: Seat, call: Call) -> None:
        reason = self.duties.check_call(seat, call) or self.auction.why_illegal(call)
        if reason is not None:
            raise IllegalCallError(reason)
        meaning, alertable, words = self._system_reading(seat, call)
        index = len(self.auction.calls)
        self.auction.add(call)
        self.duties.called(seat, call)
        self._say(f"{seat.full_name}: {call}")
        self.meanings[index] = meaning
        if words is not None:
            self.announced[index] = words
            if self.players.get(seat.partner) is not None:
                self._say(f"{seat.partner.full_name} announces {seat.full_name}'s {call}: {words}.")
            else:
                self.announce_due = (seat.partner, index)
        elif alertable:
            self.alertable.add(index)
            if self.players.get(seat.partner) is not None:
                self._say(f"{seat.partner.full_name} alerts {seat.full_name}'s {call}.")
            else:
                self.alert_due = (seat.partner, index)
        withdrawn = self._withdrawn.pop(seat, None)
        if withdrawn is not None and call != withdrawn:
            # Laws 30B1(b)(ii), 31A2(b), 32A2(b): not a comparable call (this table counts
            # only the same call as comparable; Law 23A is the Director's judgement)
            self.duties.must_pass.setdefault(seat.partner, "next")
            self._say(
                f"{call} is not the withdrawn {withdrawn}: {seat.partner.full_name} must pass "
                "at his next turn (Laws 30B1, 31A2(b), 32A2(b)); lead restrictions may apply "
                "(Law 26B)."
            )

    # -- alerts: the caller's partner alerts and explains -----------------------------------
    def _system_reading(self, seat: Seat, call: Call) -> tuple[str | None, bool, str | None]:
        """What ``call`` by ``seat`` means by the partnership's system, whether it is alerted
        and the words announcing it (None: not announced): read by the partner's robot, or
        the caller's when partner is a person."""
        robot = self.players.get(seat.partner) or self.players.get(seat)
        if robot is None:
            return None, False, None  # two people: their agreements are their own
        view = SeatView.of(seat, self.deal, self.auction, vulnerability=self.vulnerability)
        explain = getattr(robot, "explain", None)
        meaning = explain(view, call) if callable(explain) else None
        return meaning, alerts(robot, view, call), announcement(robot, view, call)

    def _call_text(self, index: int) -> str:
        return f"{self.auction.seat_of(index).full_name}'s {self.auction.calls[index]}"

    def alert(self, seat: Seat) -> None:
        """``seat`` alerts partner's last call (the caller's partner alerts, as at a club)."""
        index = next(
            (i for i in range(len(self.auction.calls) - 1, -1, -1)
             if self.auction.seat_of(i) == seat.partner),
            None,
        )  # fmt: skip
        if index is None or self.play is not None:
            raise IllegalCallError(
                "a player alerts his partner's call as it is made, during the auction"
            )
        if self.alert_due is not None and self.alert_due[1] == index:
            self.alert_due = None
            self._say(f"{seat.full_name} alerts {self._call_text(index)}.")
        elif index in self.announced:
            raise IllegalCallError(
                f"{self._call_text(index)} is announced ({self.announced[index]}), not alerted"
            )
        elif index in self.alertable:
            raise IllegalCallError(f"{self._call_text(index)} has been alerted already")
        else:
            meaning = self.meanings.get(index)
            self._say(
                f"{seat.full_name} alerts {self._call_text(index)}, which the system does not "
                f"alert ({meaning or 'natural'}): an alert not required misinforms the "
                "opponents too."
            )

    def announce(self, seat: Seat) -> str:
        """``seat`` announces partner's last call in the words the regulations give (the
        caller's partner announces, as he alerts); the words, which are also a note."""
        due = self.announce_due
        if due is None or due[0] != seat:
            raise IllegalCallError(
                "a player announces his partner's call as it is made, when the regulations "
                "have it announced"
            )
        self.announce_due = None
        words = self.announced[due[1]]
        self._say(f"{seat.full_name} announces {self._call_text(due[1])}: {words}.")
        return words

    def _missed_alert(self) -> None:
        """The person acts again without alerting (or announcing) partner's call."""
        if self.announce_due is not None:
            seat, index = self.announce_due
            self.announce_due = None
            self._say(
                f"{seat.full_name} did not announce {self._call_text(index)} "
                f"({self.announced[index]}): the caller's partner announces it as it is made. "
                "An announcement not given is misinformation; the Director may adjust the "
                "score if the opponents are damaged (Laws 21B, 40B4)."
            )
        if self.alert_due is None:
            return
        seat, index = self.alert_due
        self.alert_due = None
        meaning = self.meanings.get(index)
        self._say(
            f"{seat.full_name} did not alert {self._call_text(index)}"
            + (f" ({meaning})" if meaning else "")
            + ": the caller's partner alerts it as it is made. An alert not given is "
            "misinformation; the Director may adjust the score if the opponents are damaged "
            "(Laws 21B, 40B4)."
        )

    def ask(self, seat: Seat, index: int) -> str:
        """``seat`` asks what the opponents' call number ``index`` (from 0) means; the
        caller's partner explains it by the system (Law 20F). The answer is also a note."""
        if not 0 <= index < len(self.auction.calls):
            raise IllegalCallError(f"there is no call number {index + 1} in this auction")
        caller = self.auction.seat_of(index)
        if caller.side == seat.side:
            raise IllegalCallError(
                "a player asks about the opponents' calls; his own side's he explains"
            )
        meaning = self.meanings.get(index)
        text = (
            f"{caller.partner.full_name} explains {self._call_text(index)}: "
            f"{meaning or 'no special agreement (natural)'}."
        )
        self._say(text)
        return text

    def _correct(self, seat: Seat, call: Call) -> None:
        offender, bid = self._correcting or (seat, call)
        if seat != offender:
            raise IllegalCallError(f"{offender.full_name} must first correct {bid}")
        choice = "lowest" if call == lowest_sufficient(self.auction, bid) else "other"
        self.auction, self.duties = apply_insufficient_bid(
            self.auction, bid, choice, call, self.duties
        )
        self._correcting = None
        law = (
            "27B1(a): no further rectification"
            if choice == "lowest"
            else (f"27B2: {offender.partner.full_name} must pass throughout")
        )
        self._say(f"{offender.full_name} corrects to {call} (Law {law}).")

    def _out_of_rotation(self, seat: Seat, call: Call) -> None:
        turn = self.auction.turn
        rho_barred = seat.rho == turn and turn in self.duties.must_pass
        ruling = rule_call_out_of_rotation(self.auction, seat, call, rho_must_pass=rho_barred)
        self._say(f"{seat.full_name} calls {call} out of rotation. Director!", ruling)
        if ruling.options:
            choice = robot_choice(ruling, self.deal, None)
            self.auction, self.duties = apply_call_out_of_rotation(
                self.auction, seat, call, choice, self.duties
            )
            if choice == "cancel" and not (call.is_pass and seat.rho == turn):
                self._withdrawn[seat] = call
            self._say(_chose(seat.lho, ruling, choice))
        elif "28A" in ruling.summary:
            self._in_turn(turn, PASS)
            self._in_turn(seat, call)
        elif "Law 36" in ruling.summary:
            self.duties.must_pass[seat.partner] = "throughout"
        else:
            raise IllegalCallError(ruling.summary + " This table does not allow it.")

    def _robot_call(self, seat: Seat, player: Player) -> Call:
        required = self.duties.must_call.get(seat)
        if required is not None:
            return required
        if seat in self.duties.must_pass:
            return PASS
        call = player.call(self.view(seat))
        if self.duties.check_call(seat, call) or self.auction.why_illegal(call):
            return PASS
        return call

    # -- the play ------------------------------------------------------------------------
    def card(self, seat: Seat, card: Card) -> None:
        """``seat`` plays ``card`` (declarer plays dummy's) — in turn or not, revoke or not."""
        play = self.play
        if play is None:
            raise IllegalPlayError("the play has not begun")
        if play.is_complete:
            raise IllegalPlayError("the play is over")
        self._missed_alert()
        holder = play.holder(card)
        if holder is None:
            raise IllegalPlayError(f"{card} has already been played")
        if holder != seat and not (seat == play.declarer and holder == play.dummy):
            raise IllegalPlayError(f"{card} is not in {seat.full_name}'s hand")
        turn = play.turn
        assert turn is not None
        if holder == turn:
            reason = self.duties.check_card(play, card)
            if reason is not None:
                raise IllegalPlayError(reason)
            self._put(holder, card)
        elif not play.current_trick:
            self._lead_out_of_turn(holder, card)
        else:
            self._premature(holder, card)
        self._advance()

    def lead_face_down(self, seat: Seat, card: Card) -> None:
        """``seat`` makes the opening lead face down (Law 41A). The right defender's card is
        faced and stands as the lead; the wrong defender's is withdrawn and returned to his
        hand without rectification (Law 41A), and the right one leads."""
        play = self.play
        if play is None or play.cards:
            raise IllegalPlayError("only the opening lead is made face down (Law 41A)")
        self._missed_alert()
        leader = play.first_leader
        if seat == leader:
            self._say(f"{seat.full_name} leads face down; the card is faced.")
            self.card(seat, card)
            return
        if seat != leader.partner:
            raise IllegalPlayError(
                f"{leader.full_name} makes the opening lead (declarer's side may not lead "
                "first; not ruled here)"
            )
        ruling = rule_opening_lead_out_of_turn(
            Play(self.deal, play.contract), seat, card, face_down=True
        )
        self._say(f"{seat.full_name} leads face down out of turn. Director!", ruling)
        self._advance()

    def _put(self, seat: Seat, card: Card) -> None:
        play = self.play
        assert play is not None
        leader = not play.current_trick
        play.cards.append(card)
        self.duties.played(seat, card, leader)
        self._say(f"{seat.full_name} plays {card}")

    def _lead_out_of_turn(self, seat: Seat, card: Card) -> None:
        play = self.play
        assert play is not None
        if not play.cards:
            if seat != play.first_leader.partner:
                raise IllegalPlayError(
                    f"{play.first_leader.full_name} makes the opening lead (declarer's side "
                    "may not lead first; not ruled here)"
                )
            ruling = rule_opening_lead_out_of_turn(Play(self.deal, play.contract), seat, card)
        else:
            ruling = rule_lead_out_of_turn(play.as_play(), seat, card)
        self._say(f"{seat.full_name} leads {card} out of turn. Director!", ruling)
        choice = robot_choice(ruling, self.deal, play.contract)
        self._say(_chose(ruling.option(choice).by, ruling, choice))
        trick = len(play.cards) // 4 + 1
        if choice == "become-dummy":
            contract = play.contract.with_declarer(play.dummy)
            self.play = LoosePlay(self.deal, contract, seat)
            self._put(seat, card)
        elif choice == "accept":
            play.leaders[trick] = seat
            if trick == 1:
                play.first_leader = seat
            self._put(seat, card)
        elif choice == "retract":
            pass
        elif choice in ("require", "prohibit"):
            self.duties.lead = (play.leader, card.suit, choice)
        else:  # "penalty", "refuse": a major penalty card
            self.duties.penalty_cards.setdefault(seat, []).append((card, True))

    def _premature(self, seat: Seat, card: Card) -> None:
        play = self.play
        assert play is not None
        try:
            ruling = rule_premature_play(play.as_play(), seat, card)
        except BridgeError as error:
            raise IllegalPlayError(f"{seat.full_name} may not play now: {error}") from None
        if not ruling.options:
            raise IllegalPlayError(ruling.follows[0] if ruling.follows else ruling.summary)
        self._say(f"{seat.full_name} plays {card} before his partner. Director!", ruling)
        choice = robot_choice(ruling, self.deal, play.contract)
        self._say(_chose(play.declarer, ruling, choice))
        self.duties.penalty_cards.setdefault(seat, []).append((card, True))
        self.duties.play = (seat.partner, choice)

    def expose(self, seat: Seat, card: Card) -> None:
        """``seat`` drops ``card`` face up (or shows it) during the play."""
        play = self.play
        if play is None:
            raise IllegalPlayError("cards exposed during the auction are not ruled here")
        ruling = rule_exposed_card(play.as_play(), seat, card)
        self._say(f"{seat.full_name} exposes {card}. Director!", ruling)
        if seat not in (play.declarer, play.dummy):
            major = "major" in ruling.summary
            self.duties.penalty_cards.setdefault(seat, []).append((card, major))
        self._advance()

    def _robot_card(self, seat: Seat, player: Player) -> Card:
        play = self.play
        assert play is not None
        legal = play.legal_cards()
        allowed = [c for c in legal if self.duties.check_card(play, c) is None] or list(legal)
        try:
            card = player.card(self.view(play.declarer if seat == play.dummy else seat))
        except BridgeError:
            card = allowed[0]
        return card if card in allowed else allowed[0]

    # -- robots and the end ---------------------------------------------------------------
    def _advance(self) -> None:
        while not self.is_over:
            if self.play is None and self.auction.is_complete:
                contract = self.auction.contract
                assert contract is not None and contract.declarer is not None
                self.play = LoosePlay(self.deal, contract, contract.declarer.lho)
                self._say(f"Contract {contract}; {contract.declarer.lho.full_name} leads.")
                continue
            seat = self.waiting_for
            assert seat is not None
            if self.players.get(seat) is None or not self.auto:
                return
            self._robot_acts(seat)
        self._finish()

    def robot_to_act(self) -> Seat | None:
        """The robot whose turn it is (waiting for :meth:`step` when not ``auto``)."""
        seat = self.waiting_for
        return seat if seat is not None and self.players.get(seat) is not None else None

    def step(self) -> None:
        """Let the robot in turn act once (then robots go on by themselves if ``auto``)."""
        seat = self.robot_to_act()
        if seat is None:
            raise IllegalPlayError("no robot is to act now")
        self._missed_alert()  # letting the next robot call: no alert came
        self._robot_acts(seat)
        self._advance()

    def _robot_acts(self, seat: Seat) -> None:
        player = self.players[seat]
        assert player is not None
        if self.play is None:
            self._in_turn(seat, self._robot_call(seat, player))
        else:
            turn = self.play.turn
            assert turn is not None
            self._put(turn, self._robot_card(turn, player))

    def _finish(self) -> None:
        play = self.play
        if play is None or self.revoke_ruling is not None or not play.is_complete:
            return
        _, revokes = replay(
            self.deal, play.contract, play.cards, leader=play.first_leader, leaders=play.leaders
        )
        if revokes:
            ruling = rule_revoke(
                self.deal,
                play.contract,
                play.cards,
                leader=play.first_leader,
                leaders=play.leaders,
            )
            self.revoke_ruling = ruling
            self._say("A revoke is found at the end of play. Director!", ruling)
