"""Movements: who plays which boards against whom, round by round, at which table.

A :class:`Movement` is a list of :class:`Encounter` (round, table, NS pair, EW pair, boards).
Generators build Mitchells (with skip, arrow switch, and one or two winners) and complete
barometer Howells; the club Howells for one set of boards (3-8 tables, 3/4 Howells, seven
pairs) are shipped as guide-card data (``howells.json``, :func:`one_set_howell`); readers
take the two public formats in ``../shared/corpus/movements`` (thebridsk YAML and the KoPS
``HOWELL.DAT`` JSON of emkael/howellki). :meth:`Movement.check` lists what is wrong with a
movement in words.

>>> m = mitchell(5, boards_per_round=3)
>>> m.tables, m.rounds, len(m.boards), m.check()
(5, 5, 15, [])
>>> m.encounter(2, 1)
Encounter(round=2, table=1, ns=1, ew=10, boards=(4, 5, 6))
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from contractbridge.core.errors import BridgeError


class MovementError(BridgeError):
    """A movement that cannot be built or does not work (a pair meeting itself, ...)."""


@dataclass(frozen=True, slots=True)
class Encounter:
    """One table in one round: the pairs sitting North-South and East-West, and the boards."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]


@dataclass(slots=True)
class Movement:
    """A pairs movement.

    ``fields`` are the groups of pairs ranked together: two (NS and EW) for a two-winner
    Mitchell, one for a Howell or an arrow-switched Mitchell. ``copies`` is the number of
    copies of each board (more than one when several tables play a board in the same round,
    as in a barometer). ``sitouts`` lists (round, pair) for pairs without opponents.
    """

    name: str
    encounters: tuple[Encounter, ...]
    fields: tuple[tuple[int, ...], ...] = ()
    copies: int = 1
    sitouts: tuple[tuple[int, int], ...] = ()
    description: str = ""
    _by_key: dict[tuple[int, int], Encounter] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.encounters = tuple(sorted(self.encounters, key=lambda e: (e.round, e.table)))
        self._by_key = {(e.round, e.table): e for e in self.encounters}
        if not self.fields:
            self.fields = (self.pairs,)

    # -- shape ------------------------------------------------------------------------
    @property
    def tables(self) -> int:
        return max((e.table for e in self.encounters), default=0)

    @property
    def rounds(self) -> int:
        return max((e.round for e in self.encounters), default=0)

    @property
    def pairs(self) -> tuple[int, ...]:
        seen = {p for e in self.encounters for p in (e.ns, e.ew)}
        seen |= {p for _, p in self.sitouts}
        return tuple(sorted(seen))

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for e in self.encounters for b in e.boards}))

    @property
    def boards_per_round(self) -> int:
        return max((len(e.boards) for e in self.encounters), default=0)

    def encounter(self, round: int, table: int) -> Encounter:
        try:
            return self._by_key[(round, table)]
        except KeyError:
            raise MovementError(f"no play at table {table} in round {round}") from None

    def round(self, round: int) -> list[Encounter]:
        return [e for e in self.encounters if e.round == round]

    def of_pair(self, pair: int) -> list[Encounter]:
        """Where ``pair`` plays, round by round."""
        return [e for e in self.encounters if pair in (e.ns, e.ew)]

    def find(self, board: int, pair: int) -> Encounter | None:
        """The encounter in which ``pair`` plays ``board`` (None if it does not)."""
        for e in self.encounters:
            if board in e.boards and pair in (e.ns, e.ew):
                return e
        return None

    def plays(self, board: int) -> list[Encounter]:
        """Every table and round at which ``board`` is played."""
        return [e for e in self.encounters if board in e.boards]

    def sharing(self, round: int, table: int) -> tuple[int, ...]:
        """The other tables playing some of the same boards as ``table`` in ``round`` (the
        boards are passed between them); empty when the table has its boards to itself."""
        here = set(self.encounter(round, table).boards)
        return tuple(
            e.table for e in self.round(round) if e.table != table and here & set(e.boards)
        )

    def field_of(self, pair: int) -> int:
        for i, f in enumerate(self.fields):
            if pair in f:
                return i
        raise MovementError(f"pair {pair} does not play in this movement")

    # -- changes ----------------------------------------------------------------------
    def without_pair(self, pair: int) -> Movement:
        """The movement with ``pair`` absent: its opponents sit out (a phantom pair)."""
        if pair not in self.pairs:
            raise MovementError(f"pair {pair} does not play in this movement")
        kept, sitouts = [], list(self.sitouts)
        for e in self.encounters:
            if pair in (e.ns, e.ew):
                sitouts.append((e.round, e.ew if e.ns == pair else e.ns))
            else:
                kept.append(e)
        sitouts = [(r, p) for r, p in sitouts if p != pair]
        fields = tuple(tuple(p for p in f if p != pair) for f in self.fields)
        return Movement(
            self.name, tuple(kept), fields, self.copies, tuple(sitouts), self.description
        )

    # -- checks -----------------------------------------------------------------------
    def check(self, plays_per_board: int | None = None, *, meet_once: bool = False) -> list[str]:
        """What is wrong with the movement, in words (an empty list if nothing).

        Checked: no pair meets itself; no pair sits at two tables in a round; no table
        holds two matches in a round; no pair plays a board twice; unless there are copies,
        no board is wanted at two tables at once (tables that share a set play its boards
        in different orders, passing them between them); every board is played the
        expected number of times (``plays_per_board``, else as often as most boards);
        with ``meet_once``, no two pairs meet in more than one round.
        """
        problems: list[str] = []
        seats: dict[tuple[int, int], int] = {}
        tables: Counter[tuple[int, int]] = Counter()
        for e in self.encounters:
            where = f"round {e.round}, table {e.table}"
            if e.ns == e.ew:
                problems.append(f"{where}: pair {e.ns} meets itself")
            tables[(e.round, e.table)] += 1
            for pair in {e.ns, e.ew}:
                if (e.round, pair) in seats:
                    problems.append(
                        f"round {e.round}: pair {pair} is at tables {seats[(e.round, pair)]}"
                        f" and {e.table}"
                    )
                seats[(e.round, pair)] = e.table
            if not e.boards:
                problems.append(f"{where}: no boards")
        for (rnd, table), count in tables.items():
            if count > 1:
                problems.append(f"round {rnd}, table {table}: {count} matches at one table")
        for rnd, pair in self.sitouts:
            if (rnd, pair) in seats:
                problems.append(f"round {rnd}: pair {pair} both sits out and plays")
        played: dict[tuple[int, int], list[int]] = defaultdict(list)
        for e in self.encounters:
            for board in e.boards:
                for pair in {e.ns, e.ew}:
                    played[(pair, board)].append(e.round)
        for (pair, board), rounds in sorted(played.items()):
            if len(rounds) > 1:
                listed = ", ".join(str(r) for r in rounds)
                problems.append(
                    f"pair {pair} plays board {board} {len(rounds)} times (rounds {listed})"
                )
        if self.copies == 1:
            # Tables sharing a set play its boards in different orders (the boards are passed
            # between them): a board may be at two tables in a round, never wanted at both
            # at once (the same place in both tables' order).
            slots: dict[tuple[int, int, int], list[int]] = defaultdict(list)
            for e in self.encounters:
                for slot, board in enumerate(e.boards):
                    slots[(board, e.round, slot)].append(e.table)
            for (board, rnd, _), tables_at in sorted(slots.items()):
                if len(tables_at) > 1:
                    listed = " and ".join(str(t) for t in tables_at)
                    problems.append(f"round {rnd}: board {board} is at tables {listed}")
        if meet_once:
            for (a, b), count in sorted(self.meetings().items()):
                if count > 1:
                    problems.append(f"pairs {a} and {b} meet in {count} rounds")
        times = Counter(b for e in self.encounters for b in e.boards)
        if times:
            expected = plays_per_board or Counter(times.values()).most_common(1)[0][0]
            for board in sorted(times):
                if times[board] != expected:
                    problems.append(
                        f"board {board} is played {times[board]} times, expected {expected}"
                    )
        return problems

    def validate(self, plays_per_board: int | None = None) -> Movement:
        """The movement itself if :meth:`check` finds nothing; else a MovementError."""
        problems = self.check(plays_per_board)
        if problems:
            raise MovementError(f"movement {self.name}: " + "; ".join(problems))
        return self

    def meetings(self) -> Counter[tuple[int, int]]:
        """How many rounds each two pairs play each other (pair numbers in order)."""
        return Counter((min(e.ns, e.ew), max(e.ns, e.ew)) for e in self.encounters)

    # -- JSON -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "copies": self.copies,
            "fields": [list(f) for f in self.fields],
            "sitouts": [list(s) for s in self.sitouts],
            "encounters": [
                {
                    "round": e.round,
                    "table": e.table,
                    "ns": e.ns,
                    "ew": e.ew,
                    "boards": list(e.boards),
                }
                for e in self.encounters
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Movement:
        try:
            encounters = tuple(
                Encounter(
                    int(e["round"]),
                    int(e["table"]),
                    int(e["ns"]),
                    int(e["ew"]),
                    tuple(int(b) for b in e["boards"]),
                )
                for e in data["encounters"]
            )
            return cls(
                str(data.get("name", "movement")),
                encounters,
                tuple(tuple(int(p) for p in f) for f in data.get("fields", ())),
                int(data.get("copies", 1)),
                tuple((int(r), int(p)) for r, p in data.get("sitouts", ())),
                str(data.get("description", "")),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise MovementError(f"not a movement: {error}") from None


# -- generators -----------------------------------------------------------------------
def _sets(boards_per_round: int, count: int) -> list[tuple[int, ...]]:
    return [
        tuple(range(s * boards_per_round + 1, (s + 1) * boards_per_round + 1)) for s in range(count)
    ]


def mitchell(
    tables: int,
    *,
    boards_per_round: int = 2,
    rounds: int | None = None,
    arrow_switch: Iterable[int] = (),
    winners: int = 2,
) -> Movement:
    """A Mitchell: NS pairs 1..T stay, EW pairs T+1..2T move up a table, boards move down.

    With an even number of tables the EW pairs skip a table after round T/2 (they would
    otherwise meet boards they have played). ``arrow_switch``: rounds on which the boards
    are turned, so that the EW pair plays the NS cards; an arrow-switched Mitchell has one
    winner, as does ``winners=1``. ``rounds`` plays fewer rounds than tables.

    >>> m = mitchell(4, boards_per_round=2)
    >>> [e.ew for e in m.of_pair(1)], m.check()
    ([5, 8, 6], [])
    """
    if tables < 1:
        raise MovementError(f"a Mitchell needs at least one table, not {tables}")
    if boards_per_round < 1:
        raise MovementError("a round has at least one board")
    skip = tables % 2 == 0 and tables > 1
    most = tables - 1 if skip else tables  # after the skip, one NS pair is never met
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise MovementError(f"a {tables}-table Mitchell has 1 to {most} rounds, not {rounds}")
    switched = set(arrow_switch)
    if any(not 1 <= r <= rounds for r in switched):
        raise MovementError(f"arrow switch rounds must be between 1 and {rounds}")
    if winners not in (1, 2):
        raise MovementError("a Mitchell has one or two winners")
    sets = _sets(boards_per_round, tables)
    encounters = []
    for rnd in range(1, rounds + 1):
        shift = rnd - 1 + (1 if skip and rnd > tables // 2 else 0)
        for table in range(1, tables + 1):
            ew = tables + 1 + (table - 1 - shift) % tables
            boards = sets[(table - 1 + rnd - 1) % tables]
            ns = table
            if rnd in switched:
                ns, ew = ew, ns
            encounters.append(Encounter(rnd, table, ns, ew, boards))
    ns_field = tuple(range(1, tables + 1))
    ew_field = tuple(range(tables + 1, 2 * tables + 1))
    one = winners == 1 or bool(switched)
    name = f"Mitchell {tables} table{'' if tables == 1 else 's'}" + (
        " (arrow switch)" if switched else ""
    )
    return Movement(
        name,
        tuple(encounters),
        (ns_field + ew_field,) if one else (ns_field, ew_field),
        description=f"{rounds} rounds of {boards_per_round} boards"
        + (f", skip after round {tables // 2}" if skip and rounds > tables // 2 else ""),
    )


def howell(tables: int, *, boards_per_round: int = 2, rounds: int | None = None) -> Movement:
    """A complete Howell for 2T pairs: every pair meets every other once in 2T-1 rounds.

    The pairs follow the round-robin circle (pair 2T stays at table 1). All tables play the
    same set in a round, so each set needs ``tables`` copies (a barometer Howell); for a
    Howell that shares boards between tables, read one from a file (:func:`from_kops`).

    >>> m = howell(3, boards_per_round=2)
    >>> m.rounds, len(m.boards), len(m.meetings()), m.check()
    (5, 10, 15, [])
    """
    if tables < 1:
        raise MovementError(f"a Howell needs at least one table, not {tables}")
    n = 2 * tables - 1
    rounds = n if rounds is None else rounds
    if not 1 <= rounds <= n:
        raise MovementError(f"a {tables}-table Howell has 1 to {n} rounds, not {rounds}")
    sets = _sets(boards_per_round, n)
    encounters = []
    for rnd in range(rounds):
        pairs = [(2 * tables, rnd + 1)]
        for k in range(1, tables):
            a, b = (rnd + k) % n + 1, (rnd - k) % n + 1
            pairs.append((a, b) if k % 2 else (b, a))
        for table, (ns, ew) in enumerate(pairs, start=1):
            if table == 1 and rnd % 2:
                ns, ew = ew, ns  # the stationary pair changes direction every round
            encounters.append(Encounter(rnd + 1, table, ns, ew, sets[rnd]))
    return Movement(
        f"Howell {tables} table{'' if tables == 1 else 's'}",
        tuple(encounters),
        copies=tables,
        description=f"{rounds} rounds of {boards_per_round} boards, barometer",
    )


# -- Howells for one set of boards -------------------------------------------------------
#: the shipped guide-card data: per movement, [round, table, NS, EW, set] for every table
HOWELLS_FILE = Path(__file__).with_name("howells.json")
#: the 1¾-table movement for seven pairs: the 4-table Howell without its stationary pair, so
#: that the table of the pair sitting out is always table 1
SEVEN_PAIRS = "7-pairs"


def _howell_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(HOWELLS_FILE.read_text(encoding="utf-8"))["movements"]
    return data


def one_set_howells() -> dict[str, str]:
    """The shipped Howells for one set of boards: key -> name and what it is.

    Keys are the number of tables for a complete Howell (``"4"``), tables-rounds for a ¾
    Howell (``"5-7"``) and ``"7-pairs"``.

    >>> one_set_howells()["4"]
    'Howell 4 tables: 8 pairs, 7 rounds, one set of 7; two relay stands'
    """
    found = {key: f"{m['name']}: {m['description']}" for key, m in _howell_data().items()}
    found[SEVEN_PAIRS] = (
        "Howell for 7 pairs (1¾ tables): the 4-table Howell without pair 8; the pair that"
        " comes to table 1 sits out"
    )
    return found


def one_set_howell(
    tables: int | str, *, boards_per_round: int = 2, rounds: int | None = None
) -> Movement:
    """A Howell for one set of boards, from the shipped guide-card data: the boards go
    from table to table (and onto relay stands) instead of each table having its copy.

    ``tables`` is the number of tables (a complete Howell: every pair meets every other;
    with ``rounds`` fewer than 2T-1, the ¾ Howell of that many rounds), or a key of
    :func:`one_set_howells`. Tables sharing a set play its boards in different orders, so
    a shared round needs at least as many boards as the tables sharing.

    >>> m = one_set_howell(4, boards_per_round=3)
    >>> m.rounds, len(m.boards), m.copies, m.check(meet_once=True)
    (7, 21, 1, [])
    >>> m.encounter(1, 1)
    Encounter(round=1, table=1, ns=8, ew=1, boards=(1, 2, 3))
    """
    if boards_per_round < 1:
        raise MovementError("a round has at least one board")
    key = str(tables)
    if rounds is not None and key.isdigit() and rounds != 2 * int(key) - 1:
        key = f"{key}-{rounds}"
    if key == SEVEN_PAIRS:
        seven = one_set_howell(4, boards_per_round=boards_per_round).without_pair(8)
        seven.name, seven.description = "Howell 7 pairs (1¾ tables)", one_set_howells()[key]
        return seven
    data = _howell_data()
    if key not in data:
        raise MovementError(
            f"no Howell for one set of boards {key!r}; there are: "
            + ", ".join(f"{k} ({one_set_howells()[k].split(':')[0]})" for k in one_set_howells())
        )
    m = data[key]
    sets = _sets(boards_per_round, int(m["sets"]))
    by_set: dict[tuple[int, int], list[int]] = defaultdict(list)
    for rnd, table, _, _, s in m["rows"]:
        by_set[(rnd, s)].append(table)
    encounters = []
    for rnd, table, ns, ew, s in m["rows"]:
        sharers = sorted(by_set[(rnd, s)])
        boards = sets[s - 1]
        if len(sharers) > 1:
            if boards_per_round < len(sharers):
                raise MovementError(
                    f"in the {m['name']} {len(sharers)} tables share a set in round {rnd}:"
                    f" play at least {len(sharers)} boards a round"
                )
            turn = sharers.index(table)  # each sharer starts on a different board
            boards = boards[turn:] + boards[:turn]
        encounters.append(Encounter(rnd, table, ns, ew, boards))
    return Movement(
        m["name"],
        tuple(encounters),
        description=f"{m['description']}; {m['rounds']} rounds of {boards_per_round} boards",
    )


# -- readers ----------------------------------------------------------------------------
def from_thebridsk_yaml(text: str) -> Movement:
    """A movement in thebridsk/bridgescorer's YAML (``hands: [{table, round, ns, ew,
    boards}]``)."""
    import yaml

    try:
        data = yaml.safe_load(text)
        hands = data["hands"]
        encounters = tuple(
            Encounter(
                int(h["round"]),
                int(h["table"]),
                int(h["ns"]),
                int(h["ew"]),
                tuple(int(b) for b in h["boards"]),
            )
            for h in hands
        )
    except (yaml.YAMLError, KeyError, TypeError, ValueError) as error:
        raise MovementError(f"not a thebridsk movement: {error}") from None
    name = str(data.get("name", "movement"))
    fields: tuple[tuple[int, ...], ...] = ()
    short = str(data.get("short", "")) + " " + str(data.get("description", ""))
    if "2 winners" in short or "two teams (NS, EW) winner" in short:
        fields = (
            tuple(sorted({e.ns for e in encounters})),
            tuple(sorted({e.ew for e in encounters})),
        )
    return Movement(name, encounters, fields, description=str(data.get("description", "")))


def _position(text: str) -> int:
    """``"3E"`` -> index into the KoPS ``positions`` list (1N, 1E, 2N, 2E, ...)."""
    table, direction = int(text[:-1]), text[-1]
    return 2 * (table - 1) + (0 if direction == "N" else 1)


def from_kops(data: Mapping[str, Any], *, boards_per_round: int = 2, name: str = "") -> Movement:
    """A movement in the KoPS ``HOWELL.DAT`` layout, as emkael/howellki stores it in JSON.

    ``positions``: the pair number at 1N, 1E, 2N, 2E ... in round 1; ``movement``: the cycle
    of positions the moving pairs follow (a pair at ``movement[i]`` goes to
    ``movement[i+1]``; others stay); ``sets``: the table of each board set in round 1 (0 on
    a relay), the sets moving one place along that list every round.
    """
    try:
        tables, rounds = int(data["tables"]), int(data["rounds"])
        positions = [int(p) for p in data["positions"]]
        cycle = [_position(str(p)) for p in data["movement"]]
        set_tables = [int(t) for t in data["sets"]]
    except (KeyError, TypeError, ValueError) as error:
        raise MovementError(f"not a KoPS movement: {error}") from None
    if len(positions) != 2 * tables:
        raise MovementError(f"{tables} tables need {2 * tables} positions, not {len(positions)}")
    sets = _sets(boards_per_round, len(set_tables))
    seating = list(positions)
    encounters = []
    for rnd in range(1, rounds + 1):
        shift = rnd - 1
        for s, boards in enumerate(sets):
            table = set_tables[(s - shift) % len(set_tables)]
            if table:
                ns, ew = seating[2 * (table - 1)], seating[2 * (table - 1) + 1]
                encounters.append(Encounter(rnd, table, ns, ew, boards))
        moved = list(seating)
        for i, here in enumerate(cycle):
            moved[cycle[(i + 1) % len(cycle)]] = seating[here]
        seating = moved
    mitchell_like = all(p.endswith("E") for p in data["movement"])
    fields: tuple[tuple[int, ...], ...] = ()
    if mitchell_like:
        fields = (tuple(sorted(positions[0::2])), tuple(sorted(positions[1::2])))
    return Movement(name or f"KoPS {tables} tables {rounds} rounds", tuple(encounters), fields)


def load(path: str | Path, key: str | None = None, *, boards_per_round: int = 2) -> Movement:
    """A movement from a file: thebridsk YAML, a KoPS JSON collection (``key`` such as
    ``"4-7"``: tables-rounds) or this package's own JSON (:meth:`Movement.to_dict`)."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() in (".yaml", ".yml"):
        return from_thebridsk_yaml(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MovementError(f"{path.name} is not JSON: {error}") from None
    if isinstance(data, dict) and "encounters" in data:
        return Movement.from_dict(data)
    if isinstance(data, dict) and "movement" in data and "positions" in data:
        return from_kops(data, boards_per_round=boards_per_round, name=path.stem)
    if isinstance(data, dict):
        if key is None:
            raise MovementError(
                f"{path.name} holds {len(data)} movements; choose one of: {', '.join(data)}"
            )
        if key not in data:
            raise MovementError(f"{path.name} has no movement {key!r}")
        return from_kops(data[key], boards_per_round=boards_per_round, name=f"KoPS {key}")
    raise MovementError(f"{path.name} is not a movement file")


def renumber_boards(movement: Movement, mapping: Mapping[int, int] | Sequence[int]) -> Movement:
    """The movement with its boards renamed (``mapping[old] -> new``)."""
    get = (lambda b: mapping[b - 1]) if isinstance(mapping, Sequence) else mapping.__getitem__
    encounters = tuple(
        replace(e, boards=tuple(get(b) for b in e.boards)) for e in movement.encounters
    )
    return Movement(
        movement.name,
        encounters,
        movement.fields,
        movement.copies,
        movement.sitouts,
        movement.description,
    )
