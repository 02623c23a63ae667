"""Random deals under constraints, fast, and deal numbers.

Deals are generated many at a time as NumPy arrays: each batch is a matrix of shuffled
cards, each seat's hand a 52-bit mask in an ``int64`` column, and constraints are evaluated
on whole columns (:class:`DealBatch`). Only accepted deals become :class:`Deal` objects.

Constraints come three ways:

* an expression string, parsed with :mod:`ast` against a whitelist (never ``eval``)::

      generate_deals(20, "hcp(N) >= 15 and hcp(N) <= 17 and balanced(N)", seed=7)

* a vectorised predicate taking a :class:`DealBatch` and returning a boolean array::

      generate_deals(20, lambda b: (b.hcp(Seat.N) >= 20) & (b.spades(Seat.S) >= 5))

* ``accept=``, a plain per-deal callable ``Deal -> bool``, applied after the others.

``predeal`` fixes cards (a whole or partial hand) for some seats.

>>> deals = generate_deals(3, "hcp(N) >= 15 and hcp(N) <= 17 and balanced(N)", seed=1)
>>> from contractbridge.analysis.evaluation import hcp, is_balanced
>>> all(15 <= hcp(d[Seat.N]) <= 17 and is_balanced(d[Seat.N]) for d in deals)
True

Deal numbers follow Richard Pavlicek's scheme (http://www.rpbridge.net/7z68.htm): the
deals are numbered 1 to 53,644,737,765,488,792,839,237,440,000 (96 bits), taking the
cards in the order spade ace, spade king ... club two and the seats in the order N E S W.

>>> print(deal_from_number(1))
N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432
>>> deal_number(deal_from_number(10**27)) == 10**27
True
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from math import factorial
from typing import Any

import numpy as np

from contractbridge.analysis.errors import ConstraintError
from contractbridge.analysis.evaluation import (
    BALANCED_PATTERNS,
    SEMI_BALANCED_PATTERNS,
    SUIT_CONTROLS,
    SUIT_HCP,
    SUIT_LENGTH,
    SUIT_LOSERS,
    SUIT_QUICK_TRICKS_X2,
    parse_pattern,
)
from contractbridge.core.card import Card, Suit
from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.hand import FULL_MASK, SUIT_MASK, Hand
from contractbridge.core.seat import SEATS, Seat, Side

__all__ = [
    "NUMBER_OF_DEALS",
    "DealBatch",
    "compile_constraint",
    "deal_from_number",
    "deal_number",
    "generate_deals",
    "random_batch",
]

Who = Seat | Side
Predicate = Callable[["DealBatch"], Any]


# -- a batch of deals as arrays ---------------------------------------------------------------
class DealBatch:
    """``n`` deals as a ``(n, 4)`` int64 array of hand masks (columns N E S W).

    Every measure returns one value per deal (a NumPy array); a :class:`Side` sums its two
    seats (``b.hcp(Side.NS)``, ``b.spades(Side.EW)`` for the fit).
    """

    __slots__ = ("_cache", "masks")

    def __init__(self, masks: np.ndarray) -> None:
        self.masks = masks
        self._cache: dict[tuple[str, int], np.ndarray] = {}

    def __len__(self) -> int:
        return int(self.masks.shape[0])

    def holdings(self, seat: Seat) -> np.ndarray:
        """``(n, 4)`` 13-bit holdings of ``seat`` in clubs, diamonds, hearts, spades."""
        key = ("holdings", int(seat))
        found = self._cache.get(key)
        if found is None:
            col = self.masks[:, int(seat)]
            found = np.stack([(col >> (13 * s)) & SUIT_MASK for s in range(4)], axis=1)
            self._cache[key] = found
        return found

    def _per_seat(self, name: str, table: np.ndarray, who: Who) -> np.ndarray:
        if isinstance(who, Side):
            a, b = who.seats
            return np.asarray(self._per_seat(name, table, a) + self._per_seat(name, table, b))
        key = (name, int(who))
        found = self._cache.get(key)
        if found is None:
            found = table[self.holdings(who)].sum(axis=1, dtype=np.int16)
            self._cache[key] = found
        return found

    def hcp(self, who: Who) -> np.ndarray:
        return self._per_seat("hcp", SUIT_HCP, who)

    def controls(self, who: Who) -> np.ndarray:
        return self._per_seat("controls", SUIT_CONTROLS, who)

    def losers(self, who: Who) -> np.ndarray:
        return self._per_seat("losers", SUIT_LOSERS, who)

    def quick_tricks(self, who: Who) -> np.ndarray:
        return self._per_seat("qt2", SUIT_QUICK_TRICKS_X2, who) / 2

    def length(self, who: Who, suit: Suit) -> np.ndarray:
        if isinstance(who, Side):
            a, b = who.seats
            return np.asarray(self.length(a, suit) + self.length(b, suit))
        return np.asarray(SUIT_LENGTH[self.holdings(who)[:, int(suit)]])

    def spades(self, who: Who) -> np.ndarray:
        return self.length(who, Suit.S)

    def hearts(self, who: Who) -> np.ndarray:
        return self.length(who, Suit.H)

    def diamonds(self, who: Who) -> np.ndarray:
        return self.length(who, Suit.D)

    def clubs(self, who: Who) -> np.ndarray:
        return self.length(who, Suit.C)

    def shape(self, seat: Seat) -> np.ndarray:
        """``(n, 4)`` suit lengths, spades first."""
        return np.asarray(SUIT_LENGTH[self.holdings(seat)[:, ::-1]])

    def distribution_points(self, who: Who) -> np.ndarray:
        if isinstance(who, Side):
            a, b = who.seats
            return np.asarray(self.distribution_points(a) + self.distribution_points(b))
        return np.asarray(np.maximum(0, 3 - self.shape(who)).sum(axis=1))

    def points(self, who: Who) -> np.ndarray:
        """High-card points plus shortness points."""
        return np.asarray(self.hcp(who) + self.distribution_points(who))

    def _pattern_code(self, seat: Seat) -> np.ndarray:
        # the sorted pattern as one number: 4-4-3-2 -> 4432
        p = np.sort(self.shape(seat), axis=1)[:, ::-1]
        return np.asarray(p[:, 0] * 1000 + p[:, 1] * 100 + p[:, 2] * 10 + p[:, 3])

    def balanced(self, seat: Seat) -> np.ndarray:
        return np.isin(self._pattern_code(seat), _codes(BALANCED_PATTERNS))

    def semi_balanced(self, seat: Seat) -> np.ndarray:
        return np.isin(self._pattern_code(seat), _codes(SEMI_BALANCED_PATTERNS))

    def pattern(self, seat: Seat, text: str) -> np.ndarray:
        """Whether the hand fits ``"4-4-4-1"`` (any order), ``"5=4=3=1"`` or ``"5-4-x-x"``."""
        lengths, exact = parse_pattern(text)
        shape = self.shape(seat)
        if exact:
            ok = np.ones(len(self), dtype=bool)
            for i, want in enumerate(lengths):
                if want is not None:
                    ok &= shape[:, i] == want
            return ok
        # any order: match the wanted lengths against the sorted shape, wildcards last
        fixed = sorted((n for n in lengths if n is not None), reverse=True)
        if len(fixed) == 4:
            code = fixed[0] * 1000 + fixed[1] * 100 + fixed[2] * 10 + fixed[3]
            return np.asarray(self._pattern_code(seat) == code)
        # with wildcards: every wanted length must be found among the four, each once
        ok = np.ones(len(self), dtype=bool)
        for n in set(fixed):
            ok &= (shape == n).sum(axis=1) >= fixed.count(n)
        return ok

    def has(self, seat: Seat, card: Card) -> np.ndarray:
        return np.asarray((self.masks[:, int(seat)] >> int(card)) & 1 == 1)

    def subset(self, rows: np.ndarray) -> DealBatch:
        """The deals at ``rows`` (an index array), as a new batch."""
        return DealBatch(self.masks[rows])

    def deal(self, i: int) -> Deal:
        n, e, s, w = (int(m) for m in self.masks[i])
        return Deal((Hand.from_mask(n), Hand.from_mask(e), Hand.from_mask(s), Hand.from_mask(w)))

    def deals(self) -> list[Deal]:
        return [self.deal(i) for i in range(len(self))]


def _codes(patterns: frozenset[tuple[int, int, int, int]]) -> list[int]:
    return [a * 1000 + b * 100 + c * 10 + d for a, b, c, d in patterns]


# -- generation -------------------------------------------------------------------------------
def _predeal_masks(predeal: Mapping[Seat, Hand | str] | None) -> list[int]:
    masks = [0, 0, 0, 0]
    if not predeal:
        return masks
    taken = 0
    for seat, hand in predeal.items():
        h = Hand.from_pbn(hand) if isinstance(hand, str) else hand
        if len(h) > 13:
            raise ConstraintError(f"{Seat(seat).full_name} is given {len(h)} cards, more than 13")
        if taken & h.mask:
            dup = Hand.from_mask(taken & h.mask)
            raise ConstraintError(f"{', '.join(map(str, dup))} given to two seats")
        taken |= h.mask
        masks[seat] = h.mask
    return masks


def random_batch(
    n: int, rng: np.random.Generator, predeal: Mapping[Seat, Hand | str] | None = None
) -> DealBatch:
    """``n`` uniformly random deals (with ``predeal``'s cards fixed) as a :class:`DealBatch`."""
    fixed = _predeal_masks(predeal)
    held = fixed[0] | fixed[1] | fixed[2] | fixed[3]
    free = [c for c in range(52) if not held >> c & 1]
    # Shuffle the seats of the free cards (a uint8 row per deal), then pack each seat's
    # row of booleans into its 52-bit mask: far cheaper than shuffling card numbers.
    seats = np.repeat(np.arange(4, dtype=np.uint8), [13 - m.bit_count() for m in fixed])
    owner = np.tile(seats, (n, 1))
    rng.permuted(owner, axis=1, out=owner)
    if len(free) < 52:
        full = np.full((n, 52), 255, dtype=np.uint8)
        full[:, free] = owner
        owner = full
    packed = np.zeros((n, 8), dtype=np.uint8)
    masks = np.empty((n, 4), dtype=np.int64)
    for seat in range(4):
        packed[:, :7] = np.packbits(owner == seat, axis=1, bitorder="little")
        masks[:, seat] = packed.view("<i8")[:, 0] | fixed[seat]
    return DealBatch(masks)


def generate_deals(
    count: int,
    where: str | Predicate | None = None,
    *,
    predeal: Mapping[Seat, Hand | str] | None = None,
    accept: Callable[[Deal], bool] | None = None,
    seed: int | np.random.Generator | None = None,
    max_attempts: int = 50_000_000,
) -> list[Deal]:
    """``count`` random deals meeting ``where`` (an expression or a batch predicate),
    ``predeal`` and ``accept``; the same ``seed`` gives the same deals.

    Raises :class:`ConstraintError` when ``max_attempts`` deals have been tried without
    finding enough (an impossible or very rare constraint).
    """
    if count < 0:
        raise ConstraintError("the number of deals cannot be negative")
    predicate = compile_constraint(where) if isinstance(where, str) else where
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    found: list[Deal] = []
    tried = 0
    batch = 2048
    while len(found) < count:
        if tried >= max_attempts:
            raise ConstraintError(
                f"only {len(found)} of {count} deals found in {tried:,} tries: "
                "the constraint is impossible or too rare"
            )
        deals = random_batch(min(batch, max_attempts - tried), rng, predeal)
        tried += len(deals)
        if predicate is not None:
            ok = np.asarray(predicate(deals), dtype=bool)
            if ok.shape != (len(deals),):
                ok = np.broadcast_to(ok, (len(deals),))
            rows = np.flatnonzero(ok)
        else:
            rows = np.arange(len(deals))
        for i in rows:
            deal = deals.deal(int(i))
            if accept is None or accept(deal):
                found.append(deal)
                if len(found) == count:
                    break
        # size the next batch from the acceptance rate so far
        rate = max(len(found), 1) / tried
        batch = int(min(262_144, max(2048, 1.2 * (count - len(found)) / rate)))
    return found


# -- the expression language ------------------------------------------------------------------
_SEAT_NAMES: dict[str, Who] = {
    "N": Seat.N,
    "E": Seat.E,
    "S": Seat.S,
    "W": Seat.W,
    "north": Seat.N,
    "east": Seat.E,
    "south": Seat.S,
    "west": Seat.W,
    "NS": Side.NS,
    "EW": Side.EW,
}


def _seat_only(name: str, who: Who) -> Seat:
    if not isinstance(who, Seat):
        raise ConstraintError(f"{name}() takes one seat (N, E, S or W), not a side")
    return who


_FUNCTIONS: dict[str, tuple[int, Callable[..., Any], str]] = {
    # name: (number of arguments after the seat, implementation, help)
    "hcp": (0, lambda b, w: b.hcp(w), "high-card points (4-3-2-1)"),
    "points": (0, lambda b, w: b.points(w), "HCP plus shortness points"),
    "controls": (0, lambda b, w: b.controls(w), "aces 2, kings 1"),
    "losers": (0, lambda b, w: b.losers(w), "losing trick count"),
    "quick_tricks": (0, lambda b, w: b.quick_tricks(w), "AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5"),
    "spades": (0, lambda b, w: b.spades(w), "number of spades"),
    "hearts": (0, lambda b, w: b.hearts(w), "number of hearts"),
    "diamonds": (0, lambda b, w: b.diamonds(w), "number of diamonds"),
    "clubs": (0, lambda b, w: b.clubs(w), "number of clubs"),
    "balanced": (0, lambda b, w: b.balanced(_seat_only("balanced", w)), "4333 4432 5332"),
    "semibalanced": (
        0,
        lambda b, w: b.semi_balanced(_seat_only("semibalanced", w)),
        "balanced, 5422 or 6322",
    ),
    "shape": (
        1,
        lambda b, w, p: b.pattern(_seat_only("shape", w), p),
        'pattern: "4441" any order, "5=4=3=1" exact, x = any',
    ),
    "has": (1, lambda b, w, c: b.has(_seat_only("has", w), Card.parse(c)), 'holds a card: "SA"'),
}
_FUNCTIONS["semi_balanced"] = _FUNCTIONS["semibalanced"]

_COMPARE = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
}
_ARITH = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def _as_bool(value: Any) -> Any:
    return value if isinstance(value, np.ndarray) else np.bool_(value)


