#!/usr/bin/env bash
# Integration specs start a throw-away PostgreSQL server; make sure its binaries are installed.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; }; then
  exit 0
fi
. "$(dirname "$0")/apt-install.sh"
# The package starts a cluster on port 5432; the specs start their own on free ports.
apt_install postgresql "for the integration specs" "Install its server binaries (e.g. 'sudo apt-get install -y postgresql') or set PG_BIN to a directory with initdb and pg_ctl."
