"""``contractbridge play``: play one seat in the terminal, with robots in the other three.

The robots are the package's best (SAYC bidding that explains every call, card play by
simulation, claims) unless ``--robots basic`` asks for the quick baseline. ``--system``
chooses the bidding system of the player's side (the robot partner bids it and reads the
player's calls by it) and ``--their-system`` the opponents' (both SAYC unless given)::

    contractbridge play --system forumd --their-system sayc

Works the same when driven through a pipe: each line read is one action, and the game ends
cleanly at the end of the input::

    printf '1nt\\np\\n' | contractbridge play --seed 3 --duplicate 1
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Iterable, Mapping
from typing import Any, TextIO

from rich.console import Console
from rich.table import Table as Grid
from rich.text import Text

from contractbridge.cli._lineloop import LineGame
from contractbridge.core.auction import Auction
from contractbridge.core.call import Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.errors import BridgeError, ParseError
from contractbridge.core.hand import Hand
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import SEATS, Seat, Side
from contractbridge.game import (
    Action,
    CallExplained,
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    ConcessionAnswered,
    DealDealt,
    DealScored,
    DummyFaced,
    Event,
    ExplainCall,
    NameSuit,
    SeriesEnded,
    Table,
    TableOpened,
    Undone,
    parse_action,
    parse_suit_only,
)
from contractbridge.game.beer import BEER_CARD, BEER_RULES, beer_card
from contractbridge.robots import STRENGTHS, Robot, robot_player
from contractbridge.robots.cardplay.carding import AGREEMENTS, Carding
from contractbridge.scoring.chicago import VULNERABILITY_SCHEMES
from contractbridge.scoring.rubber import RubberScoresheet

HELP = """\
Commands:
  a call     1nt 2h 3c 7s, p (pass), x (double), xx (redouble)
  a card     SA h7 d10 ct: suit then rank (dummy's cards on dummy's turn)
  a suit     'a heart', h, ♦: for dummy, its lowest card of the suit (Law 46B2)
  claim N    claim N of the remaining tricks (declarer or a defender)
  concede N  give the opponents N of the remaining tricks
  undo       take back your last call or card (and what followed)
  explain [N] TEXT   explain your call number N (default: your last call) to the
             opponents; 'alert [N] TEXT' alerts it too; 'explain N' alone withdraws
  ask CARD   what an opponent's card played this deal means by their carding
             agreement (declarer asks about the defenders' signals, Law 20F)
  score      show the score sheet
  stop       end the series now (a rubber is scored as unfinished)
  help       this text
  quit       leave the table"""


def _seat(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except BridgeError as error:  # its own words, not argparse's "invalid seat value"
        raise argparse.ArgumentTypeError(str(error)) from None


def _system(text: str) -> str:
    """A bidding system's name for ``--system`` and ``--their-system``."""
    from contractbridge.robots.bidding.card import available_systems

    systems = available_systems()
    if text.lower() not in systems:
        raise argparse.ArgumentTypeError(
            f"the bidding systems are {', '.join(systems)}, not {text!r}"
        )
    return text.lower()


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a seat against three robots in the terminal",
        description=(
            "Play one seat with three robots: by default they bid SAYC (the opponents' calls "
            "come with what they show) and play the cards by simulation. Type 'help' at the "
            "table."
        ),
    )
    form = parser.add_mutually_exclusive_group()
    form.add_argument(
        "--rubber", dest="form", action="store_const", const="rubber", help="rubber (default)"
    )
    form.add_argument(
        "--chicago", dest="form", action="store_const", const="chicago", help="Chicago"
    )
    form.add_argument(
        "--russian",
        dest="form",
        action="store_const",
        const="russian",
        help="Russian Chicago: each deal IMPed against a target set by the high-card points",
    )
    form.add_argument("--duplicate", dest="boards", type=int, metavar="N", help="N boards")
    chicago = parser.add_argument_group("Chicago (with --chicago or --russian)")
    chicago.add_argument(
        "--deals",
        type=int,
        metavar="N",
        help="deals in the Chicago: 4 (default) or a multiple of 4 in the duplicate style or"
        " Russian Chicago",
    )
    chicago.add_argument(
        "--duplicate-style",
        action="store_true",
        help="score each deal as in duplicate (50 for a partscore, nothing carried)",
    )
    chicago.add_argument(
        "--vulnerable",
        choices=VULNERABILITY_SCHEMES,
        default="dealer",
        help="who is vulnerable on deals 2 and 3: the dealer's side (default) or the"
        " non-dealing side (the rules text's 'more modern scheme')",
    )
    parser.add_argument("--seat", type=_seat, default=Seat.S, help="N, E, S or W (default S)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the deals")
    parser.add_argument(
        "--robots",
        choices=STRENGTHS,
        default="best",
        help="best (SAYC, simulating card play; the default) or basic (quick, natural bidding)",
    )
    parser.add_argument(
        "--system",
        type=_system,
        default="sayc",
        metavar="NAME",
        help="the bidding system of your side: your robot partner bids it and reads your "
        "calls by it: sayc (the default), forumd, ... ('contractbridge card NAME' shows its card)",
    )
    parser.add_argument(
        "--their-system",
        type=_system,
        default="sayc",
        metavar="NAME",
        help="the opponents' bidding system (default sayc); their calls come explained by it",
    )
    parser.add_argument(
        "--carding",
        choices=AGREEMENTS,
        default="standard",
        help="the robots' discards: standard (lowest from a suit without honours) or "
        "lavinthal (the first discard asks for one of the two other suits)",
    )
    parser.add_argument(
        "--beer-card",
        choices=BEER_RULES,
        default="declarer",
        help="whose Beer Card (the 7 of diamonds winning the last trick) earns a beer: "
        "declarer's side (default), both sides (the defenders too), or off",
    )
    parser.add_argument(
        "--face-to-face",
        action="store_true",
        help="a practice table where irregularities happen and the Laws rule them "
        "(duplicate boards; robots wait for Enter, so you can act out of turn)",
    )
    parser.set_defaults(func=run, form=None)


