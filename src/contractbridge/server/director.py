"""The Director's assistant in the browser: ``/director`` and ``POST /api/director``.

A page (``static/director.html`` with its own ``director.js``) where a director enters what
happened at a table — or pastes the board's PBN or LIN — and reads the ruling of the Laws:
the options, who chooses, what follows, with Law numbers. The logic is
:mod:`contractbridge.game.director`, shared with ``contractbridge director``.

The API takes a JSON object with the fields of :class:`~contractbridge.game.director.Report`
except ``file`` (the server reads no path it is sent; paste the file's ``text`` instead)
and answers ``{"ruling": ..., "applied": [lines]}``, or ``{"error": message}`` with 400.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import Field, create_model

from contractbridge.core.errors import BridgeError
from contractbridge.game.director import KINDS, Facts, Report, apply_choice, as_json, rule
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.pages import STATIC
from contractbridge.server.web.requests import Body, documented, json_body, parse

#: the longest text a field takes (a pasted file's is the request's own limit)
SHORT = 2_000


def _request_model() -> type[Body]:
    """The body of ``POST /api/director``: :class:`Report`'s fields, made from the report
    itself so that the two never drift. Text fields are bounded; ``file`` is left out (the
    server reads no path it is sent); the page sends its numbers as text, so ``board`` and
    ``revoke_trick`` may be either."""
    fields_: dict[str, Any] = {}
    for f in dataclasses.fields(Report):
        kind = typing.get_type_hints(Report)[f.name]
        if f.name == "file":
            continue
        if f.name in ("board", "revoke_trick"):
            fields_[f.name] = (int | str | None, None)
        elif kind is bool:
            fields_[f.name] = (bool, f.default)
        elif f.name == "text":  # a pasted file: the request's own size limit bounds it
            fields_[f.name] = (kind, f.default)
        elif f.default is dataclasses.MISSING:
            fields_[f.name] = (kind, Field(max_length=40))
        else:
            fields_[f.name] = (kind, Field(f.default, max_length=SHORT))
    model: type[Body] = create_model("DirectorRequest", __base__=Body, **fields_)
    return model


DirectorRequest = _request_model()


def answer(body: Any) -> dict[str, Any]:
    """The ruling for a request body (raises :class:`BridgeError` with a message)."""
    if not isinstance(body, dict):
        raise BridgeError("send a JSON object: {kind, dealer, auction, deal, contract, ...}")
    try:
        values = parse(DirectorRequest, body).model_dump()  # no "file": no path is read
    except ActionError as refusal:
        raise BridgeError(refusal.reason) from None
    for flag in ("board", "revoke_trick"):
        if values.get(flag) in ("", None):
            values.pop(flag, None)
        elif not isinstance(values[flag], int):
            try:
                values[flag] = int(values[flag])
            except (TypeError, ValueError):
                raise BridgeError(f"{flag} is a number, not {values[flag]!r}") from None
    for name, value in list(values.items()):
        if value == "":  # a field left empty is not given (a pasted file may give it)
            values[name] = None
    kind = values.get("kind")
    if kind not in KINDS:
        raise BridgeError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    facts = Facts(Report.of(values))
    ruling = rule(facts)
    applied = apply_choice(facts, ruling, values["choose"]) if values.get("choose") else []
    return {"ruling": as_json(ruling), "applied": applied}


def router() -> APIRouter:
    """The page and its API."""
    routes = APIRouter()

    @routes.get("/director")
    async def director_page() -> FileResponse:
        return FileResponse(STATIC / "director.html")

    @routes.get("/api/director/kinds")
    async def director_kinds() -> JSONResponse:
        return JSONResponse(KINDS)

    @routes.post("/api/director", openapi_extra=documented(DirectorRequest))
    async def director_ruling(request: Request) -> JSONResponse:
        try:
            return JSONResponse(answer(await json_body(request)))
        except ActionError as refusal:
            return JSONResponse({"error": refusal.reason}, status_code=400)
        except (BridgeError, OSError) as error:
            return JSONResponse({"error": str(error)}, status_code=400)

    return routes
