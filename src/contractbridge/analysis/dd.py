"""Double-dummy analysis through DDS (Bo Haglund's solver, via endplay's bindings).

Everything here speaks the project's types (:class:`Deal`, :class:`Seat`, :class:`Strain`,
:class:`Card`, :class:`Play`); DDS's own orders (spades first, strain 4 = notrump, its
vulnerability codes) are converted at this edge and nowhere else.

North holds every spade, East every heart, South every diamond, West every club:

>>> deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
>>> table = dd_table(deal)
>>> table.tricks(Seat.N, Strain.S), table.tricks(Seat.N, Strain.NT), table.tricks(Seat.E, Strain.C)
(13, 0, 13)
>>> print(par(table, Vulnerability.NONE, Seat.N))
NS 1510: NS 7S=
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import endplay._dds as _dds

from contractbridge.analysis.errors import AnalysisError
from contractbridge.core.card import CARDS, STRAINS, Card, Strain
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.deal import Deal
from contractbridge.core.hand import SUIT_MASK
from contractbridge.core.play import Play
from contractbridge.core.seat import SEATS, Seat, Side, Vulnerability

__all__ = [
    "OPTIMUM_RESULT_HEADER",
    "DDTable",
    "Par",
    "ParContract",
    "Position",
    "dd_cards",
    "dd_cards_many",
    "dd_contract_tricks",
    "dd_strain_tricks",
    "dd_table",
    "dd_tables",
    "dd_trace",
    "dd_traces",
    "par",
]

# -- conversions at the edge ------------------------------------------------------------------
# DDS numbers suits spades 0 .. clubs 3 and strains S H D C NT; ours run clubs 0 .. spades 3.
_DDS_STRAIN = (3, 2, 1, 0, 4)  # our strain -> DDS strain
_OUR_STRAIN = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)  # DDS strain -> ours
_DDS_VUL = (0, 2, 3, 1)  # our Vulnerability (NONE NS EW ALL) -> DDS (none both NS EW)
# DDS's contractType.denom: 0 NT, 1 spades, 2 hearts, 3 diamonds, 4 clubs.
_PAR_DENOM = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
# DDS caps: 200 strain-tables (40 deals x 5 strains) and 200 boards per batched call.
_TABLES_PER_CALL = _dds.MAXNOOFTABLES
_BOARDS_PER_CALL = _dds.MAXNOOFBOARDS

# DDTable.to_pbn order (the DoubleDummyTricks tag): N S E W, each NT S H D C.
_PBN_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_PBN_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_STRAIN_TEXT = {Strain.NT: "NT", Strain.S: "S", Strain.H: "H", Strain.D: "D", Strain.C: "C"}


def _fill_cards(cards: ctypes.Array[ctypes.Array[ctypes.c_uint]], masks: Sequence[int]) -> None:
    """Write four 52-bit hand masks into a DDS ``remainCards[hand][suit]`` array."""
    for seat in range(4):
        mask = masks[seat]
        row = cards[seat]
        # DDS holdings put rank r at bit r (two = bit 2); ours put it at bit r - 2.
        row[0] = (mask >> 39 & SUIT_MASK) << 2
        row[1] = (mask >> 26 & SUIT_MASK) << 2
        row[2] = (mask >> 13 & SUIT_MASK) << 2
        row[3] = (mask & SUIT_MASK) << 2


def _masks(deal: Deal) -> tuple[int, int, int, int]:
    n, e, s, w = deal.hands
    return (n.mask, e.mask, s.mask, w.mask)


def _check_table_deal(deal: Deal) -> None:
    lengths = {len(h) for h in deal}
    if len(lengths) != 1 or 0 in lengths:
        raise AnalysisError(
            "a double-dummy table needs four hands of the same number of cards, not "
            + "-".join(str(len(h)) for h in deal)
        )


# ctypes releases the GIL and DDS keeps per-thread state (thread index 0 for single
# solves): one call at a time from Python; DDS itself still uses every core inside a call.
# Every caller of the native library in this process (the card-play robot's solver too,
# through endplay's own bindings) takes this lock: two threads inside DDS at once corrupt
# its memory ("double free or corruption") and end the process.
SOLVER_LOCK = threading.Lock()


def _call(func: Callable[..., object], *args: object) -> None:
    try:
        with SOLVER_LOCK:
            func(*args)
    except _dds.DDSError as error:  # a position DDS refuses: say so in our words
        raise AnalysisError(f"the double-dummy solver refused the position: {error}") from None


# -- the table --------------------------------------------------------------------------------
class DDTable:
    """Double-dummy tricks for each strain and declarer (immutable).

    >>> t = DDTable.from_pbn("54555546658977889778")
    >>> t.tricks(Seat.E, Strain.S), t[Strain.NT, Seat.N], t.to_pbn()
    (9, 5, '54555546658977889778')
    >>> t.optimum_result_table()[:2]
    ['N NT  5', 'N  S  4']
    """

    __slots__ = ("_tricks",)

    _tricks: tuple[int, ...]

    def __init__(self, tricks: Iterable[Iterable[int]]) -> None:
        """``tricks[strain][seat]``: five rows (C D H S NT) of four seats (N E S W)."""
        rows = [tuple(row) for row in tricks]
        flat = tuple(t for row in rows for t in row)
        if len(rows) != 5 or len(flat) != 20 or any(not 0 <= t <= 13 for t in flat):
            raise AnalysisError(
                "a double-dummy table is five strains (C D H S NT) by four seats (N E S W), "
                "each 0 to 13 tricks"
            )
        object.__setattr__(self, "_tricks", flat)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("DDTable is immutable")

    def tricks(self, declarer: Seat, strain: Strain) -> int:
        """Tricks ``declarer`` takes in ``strain`` against best defence."""
        return self._tricks[strain * 4 + declarer]

    def __getitem__(self, key: tuple[Strain, Seat]) -> int:
        strain, declarer = key
        return self._tricks[strain * 4 + declarer]

    def rows(self) -> tuple[tuple[int, int, int, int], ...]:
        """``rows()[strain][seat]``, strains C D H S NT, seats N E S W."""
        t = self._tricks
        return tuple((t[i], t[i + 1], t[i + 2], t[i + 3]) for i in range(0, 20, 4))

    def best(self, side: Side) -> tuple[Strain, int]:
        """The strain in which ``side`` takes most tricks (the higher strain on ties)."""
        return max(
            ((s, max(self.tricks(seat, s) for seat in side.seats)) for s in STRAINS),
            key=lambda st: (st[1], st[0]),
        )

    # PBN forms
    def to_pbn(self) -> str:
        """The ``DoubleDummyTricks`` tag: 20 hex digits, N S E W each NT S H D C."""
        return "".join(
            "0123456789abcd"[self.tricks(seat, s)] for seat in _PBN_SEATS for s in _PBN_STRAINS
        )

    @classmethod
    def from_pbn(cls, text: str) -> DDTable:
        digits = text.strip()
        if len(digits) != 20 or any(ch not in "0123456789abcdABCD" for ch in digits):
            raise AnalysisError(
                f"{text!r} is not a DoubleDummyTricks value: 20 hex digits, N S E W each NT S H D C"
            )
        grid = [[0] * 4 for _ in range(5)]
        for i, ch in enumerate(digits):
            grid[_PBN_STRAINS[i % 5]][_PBN_SEATS[i // 5]] = int(ch, 16)
        return cls(grid)

    def optimum_result_table(self) -> list[str]:
        """Rows of the PBN 2.1 ``OptimumResultTable`` (header :data:`OPTIMUM_RESULT_HEADER`)."""
        return [
            f"{seat.name} {_STRAIN_TEXT[s]:>2} {self.tricks(seat, s):>2}"
            for seat in _PBN_SEATS
            for s in _PBN_STRAINS
        ]

    @classmethod
    def from_optimum_result_table(cls, rows: Iterable[str]) -> DDTable:
        """Read ``OptimumResultTable`` rows (``"N NT 8"``, ``"W  C 10"``, any order)."""
        grid: list[list[int | None]] = [[None] * 4 for _ in range(5)]
        for row in rows:
            parts = row.split()
            if len(parts) != 3 or not parts[2].isdigit():
                raise AnalysisError(f"{row!r} is not an OptimumResultTable row like 'N NT 8'")
            seat, strain = Seat.parse(parts[0]), Strain.parse(parts[1])
            grid[strain][seat] = int(parts[2])
        if any(t is None for row in grid for t in row):
            raise AnalysisError("an OptimumResultTable needs all 20 declarer x strain rows")
        return cls([[int(t or 0) for t in row] for row in grid])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DDTable) and other._tricks == self._tricks

    def __hash__(self) -> int:
        return hash(self._tricks)

    def __repr__(self) -> str:
        return f"DDTable.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        lines = ["     NT  S  H  D  C"]
        for seat in _PBN_SEATS:
            lines.append(
                f"{seat.name:>3} "
                + "".join(f"{self.tricks(seat, s):>3}" for s in _PBN_STRAINS).rstrip()
            )
        return "\n".join(lines)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (DDTable.from_pbn, (self.to_pbn(),))


#: The header of the PBN ``OptimumResultTable`` tag that :meth:`DDTable.optimum_result_table`
#: rows go under.
OPTIMUM_RESULT_HEADER = "Declarer;Denomination\\2R;Result\\2R"


def _from_dds(res: _dds.ddTableResults) -> DDTable:
    table = res.resTable
    return DDTable([[table[_DDS_STRAIN[s]][seat] for seat in range(4)] for s in range(5)])


def dd_table(deal: Deal) -> DDTable:
    """The double-dummy table of one deal (see :func:`dd_tables` for many)."""
    _check_table_deal(deal)
    dl = _dds.ddTableDeal()
    _fill_cards(dl.cards, _masks(deal))
    res = _dds.ddTableResults()
    _call(_dds.CalcDDtable, dl, res)
    return _from_dds(res)


def dd_tables(
    deals: Iterable[Deal], *, progress: Callable[[int], None] | None = None
) -> list[DDTable]:
    """Double-dummy tables of many deals, in order, computed on all cores.

    DDS solves at most 40 deals (200 strain tables) per call, so the deals go in chunks of
    40; ``progress(n)`` is called with the number of deals done after each chunk.
    """
    todo = list(deals)
    for deal in todo:
        _check_table_deal(deal)
    tables: list[DDTable] = []
    no_filter = (ctypes.c_int * 5)()
    for start in range(0, len(todo), _TABLES_PER_CALL):
        chunk = todo[start : start + _TABLES_PER_CALL]
        resp = _calc_tables(chunk, no_filter)
        tables.extend(_from_dds(resp.results[i]) for i in range(len(chunk)))
        if progress is not None:
            progress(len(tables))
    return tables


def _calc_tables(
    chunk: Sequence[Deal], strain_filter: ctypes.Array[ctypes.c_int]
) -> _dds.ddTablesRes:
    """DDS's CalcAllTables on ``chunk`` (strains with 1 in ``strain_filter`` skipped)."""
    dealsp = _dds.ddTableDeals()
    dealsp.noOfTables = len(chunk)
    for i, deal in enumerate(chunk):
        _fill_cards(dealsp.ddTableDeal[i].cards, _masks(deal))
    resp = _dds.ddTablesRes()
    _call(_dds.CalcAllTables, dealsp, -1, strain_filter, resp, _dds.allParResults())
    return resp