def run(args: argparse.Namespace) -> int:
    if args.boards is not None and args.boards < 1:
        raise ParseError(f"--duplicate needs at least 1 board, not {args.boards}")
    if args.robots == "basic" and (args.system, args.their_system) != ("sayc", "sayc"):
        raise ParseError(
            "--system and --their-system are for the best robots; basic robots bid naturally"
        )
    if args.face_to_face:
        from contractbridge.cli._facetoface import run as run_face_to_face

        return run_face_to_face(args)
    form = "duplicate" if args.boards is not None else args.form or "rubber"
    chicago = _chicago_options(args, form)
    if form == "russian":
        form = "chicago"
    console = Console(highlight=False, emoji=False, soft_wrap=True)
    game = TerminalGame(
        args.seat,
        form=form,
        boards=args.boards,
        seed=args.seed,
        robots=args.robots,
        console=console,
        carding=args.carding,
        beer_card=args.beer_card,
        chicago=chicago,
        systems=side_systems(args.seat, args.system, args.their_system),
    )
    return game.play(sys.stdin)


def side_systems(me: Seat, mine: str, theirs: str) -> dict[Side, str]:
    """Each side's bidding system from the player's seat, their side's and the opponents'.

    >>> side_systems(Seat.E, "forumd", "sayc")
    {<Side.NS: 0>: 'sayc', <Side.EW: 1>: 'forumd'}
    """
    return {side: mine if side == me.side else theirs for side in Side}


def _form_text(opened: TableOpened) -> str:
    """``rubber``, ``duplicate``, or the Chicago played: ``Russian Chicago, 8 deals, the
    non-dealing side vulnerable on deals 2 and 3``."""
    if opened.form != "chicago":
        return opened.form
    name = "Russian Chicago" if opened.russian else "chicago"
    style = ", duplicate style" if opened.duplicate_style and not opened.russian else ""
    side = "non-dealing" if opened.dealers_opponents_vulnerable else "dealing"
    return f"{name}, {opened.boards or 4} deals{style}, the {side} side vulnerable on deals 2 and 3"


