#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, when they are missing.
# As root it uses apt-get; otherwise it says what to install and fails.
set -euo pipefail

need=()
have_header() { [ -e "$1" ]; }
have_header /usr/include/ncursesw/curses.h || need+=(libncurses-dev)
have_header /usr/include/sqlite3.h || need+=(libsqlite3-dev)
# Bluetooth sensors are reached through BlueZ over D-Bus: libdbus's headers (the library itself
# is opened when a sensor is first looked for: Sources/CDBus/shim.h).
have_header /usr/include/dbus-1.0/dbus/dbus.h || need+=(libdbus-1-dev)
if [ "${1:-}" = "--test" ]; then
  command -v tmux >/dev/null 2>&1 || need+=(tmux)
  command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
  command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
  command -v faketime >/dev/null 2>&1 || need+=(faketime)
  # The manual page's checks (man -l, groff -man) and scripts/install-test.sh.
  command -v man >/dev/null 2>&1 || need+=(man-db)
  command -v groff >/dev/null 2>&1 || need+=(groff-base)
  # The fake BlueZ of the sensor tests: a private bus and python-dbusmock's bluez5 template,
  # run with Debian's interpreter (Tests/tools/fake_bluez.py).
  command -v dbus-daemon >/dev/null 2>&1 || need+=(dbus-daemon)
  [ -e /usr/lib/python3/dist-packages/dbusmock/templates/bluez5.py ] || need+=(python3-dbusmock)
  /usr/bin/python3 -c 'import dbus' >/dev/null 2>&1 || need+=(python3-dbus)
fi

[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${need[*]} ..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "splits needs these Debian packages: ${need[*]}" >&2
  echo "install them with: sudo apt-get install ${need[*]}" >&2
  exit 1
fi