class _Compiler:
    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, node: ast.AST, what: str) -> ConstraintError:
        col = getattr(node, "col_offset", None)
        where = f" at column {col + 1}" if col is not None else ""
        return ConstraintError(f"{what}{where} in {self.text!r}")

    def compile(self, node: ast.AST) -> Callable[[DealBatch], Any]:
        if isinstance(node, ast.Expression):
            return self.compile(node.body)
        if isinstance(node, ast.BoolOp):
            parts = [self.compile(v) for v in node.values]
            if isinstance(node.op, ast.And):
                return lambda b: _all_of(parts, b)
            return lambda b: _reduce(operator.or_, [_as_bool(p(b)) for p in parts])
        if isinstance(node, ast.UnaryOp):
            inner = self.compile(node.operand)
            if isinstance(node.op, ast.Not):
                return lambda b: ~_as_bool(inner(b))
            if isinstance(node.op, ast.USub):
                return lambda b: -inner(b)
            raise self.fail(node, "only 'not' and '-' may come before a value")
        if isinstance(node, ast.Compare):
            terms = [self.compile(node.left)] + [self.compile(c) for c in node.comparators]
            ops = []
            for op in node.ops:
                func = _COMPARE.get(type(op))
                if func is None:
                    raise self.fail(node, "compare with <, <=, >, >=, == or !=")
                ops.append(func)

            def compare(b: DealBatch) -> Any:
                values = [t(b) for t in terms]
                result = ops[0](values[0], values[1])
                for i in range(1, len(ops)):
                    result = result & ops[i](values[i], values[i + 1])
                return result

            return compare
        if isinstance(node, ast.BinOp):
            func = _ARITH.get(type(node.op))
            if func is None:
                raise self.fail(node, "only +, - and * are allowed between numbers")
            left, right = self.compile(node.left), self.compile(node.right)
            return lambda b: func(left(b), right(b))
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, int | float):
                raise self.fail(node, f"{node.value!r} is not a number here")
            value = node.value
            return lambda b: value
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Name):
            if node.id in _SEAT_NAMES:
                raise self.fail(node, f"a seat ({node.id}) must be inside a function like hcp()")
            raise self.fail(node, f"unknown name {node.id!r}")
        raise self.fail(node, f"{type(node).__name__} is not allowed")

    def call(self, node: ast.Call) -> Callable[[DealBatch], Any]:
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            name = node.func.id if isinstance(node.func, ast.Name) else "that"
            known = ", ".join(sorted(_FUNCTIONS))
            raise self.fail(node, f"unknown function {name!r} (known: {known})")
        name = node.func.id
        extra, impl, _ = _FUNCTIONS[name]
        if node.keywords or len(node.args) != 1 + extra:
            shape = "(seat)" if extra == 0 else '(seat, "text")'
            raise self.fail(node, f"{name} takes {shape}")
        seat_node = node.args[0]
        if not isinstance(seat_node, ast.Name) or seat_node.id not in _SEAT_NAMES:
            raise self.fail(node, f"{name}() needs a seat first: N, E, S, W (or NS, EW)")
        who = _SEAT_NAMES[seat_node.id]
        args: list[str] = []
        for arg in node.args[1:]:
            if not isinstance(arg, ast.Constant) or not isinstance(arg.value, str):
                raise self.fail(arg, f'{name}() takes a quoted text second, like "4441"')
            args.append(arg.value)
        try:  # check patterns, cards and seat kinds now rather than on the first batch
            impl(_EMPTY, who, *args)
        except BridgeError as error:
            raise self.fail(node, str(error)) from None
        return lambda b: impl(b, who, *args)


