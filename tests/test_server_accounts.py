"""Players' accounts through the API: sign up, log in and out, change password, the session
cookie's flags, no session fixation, the limit on guesses (stored: two apps on one SQLite
file share it), passwords and tokens never stored or logged in clear, a guest's seats
claimed (only with their tokens), and one account never reading or acting for another.
PostgreSQL: two server processes share the accounts and sessions (skipped without
CB_TEST_POSTGRES_URL, except in CI)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from contractbridge.server.accounts.players import AccountRules
from contractbridge.server.accounts.routes import SESSION_COOKIE
from contractbridge.server.app import create_app
from pgschema import IN_CI, POSTGRES_URL, postgres_schema
from players import CATALOGUES, PASSWORD, TestClient, cheap_rules, sign_up
from serverapi import Served, act, create, view


class Clock:
    """A clock the test moves on (every app of a test reads the same one)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def rules(clock: Clock | None = None, **limits: Any) -> AccountRules:
    return cheap_rules(clock=clock or Clock(), **limits)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'accounts.db'}"


@pytest.fixture
def app(db: str, clock: Clock) -> Any:
    return create_app(db, robots="basic", account_rules=rules(clock))


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def browser(app: Any) -> TestClient:
    """Another browser on the same server: a client with cookies of its own."""
    return TestClient(app)


def log_in(c: TestClient, name: str = "Ann", password: str = PASSWORD) -> httpx.Response:
    return c.post("/api/login", json={"name": name, "password": password})


def me(c: TestClient, cookie: str | None = None) -> dict[str, Any]:
    if cookie is not None:
        c.cookies.clear()
        c.cookies.set(SESSION_COOKIE, cookie)
    r = c.get("/api/me")
    assert r.status_code == 200
    assert r.headers["cache-control"] == "no-store"
    return dict(r.json())


def cookie_of(r: httpx.Response) -> str:
    return str(r.cookies[SESSION_COOKIE])


def refused(r: httpx.Response, status: int) -> str:
    """The refusal's message, checked to be in every catalogue (as the page shows it: a
    field's refusal as "{0}: {1}", the field's name and the reason translated)."""
    assert r.status_code == status, r.text
    message = str(r.json()["error"])
    field, _, reason = message.partition(": ")
    template = (
        reason if field.replace(".", "").isalnum() and reason.startswith(("is", "has")) else message
    )
    for minutes in range(60, -1, -1):  # the one number a refusal here carries
        template = template.replace(f" {minutes} minutes", " {0} minutes")
    for lang, catalogue in CATALOGUES.items():
        assert f"msg.{template}" in catalogue, (lang, template)
    return message


# -- the session cookie -----------------------------------------------------------------------
def test_the_session_cookie_is_httponly_samesite_lax_and_for_the_whole_site(
    client: TestClient,
) -> None:
    header = sign_up(client).headers["set-cookie"]
    parts = [p.strip() for p in header.split(";")]
    assert parts[0].startswith(f"{SESSION_COOKIE}=") and len(parts[0]) > 40
    assert {"HttpOnly", "SameSite=Lax", "Path=/"} <= set(parts)
    assert "Secure" not in parts  # plain HTTP: a Secure cookie would never come back
    assert any(p.startswith("Max-Age=") and int(p[8:]) > 0 for p in parts)


def test_the_cookie_is_secure_over_https_and_not_on_an_untrusted_forwarded_proto(app: Any) -> None:
    with TestClient(app, base_url="https://testserver") as tls:
        assert "; Secure" in sign_up(tls, "Ann").headers["set-cookie"]
    with TestClient(app) as plain:
        # no proxy is trusted here: a client's own X-Forwarded-Proto changes nothing
        r = plain.post("/api/login", json={"name": "Ann", "password": PASSWORD},
                       headers={"X-Forwarded-Proto": "https"})  # fmt: skip
        assert r.status_code == 200
        assert "Secure" not in r.headers["set-cookie"]


def test_me_says_guest_until_signed_up_then_the_name(client: TestClient) -> None:
    assert me(client) == {"signed_in": False}
    assert sign_up(client, "Zoë_K").json() == {"signed_in": True, "name": "Zoë_K"}
    assert me(client) == {"signed_in": True, "name": "Zoë_K"}


# -- names and passwords ----------------------------------------------------------------------
def test_names_are_unique_whatever_their_case(client: TestClient) -> None:
    sign_up(client, "Ann")
    for same in ("ANN", "ann", " aNn "):
        r = client.post("/api/signup", json={"name": same, "password": PASSWORD})
        assert refused(r, 409) == "this name is taken: choose another"
    assert log_in(client, "aNN").json()["name"] == "Ann"  # the name as it was written


