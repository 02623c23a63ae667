"""Duplicate scoring, Law 77: the score of one deal for declarer's side.

The parts are named as the Law names them, so rubber and Chicago scoring reuse them:
trick score (below the line), overtricks, undertricks, the insult, game/partscore and slam
premiums.
"""

from __future__ import annotations

from contractbridge.core.card import Strain
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.errors import ParseError

GAME = 100  # trick points that make a game


def trick_score(contract: Contract) -> int:
    """Points for the odd tricks bid (counts toward game); only when the contract is made.

    >>> trick_score(Contract.parse("3NT")), trick_score(Contract.parse("2HX"))
    (100, 120)
    """
    per = 20 if contract.strain in (Strain.C, Strain.D) else 30
    points = per * contract.level + (10 if contract.strain == Strain.NT else 0)
    return points << contract.doubled


def overtrick_score(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    """Each overtrick: trick value undoubled; 100/200 doubled, twice that redoubled."""
    if contract.doubled == Doubled.NONE:
        per = 20 if contract.strain in (Strain.C, Strain.D) else 30
    else:
        per = (200 if vulnerable else 100) << (contract.doubled - 1)
    return per * overtricks


def undertrick_penalty(
    undertricks: int, doubled: Doubled, vulnerable: bool, *, old_rule: bool = False
) -> int:
    """What the defenders score for ``undertricks`` (Law 77's table).

    Not vulnerable doubled: 100, 200, 200, then 300 each from the fourth on (the fourth
    undertrick rule, since 1987; ``old_rule=True`` gives the older 200 each).

    >>> [undertrick_penalty(d, Doubled.DOUBLED, False) for d in range(1, 6)]
    [100, 300, 500, 800, 1100]
    """
    if undertricks <= 0:
        return 0
    if doubled == Doubled.NONE:
        return (100 if vulnerable else 50) * undertricks
    if vulnerable:
        penalty = 200 + 300 * (undertricks - 1)
    else:
        penalty = 100 + 200 * min(undertricks - 1, 2)
        penalty += (200 if old_rule else 300) * max(undertricks - 3, 0)
    return penalty << (doubled - 1)


def insult_bonus(contract: Contract) -> int:
    """For making a doubled (50) or redoubled (100) contract."""
    return (0, 50, 100)[contract.doubled]


def slam_bonus(contract: Contract, vulnerable: bool) -> int:
    if contract.level == 6:
        return 750 if vulnerable else 500
    if contract.level == 7:
        return 1500 if vulnerable else 1000
    return 0


def game_or_partscore_bonus(contract: Contract, vulnerable: bool) -> int:
    """300/500 for a game, 50 for a partscore (duplicate only)."""
    if trick_score(contract) >= GAME:
        return 500 if vulnerable else 300
    return 50


def as_contract(contract: Contract | str | None) -> Contract | None:
    """A contract from a string (``"4SX"``), or None for a pass-out (``"Pass"``, ``None``)."""
    if contract is None or isinstance(contract, Contract):
        return contract
    if contract.strip().upper() in ("PASS", "P", "AP", "PASSED OUT"):
        return None
    return Contract.parse(contract)


def duplicate_score(
    contract: Contract | str | None,
    declarer_tricks: int,
    vulnerable: bool,
    *,
    old_rule: bool = False,
) -> int:
    """The duplicate score for declarer's side (negative when the contract fails).

    >>> duplicate_score("4S", 10, False), duplicate_score("3NTX", 8, True)
    (420, -200)
    >>> duplicate_score("Pass", 0, False)
    0
    """
    parsed = as_contract(contract)
    if parsed is None:
        return 0
    if not 0 <= declarer_tricks <= 13:
        raise ParseError(f"declarer takes 0 to 13 tricks, not {declarer_tricks}")
    needed = parsed.level + 6
    if declarer_tricks < needed:
        return -undertrick_penalty(
            needed - declarer_tricks, parsed.doubled, vulnerable, old_rule=old_rule
        )
    return (
        trick_score(parsed)
        + overtrick_score(parsed, declarer_tricks - needed, vulnerable)
        + insult_bonus(parsed)
        + game_or_partscore_bonus(parsed, vulnerable)
        + slam_bonus(parsed, vulnerable)
    )


def tricks_from_score(contract: Contract | str, score: int, vulnerable: bool) -> int | None:
    """The number of tricks that gives ``score`` (for files that carry only a score)."""
    for tricks in range(14):
        if duplicate_score(contract, tricks, vulnerable) == score:
            return tricks
    return None
