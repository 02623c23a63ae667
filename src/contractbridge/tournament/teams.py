"""Teams: a match between two teams (open and closed rooms), round robins and Swiss, with
IMPs converted to victory points (the WBF 2013 continuous scale unless the event chooses the
WBF integer scale or a club's own), or scored board-a-match (1 point a board won, ½ drawn).

The home team sits North-South in the Open Room and East-West in the Closed Room, so on
each board it gains ``imps(NS open - NS closed)``.

>>> m = Match("Lions", "Tigers")
>>> m.add_board(1, open_ns=620, closed_ns=170)
>>> m.add_board(2, open_ns=-100, closed_ns=-600)
>>> m.imps, m.victory_points(boards=16)
((21, 0), (15.19, 4.81))
>>> m.bam, m.victory_points(boards=16, scale=scale_named("wbf-integer"))
((2.0, 0.0), (15.0, 5.0))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from contractbridge.core.deal import Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Side
from contractbridge.formats.record import GameRecord
from contractbridge.scoring.bam import ADJUSTED, board_points
from contractbridge.scoring.duplicate import duplicate_score
from contractbridge.scoring.imps import imps
from contractbridge.scoring.vp import (
    WBF,
    VpScale,
    parse_scale,
    scale_from_json,
    scale_named,
)
from contractbridge.tournament.results import TableResult, deals_of_boards
from contractbridge.tournament.results import enter as enter_result


class TeamsError(BridgeError):
    """A match or schedule that cannot be made (a team meeting itself, a board twice ...)."""


@dataclass(slots=True)
class Match:
    """A team match: per board, the NS score in each room (None until played there)."""

    home: str
    visitors: str
    boards: dict[int, tuple[int | None, int | None]] = field(default_factory=dict)
    # the checked result behind a score, when it was entered as one: (board, open room?)
    results: dict[tuple[int, bool], TableResult] = field(default_factory=dict)
    # artificial adjusted scores (Law 86A): per board, the IMPs of each team (+3, 0, -3)
    adjusted: dict[int, tuple[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.home == self.visitors:
            raise TeamsError(f"team {self.home} cannot play against itself")

    def add_board(
        self, board: int, *, open_ns: int | None = None, closed_ns: int | None = None
    ) -> None:
        """Record a board's result in one room or both (a second entry corrects it)."""
        old_open, old_closed = self.boards.get(board, (None, None))
        self.boards[board] = (
            open_ns if open_ns is not None else old_open,
            closed_ns if closed_ns is not None else old_closed,
        )

    def clear(self, board: int, *, is_open: bool) -> None:
        """Forget a board's result in one room (the director removes a wrong entry)."""
        open_ns, closed_ns = self.boards.get(board, (None, None))
        if (open_ns if is_open else closed_ns) is None:
            raise TeamsError(f"board {board} has no result in the {_ROOMS[is_open]} room")
        self.boards[board] = (None, closed_ns) if is_open else (open_ns, None)
        self.results.pop((board, is_open), None)
        if self.boards[board] == (None, None):
            del self.boards[board]

    def board_imps(self, board: int) -> int | None:
        """The home team's IMPs on a board (None until both rooms have played it, or the
        director has adjusted it)."""
        if board in self.adjusted:
            return self.adjusted[board][0]
        open_ns, closed_ns = self.boards.get(board, (None, None))
        if open_ns is None or closed_ns is None:
            return None
        return imps(open_ns - closed_ns)

    def board_result(self, board: int) -> tuple[int, int] | None:
        """Each team's IMPs on a board: opposite numbers, unless an adjusted score gives
        both sides the same (average minus to both: -3 each)."""
        if board in self.adjusted:
            return self.adjusted[board]
        swing = self.board_imps(board)
        return None if swing is None else (swing, -swing)

    @property
    def played(self) -> list[int]:
        return [b for b in sorted(self.boards.keys() | self.adjusted.keys())
                if self.board_result(b) is not None]  # fmt: skip

    @property
    def totals(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """(IMPs won, IMPs lost) of the home team and of the visitors."""
        home = [0, 0]
        visitors = [0, 0]
        for board in self.played:
            result = self.board_result(board)
            assert result is not None
            for side, got in ((home, result[0]), (visitors, result[1])):
                side[0] += max(got, 0)
                side[1] += max(-got, 0)
        return (home[0], home[1]), (visitors[0], visitors[1])

    @property
    def imps(self) -> tuple[int, int]:
        """IMPs won by each team over the boards played in both rooms (or adjusted)."""
        (home, _), (visitors, _) = self.totals
        return home, visitors

    @property
    def margin(self) -> int:
        (won, lost), _ = self.totals
        return won - lost

    def victory_points(
        self, boards: int | None = None, scale: VpScale = WBF
    ) -> tuple[float, float]:
        """Both teams' VPs on ``scale``, for a match of ``boards`` (default: the boards the
        match records, a board played in one room only included: it was scheduled). Each
        team's VPs come from its own margin, which differ only when an adjusted score gives
        both sides average minus (or plus)."""
        count = boards if boards is not None else len(self.boards.keys() | self.adjusted)
        (home_won, home_lost), (visitors_won, visitors_lost) = self.totals
        home_vp, other_vp = scale.match(home_won, home_lost, count)
        if visitors_won - visitors_lost != home_lost - home_won:
            other_vp, _ = scale.match(visitors_won, visitors_lost, count)
        return home_vp, other_vp

    def board_points(self, board: int) -> tuple[float, float] | None:
        """Board-a-match: each team's points on a board (1 won, ½ drawn, 0 lost; an
        adjusted score 60/50/40 % as average plus/average/minus), None until played."""
        if board in self.adjusted:
            home, visitors = self.adjusted[board]
            return ADJUSTED[_AVERAGE_NAMES[home]], ADJUSTED[_AVERAGE_NAMES[visitors]]
        open_ns, closed_ns = self.boards.get(board, (None, None))
        if open_ns is None or closed_ns is None:
            return None
        return board_points(open_ns, closed_ns)

    @property
    def bam(self) -> tuple[float, float]:
        """Board-a-match: both teams' board points over the boards played."""
        home = visitors = 0.0
        for board in self.played:
            points = self.board_points(board)
            assert points is not None
            home += points[0]
            visitors += points[1]
        return home, visitors

    def adjust(self, board: int, text: str) -> None:
        """An artificial adjusted score for ``board`` (Law 86A: average plus +3 IMPs,
        average 0, average minus -3), as "A+/A-" for the home team / the visitors; ""
        removes it."""
        if not text.strip():
            if self.adjusted.pop(board, None) is None:
                raise TeamsError(f"board {board} has no adjusted score")
            return
        parts = [p.strip().upper() for p in text.split("/")]
        if len(parts) != 2 or not all(p in _AVERAGES for p in parts):
            raise TeamsError(
                f"{text!r} is not an adjusted score: give the home team's and the visitors'"
                " as A+/A-, A/A, A-/A- ... (average plus, average, average minus)"
            )
        self.adjusted[board] = (_AVERAGES[parts[0]], _AVERAGES[parts[1]])


_ROOMS = {True: "open", False: "closed"}
_AVERAGES = {"A+": 3, "A": 0, "A-": -3}  # IMPs of an artificial adjusted score (Law 86A)
_AVERAGE_NAMES = {v: k for k, v in _AVERAGES.items()}


def adjusted_text(imps: tuple[int, int]) -> str:
    """ "A+/A-" for (3, -3)."""
    return "/".join(_AVERAGE_NAMES.get(i, f"{i:+d}") for i in imps)


def room_of(room: str) -> bool:
    """True for the Open Room ("open", "o"), False for the Closed Room."""
    key = str(room).strip().lower()
    if key not in ("open", "closed", "o", "c"):
        raise TeamsError(f"{room!r} is not a room (open or closed)")
    return key.startswith("o")


def round_robin(teams: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Every team meets every other once: rounds of (home, visitors) by the circle method;
    with an odd number of teams one team has a bye each round (not listed).

    >>> round_robin(["A", "B", "C", "D"])
    [[('A', 'D'), ('C', 'B')], [('C', 'A'), ('D', 'B')], [('A', 'B'), ('D', 'C')]]
    """
    if len(set(teams)) != len(teams):
        raise TeamsError("each team may appear only once")
    if len(teams) < 2:
        raise TeamsError("a round robin needs at least two teams")
    circle: list[str | None] = list(teams)
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            if a is None or b is None:
                continue
            pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


@dataclass(slots=True)
class Standing:
    team: str
    victory_points: float = 0.0
    board_points: float = 0.0  # board-a-match
    imps_for: int = 0
    imps_against: int = 0
    matches: int = 0
    rank: int = 0

    @property
    def imp_quotient(self) -> float:
        return self.imps_for / self.imps_against if self.imps_against else float("inf")


def standings(
    teams: Iterable[str],
    matches: Iterable[Match],
    *,
    boards: int | None = None,
    byes: Mapping[str, float] | None = None,
    scale: VpScale = WBF,
    bam: bool = False,
) -> list[Standing]:
    """Teams ranked by victory points on ``scale`` (then IMP quotient), or with ``bam`` by
    board points (then IMP quotient); ``byes``: the VPs (board points) given for byes."""
    table = {t: Standing(t) for t in teams}
    for m in matches:
        if not m.played:
            continue
        home_vp, visitor_vp = m.victory_points(boards, scale)
        home_bp, visitor_bp = m.bam
        (home_won, home_lost), (visitors_won, visitors_lost) = m.totals
        for team, vp, bp, won, lost in (
            (m.home, home_vp, home_bp, home_won, home_lost),
            (m.visitors, visitor_vp, visitor_bp, visitors_won, visitors_lost),
        ):
            s = table.setdefault(team, Standing(team))
            s.victory_points = round(s.victory_points + vp, 2)
            s.board_points += bp
            s.imps_for += won
            s.imps_against += lost
            s.matches += 1
    for team, given in (byes or {}).items():
        if bam:
            table[team].board_points += given
        else:
            table[team].victory_points = round(table[team].victory_points + given, 2)

    def score(s: Standing) -> float:
        return s.board_points if bam else s.victory_points

    ordered = sorted(table.values(), key=lambda s: (-score(s), -s.imp_quotient, s.team))
    for i, s in enumerate(ordered):
        same = i > 0 and (score(s), s.imp_quotient) == (
            score(ordered[i - 1]),
            ordered[i - 1].imp_quotient,
        )
        s.rank = ordered[i - 1].rank if same else i + 1
    return ordered


#: how a teams event scores its matches
SCORINGS = ("imps", "bam")


def load_scale(spec: str) -> VpScale:
    """A VP scale by name ("wbf", "wbf-integer") or from a CSV or JSON file of IMP bands
    (:func:`contractbridge.scoring.vp.parse_scale`)."""
    from pathlib import Path

    path = Path(spec)
    if path.suffix.lower() not in (".csv", ".json"):
        return scale_named(spec)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise TeamsError(f"cannot read the VP scale {spec}: {error.strerror or error}") from None
    return parse_scale(text, path.stem, kind=path.suffix.lower()[1:])


def swiss_round(
    ranked: Sequence[str], played: Iterable[tuple[str, str]]
) -> tuple[list[tuple[str, str]], str | None]:
    """Pairings for the next Swiss round: teams in ranking order, each meeting the
    highest-placed team it has not met (backtracking when the bottom gets stuck). With an
    odd number the lowest-placed team has the bye (returned second).

    >>> swiss_round(["A", "B", "C", "D"], [("A", "B")])
    ([('A', 'C'), ('B', 'D')], None)
    """
    met = {frozenset(p) for p in played}
    teams = list(ranked)
    bye = None
    if len(teams) % 2:
        bye = teams.pop()

    def pair(rest: list[str]) -> list[tuple[str, str]] | None:
        if not rest:
            return []
        first = rest[0]
        for i in range(1, len(rest)):
            if frozenset((first, rest[i])) in met:
                continue
            tail = pair(rest[1:i] + rest[i + 1 :])
            if tail is not None:
                return [(first, rest[i]), *tail]
        return None

    pairs = pair(teams)
    if pairs is None:
        raise TeamsError("every remaining pairing is a rematch; the Swiss cannot continue")
    return pairs, bye


def matches_from_records(records: Iterable[GameRecord]) -> list[Match]:
    """Team matches from files recording both rooms: games with ``Room`` Open/Closed, or
    with HomeTeam/VisitTeam (the table where they are swapped being the other room). A
    file that writes the same HomeTeam/VisitTeam at both tables and no Room (rpbridge.net)
    lists the open room first: a board's second game there is the closed room.

    Boards passed out count 0 in that room; a game without a score is left unplayed. A
    board played in one room only stays in the match (it counts for the VP scale).
    """
    # rooms[(a, b)][board]: the NS score at the table where team a sat North-South
    rooms: dict[tuple[str, str], dict[int, int | None]] = {}
    for rec in records:
        home, visit = rec.tags.get("HomeTeam"), rec.tags.get("VisitTeam")
        if rec.board is None or not home or not visit:
            continue
        if rec.room and rec.room.lower().startswith("c"):
            home, visit = visit, home
        elif not rec.room and rec.board in rooms.get((home, visit), {}):
            if rec.board in rooms.get((visit, home), {}):
                raise TeamsError(
                    f"board {rec.board} of {home} v {visit} is recorded more than twice"
                )
            home, visit = visit, home
        score = 0 if rec.passed_out else rec.score
        if score is None and rec.contract is not None and rec.result is not None:
            vulnerability = rec.board_vulnerability
            declarer = rec.contract.declarer
            if vulnerability is not None and declarer is not None:
                points = duplicate_score(
                    rec.contract, rec.result, vulnerability.is_vulnerable(declarer)
                )
                score = points if declarer.side == Side.NS else -points
        rooms.setdefault((home, visit), {})[rec.board] = score
    matches = []
    done: set[frozenset[str]] = set()
    for (home, visit), boards in rooms.items():
        other = rooms.get((visit, home))
        if other is None or frozenset((home, visit)) in done:
            continue
        done.add(frozenset((home, visit)))
        match = Match(home, visit)
        for board in sorted(boards.keys() | other.keys()):
            match.add_board(board, open_ns=boards.get(board), closed_ns=other.get(board))
        matches.append(match)
    return matches


@dataclass(slots=True)
class TeamsEvent:
    """A teams event: a single match, a round robin or a Swiss, stored as JSON.

    Each round every match plays the same boards (``boards_per_match`` of them, numbered on
    from the previous round). A bye scores ``bye_vp``. ``scoring`` "imps" converts each
    match's IMPs to VPs on ``vp_scale``; "bam" scores board-a-match, where a bye scores
    the same share of the boards as ``bye_vp`` is of 20.

    >>> ev = TeamsEvent.round_robin("Cup", ["A", "B", "C"], boards_per_match=8)
    >>> ev.rounds[0], ev.boards(1)
    ([('C', 'B')], [1, 2, 3, 4, 5, 6, 7, 8])
    """

    name: str
    teams: list[str]
    boards_per_match: int
    rounds: list[list[tuple[str, str]]] = field(default_factory=list)
    matches: dict[tuple[int, str], Match] = field(default_factory=dict)
    swiss: bool = False
    bye_vp: float = 12.0
    deals: dict[int, Deal] = field(default_factory=dict)  # for the hand records
    scoring: str = "imps"
    vp_scale: VpScale = WBF

    def __post_init__(self) -> None:
        if self.boards_per_match < 1:
            raise TeamsError(f"a match has at least one board, not {self.boards_per_match}")
        if not 0 <= self.bye_vp <= 20:
            raise TeamsError(f"a bye scores 0 to 20 VPs, not {self.bye_vp:g}")
        if self.scoring not in SCORINGS:
            raise TeamsError(
                f"{self.scoring!r} is not a teams scoring: imps (IMPs and VPs) or bam"
                " (board-a-match)"
            )

    @property
    def is_bam(self) -> bool:
        return self.scoring == "bam"

    @classmethod
    def round_robin(
        cls,
        name: str,
        teams: Sequence[str],
        *,
        boards_per_match: int,
        bye_vp: float = 12.0,
        scoring: str = "imps",
        vp_scale: VpScale = WBF,
    ) -> TeamsEvent:
        event = cls(
            name, list(teams), boards_per_match, bye_vp=bye_vp, scoring=scoring, vp_scale=vp_scale
        )
        for pairs in round_robin(teams):
            event._add_round(pairs)
        return event

    @classmethod
    def swiss_event(
        cls,
        name: str,
        teams: Sequence[str],
        *,
        boards_per_match: int,
        bye_vp: float = 12.0,
        scoring: str = "imps",
        vp_scale: VpScale = WBF,
    ) -> TeamsEvent:
        event = cls(
            name,
            list(teams),
            boards_per_match,
            swiss=True,
            bye_vp=bye_vp,
            scoring=scoring,
            vp_scale=vp_scale,
        )
        event.next_swiss_round()
        return event

    @property
    def played(self) -> set[int]:
        """The boards played (in both rooms, or adjusted) in some match."""
        return {b for m in self.matches.values() for b in m.played}

    @property
    def most_rounds(self) -> int:
        """The rounds a round robin has; a Swiss ends by then too (no rematches)."""
        return len(self.teams) - 1 + len(self.teams) % 2

    def take_deals(
        self, records: Iterable[GameRecord], source: str = "the file"
    ) -> dict[int, Deal]:
        """Keep the deals of this event's boards found in ``records`` (for the hand records
        of the printable results); returns them."""
        boards = range(1, self.most_rounds * self.boards_per_match + 1)
        found = deals_of_boards(records, boards, source)
        self.deals.update(found)
        return found

    def _add_round(self, pairs: Sequence[tuple[str, str]]) -> None:
        self.rounds.append(list(pairs))
        number = len(self.rounds)
        for home, visitors in pairs:
            self.matches[(number, home)] = Match(home, visitors)

    def boards(self, round: int) -> list[int]:
        first = (round - 1) * self.boards_per_match + 1
        return list(range(first, first + self.boards_per_match))

    def sitting_out(self, round: int) -> list[str]:
        """The teams with a bye in round ``round``."""
        playing = {t for p in self.rounds[round - 1] for t in p}
        return [t for t in self.teams if t not in playing]

    @property
    def bye_score(self) -> float:
        """What a bye scores: ``bye_vp`` VPs, or board-a-match that share of the boards."""
        if self.is_bam:
            return round(self.bye_vp / 20 * self.boards_per_match, 2)
        return self.bye_vp

    def byes(self, rounds: int | None = None) -> dict[str, float]:
        """The VPs (board points) each team has from byes (in the first ``rounds`` rounds,
        default all)."""
        given: dict[str, float] = {}
        for pairs in self.rounds[:rounds]:
            playing = {t for p in pairs for t in p}
            for team in self.teams:
                if team not in playing:
                    given[team] = given.get(team, 0.0) + self.bye_score
        return given

    def match(self, round: int, team: str) -> Match:
        """The match ``team`` plays in ``round`` (as home or visitors)."""
        found = self.match_of(round, team)
        if found is None:
            raise TeamsError(f"team {team} does not play in round {round}")
        return found

    def match_of(self, round: int, team: str) -> Match | None:
        """The match ``team`` plays in ``round``, None when it has a bye."""
        if not 1 <= round <= len(self.rounds):
            raise TeamsError(f"there is no round {round} (rounds 1 to {len(self.rounds)})")
        for home, visitors in self.rounds[round - 1]:
            if team in (home, visitors):
                return self.matches[(round, home)]
        return None

    def enter(
        self,
        *,
        round: int,
        team: str,
        board: int,
        room: str,
        contract: str | None = None,
        declarer: str | None = None,
        tricks: int | None = None,
        score: int | None = None,
        replace: bool = True,
    ) -> int:
        """Record a board's result in one room of ``team``'s match; returns the NS score.

        The Open Room has the home team North-South. The result is checked as at pairs.
        With ``replace`` False a room already entered is refused (a correction says so).
        """
        m = self.match(round, team)
        if board not in self.boards(round):
            raise TeamsError(
                f"round {round} plays boards {self.boards(round)[0]}-"
                f"{self.boards(round)[-1]}, not {board}"
            )
        is_open = room_of(room)
        ns, ew = (m.home, m.visitors) if is_open else (m.visitors, m.home)
        result = enter_result(
            board=board,
            ns=ns,
            ew=ew,
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            score=score,
            round=round,
        )
        assert result.ns_score is not None
        before = m.boards.get(board, (None, None))[0 if is_open else 1]
        if before is not None and not replace:
            shown = m.results.get((board, is_open))
            raise TeamsError(
                f"board {board} in the {_ROOMS[is_open]} room is already entered"
                f" ({shown.describe() if shown else f'NS {before:+d}'}); correct it instead"
            )
        if is_open:
            m.add_board(board, open_ns=result.ns_score)
        else:
            m.add_board(board, closed_ns=result.ns_score)
        m.results[(board, is_open)] = result
        return result.ns_score

    def remove(self, *, round: int, team: str, board: int, room: str) -> None:
        """Remove one room's result of a board in ``team``'s match."""
        self.match(round, team).clear(board, is_open=room_of(room))

    def adjust(self, *, round: int, team: str, board: int, adjusted: str) -> None:
        """An artificial adjusted score on a board of ``team``'s match (Law 86A), as
        "A+/A-" for the home team / the visitors; "" removes it. It replaces the rooms'
        results in the match's IMPs."""
        m = self.match(round, team)
        if board not in self.boards(round):
            raise TeamsError(f"round {round} does not play board {board}")
        m.adjust(board, adjusted)

    def missing(self, round: int) -> list[tuple[Match, int, bool]]:
        """What round ``round`` still lacks: (match, board, open room?)."""
        lacking = []
        for home, _ in self.rounds[round - 1]:
            m = self.matches[(round, home)]
            for board in self.boards(round):
                if board in m.adjusted:
                    continue
                open_ns, closed_ns = m.boards.get(board, (None, None))
                lacking += [
                    (m, board, is_open)
                    for is_open, s in ((True, open_ns), (False, closed_ns))
                    if s is None
                ]
        return lacking

    def complete(self, round: int) -> bool:
        """Every board of round ``round`` has its result in both rooms of every match."""
        return not self.missing(round)

    def standings(self, rounds: int | None = None) -> list[Standing]:
        """The standings over the first ``rounds`` rounds (default: every result so far)."""
        last = len(self.rounds) if rounds is None else rounds
        played = [m for (r, _), m in self.matches.items() if r <= last]
        return standings(
            self.teams,
            played,
            boards=self.boards_per_match,
            byes=self.byes(last),
            scale=self.vp_scale,
            bam=self.is_bam,
        )

    def match_score(self, m: Match) -> tuple[float, float]:
        """A match's result as the event scores it: VPs on its scale, or board points."""
        return m.bam if self.is_bam else m.victory_points(self.boards_per_match, self.vp_scale)

    def completed(self) -> int:
        """How many rounds, from the first, have every result in."""
        done = 0
        while done < len(self.rounds) and self.complete(done + 1):
            done += 1
        return done

    def next_swiss_round(self) -> list[tuple[str, str]]:
        """Pair the next Swiss round from the standings so far (no rematches)."""
        ranked = [s.team for s in self.standings()] if self.rounds else list(self.teams)
        played = [(m.home, m.visitors) for m in self.matches.values()]
        byes = set(self.byes())
        order = [t for t in ranked if t not in byes] + [t for t in ranked if t in byes]
        if len(order) % 2:
            # the bye goes to the lowest team that has not had one
            for team in reversed(ranked):
                if team not in byes:
                    order.remove(team)
                    order.append(team)
                    break
        pairs, _ = swiss_round(order, played)
        self._add_round(pairs)
        return pairs

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "contractbridge-teams/1",
            "name": self.name,
            "teams": self.teams,
            "boards_per_match": self.boards_per_match,
            "swiss": self.swiss,
            "bye_vp": self.bye_vp,
            "scoring": self.scoring,
            "vp_scale": self.vp_scale.to_json(),
            "rounds": [[list(p) for p in pairs] for pairs in self.rounds],
            "results": [
                {"round": r, "home": m.home, "board": b, "open": o, "closed": c}
                | {
                    f"{_ROOMS[is_open]}_result": m.results[(b, is_open)].to_dict()
                    for is_open in (True, False)
                    if (b, is_open) in m.results
                }
                for (r, _), m in sorted(self.matches.items())
                for b, (o, c) in sorted(m.boards.items())
            ],
            "adjusted": [
                {"round": r, "home": m.home, "board": b, "imps": list(given)}
                for (r, _), m in sorted(self.matches.items())
                for b, given in sorted(m.adjusted.items())
            ],
            "deals": {str(b): d.to_pbn() for b, d in sorted(self.deals.items())},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TeamsEvent:
        if not isinstance(data, Mapping) or data.get("format") != "contractbridge-teams/1":
            raise TeamsError("not a teams event file")
        try:
            event = cls(
                str(data["name"]),
                [str(t) for t in data["teams"]],
                int(data["boards_per_match"]),
                swiss=bool(data.get("swiss")),
                bye_vp=float(data.get("bye_vp", 12.0)),
                scoring=str(data.get("scoring", "imps")),
                vp_scale=scale_from_json(data.get("vp_scale", "wbf"), "the event's"),
            )
            event.deals = {int(b): Deal.from_pbn(d) for b, d in data.get("deals", {}).items()}
            for pairs in data["rounds"]:
                event._add_round([(str(h), str(v)) for h, v in pairs])
            for item in data["results"]:
                m = event.matches[(int(item["round"]), str(item["home"]))]
                m.add_board(int(item["board"]), open_ns=item["open"], closed_ns=item["closed"])
                for is_open in (True, False):
                    detail = item.get(f"{_ROOMS[is_open]}_result")
                    if detail is not None:
                        m.results[(int(item["board"]), is_open)] = TableResult.from_dict(detail)
            for item in data.get("adjusted", []):
                m = event.matches[(int(item["round"]), str(item["home"]))]
                home_imps, visitor_imps = (int(i) for i in item["imps"])
                m.adjusted[int(item["board"])] = (home_imps, visitor_imps)
        except BridgeError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            what = f"no {error.args[0]!r} entry" if isinstance(error, KeyError) else str(error)
            raise TeamsError(f"a damaged teams event file: {what}") from None
        return event
