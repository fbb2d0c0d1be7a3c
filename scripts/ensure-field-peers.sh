#!/usr/bin/env bash
# The field connectors' tests talk to real peers: Debian's Mosquitto broker (running on
# 127.0.0.1:1883, and its binary for the tests' own brokers), Debian's python3-pymodbus (a Modbus
# TCP device) and openssl (certificates for TLS). Install what is missing and start the broker
# when it is not running, as ensure-chromium.sh does for the browser.
set -euo pipefail
missing=()
command -v mosquitto >/dev/null 2>&1 || missing+=(mosquitto)
command -v mosquitto_passwd >/dev/null 2>&1 || missing+=(mosquitto)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
/usr/bin/python3 -c 'import pymodbus' >/dev/null 2>&1 || missing+=(python3-pymodbus)
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else SUDO="none"; fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$SUDO" = "none" ]; then
    echo "missing for the field connector tests: ${missing[*]} (install these Debian packages)" >&2
    exit 1
  fi
  echo "installing Debian's ${missing[*]} for the field connector tests"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
broker_up() { (exec 3<>/dev/tcp/127.0.0.1/1883) 2>/dev/null; }
if ! broker_up; then
  echo "starting Mosquitto on 127.0.0.1:1883"
  if [ "$SUDO" = "none" ]; then
    echo "Mosquitto is not running and this user cannot start it: start the mosquitto service" >&2
    exit 1
  fi
  $SUDO mkdir -p /run/mosquitto
  $SUDO chown mosquitto: /run/mosquitto 2>/dev/null || true
  $SUDO mosquitto -d -c /etc/mosquitto/mosquitto.conf
  for _ in $(seq 1 50); do broker_up && break; sleep 0.1; done
  broker_up || { echo "Mosquitto did not start" >&2; exit 1; }
fi
