"""``contractbridge minibridge``: Minibridge for learners in the terminal, with three robots.

In the points form every player announces the points held and declarer, having seen
dummy, names partscore or game and the trumps; in the slips form players open, read
partner's slip and name contracts. See ``docs/minibridge.md``.

Works the same through a pipe: each line read is one answer, and the game ends cleanly at
the end of the input::

    printf '12\\n' | contractbridge minibridge --seed 3 --deals 1
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from rich.console import Console
from rich.table import Table as Grid
from rich.text import Text

from contractbridge.cli._common import plural
from contractbridge.cli._lineloop import LineGame
from contractbridge.core.card import Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.errors import BridgeError, ParseError
from contractbridge.core.minibridge import (
    Action,
    Form,
    MinibridgeDeal,
    Phase,
    Slip,
    declared_contract,
)
from contractbridge.core.seat import SEATS, Seat, Side
from contractbridge.game.minibridge import MinibridgePlayer, MinibridgeSeries
from contractbridge.robots.minibridge import MinibridgeRobot

HELP = """\
Answers, by what is asked:
  your points   the high-card points you hold: ace 4, king 3, queen 2, jack 1 (e.g. 12)
  open or pass  'open' (I open) or 'pass'                              (slips form)
  declaring     'game' or 'partscore' and the trumps or notrump:
                'game hearts', 'partscore nt', 'g s'; or the contract, '4h', '1nt'
  a contract    '2h', '3nt' (more tricks, or as many in a higher strain), or 'pass'
  a card        SA h7 d10 ct: suit then rank (dummy's cards on dummy's turn)
