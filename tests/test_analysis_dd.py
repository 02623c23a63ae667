"""Double dummy and par against DDS's own reference results and real PBN files.

The reference lists (``corpus/dds/list100.txt``, ``list1000.txt``) are DDS's test files. Each
deal is a block::

    PBN <dealer> <vul> <trump> <first> "<deal>"   DDS codes: seats N E S W = 0..3,
                                                   vul none/both/NS/EW = 0..3,
                                                   strains S H D C NT = 0..4
    FUT n <suits> <ranks> <equals> <scores>        every card the first leader may lead, with
                                                   the tricks of the leader's side after it
    TABLE <20 numbers>                             strains S H D C NT x seats N E S W
    PAR "NS s" "EW -s" "NS:<contracts>" "EW:..."   par by vulnerability only (DDS ``Par``)
    PAR2 "s" "<contract>" ...                      par with the dealer (DDS ``DealerPar``)
    PLAY n "<cards>"  /  TRACE n <tricks>          a played line and declarer's double-dummy
                                                   tricks before it and after each card

All of list100 is checked here, list1000's PAR in full (from its own TABLE) and a seeded
sample of its tables, leads and traces; ``benchmarks/verify_dd.py`` checks every list1000
deal.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest

from contractbridge.analysis import (
    AnalysisError,
    DDTable,
    Par,
    Position,
    dd_cards,
    dd_cards_many,
    dd_table,
    dd_tables,
    dd_trace,
    dd_traces,
    par,
)
from contractbridge.core import (
    SEATS,
    Card,
    Contract,
    Deal,
    Play,
    Seat,
    Strain,
    Vulnerability,
)
from corpus import CORPUS as CORPUS_ROOT

CORPUS = CORPUS_ROOT

DDS_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)
DDS_VUL = (Vulnerability.NONE, Vulnerability.ALL, Vulnerability.NS, Vulnerability.EW)
DDS_PAR_STRAIN = {"N": Strain.NT, "S": Strain.S, "H": Strain.H, "D": Strain.D, "C": Strain.C}


@dataclass
class Reference:
    """One deal of a DDS reference list."""

    dealer: Seat
    vulnerability: Vulnerability
    strain: Strain
    leader: Seat
    deal: Deal
    lead_scores: dict[Card, int]  # for the leader's side
    table: list[int]  # DDS order: strains S H D C NT x seats N E S W
    par_ns: int
    par_contracts: str  # "EW 2Nx,EW 3Cx"
    par2_ns: int
    par2_contracts: list[str]  # ["3C*-EW-1", "2N*-EW-1"]
    play: list[str]
    trace: list[int]


def read_dds_list(name: str) -> list[Reference]:
    """The reference results in one of DDS's lists (none without the corpus: the tests
    that use them then skip, saying why)."""
    path = CORPUS / "dds" / name
    if not path.exists():
        return []
    text = path.read_text()
    refs = []
    for block in text.split("\nPBN ")[1:]:
        head = re.match(r'(\d) (\d) (\d) (\d) "([^"]*)"', block)
        assert head is not None
        dealer, vul, trump, first = (int(x) for x in head.groups()[:4])
        fut = [int(x) for x in re.search(r"\nFUT ([\d ]+)", block).group(1).split()]  # type: ignore[union-attr]
        n = fut[0]
        suits, ranks, equals, scores = (fut[1 + i * n : 1 + (i + 1) * n] for i in range(4))
        lead_scores = {}
        for suit, rank, eq, score in zip(suits, ranks, equals, scores, strict=True):
            holding = 1 << rank | eq
            for r in range(2, 15):
                if holding >> r & 1:
                    lead_scores[Card(3 - suit, r)] = score
        table = [int(x) for x in re.search(r"\nTABLE ([\d ]+)", block).group(1).split()]  # type: ignore[union-attr]
        par1 = re.findall(r'"([^"]*)"', re.search(r"\nPAR (.*)", block).group(1))  # type: ignore[union-attr]
        par2 = re.findall(r'"([^"]*)"', re.search(r"\nPAR2 (.*)", block).group(1))  # type: ignore[union-attr]
        play = re.search(r'\nPLAY \d+ "([^"]*)"', block).group(1)  # type: ignore[union-attr]
        trace = [int(x) for x in re.search(r"\nTRACE ([\d ]+)", block).group(1).split()]  # type: ignore[union-attr]
        assert trace[0] == len(trace) - 1
        refs.append(
            Reference(
                dealer=SEATS[dealer],
                vulnerability=DDS_VUL[vul],
                strain=DDS_STRAINS[trump],
                leader=SEATS[first],
                deal=Deal.from_pbn(head.group(5)),
                lead_scores=lead_scores,
                table=table[:20],
                par_ns=int(par1[0].split()[1]),
                par_contracts=par1[2].split(":", 1)[1],
                par2_ns=int(par2[0]),
                par2_contracts=par2[1:],
                play=[play[i : i + 2] for i in range(0, len(play), 2)],
                trace=trace[1:],
            )
        )
    return refs


LIST100 = read_dds_list("list100.txt")
LIST1000 = read_dds_list("list1000.txt")


def table_in_dds_order(table: DDTable) -> list[int]:
    return [table.tricks(seat, strain) for strain in DDS_STRAINS for seat in SEATS]


def reference_table(ref: Reference) -> DDTable:
    grid = [[0] * 4 for _ in range(5)]
    for i, strain in enumerate(DDS_STRAINS):
        for seat in range(4):
            grid[strain][seat] = ref.table[i * 4 + seat]
    return DDTable(grid)


def check_par(ref: Reference, result: Par) -> None:
    """Our par against both DDS forms: ``DealerPar`` exactly, ``Par`` by its level ranges."""
    assert result.score == ref.par2_ns
    assert result.score == ref.par_ns
    ours = set()
    for pc in result.contracts:
        c = pc.contract
        who = pc.declarers[0].name if len(pc.declarers) == 1 else pc.side.name
        strain = "N" if c.strain == Strain.NT else c.strain.name
        r = pc.result
        ours.add(f"{c.level}{strain}{'*' if c.doubled else ''}-{who}{'' if r == 0 else f'{r:+d}'}")
    assert ours == set(ref.par2_contracts)
    # "EW 2Nx,NS 45S": who, the levels that score par, strain, doubled
    ranged = {}
    for item in ref.par_contracts.split(","):
        m = re.fullmatch(r"(NS|EW|N|E|S|W) (\d+)([NSHDC])(x?)", item.strip())
        assert m is not None, item
        ranged[(m.group(1), DDS_PAR_STRAIN[m.group(3)], bool(m.group(4)))] = m.group(2)
    for pc in result.contracts:
        who = pc.declarers[0].name if len(pc.declarers) == 1 else pc.side.name
        key = (who, pc.contract.strain, bool(pc.contract.doubled))
        assert str(pc.contract.level) in ranged[key]


def reference_play(ref: Reference) -> Play:
    play = Play(ref.deal, Contract(1, ref.strain, declarer=ref.leader.rho))
    for card in ref.play:
        play.play(card)
    return play


def check_lead(ref: Reference, ours: dict[Card, int]) -> None:
    # the reference counts the leader's side; we count declarer's (the other) side
    assert ours == {card: 13 - score for card, score in ref.lead_scores.items()}


def check_trace(ref: Reference, ours: tuple[int, ...]) -> None:
    assert len(ours) == len(ref.play) + 1
    # DDS stops once the last trick is forced; from there the count cannot change
    assert list(ours[: len(ref.trace)]) == ref.trace
    assert set(ours[len(ref.trace) - 1 :]) == {ref.trace[-1]}


# -- list100 in full ---------------------------------------------------------------------------
@pytest.mark.slow
def test_dd_tables_match_every_list100_table() -> None:
    tables = dd_tables(ref.deal for ref in LIST100)
    assert [table_in_dds_order(t) for t in tables] == [ref.table for ref in LIST100]


def test_par_matches_list100_par_and_dealer_par() -> None:
    for ref in LIST100:
        check_par(ref, par(reference_table(ref), ref.vulnerability, ref.dealer))


@pytest.mark.slow
def test_dd_cards_of_the_opening_lead_match_list100_fut() -> None:
    positions = [Position(ref.deal, ref.strain, ref.leader) for ref in LIST100]
    for ref, ours in zip(LIST100, dd_cards_many(positions), strict=True):
        check_lead(ref, ours)


@pytest.mark.slow
def test_dd_traces_match_list100_trace() -> None:
    plays = [reference_play(ref) for ref in LIST100]
    for ref, ours in zip(LIST100, dd_traces(plays), strict=True):
        check_trace(ref, ours)


# -- list1000 in full ----------------------------------------------------------------------------
def test_par_matches_every_list1000_par_and_dealer_par() -> None:
    for ref in LIST1000:
        check_par(ref, par(reference_table(ref), ref.vulnerability, ref.dealer))


@pytest.mark.slow
def test_dd_tables_match_a_fifth_of_the_list1000_tables() -> None:
    # all thousand tables take six minutes of a 2-core CI run: a different fifth each run
    # here (every deal over five runs), all of them in benchmarks/verify_dd.py
    start = random.randrange(5)
    refs = LIST1000[start::5]
    tables = dd_tables(ref.deal for ref in refs)
    for i, (ref, table) in enumerate(zip(refs, tables, strict=True)):
        assert table_in_dds_order(table) == ref.table, f"list1000 deal {start + 5 * i + 1}"


@pytest.mark.slow
def test_dd_cards_of_the_opening_lead_match_every_list1000_fut() -> None:
    positions = [Position(ref.deal, ref.strain, ref.leader) for ref in LIST1000]
    for ref, ours in zip(LIST1000, dd_cards_many(positions), strict=True):
        check_lead(ref, ours)


@pytest.mark.slow
def test_dd_traces_match_every_list1000_trace() -> None:
    plays = [reference_play(ref) for ref in LIST1000]
    for ref, ours in zip(LIST1000, dd_traces(plays), strict=True):
        check_trace(ref, ours)


# -- the one-at-a-time forms agree with the batches -------------------------------------------
@pytest.mark.slow
def test_single_calls_match_the_reference_too() -> None:
    for ref in LIST100[:5]:
        assert table_in_dds_order(dd_table(ref.deal)) == ref.table
        check_lead(ref, dd_cards(Position(ref.deal, ref.strain, ref.leader)))
        check_trace(ref, dd_trace(reference_play(ref)))
        check_par(ref, par(ref.deal, ref.vulnerability, ref.dealer))


def test_dd_cards_mid_trick_follow_the_trace() -> None:
    """After each card the best card next keeps the trace's count; no card beats it."""
    ref = LIST100[1]
    play = Play(ref.deal, Contract(1, ref.strain, declarer=ref.leader.rho))
    for i, card in enumerate(ref.play[:20]):
        options = dd_cards(play)
        assert set(options) == set(play.legal_cards())
        assert options[Card.parse(card)] == ref.trace[i + 1]
        # the side to play picks its best: declarer's side the most, defenders the fewest
        best = max if play.turn.side == play.declarer.side else min  # type: ignore[union-attr]
        assert best(options.values()) == ref.trace[i]
        play.play(card)


