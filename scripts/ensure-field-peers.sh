#!/usr/bin/env bash
# The field connectors' tests talk to real peers: Debian's Mosquitto broker (running on
# 127.0.0.1:1883, and its binary for the tests' own brokers), Debian's python3-pymodbus (a Modbus
# TCP device) and openssl (certificates for TLS). Install what is missing and start the broker
# when it is not running.
set -euo pipefail
. "$(dirname "$0")/debian-peers.sh"
missing=()
command -v mosquitto >/dev/null 2>&1 || missing+=(mosquitto)
command -v mosquitto_passwd >/dev/null 2>&1 || missing+=(mosquitto)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
/usr/bin/python3 -c 'import pymodbus' >/dev/null 2>&1 || missing+=(python3-pymodbus)
install_missing "the field connector tests" "${missing[@]}"
if ! listening 1883; then
  [ "$SUDO" = "none" ] || { $SUDO mkdir -p /run/mosquitto; $SUDO chown mosquitto: /run/mosquitto 2>/dev/null || true; }
fi
start_unless_listening 1883 Mosquitto mosquitto -d -c /etc/mosquitto/mosquitto.conf