def dd_strain_tricks(
    deals: Sequence[Deal], strains: Iterable[Strain]
) -> list[dict[Strain, tuple[int, int, int, int]]]:
    """Double-dummy tricks of each declarer (N, E, S, W) in ``strains`` only, per deal.

    Cheaper than :func:`dd_tables` when few strains matter (each strain costs about a fifth
    of a whole table): robots that choose among a few contracts on many sampled deals.
    """
    wanted = sorted(set(strains))
    for deal in deals:
        _check_table_deal(deal)
    skip = (ctypes.c_int * 5)(*(0 if s in wanted else 1 for s in _OUR_STRAIN))
    out: list[dict[Strain, tuple[int, int, int, int]]] = []
    per_call = _TABLES_PER_CALL  # deals per call, whatever the strains
    for start in range(0, len(deals), per_call):
        chunk = deals[start : start + per_call]
        resp = _calc_tables(chunk, skip)
        for i in range(len(chunk)):
            table = resp.results[i].resTable
            out.append(
                {
                    s: (table[_DDS_STRAIN[s]][0], table[_DDS_STRAIN[s]][1],
                        table[_DDS_STRAIN[s]][2], table[_DDS_STRAIN[s]][3])
                    for s in wanted
                }
            )  # fmt: skip
    return out


