#!/usr/bin/env bash
# Install what the tests need beside Python, only when it is missing:
# PostgreSQL (server binaries) and Debian's Chromium (for the browser test).
set -euo pipefail

need=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "error: the tests need ${need[*]}; install them with apt-get as root" >&2
  exit 1
fi
echo "installing ${need[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -q >/dev/null
"${SUDO[@]}" apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
