"""``contractbridge card [SYSTEM] [--carding standard|lavinthal] [--plain]``: a system's
convention card, made from the system itself (:mod:`contractbridge.robots.bidding.card`).

``contractbridge card sayc`` prints the card with rich (headings, the calls in a column, the
red suits red); ``--plain`` (or output through a pipe) prints it as plain text.
"""

from __future__ import annotations

import argparse
import sys

from contractbridge.core.errors import BridgeError
from contractbridge.robots.bidding.card import (
    ENGLISH,
    available_systems,
    call_text,
    convention_card,
)
from contractbridge.robots.cardplay.carding import AGREEMENTS


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "card",
        help="a bidding system's convention card, as the robots bid it",
        description="Print the convention card of a bidding system: every call with the "
        "robots' own explanation, and the leads and signals of a carding agreement.",
    )
    parser.add_argument("system", nargs="?", default="sayc", help="the system (default sayc)")
    parser.add_argument("--carding", choices=AGREEMENTS, default="standard")
    parser.add_argument("--plain", action="store_true", help="plain text, no colours")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    systems = available_systems()
    if args.system not in systems:
        raise BridgeError(f"no system called {args.system!r}: the systems are {', '.join(systems)}")
    card = convention_card(args.system, args.carding)
    if args.plain or not sys.stdout.isatty():
        print(card.to_text())
        return 0
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    def suited(text: str) -> Text:
        out = Text(text)
        out.highlight_regex("[♥♦]", "red")
        return out

    console = Console()
    console.rule(f"[bold]{ENGLISH['cc.title']}: {card.name}")
    console.print(f"[bold]{ENGLISH['cc.section.general']}")
    for fact in card.facts:
        console.print(suited(f"  {fact.english()}"))
    for section in card.sections:
        console.print()
        console.rule(ENGLISH[f"cc.section.{section.key}"], align="left")
        for group in section.groups:
            table = Table(title=suited(group.heading()), title_justify="left", show_header=False)
            table.add_column(no_wrap=True, style="bold")
            table.add_column()
            for entry in group.entries:
                table.add_row(suited(call_text(entry.call)), suited(entry.text))
            console.print(table)
    console.print()
    console.rule(ENGLISH["cc.section.carding"], align="left")
    for signal in card.signals:
        console.print(f"[bold]{ENGLISH[signal.key]}[/]: {signal.text}")
    return 0
