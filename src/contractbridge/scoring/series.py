"""A duplicate series: boards 1..n, dealer and vulnerability by Law 2, each scored alone.

>>> series = DuplicateSeries(4)
>>> series.dealer, series.vulnerability
(<Seat.N: 0>, <Vulnerability.NONE: 0>)
>>> series.record(Contract.parse("4S N"), 10).points
(420, 0)
>>> series.record(Contract.parse("3NT W"), 8).points  # board 2: NS vulnerable, EW not
(50, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from contractbridge.core.contract import Contract
from contractbridge.core.deal import Board, Deal
from contractbridge.core.errors import InvalidDealError
from contractbridge.core.seat import Seat, Side, Vulnerability
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.errors import SeriesCompleteError
from contractbridge.scoring.rubber import SIDES, checked_result


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board's result: ``score`` is North-South's (negative when East-West scored),
    ``points`` what each side scored, indexed by side."""

    board: Board
    contract: Contract | None
    declarer_tricks: int | None
    score: int

    @property
    def number(self) -> int:
        return self.board.number

    @property
    def dealer(self) -> Seat:
        return self.board.dealer

    @property
    def vulnerability(self) -> Vulnerability:
        return self.board.vulnerability

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract is not None else None

    @property
    def points(self) -> tuple[int, int]:
        return (max(self.score, 0), max(-self.score, 0))


class DuplicateSeries:
    """Boards ``first`` .. ``first + boards - 1`` played in order, each scored by Law 77."""

    def __init__(self, boards: int, *, first: int = 1) -> None:
        if not isinstance(boards, int) or boards < 1:
            raise InvalidDealError(f"a series has at least one board, not {boards!r}")
        Board(first)  # checks the number
        self._first = first
        self._boards = boards
        self._results: list[BoardResult] = []

    @property
    def board(self) -> Board:
        """The next board to play (after the last, the one that would follow)."""
        return Board(self._first + len(self._results))

    @property
    def dealer(self) -> Seat:
        return self.board.dealer

    @property
    def vulnerability(self) -> Vulnerability:
        return self.board.vulnerability

    @property
    def is_complete(self) -> bool:
        return len(self._results) >= self._boards

    def record(
        self, contract: Contract | str | None, declarer_tricks: int, deal: Deal | None = None
    ) -> BoardResult:
        """Score the next board (None / "Pass" for a passed-out board: 0 to each side)."""
        if self.is_complete:
            plural = "s" if self._boards != 1 else ""
            raise SeriesCompleteError(f"this series of {self._boards} board{plural} is over")
        board = self.board
        parsed, tricks = checked_result(contract, declarer_tricks)
        score = 0
        if parsed is not None and parsed.declarer is not None:
            side = parsed.declarer.side
            score = duplicate_score(parsed, tricks, board.vulnerability.is_vulnerable(side))
            if side == Side.EW:
                score = -score
        result = BoardResult(board, parsed, tricks if parsed is not None else None, score)
        self._results.append(result)
        return result

    @property
    def results(self) -> list[BoardResult]:
        return list(self._results)

    def totals(self) -> dict[Side, int]:
        """Points each side scored over the boards played."""
        return {side: sum(r.points[side] for r in self._results) for side in SIDES}

    def render(self) -> str:
        """A table of the boards with each side's running total."""
        lines = [
            f"{'Board':>5} {'Dealer':<6} {'Vul':<4} {'Contract':<10} {'Tricks':>6} "
            f"{'NS':>6} {'EW':>6} {'NS total':>9} {'EW total':>9}"
        ]
        running = [0, 0]
        for r in self._results:
            running[0] += r.points[0]
            running[1] += r.points[1]
            contract = str(r.contract) if r.contract is not None else "Passed out"
            tricks = "" if r.declarer_tricks is None else str(r.declarer_tricks)
            lines.append(
                f"{r.number:>5} {r.dealer.name:<6} {r.vulnerability!s:<4} {contract:<10} "
                f"{tricks:>6} {r.points[0] or '':>6} {r.points[1] or '':>6} "
                f"{running[0]:>9} {running[1]:>9}"
            )
        return "\n".join(line.rstrip() for line in lines)
