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

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse

from contractbridge.core.errors import BridgeError
from contractbridge.game.director import KINDS, Facts, Report, apply_choice, as_json, rule

STATIC = Path(__file__).parent / "static"


def answer(body: Any) -> dict[str, Any]:
    """The ruling for a request body (raises :class:`BridgeError` with a message)."""
    if not isinstance(body, dict):
        raise BridgeError("send a JSON object: {kind, dealer, auction, deal, contract, ...}")
    values = {k: v for k, v in body.items() if k != "file"}
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


def add_routes(app: FastAPI) -> None:
    """Add the page and its API to ``app``."""

    @app.get("/director")
    async def director_page() -> FileResponse:
        return FileResponse(STATIC / "director.html")

    @app.get("/api/director/kinds")
    async def director_kinds() -> JSONResponse:
        return JSONResponse(KINDS)

    @app.post("/api/director")
    async def director_ruling(request: Request) -> JSONResponse:
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"error": "send a JSON object"}, status_code=400)
        try:
            return JSONResponse(answer(body))
        except (BridgeError, OSError) as error:
            return JSONResponse({"error": str(error)}, status_code=400)
