"""The pages' files and the service's own routes: the page every address of the app opens
(``index.html``, which routes by URL), the catalogues, the static files, and the health
and readiness checks a load balancer asks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

SERVER = Path(__file__).parent.parent
STATIC = SERVER / "static"
I18N = SERVER / "i18n"
INDEX = STATIC / "index.html"
LANGUAGES = ("en", "sk", "hu", "pl", "pt", "de")


def error(reason: str, status: int = 400) -> JSONResponse:
    """A refusal as every route gives it: ``{"error": reason}``."""
    return JSONResponse({"error": reason}, status_code=status)


def router(readiness: Callable[[], dict[str, Any] | str]) -> APIRouter:
    """The pages and checks; ``readiness()`` gives the robots' figures once the service
    is ready for tables, or the reason it is not yet."""
    routes = APIRouter()

    @routes.get("/")
    async def index() -> FileResponse:
        return FileResponse(INDEX)

    @routes.get("/event/{event_id}")
    async def event_page(event_id: str) -> FileResponse:
        return FileResponse(INDEX)

    @routes.get("/healthz")
    async def healthz() -> JSONResponse:
        """The process is up and its event loop answers."""
        return JSONResponse({"ok": True})

    @routes.get("/readyz")
    async def readyz() -> JSONResponse:
        """Ready for tables once the robots' workers are up (503 before): their figures."""
        ready = readiness()
        if isinstance(ready, str):
            return JSONResponse({"ready": False, "reason": ready}, 503)
        return JSONResponse({"ready": True, "robots": ready})

    @routes.get("/api/i18n/{lang}")
    async def catalogue(lang: str) -> Response:
        if lang not in LANGUAGES:
            return error(f"no catalogue for {lang!r}; there are {', '.join(LANGUAGES)}", 404)
        return FileResponse(I18N / f"{lang}.json", media_type="application/json")

    return routes
