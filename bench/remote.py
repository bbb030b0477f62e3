#!/usr/bin/env python3
"""`make bench`, remote commands: from starting `splits lap` to the open screen showing the lap.

The screen runs in a pseudo-terminal (`ptyjob.Job`, as the rest of the bench) with a ride
running at whole seconds; each `splits lap` is started with subprocess and the time is read
from the timestamp of the output chunk that makes the screen show the new lap count. The same
is measured with the request written straight to the control socket from this process (no
process start-up: what is left is the screen's part, accept → reducer → journal fsync →
frame), and the start-up floor of a trivial process (`/bin/true`) is given beside it.

Usage: remote.py --splits PATH [--laps 100]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench import MS, percentile  # noqa: E402
from ptyjob import Job  # noqa: E402

WIRE = os.path.join(os.path.dirname(HERE), "Sources", "SplitsRemote", "RemoteWire.swift")


def protocol_version() -> int:
    """The control protocol's version, read from the code that defines it (`RemoteWire.version`):
    a screen refuses a request of any other version, and a number written here once went stale."""
    with open(WIRE) as f:
        match = re.search(r"public static let version = (\d+)", f.read())
    if match is None:
        raise RuntimeError(f"no `public static let version` in {WIRE}")
    return int(match.group(1))


def stats(values: list[float]) -> dict:
    return {
        "count": len(values),
        "p50_ms": percentile(values, 50),
        "p99_ms": percentile(values, 99),
        "max_ms": max(values) if values else None,
    }


def shows_laps(count: int):
    text = f"Laps {count}"
    return lambda screen: any(text in line for line in screen.display)


def measure(binary: str, laps: int = 100) -> dict:
    root = tempfile.mkdtemp(prefix="splits-bench-remote-")
    data = os.path.join(root, "data")
    home = os.path.join(root, "home")
    os.makedirs(home)
    os.makedirs(data, mode=0o700)
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": home,
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "TZ": "UTC",
        "SPLITS_DATA_DIR": data,
    }
    # Laps back to back, each as soon as the one before shows: no split guard.
    job = Job([binary, "--plain", "--precision", "s", "--split-guard", "0"], env)
    out: dict = {"laps": laps}
    try:
        if job.wait_for(lambda s: any("READY" in line for line in s.display), 5.0) is None:
            return {"available": False, "why": "the screen did not show READY"}
        job.send(b" ")
        if job.wait_for(lambda s: any("RUNNING" in line for line in s.display), 5.0) is None:
            return {"available": False, "why": "the ride did not start"}
        shown = 0
        command, command_exit = [], []
        for _ in range(laps):
            t0 = time.monotonic_ns()
            process = subprocess.Popen([binary, "lap"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            t = job.wait_for(shows_laps(shown + 1), 5.0)
            status = process.wait(timeout=5)
            if t is None or status != 0:
                return {"available": False, "why": f"lap {shown + 1}: status {status}, {process.stderr.read()!r}"}
            shown += 1
            command.append((t - t0) / MS)
            command_exit.append((time.monotonic_ns() - t0) / MS)
            job.pump(0.01)
        out["command"] = stats(command)
        out["command_to_exit"] = stats(command_exit)

        # The screen's part: the request straight to the socket, no process to start.
        direct = []
        path = os.path.join(data, "control.sock")
        version = protocol_version()
        for _ in range(laps):
            t0 = time.monotonic_ns()
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
                client.connect(path)
                # The command and a new id (32 hex digits) of its own.
                client.sendall(f"splits-control {version} lap {os.urandom(16).hex()}\n".encode())
                t = job.wait_for(shows_laps(shown + 1), 5.0)
                answer = client.recv(4096)
            if t is None or b'"answer"' not in answer:
                return {"available": False, "why": f"socket lap {shown + 1}: {answer!r}"}
            shown += 1
            direct.append((t - t0) / MS)
            job.pump(0.01)
        out["socket"] = stats(direct)

        floor = []
        for _ in range(laps):
            t0 = time.monotonic_ns()
            subprocess.run(["/bin/true"], capture_output=True)
            floor.append((time.monotonic_ns() - t0) / MS)
        out["spawn_floor"] = stats(floor)
        out["available"] = True
        return out
    finally:
        job.finish()
        shutil.rmtree(root, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--splits", required=True)
    parser.add_argument("--laps", type=int, default=100)
    args = parser.parse_args()
    print(json.dumps(measure(os.path.abspath(args.splits), args.laps), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
