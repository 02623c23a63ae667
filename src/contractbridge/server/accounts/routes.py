"""The accounts' routes: thin, over ``Players``.

- ``POST /api/signup`` ``{name, password}``: a new account, signed in (201);
- ``POST /api/login`` ``{name, password}``: signed in (a new session every time);
- ``POST /api/logout``: the session ends (in the database, not only in the browser);
- ``POST /api/me/password`` ``{old, new}``: the password changes; every other session ends;
- ``GET /api/me``: who is signed in (``{"signed_in": false}`` for a guest);
- ``GET /api/me/tables``: the seats the account holds, with their tokens;
- ``POST /api/me/tables/claim`` ``{seats: [{table, token}]}``: a guest's seats become the
  account's (only those whose tokens the browser shows).

The session is a cookie: HttpOnly (no script reads it), SameSite=Lax (not sent with another
site's requests that change something), Path=/, Secure when the request came over HTTPS (as
the trusted proxy says: ``serve --forwarded-allow-ips``), with the session's life as Max-Age.
A seat is still played with its token, as a guest's is: the account only keeps the tokens.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from contractbridge.server.accounts.players import Player, Players, SignedIn
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.limits import client_of
from contractbridge.server.web.requests import Body, documented, json_object, parse

SESSION_COOKIE = "cb_session"
#: at most this many seats are claimed at once (the lobby remembers 30 tables)
MOST_CLAIMED = 60


class Credentials(Body):
    """``POST /api/signup`` and ``POST /api/login``."""

    name: str = Field(max_length=200)
    password: str = Field(max_length=1000)


class NewPassword(Body):
    """``POST /api/me/password``."""

    old: str = Field(max_length=1000)
    new: str = Field(max_length=1000)


class SeatToken(Body):
    table: str = Field(max_length=64)
    token: str = Field(max_length=200)


class Claim(Body):
    """``POST /api/me/tables/claim``: the seats' tokens the browser holds."""

    seats: list[SeatToken] = Field(max_length=MOST_CLAIMED)


def session_cookie(token: str, seconds: float, *, secure: bool) -> str:
    """The ``Set-Cookie`` value of a session (an empty token and 0 seconds end it)."""
    flags = "; Secure" if secure else ""
    return (
        f"{SESSION_COOKIE}={token}; Path=/; Max-Age={int(seconds)}; HttpOnly; SameSite=Lax{flags}"
    )


def private(body: Any, status: int = 200) -> JSONResponse:
    """An answer about one account: never kept by a cache."""
    return JSONResponse(body, status, headers={"Cache-Control": "no-store"})


async def player_of(players: Players, request: Request) -> Player:
    """The signed-in player who sent ``request`` (its session cookie); 401 for a guest."""
    player = await players.current(request.cookies.get(SESSION_COOKIE))
    if player is None:
        raise ActionError("log in first", 401)
    return player


def router(players: Players) -> APIRouter:
    routes = APIRouter()

    def signed_in(request: Request, session: SignedIn, status: int = 200) -> JSONResponse:
        answer = private({"signed_in": True, "name": session.player.name}, status)
        secure = request.url.scheme == "https"
        seconds = players.rules.session_seconds
        answer.headers.append("set-cookie", session_cookie(session.token, seconds, secure=secure))
        return answer

    @routes.post("/api/signup", openapi_extra=documented(Credentials))
    async def sign_up(request: Request) -> JSONResponse:
        body = parse(Credentials, await json_object(request, "{name, password}"))
        session = await players.sign_up(
            body.name, body.password, client_of(request), request.cookies.get(SESSION_COOKIE)
        )
        return signed_in(request, session, 201)

    @routes.post("/api/login", openapi_extra=documented(Credentials))
    async def log_in(request: Request) -> JSONResponse:
        body = parse(Credentials, await json_object(request, "{name, password}"))
        session = await players.log_in(
            body.name, body.password, client_of(request), request.cookies.get(SESSION_COOKIE)
        )
        return signed_in(request, session)

    @routes.post("/api/logout")
    async def log_out(request: Request) -> JSONResponse:
        await players.log_out(request.cookies.get(SESSION_COOKIE))
        answer = private({"signed_in": False})
        ended = session_cookie("", 0, secure=request.url.scheme == "https")
        answer.headers.append("set-cookie", ended)
        return answer

    @routes.post("/api/me/password", openapi_extra=documented(NewPassword))
    async def change_password(request: Request) -> JSONResponse:
        player = await player_of(players, request)
        body = parse(NewPassword, await json_object(request, "{old, new}"))
        session = await players.change_password(player, body.old, body.new, client_of(request))
        return signed_in(request, session)

    @routes.get("/api/me")
    async def me(request: Request) -> JSONResponse:
        player = await players.current(request.cookies.get(SESSION_COOKIE))
        if player is None:
            return private({"signed_in": False})
        return private({"signed_in": True, "name": player.name})

    @routes.get("/api/me/tables")
    async def my_tables(request: Request) -> JSONResponse:
        player = await player_of(players, request)
        return private({"tables": await players.seats(player)})

    @routes.post("/api/me/tables/claim", openapi_extra=documented(Claim))
    async def claim(request: Request) -> JSONResponse:
        player = await player_of(players, request)
        body = parse(Claim, await json_object(request, "{seats: [{table, token}]}"))
        found = await players.claim(player, [(s.table, s.token) for s in body.seats])
        return private({**found, "tables": await players.seats(player)})

    return routes
