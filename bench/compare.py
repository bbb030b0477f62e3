#!/usr/bin/env python3
"""Two builds of splits side by side, interleaved on the same machine: the figures of the
screen's main loop (issue 25), without termdown and the rest of `make bench`.

    compare.py --old BIN --new BIN [--runs 5] [--seconds 8] [--paused 8] [--strace 10] [--floor]

Per run and build, in alternating order (old first in odd runs, new first in even ones):
- running at hundredths (`--plain --precision cs`): CPU, context switches (all threads) and
  the involuntary ones, per displayed change, threads alive, display lag p99;
- paused (`--plain --precision s`, 1 s running then paused): switches per second;
- with `--strace S`, once per build: `strace -c -f` attached to the running screen at
  hundredths for S seconds: system calls per displayed change.

- key to screen with the data directory on /dev/shm (eight laps half a second from any
  tick, at whole seconds): what a key takes beyond the journal's `fdatasync`.

With `--floor`, a third program runs beside them in the same order: `floor/stopwatch.c`
(built here with `cc -O2`), the least a terminal stopwatch can do (a `ppoll` timed to the
next change, the foreground check, one write; no journal). Its figures are the floor of
this machine, its pty and this harness: a lag or a key-to-screen time no program can go
under here, a CPU share below which only the kernel's work is left. In the key phase a
fourth runs too, "journal floor": the same stopwatch committing each key to a SQLite journal
the way splits commits an event (`stopwatch --journal`, built with `-lsqlite3`): what a key
costs with the journal's commit and nothing else, so that splits' key to screen beyond the
journal's flush is splits' less the journal floor's.

Medians and spreads (min–max) are printed, and the raw figures written to
bench/results/compare.json.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench import (  # noqa: E402
    NS, UNITS, Sandbox, build_floor, has_text, key_latencies, lag_stats, percentile, replay, send_laps, window_usage)
from ptyjob import Job  # noqa: E402


@contextlib.contextmanager
def ready_screen(binary: str | list[str], precision: str, under: str | None = None):
    """The screen (`--plain --precision P`; `binary` a path, or a path and its first
    arguments) in a pty of a fresh sandbox, its READY screen shown and half a second settled;
    finished and removed on the way out."""
    box = Sandbox(under=under)
    command = binary if isinstance(binary, list) else [binary]
    job = Job(command + ["--plain", "--precision", precision], box.env())
    try:
        if job.wait_for(has_text("READY"), 5.0) is None:
            raise RuntimeError("no READY screen")
        job.pump(0.5)
        yield job, box
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


def running_cs(binary: str, seconds: float) -> dict:
    with ready_screen(binary, "cs") as (job, box):
        t0 = job.send(b" ")
        job.pump(0.5)
        usage, start, end = window_usage(job, seconds)
        job.finish(b"q")
        frames = replay(job)
        lag = lag_stats(frames, t0, UNITS["cs"], start, end)
        changes = lag["values"]
        return {
            "cpu_pct": usage["cpu_pct"],
            "changes": changes,
            "switches_per_change": usage["switches"] / changes if changes else None,
            "involuntary_per_change": usage["nonvoluntary"] / changes if changes else None,
            "voluntary_per_change": (usage["switches"] - usage["nonvoluntary"]) / changes if changes else None,
            "threads_max": usage["threads_max"],
            "lag_p50_ms": lag["p50_ms"],
            "lag_p99_ms": lag["p99_ms"],
            "skipped": lag["skipped"],
        }


def paused(binary: str, seconds: float) -> dict:
    with ready_screen(binary, "s") as (job, box):
        job.send(b" ")
        job.pump(1.2)
        job.send(b" ")
        job.pump(0.5)
        usage, _, _ = window_usage(job, seconds)
        job.finish(b"q")
        return {"switches_per_s": usage["switches_per_s"], "cpu_pct": usage["cpu_pct"],
                "voluntary_per_s": (usage["switches"] - usage["nonvoluntary"]) / usage["seconds"],
                "threads_max": usage["threads_max"]}


def keys_tmpfs(binary: str | list[str]) -> dict:
    """Key to screen, the data directory on /dev/shm: eight laps at whole seconds."""
    with ready_screen(binary, "s", under="/dev/shm" if os.path.isdir("/dev/shm") else None) as (job, box):
        t0 = job.send(b" ")
        keys = send_laps(job, t0, 8)
        job.pump(0.6)
        job.finish(b"q")
        return {"keys_ms": key_latencies(replay(job), keys)}


def strace_cs(binary: str, seconds: float) -> dict:
    """strace -c -f attached to the screen while it runs at hundredths."""
    with ready_screen(binary, "cs") as (job, box):
        out = os.path.join(box.root, "strace.txt")
        t0 = job.send(b" ")
        job.pump(0.5)
        start = time.monotonic_ns()
        tracer = subprocess.Popen(["strace", "-c", "-f", "-o", out, "-p", str(job.pid)])
        job.pump(seconds)
        tracer.send_signal(signal.SIGINT)
        tracer.wait(timeout=10)
        end = time.monotonic_ns()
        job.finish(b"q")
        # Frames: the displayed changes while traced (a write(2) may also be an eventfd's).
        frames = lag_stats(replay(job), t0, UNITS["cs"], start, end)["values"]
        text = open(out).read()
        calls: dict[str, int] = {}
        for line in text.splitlines():
            fields = line.split()
            # % time, seconds, usecs/call, calls, [errors], syscall
            if len(fields) >= 5 and re.fullmatch(r"[\d.]+", fields[0]) and fields[-1] != "total":
                calls[fields[-1]] = int(fields[3])
        total = sum(calls.values())
        return {"calls": calls, "total": total, "frames": frames,
                "per_frame": total / frames if frames else None, "table": text}


def spread(values: list[float]) -> str:
    values = [v for v in values if v is not None]
    if not values:
        return "n/a"
    return f"{statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--paused", type=float, default=8.0)
    parser.add_argument("--strace", type=float, default=0.0)
    parser.add_argument("--floor", action="store_true", help="run floor/stopwatch.c beside them")
    args = parser.parse_args()
    builds: dict[str, str | list[str]] = {"old": os.path.abspath(args.old), "new": os.path.abspath(args.new)}
    if args.floor:
        builds["floor"] = build_floor()
    # The journal floor runs in the key phase only (its loop is the floor's).
    keyed = dict(builds)
    if args.floor:
        keyed["journal floor"] = [builds["floor"], "--journal"]
    results: dict = {name: {"running": [], "paused": [], "keys": [], "strace": None} for name in keyed}
    for run in range(args.runs):
        order = list(builds) if run % 2 == 0 else list(reversed(builds))
        for name in order:
            results[name]["running"].append(running_cs(builds[name], args.seconds))
        for name in order:
            results[name]["paused"].append(paused(builds[name], args.paused))
        for name in (list(keyed) if run % 2 == 0 else list(reversed(keyed))):
            results[name]["keys"].append(keys_tmpfs(keyed[name]))
        print(f"run {run + 1}: " + "  ".join(
            f"{n} cpu {results[n]['running'][-1]['cpu_pct']:.2f}% sw/chg {results[n]['running'][-1]['switches_per_change']:.3f}"
            for n in builds), flush=True)
    if args.strace:
        for name in builds:
            results[name]["strace"] = strace_cs(builds[name], args.strace)
    for name in builds:
        r = results[name]["running"]
        p = results[name]["paused"]
        print(f"\n{name}: {builds[name]}")
        print(f"  cs CPU %              {spread([x['cpu_pct'] for x in r])}")
        print(f"  cs switches/change    {spread([x['switches_per_change'] for x in r])}")
        print(f"  cs voluntary/change   {spread([x['voluntary_per_change'] for x in r])}")
        print(f"  cs involuntary/change {spread([x['involuntary_per_change'] for x in r])}")
        print(f"  cs threads (max)      {spread([x['threads_max'] for x in r])}")
        print(f"  cs lag p50 ms         {spread([x['lag_p50_ms'] for x in r])}")
        print(f"  cs lag p99 ms         {spread([x['lag_p99_ms'] for x in r])}")
        print(f"  cs skipped values     {spread([x['skipped'] for x in r])}")
        print(f"  paused switches/s     {spread([x['switches_per_s'] for x in p])}")
        print(f"  paused voluntary/s    {spread([x['voluntary_per_s'] for x in p])}")
        print(f"  paused threads (max)  {spread([x['threads_max'] for x in p])}")
        keys = [k for x in results[name]["keys"] for k in x["keys_ms"]]
        if keys:
            print(f"  key to screen ms      p50 {percentile(keys, 50):.3f}, p99 {percentile(keys, 99):.3f} "
                  f"({len(keys)} keys, pooled; data on /dev/shm)")
        s = results[name]["strace"]
        if s:
            top = sorted(s["calls"].items(), key=lambda kv: -kv[1])
            print(f"  strace: {s['total']} calls, {s['frames']} frames, {s['per_frame']:.2f} per frame: "
                  + ", ".join(f"{k} {v}" for k, v in top))
    if "journal floor" in keyed:
        floor_keys = [k for x in results["journal floor"]["keys"] for k in x["keys_ms"]]
        print(f"\njournal floor: {' '.join(keyed['journal floor'])}")
        print(f"  key to screen ms      p50 {percentile(floor_keys, 50):.3f}, p99 {percentile(floor_keys, 99):.3f} "
              f"({len(floor_keys)} keys, pooled; data on /dev/shm)")
        for name in ("old", "new"):
            keys = [k for x in results[name]["keys"] for k in x["keys_ms"]]
            print(f"  {name} beyond it ms     p50 {percentile(keys, 50) - percentile(floor_keys, 50):.3f}, "
                  f"p99 {percentile(keys, 99) - percentile(floor_keys, 99):.3f}")
    os.makedirs(os.path.join(HERE, "results"), exist_ok=True)
    with open(os.path.join(HERE, "results", "compare.json"), "w") as f:
        json.dump({"builds": keyed, "results": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