def _all_of(parts: list[Callable[[DealBatch], Any]], batch: DealBatch) -> Any:
    """``a and b and c``: later parts only see the deals the earlier ones let through."""
    ok = np.broadcast_to(_as_bool(parts[0](batch)), (len(batch),)).copy()
    for part in parts[1:]:
        rows = np.flatnonzero(ok)
        if len(rows) == 0:
            break
        if 2 * len(rows) < len(ok):
            ok[rows] = _as_bool(part(batch.subset(rows)))
        else:
            ok &= _as_bool(part(batch))
    return ok


def _reduce(op: Callable[[Any, Any], Any], values: list[Any]) -> Any:
    result = values[0]
    for v in values[1:]:
        result = op(result, v)
    return result


_EMPTY = DealBatch(np.zeros((0, 4), dtype=np.int64))


def compile_constraint(text: str) -> Callable[[DealBatch], Any]:
    """Compile a constraint expression into a batch predicate.

    Python syntax restricted to: numbers, ``and or not``, comparisons, ``+ - *`` and calls
    of the functions below on a seat (N E S W; NS and EW sum both hands where that means
    something): ``hcp points controls losers quick_tricks spades hearts diamonds clubs
    balanced semibalanced`` and ``shape(N, "4441")``, ``has(N, "SA")``.

    >>> pred = compile_constraint('hcp(N) >= 20 or shape(S, "4441")')
    >>> compile_constraint("__import__('os')")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    contractbridge.analysis.errors.ConstraintError: unknown function '__import__' ...
    """
    if len(text) > 2000:
        raise ConstraintError("the constraint is too long (over 2000 characters)")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as error:
        raise ConstraintError(
            f"cannot read the constraint {text!r}: {error.msg} at column {error.offset}"
        ) from None
    return _Compiler(text).compile(tree)