@pytest.mark.parametrize(
    ("name", "password", "message"),
    [
        ("Al", PASSWORD, "a name is 3 to 24 characters"),
        ("A" * 25, PASSWORD, "a name is 3 to 24 characters"),
        ("Ann Smith", PASSWORD, "a name is made of letters, digits and . - _, and begins with a "
                                "letter or a digit"),
        ("_ann", PASSWORD, "a name is made of letters, digits and . - _, and begins with a "
                           "letter or a digit"),
        ("Ann", "short", "a password is at least 8 characters"),
        ("Ann", "x" * 201, "a password is at most 200 characters"),
    ],
)  # fmt: skip
def test_names_and_passwords_against_the_rules_are_refused_in_words(
    client: TestClient, name: str, password: str, message: str
) -> None:
    r = client.post("/api/signup", json={"name": name, "password": password})
    assert refused(r, 400) == message
    assert me(client) == {"signed_in": False}


def test_a_name_may_be_written_in_any_alphabet(client: TestClient) -> None:
    assert sign_up(client, "Łukasz.ő-9").json()["name"] == "Łukasz.ő-9"


def test_a_body_of_the_wrong_shape_is_refused_not_a_500(client: TestClient) -> None:
    assert refused(client.post("/api/signup", json={"name": "Ann"}), 400) == "password: is needed"
    r = client.post("/api/login", json={"name": 5, "password": PASSWORD})
    assert refused(r, 400) == "name: is text"
    assert client.post("/api/login", content=b"[1]").status_code == 400


# -- logging in and out -----------------------------------------------------------------------
def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client: TestClient) -> None:
    sign_up(client)
    client.post("/api/logout")
    wrong = log_in(client, "Ann", "not the password")
    unknown = log_in(client, "Nobody", PASSWORD)
    assert refused(wrong, 401) == refused(unknown, 401) == "wrong name or password"
    assert me(client) == {"signed_in": False}


def test_logging_in_gives_a_new_session_and_ends_the_one_the_browser_had(
    client: TestClient, app: Any
) -> None:
    first = cookie_of(sign_up(client))
    second = cookie_of(log_in(client))
    assert second != first
    other = browser(app)
    assert me(other, first) == {"signed_in": False}  # the old cookie is worth nothing now
    assert me(other, second)["name"] == "Ann"


def test_a_cookie_set_before_logging_in_is_never_promoted(client: TestClient, app: Any) -> None:
    sign_up(client, "Ann")
    client.post("/api/logout")
    # an attacker plants a session cookie of their choosing in the victim's browser...
    planted = "attacker-chosen-value-0123456789abcdefghijklmnop"
    client.cookies.set(SESSION_COOKIE, planted)
    assert me(client) == {"signed_in": False}
    issued = cookie_of(log_in(client))
    assert issued != planted
    # ...and finds it still signs no one in after the victim has logged in
    assert me(browser(app), planted) == {"signed_in": False}


def test_logging_out_ends_the_session_in_the_database(client: TestClient, app: Any) -> None:
    token = cookie_of(sign_up(client))
    r = client.post("/api/logout")
    assert r.json() == {"signed_in": False}
    assert "Max-Age=0" in r.headers["set-cookie"]
    # a copy of the cookie (a stolen one, say) no longer works anywhere
    assert me(browser(app), token) == {"signed_in": False}


def test_a_session_expires(client: TestClient, clock: Clock) -> None:
    sign_up(client)
    clock.now += 30 * 24 * 3600 + 1
    assert me(client) == {"signed_in": False}


def test_changing_the_password_ends_the_other_sessions(client: TestClient, app: Any) -> None:
    sign_up(client)
    phone = browser(app)
    assert log_in(phone).status_code == 200
    r = client.post("/api/me/password", json={"old": "not it at all", "new": "a new secret"})
    assert refused(r, 403) == "the old password is not right"
    assert me(phone)["name"] == "Ann"  # nothing changed
    r = client.post("/api/me/password", json={"old": PASSWORD, "new": "short"})
    assert refused(r, 400) == "a password is at least 8 characters"
    r = client.post("/api/me/password", json={"old": PASSWORD, "new": "a new secret"})
    assert r.status_code == 200, r.text
    assert me(client)["name"] == "Ann"  # this browser stays signed in, on a new session
    assert me(phone) == {"signed_in": False}
    assert log_in(phone).status_code == 401
    assert log_in(phone, "Ann", "a new secret").status_code == 200


def test_what_needs_an_account_asks_a_guest_to_log_in(client: TestClient) -> None:
    for r in (
        client.get("/api/me/tables"),
        client.post("/api/me/tables/claim", json={"seats": []}),
        client.post("/api/me/password", json={"old": PASSWORD, "new": "a new secret"}),
    ):
        assert refused(r, 401) == "log in first"


