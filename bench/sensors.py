#!/usr/bin/env python3
"""`make bench`, sensors: what four Bluetooth sensors at 4 Hz cost the ride screen.

The fake BlueZ of the tests (Tests/tools/fake_bluez.py: a private dbus-daemon and
python-dbusmock's bluez5 template, run by Debian's /usr/bin/python3) stands in for the radio:
a heart rate strap, power pedals, a speed/cadence sensor and a trainer, remembered with
`splits sensors add`, each notifying every 0.25 s. The screen runs in a pseudo-terminal
(`ptyjob.Job`, as the rest of the bench) with DBUS_SYSTEM_BUS_ADDRESS set to the fake's bus.
Four windows, each after the state is reached and has settled: ready while the four stream,
ready once they are silent (connected, figures stale), running at whole seconds while they
stream, and running once they are silent. In each: CPU (% of a core) and context switches per
second of every thread of the screen (/proc/PID/task/*), the notifications sent (the streams
count them) and the threads alive.

Usage: sensors.py --splits PATH [--seconds 8]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench import environment, window_usage  # noqa: E402
from ptyjob import Job  # noqa: E402

FAKE = os.path.join(os.path.dirname(HERE), "Tests", "tools", "fake_bluez.py")
SYSTEM_PYTHON = "/usr/bin/python3"
# (address, characteristic, hex): 140 bpm; 200 W; a crank's counters; a trainer's speed
# 30 km/h, cadence 90 rpm and 200 W.
STREAMS = [
    ("AA:00:00:00:00:01", "hr", "008c"),
    ("AA:00:00:00:00:02", "power", "0000c800"),
    ("AA:00:00:00:00:03", "csc", "020a000004"),
    ("AA:00:00:00:00:04", "bike", "4400b80bb400c800"),
]
INTERVAL = 0.25
# The figures go stale 3 s after they were last heard; then the screen is measured silent.
STALE_S = 3.5


def fake(*arguments: str) -> str:
    return subprocess.run([SYSTEM_PYTHON, FAKE, *arguments], check=True, capture_output=True, text=True,
                          timeout=30).stdout.strip()


def streaming(directory: str) -> None:
    for address, kind, value in STREAMS:
        fake("stream", directory, address, kind, value, "--interval", str(INTERVAL))


def has(*words: str):
    return lambda screen: all(any(w in line for line in screen.display) for w in words)


def lacks(*words: str):
    return lambda screen: not any(w in line for line in screen.display for w in words)


def window(job: Job, directory: str, seconds: float) -> dict:
    sent = int(fake("sent", directory))
    usage, _, _ = window_usage(job, seconds)
    usage["notifications"] = int(fake("sent", directory)) - sent
    usage["notifications_per_s"] = usage["notifications"] / usage["seconds"]
    usage["switches_per_notification"] = (usage["switches"] / usage["notifications"]
                                          if usage["notifications"] else None)
    return usage


def silent(job: Job, directory: str, seconds: float) -> dict | None:
    """The streams ended, the figures stale: a window; None if they never went stale."""
    fake("stop-streams", directory)
    if job.wait_for(lacks("bpm", "rpm", "km/h"), 10.0) is None:
        return None
    job.pump(0.5)
    return window(job, directory, seconds)


def measure(binary: str, seconds: float = 8.0) -> dict:
    if not (os.access(SYSTEM_PYTHON, os.X_OK) and shutil.which("dbus-daemon")):
        return {"available": False, "why": "no /usr/bin/python3 or dbus-daemon (scripts/ensure-deps.sh --test)"}
    root = tempfile.mkdtemp(prefix="splits-bench-sensors-")
    bus_dir = os.path.join(root, "bus")
    data, home = os.path.join(root, "data"), os.path.join(root, "home")
    for path in (bus_dir, home):
        os.makedirs(path)
    os.makedirs(data, mode=0o700)
    job = None
    try:
        address = fake("start", bus_dir).splitlines()[-1]
        env = dict(environment(data, home), DBUS_SYSTEM_BUS_ADDRESS=address)
        for sensor, _, _ in STREAMS:
            subprocess.run([binary, "sensors", "add", sensor], env=env, check=True, capture_output=True, timeout=10)
        streaming(bus_dir)
        job = Job([binary, "--plain", "--precision", "s"], env)
        all_four = has("READY", "HR 140 bpm", "now 200 W", " rpm", "km/h")
        if job.wait_for(all_four, 20.0) is None:
            return {"available": False, "why": "the four sensors' figures did not show"}
        job.pump(1.0)
        out: dict = {"available": True, "seconds": seconds, "interval_s": INTERVAL, "sensors": len(STREAMS)}
        out["ready_streaming"] = window(job, bus_dir, seconds)
        out["ready_silent"] = silent(job, bus_dir, seconds)
        if out["ready_silent"] is None:
            return {"available": False, "why": "the figures did not go stale"}
        streaming(bus_dir)
        if job.wait_for(has("HR 140 bpm", " rpm", "km/h"), 10.0) is None:
            return {"available": False, "why": "the streams did not start again: " + " / ".join(
                line.strip() for line in job.live_screen().display if line.strip())}
        job.send(b" ")
        if job.wait_for(has("RUNNING"), 5.0) is None:
            return {"available": False, "why": "the ride did not start"}
        job.pump(1.0)
        out["running_streaming"] = window(job, bus_dir, seconds)
        out["running_silent"] = silent(job, bus_dir, seconds)
        if out["running_silent"] is None:
            return {"available": False, "why": "the figures did not go stale while running"}
        job.send(b" ")
        job.wait_for(has("PAUSED"), 5.0)
        job.finish(b"q")
        return out
    finally:
        if job is not None and job.exit_code is None:
            job.finish(None, timeout=0.5)
        subprocess.run([SYSTEM_PYTHON, FAKE, "stop", bus_dir], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--splits", required=True)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    print(json.dumps(measure(os.path.abspath(args.splits), args.seconds), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
