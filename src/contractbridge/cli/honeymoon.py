"""``contractbridge honeymoon``: Honeymoon bridge, bridge for two, against a robot.

Thirteen tricks at notrump for the stock (the winner of each draws first), then an auction
between the two, then thirteen tricks in the contract, scored as rubber bridge. See
``docs/honeymoon.md``.

Works the same through a pipe: each line read is one answer, and the game ends cleanly at
the end of the input::

    printf 'c3\\n' | contractbridge honeymoon --seed 3
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from rich.console import Console
from rich.text import Text

from contractbridge.cli._common import plural
from contractbridge.cli._lineloop import LineGame
from contractbridge.core.call import Call
from contractbridge.core.card import Card, Strain
from contractbridge.core.errors import BridgeError, ParseError
from contractbridge.core.honeymoon import HoneymoonDeal, Phase, Trick, opponent
from contractbridge.core.seat import Seat, Side
from contractbridge.game.honeymoon import HoneymoonMatch, HoneymoonPlayer
from contractbridge.robots.honeymoon import HoneymoonRobot

HELP = """\
Answers, by what is asked:
  a card        SA h7 d10 ct: suit then rank
  a call        1s 2nt 3h (a bid), pass (p), x (double), xx (redouble)
Commands:
  played        the cards played so far, by suit (both players saw them)
  score         show the score sheet
  help          this text
  quit          leave the table (an unfinished rubber is scored as it stands)
The draw's thirteen tricks do not score: they decide who draws first from the stock."""