# -- the limit on guesses ---------------------------------------------------------------------
def test_guesses_are_limited_per_name_across_two_apps_on_one_database(
    db: str, clock: Clock
) -> None:
    first, second = (create_app(db, robots="basic", account_rules=rules(clock)) for _ in "ab")
    with TestClient(first) as a, TestClient(second) as b:
        sign_up(a, "Ann")
        a.post("/api/logout")
        for c in (a, b, a, b, a):  # five wrong, through either server
            assert log_in(c, "ann", "a wrong guess").status_code == 401
        # the sixth is refused, even with the right password, by either server
        for c in (b, a):
            r = log_in(c, "Ann", PASSWORD)
            assert refused(r, 429) == "too many wrong passwords: try again in 15 minutes"
        clock.now += 10 * 60
        assert refused(log_in(b), 429) == "too many wrong passwords: try again in 5 minutes"
        clock.now += 5 * 60 + 1  # the window has passed
        assert log_in(b).status_code == 200


def test_guesses_are_limited_per_address(db: str, clock: Clock) -> None:
    app = create_app(db, robots="basic", account_rules=rules(clock, guesses_per_address=6))
    with TestClient(app) as c:
        sign_up(c, "Ann")
        c.post("/api/logout")
        for n in range(6):  # one guess at each of six names: none reaches its own limit
            assert log_in(c, f"Someone{n}", "a wrong guess").status_code == 401
        refused(log_in(c, "Ann"), 429)


def test_the_right_password_forgets_the_names_failures(client: TestClient) -> None:
    sign_up(client)
    for _ in range(4):
        assert log_in(client, "Ann", "a wrong guess").status_code == 401
    assert log_in(client).status_code == 200
    for _ in range(4):  # four more wrong: still under the limit of five
        assert log_in(client, "Ann", "a wrong guess").status_code == 401
    assert log_in(client).status_code == 200


def test_new_accounts_from_one_address_are_limited(db: str) -> None:
    app = create_app(db, robots="basic", account_rules=rules(accounts_per_hour=2))
    with TestClient(app) as c:
        sign_up(c, "Ann")
        sign_up(c, "Bob")
        r = c.post("/api/signup", json={"name": "Cid", "password": PASSWORD})
        assert refused(r, 429) == (
            "too many new accounts from this address: try again in 60 minutes"
        )


