"""What the terminal games share: one answer a line (from a person or a pipe), the console,
and the words for suits, cards and contracts in the person's terminal."""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import TextIO

from rich.console import Console, RenderableType

from contractbridge.core.card import SUITS_HIGH_FIRST, Card, Strain
from contractbridge.core.contract import Contract
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat


class LineGame(ABC):
    """A game at the terminal: shows what ``me`` may see and reads ``me``'s answers.

    A subclass says how the game moves on (:meth:`advance`), what is asked
    (:meth:`prompt`, :meth:`show_status`), what a line does (:meth:`command`) and how the
    person leaves (:meth:`leave`)."""

    def __init__(self, me: Seat, console: Console | None) -> None:
        self.me = me
        self.console = console or Console(highlight=False, emoji=False, soft_wrap=True)
        encoding = (getattr(self.console.file, "encoding", None) or "").lower()
        self.symbols = encoding.startswith("utf")

    # -- the loop ---------------------------------------------------------------------------
    def run_lines(self, intro: str, lines: TextIO | Iterable[str]) -> int:
        """Play until the game ends, the person leaves, or the input ends; the exit code."""
        self.out(intro)
        reader = iter(lines)
        while True:
            if self.advance():
                return 0
            self.show_status()
            self.console.print(self.prompt(), end="")
            line = next(reader, None)
            if line is None:
                self.out("\nEnd of input: leaving the table.")
                self.leave()
                return 0
            line = line.strip()
            if not sys.stdin.isatty() or lines is not sys.stdin:
                self.out(line)  # echoed, so a transcript reads as a dialogue
            if not self.command(line):
                self.leave()
                self.out("Goodbye.")
                return 0

    @abstractmethod
    def advance(self) -> bool:
        """The robots move until it is the person's turn, and what they did is shown;
        True when the game is over (its end shown)."""

    @abstractmethod
    def show_status(self) -> None: ...

    @abstractmethod
    def prompt(self) -> str: ...

    @abstractmethod
    def command(self, line: str) -> bool:
        """Act on one line; False to leave."""

    @abstractmethod
    def leave(self) -> None:
        """The person leaves before the end (the score as it stands is shown)."""

    # -- words --------------------------------------------------------------------------------
    def out(self, text: RenderableType = "") -> None:
        self.console.print(text)

    def other_name(self, seat: Seat) -> str:
        """How a seat that is not the person's is named."""
        return seat.full_name

    def name(self, seat: Seat) -> str:
        return "You" if seat == self.me else self.other_name(seat)

    def name_in(self, seat: Seat) -> str:
        """The name within a sentence: ``"you"`` or ``"East"``."""
        if seat == self.me:
            return "you"
        other = self.other_name(seat)
        return other[0].lower() + other[1:] if other.startswith("The ") else other

    def does(self, seat: Seat, verb: str, you: str | None = None) -> str:
        """``"You announce"`` or ``"East announces"``."""
        if seat == self.me:
            return f"You {you or verb}"
        return f"{self.other_name(seat)} {verb}{'es' if verb.endswith(('s', 'sh')) else 's'}"

    def suit(self, index: int) -> str:
        return "♣♦♥♠"[index] if self.symbols else "CDHS"[index]

    def strain(self, strain: Strain) -> str:
        return "NT" if strain == Strain.NT else self.suit(int(strain))

    def card(self, card: Card) -> str:
        return self.suit(card // 13) + "23456789TJQKA"[card % 13]

    def contract_text(self, contract: Contract) -> str:
        text = f"{contract.level}{self.strain(contract.strain)}{contract.doubled}"
        if contract.declarer is None:
            return text
        return f"{text} by {self.name_in(contract.declarer)}"

    def hand_lines(self, hand: Hand | None) -> list[str]:
        if hand is None:
            return ["", "", "", ""]
        return [f"{self.suit(s)} {hand.suits_text()[s]}" for s in SUITS_HIGH_FIRST]

    def hand_line(self, hand: Hand) -> str:
        return "  ".join(self.hand_lines(hand))
