"""Board-a-match: team against team, each board won, drawn or lost, whatever the margin.

As at IMPs, the home team sits North-South in the Open Room and East-West in the Closed
Room, so its net score on a board is ``NS open - NS closed``. A board won by any margin
scores 1 board point, a board where the two rooms' scores are equal ½ each, a board lost 0
(PBN's ``BAM`` scoring: 1 / ½ / 0 for a higher / equal / lower net score, standards.md
§4.2). A match's result is its board points: with a match of 8 boards they add up to 8.

An artificial adjusted score on a board (Law 12C2) gives each team 60 % of the board for
average plus, 50 % for average and 40 % for average minus, as at matchpoints.

>>> board_points(620, 170), board_points(-100, -100), board_points(-50, 100)
((1.0, 0.0), (0.5, 0.5), (0.0, 1.0))
>>> match_board_points([(420, 420), (140, 110), (-200, -100)])
(1.5, 1.5)
"""

from __future__ import annotations

from collections.abc import Iterable

from contractbridge.scoring.imps import ScoringError

WON, DRAWN, LOST = 1.0, 0.5, 0.0
#: a side's share of a board for an artificial adjusted score: average plus, average, minus
ADJUSTED = {"A+": 0.6, "A": 0.5, "A-": 0.4}


def board_points(open_ns: int, closed_ns: int) -> tuple[float, float]:
    """The home team's and the visitors' points on one board, from the North-South score
    in each room (the home team is North-South in the Open Room)."""
    net = open_ns - closed_ns
    if net > 0:
        return WON, LOST
    if net < 0:
        return LOST, WON
    return DRAWN, DRAWN


def adjusted_points(home: str, visitors: str) -> tuple[float, float]:
    """Each team's points on a board given an artificial adjusted score ("A+", "A", "A-")."""
    try:
        return ADJUSTED[home.strip().upper()], ADJUSTED[visitors.strip().upper()]
    except KeyError as error:
        raise ScoringError(
            f"{error.args[0]!r} is not an artificial adjusted score (A+, A or A-)"
        ) from None


def match_board_points(boards: Iterable[tuple[int, int]]) -> tuple[float, float]:
    """Both teams' board points over a match's boards, each (NS open, NS closed)."""
    home = visitors = 0.0
    for open_ns, closed_ns in boards:
        won, lost = board_points(open_ns, closed_ns)
        home += won
        visitors += lost
    return home, visitors
