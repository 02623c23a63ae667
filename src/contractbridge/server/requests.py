"""Request bodies read one way: JSON within bounds, then a typed model with strict types.

``5`` is not a list of calls and ``null`` is not a number: a body that does not fit its
model is refused with 400 and one message naming the field and what it must be, in words
the page translates (``msg.`` entries of the catalogues), never a 500.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from starlette.requests import Request

from contractbridge.server.table import ActionError

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
