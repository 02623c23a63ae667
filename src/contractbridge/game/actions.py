"""What a seat can do at the table, and reading it from what a person types.

>>> parse_action("1nt"), parse_action("h7"), parse_action("claim 9")
(MakeCall(call=Call.parse('1NT'), alert=False, explanation=None), \
PlayCard(card=Card.parse('H7')), ClaimTricks(tricks=9))
"""

from __future__ import annotations

from dataclasses import dataclass

from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.errors import ParseError


@dataclass(frozen=True, slots=True)
class MakeCall:
    """A call, with an optional alert and explanation for the opponents."""

    call: Call
    alert: bool = False
    explanation: str | None = None


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
    """A call (``1nt``, ``p``, ``x``, ``xx``), a card (``SA``, ``h7``, ``d10``), ``claim N``,
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
    try:
        return PlayCard(Card.parse(joined))
    except ParseError:
        raise ParseError(
            f"{text.strip()!r} is neither a call (1nt, 2h, p, x, xx) nor a card (SA, h7, d10)"
        ) from None
