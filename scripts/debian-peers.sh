#!/usr/bin/env bash
# What the ensure-*.sh scripts share: install missing Debian packages and start a service that is
# not listening, as root or through sudo, and say plainly what to do when neither is possible.
# Sourced, not run.

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else SUDO="none"; fi
fi

# install_missing "<what needs them>" package... — installs the packages given (none: nothing).
install_missing() {
  local purpose=$1
  shift
  [ $# -gt 0 ] || return 0
  local packages
  packages=$(printf '%s\n' "$@" | sort -u | tr '\n' ' ')
  if [ "$SUDO" = "none" ]; then
    echo "missing for ${purpose}: ${packages}(install these Debian packages)" >&2
    exit 1
  fi
  echo "installing Debian's ${packages}for ${purpose}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -qq $packages >/dev/null
}

# listening <port> — whether something accepts connections on 127.0.0.1:<port>.
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# start_unless_listening <port> <name> command... — runs the command (as root) when nothing
# listens on the port, then waits up to 5 s for it.
start_unless_listening() {
  local port=$1 name=$2
  shift 2
  listening "$port" && return 0
  echo "starting ${name} on 127.0.0.1:${port}"
  if [ "$SUDO" = "none" ]; then
    echo "${name} is not running and this user cannot start it: start the ${name} service" >&2
    exit 1
  fi
  $SUDO "$@"
  for _ in $(seq 1 50); do listening "$port" && return 0; sleep 0.1; done
  echo "${name} did not start" >&2
  exit 1
}
