"""A bidding system's convention card, made from the system itself.

The card is not written by hand: for a fixed list of situations (the openings in each seat,
the responses to each opening, opener's rebids after a conventional response, the calls over
the opponents' openings and their take-out double, the slam conventions) it asks the system's
:class:`~contractbridge.robots.bidding.engine.Bidder` what each call means in that auction,
and keeps the calls the system covers. Each entry is the engine's own explanation, the one a
robot gives at the table and reads a partner's call by, so the card cannot drift from what
the robots bid. The leads and signals come from the robots' carding agreement
(:mod:`contractbridge.robots.cardplay.carding`), each as the agreement explains a card.

The situations name no system: a new system module gets its card for free.

Making a card takes the engine a couple of seconds (it explains some 1,300 calls); a card is
kept once made. Its entries read, for example (``convention_card("sayc")``)::

    card.entry("openings", (), "1NT")  ->  CardEntry(call='1NT', text='15-17 HCP, balanced',
                                                    hcp=(15, 17), ...)

>>> system_name("sayc")
'Standard American Yellow Card'
>>> [s.key for s in signals("standard")][:3]
['cc.signal.lead', 'cc.signal.attitude', 'cc.signal.count']
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from contractbridge.core.auction import Auction
from contractbridge.core.call import CALLS, Call
from contractbridge.core.card import Card
from contractbridge.core.contract import Contract
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat
from contractbridge.robots.bidding.engine import Bidder, bidder
from contractbridge.robots.bidding.explanation import Explanation
from contractbridge.robots.cardplay.carding import AGREEMENTS, Carding

#: the card's headings and phrases in English; the page shows them from the catalogues'
#: ``cc.*`` keys (the same English there: a test compares them)
ENGLISH = {
    "cc.title": "Convention card",
    "cc.section.general": "General approach",
    "cc.section.openings": "Opening bids",
    "cc.section.one_level": "One of a suit: responses and rebids",
    "cc.section.notrump": "Notrump openings",
    "cc.section.two_level": "Two-level openings",
    "cc.section.competitive": "Competitive bidding and defence",
    "cc.section.slam": "Slam conventions",
    "cc.section.carding": "Leads and signals",
    "cc.group.seat1": "First and second seat",
    "cc.group.seat2": "Second seat, where it differs",
    "cc.group.seat3": "Third seat, where it differs",
    "cc.group.seat4": "Fourth seat, where it differs",
    "cc.group.responses": "Responses to {calls}",
    "cc.group.rebids": "Opener's rebids after {calls}",
    "cc.group.over": "Over their {calls}",
    "cc.group.balancing": "Balancing over their {calls}",
    "cc.group.their_double": "After partner's {calls} and their take-out double",
    "cc.group.advance_double": "Advancing partner's take-out double of {calls}",
    "cc.group.advance_overcall": "Advancing partner's {calls} overcall",
    "cc.group.after": "After {calls}",
    "cc.fact.system": "System: {name}",
    "cc.fact.one_level": "One-level suit openings: {range} HCP",
    "cc.fact.majors": "1♥ and 1♠ openings: {n}+ cards",
    "cc.fact.minors": "1♣ opening: {n}+ cards; 1♦ opening: {m}+ cards",
    "cc.fact.notrump": "{calls} opening: {range} HCP, balanced",
    "cc.fact.strong": "Strong artificial opening: {calls}",
    "cc.fact.weak_twos": "Weak two-level openings: {calls} ({range} HCP)",
    "cc.signal.lead": "Opening leads",
    "cc.signal.attitude": "Attitude",
    "cc.signal.count": "Count",
    "cc.signal.discards": "Discards",
    "cc.signal.first_discard": "First discard",
    "cc.signal.later_discards": "Later discards",
    "cc.signal.suit_preference": "Suit preference",
}

OPP = "P"  # the opponents' pass in a situation's auction


@dataclass(frozen=True)
class Situation:
    """One group of the card: the calls of ``calls`` (None: every call but pass) after
    ``auction`` (dealt by North), under the heading ``title`` with ``{calls}`` the bids of
    ``shown`` (indexes into ``auction``). ``differs_from``: keep only the calls whose
    meaning differs from their meaning after that auction. ``follow``: add opener's rebids
    after each conventional response below game. ``general``: keep the rules that apply to
    any auction (Blackwood's answers, slam bids), which the other groups leave out."""

    title: str
    auction: tuple[str, ...] = ()
    shown: tuple[int, ...] = ()
    calls: tuple[str, ...] | None = None
    differs_from: tuple[str, ...] | None = None
    follow: bool = False
    general: bool = False


def _responses(opening: str) -> Situation:
    return Situation("cc.group.responses", (opening, OPP), (0,), follow=True)


def _over(opening: str) -> Situation:
    return Situation("cc.group.over", (opening,), (0,))


SLAM_ASK = ("1S", OPP, "3S", OPP)
#: (section, its situations), in the card's order
SITUATIONS: tuple[tuple[str, tuple[Situation, ...]], ...] = (
    (
        "openings",
        (
            Situation("cc.group.seat1"),
            Situation("cc.group.seat2", (OPP,), differs_from=()),
            Situation("cc.group.seat3", (OPP, OPP), differs_from=()),
            Situation("cc.group.seat4", (OPP, OPP, OPP), differs_from=()),
        ),
    ),
    ("one_level", tuple(_responses(o) for o in ("1C", "1D", "1H", "1S"))),
    ("notrump", (_responses("1NT"), _responses("2NT"))),
    ("two_level", tuple(_responses(o) for o in ("2C", "2D", "2H", "2S"))),
    (
        "competitive",
        (
            *(_over(o) for o in ("1C", "1D", "1H", "1S", "1NT")),
            Situation("cc.group.balancing", ("1H", OPP, OPP), (0,)),
            Situation("cc.group.advance_double", ("1H", "X", OPP), (0,)),
            Situation("cc.group.advance_overcall", ("1H", "1S", OPP), (1,)),
            Situation("cc.group.their_double", ("1D", "X"), (0,)),
            Situation("cc.group.their_double", ("1H", "X"), (0,)),
            *(_over(o) for o in ("2D", "2H", "2S", "3C", "3H", "4H")),
        ),
    ),
    (
        "slam",
        (
            Situation("cc.group.after", SLAM_ASK, (0, 2), ("4NT", "5NT"), general=True),
            Situation(
                "cc.group.after", (*SLAM_ASK, "4NT", OPP), (0, 2, 4),
                ("5C", "5D", "5H", "5S"), general=True,
            ),
            Situation(
                "cc.group.after", (*SLAM_ASK, "4NT", OPP, "5H", OPP), (0, 2, 4, 6), ("5NT",),
                general=True,
            ),
            Situation(
                "cc.group.after", (*SLAM_ASK, "4NT", OPP, "5H", OPP, "5NT", OPP),
                (0, 2, 4, 6, 8), ("6C", "6D", "6H", "6S"), general=True,
            ),
            Situation("cc.group.after", ("1NT", OPP), (0,), ("4C",), general=True),
            Situation(
                "cc.group.after", ("1NT", OPP, "4C", OPP), (0, 2),
                ("4D", "4H", "4S", "4NT"), general=True,
            ),
        ),
    ),
)  # fmt: skip


@dataclass(frozen=True)
class CardEntry:
    """One call on the card and what it means by the system (the engine's explanation)."""

    call: str
    text: str
    hcp: tuple[int, int]
    forcing: str
    alertable: bool
    artificial: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "call": self.call,
            "text": self.text,
            "hcp": list(self.hcp),
            "forcing": self.forcing,
            "alertable": self.alertable,
            "artificial": self.artificial,
        }