def _chicago_options(args: argparse.Namespace, form: str) -> dict[str, Any]:
    """The Table's Chicago options from ``--deals``, ``--duplicate-style``, ``--vulnerable``
    and ``--russian``; a ParseError when they are given to another form."""
    given = [
        option
        for option, present in (
            ("--deals", args.deals is not None),
            ("--duplicate-style", args.duplicate_style),
            ("--vulnerable", args.vulnerable != "dealer"),
        )
        if present
    ]
    if form not in ("chicago", "russian"):
        if given:
            raise ParseError(f"{', '.join(given)} go with --chicago or --russian, not {form}")
        return {}
    if form == "russian" and args.duplicate_style:
        raise ParseError("Russian Chicago scores each deal as in duplicate already")
    return {
        "boards": args.deals,
        "duplicate_style": args.duplicate_style,
        "dealers_opponents_vulnerable": args.vulnerable == "non-dealer",
        "russian": form == "russian",
    }


class TerminalGame(LineGame):
    """The terminal front-end: shows ``me``'s events and view, reads ``me``'s actions."""

    def __init__(
        self,
        me: Seat,
        *,
        form: str = "rubber",
        boards: int | None = None,
        seed: int | None = None,
        robots: str = "best",
        console: Console | None = None,
        carding: str = "standard",
        beer_card: str = "declarer",
        chicago: Mapping[str, Any] | None = None,
        systems: Mapping[Side, str] | None = None,
    ) -> None:
        """``chicago``: the Table's Chicago options (``boards`` for the deals,
        ``duplicate_style``, ``dealers_opponents_vulnerable``, ``russian``); ``systems``
        each side's bidding system (SAYC for a side not named), which its robots bid."""
        super().__init__(me, console)
        self.beer_rule = beer_card
        self.carding = Carding(discards=carding)
        bids = {side: (systems or {}).get(side, "sayc") for side in Side}
        self.systems = bids
        players: dict[Seat, Robot | None] = {
            s: robot_player(
                robots, carding=carding, system=bids[s.side], their_system=bids[s.side.opponents]
            )
            for s in SEATS
        }
        players[me] = None
        names = ["You" if s == me else f"Robot {s.full_name}" for s in SEATS]
        options = dict(chicago or {})
        deals = options.pop("boards", None)
        boards = deals if deals is not None else boards
        self.table = Table(players, form=form, boards=boards, seed=seed, names=names, **options)
        self.shown = 0  # events already shown
        self._calls: list[tuple[int, Call]] = []
        self._cards: list[tuple[int, Seat, Card]] = []
        self._dealt: DealDealt | None = None

    # -- the loop ----------------------------------------------------------------------------
    def play(self, lines: TextIO | Iterable[str]) -> int:
        opened = self.table.opened
        intro = (
            f"Contract bridge, {_form_text(opened)}: you sit {self.me.full_name}; seed"
            f" {opened.seed}. Type 'help' for the commands."
        )
        if set(self.systems.values()) != {"sayc"}:
            from contractbridge.robots.bidding.card import system_name

            mine, theirs = self.systems[self.me.side], self.systems[self.me.side.opponents]
            intro += (
                f"\nYour side bids {system_name(mine)}; the opponents bid {system_name(theirs)}."
            )
        return self.run_lines(intro, lines)

    def advance(self) -> bool:
        self.table.run()
        self.show_new_events()
        return self.table.is_over

    def leave(self) -> None:
        self.show_final_score()

    def command(self, line: str) -> bool:
        """Act on one line; False to leave."""
        word = line.lower()
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?", "h"):
            self.out(HELP)
            return True
        if word == "score":
            self.show_sheet()
            return True
        if not word:
            return True
        try:
            head = word.split()[0]
            if head == "ask":
                self.out(self.signal_explained(line.split(None, 1)[1] if " " in line else ""))
                return True
            action: Action | None = (
                self.explain_action(line) if head in ("explain", "alert") else None
            )
            pending = self.table.pending()
            suit = parse_suit_only(line)
            if action is None and suit is not None and pending is not None:
                # a card is due: "d" names diamonds, not a double
                action = NameSuit(suit) if pending.kind == "card" else None
            self.table.act(self.me, action or parse_action(line))
        except BridgeError as error:
            self.out(f"  Not possible: {error}. Type 'help' for the commands.")
        return True

    def explain_action(self, line: str) -> ExplainCall:
        """``explain [N] TEXT`` / ``alert [N] TEXT``: N counts the calls of this deal from 1;
        without it, the player's own last call."""
        head, _, rest = line.strip().partition(" ")
        number, _, text = rest.strip().partition(" ")
        if number.isdigit():
            index = int(number) - 1
        else:
            text = rest.strip()
            mine = [i for i, _ in enumerate(self._calls) if self._caller(i) == self.me]
            if not mine:
                raise ParseError("you have made no call in this deal to explain")
            index = mine[-1]
        return ExplainCall(index, text.strip(), alert=True if head.lower() == "alert" else None)

    def signal_explained(self, text: str) -> str:
        """``ask CARD``: what an opponent's card played this deal means by their agreement,
        as the player's partner tells it (Law 20F)."""
        if not text.strip():
            raise ParseError("write 'ask CARD', like 'ask C9', naming a card played this deal")
        card = Card.parse(text.strip())
        contract = self.contract()
        played = [(seat, c) for _, seat, c in self._cards]
        index = next((i for i, (_, c) in enumerate(played) if c == card), None)
        if contract is None or index is None:
            raise ParseError(f"{self.card(card)} has not been played in this deal")
        seat = played[index][0]
        if seat.side == self.me.side:
            raise ParseError("you may ask about the opponents' cards only")
        meaning = self.carding.explain(contract, played, index)
        if meaning is None:
            return f"  {self.card(card)} is declarer's side's: declarer and dummy do not signal."
        return (
            f"  {seat.partner.full_name} explains {seat.full_name}'s {self.card(card)}: {meaning}"
        )

    def _caller(self, index: int) -> Seat | None:
        return self._dealt.dealer.next(index) if self._dealt is not None else None

    def prompt(self) -> str:
        pending = self.table.pending()
        assert pending is not None
        if pending.kind == "call":
            return "Your call> "
        if pending.kind == "claim":
            return "Accept the claim? (accept/reject)> "
        if pending.kind == "concession":
            return "Partner concedes: agree or object? (accept/reject)> "
        if pending.hand is not None and pending.hand != self.me:
            return f"Card from dummy ({pending.hand.full_name})> "
        return "Your card> "

    # -- showing -----------------------------------------------------------------------------
    def call_text(self, call: Call) -> str:
        if call.strain is None or not self.symbols:
            return str(call)
        return call.symbol

    def diagram(self, hands: dict[Seat, Hand | None]) -> Grid:
        """The four hands as a compass: North on top, South below, West and East between."""
        grid = Grid.grid(padding=(0, 3))
        for _ in range(3):
            grid.add_column(min_width=16)

        def block(seat: Seat) -> str:
            head = seat.full_name + (" (you)" if seat == self.me else "")
            return "\n".join([head, *self.hand_lines(hands.get(seat))])

        grid.add_row("", block(Seat.N), "")
        grid.add_row(block(Seat.W), "", block(Seat.E))
        grid.add_row("", block(Seat.S), "")
        return grid

    def contract(self) -> Contract | None:
        dealt = self._dealt
        if dealt is None:
            return None
        auction = Auction(dealt.dealer, [c for _, c in self._calls])
        return auction.contract if auction.is_complete else None

    def show_new_events(self) -> None:
        for event in self.table.events_for(self.me, since=self.shown):
            self.show_event(event)
        self.shown = self.table.version

    def show_event(self, event: Event) -> None:
        if isinstance(event, DealDealt):
            self._dealt, self._calls, self._cards = event, [], []
            board = f" (board {event.board})" if event.board is not None else ""
            self.out()
            self.out(
                Text(
                    f"Deal {event.number}{board}: {event.dealer.full_name} deals, "
                    f"vulnerable: {event.vulnerability}",
                    style="bold",
                )
            )
            self.out(
                f"Your hand ({self.me.full_name}): {self.hand_line(event.hands[self.me] or Hand())}"
            )
        elif isinstance(event, CallMade):
            self._calls.append((event.version, event.call))
            if event.seat != self.me:
                note = f"  ({event.explanation})" if event.explanation else ""
                self.out(f"{event.seat.full_name} bids {self.call_text(event.call)}{note}")
            contract = self.contract() if event.call.is_pass else None
            if contract is not None and contract.declarer is not None:
                leader = contract.declarer.lho.full_name
                text = f"Contract: {self.contract_text(contract)}; {leader} leads."
                self.out(Text(text, style="bold"))
        elif isinstance(event, CallExplained):
            if event.seat != self.me and event.seat != self.me.partner:
                call = self._calls[event.index][1] if event.index < len(self._calls) else None
                what = self.call_text(call) if call is not None else f"call {event.index + 1}"
                if event.explanation:
                    self.out(f"{event.seat.full_name} explains {what}: {event.explanation}")
                else:
                    self.out(f"{event.seat.full_name} withdraws the explanation of {what}.")
            elif event.seat == self.me:
                self.out("  Explained." if event.explanation else "  Explanation withdrawn.")
        elif isinstance(event, CardPlayed):
            self._cards.append((event.version, event.seat, event.card))
            who = (
                self.name(event.seat)
                if event.seat == event.by
                else f"{event.seat.full_name} (dummy)"
            )
            self.out(f"{who} play{'' if who == 'You' else 's'} {self.card(event.card)}")
            if len(self._cards) % 4 == 0:
                self.out(self.trick_summary())
        elif isinstance(event, DummyFaced):
            self.out(f"Dummy ({event.seat.full_name}): {self.hand_line(event.hand)}")
        elif isinstance(event, ClaimMade):
            self.out(
                f"{self.does(event.seat, 'claim')} "
                f"{event.tricks} of the {event.remaining} remaining tricks."
            )
        elif isinstance(event, ClaimAccepted):
            self.out(f"{self.does(event.seat, 'accept')} the claim.")
        elif isinstance(event, ClaimRejected):
            self.out(f"{self.does(event.seat, 'reject')} the claim: play on.")
        elif isinstance(event, Conceded):
            self.out(f"{self.does(event.seat, 'concede')} {event.tricks} tricks.")
        elif isinstance(event, ConcessionAnswered):
            self.out(
                f"{self.does(event.seat, 'agree')} to the concession."
                if event.agreed
                else f"{self.does(event.seat, 'object')}: no concession (Law 68B2); play on."
            )
        elif isinstance(event, Undone):
            self._calls = [(v, c) for v, c in self._calls if v < event.back_to]
            self._cards = [c for c in self._cards if c[0] < event.back_to]
            self.out(f"{self.name(event.seat)} took back the last action(s).")
        elif isinstance(event, DealScored):
            self.show_result(event)
        elif isinstance(event, SeriesEnded):
            self.out()
            self.out(
                Text(
                    f"Final score: North-South {event.ns_total}, East-West {event.ew_total}.",
                    style="bold",
                )
            )
            mine = event.ns_total if self.me.side == Side.NS else event.ew_total
            theirs = event.ew_total if self.me.side == Side.NS else event.ns_total
            verdict = "You win" if mine > theirs else "You lose" if mine < theirs else "A tie"
            self.out(f"{verdict}, {mine} to {theirs}.")

    def contract_text(self, contract: Contract) -> str:
        strain = contract.strain.symbol if self.symbols else contract.strain.name
        declarer = contract.declarer.full_name if contract.declarer is not None else "?"
        return f"{contract.level}{strain}{contract.doubled} by {declarer}"

    def trick_summary(self) -> str:
        contract = self.contract()
        assert contract is not None and contract.declarer is not None
        trump = contract.strain.suit
        won = {Side.NS: 0, Side.EW: 0}
        leader = contract.declarer.lho
        winner = leader
        for i in range(0, len(self._cards), 4):
            cards = [c for _, _, c in self._cards[i : i + 4]]
            winner = trick_winner(cards, leader, int(trump) if trump is not None else -1)
            won[winner.side] += 1
            leader = winner
        return (
            f"  Trick {len(self._cards) // 4} to {self.name(winner).replace('You', 'you')}. "
            f"Tricks: North-South {won[Side.NS]}, East-West {won[Side.EW]}."
        )

    def show_status(self) -> None:
        view = self.table.view_for(self.me)
        pending = self.table.pending()
        assert pending is not None
        self.out()
        if pending.kind == "call":
            self.out(self.auction_grid(view.dealer, view.calls))
        else:
            trick = view.current_trick
            if trick:
                self.out(
                    "Trick so far: " + ", ".join(f"{self.name(s)} {self.card(c)}" for s, c in trick)
                )
            if view.dummy is not None and view.declarer is not None:
                self.out(f"Dummy ({view.declarer.partner.full_name}): {self.hand_line(view.dummy)}")
            for seat, hand in view.shown:  # a claimer faces its cards (Law 68C)
                self.out(f"{seat.full_name}'s cards, faced with the claim: {self.hand_line(hand)}")
        self.out(f"Your hand: {self.hand_line(view.hand)}")
        if pending.kind == "card":
            legal = " ".join(self.card(c) for c in view.legal_cards())
            self.out(f"You may play: {legal}")

    def auction_grid(self, dealer: Seat, calls: tuple[Call, ...]) -> Grid:
        grid = Grid(show_edge=False, box=None, padding=(0, 2))
        order = [Seat.W, Seat.N, Seat.E, Seat.S]
        for seat in order:
            grid.add_column(seat.full_name + (" (you)" if seat == self.me else ""), min_width=7)
        cells: list[str] = [""] * order.index(dealer)
        cells += [self.call_text(c) for c in calls]
        cells.append("?")
        for i in range(0, len(cells), 4):
            row = cells[i : i + 4]
            grid.add_row(*(row + [""] * (4 - len(row))))
        return grid

    def show_result(self, event: DealScored) -> None:
        self.out()
        self.out(self.diagram({s: event.deal[s] for s in SEATS}))
        if event.contract is None:
            self.out("Passed out.")
        else:
            need = event.contract.level + 6
            made = event.declarer_tricks - need
            how = f"made {event.declarer_tricks} tricks" + (
                f" (+{made})" if made > 0 else "" if made == 0 else f" (down {-made})"
            )
            self.out(
                Text(
                    f"{self.contract_text(event.contract)}: {how}. "
                    f"Points: North-South {event.ns_points}, East-West {event.ew_points}.",
                    style="bold",
                )
            )
            played = [(seat, card) for _, seat, card in self._cards]
            beer = beer_card(event.contract, played, event.declarer_tricks, rule=self.beer_rule)
            if beer is not None:
                self.out(
                    f"Beer Card! The {self.card(BEER_CARD)} won the last trick: "
                    f"{self.name(beer.buyer)} buy{'' if beer.buyer == self.me else 's'} "
                    f"{self.name(beer.winner).replace('You', 'you')} a beer."
                )
        self.show_sheet()

    def show_final_score(self) -> None:
        """The score when leaving mid-series; a rubber is closed as an unfinished rubber."""
        sheet = self.table.state.sheet
        scored = any(isinstance(event, DealScored) for event in self.table.events)
        if sheet is None or sheet.is_complete or not scored:
            return
        if isinstance(sheet, RubberScoresheet):
            sheet = copy.deepcopy(sheet)  # the table's own sheet stays as it was
            closing = sheet.finish()
            self.out(
                "The rubber stops unfinished"
                + (
                    ": " + ", ".join(f"{p.side} +{p.points} ({p.reason})" for p in closing)
                    if closing
                    else "; no premium for an unfinished game."
                )
            )
            self.out(Text(sheet.render()))
        else:
            self.show_sheet()
        totals = sheet.totals()
        self.out(f"Final score: North-South {totals[Side.NS]}, East-West {totals[Side.EW]}.")

    def show_sheet(self) -> None:
        sheet = self.table.state.sheet
        if sheet is not None:
            self.out(Text(sheet.render()))
