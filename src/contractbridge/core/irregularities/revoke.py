"""The revoke (Laws 61-64): the play replayed as recorded, revokes included, and the
ruling with the tricks transferred computed from it.

Apart from the other play irregularities because the core :class:`Play` refuses a revoke:
this module keeps its own record of the tricks (:class:`PlayedTrick`) to find and rule one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from contractbridge.core.card import Card, Suit
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.irregularities.rulings import IrregularityError, Kind, Ruling
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import SEATS, Seat


# -- the revoke ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """One trick as played, legal or not: ``number`` from 1, cards in the order played."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None

    def seat_of(self, position: int) -> Seat:
        return self.leader.next(position)

    def card_of(self, seat: Seat) -> Card | None:
        position = (seat - self.leader) & 3
        return self.cards[position] if position < len(self.cards) else None


@dataclass(frozen=True, slots=True)
class Revoke:
    """A failure to follow suit: ``seat`` played ``card`` to trick ``trick`` holding the suit."""

    trick: int
    seat: Seat
    card: Card
    suit_led: Suit


def replay(
    deal: Deal,
    contract: Contract,
    cards: Sequence[Card],
    *,
    leader: Seat | None = None,
    leaders: Mapping[int, Seat] | None = None,
) -> tuple[list[PlayedTrick], list[Revoke]]:
    """The tricks of a play as recorded, revokes included, and the revokes found.

    The core :class:`Play` refuses a revoke; a director must see the play as it happened.
    Each card must be in the hand of the seat in turn (else :class:`IrregularityError`).
    ``leaders`` maps a trick number to its leader when a lead out of turn was accepted.

    >>> deal = Deal.from_pbn("N:AK.A.. QJ.K.. T9.Q.. 8.2.A.", partial=True)
    >>> tricks, revokes = replay(deal, Contract.parse("1NT S"), [Card.parse(c) for c in
    ...     ["S8", "SA", "SQ", "ST", "HA", "HK", "HQ", "DA"]])
    >>> revokes
    [Revoke(trick=2, seat=<Seat.W: 3>, card=Card.parse('DA'), suit_led=<Suit.H: 2>)]
    """
    declarer = contract.declarer
    if declarer is None:
        raise IrregularityError("the contract needs a declarer to tell who leads")
    suit = contract.strain.suit
    trump = int(suit) if suit is not None else -1
    hands = {seat: set(deal[seat]) for seat in SEATS}
    turn = leader if leader is not None else declarer.lho
    tricks: list[PlayedTrick] = []
    revokes: list[Revoke] = []
    for start in range(0, len(cards), 4):
        group = list(cards[start : start + 4])
        if leaders and len(tricks) + 1 in leaders:
            turn = leaders[len(tricks) + 1]
        first = turn
        for position, card in enumerate(group):
            seat = first.next(position)
            if card not in hands[seat]:
                owner = next((s for s in SEATS if card in hands[s]), None)
                where = (
                    f"it is {owner.full_name}'s" if owner is not None else "it was already played"
                )
                raise IrregularityError(
                    f"card {start + position + 1} ({card}) is not in {seat.full_name}'s hand: "
                    f"{where}"
                )
            led = group[0].suit
            if position and card.suit != led and any(c.suit == led for c in hands[seat]):
                revokes.append(Revoke(len(tricks) + 1, seat, card, led))
            hands[seat].discard(card)
        winner = trick_winner(group, first, trump) if len(group) == 4 else None
        tricks.append(PlayedTrick(len(tricks) + 1, first, tuple(group), winner))
        if winner is not None:
            turn = winner
    return tricks, revokes