Commands:
  score         show the score sheet
  help          this text
  quit          leave the table"""

_OPEN = {"open", "o", "i open", "yes", "y"}
_PASS = {"pass", "p", "no", "n"}
_GAME = {"game", "g"}
_PARTSCORE = {"partscore", "part-score", "part", "ps", "p"}


def _seat(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except BridgeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _form(text: str) -> Form:
    try:
        return Form.parse(text)
    except BridgeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "minibridge",
        help="Minibridge for learners in the terminal, with three robots",
        description=(
            "Minibridge with three robots. Points form: everyone announces their points, "
            "declarer sees dummy and names partscore or game and the trumps. Slips form: "
            "players open, read partner's slip and name contracts. Type 'help' at the table."
        ),
    )
    parser.add_argument("--form", type=_form, default=Form.POINTS, help="points (default) or slips")
    parser.add_argument("--seat", type=_seat, default=Seat.S, help="N, E, S or W (default S)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the deals")
    parser.add_argument("--deals", type=int, default=4, help="deals to play (default 4)")
    parser.add_argument(
        "--vulnerable",
        action="store_true",
        help="score with each board's bridge vulnerability (Minibridge is played without)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.deals < 1:
        raise ParseError(f"--deals needs at least 1 deal, not {args.deals}")
    console = Console(highlight=False, emoji=False, soft_wrap=True)
    game = MinibridgeGame(
        args.seat,
        form=args.form,
        deals=args.deals,
        seed=args.seed,
        vulnerable=args.vulnerable,
        console=console,
    )
    return game.play(sys.stdin)


class MinibridgeGame(LineGame):
    """The terminal front-end: shows what ``me`` may see, reads ``me``'s answers."""

    def __init__(
        self,
        me: Seat,
        *,
        form: Form = Form.POINTS,
        deals: int = 4,
        seed: int | None = None,
        vulnerable: bool = False,
        console: Console | None = None,
        robots: dict[Seat, MinibridgePlayer] | None = None,
    ) -> None:
        super().__init__(me, console)
        players: dict[Seat, MinibridgePlayer | None] = {
            s: (robots or {}).get(s) or MinibridgeRobot(seed=int(s)) for s in SEATS
        }
        players[me] = None
        self.series = MinibridgeSeries(
            players, form=form, deals=deals, seed=seed, vulnerable=vulnerable
        )
        self._index = 0  # the deal of series.history being shown
        self._actions = 0  # its actions already shown
        self._headed = False

    # -- the loop ---------------------------------------------------------------------------
    def play(self, lines: TextIO | Iterable[str]) -> int:
        series = self.series
        intro = (
            f"Minibridge, {series.form.value} form, {plural(series.deals, 'deal')}: you sit "
            f"{self.me.full_name}; seed {series.seed}. Type 'help' for the answers."
        )
        return self.run_lines(intro, lines)

    def advance(self) -> bool:
        self.series.run()
        self.catch_up()
        if self.series.is_over:
            self.show_final_score()
        return self.series.is_over

    def leave(self) -> None:
        self.show_final_score()

    def command(self, line: str) -> bool:
        """Act on one line; False to leave."""
        word = " ".join(line.lower().split())
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?", "h"):
            self.out(HELP)
            return True
        if word == "score":
            self.out(Text(self.series.score.render()))
            return True
        if not word:
            return True
        try:
            self.answer(word)
        except BridgeError as error:
            self.out(f"  Not possible: {error}. Type 'help' for the answers.")
        return True

    def answer(self, word: str) -> None:
        pending = self.series.pending()
        assert pending is not None
        seat, phase = pending
        series = self.series
        if phase == Phase.ANNOUNCE:
            if not word.isdigit():
                raise ParseError(f"{word!r} is not a number of points")
            series.announce(seat, int(word))
        elif phase == Phase.OPEN:
            if word not in _OPEN | _PASS:
                raise ParseError(f"{word!r}: say 'open' or 'pass'")
            series.speak(seat, word in _OPEN)
        elif phase == Phase.DECLARE:
            strain, game = parse_declaration(word)
            series.declare(seat, strain, game)
        elif phase == Phase.BID:
            series.bid(seat, None if word in _PASS else Contract.parse(word))
        else:
            series.play_card(seat, Card.parse(word))

    def prompt(self) -> str:
        pending = self.series.pending()
        assert pending is not None
        phase = pending[1]
        if phase == Phase.ANNOUNCE:
            return "Your points> "
        if phase == Phase.OPEN:
            return "Open or pass> "
        if phase == Phase.DECLARE:
            return "Game or partscore, and the trumps (e.g. 'game hearts', 'partscore nt')> "
        if phase == Phase.BID:
            return "Your contract (e.g. 2h, 3nt) or pass> "
        hand = self.series.current.card_hand
        if hand is not None and hand != self.me:
            return f"Card from dummy ({hand.full_name})> "
        return "Your card> "

    # -- showing ----------------------------------------------------------------------------
    def slip_text(self, slip: Slip) -> str:
        suits = " ".join(f"{n} {self.suit(3 - i)}" for i, n in enumerate(slip.lengths))
        return f"{slip.points} points; {suits}"

    def diagram(self, deal: MinibridgeDeal) -> Grid:
        grid = Grid.grid(padding=(0, 3))
        for _ in range(3):
            grid.add_column(min_width=16)

        def block(seat: Seat) -> str:
            head = f"{seat.full_name}{' (you)' if seat == self.me else ''}"
            head += f", {deal.slips[seat].points} points"
            return "\n".join([head, *self.hand_lines(deal.deal[seat])])

        grid.add_row("", block(Seat.N), "")
        grid.add_row(block(Seat.W), "", block(Seat.E))
        grid.add_row("", block(Seat.S), "")
        return grid

    def catch_up(self) -> None:
        """Show what happened since the last answer, deal by deal."""
        series = self.series
        while self._index < len(series.history):
            deal = series.history[self._index]
            if not self._headed:
                self.show_header(deal, series.numbers[self._index])
                self._headed = True
            for number, action in enumerate(deal.actions[self._actions :], self._actions):
                self.show_action(deal, action, number)
            self._actions = len(deal.actions)
            if not deal.is_over:
                return
            self.show_end(deal)
            self._index += 1
            self._actions = 0
            self._headed = False

    def show_header(self, deal: MinibridgeDeal, number: int) -> None:
        self.out()
        vul = f", vulnerable: {deal.vulnerability}" if self.series.vulnerable else ""
        self.out(Text(f"Deal {number}: {deal.dealer.full_name} deals{vul}", style="bold"))
        self.out(f"Your hand ({self.me.full_name}): {self.hand_line(deal.deal[self.me])}")
        if deal.form == Form.SLIPS:
            self.out(f"Your slip: {self.slip_text(deal.slips[self.me])}")

    def show_action(self, deal: MinibridgeDeal, action: Action, number: int) -> None:
        seat = action.seat
        if action.kind == "announce":
            self.out(f"{self.does(seat, 'announce')} {action.points} points.")
            if number == 3:
                self.show_declarer(deal)
        elif action.kind == "open":
            self.out(f"{self.does(seat, 'open')}.")
            if seat == self.me:
                slip = deal.slips[seat.partner]
                self.out(f"Partner's slip ({seat.partner.full_name}): {self.slip_text(slip)}")
        elif action.kind == "pass":
            self.out(f"{self.does(seat, 'pass')}.")
        elif action.kind == "bid":
            if action.contract is not None:
                self.out(f"{self.does(seat, 'name')} {self.contract_text(action.contract)}.")
                opener = deal.opener
                if opener is not None and seat == opener and self.me == opener.lho:
                    bids = [a for a in deal.actions[: number + 1] if a.kind == "bid"]
                    if len(bids) == 1:
                        slip = deal.slips[self.me.partner]
                        self.out(
                            f"Partner's slip ({self.me.partner.full_name}): {self.slip_text(slip)}"
                        )
            else:
                self.out(f"{self.does(seat, 'pass')}.")
                if deal.contract is not None:
                    self.show_contract(deal.contract)
        elif action.kind == "declare":
            assert action.contract is not None
            game = "game" if action.contract.level > 1 else "a partscore"
            self.out(
                f"{self.does(seat, 'declare')} {game} in {self.strain(action.contract.strain)}."
            )
            self.show_contract(action.contract)
        elif action.kind == "card":
            assert action.card is not None and deal.contract is not None
            dummy = deal.contract.dummy
            who = f"{seat.full_name} (dummy)" if seat == dummy else self.name(seat)
            self.out(f"{who} play{'' if who == 'You' else 's'} {self.card(action.card)}")
            cards = sum(1 for a in deal.actions[: number + 1] if a.kind == "card")
            if cards == 1 and deal.form == Form.SLIPS:  # faced after the opening lead
                self.show_dummy(deal)
            if cards % 4 == 0:
                self.out(self.trick_summary(deal, cards // 4))

    def show_dummy(self, deal: MinibridgeDeal) -> None:
        assert deal.declarer is not None
        dummy = deal.declarer.partner
        if dummy != self.me:
            self.out(f"Dummy ({dummy.full_name}): {self.hand_line(deal.deal[dummy])}")

    def show_declarer(self, deal: MinibridgeDeal) -> None:
        if deal.declarer is None:
            self.out(Text("20 points each: the same dealer deals again.", style="bold"))
            return
        side = deal.declarer.side
        total = sum(deal.slips[s].points for s in side.seats)
        self.out(
            Text(
                f"{'North-South' if side == Side.NS else 'East-West'} hold {total} points: "
                f"{self.name_in(deal.declarer)} declare{'' if deal.declarer == self.me else 's'}, "
                f"{self.name_in(deal.declarer.partner)} "
                f"{'are' if deal.declarer.partner == self.me else 'is'} dummy.",
                style="bold",
            )
        )
        self.show_dummy(deal)  # faced before declarer names the contract

    def show_contract(self, contract: Contract) -> None:
        assert contract.declarer is not None
        leader = contract.declarer.lho
        self.out(
            Text(
                f"Contract: {self.contract_text(contract)}, {contract.level + 6} tricks; "
                f"{self.name_in(leader)} lead{'' if leader == self.me else 's'}.",
                style="bold",
            )
        )

    def trick_summary(self, deal: MinibridgeDeal, tricks: int) -> str:
        play = deal.play
        assert play is not None
        done = play.tricks[:tricks]
        winner = done[-1].winner
        ours = sum(1 for t in done if t.winner.side == play.declarer.side)
        return (
            f"  Trick {tricks} to {self.name_in(winner)}. "
            f"Declarer's side {ours}, defenders {tricks - ours}."
        )

    def show_end(self, deal: MinibridgeDeal) -> None:
        if deal.phase == Phase.REDEAL:
            if deal.form == Form.SLIPS:
                self.out(Text("Nobody opens: the same dealer deals again.", style="bold"))
            return
        result = self.series.result_of(deal)
        assert result is not None and deal.contract is not None
        self.out()
        self.out(self.diagram(deal))
        need = deal.contract.level + 6
        tricks = deal.declarer_tricks
        how = f"made {tricks} tricks" + (
            f" (+{tricks - need})" if tricks > need else "" if tricks == need else
            f" ({need - tricks} short)"
        )  # fmt: skip
        self.out(
            Text(
                f"{self.contract_text(deal.contract)}: {how}. "
                f"Points: North-South {result.ns}, East-West {result.ew}.",
                style="bold",
            )
        )
        self.out(Text(self.series.score.render()))

    def show_status(self) -> None:
        pending = self.series.pending()
        assert pending is not None
        phase = pending[1]
        view = self.series.view(self.me)
        self.out()
        if phase in (Phase.ANNOUNCE, Phase.OPEN):
            self.out(f"Your hand: {self.hand_line(view.hand)}")
            if phase == Phase.OPEN:
                self.out(f"Your slip: {self.slip_text(view.slip)}")
            return
        if phase == Phase.DECLARE:
            announced = ", ".join(f"{s.full_name} {p}" for s, p in view.announced.items())
            self.out(f"Points announced: {announced}")
            assert view.dummy is not None
            self.out(f"Dummy ({self.me.partner.full_name}): {self.hand_line(view.dummy)}")
            self.out(f"Your hand: {self.hand_line(view.hand)}")
            return
        if phase == Phase.BID:
            if view.partner_slip is not None:
                self.out(f"Partner's slip: {self.slip_text(view.partner_slip)}")
            standing = view.standing
            if standing is not None:
                self.out(f"To beat: {self.contract_text(standing[1].with_declarer(standing[0]))}")
            self.out(f"Your hand: {self.hand_line(view.hand)}")
            return
        play = view.play
        assert play is not None
        trick = play.current_trick
        if trick:
            self.out(
                "Trick so far: " + ", ".join(f"{self.name(s)} {self.card(c)}" for s, c in trick)
            )
        if play.dummy and play.declarer is not None and play.declarer.partner != self.me:
            self.out(f"Dummy ({play.declarer.partner.full_name}): {self.hand_line(play.dummy)}")
        self.out(f"Your hand: {self.hand_line(play.hand)}")
        legal = " ".join(self.card(c) for c in play.legal_cards())
        if legal:
            self.out(f"You may play: {legal}")

    def show_final_score(self) -> None:
        totals = self.series.score.totals()
        self.out()
        self.out(
            Text(
                f"Final score: North-South {totals[Side.NS]}, East-West {totals[Side.EW]}.",
                style="bold",
            )
        )
        mine, theirs = totals[self.me.side], totals[self.me.side.opponents]
        verdict = "You win" if mine > theirs else "You lose" if mine < theirs else "A tie"
        self.out(f"{verdict}, {mine} to {theirs}.")


def parse_declaration(text: str) -> tuple[Strain, bool]:
    """``"game hearts"``, ``"partscore nt"``, ``"g s"``, ``"hearts game"`` or the contract
    itself (``"4h"``, ``"1nt"``): the strain, and True for game.

    >>> parse_declaration("game hearts"), parse_declaration("1nt")
    ((<Strain.H: 2>, True), (<Strain.NT: 4>, False))
    """
    words = text.lower().replace(",", " ").split()
    if len(words) == 1:
        contract = Contract.parse(words[0])
        for game in (False, True):
            if declared_contract(contract.strain, game) == Contract(
                contract.level, contract.strain
            ):
                return contract.strain, game
        part = declared_contract(contract.strain, False)
        full = declared_contract(contract.strain, True)
        raise ParseError(
            f"in {contract.strain.symbol} a partscore is {part.level}{contract.strain.symbol} "
            f"and a game {full.level}{contract.strain.symbol}, not {words[0].upper()}"
        )
    if len(words) == 2:
        for kind, strain in (words, words[::-1]):
            if kind in _GAME | _PARTSCORE:
                return Strain.parse(strain), kind in _GAME
    raise ParseError(f"{text!r}: say 'game' or 'partscore' and the trumps, like 'game hearts'")