def test_position_from_play_counts_tricks_already_won() -> None:
    ref = LIST100[1]
    play = reference_play(ref)  # 52 cards: rewind to after trick 10
    partial = Play(ref.deal, play.contract)
    for card in ref.play[:41]:
        partial.play(card)
    pos = Position.from_play(partial)
    assert pos.declarer_tricks == partial.declarer_tricks
    assert pos.trick == partial.current_trick and len(pos.trick) == 1
    assert dd_cards(pos) == dd_cards(partial)
    assert dd_cards(pos)[Card.parse(ref.play[41])] == ref.trace[42]


def test_position_rejects_hands_that_do_not_fit_the_trick() -> None:
    deal = LIST100[0].deal
    two = Card.parse("C2")
    holder = deal.holder(two)
    assert holder is not None
    short = deal.replace(holder, deal[holder].remove(two))
    with pytest.raises(AnalysisError, match="do not fit the trick"):
        Position(short, Strain.NT, holder.lho, (two,))
    with pytest.raises(AnalysisError, match="still held"):
        Position(deal, Strain.NT, Seat.N, (Card.parse("SQ"),))


def test_a_finished_play_has_no_cards_to_analyse() -> None:
    play = reference_play(LIST100[1])
    assert play.is_complete
    with pytest.raises(AnalysisError, match="play is over"):
        dd_cards(play)