#: the human's seat; the robot sits at the other (West)
ME = Seat.S


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "honeymoon",
        help="Honeymoon bridge, bridge for two, against a robot",
        description=(
            "Honeymoon bridge against a robot: thirteen tricks at notrump for the stock "
            "(the winner draws first), an auction between the two, then thirteen tricks in "
            "the contract, scored as rubber bridge. Type 'help' at the table."
        ),
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the deals")
    parser.add_argument("--rubbers", type=int, default=1, help="rubbers to play (default 1)")
    parser.add_argument(
        "--no-honours", action="store_true", help="score without honours (an agreement)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.rubbers < 1:
        raise ParseError(f"--rubbers needs at least 1 rubber, not {args.rubbers}")
    console = Console(highlight=False, emoji=False, soft_wrap=True)
    game = HoneymoonGame(
        rubbers=args.rubbers, seed=args.seed, honours=not args.no_honours, console=console
    )
    return game.play(sys.stdin)


class HoneymoonGame(LineGame):
    """The terminal front-end: shows what South may see, reads South's answers."""

    def __init__(
        self,
        *,
        rubbers: int = 1,
        seed: int | None = None,
        honours: bool = True,
        console: Console | None = None,
        robot: HoneymoonPlayer | None = None,
    ) -> None:
        super().__init__(ME, console)
        self.robot_seat = opponent(ME)
        self.robot = robot or HoneymoonRobot()
        self.match = HoneymoonMatch(
            {self.me: None, self.robot_seat: self.robot},
            rubbers=rubbers,
            seed=seed,
            honours=honours,
        )
        self._index = 0  # the deal of match.history being shown
        self._shown = (0, 0, 0)  # its draw tricks, calls and play tricks already shown
        self._headed = False

    # -- the loop ---------------------------------------------------------------------------
    def play(self, lines: TextIO | Iterable[str]) -> int:
        match = self.match
        intro = (
            f"Honeymoon bridge, {plural(match.score.rubbers, 'rubber')}: you sit South, "
            f"the robot West; seed {match.seed}. Type 'help' for the answers."
        )
        return self.run_lines(intro, lines)

    def advance(self) -> bool:
        self.match.run()
        self.catch_up()
        if self.match.is_over:
            self.show_final_score()
        return self.match.is_over

    def leave(self) -> None:
        self.match.stop()
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
            self.out(Text(self.match.score.render()))
            return True
        if word == "played":
            self.show_played()
            return True
        if not word:
            return True
        try:
            self.answer(word)
        except BridgeError as error:
            self.out(f"  Not possible: {error}. Type 'help' for the answers.")
        return True

    def answer(self, word: str) -> None:
        pending = self.match.pending()
        assert pending is not None
        if pending[1] == Phase.AUCTION:
            self.match.call(self.me, Call.parse(word))
        else:
            self.match.play_card(self.me, Card.parse(word))

    def prompt(self) -> str:
        pending = self.match.pending()
        assert pending is not None
        if pending[1] == Phase.AUCTION:
            return "Your call (e.g. 1s, 2nt, pass, x)> "
        return "Your card> "

    # -- showing ----------------------------------------------------------------------------
    def other_name(self, seat: Seat) -> str:
        return "The robot"

    def call_text(self, call: Call) -> str:
        if call.strain is None:
            return {"Pass": "pass", "X": "double", "XX": "redouble"}[str(call)]
        return f"{call.level}{self.strain(call.strain)}"

    def trick_text(self, trick: Trick) -> str:
        cards = (f"{self.name_in(s)} {self.card(trick.card_of(s))}" for s in self._order(trick))
        return ", ".join(cards)

    @staticmethod
    def _order(trick: Trick) -> tuple[Seat, Seat]:
        return trick.leader, opponent(trick.leader)

    def catch_up(self) -> None:
        """Show what happened since the last answer, deal by deal."""
        match = self.match
        while self._index < len(match.history):
            deal = match.history[self._index]
            if not self._headed:
                self.show_header(deal, self._index + 1)
                self._headed = True
            self.show_news(deal)
            if not deal.is_over:
                return
            self.show_end(deal, self._index)
            self._index += 1
            self._shown = (0, 0, 0)
            self._headed = False

    def show_header(self, deal: HoneymoonDeal, number: int) -> None:
        self.out()
        vul = deal.vulnerability
        who = [s for s in (self.me, self.robot_seat) if vul.is_vulnerable(s)]
        vul_text = (
            "nobody vulnerable" if not who else
            "both vulnerable" if len(who) == 2 else
            f"{self.name_in(who[0])} vulnerable"
        )  # fmt: skip
        self.out(
            Text(f"Deal {number}: {self.does(deal.dealer, 'deal')}; {vul_text}.", style="bold")
        )
        self.out(f"Your hand: {self.hand_line(deal.dealt[self.me])}")
        self.out(
            f"{self.does(opponent(deal.dealer), 'lead')} to the draw: 13 tricks at notrump "
            "for the 26 cards of the stock."
        )

    def show_news(self, deal: HoneymoonDeal) -> None:
        draws, calls, plays = self._shown
        mine = deal.draws[self.me]
        for number, trick in enumerate(deal.draw_tricks[draws:], draws + 1):
            winner = trick.winner(Strain.NT)
            drawn = mine[number - 1]
            self.out(
                f"Draw trick {number}: {self.trick_text(trick)}; {self.name_in(winner)} "
                f"win{'' if winner == self.me else 's'}. You draw {self.card(drawn)}"
                f" ({'first' if winner == self.me else 'second'})."
            )
            if number == len(deal.draw_tricks) and deal.phase != Phase.DRAW and not deal.stock:
                hand = deal.final_hands[self.me] if deal.final_hands else deal.hands[self.me]
                self.out(
                    Text(f"The stock is gone. Your hand: {self.hand_line(hand)}", style="bold")
                )
                self.out(f"{self.does(deal.dealer, 'call')} first.")
        for made in deal.calls[calls:]:
            self.out(f"{self.name(made.seat)}: {self.call_text(made.call)}")
        if len(deal.calls) > calls and deal.contract is not None:
            leader = opponent(deal.contract.declarer or self.me)
            self.out(
                Text(
                    f"Contract: {self.contract_text(deal.contract)}, "
                    f"{deal.contract.tricks_needed} tricks; "
                    f"{self.name_in(leader)} lead{'' if leader == self.me else 's'}.",
                    style="bold",
                )
            )
        for number, trick in enumerate(deal.tricks[plays:], plays + 1):
            assert deal.contract is not None and deal.declarer is not None
            winner = trick.winner(deal.contract.strain)
            won = sum(1 for t in deal.tricks[:number] if t.winner(deal.contract.strain) == self.me)
            self.out(
                f"Trick {number}: {self.trick_text(trick)}; {self.name_in(winner)} "
                f"win{'' if winner == self.me else 's'}. You {won}, the robot {number - won}."
            )
        self._shown = (len(deal.draw_tricks), len(deal.calls), len(deal.tricks))

    def show_end(self, deal: HoneymoonDeal, index: int) -> None:
        if deal.phase == Phase.PASSED_OUT:
            self.out(
                Text("Both pass: the deal is passed out; the other player deals.", style="bold")
            )
            return
        assert deal.contract is not None and deal.final_hands is not None
        entry = self.match.entries[index]
        self.out()
        self.out(f"Your hand:        {self.hand_line(deal.final_hands[self.me])}")
        self.out(f"The robot's hand: {self.hand_line(deal.final_hands[self.robot_seat])}")
        need = deal.contract.tricks_needed
        tricks = deal.declarer_tricks
        how = f"{tricks} tricks" + (
            f" (+{tricks - need})" if tricks > need else " (made)" if tricks == need else
            f" ({need - tricks} down)"
        )  # fmt: skip
        premiums = ", ".join(
            f"{p.reason} {p.points} to {self.name_in(self._seat_of(p.side))}"
            for p in entry.premiums
        )
        below = entry.below[Side.NS] or entry.below[Side.EW]
        line = f"{self.contract_text(deal.contract)}: {how}."
        if below:
            line += f" {below} below the line."
        if premiums:
            line += f" Above the line: {premiums}."
        self.out(Text(line, style="bold"))
        if entry.game is not None:
            self.out(Text(f"{self.does(self._seat_of(entry.game), 'win')} a game.", style="bold"))
        self.out(Text(self.match.score.render()))

    def _seat_of(self, side: Side) -> Seat:
        return self.me if side == self.me.side else self.robot_seat

    def show_status(self) -> None:
        view = self.match.view(self.me)
        self.out()
        if view.phase == Phase.AUCTION:
            self.out(f"Your hand: {self.hand_line(view.hand)}")
            return
        if view.trick:
            led_by = view.leader or self.robot_seat
            self.out(f"{self.name(led_by)} led {self.card(view.trick[0])}.")
        if view.phase == Phase.DRAW:
            self.out(f"Stock: {view.stock} cards. Your hand: {self.hand_line(view.hand)}")
        else:
            self.out(f"Your hand: {self.hand_line(view.hand)}")
        legal = " ".join(self.card(c) for c in view.legal_cards())
        if legal:
            self.out(f"You may play: {legal}")

    def show_played(self) -> None:
        seen = self.match.view(self.me).seen
        if not seen:
            self.out("No card has been played yet.")
            return
        self.out(f"Played so far ({len(seen)} cards): {self.hand_line(seen)}")

    def show_final_score(self) -> None:
        totals = self.match.score.totals()
        mine, theirs = totals[self.me.side], totals[self.robot_seat.side]
        self.out()
        self.out(Text(f"Final score: you {mine}, the robot {theirs}.", style="bold"))
        verdict = "You win" if mine > theirs else "You lose" if mine < theirs else "A tie"
        self.out(f"{verdict}, {mine} to {theirs}.")
