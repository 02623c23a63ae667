"""The Director's assistant: what the Director is told, turned into the Laws' ruling.

A :class:`Report` says what happened at a table and gives the deal so far (fields, or a
PBN/LIN/JSON file); :func:`rule` returns the :class:`~contractbridge.core.irregularities.Ruling`
and :func:`apply_choice` carries out a chosen option. The ``director`` command and the web
page (``server/director.py``) are thin shells over these.

>>> ruling = rule(Facts(Report("insufficient-bid", auction="1NT", call="1H")))
>>> ruling.option("lowest").law
'27B1(a)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from contractbridge.core.auction import Auction
from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.errors import ParseError
from contractbridge.core.irregularities import (
    IrregularityError,
    Obligations,
    Ruling,
    apply_call_out_of_rotation,
    apply_insufficient_bid,
    apply_opening_lead_out_of_turn,
    replay,
    rule_call_out_of_rotation,
    rule_card_exposed_during_auction,
    rule_exposed_card,
    rule_insufficient_bid,
    rule_lead_out_of_turn,
    rule_opening_lead_out_of_turn,
    rule_premature_play,
    rule_revoke,
)
from contractbridge.core.play import Play
from contractbridge.core.seat import Seat
from contractbridge.formats import GameRecord, format_module, load_file

#: The irregularities, as named on the command line, with what each needs.
KINDS = {
    "insufficient-bid": "an insufficient bid (Law 27): the auction so far and the bid made",
    "out-of-rotation": "a call out of rotation (Laws 28-32): the auction, who called, the call",
    "opening-lead": "an opening lead out of turn (Laws 54, 56; face down: 41A): deal, contract, "
    "who led, the card",
    "lead": "a lead out of turn (Laws 53, 55, 56): deal, contract, play so far, who led, the card",
    "revoke": "a revoke (Laws 61-64): deal, contract and the play with the revoke, or a file",
    "exposed": "an exposed card (Laws 48-51): deal, contract, play so far, whose card, the card",
    "auction-exposed": "a card exposed during the auction (Law 24): auction, whose, the card(s)",
    "premature": "a premature lead or play (Law 57): deal, contract, play so far, who, the card",
}


# -- reading what happened ---------------------------------------------------------------------
@dataclass
class Report:
    """What the Director is told: the irregularity (``kind``, one of :data:`KINDS`), the deal
    so far (from a ``file`` path, or file ``text`` in ``format``, or the fields), what
    happened, and optionally the option to apply (``choose``)."""

    kind: str
    file: str | None = None
    text: str | None = None
    format: str = "pbn"
    board: int | None = None
    dealer: str | None = None
    auction: str | None = None
    deal: str | None = None
    contract: str | None = None
    play: str | None = None
    seat: str | None = None
    call: str | None = None
    card: str | None = None
    deliberate: bool = False
    led: bool = False
    saw_dummy: bool = False
    face_down: bool = False
    rho_must_pass: bool = False
    faced_card: bool = False
    after_next_board: bool = False
    after_round: bool = False
    revoke_trick: int | None = None
    choose: str | None = None
    correction: str | None = None

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> Report:
        """A report from a mapping (parsed arguments, a JSON body); unknown keys ignored."""
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in values.items() if k in names})


class Facts:
    """The state of the deal, from a report: parsed on demand, with clear errors."""

    def __init__(self, report: Report) -> None:
        self.args = report
        self.record: GameRecord | None = None
        if report.file:
            self.record = _pick(load_file(report.file), report.file, report.board)
        elif report.text:
            module = format_module(f"report.{report.format}")
            self.record = _pick(module.loads(report.text), "the file", report.board)

    def dealer(self) -> Seat:
        if self.args.dealer:
            return Seat.parse(self.args.dealer)
        if self.record is not None and self.record.dealer is not None:
            return self.record.dealer
        return Seat.N

    def auction(self) -> Auction:
        if self.args.auction is not None:
            calls = [Call.parse(c) for c in self.args.auction.replace(",", " ").split()]
        elif self.record is not None:
            calls = list(self.record.auction)
        else:
            calls = []
        return Auction(self.dealer(), calls)

    def deal(self) -> Deal:
        if self.args.deal:
            # an ending (fewer than 13 cards a hand) is allowed; the play checks the lengths
            return Deal.from_pbn(self.args.deal, partial=True)
        if self.record is not None and self.record.deal is not None:
            return self.record.deal
        raise ParseError('give the deal in PBN ("N:AKQJ.T98.765.432 ...") or a file')

    def contract(self) -> Contract:
        contract: Contract | None = None
        if self.args.contract:
            contract = Contract.parse(self.args.contract)
        elif self.record is not None and self.record.contract is not None:
            contract = self.record.contract
        elif self.args.auction:
            auction = self.auction()
            if auction.is_complete and not auction.is_passed_out:
                contract = auction.contract
        if contract is None:
            raise ParseError('give the contract and its declarer, like "4S S"')
        if contract.declarer is None:
            raise ParseError(f'the contract {contract} needs its declarer, like "4S S"')
        return contract

    def cards(self) -> list[Card]:
        if self.args.play is not None:
            return [Card.parse(c) for c in self.args.play.replace(",", " ").split()]
        if self.record is not None:
            return list(self.record.play)
        return []

    def play(self) -> Play:
        """The play so far, every card legal (irregular cards are named by --card)."""
        play = Play(self.deal(), self.contract())
        for number, card in enumerate(self.cards(), 1):
            reason = play.why_illegal(card)
            if reason is not None:
                raise IrregularityError(f"card {number} of the play so far ({card}): {reason}")
            play.play(card)
        return play

    def seat(self) -> Seat:
        if not self.args.seat:
            raise ParseError("give the offender's seat: N, E, S or W")
        return Seat.parse(self.args.seat)

    def call(self) -> Call:
        if not self.args.call:
            raise ParseError("give the irregular call, like 1H (or P, X, XX)")
        return Call.parse(self.args.call)

    def card(self) -> Card:
        if not self.args.card:
            raise ParseError("give the card, like SA")
        return Card.parse(self.args.card)


def _pick(records: Sequence[GameRecord], path: str, board: int | None) -> GameRecord:
    if not records:
        raise ParseError(f"{path} holds no game")
    if board is None:
        return records[0]
    for record in records:
        if record.board == board:
            return record
    boards = ", ".join(str(r.board) for r in records if r.board is not None) or "none numbered"
    raise ParseError(f"{path} has no board {board} (boards: {boards})")


def rule(facts: Facts) -> Ruling:
    """The ruling on what the report says happened."""
    args = facts.args
    kind = args.kind
    if kind == "insufficient-bid":
        auction = facts.auction()
        if args.seat and Seat.parse(args.seat) != auction.turn:
            raise IrregularityError(
                f"it is {auction.turn.full_name}'s turn: a bid by another seat is a call out "
                "of rotation (use out-of-rotation)"
            )
        return rule_insufficient_bid(auction, facts.call())
    if kind == "out-of-rotation":
        return rule_call_out_of_rotation(
            facts.auction(), facts.seat(), facts.call(), rho_must_pass=args.rho_must_pass
        )
    if kind == "opening-lead":
        return rule_opening_lead_out_of_turn(
            facts.play(),
            facts.seat(),
            facts.card(),
            declarer_saw_dummy=args.saw_dummy,
            face_down=args.face_down,
        )
    if kind == "lead":
        return rule_lead_out_of_turn(facts.play(), facts.seat(), facts.card())
    if kind == "auction-exposed":
        if not args.card:
            raise ParseError("give the card or cards exposed, like SK or SK H2")
        cards = [Card.parse(c) for c in args.card.replace(",", " ").split()]
        return rule_card_exposed_during_auction(facts.auction(), facts.seat(), cards, led=args.led)
    if kind == "exposed":
        return rule_exposed_card(
            facts.play(), facts.seat(), facts.card(), deliberate=args.deliberate
        )
    if kind == "premature":
        return rule_premature_play(facts.play(), facts.seat(), facts.card())
    if kind == "revoke":
        return _revoke(facts)
    raise ParseError(f"{kind!r} is not an irregularity ({', '.join(KINDS)})")


def _revoke(facts: Facts) -> Ruling:
    deal, contract, cards = facts.deal(), facts.contract(), facts.cards()
    if not cards:
        raise ParseError("give the play with the revoke (the cards in order), or a file with it")
    revoke = None
    if facts.args.revoke_trick is not None:
        _, revokes = replay(deal, contract, cards)
        found = [r for r in revokes if r.trick == facts.args.revoke_trick]
        if not found:
            where = ", ".join(str(r.trick) for r in revokes) or "none"
            raise IrregularityError(
                f"no revoke at trick {facts.args.revoke_trick} (revokes at tricks: {where})"
            )
        revoke = found[0]
    return rule_revoke(
        deal,
        contract,
        cards,
        revoke=revoke,
        faced_card=facts.args.faced_card,
        after_next_board=facts.args.after_next_board,
        after_round=facts.args.after_round,
    )


def apply_choice(facts: Facts, ruling: Ruling, key: str) -> list[str]:
    """Apply option ``key`` and describe the state after, line by line."""
    kind = facts.args.kind
    option = ruling.option(key)
    lines = [f"Chosen: {option}"]
    duties: Obligations
    if kind == "insufficient-bid":
        correction = Call.parse(facts.args.correction) if facts.args.correction else None
        auction, duties = apply_insufficient_bid(facts.auction(), facts.call(), key, correction)
        lines.append(f"Auction now: {_calls(auction)}; {auction.turn.full_name} to call.")
    elif kind == "out-of-rotation":
        auction, duties = apply_call_out_of_rotation(
            facts.auction(), facts.seat(), facts.call(), key
        )
        lines.append(f"Auction now: {_calls(auction)}; {auction.turn.full_name} to call.")
    elif kind == "opening-lead":
        play, duties = apply_opening_lead_out_of_turn(facts.play(), facts.seat(), facts.card(), key)
        trick = " ".join(str(c) for c in play.current_trick) or "no card yet"
        turn = play.turn.full_name if play.turn is not None else "nobody"
        lines.append(
            f"Declarer {play.declarer.full_name}, dummy {play.dummy.full_name}; "
            f"trick 1: {trick}; {turn} to play."
        )
    else:
        return [*lines, "(what follows is carried out at the table as the ruling says)"]
    for seat, bar in duties.must_pass.items():
        lines.append(
            f"{seat.full_name} must pass "
            + ("throughout the auction." if bar == "throughout" else "at his next turn.")
        )
    if duties.lead is not None:
        seat, suit, how = duties.lead
        lines.append(
            f"{seat.full_name} {'must lead' if how == 'require' else 'may not lead'} "
            f"{suit.full_name}."
        )
    for seat, cards in duties.penalty_cards.items():
        for card, major in cards:
            lines.append(
                f"{seat.full_name}'s {card} is a {'major' if major else 'minor'} penalty card."
            )
    lines += [note[0].upper() + note[1:] + "." for note in duties.notes]
    return lines


def _calls(auction: Auction) -> str:
    return " ".join(str(c) for c in auction.calls) or "(no call yet)"


def as_json(ruling: Ruling) -> dict[str, Any]:
    return {
        "kind": ruling.kind.name.lower().replace("_", "-"),
        "offender": ruling.offender.name,
        "summary": ruling.summary,
        "chooser": ruling.chooser.name if ruling.chooser is not None else None,
        "options": [
            {
                "key": o.key,
                "law": o.law,
                "by": o.by.name if o.by is not None else None,
                "text": o.text,
            }
            for o in ruling.options
        ],
        "follows": list(ruling.follows),
        "transfer": ruling.transfer,
    }
