"""What every ruling is made of: the irregularities named, the options the Laws offer,
the ruling itself and the obligations it leaves for the table to enforce.

Apart from the rulings themselves because the auction's, the play's and the revoke's rulings
all build on it, and the table (``game.facetoface``) carries the obligations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from contractbridge.core.call import Call
from contractbridge.core.card import Card, Rank, Suit
from contractbridge.core.errors import BridgeError
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat


class IrregularityError(BridgeError):
    """What was entered is not the irregularity named (e.g. a 'revoke' that followed suit)."""


class Kind(Enum):
    """The irregularities ruled here, with the Laws that rule them."""

    INSUFFICIENT_BID = "insufficient bid (Law 27)"
    CALL_OUT_OF_ROTATION = "call out of rotation (Laws 28-32)"
    OPENING_LEAD_OUT_OF_TURN = "opening lead out of turn (Laws 54, 56, 50)"
    FACE_DOWN_LEAD_OUT_OF_TURN = "face-down opening lead out of turn (Law 41A)"
    LEAD_OUT_OF_TURN = "lead out of turn (Laws 53, 55, 56)"
    REVOKE = "revoke (Laws 61-64)"
    EXPOSED_CARD = "exposed card (Laws 48-51)"
    PREMATURE_PLAY = "premature lead or play (Law 57)"


@dataclass(frozen=True, slots=True)
class Option:
    """One choice the Laws offer: ``key`` names it, ``by`` chooses it, ``law`` allows it."""

    key: str
    law: str
    by: Seat | None
    text: str

    def __str__(self) -> str:
        who = f" [{self.by.full_name} chooses]" if self.by is not None else ""
        return f"Law {self.law}: {self.text}{who}"


@dataclass(frozen=True, slots=True)
class Ruling:
    """What happened, who offended, the options and what follows whatever is chosen."""

    kind: Kind
    offender: Seat
    summary: str
    options: tuple[Option, ...] = ()
    follows: tuple[str, ...] = ()
    transfer: int = 0  # tricks transferred to the non-offending side (established revoke)

    def option(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        keys = ", ".join(o.key for o in self.options) or "none"
        raise IrregularityError(f"{key!r} is not an option here (options: {keys})")

    @property
    def chooser(self) -> Seat | None:
        """Who makes the first choice (None when the Laws leave no choice)."""
        return self.options[0].by if self.options else None

    def __str__(self) -> str:
        lines = [self.summary]
        if self.options:
            lines.append("Options:")
            lines += [f"  {o.key}: {o}" for o in self.options]
        if self.follows:
            lines.append("What follows:")
            lines += [f"  {line}" for line in self.follows]
        return "\n".join(lines)


class PlayState(Protocol):
    """What :meth:`Obligations.check_card` reads of a play: a :class:`Play`, or a play
    record that also holds irregular cards (a revoke, a lead accepted out of turn)."""

    @property
    def turn(self) -> Seat | None: ...

    @property
    def current_trick(self) -> tuple[Card, ...]: ...

    def hand(self, seat: Seat) -> Hand: ...

    def legal_cards(self) -> tuple[Card, ...]: ...


@dataclass(slots=True)
class Obligations:
    """What the Laws impose after a ruling, carried by the table until it is met.

    * ``must_pass``: seat -> ``"next"`` (at its next turn) or ``"throughout"``;
    * ``must_repeat``: (seat, call, rho): the seat must repeat ``call`` if ``rho`` passes
      (Laws 31A1, 32A1), which puts it in ``must_call``; whether another call is
      comparable (Law 23A) stays the Director's judgement;
    * ``penalty_cards``: defender -> major (and minor) penalty cards left face up;
    * ``lead``: (seat, suit, "require" | "prohibit") for the seat's next lead (Law 50D2,
      Law 26), ``play``: (seat, "highest" | "lowest" | suit) for a premature play (Law 57A).
    """

    must_pass: dict[Seat, str] = field(default_factory=dict)
    must_repeat: tuple[Seat, Call, Seat] | None = None
    must_call: dict[Seat, Call] = field(default_factory=dict)
    penalty_cards: dict[Seat, list[tuple[Card, bool]]] = field(default_factory=dict)
    lead: tuple[Seat, Suit, str] | None = None
    play: tuple[Seat, str | Suit] | None = None
    notes: list[str] = field(default_factory=list)

    def check_call(self, seat: Seat, call: Call) -> str | None:
        """Why ``seat`` may not make ``call`` now under these obligations, or None."""
        required = self.must_call.get(seat)
        if required is not None and call != required:
            return f"{seat.full_name} must repeat {required} (Laws 31A1, 32A1)"
        bar = self.must_pass.get(seat)
        if bar is not None and not call.is_pass:
            when = "throughout the auction" if bar == "throughout" else "at this turn"
            return f"{seat.full_name} must pass {when} (a rectification already ruled)"
        return None

    def called(self, seat: Seat, call: Call) -> None:
        """Record that ``seat`` made ``call``: a pass 'at the next turn' is then served."""
        if self.must_pass.get(seat) == "next":
            del self.must_pass[seat]
        self.must_call.pop(seat, None)
        if self.must_repeat is not None and self.must_repeat[2] == seat:
            offender, repeated, _ = self.must_repeat
            self.must_repeat = None
            if call.is_pass:
                self.must_call[offender] = repeated

    def check_card(self, play: PlayState, card: Card) -> str | None:
        """Why the seat in turn may not play ``card`` under these obligations, or None."""
        seat = play.turn
        if seat is None:
            return None
        trick = play.current_trick
        if self.lead is not None and not trick and self.lead[0] == seat:
            _, suit, how = self.lead
            holds = any(c.suit == suit for c in play.hand(seat))
            if how == "require" and holds and card.suit != suit:
                return f"{seat.full_name} must lead a {suit.full_name[:-1]} (Law 50D2(a))"
            if how == "prohibit" and card.suit == suit:
                other = any(c.suit != suit for c in play.hand(seat))
                if other:
                    return f"{seat.full_name} may not lead a {suit.full_name[:-1]} (Law 50D2(b))"
        if self.play is not None and self.play[0] == seat and trick:
            led = trick[0].suit
            legal = play.legal_cards()
            _, what = self.play
            if what in ("highest", "lowest"):
                suited = [c for c in legal if c.suit == led]
                if suited:
                    want = max(suited) if what == "highest" else min(suited)
                    if card != want:
                        return f"{seat.full_name} must play {want} ({what}, Law 57A)"
            elif (
                isinstance(what, Suit)
                and not any(c.suit == led for c in legal)
                and card.suit != what
                and any(c.suit == what for c in legal)
            ):
                return f"{seat.full_name} must play a {what.full_name[:-1]} (Law 57A)"
        penalties = self.penalty_cards.get(seat, [])
        majors = [c for c, major in penalties if major and c in play.legal_cards()]
        if majors and card not in majors and not self._other_duty(seat):
            return (
                f"{seat.full_name} must play the penalty card "
                f"{' or '.join(str(c) for c in majors)} (Law 50D1)"
            )
        minors = [c for c, major in penalties if not major]
        if (
            minors
            and card not in minors
            and card.rank < Rank.TEN
            and any(c.suit == card.suit for c in minors)
            and card in play.legal_cards()
        ):
            return (
                f"{seat.full_name} may not play a card of that suit below an honour before "
                "the minor penalty card (Law 50C)"
            )
        return None

    def _other_duty(self, seat: Seat) -> bool:
        # a lead or play requirement takes precedence over the penalty card (Law 59)
        return (self.lead is not None and self.lead[0] == seat) or (
            self.play is not None and self.play[0] == seat
        )

    def played(self, seat: Seat, card: Card, leader: bool) -> None:
        """Record a card played: penalty cards leave the table, lead duties are met."""
        cards = self.penalty_cards.get(seat)
        if cards:
            cards[:] = [(c, m) for c, m in cards if c != card]
            if not cards:
                del self.penalty_cards[seat]
        if self.lead is not None and self.lead[0] == seat and leader:
            self.lead = None
        if self.play is not None and self.play[0] == seat and not leader:
            self.play = None
