#!/usr/bin/env bash
# `make test`: the test environment, then every test.
# Installs PostgreSQL and Chromium when missing, starts a throwaway PostgreSQL
# cluster on loopback (its URL in MAINMATCH_TEST_PG_URL), runs pytest over
# tests/ on every core (pytest-xdist), prints the slowest, and stops the
# cluster whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}

bash scripts/install-test-deps.sh
dir=$(mktemp -d /tmp/mainmatch-pg.XXXXXX)
trap 'bash scripts/pg-stop.sh "$dir"' EXIT
port=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
MAINMATCH_TEST_PG_URL=$(bash scripts/pg-start.sh "$dir" "$port")
export MAINMATCH_TEST_PG_URL
export MAINMATCH_TEST_BROWSER=/usr/bin/chromium
echo "PostgreSQL for the tests: $MAINMATCH_TEST_PG_URL" >&2
"$PY" -m pytest -q -n auto --durations=15 "$@"