# -- nothing in clear -------------------------------------------------------------------------
def test_no_password_or_session_token_is_stored_or_logged_in_clear(
    client: TestClient, db: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    token = cookie_of(sign_up(client, "Ann", "first secret pass"))
    log_in(client, "Ann", "a wrong secret guess")
    client.post("/api/me/password", json={"old": "first secret pass", "new": "second secret pass"})
    token2 = cookie_of(log_in(client, "Ann", "second secret pass"))
    secrets = ("first secret pass", "a wrong secret guess", "second secret pass", token, token2)
    with sqlite3.connect(db.removeprefix("sqlite:///")) as conn:
        names = [r[0] for r in conn.execute("select name from sqlite_master where type='table'")]
        dump = "\n".join(str(row) for n in names for row in conn.execute(f"select * from {n}"))
        stored = conn.execute("select password from cb_accounts").fetchall()
    assert "cb_sessions" in names and "Ann" in dump
    for secret in secrets:
        assert secret not in dump
        assert secret not in caplog.text
    assert [row[0][:10] for row in stored] == ["$argon2id$"]


# -- a guest's tables -------------------------------------------------------------------------
def seats_of(table: dict[str, Any]) -> list[dict[str, str]]:
    return [{"table": table["id"], "token": t} for t in table["tokens"].values()]


def test_a_guests_tables_become_the_accounts_and_another_browser_sees_them(
    client: TestClient, app: Any
) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"})  # as a guest: two seats held
    sign_up(client)
    r = client.post("/api/me/tables/claim", json={"seats": seats_of(table)})
    assert r.status_code == 200, r.text
    claimed = r.json()
    held = sorted(claimed["claimed"], key=lambda s: s["seat"])
    assert held == [{"table": table["id"], "seat": "N"}, {"table": table["id"], "seat": "S"}]
    assert claimed["taken"] == []
    # claiming again changes nothing
    again = client.post("/api/me/tables/claim", json={"seats": seats_of(table)}).json()
    assert again["claimed"] == [] and len(again["tables"]) == 2
    laptop = browser(app)
    assert laptop.get("/api/me/tables").status_code == 401
    log_in(laptop)
    listed = laptop.get("/api/me/tables").json()["tables"]
    assert {(t["table"], t["seat"], t["token"], t["kind"]) for t in listed} == {
        (table["id"], s, table["tokens"][s], "duplicate") for s in ("N", "S")
    }
    assert {t["name"] for t in listed} == {"Ann", "Bob"}
    # the seat is played with its token, as a guest's is: from the list, on the laptop
    south = view(laptop, table, "S")
    assert south["seat"] == "S"


def test_only_seats_proven_by_their_tokens_are_claimed(client: TestClient) -> None:
    table = create(client, {"S": "Ann"})
    other = create(client, {"S": "Cid"})
    sign_up(client)
    tries = [
        {"table": table["id"], "token": "made-up-token"},
        {"table": table["id"], "token": other["tokens"]["S"]},  # another table's token
        {"table": "no-such-table", "token": table["tokens"]["S"]},
        {"table": table["id"], "token": ""},  # no token: a spectator's, no seat
    ]
    r = client.post("/api/me/tables/claim", json={"seats": tries})
    assert r.json() == {"claimed": [], "taken": [], "tables": []}
    r = client.post("/api/me/tables/claim", json={"seats": [{"table": table["id"]}] * 2})
    assert refused(r, 400) == "seats.0.token: is needed"
    too_many = [{"table": table["id"], "token": "x"}] * 61
    r = client.post("/api/me/tables/claim", json={"seats": too_many})
    assert refused(r, 400) == "seats: has too many items"


def test_one_account_never_reads_or_takes_anothers_seats(client: TestClient, app: Any) -> None:
    table = create(client, {"S": "Ann", "N": "Bob"})
    sign_up(client, "Ann")
    south = [{"table": table["id"], "token": table["tokens"]["S"]}]
    assert client.post("/api/me/tables/claim", json={"seats": south}).json()["claimed"]
    bob = browser(app)
    sign_up(bob, "Bob")
    assert bob.get("/api/me/tables").json() == {"tables": []}  # Ann's seat is not in his list
    # without South's token Bob proves nothing; with a copy of it he still gets no account's
    # seat: South stays Ann's
    made_up = [{"table": table["id"], "token": "guessed"}]
    assert bob.post("/api/me/tables/claim", json={"seats": made_up}).json()["claimed"] == []
    r = bob.post("/api/me/tables/claim", json={"seats": south}).json()
    assert r["claimed"] == [] and r["taken"] == [{"table": table["id"], "seat": "S"}]
    assert bob.get("/api/me/tables").json() == {"tables": []}
    # his own seat (North, by its token) he may claim
    north = [{"table": table["id"], "token": table["tokens"]["N"]}]
    assert bob.post("/api/me/tables/claim", json={"seats": north}).json()["claimed"]
    assert [t["seat"] for t in bob.get("/api/me/tables").json()["tables"]] == ["N"]
    assert [t["seat"] for t in client.get("/api/me/tables").json()["tables"]] == ["S"]
    # Ann's session never acts at the table: a seat acts by its token alone, as before
    v = view(client, table, "S")
    turn = v["pending"][0]
    r = client.post(f"/api/tables/{table['id']}/actions",
                    json={"version": v["version"], "action": {"call": "Pass"}})  # fmt: skip
    assert refused(r, 403) == "spectators cannot act"
    assert act(client, table, turn, v["version"], {"call": "Pass"}).status_code == 200


# -- several processes on PostgreSQL ----------------------------------------------------------


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A schema of its own on the test database (``pgschema.py``)."""
    with postgres_schema() as url:
        yield url


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.xdist_group("postgres-processes")
@pytest.mark.skipif(
    not POSTGRES_URL and not IN_CI, reason="CB_TEST_POSTGRES_URL is not set (run .ci/postgres.sh)"
)
def test_two_server_processes_share_accounts_sessions_and_the_guess_limit(
    pg_schema: str,
) -> None:
    options = ("--robots", "basic", "--workers", "1")
    with Served(pg_schema, *options) as a, Served(pg_schema, *options) as b:
        with httpx.Client(base_url=a.base) as on_a:
            r = on_a.post("/api/signup", json={"name": "Ann", "password": PASSWORD})
            assert r.status_code == 201, r.text
            token = r.cookies[SESSION_COOKIE]
        with httpx.Client(base_url=b.base, cookies={SESSION_COOKIE: token}) as on_b:
            assert on_b.get("/api/me").json() == {"signed_in": True, "name": "Ann"}
            r = on_b.post("/api/signup", json={"name": "ANN", "password": PASSWORD})
            assert r.status_code == 409
            assert on_b.post("/api/logout").status_code == 200
        with httpx.Client(base_url=a.base, cookies={SESSION_COOKIE: token}) as on_a:
            assert on_a.get("/api/me").json() == {"signed_in": False}  # ended on B
        wrong = {"name": "Ann", "password": "a wrong guess"}
        for base in (a.base, b.base, a.base, b.base, a.base):
            assert httpx.post(base + "/api/login", json=wrong).status_code == 401
        right = {"name": "Ann", "password": PASSWORD}
        assert httpx.post(b.base + "/api/login", json=right).status_code == 429
