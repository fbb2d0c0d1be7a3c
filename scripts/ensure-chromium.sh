#!/usr/bin/env bash
# Browser tests drive Debian's chromium; install it when it is missing (never a downloaded browser).
set -euo pipefail
. "$(dirname "$0")/debian-peers.sh"
command -v chromium >/dev/null 2>&1 || install_missing "the browser tests" chromium
command -v chromium >/dev/null
