"""The robots' convention cards: ``GET /api/systems``, ``GET /api/systems/{name}/card`` and
the page ``/card/{name}``.

The card is made from the system itself (:mod:`contractbridge.robots.bidding.card`): each
entry is the robots' own explanation of that call, so it is what they bid and how they read
a partner. ``?carding=`` (``standard`` or ``lavinthal``, the table's setting) chooses the
leads and signals shown. The page (``static/card.html`` with ``card.js``) shows a card in the
reader's language and prints on A4 or Letter; the table links to each side's card.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse

from contractbridge.core.errors import BridgeError
from contractbridge.robots.bidding.card import available_systems, convention_card, system_name
from contractbridge.robots.cardplay.carding import AGREEMENTS
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.pages import STATIC


def _system(name: str) -> str:
    systems = available_systems()
    if name not in systems:
        raise ActionError(
            f"no convention card for {name[:40]!r}: the systems are {', '.join(systems)}", 404
        )
    return name


def router() -> APIRouter:
    routes = APIRouter()

    @routes.get("/card/{name}")
    async def card_page(name: str) -> FileResponse:
        _system(name)
        return FileResponse(STATIC / "card.html")

    @routes.get("/api/systems")
    async def systems() -> JSONResponse:
        """The systems the robots bid (a table's ``systems`` names them), each one's name,
        and the carding agreements."""
        systems = available_systems()
        names = {system: system_name(system) for system in systems}
        return JSONResponse({"systems": list(systems), "names": names, "carding": list(AGREEMENTS)})

    @routes.get("/api/systems/{name}/card")
    async def card(name: str, carding: str = "standard") -> JSONResponse:
        """The card of system ``name`` with the robots' ``carding`` agreement."""
        system = _system(name)
        try:
            # made once per process (a couple of seconds of the engine's explaining)
            made = await asyncio.to_thread(convention_card, system, carding)
        except BridgeError as error:
            raise ActionError(str(error)) from None
        return JSONResponse(made.to_dict())

    return routes
