"""What a table is set up as: its form, its seats (who sits, robot or person, their secret
links) and its creator's options. Read once from the creation request or the stored row
(JSON, the form kept since the first version), typed everywhere in between.

>>> s = TableSettings.from_json({"kind": "rubber", "seats": {"S": {"name": "Ann",
...     "robot": False, "token": "t0k"}}})
>>> s.kind, s.seat(Seat.S).name, sorted(x.name for x in s.robots())
('rubber', 'Ann', ['E', 'N', 'W'])
>>> TableSettings.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from contractbridge.core import SEATS, Seat, Side
from contractbridge.core.errors import BridgeError
from contractbridge.game import FORMS
from contractbridge.game.beer import BEER_RULES
from contractbridge.robots.bidding.card import available_systems
from contractbridge.robots.cardplay.carding import AGREEMENTS
from contractbridge.scoring.chicago import DEALS, ChicagoScoresheet
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.tokens import same_token

#: the forms a table plays
KINDS = FORMS
#: a duplicate table's boards when its creator gives no number
DEFAULT_BOARDS = 16
#: the option (and action) by which kibitzers see all four hands
KIBITZERS_SEE_HANDS = "kibitzers_see_hands"
#: a table where no person sits (robots alone, to watch) plays at most this many boards
ROBOT_TABLE_BOARDS = 4
#: the longest name a seat may be given
NAME_CHARS = 40
#: how a Chicago table scores: carried partscores (standard), each deal as in duplicate, or
#: Russian Chicago (IMPs against a target by the high-card points)
CHICAGO_SCORINGS = ("standard", "duplicate", "russian")
#: the bidding system a side plays unless its table's creator chose another
DEFAULT_SYSTEM = "sayc"


def _default_systems() -> dict[str, str]:
    return {side.name: DEFAULT_SYSTEM for side in Side}


@dataclass(frozen=True)
class SeatSettings:
    """One seat: its player's name, whether a robot sits there, and the seat's secret link
    (``token``) or, before someone has opened it, its invitation. ``bluechip``: the seat is
    given to a Blue Chip client (an outside robot), which names the table and this secret
    to take it (``server/bluechip_seat.py``); our robot plays the seat while none is seated."""

    name: str = ""
    robot: bool = True
    token: str | None = None
    invite: str | None = None
    bluechip: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "robot": self.robot, "token": self.token}
        if self.invite is not None:
            out["invite"] = self.invite
        if self.bluechip is not None:
            out["bluechip"] = self.bluechip
        return out


@dataclass(frozen=True)
class FixedDeal:
    """A table that plays one given deal instead of dealing from its seed: the cards (PBN),
    its board number (dealer and vulnerability from the number, Law 2), and ``calls``, an
    auction made before the table opened (a declarer-only deal's robots' auction), each
    ``(call, alert, explanation)``, made as the table opens (whoever sits in the seats)."""

    board: int
    deal: str
    calls: tuple[tuple[str, bool, str | None], ...] = ()

    def to_json(self) -> dict[str, Any]:
        calls = [{"call": c, "alert": a, "explanation": e} for c, a, e in self.calls]
        return {"board": self.board, "deal": self.deal, "calls": calls}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FixedDeal:
        calls = tuple(
            (str(c["call"]), c.get("alert") is True, c.get("explanation") or None)
            for c in data.get("calls", ())
        )
        return cls(int(data["board"]), str(data["deal"]), calls)


@dataclass(frozen=True)
class TableSettings:
    """A table as created. ``kibitzers_see_hands`` None: the creator did not say (tables
    stored before the option; a table of robots alone then shows them)."""

    kind: str = "duplicate"
    seats: Mapping[Seat, SeatSettings] = field(default_factory=dict)
    boards: int = 0
    seed: int = 0
    owner: str = ""
    spectators: bool = True
    robot_partner_explains: bool = True
    kibitzers_see_hands: bool | None = None
    beer_card: str = "declarer"  # whose Beer Card beers the table notes (game/beer.py)
    # the robots' carding agreement (AGREEMENTS), told to everyone at the table (Law 40A1)
    carding: str = "standard"
    # each side's bidding system, by side ("NS", "EW"): its robots bid it and read the
    # opponents' calls by theirs; public, as carding is (a daily or challenge table: SAYC)
    systems: Mapping[str, str] = field(default_factory=_default_systems)
    # Chicago: its scoring (CHICAGO_SCORINGS) and who is vulnerable on deals 2 and 3
    # ("dealer" or "non-dealer"); ``boards`` is then its deals (0: four)
    chicago_scoring: str = "standard"
    chicago_vulnerable: str = "dealer"
    #: a given deal played as one board (None: the deals come from ``seed``)
    fixed: FixedDeal | None = None
    #: what the table's deal counts for (a tournament of the day's set id; "" for nothing):
    #: a scored deal, so no undo, no robot's hint and no stopping, as in a tournament
    tournament: str = ""

    def chicago_options(self) -> dict[str, Any]:
        """The Table's options for a Chicago (its deals, style, vulnerability scheme)."""
        return {
            "boards": self.boards or None,
            "duplicate_style": self.chicago_scoring == "duplicate",
            "dealers_opponents_vulnerable": self.chicago_vulnerable == "non-dealer",
            "russian": self.chicago_scoring == "russian",
        }

    def system(self, side: Side) -> str:
        """The bidding system ``side`` plays (``robots/bidding/systems``)."""
        return self.systems.get(side.name, DEFAULT_SYSTEM)

    def seat(self, seat: Seat) -> SeatSettings:
        """The seat's settings (an absent seat is a robot's)."""
        return self.seats.get(seat) or SeatSettings()

    def robots(self) -> set[Seat]:
        return {s for s in SEATS if self.seat(s).robot}

    def humans(self) -> set[Seat]:
        return set(SEATS) - self.robots()

    def names(self) -> dict[str, str]:
        return {s.name: self.seat(s).name for s in SEATS}

    def seat_of(self, token: str | None) -> Seat | None:
        """The seat a token acts for; None for no token; KeyError for a wrong one."""
        if not token:
            return None
        for seat in SEATS:
            if same_token(self.seat(seat).token, token):
                return seat
        raise KeyError(token)

    def bluechip_seat(self, secret: str) -> Seat | None:
        """The seat given to the Blue Chip client that names ``secret`` (None: no seat's)."""
        return next((s for s in SEATS if same_token(self.seat(s).bluechip, secret)), None)

    def bluechip_seats(self) -> set[Seat]:
        return {s for s in SEATS if self.seat(s).bluechip is not None}

    def invited(self, code: str) -> Seat | None:
        """The seat an invitation code opens (None: no seat's)."""
        return next((s for s in SEATS if same_token(self.seat(s).invite, code)), None)

    # -- the stored form ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "seats": {s.name: info.to_json() for s, info in self.seats.items()},
            "boards": self.boards,
            "seed": self.seed,
            "owner": self.owner,
            "spectators": self.spectators,
            "robot_partner_explains": self.robot_partner_explains,
        }
        if self.kibitzers_see_hands is not None:
            out[KIBITZERS_SEE_HANDS] = self.kibitzers_see_hands
        if self.beer_card != "declarer":
            out["beer_card"] = self.beer_card
        if self.carding != "standard":
            out["carding"] = self.carding
        if any(self.system(side) != DEFAULT_SYSTEM for side in Side):
            out["systems"] = {side.name: self.system(side) for side in Side}
        if self.kind == "chicago":
            out["chicago_scoring"] = self.chicago_scoring
            out["chicago_vulnerable"] = self.chicago_vulnerable
        if self.fixed is not None:
            out["fixed"] = self.fixed.to_json()
        if self.tournament:
            out["tournament"] = self.tournament
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSettings:
        """The settings as stored (every key optional, as tables of earlier versions were)."""
        seats = {}
        for seat in SEATS:
            info = data.get("seats", {}).get(seat.name)
            if info is not None:
                seats[seat] = SeatSettings(
                    name=str(info.get("name") or ""),
                    robot=info.get("robot", True) is not False,
                    token=info.get("token"),
                    invite=info.get("invite"),
                    bluechip=info.get("bluechip"),
                )
        see = data.get(KIBITZERS_SEE_HANDS)
        fixed = data.get("fixed")
        return cls(
            kind=str(data.get("kind", "duplicate")),
            seats=seats,
            boards=int(data.get("boards") or 0),
            seed=int(data.get("seed", 0)),
            owner=str(data.get("owner") or ""),
            spectators=data.get("spectators", True) is not False,
            robot_partner_explains=data.get("robot_partner_explains", True) is not False,
            kibitzers_see_hands=see if isinstance(see, bool) else None,
            beer_card=beer if (beer := data.get("beer_card")) in BEER_RULES else "declarer",
            carding=cards if (cards := data.get("carding")) in AGREEMENTS else "standard",
            systems=_stored_systems(data.get("systems")),
            chicago_scoring=str(data.get("chicago_scoring") or "standard"),
            chicago_vulnerable=str(data.get("chicago_vulnerable") or "dealer"),
            fixed=FixedDeal.from_json(fixed) if isinstance(fixed, dict) else None,
            tournament=str(data.get("tournament") or ""),
        )

    # -- a creation request -------------------------------------------------------------------
    @classmethod
    def from_request(cls, body: Mapping[str, Any], owner: str) -> TableSettings:
        """A new table's settings from ``POST /api/tables``; ActionError with the reason for
        anything a table cannot be."""
        kind = body.get("kind", "duplicate")
        if kind not in KINDS:
            raise ActionError(f"a table plays rubber, chicago or duplicate, not {kind!r}")
        seats = _seats(body.get("seats", {}))
        boards = body.get("boards", 0)
        if not isinstance(boards, int) or isinstance(boards, bool) or not 0 <= boards <= 64:
            raise ActionError("boards is 0 (no limit) to 64")
        people = any(not info.robot for info in seats.values())
        if not people:
            # robots alone play a short set to watch, never an endless series
            if kind != "duplicate":
                raise ActionError(
                    f"a {kind} needs a person at the table; robots alone play a duplicate "
                    f"set of at most {ROBOT_TABLE_BOARDS} boards"
                )
            if boards > ROBOT_TABLE_BOARDS:
                raise ActionError(f"robots alone play at most {ROBOT_TABLE_BOARDS} boards")
            boards = boards or ROBOT_TABLE_BOARDS
        invite = body.get("invite", False)
        if not isinstance(invite, bool):
            raise ActionError("invite is true or false")
        me = body.get("me")
        if invite:
            # seat links become invitations: the first browser to open one takes the seat
            # with a token of its own; the creator keeps only their own seat (``me``)
            humans = [s for s, info in seats.items() if not info.robot]
            if me is not None and me not in (s.name for s in humans):
                raise ActionError("me names the creator's own seat, one of the people's seats")
            for seat in humans:
                if seat.name != me:
                    seats[seat] = dataclasses.replace(
                        seats[seat], invite=secrets.token_urlsafe(16), token=None
                    )
        options = {}
        for option in ("spectators", "robot_partner_explains"):
            value = body.get(option, True)
            if not isinstance(value, bool):
                raise ActionError(f"{option} is true or false")
            options[option] = value
        # kibitzers see all hands at a table of robots alone; where people play, only with
        # every person's word: the creator's true stands for all who sit down (table.py)
        see_hands = body.get(KIBITZERS_SEE_HANDS, not people)
        if not isinstance(see_hands, bool):
            raise ActionError(
                "kibitzers_see_hands is true (kibitzers see all four hands) or false (they "
                "see dummy only)"
            )
        beer_card = body.get("beer_card", "declarer")
        if beer_card not in BEER_RULES:
            raise ActionError(
                "beer_card is declarer (declarer's side only), both (the defenders too) or off"
            )
        carding = body.get("carding", "standard")
        if carding not in AGREEMENTS:
            raise ActionError(
                "carding is standard (attitude and count) or lavinthal (suit-preference discards)"
            )
        systems = _systems(body.get("systems"))
        # the request's model has checked the names; the deals are checked by the sheet
        scoring = str(body.get("chicago_scoring") or "standard")
        vulnerable = str(body.get("chicago_vulnerable") or "dealer")
        if kind == "chicago":
            try:
                ChicagoScoresheet(
                    deals=boards or DEALS,
                    duplicate_style=scoring == "duplicate",
                    russian=scoring == "russian",
                )
            except BridgeError as error:
                raise ActionError(str(error)) from None
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(48)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ActionError("seed is a whole number from 0")
        return cls(
            kind=kind,
            seats=seats,
            boards=boards,
            seed=seed,
            owner=owner,
            spectators=options["spectators"],
            robot_partner_explains=options["robot_partner_explains"],
            kibitzers_see_hands=see_hands,
            beer_card=beer_card,
            carding=carding,
            systems=systems,
            chicago_scoring=scoring,
            chicago_vulnerable=vulnerable,
        )


