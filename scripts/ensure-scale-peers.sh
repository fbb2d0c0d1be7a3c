#!/usr/bin/env bash
# The tests of several server processes need Debian's nginx (run by the tests themselves with a
# generated configuration, never as a service) and Redis: its binary for the tests' own servers
# and the service on 127.0.0.1:6379. Install what is missing and start Redis when it is not running.
set -euo pipefail
. "$(dirname "$0")/debian-peers.sh"
missing=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
install_missing "the scale-out tests" "${missing[@]}"
start_unless_listening 6379 Redis redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no
