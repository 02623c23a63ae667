"""A teams event run from the browser: each team enters its matches' results, both rooms.

The event is a :class:`TeamsEvent` (a match, a round robin or a Swiss, IMPs converted to VPs
on the scale its creator chose, or board-a-match); the desk (``desk.py``) stores it, replays
its log and serves it on the same routes as a pairs event, with one link per team. A team's
link enters the results of its own matches only (in a Swiss, of the round in play: the
rounds before it decided the pairings, so only the director corrects them) and shows its own
scoresheets and the standings of the rounds every match has finished. The director sees
everything, removes results and pairs the next Swiss round once the round in play is
complete.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contractbridge.core.errors import BridgeError
from contractbridge.scoring.vp import WbfContinuousScale, scale_from_json
from contractbridge.server.events.entries import DIRECTOR, deals_file, text, whole
from contractbridge.server.web.errors import ActionError
from contractbridge.tournament.results import TableResult
from contractbridge.tournament.teams import Match, Standing, TeamsEvent, adjusted_text

MAX_TEAMS = 40
# what a teams entry may carry (anything else a client sends is not stored)
TEAM_ENTRY_KEYS = {"op", "round", "team", "board", "room", "contract", "declarer", "tricks"}
TEAM_ENTRY_KEYS |= {"score", "correct", "pbn", "adjusted"}


def new_teams(body: Mapping[str, Any]) -> TeamsEvent:
    """The teams event a creation request describes, or the event file it carries."""
    if "event" in body:
        return TeamsEvent.from_dict(body["event"])
    teams = body.get("teams")
    if not isinstance(teams, list) or not all(isinstance(t, str) for t in teams):
        raise ActionError('name the teams, like "teams": ["Lions", "Tigers", "Bears"]')
    names = [t.strip() for t in teams if t.strip()]
    if not 2 <= len(names) <= MAX_TEAMS:
        raise ActionError(f"a teams event has 2 to {MAX_TEAMS} teams, not {len(names)}")
    if any(len(n) > 40 for n in names):
        raise ActionError("a team's name takes at most 40 characters")
    if len(set(names)) != len(names):
        raise ActionError("each team needs its own name")
    boards = body.get("boards_per_match", 8)
    if not isinstance(boards, int) or isinstance(boards, bool) or not 1 <= boards <= 64:
        raise ActionError("boards_per_match is a whole number from 1 to 64")
    kind = str(body.get("format", "round-robin")).lower()
    if kind not in ("round-robin", "swiss"):
        raise ActionError(f"the format is round-robin or swiss, not {kind!r}")
    name = str(body.get("name") or "").strip()[:80] or "Teams event"
    bam = body.get("bam") is True  # the request's model has checked it is true or false
    try:
        scale = scale_from_json(body.get("vp_scale") or "wbf", "the event's")
    except BridgeError as error:
        raise ActionError(str(error)) from None
    make = TeamsEvent.swiss_event if kind == "swiss" else TeamsEvent.round_robin
    return make(
        name,
        names,
        boards_per_match=boards,
        scoring="bam" if bam else "imps",
        vp_scale=scale,
    )


def apply_teams(event: TeamsEvent, entry: Mapping[str, Any], role: str | int) -> int | None:
    """Check one entry and apply it to ``event``; nothing changes when it is refused.

    ``{"op": "result", round, team, board, room, contract, declarer, tricks | score,
    correct}`` (``team``: either team of the match); the director also sends ``{"op":
    "remove", round, team, board, room}``, ``{"op": "adjust", round, team, board,
    adjusted: "A+/A-"}`` (Law 86A, home / visitors; "" removes it), ``{"op": "next"}`` (the
    next Swiss round) and ``{"op": "deals", pbn}``. Returns the NS score entered.
    """
    op = entry.get("op", "result")
    director = role == DIRECTOR
    if op == "result":
        rnd, board = whole(entry, "round"), whole(entry, "board")
        team = text(entry, "team") or ""
        assert rnd is not None and board is not None
        if not director:
            assert isinstance(role, int)
            own = event.teams[role - 1]
            match = event.match_of(rnd, own)
            if match is None:
                raise ActionError(f"{own} has a bye in round {rnd}", 403)
            if team not in (match.home, match.visitors):
                raise ActionError(f"this link enters the results of {own}'s matches", 403)
            if event.swiss and rnd != len(event.rounds):
                raise ActionError(
                    f"round {rnd} is closed: the next round was paired from it; the director"
                    " corrects it",
                    403,
                )
        return event.enter(
            round=rnd,
            team=team,
            board=board,
            room=text(entry, "room") or "",
            contract=text(entry, "contract"),
            declarer=text(entry, "declarer"),
            tricks=whole(entry, "tricks", required=False),
            score=whole(entry, "score", required=False),
            replace=bool(entry.get("correct", False)),
        )
    if not director:
        raise ActionError(
            "only the director adjusts and removes results, pairs rounds and gives deals", 403
        )
    if op == "deals":
        event.take_deals(deals_file(entry), "the deals file")
        return None
    if op == "adjust":
        rnd, board = whole(entry, "round"), whole(entry, "board")
        assert rnd is not None and board is not None
        event.adjust(round=rnd, team=text(entry, "team") or "", board=board,
                     adjusted=text(entry, "adjusted") or "")  # fmt: skip
        return None
    if op == "remove":
        rnd, board = whole(entry, "round"), whole(entry, "board")
        assert rnd is not None and board is not None
        event.remove(
            round=rnd, team=text(entry, "team") or "", board=board, room=text(entry, "room") or ""
        )
        return None
    if op == "next":
        if not event.swiss:
            raise ActionError("this event is a round robin: its rounds are drawn already")
        last = len(event.rounds)
        lacking = len(event.missing(last))
        if lacking:
            raise ActionError(f"round {last} still lacks {lacking} results; pair it when done")
        if len(event.rounds) >= event.most_rounds:
            raise ActionError("every team has met every other: the Swiss is over")
        event.next_swiss_round()
        return None
    raise ActionError(
        f"an entry is a result, an adjustment, a removal, the next round or deals, not {op!r}"
    )


# -- views ----------------------------------------------------------------------------------
def _room(m: Match, board: int, is_open: bool) -> dict[str, Any] | None:
    score = m.boards.get(board, (None, None))[0 if is_open else 1]
    if score is None:
        return None
    result: TableResult | None = m.results.get((board, is_open))
    if result is None or (result.contract is None and not result.passed_out):
        return {"score": score}  # entered as a score alone
    return {**result.to_dict(), "text": result.describe()}


def match_view(event: TeamsEvent, rnd: int, m: Match) -> dict[str, Any]:
    """A match's scoresheet: each board's result in both rooms and the IMPs, the totals."""
    boards = []
    for board in event.boards(rnd):
        boards.append(
            {
                "board": board,
                "open": _room(m, board, True),
                "closed": _room(m, board, False),
                "imps": m.board_imps(board),  # for the home team
                "result": m.board_result(board),  # each team's IMPs (home, visitors)
                "points": m.board_points(board) if event.is_bam else None,  # board-a-match
                "adjusted": adjusted_text(m.adjusted[board]) if board in m.adjusted else None,
            }
        )
    vps = m.victory_points(event.boards_per_match, event.vp_scale) if m.played else None
    return {
        "round": rnd,
        "home": m.home,
        "visitors": m.visitors,
        "boards": boards,
        "imps": list(m.imps),
        "vps": list(vps) if vps and not event.is_bam else None,
        "board_points": list(m.bam) if event.is_bam and m.played else None,
        "complete": all(
            board in m.adjusted or None not in m.boards.get(board, (None, None))
            for board in event.boards(rnd)
        ),
    }


def _standings(standings: list[Standing]) -> list[dict[str, Any]]:
    return [
        {
            "rank": s.rank,
            "team": s.team,
            "vps": s.victory_points,
            "board_points": s.board_points,
            "imps_for": s.imps_for,
            "imps_against": s.imps_against,
            "matches": s.matches,
        }
        for s in standings
    ]


def _head(event_id: str, event: TeamsEvent, version: int) -> dict[str, Any]:
    return {
        "id": event_id,
        "kind": "teams",
        "name": event.name,
        "version": version,
        "format": "swiss" if event.swiss else "round-robin",
        "teams": list(event.teams),
        "boards_per_match": event.boards_per_match,
        "rounds_drawn": len(event.rounds),
        "scoring": event.scoring,
        "vp_scale": event.vp_scale.name,
        # VPs in hundredths on the WBF continuous scale, as the scale gives them elsewhere
        "vp_decimals": 2 if isinstance(event.vp_scale, WbfContinuousScale) else 0,
    }


def team_view(event_id: str, event: TeamsEvent, version: int, index: int) -> dict[str, Any]:
    """One team's page: its matches round by round, its byes, and the standings of the
    rounds every match has finished (a round in play shows no other match's score)."""
    team = event.teams[index - 1]
    rounds: list[dict[str, Any]] = []
    for rnd in range(1, len(event.rounds) + 1):
        m = event.match_of(rnd, team)
        if m is None:
            rounds.append({"round": rnd, "bye": True, "vps": event.bye_score})
        else:
            rounds.append({**match_view(event, rnd, m), "bye": False})
    current = next((r["round"] for r in rounds if not r["bye"] and not r["complete"]), None)
    done = event.completed()
    return _head(event_id, event, version) | {
        "role": "team",
        "team": team,
        "index": index,
        "rounds": rounds,
        "current": current,
        "closed": len(event.rounds) - 1 if event.swiss else 0,  # rounds a team cannot change
        "standings_after": done,
        "standings": _standings(event.standings(done)) if done else [],
    }


def teams_director_view(
    event_id: str, event: TeamsEvent, version: int, links: Mapping[str, Any]
) -> dict[str, Any]:
    """Everything: every match's scoresheet, the live standings, what is missing, links."""
    last = len(event.rounds)
    missing = [
        {"round": rnd, "home": m.home, "visitors": m.visitors, "board": b, "open": o}
        for rnd in range(1, last + 1)
        for m, b, o in event.missing(rnd)
    ]
    pairable = event.swiss and not missing and last < event.most_rounds
    return _head(event_id, event, version) | {
        "role": DIRECTOR,
        "rounds": [
            {
                "round": rnd,
                "matches": [
                    match_view(event, rnd, event.matches[(rnd, home)]) for home, _ in pairs
                ],
                "byes": event.sitting_out(rnd),
            }
            for rnd, pairs in enumerate(event.rounds, start=1)
        ],
        "standings": _standings(event.standings()),
        "missing": missing,
        "can_pair_next": pairable,
        "deals": sorted(event.deals),
        "bye_vp": event.bye_vp,
        "links": links,
    }
