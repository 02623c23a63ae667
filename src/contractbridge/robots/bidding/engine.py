"""The engine: runs a bidding system (a list of :class:`Rule`) to choose and explain calls.

>>> from contractbridge.core import Auction, Hand, Seat, Vulnerability
>>> b = Bidder("sayc")
>>> str(b.choose(Hand.from_pbn("K2.K9873.AQ8.KQ4"), Auction(Seat.N), Vulnerability.NONE))
'1NT'
>>> b.explain(Auction(Seat.N, ["1N"]))[0].text
'15-17 HCP, balanced'
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace
from functools import lru_cache

from contractbridge.core.auction import Auction
from contractbridge.core.call import CALLS, PASS, Call
from contractbridge.core.errors import BridgeError, IllegalCallError
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat, Vulnerability
from contractbridge.robots.bidding.explanation import NO_LIMIT, Explanation, HandConstraints
from contractbridge.robots.bidding.features import HandFeatures
from contractbridge.robots.bidding.rules import Rule, Token, cheapest_level, strain_of, var_allows
from contractbridge.robots.bidding.vocabulary import AUCTION_TESTS, VOCABULARY, Context

SYMBOLS = ("♣", "♦", "♥", "♠")
#: suits bound by the auction, never by a pattern: partner's and one's own last / first suit,
#: the fourth suit, their last suit, and the suit we agreed (both of us named it)
CONTEXT_VARS = frozenset({"p", "o", "p1", "o1", "u", "t", "g"})


def load_rules(system: str) -> tuple[Rule, ...]:
    """The rules of ``system``: the module ``contractbridge.robots.bidding.systems.<system>``."""
    if not system.isidentifier():
        raise BridgeError(f"no bidding system called {system!r} (try 'sayc')")
    try:
        module = importlib.import_module(f"contractbridge.robots.bidding.systems.{system}")
    except ModuleNotFoundError:
        raise BridgeError(f"no bidding system called {system!r} (try 'sayc')") from None
    rules: tuple[Rule, ...] = tuple(module.RULES)
    for rule in rules:
        for need in rule.needs:
            if need.split(":")[0] not in VOCABULARY:
                raise BridgeError(f"rule {rule.name!r} needs an unknown test {need!r}")
    return rules


def _match_token(token: Token, call: Call, b: dict[str, int], fixed: AbstractSet[str]) -> bool:
    kind = token[0]
    if kind == "lit":
        return call.index == token[1]
    if kind == "any":
        return True
    if kind == "bid":
        return call.is_bid
    if kind == "nobid":
        return not call.is_bid
    # ("var", level, name)
    if not call.is_bid or call.strain is None or call.strain > 3:
        return False
    level, name = str(token[1]), str(token[2])
    if level and int(level) != call.level:
        return False
    if name in b:
        return b[name] == call.strain
    if name in CONTEXT_VARS:
        return False
    if not var_allows(name, call.strain):
        return False
    if any(b[n] == call.strain for n in b if n not in fixed):
        return False
    b[name] = int(call.strain)
    return True


def match_pattern(rule: Rule, ctx: Context) -> Iterator[dict[str, int]]:
    """Bindings for every pattern of ``rule`` the auction fits."""
    calls = ctx.stripped
    indices = ctx.stripped_indices
    fixed = ctx.fixed
    for pattern, anchored, literals in zip(
        rule.patterns, rule.anchored, rule.literals, strict=True
    ):
        n = len(pattern)
        m = len(calls)
        if m < n or (anchored and m != n):
            continue
        start = m - n
        # quick rejection on the fixed calls of the pattern before binding any suit
        if any(indices[start + i] != index for i, index in literals):
            continue
        b = dict(ctx.bound)
        tail = calls[start:]
        if all(_match_token(t, c, b, fixed) for t, c in zip(pattern, tail, strict=True)):
            yield b


def candidates(
    rule: Rule, ctx: Context, b: dict[str, int]
) -> Iterator[tuple[Call, dict[str, int]]]:
    """The calls ``rule`` may make here, with the bindings each implies."""
    cp = rule.call_pattern
    kind = cp[0]
    if kind == "lit":
        yield CALLS[int(str(cp[1]))], b
        return
    name = str(cp[2])
    fixed = ctx.fixed
    strain = strain_of(name, b)
    if strain is not None:
        strains = [(strain, b)]
    elif name in CONTEXT_VARS:
        return
    else:
        used = {b[n] for n in b if n not in fixed}
        strains = [(s, {**b, name: s}) for s in range(4) if var_allows(name, s) and s not in used]
    last = ctx.last_bid
    for s, bb in strains:
        jump = int(str(cp[1])) if kind == "cheap" else 0
        level = int(str(cp[1])) if kind == "var" else cheapest_level(last, s) + jump
        # a jump says something up to game (four of a major, five of a minor), not beyond
        if 1 <= level <= 7 and not (jump and level > (5 if s <= 1 else 4)):
            yield Call.bid(level, s), bb  # type: ignore[arg-type]


def _suit_name(name: str, b: dict[str, int]) -> int:
    s = strain_of(name, b)
    if s is None or s > 3:
        raise BridgeError(f"a rule names the unbound suit {name!r}")
    return s


def hand_fits(rule: Rule, f: HandFeatures, ctx: Context, b: dict[str, int]) -> bool:
    if rule.hcp is not None and not rule.hcp[0] <= f.hcp <= rule.hcp[1]:
        return False
    for name, lo, hi in rule.suit_limits:
        s = strain_of(name, b)
        if s is None or s > 3 or not lo <= f.lengths[s] <= hi:
            return False
    if rule.points is not None:
        pts = f.support_points(_suit_name(rule.trumps, b)) if rule.trumps else f.total_points
        if not rule.points[0] <= pts <= rule.points[1]:
            return False
    if rule.shape == "bal" and not f.balanced:
        return False
    if rule.shape == "semibal" and not f.semibalanced:
        return False
    if rule.shape == "unbal" and f.balanced:
        return False
    for need in rule.needs:
        name, *args = need.split(":")
        try:
            if not VOCABULARY[name][0](f, ctx, b, args):
                return False
        except KeyError:  # a suit the auction has not bound (no such suit yet)
            return False
    return True


def auction_fits(rule: Rule, ctx: Context, b: dict[str, int]) -> bool:
    """Whether the tests of ``rule`` that read only the auction hold (for explaining)."""
    for need in rule.needs:
        name, *args = need.split(":")
        if name in AUCTION_TESTS:
            try:
                if not VOCABULARY[name][0](_NO_HAND, ctx, b, args):
                    return False
            except KeyError:
                return False
    return True


_NO_HAND = HandFeatures.of(Hand.from_mask(0))


def _range_text(lo: int, hi: int, unit: str) -> str:
    if hi >= 37 or (hi >= 30 and lo > 0):
        return f"{lo}+ {unit}"
    if lo <= 0:
        return f"up to {hi} {unit}"
    if lo == hi:
        return f"{lo} {unit}"
    return f"{lo}-{hi} {unit}"


def compose_text(
    note: str,
    hcp: tuple[int, int],
    points: tuple[int, int] | None,
    points_kind: str,
    lengths: Sequence[tuple[int, int]],
    shape: str,
    extras: Sequence[str],
    force: str,
) -> str:
    """The short text: the rule's words, then the ranges it shows, then forcing or not
    (a range the rule's words already state is not said twice)."""
    said = set(note.split(", "))
    parts = [note] if note else []
    if hcp != (0, 37):
        parts.append(_range_text(hcp[0], hcp[1], "HCP"))
    if points is not None:
        parts.append(_range_text(points[0], points[1], points_kind))
    for s in (3, 2, 1, 0):
        lo, hi = lengths[s]
        if (lo, hi) == NO_LIMIT:
            continue
        if lo == hi:
            parts.append(f"exactly {lo} {SYMBOLS[s]}")
        elif hi == 13:
            parts.append(f"{lo}+ {SYMBOLS[s]}")
        elif lo == 0:
            parts.append(f"at most {hi} {SYMBOLS[s]}")
        else:
            parts.append(f"{lo}-{hi} {SYMBOLS[s]}")
    # what the rule's own words already say is not said again ("balanced, ..., balanced")
    if shape and shape not in note:
        parts.append(shape)
    parts.extend(x for x in extras if x not in note)
    if force and not _says_force(note, force):
        parts.append(force)
    return ", ".join(parts[:1] + [x for x in parts[1:] if x not in said]) or "no further meaning"


def _says_force(note: str, force: str) -> bool:
    """Whether ``note`` already tells ``force`` ("not forcing" is "non-forcing", a
    "game-forcing raise" is "game forcing")."""
    words = note.replace("-", " ")
    return force.replace("-", " ") in words or (force == "non-forcing" and "not forcing" in words)


_SHAPE_WORDS = {"bal": "balanced", "semibal": "semi-balanced", "unbal": "unbalanced", "": ""}


def describe(rule: Rule, b: dict[str, int], ctx: Context | None = None) -> Explanation:
    """The explanation of ``rule``'s call with the suits bound as ``b``.

    ``ctx``, the auction as the caller saw it, turns a sequence's "a fit with partner" into
    the length it takes (the general rules of later rounds leave it to the words: there a
    fit is only as sure as what partner has shown)."""
    lengths = [NO_LIMIT] * 4
    limits = list(rule.suit_limits)
    if ctx is not None:
        for need in rule.needs:
            name, *args = need.split(":")
            if name == "fit" and (s := strain_of(args[0], b)) is not None and s <= 3:
                total = int(args[1]) if len(args) > 1 else 8
                limits.append((args[0], total - ctx.partner.min_length(s), 13))
    for name, lo, hi in limits:
        s = strain_of(name, b)
        if s is None or s > 3:
            continue
        old = lengths[s]
        lengths[s] = (max(old[0], lo), min(old[1], hi))
    hcp = rule.hcp or (0, 37)
    extras = []
    for need in rule.needs:
        name, *args = need.split(":")
        words = VOCABULARY[name][1]
        if words:
            shown = [
                SYMBOLS[s] if (s := strain_of(a, b)) is not None and s <= 3 else a for a in args
            ]
            extras.append(words.format(*shown))
    kind = "support points" if rule.trumps else "points"
    return Explanation(
        call="",
        text=compose_text(
            rule.text, hcp, rule.points, kind, lengths, _SHAPE_WORDS[rule.shape], extras, rule.force
        ),
        hcp=hcp,
        points=rule.points,
        lengths=tuple(lengths),
        balanced={"bal": True, "unbal": False}.get(rule.shape),
        forcing=rule.force,
        alertable=rule.alert,
        artificial=rule.artificial,
        rule=rule.name,
        extras=tuple(extras),
    )


def _union(es: Sequence[Explanation], note: str = "") -> Explanation:
    """One explanation for a call several rules may make: the widest reading of them all."""
    first = es[0]
    if len(es) == 1:
        return first
    hcp = (min(e.hcp[0] for e in es), max(e.hcp[1] for e in es))
    lengths = tuple(
        (min(e.lengths[s][0] for e in es), max(e.lengths[s][1] for e in es)) for s in range(4)
    )
    points = None
    if all(e.points is not None for e in es):
        points = (
            min(e.points[0] for e in es if e.points),
            max(e.points[1] for e in es if e.points),
        )
    balanced = first.balanced if all(e.balanced == first.balanced for e in es) else None
    shape = {True: "balanced", False: "unbalanced", None: ""}[balanced]
    extras = tuple(x for x in first.extras if all(x in e.extras for e in es))
    return Explanation(
        call=first.call,
        text=compose_text(note, hcp, points, "points", lengths, shape, extras, first.forcing),
        hcp=hcp,
        points=points,
        lengths=lengths,
        balanced=balanced,
        forcing=first.forcing,
        alertable=any(e.alertable for e in es),
        artificial=first.artificial,
        rule=first.rule,
        extras=extras,
    )


def _aside(rule: Rule, call: Call) -> str:
    if not rule.aside:
        return ""
    suit = call.strain if call.strain is not None and call.strain <= 3 else None
    return rule.aside.format(SYMBOLS[suit] if suit is not None else "")


def undiscussed(call: Call) -> Explanation:
    """The honest reading of a call the system does not cover."""
    if call.is_pass:
        return Explanation(call=str(call), text="pass: nothing further to show")
    if not call.is_bid:
        what = "double" if call.is_double else "redouble"
        return Explanation(call=str(call), text=f"{what}, undiscussed", undiscussed=True)
    assert call.strain is not None
    if call.strain > 3:
        return Explanation(call=str(call), text="natural, undiscussed: notrump", undiscussed=True)
    need = 4 if call.level <= 2 else 5
    lengths = [NO_LIMIT] * 4
    lengths[call.strain] = (need, 13)
    return Explanation(
        call=str(call),
        text=f"natural, undiscussed: {need}+ {SYMBOLS[call.strain]}",
        lengths=tuple(lengths),
        undiscussed=True,
    )


def _unbid_suit(calls: Sequence[Call]) -> dict[str, int]:
    """``{"u": suit}`` when exactly one suit has not been named by anyone (the fourth suit)."""
    named = {c.strain for c in calls if c.is_bid and c.strain is not None and c.strain <= 3}
    rest = [s for s in range(4) if s not in named]
    return {"u": rest[0]} if len(rest) == 1 else {}


class Bidder:
    """A bidding system ready to choose and explain calls, for one partnership.

    ``their_system``: the system the opponents play, when it is another (None: the same).
    Each call is then read by the system of the side that made it: ours, the side of the
    seat to call (or the seat given as ``ours``), by ``system``; theirs by ``their_system``.
    """

    def __init__(self, system: str = "sayc", their_system: str | None = None) -> None:
        self.system = system
        self.rules = load_rules(system)
        #: the opponents' system where it differs from ours (None: both sides play ours)
        self.their_system = their_system if their_system != system else None
        self._theirs = bidder(self.their_system) if self.their_system is not None else None
        self._order = {id(r): i for i, r in enumerate(self.rules)}
        # Rules by the number of calls their anchored patterns match (after leading passes),
        # and the rules with a free ("**") pattern: only these can fit an auction.
        by_length: dict[int, set[int]] = {}
        free: set[int] = set()
        for i, rule in enumerate(self.rules):
            for pattern, anchored in zip(rule.patterns, rule.anchored, strict=True):
                if anchored:
                    by_length.setdefault(len(pattern), set()).add(i)
                else:
                    free.add(i)
        self._by_length = {n: tuple(sorted(ids | free)) for n, ids in by_length.items()}
        self._free = tuple(sorted(free))

        # the same, best first for choosing (specific rules before fallbacks, then priority),
        # without the rules that only explain
        def best_first(ids: Iterable[int]) -> tuple[int, ...]:
            rules = self.rules
            rank = {
                i: (not rules[i].fallback, rules[i].priority, -i)
                for i in ids
                if not rules[i].explain_only
            }
            return tuple(sorted(rank, key=rank.__getitem__, reverse=True))

        self._choosing = {n: best_first(ids) for n, ids in self._by_length.items()}
        self._choosing_free = best_first(self._free)
        self._explained: dict[tuple[int, ...], tuple[Explanation, ...]] = {}

    @property
    def opponents(self) -> Bidder:
        """The bidder of the other side (itself when both sides play the same system): a
        simulation bids their hidden hands with it."""
        if self.their_system is None:
            return self
        return bidder(self.their_system, self.system)

    # -- input --------------------------------------------------------------------------
    @staticmethod
    def _auction(auction: Auction | Iterable[Call | str], dealer: Seat = Seat.N) -> Auction:
        if isinstance(auction, Auction):
            return auction
        try:
            return Auction(dealer, auction)
        except IllegalCallError as e:
            raise IllegalCallError(f"illegal auction: {e}") from None

    # -- context ------------------------------------------------------------------------
    def _context(
        self,
        calls: tuple[Call, ...],
        explained: Sequence[Explanation],
        dealer: Seat,
        vulnerability: Vulnerability,
    ) -> Context:
        leading = 0
        while leading < len(calls) and calls[leading].is_pass:
            leading += 1
        n = len(calls)
        me_seat = Seat((dealer + n) % 4)
        per = [HandConstraints() for _ in range(4)]  # relative: 0 me, 1 lho, 2 partner, 3 rho
        suit_of: dict[str, int] = {}
        first: dict[str, int] = {}
        named: dict[str, set[int]] = {"o": set(), "p": set()}
        for i, (call, e) in enumerate(zip(calls, explained, strict=True)):
            rel = (i - n) % 4
            per[rel] = per[rel].add(e)
            if call.is_bid and call.strain is not None and call.strain <= 3 and not e.artificial:
                who = {0: "o", 2: "p"}.get(rel)
                if who:
                    suit_of[who] = call.strain
                    first.setdefault(who + "1", call.strain)
                    named[who].add(call.strain)
                    if call.strain in named["o"] and call.strain in named["p"]:
                        suit_of["g"] = call.strain  # the last suit both of us have named
                else:
                    suit_of["t"] = call.strain  # their last natural suit
            elif call.is_bid and e.artificial and (who := {0: "o", 2: "p"}.get(rel)):
                # an artificial raise (Jacoby 2NT, a cue-bid raise) agrees partner's suit
                other = named["p" if who == "o" else "o"]
                for s in sorted(other):
                    if e.lengths[s][0] >= 3:
                        suit_of["g"] = s
        ours = frozenset(
            s for s in range(4) if max(per[0].min_length(s), per[2].min_length(s)) >= 3
        )
        theirs = frozenset(
            s for s in range(4) if max(per[1].min_length(s), per[3].min_length(s)) >= 3
        )
        return Context(
            calls=calls,
            leading_passes=leading,
            we_vulnerable=vulnerability.is_vulnerable(me_seat),
            they_vulnerable=vulnerability.is_vulnerable(me_seat.lho),
            me=per[0],
            lho=per[1],
            partner=per[2],
            rho=per[3],
            their_suits=theirs,
            our_suits=ours,
            bound={**suit_of, **first, **_unbid_suit(calls)},
            explained=tuple(explained),
        )

    def _candidate_ids(self, ctx: Context) -> tuple[int, ...]:
        n = len(ctx.calls) - ctx.leading_passes
        return self._by_length.get(n, self._free)

    def _candidate_rules(self, ctx: Context) -> Iterator[Rule]:
        return (self.rules[i] for i in self._candidate_ids(ctx))

    # -- explaining ---------------------------------------------------------------------
    def _explain_one(self, ctx: Context, call: Call) -> Explanation:
        found: list[tuple[int, int, bool, Explanation, str, str]] = []
        for rule in self._candidate_rules(ctx):
            for b in match_pattern(rule, ctx):
                bb = next((bb for c, bb in candidates(rule, ctx, b) if c == call), None)
                if bb is not None and auction_fits(rule, ctx, bb):
                    anchored = any(rule.anchored)
                    found.append(
                        (
                            rule.priority,
                            -self._order[id(rule)],
                            anchored,
                            describe(rule, bb, None if rule.fallback else ctx),
                            rule.text,
                            _aside(rule, call),
                        )
                    )
                    break
        if not found:
            return undiscussed(call)
        if any(f[2] for f in found):
            found = [f for f in found if f[2]]
        found.sort(key=lambda f: (f[0], f[1]), reverse=True)
        if found[0][3].artificial:
            # a convention's readings ("1 ace") speak alone: the natural readings of the
            # same call ("new suit") belong to other auctions
            found = [f for f in found if f[3].artificial]
        # the words most readings share, then those of the widest: a special case's words
        # ("4-4 in the majors" for 1D) must not speak for the general rule
        # exceptions to the usual meaning ("or 10-12 HCP by the rule of 20") are said after
        # it: the text gives the usual ranges, the explanation's fields the widest of all
        usual = [f for f in found if not f[5]] or found
        asides = list(dict.fromkeys(f[5] for f in found if f[5])) if usual is not found else []
        words = Counter(f[4] for f in usual)
        voice = max(usual, key=lambda f: (words[f[4]], f[3].hcp[1] - f[3].hcp[0], f[0]))
        e = _union([f[3] for f in found], note=voice[4])
        if asides:
            text = _union([f[3] for f in usual], note=voice[4]).text
            # forcing or not is said of every reading: last, after the exceptions
            force = f", {e.forcing}" if e.forcing and text.endswith(f", {e.forcing}") else ""
            text = text.removesuffix(force)
            e = replace(e, text=", ".join([text, *asides]) + force)
        return replace(e, call=str(call))

    def _explain_calls(
        self, calls: tuple[Call, ...], dealer: Seat, ours: int = 0
    ) -> tuple[Explanation, ...]:
        """Each call's explanation; ``ours``: the parity of our side's calls' places (it
        matters only when the opponents play another system)."""
        theirs = self._theirs
        if theirs is None:
            ours = 0
        key = (ours, *(c.index for c in calls))
        cached = self._explained.get(key)
        if cached is not None:
            return cached
        head = self._explain_calls(calls[:-1], dealer, ours) if calls else ()
        if calls:
            ctx = self._context(calls[:-1], head, dealer, Vulnerability.NONE)
            # the context is the caller's, whatever its system: only the rules differ
            speaker = self if theirs is None or (len(calls) - 1) % 2 == ours else theirs
            result = (*head, speaker._explain_one(ctx, calls[-1]))
        else:
            result = ()
        if len(self._explained) > 50_000:
            self._explained.clear()
        self._explained[key] = result
        return result

    @staticmethod
    def _parity(a: Auction, ours: Seat | None) -> int:
        """The parity of our side's calls' places: ``ours``'s side, else the seat to call."""
        return len(a.calls) % 2 if ours is None else (ours - a.dealer) % 2

    def explain(
        self,
        auction: Auction | Iterable[Call | str],
        dealer: Seat = Seat.N,
        ours: Seat | None = None,
    ) -> list[Explanation]:
        """One explanation per call of ``auction`` (a list of calls is dealt by ``dealer``).
        ``ours``: a seat of the side playing this system (None: the seat to call next); the
        other side's calls are read by theirs."""
        a = self._auction(auction, dealer)
        return list(self._explain_calls(a.calls, a.dealer, self._parity(a, ours)))

    def constraints(
        self,
        auction: Auction | Iterable[Call | str],
        dealer: Seat = Seat.N,
        ours: Seat | None = None,
    ) -> dict[Seat, HandConstraints]:
        """What each seat's calls say about its hand, accumulated over the auction."""
        a = self._auction(auction, dealer)
        out = {s: HandConstraints() for s in Seat}
        for i, e in enumerate(self._explain_calls(a.calls, a.dealer, self._parity(a, ours))):
            seat = a.seat_of(i)
            out[seat] = out[seat].add(e)
        return out

    # -- choosing -----------------------------------------------------------------------
    def choose(
        self,
        hand: Hand,
        auction: Auction | Iterable[Call | str],
        vulnerability: Vulnerability = Vulnerability.NONE,
        dealer: Seat = Seat.N,
    ) -> Call:
        """The call the system makes with ``hand`` now."""
        call, _ = self.choose_with_rule(hand, auction, vulnerability, dealer)
        return call

    def choose_with_rule(
        self,
        hand: Hand,
        auction: Auction | Iterable[Call | str],
        vulnerability: Vulnerability = Vulnerability.NONE,
        dealer: Seat = Seat.N,
    ) -> tuple[Call, Rule | None]:
        return self.choose_many((hand,), auction, vulnerability, dealer)[0]

    def choose_many(
        self,
        hands: Sequence[Hand],
        auction: Auction | Iterable[Call | str],
        vulnerability: Vulnerability = Vulnerability.NONE,
        dealer: Seat = Seat.N,
    ) -> list[tuple[Call, Rule | None]]:
        """The call (and the rule that makes it) for each of ``hands`` at the same point of an
        auction: what a simulation asks of many layouts, with the auction read once."""
        a = self._auction(auction, dealer)
        if a.is_complete:
            raise IllegalCallError("the auction is over: there is no call to choose")
        calls = a.calls
        explained = self._explain_calls(calls, a.dealer, len(calls) % 2)
        ctx = self._context(calls, explained, a.dealer, vulnerability)
        legal = set(a.legal_calls())
        n = len(calls) - ctx.leading_passes
        ids = self._choosing.get(n, self._choosing_free)
        # which rules fit the auction, and with which calls, is read once for all the hands
        # (and only as far down the list as some hand needs)
        options: dict[int, list[tuple[Call, dict[str, int]]]] = {}

        def calls_of(order: int) -> list[tuple[Call, dict[str, int]]]:
            got = options.get(order)
            if got is None:
                rule = self.rules[order]
                got = [
                    (call, bb)
                    for b in match_pattern(rule, ctx)
                    for call, bb in candidates(rule, ctx, b)
                    if call in legal
                ]
                options[order] = got
            return got

        out = []
        for hand in hands:
            if len(hand) != 13:
                raise BridgeError(f"a hand to bid holds 13 cards, not {len(hand)}")
            f = HandFeatures.of(hand)
            chosen: tuple[Call, Rule | None] = (PASS, None)
            for order in ids:
                rule = self.rules[order]
                fitting = [call for call, bb in calls_of(order) if hand_fits(rule, f, ctx, bb)]
                if fitting:  # among the rule's calls, the one it prefers (the first of equals)
                    chosen = (max(fitting, key=lambda c: _preference(rule, c, f)), rule)
                    break
            out.append(chosen)
        return out


def _preference(rule: Rule, call: Call, f: HandFeatures) -> int:
    if rule.prefer == "cheapest":
        return -call.index
    if rule.prefer == "highest":
        return call.index
    s = call.strain
    if s is None or s > 3:
        return 0
    n = f.lengths[s]
    if rule.prefer == "majors":
        # a four-card major before a five-card minor (not before a six-card one)
        return n * 100 + (150 if s >= 2 and n >= 4 else 0) + s
    # longest first; with fives or more the higher-ranking, with fours up the line
    return n * 100 + (s if n >= 5 else 10 - s)


def bidder(system: str = "sayc", their_system: str | None = None) -> Bidder:
    """A shared :class:`Bidder` for ``system`` (against ``their_system`` when another)."""
    return _shared_bidder(system, None if their_system == system else their_system)


@lru_cache(maxsize=16)
def _shared_bidder(system: str, their_system: str | None) -> Bidder:
    return Bidder(system, their_system)
