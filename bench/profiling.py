#!/usr/bin/env python3
"""Where the cost is: runs splits in the same pty set-up as the bench, wrapped in a
profiler, through a fixed script (ready, then running for a while), and leaves the
profiler's output in bench/results/profile/.

    profiling.py --splits BIN strace   [--precision cs] [--seconds 10]   # syscalls: strace -c -f
    profiling.py --splits BIN perf     [--precision cs] [--seconds 10]   # perf record -g (cycles)
    profiling.py --splits BIN callgrind [--precision cs] [--seconds 10]  # instructions per function
    profiling.py --splits BIN startup                                    # perf record of 50 start-ups

The summaries are printed; the raw files stay in the results folder (gitignored).
callgrind needs a build whose debug information valgrind reads: Debian's valgrind 3.19 gives
up on the static release build's DWARF 5 ("unhandled dwarf2 abbrev form code 0x25"); perf
reads it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench import Sandbox  # noqa: E402
from ptyjob import Job  # noqa: E402


def drive(argv: list[str], seconds: float, ready_seconds: float = 1.0, start_timeout: float = 30.0,
          on_ready=None, running=None) -> Job:
    """The program in a pty of a fresh sandbox: its READY screen, `on_ready(job)`, the start key,
    `running(job)`, `seconds` more, then `q`."""
    box = Sandbox()
    job = Job(argv, box.env())
    try:
        if job.wait_for(lambda s: any("READY" in line for line in s.display), start_timeout) is None:
            raise RuntimeError("no READY screen:\n" + "\n".join(job.live_screen().display))
        job.pump(ready_seconds)
        if on_ready:
            on_ready(job)
        job.t_start = job.send(b" ")
        if running:
            running(job)
        job.pump(seconds)
        job.t_end = time.monotonic_ns()
        job.finish(b"q", timeout=30.0)
        return job
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=1.0)
        box.remove()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--splits", required=True)
    parser.add_argument("tool", choices=["strace", "perf", "callgrind", "startup"])
    parser.add_argument("--precision", default="cs")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--plain", action="store_true")
    args = parser.parse_args()
    binary = os.path.abspath(args.splits)
    out = os.path.join(HERE, "results", "profile")
    os.makedirs(out, exist_ok=True)
    program = [binary, "--precision", args.precision] + (["--plain"] if args.plain else [])
    tag = f"{args.precision}{'-plain' if args.plain else ''}"

    if args.tool == "strace":
        path = os.path.join(out, f"strace-{tag}.txt")
        drive([shutil.which("strace"), "-f", "-c", "-o", path, *program], args.seconds)
        print(open(path).read())
    elif args.tool == "perf":
        path = os.path.join(out, f"perf-{tag}.data")
        drive([shutil.which("perf"), "record", "-q", "-e", "cpu-clock", "-g", "-F", "4999", "-o", path, "--", *program], args.seconds)
        report = subprocess.run(
            ["perf", "report", "-i", path, "--no-children", "--sort", "dso,symbol", "--stdio", "-g", "none",
             "--percent-limit", "0.7"], capture_output=True, text=True)
        text = report.stdout
        with open(os.path.join(out, f"perf-{tag}.txt"), "w") as f:
            f.write(text)
        print("\n".join(line for line in text.splitlines() if line and not line.startswith("#"))[:6000])
    elif args.tool == "callgrind":
        path = os.path.join(out, f"callgrind-{tag}.out")
        # Counters are zeroed once the READY screen is up, so the profile is the running
        # state only; instructions per frame = total / frames (a frame: writes < 2 ms apart).
        job = drive([shutil.which("valgrind"), "--tool=callgrind", f"--callgrind-out-file={path}",
                     "--dump-instr=no", *program], args.seconds, ready_seconds=3.0,
                    on_ready=lambda j: subprocess.run(["callgrind_control", "-z", str(j.pid)],
                                                      capture_output=True))
        times = [t for t, _ in job.chunks if job.t_start < t <= job.t_end]
        frames = sum(1 for i, t in enumerate(times) if i == 0 or t - times[i - 1] > 2_000_000)
        print(f"frames while running: {frames}")
        annotate = subprocess.run(["callgrind_annotate", "--inclusive=no", path], capture_output=True, text=True)
        with open(os.path.join(out, f"callgrind-{tag}.txt"), "w") as f:
            f.write(annotate.stdout)
        inclusive = subprocess.run(["callgrind_annotate", "--inclusive=yes", path], capture_output=True, text=True)
        with open(os.path.join(out, f"callgrind-{tag}-inclusive.txt"), "w") as f:
            f.write(inclusive.stdout)
        print(annotate.stdout[:6000])
    elif args.tool == "startup":
        path = os.path.join(out, "perf-startup.data")
        script = os.path.join(out, "startup.sh")
        with open(script, "w") as f:
            f.write(f"#!/bin/sh\nfor i in $(seq 50); do {binary} --version >/dev/null; done\n")
        os.chmod(script, 0o755)
        subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-g", "-F", "9999", "-o", path, "--", script], check=False)
        report = subprocess.run(
            ["perf", "report", "-i", path, "--comm", "splits", "--no-children", "--sort", "dso", "--stdio",
             "-g", "none"], capture_output=True, text=True)
        with open(os.path.join(out, "perf-startup.txt"), "w") as f:
            f.write(report.stdout)
        print("\n".join(line for line in report.stdout.splitlines() if line and not line.startswith("#"))[:4000])
    return 0


if __name__ == "__main__":
    sys.exit(main())
