#!/usr/bin/env bash
# `make demo-sensors`: the sensors and ERG with no Bluetooth hardware. A fake BlueZ
# (Tests/tools/fake_bluez.py) on a private bus in a temporary directory, its four sensors
# remembered in a temporary data directory and streaming (a strap at about 140 bpm, power
# pedals about 200 W, a crank at 90 rpm, a trainer's speed, cadence and power), then
# `splits workout --erg` on docs/examples/erg-demo.txt. Quitting the screen stops the fake
# and removes both directories. Usage: scripts/demo-sensors.sh [SPLITS]
set -euo pipefail
cd "$(dirname "$0")/.."
splits=${1:-.build/debug/splits}
[ -x "$splits" ] || { echo "no $splits: build it first (swift build, or make demo-sensors)" >&2; exit 1; }
scripts/ensure-deps.sh --test

fake=Tests/tools/fake_bluez.py
bus_dir=$(mktemp -d -t splits-demo-bus.XXXXXX)
data_dir=$(mktemp -d -t splits-demo-data.XXXXXX)
cleanup() {
  /usr/bin/python3 "$fake" stop "$bus_dir" || true
  rm -rf "$bus_dir" "$data_dir"
  echo "demo-sensors: the fake sensors stopped; the demonstration's ride and data removed" >&2
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

bus=$(/usr/bin/python3 "$fake" start "$bus_dir")
export DBUS_SYSTEM_BUS_ADDRESS=$bus SPLITS_DATA_DIR=$data_dir
"$splits" sensors add AA:00:00:00:00:01 --name "HRM Strap"
"$splits" sensors add AA:00:00:00:00:02 --name "Power Pedals"
"$splits" sensors add AA:00:00:00:00:03 --name "Speed Cadence"
"$splits" sensors add AA:00:00:00:00:04 --name "Smart Trainer"

stream() { /usr/bin/python3 "$fake" stream "$bus_dir" "$@"; }
# Heart rate (flags 0, uint8 bpm): 138 to 143.
stream AA:00:00:00:00:01 hr 008a,008c,008f,008d --interval 1
# Cycling power (flags 0, sint16 W): 185 to 214 W, four a second.
stream AA:00:00:00:00:02 power 0000c800,0000d000,0000be00,0000d600,0000c300,0000b900,0000cc00 --interval 0.25
# Speed and cadence: the crank's counters at 90 rpm.
stream AA:00:00:00:00:03 csc crank:90 --interval 1
# Indoor bike data: 30.00 km/h, 90 rpm, 195 W.
stream AA:00:00:00:00:04 bike 4400b80bb400c300 --interval 0.5

"$splits" workout docs/examples/erg-demo.txt --erg
