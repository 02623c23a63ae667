#!/usr/bin/env bash
# Install (if needed) and start a local PostgreSQL, create a test database, print its URL.
# Usage: export CB_TEST_POSTGRES_URL="$(bash .ci/postgres.sh)"
# Everything but the URL goes to stderr, so the output can be captured as above.
set -euo pipefail
exec {url_fd}>&1 1>&2

DB=contractbridge_test
USER_NAME=contractbridge
PASSWORD=contractbridge

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

VERSION="$(ls /usr/lib/postgresql | sort -V | tail -1)"
if ! pg_lsclusters -h | grep -q "^${VERSION} main"; then
  pg_createcluster "${VERSION}" main >/dev/null
fi
if ! pg_lsclusters -h | grep -q "^${VERSION} main .* online"; then
  pg_ctlcluster "${VERSION}" main start
fi
PORT="$(pg_lsclusters -h | awk -v v="${VERSION}" '$1 == v && $2 == "main" {print $3}')"

as_postgres() { (cd / && su postgres -c "$1"); }
for _ in $(seq 1 30); do
  as_postgres "psql -p ${PORT} -Atqc 'select 1'" >/dev/null 2>&1 && break
  sleep 0.5
done
if [ "$(as_postgres "psql -p ${PORT} -Atqc \"select 1 from pg_roles where rolname = '${USER_NAME}'\"")" != "1" ]; then
  as_postgres "psql -p ${PORT} -qc \"create role ${USER_NAME} login password '${PASSWORD}'\""
fi
if [ "$(as_postgres "psql -p ${PORT} -Atqc \"select 1 from pg_database where datname = '${DB}'\"")" != "1" ]; then
  as_postgres "createdb -p ${PORT} -O ${USER_NAME} ${DB}"
fi

# The driver the URL needs, in the project's virtualenv when there is one.
if [ -x .venv/bin/pip ] && ! .venv/bin/python -c "import psycopg" 2>/dev/null; then
  .venv/bin/pip install -q 'psycopg[binary]>=3.1'
fi

echo "postgresql://${USER_NAME}:${PASSWORD}@127.0.0.1:${PORT}/${DB}" >&"${url_fd}"