def test_dd_table_rejects_uneven_hands() -> None:
    deal = Deal.from_pbn("N:AKQ... - - -")
    with pytest.raises(AnalysisError, match="same number of cards"):
        dd_table(deal)


# -- real PBN files ---------------------------------------------------------------------------
def read_pbn_boards(name: str) -> list[dict[str, object]]:
    """The few tags we need, read with a regex (independent of our PBN reader)."""
    text = (CORPUS / "pbn" / name).read_text(encoding="latin-1")
    boards = []
    for game in re.split(r"\n\s*\n(?=\[)", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        if "Deal" not in tags or "DoubleDummyTricks" not in tags:
            continue
        rows = re.search(r'\[OptimumResultTable "[^"]*"\]\s*\n((?:[NESW] +\w+ +\d+\s*\n?)+)', game)
        boards.append({**tags, "_rows": rows.group(1).split("\n") if rows else []})
    return boards


PBN_FILES = ("realbridge_299_dd.pbn", "camrose2024_par_dd.pbn")


@pytest.mark.parametrize("name", PBN_FILES)
def test_double_dummy_tricks_tag_agrees_with_optimum_result_table(name: str) -> None:
    boards = read_pbn_boards(name)
    assert len(boards) >= 150
    for board in boards:
        table = DDTable.from_pbn(str(board["DoubleDummyTricks"]))
        rows = [r for r in board["_rows"] if r.strip()]  # type: ignore[attr-defined]
        assert DDTable.from_optimum_result_table(rows) == table
        assert table.to_pbn() == str(board["DoubleDummyTricks"]).lower()
        assert [r.split() for r in table.optimum_result_table()] == sorted(
            (r.split() for r in rows),
            key=lambda p: ("NSEW".index(p[0]), ["NT", "S", "H", "D", "C"].index(p[1])),
        )


@pytest.fixture(scope="module")
def computed() -> dict[str, dict[str, DDTable]]:
    """Our tables: every distinct realbridge deal (10); the 32 Camrose boards that carry an
    OptimumScore and 10 sampled from the other 128."""
    real = sorted({str(b["Deal"]) for b in read_pbn_boards("realbridge_299_dd.pbn")})
    camrose = read_pbn_boards("camrose2024_par_dd.pbn")
    scored = [str(b["Deal"]) for b in camrose if "OptimumScore" in b]
    others = sorted(str(b["Deal"]) for b in camrose if "OptimumScore" not in b)
    cam = scored + random.Random(7).sample(others, 10)
    tables = dd_tables(Deal.from_pbn(d) for d in real + cam)
    return {
        "realbridge_299_dd.pbn": dict(zip(real, tables[: len(real)], strict=True)),
        "camrose2024_par_dd.pbn": dict(zip(cam, tables[len(real) :], strict=True)),
    }


@pytest.mark.slow
def test_dd_tables_match_realbridge_double_dummy_tricks(computed: dict) -> None:
    tables = computed["realbridge_299_dd.pbn"]
    boards = read_pbn_boards("realbridge_299_dd.pbn")
    assert len(tables) == 10 and len(boards) == 299
    for board in boards:
        assert tables[str(board["Deal"])].to_pbn() == str(board["DoubleDummyTricks"]).lower()


@pytest.mark.slow
def test_dd_tables_match_camrose_double_dummy_tricks(computed: dict) -> None:
    """The 32 Camrose boards with an OptimumScore carry full tables; on the other 128 the
    producer wrote 1 for every count below 7 (where no contract makes)."""
    tables = computed["camrose2024_par_dd.pbn"]
    exact = truncated = 0
    for board in read_pbn_boards("camrose2024_par_dd.pbn"):
        ours = tables.get(str(board["Deal"]))
        if ours is None:
            continue
        theirs = DDTable.from_pbn(str(board["DoubleDummyTricks"]))
        if "OptimumScore" in board:
            exact += 1
            assert theirs == ours
            continue
        truncated += 1
        for seat in SEATS:
            for strain in Strain:
                mine = ours.tricks(seat, strain)
                assert theirs.tricks(seat, strain) == (mine if mine >= 7 else 1)
    assert (exact, truncated) == (32, 10)


def test_par_matches_realbridge_optimum_score_tags() -> None:
    boards = read_pbn_boards("realbridge_299_dd.pbn")
    for board in boards:
        side, score = str(board["OptimumScore"]).split()
        result = par(
            DDTable.from_pbn(str(board["DoubleDummyTricks"])),
            Vulnerability.parse(str(board["Vulnerable"])),
            Seat.parse(str(board["Dealer"])),
        )
        assert result.score == (int(score) if side == "NS" else -int(score))


@pytest.mark.slow
def test_par_matches_camrose_optimum_score_and_par_contract_tags(computed: dict) -> None:
    tables = computed["camrose2024_par_dd.pbn"]
    boards = [b for b in read_pbn_boards("camrose2024_par_dd.pbn") if "OptimumScore" in b]
    assert len(boards) == 32
    for board in boards:
        result = par(
            tables[str(board["Deal"])],
            Vulnerability.parse(str(board["Vulnerable"])),
            Seat.parse(str(board["Dealer"])),
        )
        assert result.optimum_score() == str(board["OptimumScore"])
        expected = {c.strip() for c in str(board["ParContract"]).split(";")}
        assert set(result.par_contract().split("; ")) == expected


@pytest.mark.slow
def test_contract_tricks_in_one_batch_agree_with_the_tables() -> None:
    from contractbridge.analysis.dd import dd_contract_tricks, dd_declarer_tricks

    rng = random.Random(19)
    deals = [Deal.random(rng) for _ in range(5)]
    tables = dd_tables(deals)
    pairs = [(Strain.S, Seat.N), (Strain.NT, Seat.E), (Strain.C, Seat.W), (Strain.S, Seat.N)]
    got = dd_contract_tricks(deals, pairs)
    assert set(got) == set(pairs)
    for (strain, declarer), tricks in got.items():
        assert tricks == [t.tricks(declarer, strain) for t in tables]
        assert tricks == dd_declarer_tricks(deals, strain, declarer)
