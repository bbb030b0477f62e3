"""Runs termdown's stopwatch and notes the instant it starts counting.

termdown starts its stopwatch when its `stopwatch` mode function begins (it reads
`monotonic()` on its first line). This launcher wraps that function so the instant, on
CLOCK_MONOTONIC in nanoseconds, is written to the file named by BENCH_START_FILE just
before termdown reads its own clock; nothing else about termdown changes.

Usage: python termdown_start.py [termdown arguments]
"""

import os
import sys
import time

import termdown.cli as cli

_stopwatch = cli.stopwatch


def _noting_stopwatch(ui, args):
    path = os.environ.get("BENCH_START_FILE")
    if path:
        with open(path, "w") as f:
            f.write(str(time.monotonic_ns()))
    return _stopwatch(ui, args)


cli.stopwatch = _noting_stopwatch

if __name__ == "__main__":
    sys.argv[0] = "termdown"
    sys.exit(cli.main())
