"""A schema of its own on the PostgreSQL test database (``CB_TEST_POSTGRES_URL``), so that no
other server, worker or test sharing the database (another run, a benchmark) sees this
test's rows or takes its robot tasks."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy

from contractbridge.server.storage import normalise_url

POSTGRES_URL = os.environ.get("CB_TEST_POSTGRES_URL")
IN_CI = os.environ.get("CI", "").lower() == "true"


@contextmanager
def postgres_schema() -> Iterator[str]:
    """The database URL with a new schema as its search path; the schema is dropped after."""
    assert POSTGRES_URL, "CI=true but CB_TEST_POSTGRES_URL is not set: .ci/postgres.sh did not run"
    schema = f"cb_test_{uuid.uuid4().hex[:12]}"
    admin = sqlalchemy.create_engine(normalise_url(POSTGRES_URL))
    with admin.begin() as conn:
        conn.execute(sqlalchemy.text(f"create schema {schema}"))
    joiner = "&" if "?" in POSTGRES_URL else "?"
    try:
        yield f"{POSTGRES_URL}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(sqlalchemy.text(f"drop schema {schema} cascade"))
        admin.dispose()
