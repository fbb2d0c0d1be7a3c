#!/usr/bin/env bash
# Browser tests drive Debian's chromium; install it when it is missing (never a downloaded browser).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "chromium is missing: installing Debian's chromium package"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "chromium is missing and this user cannot install packages: install Debian's 'chromium' package" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null
