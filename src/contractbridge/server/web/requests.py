"""Request bodies read one way: JSON within bounds, then a typed model with strict types.

``5`` is not a list of calls and ``null`` is not a number: a body that does not fit its
model is refused with 400 and one message naming the field and what it must be, in words
the page translates (``msg.`` entries of the catalogues), never a 500.
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import Request

from contractbridge.server.web.errors import ActionError

M = TypeVar("M", bound=BaseModel)


class Body(BaseModel):
    """A request body: strict types (no number read from text, no text from a number);
    fields a page does not know of are ignored."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


#: what a field must be, by pydantic's error type: the reason shown (translated by the page)
_REASONS = {
    "missing": "is needed",
    "string_type": "is text",
    "int_type": "is a whole number",
    "int_from_float": "is a whole number",
    "bool_type": "is true or false",
    "list_type": "is a list",
    "dict_type": "is an object",
    "model_type": "is an object",
    "string_too_long": "is too long",
    "too_long": "has too many items",
    "greater_than_equal": "is too small",
    "greater_than": "is too small",
    "less_than_equal": "is too large",
    "less_than": "is too large",
    "literal_error": "is not one of the choices",
}


async def json_body(request: Request) -> Any:
    """The request's JSON; ActionError 400 for text that is not JSON or is nested past reach."""
    raw = await request.body()
    try:
        return json.loads(raw)
    except RecursionError:
        raise ActionError("the request is nested too deep") from None
    except ValueError:
        raise ActionError("send a JSON object") from None


async def json_object(request: Request, what: str) -> dict[str, Any]:
    """The request's JSON object; ActionError (400) naming ``what`` for anything else."""
    body = await json_body(request)  # not JSON, or nested past reach: 400
    if not isinstance(body, dict):
        raise ActionError(f"send a JSON object: {what}")
    return body


def parse(model: type[M], body: Any) -> M:
    """``body`` as ``model``; ActionError 400 naming the first field that does not fit."""
    if not isinstance(body, dict):
        raise ActionError("send a JSON object")
    try:
        return model.model_validate(body)
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "the request"
        reason = _REASONS.get(first["type"], "is not valid")
        raise ActionError(f"{field}: {reason}") from None


def documented(model: type[BaseModel]) -> dict[str, Any]:
    """``openapi_extra`` for a route that reads its body itself: the body's schema in the
    API's description (for its readers, and for the fuzzer that sends what it describes)."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": model.model_json_schema()}},
        }
    }


# -- the bodies of the routes that check their fields one by one, with messages of their own:
# -- the models describe them in the API's schema, and are checked after those messages ----
Seat = Literal["N", "E", "S", "W"]


class SeatIn(Body):
    name: str | None = Field(None, max_length=200)
    robot: bool = False
    #: the seat is given to a Blue Chip client (an outside robot; the server's --bluechip-port)
    bluechip: bool = False


class NewTable(Body):
    """``POST /api/tables``."""

    kind: Literal["duplicate", "rubber", "chicago"] = "duplicate"
    seats: dict[Seat, SeatIn] = Field(default_factory=dict)
    boards: int = Field(0, ge=0, le=64)
    seed: int | None = Field(None, ge=0, lt=2**63)
    invite: bool = False
    me: Seat | None = None
    spectators: bool = True
    robot_partner_explains: bool = True
    #: kibitzers see all hands: by default only at a table of robots alone (tables/table.py)
    kibitzers_see_hands: bool | None = None
    #: a Chicago's scoring and who is vulnerable on deals 2 and 3 (``boards``: its deals)
    chicago_scoring: Literal["standard", "duplicate", "russian"] = "standard"
    chicago_vulnerable: Literal["dealer", "non-dealer"] = "dealer"
    #: the robots' carding agreement (robots/cardplay/carding.py AGREEMENTS)
    carding: Literal["standard", "lavinthal"] = "standard"
    #: each side's bidding system (``GET /api/systems``), a side not named SAYC
    systems: dict[Literal["NS", "EW"], str] = Field(default_factory=dict)


class TableAction(Body):
    """``POST /api/tables/{id}/actions``: the action (a call, a card, a claim, ...) made at
    ``version`` of the table, by the seat of ``token``."""

    token: str | None = Field(None, max_length=200)
    version: int = Field(ge=0)
    action: dict[str, Any]


class Join(Body):
    """``POST /api/tables/{id}/join``: an invitation's code."""

    invite: str = Field(max_length=200)


class NewEvent(Body):
    """``POST /api/events``: a pairs event by movement, a teams event by its teams, or
    ``{"event": ...}``, an event file."""

    kind: Literal["pairs", "teams"] = "pairs"
    name: str | None = Field(None, max_length=200)
    event: dict[str, Any] | None = None
    movement: str = Field("mitchell", max_length=20)
    tables: int | None = Field(None, ge=1, le=30)
    boards_per_round: int = Field(2, ge=1, le=8)
    rounds: int | None = Field(None, ge=1, le=60)
    scoring: str = Field("MP", max_length=20)
    absent: list[int] = Field(default_factory=list, max_length=60)
    arrow_switch: list[int] = Field(default_factory=list, max_length=60)
    teams: list[str] | None = Field(None, max_length=64)
    boards_per_match: int = Field(8, ge=1, le=64)
    format: str = Field("round-robin", max_length=20)
    #: a teams event: board-a-match, or IMPs to VPs on a built-in scale or a club's bands
    bam: bool = False
    vp_scale: str | dict[str, Any] = "wbf"


class EventEntry(Body):
    """``POST /api/events/{id}/entries``: one result (or a director's correction)."""

    token: str | None = Field(None, max_length=200)
    entry: dict[str, Any]
