"""The Beer Card: the 7♦ winning the last trick earns a beer (a tradition, not a Law).

The German/English text: "if the declarer succeeds in making the contract and wins the last
trick with the Seven of Diamonds, dummy must buy the declarer a beer ... In the same way, if
the opponents defeat the contract and one of them wins the last trick with the Seven of
Diamonds, the opponent who wins the last trick is bought a beer by the other opponent."

A table chooses whose beers it keeps (:data:`BEER_RULES`): ``"declarer"`` (declarer's side
only, the tradition as most tables keep it and this project's first form), ``"both"`` (the
text's: the defenders too) or ``"off"``. Only a deal played to its thirteenth trick counts:
a claim or concession has no last trick won by a card.

>>> last = [(Seat.W, Card.parse("D2")), (Seat.N, Card.parse("D7")),
...         (Seat.E, Card.parse("D3")), (Seat.S, Card.parse("D4"))]
>>> played = [(Seat.N, Card.parse("C2"))] * 48 + last  # only the last trick matters here
>>> beer_card(Contract.parse("4S N"), played, declarer_tricks=10)
Beer(winner=<Seat.N: 0>, buyer=<Seat.S: 2>, defenders=False)
>>> beer_card(Contract.parse("4S E"), played, declarer_tricks=9, rule="both")
Beer(winner=<Seat.N: 0>, buyer=<Seat.S: 2>, defenders=True)
>>> beer_card(Contract.parse("4S E"), played, declarer_tricks=9) is None  # declarer's only
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import Seat

#: whose beers a table keeps: declarer's side only, both sides, or none
BEER_RULES = ("declarer", "both", "off")
#: the Beer Card
BEER_CARD = Card.parse("D7")


@dataclass(frozen=True, slots=True)
class Beer:
    """``buyer`` buys ``winner`` a beer: declarer (when the 7♦ from either of his hands won
    the last trick of a made contract) from dummy, or a defender from partner."""

    winner: Seat
    buyer: Seat
    defenders: bool = False  # the contract was defeated: a defender's beer


def beer_card(
    contract: Contract,
    played: Sequence[tuple[Seat, Card]],
    declarer_tricks: int,
    *,
    rule: str = "declarer",
) -> Beer | None:
    """The beer the last trick earns under ``rule`` (one of :data:`BEER_RULES`), if any.

    ``played`` is every card of the deal in order, with its seat; ``declarer_tricks`` the
    tricks declarer's side took (after any revoke adjustment).
    """
    if rule not in BEER_RULES:
        raise ValueError(f"the Beer Card rule is {', '.join(BEER_RULES)}, not {rule!r}")
    declarer = contract.declarer
    if rule == "off" or declarer is None or len(played) != 52:
        return None
    last = played[-4:]
    suit = contract.strain.suit
    trump = int(suit) if suit is not None else -1
    winner = trick_winner([int(c) for _, c in last], last[0][0], trump)
    if dict(last)[winner] != BEER_CARD:
        return None
    made = declarer_tricks >= contract.tricks_needed
    if made and winner.side == declarer.side:
        return Beer(winner=declarer, buyer=declarer.partner)
    if not made and winner.side != declarer.side and rule == "both":
        return Beer(winner=winner, buyer=winner.partner, defenders=True)
    return None