# -- par --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: who may declare it and how many tricks it takes double dummy.

    ``contract.declarer`` is the first of ``declarers``; a sacrifice is doubled.
    """

    contract: Contract
    declarers: tuple[Seat, ...]
    tricks: int

    @property
    def result(self) -> int:
        """Overtricks (positive), 0 if just made, or minus the undertricks."""
        return self.tricks - self.contract.tricks_needed

    @property
    def side(self) -> Side:
        return self.declarers[0].side

    def __str__(self) -> str:
        """``"NS 4H="``, ``"S 6NT+1"``, ``"EW 5SX-2"`` (the ParContract tag's form)."""
        who = self.declarers[0].name if len(self.declarers) == 1 else self.side.name
        c = self.contract
        strain = "N" if c.strain == Strain.NT else c.strain.name
        r = self.result
        return f"{who} {c.level}{strain}{c.doubled}{'=' if r == 0 else f'{r:+d}'}"


@dataclass(frozen=True, slots=True)
class Par:
    """The par result: ``score`` for North-South (East-West score its negation)."""

    score: int
    contracts: tuple[ParContract, ...]

    def optimum_score(self) -> str:
        """The PBN ``OptimumScore`` value, from the par declarers' side as BridgeComposer
        writes it: ``"NS 420"``, ``"EW 140"``, ``"EW -100"`` (a sacrifice), ``"NS 0"``."""
        if self.contracts and self.contracts[0].side == Side.EW:
            return f"EW {-self.score}"
        return f"NS {self.score}"

    def par_contract(self) -> str:
        """The ``ParContract`` tag value: ``"NS 4H=; NS 4S="`` (``"Pass"`` when passed out)."""
        return "; ".join(str(c) for c in self.contracts) or "Pass"

    def __str__(self) -> str:
        return f"{self.optimum_score()}: {self.par_contract()}"


def par(deal_or_table: Deal | DDTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """Par: the score when both sides bid to their double-dummy best (DDS ``DealerPar``).

    The dealer matters when both sides could open the bidding at the par level; the side
    that bids first gets the better of it.
    """
    table = deal_or_table if isinstance(deal_or_table, DDTable) else dd_table(deal_or_table)
    res = _dds.ddTableResults()
    for s in range(5):
        for seat in range(4):
            res.resTable[_DDS_STRAIN[s]][seat] = table.tricks(SEATS[seat], STRAINS[s])
    master = _dds.parResultsMaster()
    _call(_dds.DealerParBin, res, master, int(dealer), _DDS_VUL[vulnerability])
    contracts: list[ParContract] = []
    for i in range(master.number):
        c = master.contracts[i]
        if c.level == 0:  # passed out
            continue
        seats = (
            (SEATS[c.seats],)
            if c.seats < 4
            else (Seat.N, Seat.S)
            if c.seats == 4
            else (Seat.E, Seat.W)
        )
        strain = _PAR_DENOM[c.denom]
        doubled = Doubled.DOUBLED if c.underTricks > 0 else Doubled.NONE
        tricks = c.level + 6 + c.overTricks - c.underTricks
        contracts.append(ParContract(Contract(c.level, strain, doubled, seats[0]), seats, tricks))
    return Par(master.score, tuple(contracts))


# -- card by card -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Position:
    """A point in the play, for :func:`dd_cards`.

    ``hands`` holds what each seat still has (a partial deal); ``trick`` the cards already
    played to the trick in progress, led by ``leader``. Tricks are counted for
    ``declarer``'s side (by default the leader's right-hand opponent, as at the opening
    lead), which has already won ``declarer_tricks``.
    """

    hands: Deal
    strain: Strain
    leader: Seat
    trick: tuple[Card, ...] = ()
    declarer: Seat | None = None
    declarer_tricks: int = 0

    def __post_init__(self) -> None:
        k = len(self.trick)
        if k > 3:
            raise AnalysisError("a trick in progress has at most three cards played to it")
        played = 0
        for card in self.trick:
            if self.hands.holder(card) is not None or played >> card & 1:
                raise AnalysisError(f"{card} is played to the trick but still held or repeated")
            played |= 1 << card
        to_play = len(self.hands[self.leader.next(k)])
        for i in range(4):
            seat = self.leader.next(i)
            want = to_play - 1 if i < k else to_play
            if len(self.hands[seat]) != want or to_play == 0:
                raise AnalysisError(
                    "the hands do not fit the trick in progress: "
                    + ", ".join(f"{s.full_name} {len(self.hands[s])}" for s in SEATS)
                    + f" cards with {k} played to the trick"
                )

    @property
    def turn(self) -> Seat:
        return self.leader.next(len(self.trick))

    @property
    def counted_side(self) -> Side:
        return (self.declarer if self.declarer is not None else self.leader.rho).side

    @property
    def remaining_tricks(self) -> int:
        """Tricks still to be decided, the one in progress included."""
        return len(self.hands[self.turn])

    @classmethod
    def from_play(cls, play: Play) -> Position:
        """The position reached in ``play`` (which must not be over)."""
        if play.is_complete:
            raise AnalysisError("the play is over: there is no card left to analyse")
        return cls(
            play.remaining_deal(),
            play.contract.strain,
            play.leader,
            play.current_trick,
            play.declarer,
            play.declarer_tricks,
        )


def _dds_deal(pos: Position) -> _dds.deal:
    dl = _dds.deal()
    dl.trump = _DDS_STRAIN[pos.strain]
    dl.first = int(pos.leader)
    for i in range(3):
        if i < len(pos.trick):
            card = pos.trick[i]
            dl.currentTrickSuit[i] = 3 - card // 13
            dl.currentTrickRank[i] = card % 13 + 2
        else:
            dl.currentTrickSuit[i] = 0
            dl.currentTrickRank[i] = 0
    _fill_cards(dl.remainCards, _masks(pos.hands))
    return dl


def _card_scores(pos: Position, fut: _dds.futureTricks) -> dict[Card, int]:
    ours = pos.turn.side == pos.counted_side
    remaining = pos.remaining_tricks
    result: dict[Card, int] = {}
    for i in range(fut.cards):
        score = fut.score[i]
        tricks = pos.declarer_tricks + (score if ours else remaining - score)
        suit = 3 - fut.suit[i]
        holding = 1 << fut.rank[i] | fut.equals[i]
        for rank in range(14, 1, -1):
            if holding >> rank & 1:
                result[CARDS[suit * 13 + rank - 2]] = tricks
    return result


def _position(what: Position | Play) -> Position:
    return what if isinstance(what, Position) else Position.from_play(what)


def dd_cards(position: Position | Play) -> dict[Card, int]:
    """Each legal card of the seat to play -> tricks declarer's side takes in all after it.

    For a :class:`Play` the count includes the tricks already won; for a
    :class:`Position`, its ``declarer_tricks``.
    """
    pos = _position(position)
    fut = _dds.futureTricks()
    _call(_dds.SolveBoard, _dds_deal(pos), -1, 3, 1, fut, 0)
    return _card_scores(pos, fut)


def _solve_boards(positions: Sequence[Position], solutions: int) -> list[_dds.futureTricks]:
    """DDS's SolveAllBoardsBin on ``positions``, in parallel batches of 200: per position,
    every card's tricks (``solutions=3``) or only the best (``solutions=1``)."""
    out: list[_dds.futureTricks] = []
    for start in range(0, len(positions), _BOARDS_PER_CALL):
        chunk = positions[start : start + _BOARDS_PER_CALL]
        bop = _dds.boards()
        bop.noOfBoards = len(chunk)
        for i, pos in enumerate(chunk):
            bop.deals[i] = _dds_deal(pos)
            bop.target[i] = -1
            bop.solutions[i] = solutions
            bop.mode[i] = 1
        solved = _dds.solvedBoards()
        _call(_dds.SolveAllBoardsBin, bop, solved)
        out.extend(solved.solvedBoard[i] for i in range(len(chunk)))
    return out


def dd_cards_many(positions: Iterable[Position | Play]) -> list[dict[Card, int]]:
    """:func:`dd_cards` for many positions, solved in parallel batches of 200."""
    todo = [_position(p) for p in positions]
    return [_card_scores(pos, fut) for pos, fut in zip(todo, _solve_boards(todo, 3), strict=True)]


def dd_declarer_tricks(deals: Sequence[Deal], strain: Strain, declarer: Seat) -> list[int]:
    """Double-dummy tricks ``declarer`` takes in ``strain`` on each of ``deals``.

    One search per deal from the opening lead (about a quarter of a strain's table, which
    solves all four declarers): for a robot weighing one contract on many sampled deals.
    """
    return dd_contract_tricks(deals, [(strain, declarer)])[(strain, declarer)]


def dd_contract_tricks(
    deals: Sequence[Deal], contracts: Sequence[tuple[Strain, Seat]]
) -> dict[tuple[Strain, Seat], list[int]]:
    """:func:`dd_declarer_tricks` for several (strain, declarer) pairs on the same deals, in
    one parallel batch: DDS shares its threads among all the searches, which is faster than
    a call per pair (a robot weighs a few contracts on a few layouts at a time)."""
    keys = list(dict.fromkeys(contracts))
    scores = dd_tricks_many([(deal, s, declarer) for s, declarer in keys for deal in deals])
    n = len(deals)
    return {key: scores[i * n : (i + 1) * n] for i, key in enumerate(keys)}


def dd_tricks_many(contracts: Sequence[tuple[Deal, Strain, Seat]]) -> list[int]:
    """Double-dummy tricks of each (deal, strain, declarer), in one parallel batch: for a
    robot whose contracts differ from layout to layout."""
    for deal, _, _ in contracts:
        _check_table_deal(deal)
    positions = [Position(deal, s, declarer.lho) for deal, s, declarer in contracts]
    # the best score is the tricks of the side on lead, the defenders
    return [13 - fut.score[0] for fut in _solve_boards(positions, 1)]


# -- the trace of a played line ----------------------------------------------------------------
def _trace_inputs(play: Play) -> tuple[_dds.deal, _dds.playTraceBin, tuple[Card, ...]]:
    start = Position(play.deal, play.contract.strain, play.first_leader)
    dl = _dds_deal(start)
    cards = play.cards_played
    trace = _dds.playTraceBin()
    trace.number = len(cards)
    for i, card in enumerate(cards):
        trace.suit[i] = 3 - card // 13
        trace.rank[i] = card % 13 + 2
    return dl, trace, cards


def _trace_values(play: Play, solved: _dds.solvedPlay, n_cards: int) -> tuple[int, ...]:
    # DDS counts for the side of the first leader's right-hand opponent; the last trick
    # once reached is forced, so DDS stops early and the later values repeat.
    total = len(play.deal[play.first_leader])
    flip = play.first_leader.rho.side != play.declarer.side
    values = [solved.tricks[i] for i in range(min(solved.number, n_cards + 1))]
    while len(values) < n_cards + 1:
        values.append(values[-1])
    return tuple(total - v if flip else v for v in values)


def dd_trace(play: Play) -> tuple[int, ...]:
    """Declarer's side's double-dummy tricks before the first card and after each card played.

    A drop marks a declarer error, a rise a defensive one.
    """
    dl, trace, cards = _trace_inputs(play)
    solved = _dds.solvedPlay()
    _call(_dds.AnalysePlayBin, dl, trace, solved, 0)
    return _trace_values(play, solved, len(cards))


def dd_traces(plays: Iterable[Play]) -> list[tuple[int, ...]]:
    """:func:`dd_trace` for many plays, in parallel batches of 200."""
    todo = list(plays)
    out: list[tuple[int, ...]] = []
    for start in range(0, len(todo), _BOARDS_PER_CALL):
        chunk = todo[start : start + _BOARDS_PER_CALL]
        bop = _dds.boards()
        plp = _dds.playTracesBin()
        bop.noOfBoards = plp.noOfBoards = len(chunk)
        lengths = []
        for i, play in enumerate(chunk):
            dl, trace, cards = _trace_inputs(play)
            bop.deals[i] = dl
            bop.target[i] = -1
            bop.solutions[i] = 3
            bop.mode[i] = 1
            plp.plays[i] = trace
            lengths.append(len(cards))
        solved = _dds.solvedPlays()
        _call(_dds.AnalyseAllPlaysBin, bop, plp, solved, 1)
        out.extend(
            _trace_values(play, solved.solved[i], lengths[i]) for i, play in enumerate(chunk)
        )
    return out