@dataclass(frozen=True)
class CardGroup:
    """The calls the system covers after ``auction`` (dealt by North): a heading's key and
    the bids it names."""

    title: str
    calls: tuple[str, ...]
    auction: tuple[str, ...]
    entries: tuple[CardEntry, ...]

    def heading(self) -> str:
        """The heading in English (the page translates ``title``)."""
        return ENGLISH[self.title].replace("{calls}", "–".join(call_text(c) for c in self.calls))

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "calls": list(self.calls),
            "auction": list(self.auction),
            "entries": [e.to_dict() for e in self.entries],
        }


@dataclass(frozen=True)
class CardSection:
    key: str
    groups: tuple[CardGroup, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "groups": [g.to_dict() for g in self.groups]}


@dataclass(frozen=True)
class Fact:
    """A line of the general approach: a ``cc.fact.*`` key and its values (``calls`` a list
    of bids, ``range`` an HCP range, ``n``/``m`` numbers, ``name`` the system's name)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def english(self) -> str:
        text = ENGLISH[self.key]
        for k, v in self.params.items():
            shown = " ".join(call_text(c) for c in v) if k == "calls" else str(v)
            text = text.replace(f"{{{k}}}", shown)
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": self.params}


@dataclass(frozen=True)
class Signal:
    """A line of the leads and signals: a ``cc.signal.*`` key and the agreement's words."""

    key: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "text": self.text}


