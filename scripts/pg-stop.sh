#!/usr/bin/env bash
# Stop the throwaway cluster of pg-start.sh and remove it: pg-stop.sh DIR
set -uo pipefail
dir=$1
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
cd /
as_pg=()
[ "$(id -u)" -eq 0 ] && as_pg=(runuser -u postgres --)
if [ -n "$bin" ] && [ -f "$dir/postmaster.pid" ]; then
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null 2>&1
fi
rm -rf "$dir" "$dir.initdb.log"
