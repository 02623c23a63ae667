"""``contractbridge director``: the Director's assistant — what happened, and what the Laws say.

Name the irregularity and the state of the deal (from arguments, or a PBN/LIN/JSON file
for the deal, auction and play so far) and get the ruling: the options, who chooses, what
follows, each with its Law number. ``--choose`` applies an option and shows the state after.
Without an irregularity the questions are asked one a line on standard input, so it works
through a pipe::

    contractbridge director insufficient-bid --dealer N --auction 1NT --call 1H
    contractbridge director revoke --file club.pbn --board 7
    printf 'revoke\\nclub.pbn\\n7\\n' | contractbridge director
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

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
    rule_call_out_of_rotation,
    rule_exposed_card,
    rule_insufficient_bid,
    rule_lead_out_of_turn,
    rule_opening_lead_out_of_turn,
    rule_premature_play,
    rule_revoke,
)
from contractbridge.core.play import Play
from contractbridge.core.seat import Seat
from contractbridge.formats import GameRecord, load_file

#: The irregularities, as named on the command line, with what each needs.
KINDS = {
    "insufficient-bid": "an insufficient bid (Law 27): --auction so far, --call made",
    "out-of-rotation": "a call out of rotation (Laws 28-32): --auction, --seat, --call",
    "opening-lead": "an opening lead out of turn (Laws 54, 56): --deal, --contract, --seat, --card",
    "lead": "a lead out of turn (Laws 53, 55, 56): --deal, --contract, --play, --seat, --card",
    "revoke": "a revoke (Laws 61-64): --deal, --contract, --play with the revoke, or --file",
    "exposed": "an exposed card (Laws 48-51): --deal, --contract, --play, --seat, --card",
    "premature": "a premature lead or play (Law 57): --deal, --contract, --play, --seat, --card",
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "director",
        help="rule an irregularity by the Laws (options, who chooses, what follows)",
        description=(
            "The Director's assistant: name what happened at the table and get the ruling "
            "of the Laws of Duplicate Bridge 2017 with its Law numbers. Without KIND, the "
            "questions are read from standard input one a line."
        ),
        epilog="Irregularities: " + "; ".join(f"{name}: {text}" for name, text in KINDS.items()),
    )
    parser.add_argument(
        "kind",
        nargs="?",
        choices=sorted(KINDS),
        metavar="KIND",
        help="the irregularity: " + ", ".join(KINDS),
    )
    source = parser.add_argument_group("the deal so far")
    source.add_argument("--file", help="a PBN, LIN or JSON file with the deal, auction and play")
    source.add_argument("--board", type=int, help="the board in --file (default: the first)")
    source.add_argument("--dealer", help="N, E, S or W (default: the file's, else N)")
    source.add_argument("--auction", help='calls so far from the dealer, e.g. "1NT P"')
    source.add_argument("--deal", help='the deal in PBN, e.g. "N:AKQJ.T98.765.432 ..."')
    source.add_argument("--contract", help='the contract and declarer, e.g. "4S S"')
    source.add_argument("--play", help='cards played so far in order, e.g. "HA H8 H7 H4"')
    what = parser.add_argument_group("what happened")
    what.add_argument("--seat", help="the offender (for an insufficient bid: the seat in turn)")
    what.add_argument("--call", help="the irregular call")
    what.add_argument("--card", help="the card led, played or exposed")
    what.add_argument("--deliberate", action="store_true", help="the card was exposed on purpose")
    what.add_argument(
        "--saw-dummy", action="store_true", help="declarer could have seen dummy's cards (Law 54C)"
    )
    what.add_argument(
        "--rho-must-pass",
        action="store_true",
        help="the offender's RHO was required to pass (Law 28A)",
    )
    what.add_argument(
        "--faced-card",
        action="store_true",
        help="the revoke was a failure to play a card faced on the table (64B3)",
    )
    what.add_argument(
        "--after-next-board",
        action="store_true",
        help="the revoke was found after a call on the next board (64B4)",
    )
    what.add_argument(
        "--after-round",
        action="store_true",
        help="the revoke was found after the round ended (64B5)",
    )
    what.add_argument(
        "--revoke-trick",
        type=int,
        help="which revoke to rule, by trick number (default: the first)",
    )
    choice = parser.add_argument_group("applying a ruling")
    choice.add_argument("--choose", metavar="OPTION", help="apply this option and show the result")
    choice.add_argument("--correction", help="the offender's correcting call (Law 27B)")
    parser.add_argument("--json", action="store_true", help="print the ruling as JSON")
    parser.set_defaults(func=run)


# -- reading what happened ---------------------------------------------------------------------
class Facts:
    """The state of the deal, from arguments or a file: parsed on demand, with clear errors."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.record: GameRecord | None = _record(args.file, args.board) if args.file else None

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
        raise ParseError('give the deal: --deal "N:AKQJ.T98.765.432 ..." or --file')

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
            raise ParseError('give the contract and its declarer: --contract "4S S"')
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
            raise ParseError("give the offender: --seat N, E, S or W")
        return Seat.parse(self.args.seat)

    def call(self) -> Call:
        if not self.args.call:
            raise ParseError("give the irregular call: --call 1H (or P, X, XX)")
        return Call.parse(self.args.call)

    def card(self) -> Card:
        if not self.args.card:
            raise ParseError("give the card: --card SA")
        return Card.parse(self.args.card)


