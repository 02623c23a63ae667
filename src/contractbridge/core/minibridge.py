"""Minibridge, the learners' game: one deal's rules, in both forms, without the auction.

**Points announced** (``Form.POINTS``): from the dealer each player announces the high-card
points held; the side with more declares, its member with more points is declarer (equal:
the one who spoke first); 20-20 is redealt by the same dealer. Dummy is faced at once, and
declarer, having seen it, names partscore or game and the trump suit or notrump. A
partscore is a contract for seven tricks (level 1), a game for nine at notrump, ten in a
major, eleven in a minor (3NT, 4♥/4♠, 5♣/5♦), as the English Bridge Union teaches it
(see ``docs/minibridge.md``).

**Slips** (``Form.SLIPS``): each player's points and suit lengths are on a slip. From the
dealer each says pass or "I open" (four passes: redeal); the opener gets partner's slip and
names a contract; the opener's left-hand opponent gets its partner's slip and passes or
overcalls; the two alternate, each naming a higher contract, until one passes. The last
to name a contract declares it. Dummy is faced after the opening lead, as in bridge.

In both forms declarer's left-hand opponent leads and the play is bridge's
(:class:`~contractbridge.core.play.Play`).

>>> deal = Deal.from_pbn(
...     "N:AKQJ.AKQ.765.432 T98.JT9.432.AKQJ 765.765.AKQJ.T98 432.8432.T98.765")
>>> mini = MinibridgeDeal(deal, Seat.N)
>>> for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
...     mini.announce(seat, hcp(deal[seat]))
>>> mini.declarer, mini.phase
(<Seat.N: 0>, <Phase.DECLARE: 'declare'>)
>>> mini.declare(Seat.N, Strain.NT, game=False)
>>> str(mini.contract), mini.turn
('1NT N', <Seat.E: 1>)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from contractbridge.core.card import SUITS_HIGH_FIRST, Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError, IllegalPlayError, ParseError
from contractbridge.core.hand import Hand
from contractbridge.core.play import Play
from contractbridge.core.seat import SEATS, Seat, Vulnerability
from contractbridge.core.view import SeatView


class MinibridgeError(BridgeError):
    """An action the Minibridge rules do not allow now (out of turn, a wrong count...)."""


class Form(StrEnum):
    """The two forms of Minibridge: points announced, or slips and a short auction."""

    POINTS = "points"
    SLIPS = "slips"

    @classmethod
    def parse(cls, text: str) -> Form:
        key = text.strip().lower()
        for form in cls:
            if form.value == key:
                return form
        raise ParseError(f"{text!r} is not a form of Minibridge (use points or slips)")


class Phase(StrEnum):
    """Where a deal stands; ``turn`` says who acts in it."""

    ANNOUNCE = "announce"  # points form: each announces the points held
    DECLARE = "declare"  # points form: declarer names partscore or game and the strain
    OPEN = "open"  # slips form: each says pass or "I open"
    BID = "bid"  # slips form: opener and overcaller name higher contracts until one passes
    PLAY = "play"
    REDEAL = "redeal"  # over: 20-20 points, or four passes; the same dealer deals again
    OVER = "over"  # the play is over


_HCP = (0,) * 9 + (1, 2, 3, 4)  # by rank - 2: jack 1, queen 2, king 3, ace 4


def hcp(hand: Hand) -> int:
    """Milton Work points: ace 4, king 3, queen 2, jack 1.

    >>> hcp(Hand.from_pbn("AKQJ.T98.765.432"))
    10
    """
    return sum(_HCP[card % 13] for card in hand)


@dataclass(frozen=True, slots=True)
class Slip:
    """What a player writes on the slip: points and the length of each suit.

    >>> print(Slip.of(Hand.from_pbn("AKQJ.T98.765.432")))
    10 points, 4 ♠ 3 ♥ 3 ♦ 3 ♣
    """

    points: int
    lengths: tuple[int, int, int, int]  # spades, hearts, diamonds, clubs

    @classmethod
    def of(cls, hand: Hand) -> Slip:
        return cls(hcp(hand), hand.shape())

    def length(self, suit: int) -> int:
        """The length of ``suit`` (a suit number: clubs 0 ... spades 3)."""
        return self.lengths[3 - suit]

    def __str__(self) -> str:
        pairs = zip(self.lengths, SUITS_HIGH_FIRST, strict=True)
        suits = " ".join(f"{n} {s.symbol}" for n, s in pairs)
        return f"{self.points} points, {suits}"


def declared_contract(strain: Strain, game: bool, declarer: Seat | None = None) -> Contract:
    """The contract a points-form declaration stands for: a partscore is seven tricks,
    a game is 3NT, 4 of a major or 5 of a minor (the level whose tricks score 100).

    >>> [str(declared_contract(s, True)) for s in (Strain.C, Strain.H, Strain.NT)]
    ['5C', '4H', '3NT']
    """
    level = 1 if not game else 3 if strain == Strain.NT else 4 if strain >= Strain.H else 5
    return Contract(level, strain, declarer=declarer)


def points_declarer(dealer: Seat, points: Mapping[Seat, int]) -> Seat | None:
    """Declarer from the announced points, None for 20-20 (a redeal).

    The side with more points declares; its member with more points is declarer, and with
    equal points the one who spoke first (the dealer, or the player on dealer's left).

    >>> points_declarer(Seat.E, {Seat.N: 12, Seat.E: 8, Seat.S: 12, Seat.W: 8})
    <Seat.S: 2>
    """
    ns = points[Seat.N] + points[Seat.S]
    ew = points[Seat.E] + points[Seat.W]
    if ns == ew:
        return None
    first, second = (Seat.N, Seat.S) if ns > ew else (Seat.E, Seat.W)
    if (first - dealer) % 4 > (second - dealer) % 4:
        first, second = second, first  # ``first`` spoke first
    return second if points[second] > points[first] else first


def outranks(contract: Contract, other: Contract | None) -> bool:
    """More tricks, or as many in a higher strain (clubs, diamonds, hearts, spades, NT)."""
    return other is None or (contract.level, contract.strain) > (other.level, other.strain)


@dataclass(frozen=True, slots=True)
class Action:
    """One public action of a deal: ``kind`` is "announce" (``points``), "open" or "pass"
    (the opening round), "bid" (``contract``; None = pass), "declare" (``contract``) or
    "card" (``card``; ``seat`` is the hand it came from)."""

    seat: Seat
    kind: str
    points: int | None = None
    contract: Contract | None = None
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class MiniView:
    """What one seat may know of a Minibridge deal: the only thing a player decides from.

    ``hand`` is the seat's original thirteen cards; ``slip`` its own slip, ``partner_slip``
    partner's once received (slips form: the opener and the overcaller); ``dummy`` dummy's
    original cards once faced; ``play`` the card-play view once the contract is fixed.
    """

    form: Form
    seat: Seat
    dealer: Seat
    vulnerability: Vulnerability
    phase: Phase
    turn: Seat | None
    hand: Hand
    slip: Slip
    actions: tuple[Action, ...]
    partner_slip: Slip | None = None
    dummy: Hand | None = None
    declarer: Seat | None = None
    contract: Contract | None = None
    play: SeatView | None = None

    @property
    def announced(self) -> dict[Seat, int]:
        """The points announced so far (points form)."""
        return {a.seat: a.points for a in self.actions if a.points is not None}

    @property
    def opener(self) -> Seat | None:
        return next((a.seat for a in self.actions if a.kind == "open"), None)

    @property
    def standing(self) -> tuple[Seat, Contract] | None:
        """The last contract named in the slips form's auction, with who named it."""
        for action in reversed(self.actions):
            if action.kind == "bid" and action.contract is not None:
                return action.seat, action.contract
        return None


class MinibridgeDeal:
    """One Minibridge deal from the first announcement to the last card.

    Every method that acts checks that the seat is in turn and the action allowed, raises
    :class:`MinibridgeError` saying why not, and changes nothing when it fails.
    """

    def __init__(
        self,
        deal: Deal,
        dealer: Seat,
        form: Form = Form.POINTS,
        vulnerability: Vulnerability = Vulnerability.NONE,
    ) -> None:
        if not deal.is_complete:
            raise MinibridgeError("Minibridge is played with a full deal of 52 cards")
        self.deal = deal
        self.dealer = dealer
        self.form = Form(form)
        self.vulnerability = vulnerability
        self.slips = tuple(Slip.of(deal[s]) for s in SEATS)
        self.actions: list[Action] = []
        self.phase = Phase.ANNOUNCE if self.form == Form.POINTS else Phase.OPEN
        self.declarer: Seat | None = None
        self.contract: Contract | None = None
        self.play: Play | None = None
        self._turn: Seat | None = dealer
        self._passes = 0  # slips form: consecutive passes in the opening round

    # -- state --------------------------------------------------------------------------------
    @property
    def turn(self) -> Seat | None:
        """Who acts next: declarer for dummy's cards; None when the deal is over."""
        if self.phase == Phase.PLAY:
            assert self.play is not None
            return self.play.acting_seat
        return self._turn

    @property
    def card_hand(self) -> Seat | None:
        """The hand the next card comes from (dummy's seat on dummy's turn)."""
        return self.play.turn if self.play is not None and self.phase == Phase.PLAY else None

    @property
    def is_over(self) -> bool:
        return self.phase in (Phase.REDEAL, Phase.OVER)

    @property
    def opener(self) -> Seat | None:
        return next((a.seat for a in self.actions if a.kind == "open"), None)

    @property
    def dummy_faced(self) -> bool:
        """Points form: as soon as declarer is known. Slips form: after the opening lead."""
        if self.declarer is None:
            return False
        if self.form == Form.POINTS:
            return True
        return self.play is not None and self.play.dummy_visible

    def _check_turn(self, seat: Seat, phase: Phase, what: str) -> None:
        if self.phase != phase:
            raise MinibridgeError(f"it is not the time to {what}: {self._phase_text()}")
        if seat != self._turn:
            assert self._turn is not None
            raise MinibridgeError(f"it is {self._turn.full_name}'s turn, not {seat.full_name}'s")

    def _phase_text(self) -> str:
        return {
            Phase.ANNOUNCE: "the players are announcing their points",
            Phase.DECLARE: "declarer is naming the contract",
            Phase.OPEN: "the players are saying pass or 'I open'",
            Phase.BID: "the opener and the overcaller are naming contracts",
            Phase.PLAY: "the cards are being played",
            Phase.REDEAL: "the deal is to be redealt",
            Phase.OVER: "the deal is over",
        }[self.phase]

    # -- points form --------------------------------------------------------------------------
    def announce(self, seat: Seat, points: int) -> None:
        """``seat`` announces its points; they must be the points it holds."""
        self._check_turn(seat, Phase.ANNOUNCE, "announce points")
        held = self.slips[seat].points
        if points != held:
            raise MinibridgeError(
                f"{seat.full_name} holds {held} points, not {points} "
                "(count ace 4, king 3, queen 2, jack 1)"
            )
        self.actions.append(Action(seat, "announce", points=points))
        self._turn = seat.lho
        if len(self.actions) < 4:
            return
        declarer = points_declarer(self.dealer, {a.seat: a.points or 0 for a in self.actions})
        if declarer is None:
            self.phase, self._turn = Phase.REDEAL, None
        else:
            self.declarer, self.phase, self._turn = declarer, Phase.DECLARE, declarer

    def declare(self, seat: Seat, strain: Strain, game: bool) -> None:
        """Declarer, having seen dummy, names partscore or game and the strain."""
        self._check_turn(seat, Phase.DECLARE, "name the contract")
        contract = declared_contract(strain, game, seat)
        self.actions.append(Action(seat, "declare", contract=contract))
        self._start_play(contract)

    # -- slips form ---------------------------------------------------------------------------
    def speak(self, seat: Seat, opens: bool) -> None:
        """The opening round: ``seat`` says "I open" (``opens``) or pass."""
        self._check_turn(seat, Phase.OPEN, "say pass or 'I open'")
        self.actions.append(Action(seat, "open" if opens else "pass"))
        if opens:
            self.phase = Phase.BID
            self._turn = seat
            return
        self._passes += 1
        self._turn = seat.lho
        if self._passes == 4:
            self.phase, self._turn = Phase.REDEAL, None

    def bid(self, seat: Seat, contract: Contract | None) -> None:
        """The opener or the overcaller names a contract (None: pass). The opener's first
        turn must name one; each contract must be higher than the last; a pass ends it."""
        self._check_turn(seat, Phase.BID, "name a contract")
        last = self._last_bid()
        if contract is None:
            if last is None:
                raise MinibridgeError("the opener must name a contract")
            self.actions.append(Action(seat, "bid"))
            self._start_play(last[1].with_declarer(last[0]))
            return
        contract = Contract(contract.level, contract.strain)
        if contract.doubled:
            raise MinibridgeError("Minibridge has no doubles")
        if last is not None and not outranks(contract, last[1]):
            raise MinibridgeError(
                f"{contract.level}{contract.strain.symbol} is not higher than "
                f"{last[1].level}{last[1].strain.symbol}: name more tricks, "
                "or as many in a higher strain"
            )
        self.actions.append(Action(seat, "bid", contract=contract))
        opener = self.opener
        assert opener is not None
        self._turn = opener.lho if seat == opener else opener

    def _last_bid(self) -> tuple[Seat, Contract] | None:
        for action in reversed(self.actions):
            if action.kind == "bid" and action.contract is not None:
                return action.seat, action.contract
        return None

    # -- the play -----------------------------------------------------------------------------
    def _start_play(self, contract: Contract) -> None:
        assert contract.declarer is not None
        self.declarer = contract.declarer
        self.contract = contract
        self.play = Play(self.deal, contract)  # declarer's left-hand opponent leads
        self.phase = Phase.PLAY
        self._turn = None

    def play_card(self, seat: Seat, card: Card | str) -> None:
        """``seat`` plays ``card`` (declarer plays dummy's cards on dummy's turn)."""
        if self.phase != Phase.PLAY or self.play is None:
            raise MinibridgeError(f"it is not the time to play a card: {self._phase_text()}")
        hand = self.play.turn
        try:
            self.play.play(card, by=seat)
        except IllegalPlayError as error:
            raise MinibridgeError(str(error)) from None
        assert hand is not None
        played = self.play.cards_played[-1]
        self.actions.append(Action(hand, "card", card=played))
        if self.play.is_complete:
            self.phase = Phase.OVER

    @property
    def declarer_tricks(self) -> int:
        return self.play.declarer_tricks if self.play is not None else 0

    # -- what each seat sees ------------------------------------------------------------------
    def partner_slip_for(self, seat: Seat) -> Slip | None:
        """Slips form: the opener gets partner's slip on opening; the opener's left-hand
        opponent gets its partner's slip when its turn to overcall comes."""
        if self.form != Form.SLIPS:
            return None
        opener = self.opener
        if opener is None:
            return None
        if seat == opener or (seat == opener.lho and len(self._bids()) >= 1):
            return self.slips[seat.partner]
        return None

    def _bids(self) -> list[Action]:
        return [a for a in self.actions if a.kind == "bid"]

    def view(self, seat: Seat) -> MiniView:
        """The view of ``seat``: the only method that reads hidden cards for a player."""
        dummy = None
        if self.dummy_faced and self.declarer is not None:
            dummy = self.deal[self.declarer.partner]
        return MiniView(
            form=self.form,
            seat=seat,
            dealer=self.dealer,
            vulnerability=self.vulnerability,
            phase=self.phase,
            turn=self.turn,
            hand=self.deal[seat],
            slip=self.slips[seat],
            actions=tuple(self.actions),
            partner_slip=self.partner_slip_for(seat),
            dummy=dummy,
            declarer=self.declarer,
            contract=self.contract,
            play=self._play_view(seat) if self.play is not None else None,
        )

    def _play_view(self, seat: Seat) -> SeatView:
        play = self.play
        assert play is not None and self.contract is not None
        played: list[tuple[Seat, Card]] = []
        for trick in play.tricks:
            played.extend((trick.leader.next(i), card) for i, card in enumerate(trick.cards))
        played.extend((play.leader.next(i), card) for i, card in enumerate(play.current_trick))
        return SeatView(
            seat=seat,
            dealer=self.dealer,
            vulnerability=self.vulnerability,
            hand=play.hand(seat),
            contract=self.contract,
            dummy=play.hand(play.dummy) if self.dummy_faced else None,
            played=tuple(played),
            turn=play.turn,
        )