def rule_revoke(
    deal: Deal,
    contract: Contract,
    cards: Sequence[Card],
    *,
    revoke: Revoke | None = None,
    leader: Seat | None = None,
    leaders: Mapping[int, Seat] | None = None,
    faced_card: bool = False,
    after_next_board: bool = False,
    after_round: bool = False,
) -> Ruling:
    """Laws 61-64: the ruling on a revoke found in the play ``cards`` (the first one unless
    ``revoke`` names another), with the tricks transferred computed from the play.

    ``faced_card``: the revoke was a failure to play a card faced on the table (a penalty
    card) — no trick transfer (64B3); dummy's revokes are always so. ``after_next_board`` /
    ``after_round``: attention was first drawn too late for rectification (64B4, 64B5).
    """
    tricks, revokes = replay(deal, contract, cards, leader=leader, leaders=leaders)
    if revoke is None:
        if not revokes:
            raise IrregularityError("no revoke in this play: every card followed suit if able")
        revoke = revokes[0]
    elif revoke not in revokes:
        raise IrregularityError(
            f"{revoke.seat.full_name}'s {revoke.card} at trick {revoke.trick} was not a revoke"
        )
    declarer = contract.declarer
    assert declarer is not None
    offender = revoke.seat
    side = offender.side
    number = revoke.trick
    trick = tricks[number - 1]
    where = f"at trick {number} ({revoke.suit_led.full_name} led)"
    summary = (
        f"Revoke: {offender.full_name} played {revoke.card} {where}, "
        f"holding {revoke.suit_led.full_name}."
    )
    # Law 63A1: established when the offender or his partner plays to the following trick.
    following = tricks[number] if len(tricks) > number else None
    established = following is not None and (
        following.card_of(offender) is not None or following.card_of(offender.partner) is not None
    )
    if number == 12 and trick.winner is not None:
        return Ruling(
            Kind.REVOKE,
            offender,
            summary,
            follows=(
                "Law 62D1: a revoke on the twelfth trick must be corrected, even if "
                "established, if found before all four hands are returned to the board.",
                "Law 64B6: there is no trick transfer for a revoke on the twelfth trick.",
                f"Law 62D2: if {offender.partner.full_name} had to play after the revoke and "
                "holds two suits, he may not choose a play suggested by seeing the revoke card.",
            ),
        )
    if not established:
        defender = offender not in (declarer, declarer.partner)
        fix = (
            f"{revoke.card} becomes a major penalty card (Law 62B1, Law 50)."
            if defender
            else f"{revoke.card} is withdrawn without rectification (Law 62B2)."
        )
        return Ruling(
            Kind.REVOKE,
            offender,
            summary + " It is not established (Law 63A): it must be corrected.",
            follows=(
                f"Law 62A, 62B: {offender.full_name} withdraws {revoke.card} and plays a "
                f"{revoke.suit_led.full_name[:-1]}; " + fix,
                "Law 62C1: each non-offending player may withdraw a card played after the "
                "revoke and play another; Law 62C2: then the offending side's next player "
                "may withdraw his card too (a defender's becomes a major penalty card).",
            ),
        )
    # Tricks won by the offending side from the revoke trick on.
    won_from = [t for t in tricks[number - 1 :] if t.winner is not None and t.winner.side == side]
    won_after = [t for t in tricks[number:] if t.winner is not None and t.winner.side == side]
    offender_won = trick.winner == offender  # a trick won by dummy is not won by declarer
    won_by = trick.winner.full_name if trick.winner is not None else "nobody yet"
    facts = (
        f"Revoke trick {number} won by {won_by}; the offending side "
        f"({side}) won {len(won_from)} trick(s) from trick {number} on "
        f"({len(won_after)} after it)."
    )
    exempt: list[str] = []
    others = [r for r in revokes if r != revoke]
    if any(r.seat.side != side for r in revokes):
        exempt.append("Law 64B7: both sides revoked on this board")
    if any(
        r.seat == offender and r.suit_led == revoke.suit_led and r.trick < number for r in others
    ):
        exempt.append("Law 64B2: a subsequent revoke in the same suit by the same player")
    if offender == declarer.partner or faced_card:
        exempt.append(
            "Law 64B3: the revoke was a failure to play a card faced on the table "
            "(dummy's cards included)"
        )
    if after_next_board:
        exempt.append(
            "Law 64B4: attention was first drawn after the non-offending side called on a "
            "subsequent board"
        )
    if after_round:
        exempt.append("Law 64B5: attention was first drawn after the round ended")
    if not won_from:
        exempt.append(
            "Law 64B1: the offending side won neither the revoke trick nor any later trick"
        )
    equity = (
        "Law 64C: if the transfer does not compensate the non-offending side for the damage, "
        "the Director adjusts the score (after any revoke, those without transfer included)."
    )
    if exempt:
        return Ruling(
            Kind.REVOKE,
            offender,
            summary + " Established (Law 63A1). No trick transfer.",
            follows=(facts, *exempt, equity),
        )
    if offender_won:
        transfer = 1 + (1 if won_after else 0)
        law = (
            f"Law 64A1: {offender.full_name} won the revoke trick: it is transferred, with one "
            f"more trick won by his side after it{'' if won_after else ' (there is none)'}."
        )
    else:
        transfer = 1
        law = (
            f"Law 64A2: {offender.full_name} did not win the revoke trick; his side won that "
            "trick or a later one: one trick is transferred."
        )
    offenders_declarer = side == declarer.side
    declarer_won = sum(1 for t in tricks if t.winner is not None and t.winner.side == declarer.side)
    adjusted = declarer_won - transfer if offenders_declarer else declarer_won + transfer
    plural = "trick" if transfer == 1 else "tricks"
    result = (
        f"At the end of play {transfer} {plural} go to {side.opponents}: declarer's side "
        f"{declarer_won} -> {adjusted} tricks (from the tricks played so far)."
    )
    return Ruling(
        Kind.REVOKE,
        offender,
        summary + " Established (Law 63A1): it stands as played (Law 63B).",
        follows=(facts, law, result, equity),
        transfer=transfer,
    )


def established_revoke_transfer(ruling: Ruling, declarer_tricks: int, declarer: Seat) -> int:
    """Declarer's tricks after the transfer of an established revoke ruling."""
    if ruling.kind is not Kind.REVOKE:
        raise IrregularityError("not a revoke ruling")
    if ruling.offender.side == declarer.side:
        return declarer_tricks - ruling.transfer
    return declarer_tricks + ruling.transfer