@dataclass(frozen=True)
class ConventionCard:
    system: str
    name: str
    carding: str
    facts: tuple[Fact, ...]
    sections: tuple[CardSection, ...]
    signals: tuple[Signal, ...]

    def section(self, key: str) -> CardSection:
        for s in self.sections:
            if s.key == key:
                return s
        raise KeyError(key)

    def entries(self) -> Iterator[tuple[CardGroup, CardEntry]]:
        """Every call on the card, with its group."""
        for s in self.sections:
            for g in s.groups:
                for e in g.entries:
                    yield g, e

    def entry(self, section: str, auction: Sequence[str], call: str) -> CardEntry:
        """The entry for ``call`` after ``auction`` in ``section`` (KeyError if absent)."""
        for g in self.section(section).groups:
            if g.auction == tuple(auction):
                for e in g.entries:
                    if e.call == call:
                        return e
        raise KeyError((section, tuple(auction), call))

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "name": self.name,
            "carding": self.carding,
            "facts": [f.to_dict() for f in self.facts],
            "sections": [s.to_dict() for s in self.sections],
            "signals": [s.to_dict() for s in self.signals],
        }

    def to_text(self) -> str:
        """The card in English, as plain text (the command line's)."""
        lines = [f"{ENGLISH['cc.title']}: {self.name}", ""]
        lines.append(ENGLISH["cc.section.general"])
        lines.extend(f"  {f.english()}" for f in self.facts)
        for s in self.sections:
            lines += ["", ENGLISH[f"cc.section.{s.key}"]]
            for g in s.groups:
                lines.append(f"  {g.heading()}")
                lines.extend(f"    {call_text(e.call):<5} {e.text}" for e in g.entries)
        lines += ["", ENGLISH["cc.section.carding"]]
        lines.extend(f"  {ENGLISH[s.key]}: {s.text}" for s in self.signals)
        return "\n".join(lines)


def available_systems() -> tuple[str, ...]:
    """The systems the robots bid: the modules of :mod:`.systems` that hold ``RULES`` (not
    a module of what several systems share)."""
    from contractbridge.robots.bidding import systems

    names = sorted(m.name for m in pkgutil.iter_modules(systems.__path__))
    return tuple(
        name
        for name in names
        if not name.startswith("_")
        and hasattr(importlib.import_module(f"{systems.__name__}.{name}"), "RULES")
    )


def system_name(system: str) -> str:
    """The system's name: its module's ``NAME``, else its docstring's first words before a
    parenthesis or a comma, else the module's name in capitals."""
    module = importlib.import_module(f"contractbridge.robots.bidding.systems.{system}")
    name = getattr(module, "NAME", None)
    if isinstance(name, str) and name:
        return name
    first = (module.__doc__ or "").strip().split("\n")[0]
    for stop in (" (", ",", "."):
        first = first.split(stop)[0]
    return first.strip() or system.upper()


