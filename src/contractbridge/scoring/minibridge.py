"""Minibridge scoring, as the English Bridge Union teaches it ("How to score in Minibridge").

A made contract scores every trick over six at its trick value (20 in a minor, 30 in a
major, 40 for the first and 30 for each further trick at notrump) plus a bonus: 300 for a
game (a contract whose tricks score 100: 3NT, 4 of a major, 5 of a minor), 50 for a
partscore. A failed contract scores nothing for declarer; the defenders get 50 for each
trick short. There are no slam bonuses and no doubles. Minibridge is played non-vulnerable;
``vulnerable=True`` gives bridge's vulnerable values (500 for a game, 100 an undertrick) for
teachers who add vulnerability. The parts are Law 77's (``duplicate.py``).

>>> minibridge_score(Contract.parse("4S"), 10), minibridge_score(Contract.parse("1H"), 10)
(420, 170)
>>> minibridge_score(Contract.parse("4H"), 8), minibridge_score(Contract.parse("5C"), 12)
(-100, 420)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.errors import ParseError
from contractbridge.core.seat import Seat, Side
from contractbridge.scoring.duplicate import (
    game_or_partscore_bonus,
    overtrick_score,
    trick_score,
    undertrick_penalty,
)


def minibridge_score(contract: Contract, declarer_tricks: int, vulnerable: bool = False) -> int:
    """The score of one deal for declarer's side (negative when the contract fails)."""
    if contract.doubled != Doubled.NONE:
        raise ParseError("Minibridge has no doubles")
    if not 0 <= declarer_tricks <= 13:
        raise ParseError(f"declarer takes 0 to 13 tricks, not {declarer_tricks}")
    needed = contract.level + 6
    if declarer_tricks < needed:
        return -undertrick_penalty(needed - declarer_tricks, Doubled.NONE, vulnerable)
    return (
        trick_score(contract)
        + overtrick_score(contract, declarer_tricks - needed, vulnerable)
        + game_or_partscore_bonus(contract, vulnerable)
    )


@dataclass(frozen=True, slots=True)
class MinibridgeResult:
    """One deal of a series: its board number, the contract (None: redealt) and the points
    each side scored."""

    board: int
    contract: Contract | None
    declarer_tricks: int
    ns: int
    ew: int


@dataclass(slots=True)
class MinibridgeScore:
    """The running score of a series of Minibridge deals.

    >>> score = MinibridgeScore()
    >>> score.record(1, Contract.parse("3NT S"), 9).ns  # 40 + 30 + 30, game 300
    400
    >>> score.record(2, Contract.parse("1S E"), 6).ns  # one trick short: 50 to the defenders
    50
    >>> score.totals()
    {<Side.NS: 0>: 450, <Side.EW: 1>: 0}
    """

    results: list[MinibridgeResult] = field(default_factory=list)

    def record(
        self, board: int, contract: Contract, declarer_tricks: int, vulnerable: bool = False
    ) -> MinibridgeResult:
        if contract.declarer is None:
            raise ParseError("a Minibridge result needs the declarer")
        points = minibridge_score(contract, declarer_tricks, vulnerable)
        ours, theirs = max(points, 0), max(-points, 0)
        ns_declares = contract.declarer.side == Side.NS
        result = MinibridgeResult(
            board,
            contract,
            declarer_tricks,
            ours if ns_declares else theirs,
            theirs if ns_declares else ours,
        )
        self.results.append(result)
        return result

    def totals(self) -> dict[Side, int]:
        return {
            Side.NS: sum(r.ns for r in self.results),
            Side.EW: sum(r.ew for r in self.results),
        }

    def render(self) -> str:
        """The score sheet as a teacher draws it: one line per deal, then the totals."""
        lines = [f"{'deal':>4}  {'contract':<10} {'tricks':>6}  {'NS':>5}  {'EW':>5}"]
        for r in self.results:
            assert r.contract is not None
            by = Seat(r.contract.declarer).name if r.contract.declarer is not None else "?"
            text = f"{r.contract.level}{r.contract.strain.name} {by}"
            ns = str(r.ns) if r.ns else ""
            ew = str(r.ew) if r.ew else ""
            lines.append(f"{r.board:>4}  {text:<10} {r.declarer_tricks:>6}  {ns:>5}  {ew:>5}")
        totals = self.totals()
        lines.append(f"{'total':>4}  {'':<10} {'':>6}  {totals[Side.NS]:>5}  {totals[Side.EW]:>5}")
        return "\n".join(lines)
