#!/bin/sh
# Microseconds to render a frame and compute its changes against the previous one
# (RideView / CountdownView + Screen.changes), release build. Usage: bench/render.sh [frames]
set -eu
cd "$(dirname "$0")/.."
swift build $(scripts/release-flags.sh) --scratch-path .build-release --product splits-render-bench >&2
exec .build-release/release/splits-render-bench "$@"
