"""What a seat can do at the table, and reading it from what a person types.

>>> parse_action("1nt"), parse_action("h7"), parse_action("claim 9")
(MakeCall(call=Call.parse('1NT'), alert=False, explanation=None, announcement=None), \
PlayCard(card=Card.parse('H7')), ClaimTricks(tricks=9))
>>> parse_action("a heart")  # declarer names only a suit for dummy: its lowest (Law 46B2)
NameSuit(suit=<Suit.H: 2>)
"""

from __future__ import annotations

from dataclasses import dataclass

from contractbridge.core.call import Call
from contractbridge.core.card import Card, Suit
from contractbridge.core.errors import IllegalPlayError, ParseError
from contractbridge.core.play import Play
from contractbridge.core.seat import Seat


@dataclass(frozen=True, slots=True)
class MakeCall:
    """A call, with an optional alert and explanation for the opponents, and the words of its
    announcement (``announcement``: "15-17", "hearts"), which everyone hears."""

    call: Call
    alert: bool = False
    explanation: str | None = None
    announcement: str | None = None


@dataclass(frozen=True, slots=True)
class ExplainCall:
    """Explain (or correct the explanation of) this seat's own call number ``index`` (from 0
    in the auction of the deal in progress), during the auction or the play (Laws 20F, 40B,
    75). Empty ``text`` withdraws the explanation; ``alert=None`` keeps the call's alert."""

    index: int
    text: str
    alert: bool | None = None


@dataclass(frozen=True, slots=True)
class PlayCard:
    """A card from the hand in turn (declarer names dummy's cards on dummy's turn)."""

    card: Card


@dataclass(frozen=True, slots=True)
class NameSuit:
    """Declarer names only a suit for dummy ("a heart"): he is deemed to have called dummy's
    lowest card of that suit (Law 46B2). For dummy's cards only: from his own hand declarer
    plays a card, not a word."""

    suit: Suit


def designated_card(play: Play, seat: Seat, suit: Suit) -> Card:
    """The card ``seat`` designates by naming only ``suit``: dummy's lowest of it (Law 46B2).

    Raises IllegalPlayError when it is not declarer naming dummy's card, or when dummy holds
    no card of the suit (Law 46B4: the designation is void; declarer names another card).
    """
    turn = play.turn
    if turn is None:
        raise IllegalPlayError("the play is over")
    if turn != play.dummy or seat != play.declarer:
        raise IllegalPlayError(
            "name the card: a suit alone designates a card from dummy only, its lowest "
            "(Law 46B2), when declarer plays from dummy"
        )
    cards = [c for c in play.hand(turn) if c.suit == suit]
    if not cards:
        raise IllegalPlayError(
            f"dummy has no {suit.full_name}: the designation is void (Law 46B4); name another card"
        )
    return min(cards)


#: how a suit is named alone ("a heart", "hearts", "♥", "h"); parse_action reads a lone "d"
#: as a double first
_SUIT_WORDS: dict[str, Suit] = {
    **{
        w: s
        for s, word in zip(Suit, ("club", "diamond", "heart", "spade"), strict=True)
        for w in (word, word + "s", "a " + word, "small " + word, "a small " + word, s.name.lower())
    },
    **{sym: s for s, syms in zip(Suit, ("♣♧", "♦♢", "♥♡", "♠♤"), strict=True) for sym in syms},
}


def parse_suit_only(text: str) -> Suit | None:
    """The suit named alone by ``text`` ("a heart", "spades", "♦", "d"), None when ``text``
    names something else.

    >>> parse_suit_only("a diamond"), parse_suit_only("D"), parse_suit_only("d7")
    (<Suit.D: 1>, <Suit.D: 1>, None)
    """
    return _SUIT_WORDS.get(" ".join(text.strip().lower().split()))


@dataclass(frozen=True, slots=True)
class ClaimTricks:
    """Declarer or a defender claims ``tricks`` of the remaining tricks for its side
    (Law 68)."""

    tricks: int


@dataclass(frozen=True, slots=True)
class Concede:
    """The acting seat's side gives ``tricks`` of the remaining tricks to the opponents."""

    tricks: int


@dataclass(frozen=True, slots=True)
class AcceptClaim:
    """An opponent of the claimer agrees to the claim."""


@dataclass(frozen=True, slots=True)
class RejectClaim:
    """An opponent of the claimer disputes the claim; play goes on."""


@dataclass(frozen=True, slots=True)
class WithdrawClaim:
    """The claimer takes its own claim back while the opponents have not all agreed (as at
    online tables); play goes on."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back this seat's last call or card in the deal, and everything after it."""


@dataclass(frozen=True, slots=True)
class StopSeries:
    """Stop the series now: the deal in progress is not scored, a rubber is closed as an
    unfinished rubber."""


Action = (
    MakeCall
    | ExplainCall
    | PlayCard
    | NameSuit
    | ClaimTricks
    | Concede
    | AcceptClaim
    | RejectClaim
    | WithdrawClaim
    | Undo
    | StopSeries
)

_WORDS: dict[str, Action] = {
    "undo": Undo(),
    "stop": StopSeries(),
    "accept": AcceptClaim(),
    "reject": RejectClaim(),
    "withdraw": WithdrawClaim(),
}


def parse_action(text: str) -> Action:
    """A call (``1nt``, ``p``, ``x``, ``xx``), a card (``SA``, ``h7``, ``d10``), a suit alone
    for dummy (``a heart``, ``h``, ``♦``; a lone ``d`` is a double), ``claim N``,
    ``concede N``, ``accept``, ``reject``, ``undo`` or ``stop``."""
    words = text.strip().lower().split()
    if not words:
        raise ParseError("type a call (like 1nt, p, x), a card (like SA, h7) or 'help'")
    head = words[0]
    if head in ("claim", "concede"):
        if len(words) != 2 or not words[1].isdigit():
            raise ParseError(f"write '{head} N' with N the number of tricks, like '{head} 3'")
        n = int(words[1])
        return ClaimTricks(n) if head == "claim" else Concede(n)
    if len(words) == 1 and head in _WORDS:
        return _WORDS[head]
    joined = "".join(words)
    try:
        return MakeCall(Call.parse(joined))
    except ParseError:
        pass
    suit = parse_suit_only(text)
    if suit is not None:
        return NameSuit(suit)
    try:
        return PlayCard(Card.parse(joined))
    except ParseError:
        raise ParseError(
            f"{text.strip()!r} is neither a call (1nt, 2h, p, x, xx) nor a card (SA, h7, d10)"
        ) from None
