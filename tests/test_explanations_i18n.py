"""Every explanation the robots can give reads in each of the page's six languages: every
part of it ("transfer to ♥", "12-21 HCP", "decent ♠ suit") is a catalogue word, a range the
page translates by pattern, or a catalogue template (mirrors ``explanationText`` in
``static/i18n.js``)."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from contractbridge.core import Call, Seat
from contractbridge.game.table import Table
from contractbridge.robots.basic import BasicRobot
from contractbridge.robots.bidding import SystemRobot, systems, vocabulary
from contractbridge.robots.bidding.card import available_systems
from contractbridge.robots.bidding.engine import undiscussed
from contractbridge.robots.bidding.rules import Rule

I18N = Path(__file__).parents[1] / "src/contractbridge/server/i18n"
CATALOGUES = {p.stem: json.loads(p.read_text("utf-8")) for p in I18N.glob("*.json")}
SUIT = "(♠|♥|♦|♣|spades|hearts|diamonds|clubs)"
UNIT = "(HCP|points|support points)"
RANGES = [
    rf"^\d+(-\d+|\+)? {UNIT}$",
    rf"^up to \d+ {UNIT}$",
    rf"^\d+(-\d+|\+)? {SUIT}$",
    rf"^exactly \d+ {SUIT}$",
    rf"^at most \d+ {SUIT}$",
    r"^\d+(-\d+|\+)?$",
]


def templates() -> list[tuple[re.Pattern[str], str]]:
    out = []
    for key in CATALOGUES["en"]:
        if key.startswith("expl.") and "{" in key:
            pieces = re.split(r"\{\w+\}", key[5:])
            out.append((re.compile("^" + "(.+?)".join(map(re.escape, pieces)) + "$"), key))
    return out


def translated(part: str, catalogue: dict[str, str]) -> bool:
    if f"expl.{part}" in catalogue or any(re.match(r, part) for r in RANGES):
        return True
    return any(pattern.match(part) and key in catalogue for pattern, key in templates())


def system_parts() -> set[str]:
    """What the systems themselves can say: their rules' words, forcing words and the words
    of their hand tests."""

    def walk(o: object) -> list[Rule]:
        if isinstance(o, Rule):
            return [o]
        if isinstance(o, list | tuple):
            return [r for x in o for r in walk(x)]
        return []

    parts = {"balanced", "semi-balanced", "unbalanced", "no further meaning"}
    parts.update(undiscussed(Call.parse("7NT")).text.split(", "))
    modules = [importlib.import_module(f"{systems.__name__}.{n}") for n in available_systems()]
    for rule in (r for m in modules for v in vars(m).values() for r in walk(v)):
        parts.update(rule.text.split(", ") if rule.text else ())
        parts.update([rule.aside] if rule.aside else ())
        parts.update([rule.force] if rule.force else ())
    for _, words in vocabulary.VOCABULARY.values():
        parts.update(words.split(", ") if words else ())
    return parts


def spoken_parts(deals: int = 25) -> set[str]:
    """What the robots actually said in the auctions of some deals: the basic robot, and each
    system's (by its rules: the judge only chooses among the calls they explain)."""
    parts: set[str] = set()
    robots = [BasicRobot(), *(SystemRobot(system=n, judgement=False) for n in available_systems())]
    for robot in robots:
        for seed in range(deals):
            table = Table(dict.fromkeys(Seat, robot), form="duplicate", boards=1, seed=seed)
            while (pending := table.pending()) is not None and pending.kind == "call":
                table.step()
            for e in table.events:
                parts.update((getattr(e, "explanation", None) or "").split(", "))
    return parts - {""}


@pytest.fixture(scope="module")
def parts() -> set[str]:
    return system_parts() | spoken_parts()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "hu", "pl", "pt", "sk"])
def test_every_part_of_a_robots_explanation_is_translated(lang: str, parts: set[str]) -> None:
    catalogue = CATALOGUES[lang]
    assert sorted(p for p in parts if not translated(p, catalogue)) == []


def test_the_translations_keep_their_placeholders() -> None:
    for lang, catalogue in CATALOGUES.items():
        for key, text in catalogue.items():
            if key.startswith("expl.") and CATALOGUES["en"][key] == key[5:]:  # a phrase
                wanted = sorted(re.findall(r"\{\w+\}", key[5:]))
                assert sorted(re.findall(r"\{\w+\}", text)) == wanted, (lang, key, text)
