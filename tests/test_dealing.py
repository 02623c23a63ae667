"""Constrained dealing, the constraint language and Pavlicek deal numbers."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from contractbridge.analysis.dealing import (
    NUMBER_OF_DEALS,
    DealBatch,
    compile_constraint,
    deal_from_number,
    deal_number,
    generate_deals,
    random_batch,
)
from contractbridge.analysis.errors import ConstraintError
from contractbridge.analysis.evaluation import (
    controls,
    hcp,
    is_balanced,
    is_semi_balanced,
    losers,
    matches_pattern,
    quick_tricks,
)
from contractbridge.core import SEATS, Card, Deal, Hand, Seat, Suit


# -- deal numbers: the published test vectors (standards.md section 8) ------------------------
def test_the_number_of_deals_is_52_factorial_over_13_factorial_to_the_fourth() -> None:
    assert NUMBER_OF_DEALS == 53_644_737_765_488_792_839_237_440_000
    assert NUMBER_OF_DEALS.bit_length() == 96


@pytest.mark.parametrize(
    ("number", "pbn"),
    [
        (1, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"),
        # N all spades, E all hearts, S the diamonds but the two and the club six, W the rest
        (10, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543.6 ..2.AKQJT9875432"),
        (
            10**27,
            "N:AK72.Q543.T863.8 QJ84.KT762.AK4.7 T953.9.972.QJ643 6.AJ8.QJ5.AKT952",
        ),
    ],
)
def test_pavlicek_deal_numbers_match_the_published_examples(number: int, pbn: str) -> None:
    expected = Deal.from_pbn(pbn)
    assert deal_from_number(number) == expected
    assert deal_number(expected) == number


def test_the_last_deal_number_gives_north_the_clubs_and_west_the_spades() -> None:
    last = deal_from_number(NUMBER_OF_DEALS)
    assert last[Seat.N] == Hand.from_pbn("...AKQJT98765432")
    assert last[Seat.W] == Hand.from_pbn("AKQJT98765432...")
    assert deal_number(last) == NUMBER_OF_DEALS


def test_deal_numbers_round_trip_on_random_deals() -> None:
    rng = random.Random(3)
    for _ in range(200):
        deal = Deal.random(rng)
        assert deal_from_number(deal_number(deal)) == deal
    for _ in range(200):
        n = rng.randrange(1, NUMBER_OF_DEALS + 1)
        assert deal_number(deal_from_number(n)) == n


def test_deal_numbers_out_of_range_are_refused() -> None:
    for bad in (0, -5, NUMBER_OF_DEALS + 1):
        with pytest.raises(ConstraintError, match="deal numbers run from 1"):
            deal_from_number(bad)
    with pytest.raises(ConstraintError, match="full deal"):
        deal_number(Deal.from_pbn("N:AKQ... - - -"))


# -- random deals ---------------------------------------------------------------------------
def test_random_batches_deal_every_card_once_and_thirteen_to_each_seat() -> None:
    batch = random_batch(5000, np.random.default_rng(1))
    m = batch.masks
    assert ((m[:, 0] | m[:, 1] | m[:, 2] | m[:, 3]) == (1 << 52) - 1).all()
    assert ((m[:, 0] & m[:, 1]) | (m[:, 2] & m[:, 3]) | (m[:, 0] & m[:, 2]) == 0).all()
    for deal in batch.deals()[:100]:
        assert deal.is_complete


def test_random_deals_are_uniform_enough_on_known_averages() -> None:
    """Mean HCP 10 a hand, balanced about 47.6 %, each card a quarter of the time with N."""
    batch = random_batch(200_000, np.random.default_rng(11))
    assert abs(float(batch.hcp(Seat.N).mean()) - 10.0) < 0.05
    assert abs(float(batch.balanced(Seat.E).mean()) - 0.4762) < 0.005
    per_card = [(batch.masks[:, 0] >> c & 1).mean() for c in range(52)]
    assert max(abs(p - 0.25) for p in per_card) < 0.006


def test_the_cli_example_constraint_gives_15_to_17_balanced_norths() -> None:
    deals = generate_deals(50, "hcp(N) >= 15 and hcp(N) <= 17 and balanced(N)", seed=7)
    assert len(deals) == 50 and len(set(deals)) == 50
    for deal in deals:
        assert 15 <= hcp(deal[Seat.N]) <= 17 and is_balanced(deal[Seat.N])


def test_the_same_seed_gives_the_same_deals() -> None:
    a = generate_deals(5, "hcp(S) >= 12", seed=42)
    b = generate_deals(5, "hcp(S) >= 12", seed=42)
    c = generate_deals(5, "hcp(S) >= 12", seed=43)
    assert a == b and a != c


@pytest.mark.parametrize(
    ("expr", "check"),
    [
        ('shape(W, "4441") and hcp(W) >= 11', lambda d: matches_pattern(d[3], "4441")),
        ('shape(N, "5=4=x=x")', lambda d: d[0].shape()[:2] == (5, 4)),
        ("spades(NS) >= 9", lambda d: d[0].length(Suit.S) + d[2].length(Suit.S) >= 9),
        ("losers(E) <= 5 and controls(E) >= 5", lambda d: losers(d[1]) <= 5 <= controls(d[1])),
        ("semibalanced(S) and not balanced(S)", lambda d: is_semi_balanced(d[2])),
        (
            "hcp(NS) >= 30 or hcp(EW) >= 30",
            lambda d: max(hcp(d[0]) + hcp(d[2]), hcp(d[1]) + hcp(d[3])) >= 30,
        ),
        (
            'has(N, "SA") and has(N, "HA")',
            lambda d: Card.parse("SA") in d[0] and Card.parse("HA") in d[0],
        ),
        (
            "10 <= hcp(N) < 13 and 2 * hearts(N) - 1 >= 9",
            lambda d: 10 <= hcp(d[0]) < 13 and d[0].length(Suit.H) >= 5,
        ),
        ("quick_tricks(N) >= 3.5", lambda d: quick_tricks(d[0]) >= 3.5),
    ],
)
def test_expression_constraints_hold_in_every_deal(expr: str, check: object) -> None:
    deals = generate_deals(25, expr, seed=1)
    assert len(deals) == 25
    for deal in deals:
        assert check(deal)  # type: ignore[operator]


def test_not_balanced_really_excludes_balanced_hands() -> None:
    for deal in generate_deals(30, "semibalanced(S) and not balanced(S)", seed=2):
        assert not is_balanced(deal[Seat.S])


def test_a_vectorised_predicate_and_a_per_deal_callable() -> None:
    deals = generate_deals(
        20,
        lambda b: (b.hcp(Seat.N) >= 20) & (b.spades(Seat.S) >= 5),
        accept=lambda d: controls(d[Seat.N]) >= 6,
        seed=9,
    )
    for deal in deals:
        assert hcp(deal[Seat.N]) >= 20 and deal[Seat.S].length(Suit.S) >= 5
        assert controls(deal[Seat.N]) >= 6


def test_predealt_cards_stay_put() -> None:
    fixed = Hand.from_pbn("AKQJT.AK..AK32")  # ten cards for North
    deals = generate_deals(20, "hcp(S) >= 10", predeal={Seat.N: fixed, Seat.W: "2.2.2.-"}, seed=4)
    for deal in deals:
        assert deal.is_complete
        assert fixed.mask & ~deal[Seat.N].mask == 0
        assert {"S2", "H2", "D2"} <= {str(c) for c in deal[Seat.W]}
        assert hcp(deal[Seat.S]) >= 10


def test_a_card_predealt_to_two_seats_is_refused() -> None:
    with pytest.raises(ConstraintError, match="two seats"):
        generate_deals(1, predeal={Seat.N: "A...", Seat.S: "A..."})


def test_an_impossible_constraint_gives_up_with_a_message() -> None:
    with pytest.raises(ConstraintError, match="impossible or too rare"):
        generate_deals(1, "hcp(N) > 37", seed=1, max_attempts=20_000)


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("__import__('os').system('true')", "unknown function"),
        ("hcp(N).__class__", "Attribute is not allowed"),
        ("open('x')", "unknown function"),
        ("lambda: 1", "Lambda is not allowed"),
        ("hcp(X) > 3", "needs a seat"),
        ("hcp(N, S) > 3", "takes"),
        ("N > 3", "inside a function"),
        ("foo > 3", "unknown name"),
        ('shape(N, "4-4-4-4")', "does not add up"),
        ('has(N, "ZZ")', "not a card"),
        ("balanced(NS)", "one seat"),
        ("hcp(N) >= ", "cannot read"),
        ("hcp(N) ** 2 > 1", "only \\+, - and \\*"),
        ("hcp(N) > 'a'", "not a number"),
        ("[hcp(N)]", "List is not allowed"),
    ],
)
def test_the_constraint_language_refuses_anything_but_its_own_words(
    expr: str, message: str
) -> None:
    with pytest.raises(ConstraintError, match=message):
        compile_constraint(expr)


def test_compiled_constraints_run_on_a_batch() -> None:
    pred = compile_constraint("hcp(N) >= 12 and spades(N) >= 5")
    batch = random_batch(2000, np.random.default_rng(0))
    got = np.asarray(pred(batch))
    expected = [hcp(d[Seat.N]) >= 12 and d[Seat.N].length(Suit.S) >= 5 for d in batch.deals()]
    assert got.tolist() == expected
    assert isinstance(batch, DealBatch) and len(batch) == 2000
    assert all(len(d[s]) == 13 for d in batch.deals()[:10] for s in SEATS)


# -- the command ------------------------------------------------------------------------------
def test_deal_command_prints_pbn_deals_meeting_the_constraint(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from contractbridge.cli import main

    code = main(
        [
            "deal",
            "-n",
            "20",
            "--seed",
            "7",
            "--where",
            "hcp(N) >= 15 and hcp(N) <= 17 and balanced(N)",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    deals = re.findall(r'^\[Deal "([^"]+)"\]', out, re.M)
    ids = re.findall(r'^\[DealId "(\d+)"\]', out, re.M)
    assert len(deals) == 20 and len(ids) == 20
    for text, number in zip(deals, ids, strict=True):
        deal = Deal.from_pbn(text)
        assert 15 <= hcp(deal[Seat.N]) <= 17 and is_balanced(deal[Seat.N])
        assert deal_number(deal) == int(number)
    assert out.startswith("% PBN 2.1")


def test_deal_command_diagram_and_number_forms(capsys: pytest.CaptureFixture[str]) -> None:
    from contractbridge.cli import main

    assert main(["deal", "--number", str(10**27), "--format", "line"]) == 0
    line = capsys.readouterr().out.strip()
    assert line == "N:AK72.Q543.T863.8 QJ84.KT762.AK4.7 T953.9.972.QJ643 6.AJ8.QJ5.AKT952"
    assert main(["deal", "--predeal", "N=AKQ2.AK2.AK2.AK2", "--format", "diagram"]) == 0
    out = capsys.readouterr().out
    assert "♠ AKQ2" in out and "30 HCP" in out and "Board 1" in out


def test_deal_command_explains_a_bad_constraint(capsys: pytest.CaptureFixture[str]) -> None:
    from contractbridge.cli import main

    assert main(["deal", "--where", "__import__('os')"]) == 2
    assert "unknown function" in capsys.readouterr().err
    assert main(["deal", "--predeal", "N=AKQ"]) == 2
    assert "not a hand" in capsys.readouterr().err
    assert main(["deal", "--predeal", "AKQ..."]) == 2
    assert "SEAT=HAND" in capsys.readouterr().err