def call_text(call: str) -> str:
    """A call as cards print it: ``"1H"`` -> ``"1♥"``, ``"1NT"`` stays."""
    c = Call.parse(call)
    if c.is_pass:
        return "Pass"
    if not c.is_bid:
        return str(c)
    return str(c).replace("C", "♣").replace("D", "♦").replace("H", "♥").replace("S", "♠")


def _range(hcp: tuple[int, int]) -> str:
    lo, hi = hcp
    return f"{lo}+" if hi >= 30 else f"{lo}-{hi}"


class _Reader:
    """The system's meaning of calls, and which of its rules are general (they fit any
    auction: the rules of later rounds, Blackwood)."""

    def __init__(self, b: Bidder) -> None:
        self.bidder = b
        anchored: dict[str, bool] = {}
        for rule in b.rules:
            anchored[rule.name] = anchored.get(rule.name, False) or any(rule.anchored)
        self.specific = {name for name, a in anchored.items() if a}

    def meaning(self, auction: Sequence[str], call: str) -> Explanation:
        return self.bidder.explain([*auction, call], Seat.N)[-1]

    def calls(self, auction: Sequence[str]) -> list[str]:
        legal = Auction(Seat.N, list(auction)).legal_calls()
        return [str(c) for c in CALLS if c in legal and not c.is_pass]

    def group(self, s: Situation, auction: tuple[str, ...], title: str) -> CardGroup:
        auction = tuple(str(Call.parse(c)) for c in auction)
        shown = tuple(auction[i] for i in s.shown)
        entries = []
        for call in s.calls if s.calls is not None else self.calls(auction):
            e = self.meaning(auction, call)
            if e.undiscussed or not (s.general or e.rule in self.specific):
                continue
            if s.differs_from is not None and self._same(e, s.differs_from, call):
                continue
            entries.append(CardEntry(call, e.text, e.hcp, e.forcing, e.alertable, e.artificial))
        return CardGroup(title, shown, auction, tuple(entries))

    def _same(self, e: Explanation, auction: tuple[str, ...], call: str) -> bool:
        other = self.meaning(auction, call)
        return not other.undiscussed and other.text == e.text

    def situation(self, s: Situation) -> list[CardGroup]:
        main = self.group(s, s.auction, s.title)
        out = [main] if main.entries else []
        if s.follow:
            for e in main.entries:
                c = Call.parse(e.call)
                if (e.artificial or e.alertable) and c.is_bid and c.level <= 3:
                    rebid = Situation("cc.group.rebids", (*s.auction, e.call, OPP))
                    bids = tuple(x for x in rebid.auction if Call.parse(x).is_bid)
                    g = self.group(rebid, rebid.auction, rebid.title)
                    if g.entries:
                        out.append(CardGroup(g.title, bids, g.auction, g.entries))
        return out


def _facts(name: str, r: _Reader) -> tuple[Fact, ...]:
    """The general approach, read from the system's openings."""
    openings = {c: r.meaning((), c) for c in r.calls(())}
    covered = {c: e for c, e in openings.items() if not e.undiscussed}
    facts = [Fact("cc.fact.system", {"name": name})]
    ones = [covered[c] for c in ("1C", "1D", "1H", "1S") if c in covered]
    if ones:
        lo, hi = min(e.hcp[0] for e in ones), max(e.hcp[1] for e in ones)
        facts.append(Fact("cc.fact.one_level", {"range": _range((lo, hi))}))
    if "1H" in covered and "1S" in covered:
        n = min(covered["1H"].length("H")[0], covered["1S"].length("S")[0])
        facts.append(Fact("cc.fact.majors", {"n": n}))
    if "1C" in covered and "1D" in covered:
        n, m = covered["1C"].length("C")[0], covered["1D"].length("D")[0]
        facts.append(Fact("cc.fact.minors", {"n": n, "m": m}))
    for nt in ("1NT", "2NT"):
        e = covered.get(nt)
        if e is not None and e.balanced:
            facts.append(Fact("cc.fact.notrump", {"calls": [nt], "range": _range(e.hcp)}))
    strong = [c for c, e in covered.items() if e.artificial and e.forcing and e.hcp[1] >= 30]
    if strong:
        facts.append(Fact("cc.fact.strong", {"calls": strong}))
    weak = [
        (c, e)
        for c, e in covered.items()
        if c[0] == "2" and c[1] in "DHS" and not e.artificial and e.hcp[1] <= 12
    ]
    if weak:
        lo, hi = min(e.hcp[0] for _, e in weak), max(e.hcp[1] for _, e in weak)
        facts.append(
            Fact("cc.fact.weak_twos", {"calls": [c for c, _ in weak], "range": f"{lo}-{hi}"})
        )
    return tuple(facts)


