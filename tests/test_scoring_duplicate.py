"""Law 77, duplicate scoring: checked against an independent scorer and the Law's own table."""

from __future__ import annotations

import pytest
from endplay.types import Contract as EpContract
from endplay.types import Denom, Penalty, Player, Vul

from contractbridge.core import Contract, Doubled, ParseError, Strain
from contractbridge.scoring import (
    duplicate_score,
    insult_bonus,
    overtrick_score,
    slam_bonus,
    trick_score,
    tricks_from_score,
    undertrick_penalty,
)

_DENOM = {
    Strain.C: Denom.clubs,
    Strain.D: Denom.diamonds,
    Strain.H: Denom.hearts,
    Strain.S: Denom.spades,
    Strain.NT: Denom.nt,
}
_PENALTY = {
    Doubled.NONE: Penalty.passed,
    Doubled.DOUBLED: Penalty.doubled,
    Doubled.REDOUBLED: Penalty.redoubled,
}


def endplay_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """endplay's scorer: points for declarer (negative when defeated), ``result`` = tricks
    over (or, negative, under) the contract; North declares, so Vul.ns = vulnerable."""
    ep = EpContract(
        level=contract.level,
        denom=_DENOM[contract.strain],
        declarer=Player.north,
        penalty=_PENALTY[contract.doubled],
        result=tricks - contract.tricks_needed,
    )
    return int(ep.score(Vul.ns if vulnerable else Vul.none))


def test_the_oracle_scores_for_declarer_with_negative_scores_when_defeated() -> None:
    # the sign convention the exhaustive test relies on
    assert endplay_score(Contract.parse("4S"), 10, False) == 420
    assert endplay_score(Contract.parse("4S"), 9, False) == -50
    assert endplay_score(Contract.parse("4S"), 10, True) == 620


ALL_CONTRACTS = [
    Contract(level, strain, doubled)
    for level in range(1, 8)
    for strain in Strain
    for doubled in Doubled
]


def test_law77_every_contract_every_result_both_vulnerabilities_match_endplay() -> None:
    """35 contracts x undoubled/doubled/redoubled x both vulnerabilities x 0..13 tricks."""
    assert len(ALL_CONTRACTS) == 105
    checked = 0
    mismatches = []
    for contract in ALL_CONTRACTS:
        for vulnerable in (False, True):
            for tricks in range(14):
                ours = duplicate_score(contract, tricks, vulnerable)
                theirs = endplay_score(contract, tricks, vulnerable)
                checked += 1
                if ours != theirs:
                    mismatches.append((str(contract), vulnerable, tricks, ours, theirs))
    assert checked == 2940
    assert mismatches == []


# standards.md §1.4, "Spot values (NV / V)"
SPOT_VALUES = [
    ("1C", 7, 70, 70),
    ("1NT", 7, 90, 90),
    ("2S", 8, 110, 110),
    ("3NT", 9, 400, 600),
    ("4H", 10, 420, 620),
    ("5D", 11, 400, 600),
    ("6S", 12, 980, 1430),
    ("7NT", 13, 1520, 2220),
    ("1CX", 7, 140, 140),
    ("1CXX", 7, 230, 230),
    ("2HX", 8, 470, 670),
    ("1NTXX", 7, 560, 760),
    ("4SX", 10, 590, 790),
    ("7NTXX", 13, 2280, 2980),
    ("4SX", 6, -800, -1100),
]


@pytest.mark.parametrize(("contract", "tricks", "not_vul", "vul"), SPOT_VALUES)
def test_law77_spot_values_from_the_reference_table(
    contract: str, tricks: int, not_vul: int, vul: int
) -> None:
    assert duplicate_score(contract, tricks, False) == not_vul
    assert duplicate_score(contract, tricks, True) == vul


# standards.md §1.3 cumulative undertrick table: down 1..7 for NV, NV X, NV XX, V, V X, V XX
UNDERTRICK_TABLE = {
    1: (50, 100, 200, 100, 200, 400),
    2: (100, 300, 600, 200, 500, 1000),
    3: (150, 500, 1000, 300, 800, 1600),
    4: (200, 800, 1600, 400, 1100, 2200),
    5: (250, 1100, 2200, 500, 1400, 2800),
    6: (300, 1400, 2800, 600, 1700, 3400),
    7: (350, 1700, 3400, 700, 2000, 4000),
}


@pytest.mark.parametrize("down", sorted(UNDERTRICK_TABLE))
def test_law77_undertrick_table_with_the_fourth_undertrick_rule(down: int) -> None:
    got = tuple(
        undertrick_penalty(down, doubled, vulnerable)
        for vulnerable in (False, True)
        for doubled in Doubled
    )
    assert got == UNDERTRICK_TABLE[down]


def test_law77_before_1987_fourth_and_later_nv_doubled_undertricks_cost_200() -> None:
    # PBN "OldMP": 100, 200, 200, then 200 each (not 300)
    assert [undertrick_penalty(d, Doubled.DOUBLED, False, old_rule=True) for d in (1, 4, 5)] == [
        100,
        700,
        900,
    ]
    assert undertrick_penalty(4, Doubled.REDOUBLED, False, old_rule=True) == 1400


def test_law77_trick_score_counts_only_odd_tricks_bid_doubled_and_redoubled() -> None:
    assert trick_score(Contract.parse("1C")) == 20
    assert trick_score(Contract.parse("1NT")) == 40
    assert trick_score(Contract.parse("3NT")) == 100
    assert trick_score(Contract.parse("2HX")) == 120  # a doubled partscore that is a game
    assert trick_score(Contract.parse("1CXX")) == 80  # still a partscore


def test_law77_premiums_overtricks_insult_and_slams() -> None:
    assert overtrick_score(Contract.parse("2C"), 2, True) == 40
    assert overtrick_score(Contract.parse("2CX"), 2, False) == 200
    assert overtrick_score(Contract.parse("2CXX"), 2, True) == 800
    assert (insult_bonus(Contract.parse("4S")), insult_bonus(Contract.parse("4SX"))) == (0, 50)
    assert insult_bonus(Contract.parse("4SXX")) == 100
    assert (slam_bonus(Contract.parse("6C"), False), slam_bonus(Contract.parse("7C"), True)) == (
        500,
        1500,
    )
    assert slam_bonus(Contract.parse("5C"), True) == 0


def test_law77_a_passed_out_deal_scores_nothing() -> None:
    assert duplicate_score("Pass", 0, True) == 0
    assert duplicate_score(None, 0, False) == 0


def test_law77_declarer_cannot_take_more_than_13_tricks() -> None:
    with pytest.raises(ParseError, match="0 to 13"):
        duplicate_score("4S", 14, False)


def test_a_score_read_from_a_file_gives_back_the_tricks() -> None:
    assert tricks_from_score("3NT", 630, True) == 10
    assert tricks_from_score("4SX", -800, False) == 6
    assert tricks_from_score("3NT", 401, False) is None
