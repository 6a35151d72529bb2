#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster on loopback: pg-start.sh DIR PORT
# Prints the SQLAlchemy URL of its "postgres" database (user mm, no password).
set -euo pipefail
dir=$1
port=$2
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
cd /  # the postgres user may not enter the caller's directory
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  # PostgreSQL refuses to run as root
  chown postgres:postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
"${as_pg[@]}" "$bin/initdb" -D "$dir" -A trust -U mm >"$dir.initdb.log" 2>&1 || { cat "$dir.initdb.log" >&2; exit 1; }
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
echo "postgresql+psycopg://mm@127.0.0.1:$port/postgres"