def constraint_help() -> str:
    """One line per function of the expression language, for ``--help``."""
    return "\n".join(
        f"  {name}(seat{', text' if n else ''}): {doc}"
        for name, (n, _, doc) in sorted(_FUNCTIONS.items())
        if name != "semi_balanced"
    )


# -- deal numbers (Pavlicek) ------------------------------------------------------------------
#: The number of different deals, 52! / (13!)^4.
NUMBER_OF_DEALS = factorial(52) // factorial(13) ** 4

# Pavlicek's card order: spade ace, king ... two, then hearts, diamonds, clubs.
_PAVLICEK_CARDS = tuple(suit * 13 + rank for suit in (3, 2, 1, 0) for rank in range(12, -1, -1))


def deal_number(deal: Deal) -> int:
    """The deal's Pavlicek number, 1 to :data:`NUMBER_OF_DEALS`."""
    if not deal.is_complete:
        raise ConstraintError("only a full deal (13 cards each) has a deal number")
    owner = [0] * 52
    for s in SEATS:
        m = deal[s].mask
        for c in range(52):
            if m >> c & 1:
                owner[c] = s
    index = 0
    k = NUMBER_OF_DEALS
    vacant = [13, 13, 13, 13]
    for i, card in enumerate(_PAVLICEK_CARDS):
        left = 52 - i
        seat = owner[card]
        for before in range(seat):
            index += k * vacant[before] // left
        k = k * vacant[seat] // left
        vacant[seat] -= 1
    return index + 1


def deal_from_number(number: int) -> Deal:
    """The deal with Pavlicek number ``number`` (1 to :data:`NUMBER_OF_DEALS`)."""
    if not isinstance(number, int) or not 1 <= number <= NUMBER_OF_DEALS:
        raise ConstraintError(f"deal numbers run from 1 to {NUMBER_OF_DEALS:,}, not {number!r}")
    index = number - 1
    k = NUMBER_OF_DEALS
    vacant = [13, 13, 13, 13]
    masks = [0, 0, 0, 0]
    for i, card in enumerate(_PAVLICEK_CARDS):
        left = 52 - i
        for seat in range(4):
            x = k * vacant[seat] // left
            if index < x:
                masks[seat] |= 1 << card
                vacant[seat] -= 1
                k = x
                break
            index -= x
    assert masks[0] | masks[1] | masks[2] | masks[3] == FULL_MASK
    return Deal([Hand.from_mask(m) for m in masks])
