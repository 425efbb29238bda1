#!/usr/bin/env bash
# Browser specs (operator console, MCP Apps views) drive Debian's headless Chromium through playwright-core.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null || command -v chromium-browser >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "ensure-chromium: installing Debian's chromium for the browser specs" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
  exit 0
fi
echo "ensure-chromium: Chromium not found. Install it (e.g. 'sudo apt-get install -y chromium') or set CHROMIUM_PATH to its executable." >&2
exit 1
