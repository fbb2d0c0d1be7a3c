#!/usr/bin/env bash
# The tests of several server processes need Debian's nginx (run by the tests themselves with a
# generated configuration, never as a service) and Redis: its binary for the tests' own servers
# and the service on 127.0.0.1:6379. Install what is missing, as ensure-chromium.sh does.
set -euo pipefail
missing=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else SUDO="none"; fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$SUDO" = "none" ]; then
    echo "missing for the scale-out tests: ${missing[*]} (install these Debian packages)" >&2
    exit 1
  fi
  echo "installing Debian's ${missing[*]} for the scale-out tests"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
redis_up() { (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; }
if ! redis_up; then
  echo "starting Redis on 127.0.0.1:6379"
  if [ "$SUDO" = "none" ]; then
    echo "Redis is not running and this user cannot start it: start the redis-server service" >&2
    exit 1
  fi
  $SUDO redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no >/dev/null
  for _ in $(seq 1 50); do redis_up && break; sleep 0.1; done
  redis_up
fi