def _record(path: str, board: int | None) -> GameRecord:
    records = load_file(path)
    if not records:
        raise ParseError(f"{path} holds no game")
    if board is None:
        return records[0]
    for record in records:
        if record.board == board:
            return record
    boards = ", ".join(str(r.board) for r in records if r.board is not None) or "none numbered"
    raise ParseError(f"{path} has no board {board} (boards: {boards})")


def ruling_for(kind: str, facts: Facts) -> Ruling:
    args = facts.args
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
            facts.play(), facts.seat(), facts.card(), declarer_saw_dummy=args.saw_dummy
        )
    if kind == "lead":
        return rule_lead_out_of_turn(facts.play(), facts.seat(), facts.card())
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
    from contractbridge.core.irregularities import replay

    deal, contract, cards = facts.deal(), facts.contract(), facts.cards()
    if not cards:
        raise ParseError('give the play with the revoke: --play "..." or a --file with a play')
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


def apply_choice(kind: str, facts: Facts, ruling: Ruling, key: str) -> list[str]:
    """Apply option ``key`` and describe the state after, line by line."""
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


# -- asking ------------------------------------------------------------------------------------
#: The questions asked for each irregularity, as (argument, question).
QUESTIONS: dict[str, Sequence[tuple[str, str]]] = {
    "insufficient-bid": (
        ("dealer", "Dealer (N, E, S, W)"),
        ("auction", "Calls so far from the dealer, before the insufficient bid (e.g. 1NT P)"),
        ("call", "The insufficient bid"),
    ),
    "out-of-rotation": (
        ("dealer", "Dealer (N, E, S, W)"),
        ("auction", "Calls so far in rotation from the dealer (empty if none)"),
        ("seat", "Who called out of rotation"),
        ("call", "The call made"),
    ),
    "opening-lead": (
        ("deal", "The deal in PBN (N:spades.hearts.diamonds.clubs ... four hands)"),
        ("contract", "Contract and declarer (e.g. 4S S)"),
        ("seat", "Who led out of turn"),
        ("card", "The card led"),
    ),
    "revoke": (("file", "A PBN/LIN file with the deal and the play (empty to type them)"),),
}
_PLAY_QUESTIONS = (
    ("deal", "The deal in PBN (N:spades.hearts.diamonds.clubs ... four hands)"),
    ("contract", "Contract and declarer (e.g. 4S S)"),
    ("play", "Cards played so far, in order (empty if none)"),
    ("seat", "The offender"),
    ("card", "The card"),
)
for _kind in ("lead", "exposed", "premature"):
    QUESTIONS[_kind] = _PLAY_QUESTIONS


def ask(args: argparse.Namespace, lines: TextIO, prompt: Callable[[str], None]) -> str:
    """Fill ``args`` from answers read one a line; returns the irregularity named."""

    def answer(question: str) -> str:
        prompt(question + ": ")
        line = lines.readline()
        if not line:
            raise ParseError(f"no answer to {question.split(' (')[0].lower()!r} (input ended)")
        return line.strip()

    names = list(KINDS)
    menu = "; ".join(f"{i} {name}" for i, name in enumerate(names, 1))
    text = answer(f"What happened? ({menu})")
    kind = names[int(text) - 1] if text.isdigit() and 1 <= int(text) <= len(names) else text
    if kind not in KINDS:
        raise ParseError(f"{text!r} is not an irregularity (answer 1-{len(names)} or a name)")
    for name, question in QUESTIONS[kind]:
        if getattr(args, name) is None:
            value = answer(question)
            setattr(args, name, value if value or name in ("auction", "play") else None)
    if kind == "revoke" and not args.file:
        for name, question in _PLAY_QUESTIONS[:3]:
            if getattr(args, name) is None:
                setattr(args, name, answer(question.replace("so far", "(with the revoke)")))
    elif kind == "revoke" and args.board is None:
        board = answer("Board number in the file (empty for the first)")
        args.board = int(board) if board.isdigit() else None
    return kind


def run(args: argparse.Namespace) -> int:
    kind = args.kind
    if kind is None:
        # questions are shown at a terminal; through a pipe the answers simply follow
        show = sys.stdin.isatty()
        kind = ask(
            args,
            sys.stdin,
            lambda q: print(q, end="", file=sys.stderr, flush=True) if show else None,
        )
    facts = Facts(args)
    ruling = ruling_for(kind, facts)
    if args.json:
        print(json.dumps(as_json(ruling), ensure_ascii=False, indent=2))
    else:
        print(ruling)
    if args.choose:
        lines = apply_choice(kind, facts, ruling, args.choose)
        if not args.json:
            print()
        print("\n".join(lines))
    return 0
