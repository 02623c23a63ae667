"""The rule record a bidding system is written in, and its small pattern language.

A rule says: after an auction like ``after`` (a pattern), the call ``call`` shows a hand
with ``hcp``/``suits``/``shape``/``needs``; it is ``force`` (forcing, invitational, ...) and
has ``priority`` over other rules that also fit the hand. The engine uses the same rule to
choose a call for a hand and to explain a call someone made.

Patterns (``after``) are calls separated by spaces, matched against the auction after the
leading passes (``**`` at the start matches any calls before the rest):

- ``1N``, ``2C``, ``P``, ``X``, ``XX``: that call; ``*``: any call; ``B``: any bid;
  ``-``: no bid (pass, double or redouble: an opponent who did not bid)
- ``1{a}``: a one-level bid in a suit, bound to the variable ``a``. Variables named ``M..``
  are majors, ``m..`` minors, others any suit; different names are different suits.
  ``{p}``/``{o}`` are pre-bound to partner's / one's own last-named suit (``{p1}``/``{o1}``
  the first), ``{u}`` to the one suit nobody has named.

Calls (``call``): a fixed call, ``2{a}`` (a level and a suit), ``~{a}`` (the cheapest bid of
the suit), ``^{a}`` (a single jump), ``~N``/``^N`` for notrump.

Suit lengths (``suits``): ``"a>=5 S<=3 b=4 c=2-3"``; ``needs``: named predicates from
:mod:`.vocabulary`, ``"stop:a"``, ``"r20"``.

>>> r = Rule("1N", after="", hcp=(15, 17), shape="bal", priority=50)
>>> r.pattern, r.call_pattern
((), ('lit', 7))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from contractbridge.core.call import Call
from contractbridge.core.card import Strain

#: "", "forcing", "game forcing", "invitational", "sign-off" or "non-forcing"
Force = str
SUIT_LETTERS = "CDHS"

# A pattern token: ("any",), ("bid",), ("lit", call_index), ("var", level, name)
Token = tuple[object, ...]


def parse_token(text: str) -> Token:
    if text == "*":
        return ("any",)
    if text == "B":
        return ("bid",)
    if text == "-":
        return ("nobid",)
    if "{" in text:
        level, name = text.split("{")
        return ("var", level, name.rstrip("}"))
    return ("lit", Call.parse(text).index)


def parse_suits(text: str) -> tuple[tuple[str, int, int], ...]:
    """``"a>=5 S<=3 b=4 c=2-3"`` -> ((name, lo, hi), ...)."""
    out = []
    for part in text.split():
        if ">=" in part:
            name, n = part.split(">=")
            out.append((name, int(n), 13))
        elif "<=" in part:
            name, n = part.split("<=")
            out.append((name, 0, int(n)))
        else:
            name, n = part.split("=")
            if "-" in n:
                lo, hi = n.split("-")
                out.append((name, int(lo), int(hi)))
            else:
                out.append((name, int(n), int(n)))
    return tuple(out)


def var_allows(name: str, suit: int) -> bool:
    if name.startswith("M"):
        return suit >= 2
    if name.startswith("m"):
        return suit <= 1
    return True


@dataclass(frozen=True)
class Rule:
    """One entry of a bidding system (see the module docstring for the little language)."""

    call: str
    after: str | tuple[str, ...] = ""
    hcp: tuple[int, int] | None = None
    #: total points (high cards plus length) or, with ``trumps``, support points
    points: tuple[int, int] | None = None
    trumps: str | None = None
    suits: str = ""
    shape: Literal["", "bal", "semibal", "unbal"] = ""
    needs: tuple[str, ...] = ()
    priority: int = 0
    force: Force = ""
    alert: bool = False
    artificial: bool = False
    #: what the call means in words, before the generated ranges ("Stayman", "transfer")
    text: str = ""
    name: str = ""
    #: among several suits this rule allows: "length" (longest, up the line with fours),
    #: "cheapest", "highest" or "majors" (longest, then a major, then the higher)
    prefer: Literal["length", "cheapest", "highest", "majors"] = "length"
    #: the explanation only: a rule that never chooses (e.g. an opponent's convention)
    explain_only: bool = False
    #: a general rule for later rounds: used only when no rule of a specific sequence fits
    fallback: bool = False
    #: an exception to the call's usual meaning, said after it ("or 10-12 HCP by the rule
    #: of 20"; ``{0}`` is the call's suit): the ranges shown are the usual rules' alone
    aside: str = ""

    patterns: tuple[tuple[Token, ...], ...] = field(init=False, repr=False, compare=False)
    anchored: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    #: per pattern, the (position, call index) of its fixed calls, for a quick rejection
    literals: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False, compare=False)
    call_pattern: tuple[object, ...] = field(init=False, repr=False, compare=False)
    suit_limits: tuple[tuple[str, int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        afters = (self.after,) if isinstance(self.after, str) else self.after
        patterns, anchored = [], []
        for after in afters:
            words = after.split()
            free = bool(words) and words[0] == "**"
            if free:
                words = words[1:]
            patterns.append(tuple(parse_token(w) for w in words))
            anchored.append(not free)
        object.__setattr__(self, "patterns", tuple(patterns))
        object.__setattr__(
            self,
            "literals",
            tuple(
                tuple((i, int(str(t[1]))) for i, t in enumerate(p) if t[0] == "lit")
                for p in patterns
            ),
        )
        object.__setattr__(self, "anchored", tuple(anchored))
        object.__setattr__(self, "call_pattern", self._parse_call(self.call))
        object.__setattr__(self, "suit_limits", parse_suits(self.suits))
        if not self.name:
            object.__setattr__(self, "name", f"{self.after or 'open'} -> {self.call}")

    @property
    def pattern(self) -> tuple[Token, ...]:
        return self.patterns[0]

    @staticmethod
    def _parse_call(text: str) -> tuple[object, ...]:
        if text[0] in "~^":
            jump = len(text) - len(text.lstrip("^"))
            rest = text.lstrip("~^")
            if rest in ("N", "NT"):
                return ("cheap", jump, "N")
            return ("cheap", jump, rest.strip("{}"))
        if "{" in text:
            level, name = text.split("{")
            return ("var", int(level), name.rstrip("}"))
        return ("lit", Call.parse(text).index)


def cheapest_level(last_bid: Call | None, strain: int) -> int:
    if last_bid is None:
        return 1
    assert last_bid.strain is not None
    return last_bid.level if strain > last_bid.strain else last_bid.level + 1


def strain_of(name: str, bindings: dict[str, int]) -> int | None:
    if name in ("N", "NT"):
        return int(Strain.NT)
    if len(name) == 1 and name in SUIT_LETTERS:
        return SUIT_LETTERS.index(name)
    return bindings.get(name)
