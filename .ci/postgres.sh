#!/usr/bin/env bash
# Install (if needed) and start a local PostgreSQL, create a test database, print its URL.
# Usage: bash .ci/postgres.sh > url.txt     (start; the URL is the only line on stdout)
#        bash .ci/postgres.sh stop          (stop the server started above)
# Everything but the URL goes to stderr.
#
# The server outlives this script, so nothing that may start it (apt's postinst, pg_ctlcluster)
# may hand it one of our descriptors: a server holding the pipe of `$(...)` makes the caller
# wait for EOF forever, and one holding CI's output pipe keeps the CI job from ending. Those
# commands go through `detached`, which runs them from Python with close_fds (every
# descriptor above 2 closed) and 0-2 on /dev/null and a log file, shown if they fail.
set -euo pipefail
exec {url_fd}>&1 1>&2

DB=contractbridge_test
USER_NAME=contractbridge
PASSWORD=contractbridge
LOG="${TMPDIR:-/tmp}/contractbridge-ci-postgres.log"

detached() {
  python3 - "$LOG" "$@" {url_fd}>&- <<'PY'
import subprocess, sys
log_path, *command = sys.argv[1:]
with open(log_path, "ab") as log:
    code = subprocess.run(
        command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, close_fds=True
    ).returncode
if code:
    sys.stderr.write(open(log_path, encoding="utf-8", errors="replace").read()[-4000:])
    sys.exit(code)
PY
}

version() { ls /usr/lib/postgresql | sort -V | tail -1; }

if [ "${1:-start}" = "stop" ]; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /usr/lib/postgresql ]; then
    detached pg_ctlcluster "$(version)" main stop || true
  fi
  exit 0
fi

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  apt-get update -qq
  detached env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
fi

VERSION="$(version)"
if ! pg_lsclusters -h | grep -q "^${VERSION} main"; then
  detached pg_createcluster "${VERSION}" main
fi
if ! pg_lsclusters -h | grep -q "^${VERSION} main .* online"; then
  detached pg_ctlcluster "${VERSION}" main start
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