def _play(*cards: tuple[Seat, str]) -> list[tuple[Seat, Card]]:
    return [(seat, Card.parse(card)) for seat, card in cards]


def signals(carding: str = "standard") -> tuple[Signal, ...]:
    """The leads and signals of a carding agreement, each in the agreement's own words (as
    :meth:`Carding.explain` tells declarer at the table), from typical plays."""
    if carding not in AGREEMENTS:
        # the table settings' own words (the page has them in every language)
        raise BridgeError(
            "carding is standard (attitude and count) or lavinthal (suit-preference discards)"
        )
    agreement = Carding(discards=carding)
    suit_contract, notrump = Contract.parse("4H S"), Contract.parse("3NT S")
    W, N, E, S = Seat.W, Seat.N, Seat.E, Seat.S

    def said(contract: Contract, played: list[tuple[Seat, Card]]) -> str:
        text = agreement.explain(contract, played, len(played) - 1)
        assert text is not None  # a defender's card: the agreement always says something
        return text

    lead = said(suit_contract, _play((W, "SK")))
    attitude = said(suit_contract, _play((W, "SK"), (N, "S2"), (E, "S9")))
    count = said(suit_contract, _play((W, "SK"), (N, "S2"), (E, "S9"), (S, "S3"),
                                      (N, "D2"), (E, "D7")))  # fmt: skip
    discard = said(notrump, _play((W, "SK"), (N, "S2"), (E, "C9")))
    preference = said(suit_contract, _play((W, "DA"), (N, "D2"), (E, "C3"), (S, "D4"),
                                           (W, "D9")))  # fmt: skip
    out = [Signal("cc.signal.lead", lead), Signal("cc.signal.attitude", attitude),
           Signal("cc.signal.count", count)]  # fmt: skip
    if carding == "standard":
        out.append(Signal("cc.signal.discards", discard))
    else:
        later = said(notrump, _play((W, "SK"), (N, "S2"), (E, "C9"), (S, "S3"),
                                    (W, "SQ"), (N, "S4"), (E, "C8")))  # fmt: skip
        out += [Signal("cc.signal.first_discard", discard),
                Signal("cc.signal.later_discards", later)]  # fmt: skip
    out.append(Signal("cc.signal.suit_preference", preference))
    return tuple(out)


def convention_card(system: str = "sayc", carding: str = "standard") -> ConventionCard:
    """The convention card of ``system`` with the robots' ``carding`` agreement.

    Raises :class:`BridgeError` for an unknown system or agreement."""
    sigs = signals(carding)
    name, facts, sections = bidding_card(system)
    return ConventionCard(system, name, carding, facts, sections, sigs)


@lru_cache(maxsize=8)
def bidding_card(system: str) -> tuple[str, tuple[Fact, ...], tuple[CardSection, ...]]:
    """The bidding part of ``system``'s card: its name, general approach and sections (made
    once per system: it is the slow part)."""
    r = _Reader(bidder(system))  # bidder raises BridgeError for an unknown system
    name = system_name(system)
    sections = []
    for key, situations in SITUATIONS:
        groups = tuple(g for s in situations for g in r.situation(s))
        if groups:
            sections.append(CardSection(key, groups))
    return name, _facts(name, r), tuple(sections)
