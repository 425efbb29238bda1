#!/usr/bin/env bash
# Browser specs (operator console, MCP Apps views) drive Debian's headless Chromium through playwright-core.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null || command -v chromium-browser >/dev/null; then exit 0; fi
. "$(dirname "$0")/apt-install.sh"
apt_install chromium "for the browser specs" "Install it (e.g. 'sudo apt-get install -y chromium') or set CHROMIUM_PATH to its executable."
