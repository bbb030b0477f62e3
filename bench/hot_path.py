#!/usr/bin/env python3
"""Writes `scripts/hot-path.order`: the functions of splits that a running screen executes, the
busiest first, for the release link to place side by side (docs/decisions.md, "The release
build places the screen's hot path together").

    hot_path.py --splits BIN [--out scripts/hot-path.order] [--seconds 8]

BIN is a release build (`make release`; its functions in sections of their own). Under
`perf record -g` (Debian's linux-perf) at 20 kHz, in a pty of 80×24:
- the default screen running at hundredths, then `--plain` at hundredths: the ticks;
- ten lap keys half a second apart, at whole seconds: a key's journal write, render and frame;
- whole lives of a screen, from `exec` (`--lives` of each: the default screen and `--plain`,
  the first on a new data directory, the others on the journal the one before left): the
  start-up to READY, the start, a lap, the pause, the finish, quitting. Placed after the
  rest, they keep the code a start runs once together too, instead of one page in a hundred
  of a 100 MB binary (docs/decisions.md, "The release build places a screen's start-up
  together").
Every function of the binary's own code found in a sampled call stack is listed, those of the
ticks first, then the keys', then the lives', each part by how many samples held it. Run it
again when the screen's code changes much (`bench.py` reports how many of the listed
functions the binary still has).
`swift build` does not see the list as an input: a build already linked is linked again with
it only once its binary is gone (`rm .build-release/release/splits`, then `make bench`).
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench import Sandbox  # noqa: E402
from profiling import drive  # noqa: E402
from ptyjob import Job  # noqa: E402

ROOT = os.path.dirname(HERE)
HEADER = """\
# The functions a screen executes, busiest first: the release link places them side
# by side (lld --symbol-ordering-file; docs/decisions.md, "The release build places the
# screen's hot path together"). Written by bench/hot_path.py from a profile of a release build;
# a name the binary no longer has is skipped. Ticks first, then a lap key's, then the rest of
# a screen's life (its start-up, quitting).
"""


def record_screen(binary: str, args: list[str], seconds: float, laps: int, data: str) -> None:
    """`perf record` of one screen once it runs (not its start-up): `seconds`, then `laps` lap
    keys half a second apart."""
    def record(job) -> None:
        job.pump(0.5)
        perf = subprocess.Popen(
            ["perf", "record", "-F", "20000", "-g", "-o", data, "-p", str(job.pid)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        job.pump(seconds)
        for _ in range(laps):
            job.send(b"l")
            job.pump(0.5)
        perf.send_signal(signal.SIGINT)
        perf.wait(timeout=30)

    drive([binary, *args], 0, ready_seconds=0.5, start_timeout=5.0, running=record)


def record_lives(binary: str, lives: int, scratch: str) -> collections.Counter:
    """`perf record` of whole lives of the screen from `exec`, on one data directory."""
    counts: collections.Counter = collections.Counter()
    binary = os.path.abspath(binary)
    box = Sandbox()
    try:
        for _ in range(lives):
            for args in ([], ["--plain"]):
                data = os.path.join(scratch, "life.data")
                perf = [shutil.which("perf") or "perf", "record", "-F", "20000", "-g", "-o", data, "--"]
                job = Job(perf + [binary, *args, "--precision", "s", "--split-guard", "0"], box.env())
                try:
                    if job.wait_for(lambda s: any("READY" in line for line in s.display), 30.0) is None:
                        raise RuntimeError("no READY screen:\n" + "\n".join(job.live_screen().display))
                    for key in (b" ", b"l", b" ", b"r"):
                        job.pump(0.3)
                        job.send(key)
                    job.pump(0.3)
                    job.finish(b"q", timeout=30.0)
                finally:
                    if job.exit_code is None:
                        job.finish(None, timeout=1.0)
                counts.update(counted(binary, data))
    finally:
        box.remove()
    return counts


def counted(binary: str, data: str) -> collections.Counter:
    """How many samples held each function of `binary` in their call stacks."""
    script = subprocess.run(
        ["perf", "script", "-i", data, "--no-demangle", "-F", "ip,sym,dso"],
        capture_output=True, text=True, check=True).stdout
    real = os.path.realpath(binary)
    counts: collections.Counter = collections.Counter()
    for sample in script.split("\n\n"):
        held = set()
        for line in sample.splitlines():
            parts = line.split()
            if len(parts) < 3 or not parts[-1].startswith("(") or os.path.realpath(parts[-1][1:-1]) != real:
                continue
            name = " ".join(parts[1:-1]).rsplit("+0x", 1)[0]
            if name and name != "[unknown]":
                held.add(name)
        counts.update(held)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--splits", required=True, help="a release build of splits")
    parser.add_argument("--out", default=os.path.join(ROOT, "scripts", "hot-path.order"))
    parser.add_argument("--seconds", type=float, default=8.0, help="running time per screen")
    parser.add_argument("--lives", type=int, default=10, help="whole lives of each screen")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        ticks: collections.Counter = collections.Counter()
        for args in ([], ["--plain"]):
            data = os.path.join(scratch, "ticks.data")
            record_screen(options.splits, args + ["--precision", "cs"], options.seconds, 0, data)
            ticks.update(counted(options.splits, data))
        data = os.path.join(scratch, "keys.data")
        record_screen(options.splits, ["--precision", "s"], 1.0, 10, data)
        keys = counted(options.splits, data)
        lives = record_lives(options.splits, options.lives, scratch)
    names = [name for name, _ in ticks.most_common()]
    names += [name for name, _ in keys.most_common() if name not in ticks]
    names += [name for name, _ in lives.most_common() if name not in ticks and name not in keys]
    if not names:
        print("no samples in the binary's own code: is perf allowed here?", file=sys.stderr)
        return 1
    with open(options.out, "w") as out:
        out.write(HEADER)
        out.write("".join(name + "\n" for name in names))
    parts = f"{len(ticks)} of the ticks, {len(keys)} of the keys, {len(lives)} of the lives"
    print(f"{len(names)} functions ({parts}) -> {options.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
