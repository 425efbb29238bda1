#!/usr/bin/env bash
# Integration specs start a throw-away PostgreSQL server; make sure its binaries are installed.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; }; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "ensure-postgres: installing Debian's postgresql for the integration specs" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  # The package starts a cluster on port 5432; the specs start their own on free ports.
  exit 0
fi
echo "ensure-postgres: PostgreSQL server binaries not found. Install them (e.g. 'sudo apt-get install -y postgresql') or set PG_BIN to a directory with initdb and pg_ctl." >&2
exit 1