def _stored_systems(stored: Any) -> dict[str, str]:
    """The systems of a stored table: SAYC for a side it does not name (a table stored
    before the setting) or names a system this version no longer has."""
    known = available_systems()
    systems = _default_systems()
    if isinstance(stored, dict):
        for side in systems:
            if stored.get(side) in known:
                systems[side] = stored[side]
    return systems


def _systems(given: Any) -> dict[str, str]:
    """Each side's system from a creation request: ``{"NS": "forumd", "EW": "sayc"}``, a
    side not named plays SAYC; ActionError for anything else."""
    if given is None:
        return _default_systems()
    if not isinstance(given, dict) or set(given) - {side.name for side in Side}:
        raise ActionError("systems maps NS and EW to the name of a bidding system")
    known = available_systems()
    systems = _default_systems()
    for side, name in given.items():
        if name not in known:
            shown = repr(name[:40]) if isinstance(name, str) else "that"
            raise ActionError(f"the bidding systems here are {', '.join(known)}, not {shown}")
        systems[side] = name
    return systems


def _seats(seats_in: Any) -> dict[Seat, SeatSettings]:
    """The seats of a new table from the request: ``{N: {name, robot}, ...}``; an absent
    seat is a robot's. ActionError with the reason for anything else."""
    if not isinstance(seats_in, dict):
        raise ActionError("seats maps N, E, S, W to {name, robot}")
    unknown = set(seats_in) - {s.name for s in SEATS}
    if unknown:
        raise ActionError(f"seats are N, E, S and W, not {', '.join(sorted(map(str, unknown)))}")
    seats: dict[Seat, SeatSettings] = {}
    for seat in SEATS:
        info = seats_in.get(seat.name)
        if info is None:
            info = {"robot": True}  # an empty seat is filled by a robot
        if not isinstance(info, dict):
            raise ActionError(f"seat {seat.name}: give {{name, robot}}")
        outside = info.get("bluechip", False)
        if not isinstance(outside, bool):
            raise ActionError(f"seat {seat.name}: bluechip is true or false")
        is_robot = info.get("robot", outside)
        if not isinstance(is_robot, bool) or (outside and not is_robot):
            raise ActionError(f"seat {seat.name}: robot is true or false (true for bluechip)")
        name = info.get("name") or ""
        if not isinstance(name, str):
            raise ActionError(f"seat {seat.name}: a name is text")
        default = "Blue Chip robot" if outside else f"Robot {seat.name}" if is_robot else ""
        name = name.strip()[:NAME_CHARS] or default
        seats[seat] = SeatSettings(
            name=name,
            robot=is_robot,
            token=None if is_robot else secrets.token_urlsafe(16),
            bluechip=secrets.token_urlsafe(12) if outside else None,
        )
    return seats
