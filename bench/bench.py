#!/usr/bin/env python3
"""`make bench`: splits measured side by side with termdown.

Each program runs in a pseudo-terminal of the same size (80×24), as a shell's foreground
job; every chunk of its output is timestamped with CLOCK_MONOTONIC (time.monotonic_ns;
splits reads CLOCK_BOOTTIME, which runs at the same rate) and replayed through a pyte
screen afterwards, so the timestamps are never held up by the emulator. Three runs of
each, interleaved; per-run figures are written to bench/results/, the medians of the
three runs to bench/results/summary.json, and report.py turns those into
docs/performance.md and docs/performance.png.

The binary measured is the release build as installed, the Swift libraries linked into it
(`--static-swift-stdlib`). Unless --quick or --no-dynamic, it first builds a second release
binary with them linked dynamically (`swift build -c release --scratch-path .build-dynamic`,
log in .build-dynamic/build.log), whose peak RSS and start-up are reported beside; if that
build fails, the error is reported instead.

`--only remote` runs only bench/remote.py (`splits lap` to the open screen showing the lap)
and writes bench/results/remote.json, rendered by `report.py --only remote`.
`--only sensors` runs only bench/sensors.py (the ride screen with four fake Bluetooth sensors at
4 Hz, then silent) and writes bench/results/sensors.json, rendered by `report.py --only sensors`.
`--only follow` runs only the `splits status --follow` measurement and writes
bench/results/follow.json, which report.py renders (`report.py --only follow` updates that
block of docs/performance.md alone).

Usage: bench.py --splits PATH [--dynamic-splits PATH | --no-dynamic] [--runs 3] [--quick]
                [--only follow|remote|sensors]
"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import os
import platform
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from ptyjob import Job, Usage, cells, first_time_ns, new_screen  # noqa: E402

ROWS, COLUMNS = 24, 80
NS = 1_000_000_000
MS = 1_000_000
UNITS = {"s": NS, "ds": NS // 10, "cs": NS // 100}

# How long each phase lasts, in seconds (--quick divides them for a smoke test).
PHASE = {
    "ready": 20.0,  # long enough that one wake-up reads 0.05/s
    "running_s": 12.0,
    "running_fine": 8.0,
    "running_big": 6.0,
    "paused": 8.0,
    "stopped": 3.0,
    "after_cont": 1.5,
    "settle": 0.5,
}


def log(*args) -> None:
    print(*args, file=sys.stderr, flush=True)


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    k = (len(ordered) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def median(values) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


# ---------------------------------------------------------------------------
# Replaying a session's output


FRAME_GAP_NS = 2 * MS


def replay(job: Job, resets: list[int] = (), want_cells: bool = False) -> list[dict]:
    """Feeds the recorded chunks through a fresh screen. For each chunk: its time, size,
    the first time value on screen and whether the text changed. A reset instant wipes the
    screen first, as if the terminal had shown something else meanwhile (the shell, while
    the program was stopped).

    With `want_cells`, chunks are also grouped into frames (a burst of writes less than
    2 ms apart: one redraw may take several write calls) and the last chunk of each frame
    carries the frame's bytes, writes, changed cells and the UTF-8 bytes of the characters
    in those cells (what writing just them would take)."""
    screen, stream = new_screen(job.columns, job.rows)
    resets = sorted(resets)
    out = []
    before_text = screen.display
    frame_start_cells = None
    frame_bytes = frame_writes = 0
    chunks = job.chunks
    for i, (t, data) in enumerate(chunks):
        while resets and t > resets[0]:
            resets.pop(0)
            screen.reset()
            before_text = screen.display
        if want_cells and frame_start_cells is None:
            frame_start_cells = cells(screen)
        stream.feed(data)
        text = screen.display
        entry = {"t": t, "bytes": len(data), "value": first_time_ns(screen), "text_changed": text != before_text}
        before_text = text
        if want_cells:
            frame_bytes += len(data)
            frame_writes += 1
            last = i + 1 == len(chunks) or chunks[i + 1][0] - t > FRAME_GAP_NS
            if last:
                now_cells = cells(screen)
                changed = [
                    b
                    for row_a, row_b in zip(frame_start_cells, now_cells)
                    if row_a != row_b
                    for a, b in zip(row_a, row_b)
                    if a != b
                ]
                entry["frame"] = {
                    "bytes": frame_bytes,
                    "writes": frame_writes,
                    "cells": len(changed),
                    "cell_bytes": sum(len(c.data.encode()) or 1 for c in changed),
                }
                frame_start_cells = None
                frame_bytes = frame_writes = 0
        out.append(entry)
    return out


def lag_stats(frames: list[dict], t0: int, unit: int, start: int, end: int) -> dict:
    """Display lag of each new value shown in [start, end): the instant it appeared minus
    the instant it became true (t0 + value). Skipped values are those never shown between
    two shown ones; `backwards` counts values that went down (never expected)."""
    lags, skipped, backwards, shown = [], 0, 0, []
    previous = None
    for f in frames:
        v = f["value"]
        if v is None or not (start <= f["t"] < end):
            continue
        if previous is not None and v == previous:
            continue
        if previous is not None and v < previous:
            backwards += 1
        elif previous is not None:
            skipped += max(0, round((v - previous) / unit) - 1)
        previous = v
        if v > 0:
            lags.append((f["t"] - (t0 + v)) / MS)
            shown.append(v)
    return {
        "values": len(lags),
        "p50_ms": percentile(lags, 50),
        "p99_ms": percentile(lags, 99),
        "max_ms": max(lags) if lags else None,
        "skipped": skipped,
        "backwards": backwards,
        "lags_ms": lags,
    }


def key_latencies(frames: list[dict], keys: list[int], limit_ns: int = 500 * MS) -> list[float]:
    """For each key instant: the time until the first chunk that changed the screen text."""
    out = []
    for k in keys:
        for f in frames:
            if f["t"] > k and f["text_changed"]:
                if f["t"] - k <= limit_ns:
                    out.append((f["t"] - k) / MS)
                break
    return out


def output_stats(frames: list[dict], start: int, end: int) -> dict:
    window = [f for f in frames if start <= f["t"] < end]
    total_bytes = sum(f["bytes"] for f in window)
    changes = [f["frame"] for f in window if f.get("frame") and f["frame"]["cells"] > 0]
    changed_cells = sum(c["cells"] for c in changes)
    changed_bytes = sum(c["cell_bytes"] for c in changes)
    seconds = (end - start) / NS
    n = len(changes)
    return {
        "bytes_per_s": total_bytes / seconds,
        "changes": n,
        "changes_per_s": n / seconds,
        "writes_per_s": len(window) / seconds,
        "writes_per_change": sum(c["writes"] for c in changes) / n if n else None,
        "bytes_per_change": total_bytes / n if n else None,
        "cells_per_change": changed_cells / n if n else None,
        "bytes_per_cell": total_bytes / changed_cells if changed_cells else None,
        "text_bytes_per_change": changed_bytes / n if n else None,
        "bytes_over_text": total_bytes / changed_bytes if changed_bytes else None,
    }


def window_usage(job: Job, seconds: float) -> tuple[dict, int, int]:
    a = job.usage.sample()
    start = a["t"]
    job.pump_until(start + int(seconds * NS))
    b = job.usage.sample()
    usage = Usage.delta(a, b)
    # Threads alive at once (/proc/PID/task, sampled every 250 ms), and every thread seen.
    usage["threads_max"], usage["threads_seen"] = job.usage.live_threads(start, b["t"])
    return usage, start, b["t"]


def changes_in(frames: list[dict], start: int, end: int) -> int:
    """Displayed changes in [start, end): frames (bursts of writes less than 2 ms apart, as
    grouped by `replay(want_cells=True)`) that changed at least one cell."""
    return sum(1 for f in frames if start <= f["t"] < end and f.get("frame") and f["frame"]["cells"] > 0)


def send_laps(job: Job, t0: int, count: int, apart_s: int = 1) -> list[int]:
    """`count` lap keys, each half a second after a whole second of the ride (far from any
    tick at whole seconds), `apart_s` seconds apart at least; their instants."""
    keys = []
    for _ in range(count):
        gone = time.monotonic_ns() - t0
        job.pump_until(t0 + (gone // NS + apart_s) * NS + 500 * MS)
        keys.append(job.send(b"l"))
    return keys


def stop_and_continue(job: Job, stopped_s: float) -> dict:
    """SIGTSTP, wait until the process has stopped, `stopped_s` seconds, SIGCONT."""
    t_tstp = job.signal(signal.SIGTSTP)
    stopped = job.wait_state("T", 2.0)
    t_stopped = time.monotonic_ns()
    job.pump_until(t_stopped + int(stopped_s * NS))
    t_cont = job.signal(signal.SIGCONT)
    return {"t_tstp": t_tstp, "t_cont": t_cont, "stopped": stopped, "stop_ms": (t_stopped - t_tstp) / MS}


def resume_stats(frames: list[dict], t0: int, unit: int, t_cont: int, truth_offset: int = 0) -> dict:
    """The first frame after SIGCONT that shows a time (the screen model is wiped at SIGCONT,
    as the shell had the terminal meanwhile): its delay, and its error against the true
    running time (negative: the time shown is behind; the stopped seconds count, so a
    stale frame is about −stopped seconds off). Also the first frame whose value is
    right within one display step."""
    first = right = None
    for f in frames:
        if f["t"] <= t_cont or f["value"] is None:
            continue
        true = f["t"] - t0 - truth_offset
        error = f["value"] - true  # ≤ 0: behind; a correct display is within (−unit−lag, 0]
        if first is None:
            first = {"delay_ms": (f["t"] - t_cont) / MS, "error_ms": error / MS, "shown_ns": f["value"]}
        if -unit - 5 * MS <= error <= 1 * MS:
            right = {"delay_ms": (f["t"] - t_cont) / MS, "error_ms": error / MS}
            break
    return {"first": first, "right": right}


# ---------------------------------------------------------------------------
# Sessions


def environment(data_dir: str, home: str) -> dict[str, str]:
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": home,
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "TZ": "UTC",
        "SPLITS_DATA_DIR": data_dir,
    }


class Sandbox:
    def __init__(self, under: str | None = None) -> None:
        self.root = tempfile.mkdtemp(prefix="splits-bench-", dir=under)
        self.home = os.path.join(self.root, "home")
        self.data = os.path.join(self.root, "data")
        os.makedirs(self.home)
        os.makedirs(self.data, mode=0o700)

    def env(self, **extra) -> dict[str, str]:
        env = environment(self.data, self.home)
        env.update(extra)
        return env

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def has_time(screen) -> bool:
    return first_time_ns(screen) is not None


def has_text(word: str):
    return lambda screen: any(word in line for line in screen.display)


def any_text(screen) -> bool:
    return any(line.strip() for line in screen.display)


def splits_plain_s(binary: str) -> dict:
    """Ready, running at whole seconds (lag, usage), Ctrl-Z and back, laps, paused."""
    box = Sandbox()
    job = Job([binary, "--plain", "--precision", "s"], box.env())
    r: dict = {}
    try:
        t_first = job.wait_for(has_text("READY"), 5.0)
        if t_first is None or not has_time(job.live_screen()):
            raise RuntimeError("splits showed no READY screen:\n" + "\n".join(job.live_screen().display))
        r["startup_ms"] = (t_first - job.t_exec) / MS
        job.pump(PHASE["settle"])
        r["ready"], _, _ = window_usage(job, PHASE["ready"])

        t0 = job.send(b" ")
        r["running"], start, end = window_usage(job, PHASE["running_s"])
        stop = stop_and_continue(job, PHASE["stopped"])
        job.pump(PHASE["after_cont"])

        # Laps, each half a second after a whole second of the ride, far from any tick.
        lap_keys = send_laps(job, t0, 8)
        job.pump(0.6)
        pause_at = job.send(b" ")
        job.pump(PHASE["settle"])
        r["paused"], p_start, p_end = window_usage(job, PHASE["paused"])
        # The pause key, too, is a key to the screen.
        lap_keys.append(pause_at)
        job.finish(b"q")
        frames = replay(job, resets=[stop["t_cont"]], want_cells=True)
        r["paused"]["changes"] = changes_in(frames, p_start, p_end)
        r["lag"] = lag_stats(frames, t0, NS, start, end)
        r["keys_ms"] = key_latencies(frames, lap_keys)
        r["resume"] = resume_stats(frames, t0, NS, stop["t_cont"])
        r["resume"]["stop"] = stop
        r["running"]["changes"] = r["lag"]["values"]
        r["peak_rss_kb"] = job.peak_rss_kb
        r["private_dirty_kb"] = job.private_dirty_kb
        r["exit_code"] = job.exit_code
        r["data_dir_has_db"] = os.path.exists(os.path.join(box.data, "splits.sqlite"))
        return r
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


def splits_plain_fine(binary: str, precision: str, with_stop: bool) -> dict:
    box = Sandbox()
    job = Job([binary, "--plain", "--precision", precision], box.env())
    r: dict = {}
    try:
        t_first = job.wait_for(has_text("READY"), 5.0)
        if t_first is None:
            raise RuntimeError("splits showed no READY screen")
        r["startup_ms"] = (t_first - job.t_exec) / MS
        job.pump(PHASE["settle"])
        t0 = job.send(b" ")
        r["running"], start, end = window_usage(job, PHASE["running_fine"])
        resets = []
        if with_stop:
            stop = stop_and_continue(job, PHASE["stopped"])
            resets.append(stop["t_cont"])
            job.pump(PHASE["after_cont"])
        job.finish(b"q")
        frames = replay(job, resets=resets)
        unit = UNITS[precision]
        r["lag"] = lag_stats(frames, t0, unit, start, end)
        r["running"]["changes"] = r["lag"]["values"]
        if with_stop:
            r["resume"] = resume_stats(frames, t0, unit, stop["t_cont"])
            r["resume"]["stop"] = stop
        r["peak_rss_kb"] = job.peak_rss_kb
        return r
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


def splits_big(binary: str, precision: str) -> dict:
    """The default screen (big digits): usage and bytes while running."""
    box = Sandbox()
    job = Job([binary, "--precision", precision], box.env())
    r: dict = {}
    try:
        t_first = job.wait_for(has_text("READY"), 5.0)
        if t_first is None:
            raise RuntimeError("splits showed no READY screen")
        r["startup_ms"] = (t_first - job.t_exec) / MS
        job.pump(PHASE["settle"])
        job.send(b" ")
        job.pump(PHASE["settle"])
        r["running"], start, end = window_usage(job, PHASE["running_big"])
        job.finish(b"q")
        frames = replay(job, want_cells=True)
        r["output"] = output_stats(frames, start, end)
        r["running"]["changes"] = r["output"]["changes"]
        r["peak_rss_kb"] = job.peak_rss_kb
        return r
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


@functools.cache
def build_floor() -> str:
    """floor/stopwatch.c built with cc -O2 (and SQLite, for `--journal`) into bench/.build, once
    a bench; its path."""
    out_dir = os.path.join(HERE, ".build")
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, "floor-stopwatch")
    subprocess.run(["cc", "-O2", "-o", out, os.path.join(HERE, "floor", "stopwatch.c"), "-lsqlite3"], check=True)
    return out


def splits_keys_tmpfs(binary: str | list[str], laps: int = 24) -> dict:
    """Key to screen with the journal on a tmpfs (/dev/shm), where `fdatasync` costs next
    to nothing: what a key takes beyond the journal's flush. Keys like those of
    `splits_plain_s` (laps half a second from any tick, a second apart, then pause), 24 laps
    so that a run's p99 is not its one slowest key. `binary`: a path, or a path and its first
    arguments (the journal floor: `floor-stopwatch --journal`)."""
    if not os.path.isdir("/dev/shm"):
        return {"available": False, "why": "no /dev/shm"}
    box = Sandbox(under="/dev/shm")
    command = binary if isinstance(binary, list) else [binary]
    job = Job(command + ["--plain", "--precision", "s"], box.env())
    try:
        if job.wait_for(has_text("READY"), 5.0) is None:
            raise RuntimeError("no READY screen")
        job.pump(PHASE["settle"])
        t0 = job.send(b" ")
        keys = send_laps(job, t0, laps)
        job.pump(0.6)
        keys.append(job.send(b" "))
        job.pump(0.6)
        job.finish(b"q")
        frames = replay(job)
        return {"available": True, "keys_ms": key_latencies(frames, keys)}
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


FLUSH_RE = re.compile(r"\b(fdatasync|fsync)(?:\(| resumed>).*<(\d+\.\d+)>\s*$")


def flush_durations(binary: str, laps: int = 12) -> dict:
    """The journal's flushes: splits under `strace -f -T -e trace=fdatasync,fsync`
    (seccomp-bpf, so no other system call stops), journal on the same disk as the main
    sessions; start, `laps` laps 0.25 s apart, pause, quit. Each call's duration."""
    strace = shutil.which("strace")
    if strace is None:
        return {"available": False, "why": "strace is not installed"}
    box = Sandbox()
    log_path = os.path.join(box.root, "strace.txt")
    argv = [strace, "-f", "--seccomp-bpf", "-T", "-e", "trace=fdatasync,fsync", "-o", log_path,
            binary, "--plain", "--precision", "s", "--split-guard", "0"]
    job = Job(argv, box.env())
    try:
        if job.wait_for(has_text("READY"), 10.0) is None:
            raise RuntimeError("splits under strace showed no READY screen")
        job.pump(PHASE["settle"])
        job.send(b" ")
        for _ in range(laps):
            job.pump(0.25)
            job.send(b"l")
        job.pump(0.25)
        job.send(b" ")
        job.pump(0.5)
        job.finish(b"q", timeout=5.0)
        durations = []
        try:
            with open(log_path) as f:
                for line in f:
                    m = FLUSH_RE.search(line)
                    if m:
                        durations.append(float(m.group(2)) * 1000)
        except OSError as e:
            return {"available": False, "why": f"no strace output: {e}"}
        return {"available": True, "keys": laps + 2, "calls": len(durations), "durations_ms": durations}
    except RuntimeError as e:
        return {"available": False, "why": str(e)}
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


def rss_session(binary: str) -> dict:
    """Peak RSS on a fixed script, the same for the dynamic and the static build: the
    default screen at hundredths, running 2 s, three laps, paused, quit."""
    box = Sandbox()
    # Laps 0.2 s apart, closer than the split guard lets through.
    job = Job([binary, "--precision", "cs", "--split-guard", "0"], box.env())
    try:
        t_first = job.wait_for(has_text("READY"), 5.0)
        if t_first is None:
            raise RuntimeError("splits showed no READY screen")
        startup = (t_first - job.t_exec) / MS
        job.pump(PHASE["settle"])
        job.send(b" ")
        job.pump(2.0)
        for _ in range(3):
            job.send(b"l")
            job.pump(0.2)
        job.send(b" ")
        job.pump(0.5)
        job.finish(b"q")
        return {"startup_ms": startup, "peak_rss_kb": job.peak_rss_kb, "private_dirty_kb": job.private_dirty_kb}
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


def fill_year_of_rides(journal: str) -> None:
    """A year of hour-long rides with sensors into the journal splits made: 365 finished
    rides, each a start and a finish, and a sample a second (heart rate, power, cadence,
    speed): 1.3 million rows, about 31 MB."""
    import sqlite3

    db = sqlite3.connect(journal)
    try:
        day, hour = 86_400_000, 3_600_000
        t0 = 1_700_000_000_000
        db.executemany("INSERT INTO rides (number, started_at, finished_at) VALUES (?, ?, ?)",
                       [(n, t0 + n * day, t0 + n * day + hour) for n in range(1, 366)])
        events = []
        for n in range(1, 366):
            events.append((n, "start", t0 + n * day, "history", 1_000))
            events.append((n, "finish", t0 + n * day + hour, "history", 1_000 + hour * 1_000_000))
        db.executemany("INSERT INTO events (ride, kind, wall_ms, boot_id, boottime_ns) VALUES (?, ?, ?, ?, ?)", events)
        db.executemany(
            "INSERT INTO samples (ride, second, heart_rate, power, cadence, speed_mm_s) VALUES (?, ?, ?, ?, ?, ?)",
            ((n, t, 120 + t % 50, 200 + t % 100, 85 + t % 10, 9_000 + t % 1_000)
             for n in range(1, 366) for t in range(3_600)))
        db.commit()
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()


def history_startups(binary: str, starts: int = 5) -> dict:
    """Start-up to the first frame with a long history (`fill_year_of_rides`): the first
    opening, which reads the journal page by page, then `starts` more, which find it as the
    screen left it on quitting (`splits.checked`)."""
    box = Sandbox()
    try:
        def start() -> float:
            job = Job([binary, "--plain"], box.env())
            try:
                t_first = job.wait_for(has_text("READY"), 30.0)
                if t_first is None:
                    raise RuntimeError("splits showed no READY screen")
                job.finish(b"q")
                return (t_first - job.t_exec) / MS
            finally:
                if job.exit_code is None:
                    job.finish(None, timeout=0.5)

        start()
        journal = os.path.join(box.data, "splits.sqlite")
        fill_year_of_rides(journal)
        size = os.path.getsize(journal)
        first = start()
        return {"first_ms": first, "startups_ms": [start() for _ in range(starts)], "journal_bytes": size}
    finally:
        box.remove()


def termdown_argv(python: str, art: bool) -> list[str]:
    argv = [python, os.path.join(HERE, "termdown_start.py")]
    if not art:
        argv += ["--alt-format", "--no-art"]
    return argv


def read_start(path: str, timeout: float = 5.0) -> int | None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(path) as f:
                text = f.read().strip()
            if text:
                return int(text)
        except (OSError, ValueError):
            pass
        time.sleep(0.005)
    return None


def termdown_plain(python: str) -> dict:
    """termdown's stopwatch starts when it starts: running (lag, usage), Ctrl-Z and back,
    laps, paused. It shows whole seconds only."""
    box = Sandbox()
    start_file = os.path.join(box.root, "start")
    job = Job(termdown_argv(python, art=False), box.env(BENCH_START_FILE=start_file))
    r: dict = {}
    try:
        t_first = job.wait_for(has_time, 10.0)
        if t_first is None:
            raise RuntimeError("termdown showed no time")
        r["startup_ms"] = (t_first - job.t_exec) / MS
        t0 = read_start(start_file)
        r["running"], start, end = window_usage(job, PHASE["running_s"])
        stop = stop_and_continue(job, PHASE["stopped"])
        job.pump(PHASE["after_cont"])
        # Laps (termdown's lap restarts the shown time at 0), half a second away from its
        # ticks, two seconds apart so that the time shown before each lap is not 0.
        lap_keys = send_laps(job, t0, 5, apart_s=2)
        job.pump(0.6)
        pause_at = job.send(b" ")
        job.pump(PHASE["settle"])
        r["paused"], p_start, p_end = window_usage(job, PHASE["paused"])
        lap_keys.append(pause_at)
        job.finish(b"q")
        frames = replay(job, resets=[stop["t_cont"]], want_cells=True)
        r["paused"]["changes"] = changes_in(frames, p_start, p_end)
        r["lag"] = lag_stats(frames, t0, NS, start, end)
        r["keys_ms"] = key_latencies(frames, lap_keys)
        r["resume"] = resume_stats(frames, t0, NS, stop["t_cont"])
        r["resume"]["stop"] = stop
        r["running"]["changes"] = r["lag"]["values"]
        r["peak_rss_kb"] = job.peak_rss_kb
        r["start_to_first_frame_ms"] = (t_first - t0) / MS
        return r
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


def termdown_big(python: str) -> dict:
    box = Sandbox()
    job = Job(termdown_argv(python, art=True), box.env())
    r: dict = {}
    try:
        t_first = job.wait_for(any_text, 10.0)
        if t_first is None:
            raise RuntimeError("termdown showed nothing")
        r["startup_ms"] = (t_first - job.t_exec) / MS
        job.pump(PHASE["settle"])
        r["running"], start, end = window_usage(job, PHASE["running_big"])
        job.finish(b"q")
        frames = replay(job, want_cells=True)
        r["output"] = output_stats(frames, start, end)
        r["running"]["changes"] = r["output"]["changes"]
        r["peak_rss_kb"] = job.peak_rss_kb
        return r
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


def make_ride(binary: str, box: Sandbox, laps: int = 20) -> bool:
    """A running ride with `laps` laps in `box`'s journal, left running by `q`."""
    job = Job([binary, "--plain", "--precision", "s"], box.env())
    try:
        if job.wait_for(has_text("READY"), 5.0) is None:
            return False
        job.send(b" ")
        job.pump(0.2)
        for _ in range(laps):
            job.send(b"l")
            job.pump(0.03)
        job.pump(0.2)
        job.finish(b"q")
        return True
    finally:
        if job.exit_code is None:
            job.finish(None, timeout=0.5)


def time_calls(argv: list[str], env: dict[str, str], calls: int) -> dict:
    first = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=10)
    if first.returncode != 0:
        return {"available": False, "exit": first.returncode, "stderr": first.stderr.strip()[:300]}
    times = []
    for _ in range(calls):
        t = time.monotonic_ns()
        subprocess.run(argv, env=env, capture_output=True, timeout=10)
        times.append((time.monotonic_ns() - t) / MS)
    return {
        "available": True,
        "output": first.stdout.strip()[:200],
        "p50_ms": percentile(times, 50),
        "p99_ms": percentile(times, 99),
        "max_ms": max(times),
    }


def status_latency(binary: str, calls: int = 30) -> dict:
    """`splits status` (and --json) with no journal yet, and with a running ride of 20
    laps: wall time per call, spawn to exit."""
    out: dict = {}
    empty, riding = Sandbox(), Sandbox()
    try:
        out["line"] = time_calls([binary, "status"], empty.env(), calls)
        out["json"] = time_calls([binary, "status", "--json"], empty.env(), calls)
        if out["line"].get("available") and make_ride(binary, riding):
            out["line_ride"] = time_calls([binary, "status"], riding.env(), calls)
            out["json_ride"] = time_calls([binary, "status", "--json"], riding.env(), calls)
        # The floor: starting a trivial process the same way.
        floor = []
        for _ in range(calls):
            t = time.monotonic_ns()
            subprocess.run(["/bin/true"], capture_output=True)
            floor.append((time.monotonic_ns() - t) / MS)
        out["spawn_floor_p50_ms"] = percentile(floor, 50)
        return out
    finally:
        empty.remove()
        riding.remove()


def follow_once(binary: str, precision: str = "s") -> dict:
    """`splits status --follow` beside a ride screen, its output a pipe read by this
    script: context switches of the follower (all threads) per line printed while the ride
    runs, and while it is paused (after the re-reads that follow the pause key)."""
    import threading

    box = Sandbox()
    job = Job([binary, "--plain", "--precision", "s"], box.env())
    follower = None
    r: dict = {"precision": precision}
    try:
        if job.wait_for(has_text("READY"), 5.0) is None:
            raise RuntimeError("splits showed no READY screen")
        job.send(b" ")
        job.pump(PHASE["settle"])
        follower = subprocess.Popen([binary, "status", "--follow", "--precision", precision], env=box.env(),
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        lines: list[tuple[int, str]] = []
        stop = threading.Event()
        fd = follower.stdout.fileno()

        def read() -> None:
            # Raw reads with a timeout, so that the pipe can be closed once this thread is done
            # (closing a file object another thread reads from blocks).
            pending = b""
            while not stop.is_set():
                ready, _, _ = select.select([fd], [], [], 0.1)
                if not ready:
                    continue
                chunk = os.read(fd, 65536)
                if not chunk:
                    return
                t = time.monotonic_ns()
                pending += chunk
                *whole, pending = pending.split(b"\n")
                lines.extend((t, line.decode(errors="replace")) for line in whole)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        usage = Usage(follower.pid)
        job.pump(1.5)

        def window(seconds: float) -> dict:
            a = usage.sample()
            job.pump_until(a["t"] + int(seconds * NS))
            b = usage.sample()
            u = Usage.delta(a, b)
            u["lines"] = sum(1 for t, _ in lines if a["t"] <= t < b["t"])
            u["threads_max"], _ = usage.live_threads(a["t"], b["t"])
            return u

        r["running"] = window(PHASE["running_s"])
        running = r["running"]
        running["switches_per_line"] = running["switches"] / running["lines"] if running["lines"] else None
        running["nonvoluntary_per_line"] = running["nonvoluntary"] / running["lines"] if running["lines"] else None
        job.send(b" ")
        # The pause is read at once, then again 30 ms, 0.3 s, 1 s and 3 s later.
        job.pump(3.5)
        r["paused"] = window(PHASE["paused"])
        r["lines_total"] = len(lines)
        r["duplicates"] = sum(1 for (_, a), (_, b) in zip(lines, lines[1:]) if a == b)
        stop.set()
        reader.join()
        follower.stdout.close()
        try:
            r["exit_code"] = follower.wait(timeout=3)
        except subprocess.TimeoutExpired:
            r["exit_code"] = None
        job.finish(b"q")
        return r
    finally:
        if follower is not None and follower.poll() is None:
            follower.kill()
            follower.wait()
        if job.exit_code is None:
            job.finish(None, timeout=0.5)
        box.remove()


def run_follow(binary: str, runs: int) -> dict:
    """`follow_once` `runs` times; the medians."""
    results = []
    for n in range(1, runs + 1):
        log(f"  splits status --follow, run {n}/{runs}")
        results.append(follow_once(binary))
    return {
        "runs": results,
        "switches_per_line": median(pick(r, "running", "switches_per_line") for r in results),
        "nonvoluntary_per_line": median(pick(r, "running", "nonvoluntary_per_line") for r in results),
        "lines_per_s": median(pick(r, "running", "lines") / pick(r, "running", "seconds") for r in results),
        "paused_switches": median(pick(r, "paused", "switches") for r in results),
        "paused_seconds": median(pick(r, "paused", "seconds") for r in results),
        "threads_max": max((pick(r, "running", "threads_max") or 0 for r in results), default=None),
        "duplicates": sum(r.get("duplicates") or 0 for r in results),
        "exit_codes": [r.get("exit_code") for r in results],
    }


# ---------------------------------------------------------------------------
# Runs and summary


def run_splits(binary: str, dynamic_binary: str | None) -> dict:
    log("  splits --plain --precision s (ready, running, stop/continue, laps, paused)")
    s = splits_plain_s(binary)
    log("  splits --plain --precision cs (running, stop/continue)")
    cs = splits_plain_fine(binary, "cs", with_stop=True)
    log("  splits --plain --precision ds")
    ds = splits_plain_fine(binary, "ds", with_stop=False)
    big = {}
    for p in ("s", "ds", "cs"):
        log(f"  splits --precision {p} (big digits)")
        big[p] = splits_big(binary, p)
    log("  splits --plain --precision s, journal on /dev/shm (keys), and the journal floor's")
    # Interleaved with splits' keys, run by run: the same keys committed by a C stopwatch
    # (floor/stopwatch.c --journal), so that what splits adds to the journal's commit shows.
    keys_tmpfs = splits_keys_tmpfs(binary)
    keys_tmpfs["journal_floor_ms"] = splits_keys_tmpfs([build_floor(), "--journal"]).get("keys_ms")
    log("  splits under strace (the journal's flushes)")
    flush = flush_durations(binary)
    log("  splits --precision cs, peak RSS" + (", and of the dynamic build" if dynamic_binary else ""))
    rss = {"static": rss_session(binary)}
    if dynamic_binary:
        rss["dynamic"] = rss_session(dynamic_binary)
    log("  splits --plain with a year of rides with sensors (start-up)")
    history = history_startups(binary)
    return {"plain_s": s, "plain_cs": cs, "plain_ds": ds, "big": big, "keys_tmpfs": keys_tmpfs, "flush": flush,
            "rss": rss, "history": history}


def run_termdown(python: str) -> dict:
    log("  termdown --alt-format --no-art (running, stop/continue, laps, paused)")
    plain = termdown_plain(python)
    log("  termdown (big digits)")
    big = termdown_big(python)
    return {"plain": plain, "big": big}


def pick(run: dict, *path):
    for key in path:
        if run is None:
            return None
        run = run.get(key) if isinstance(run, dict) else None
    return run


def summarize(splits_runs: list[dict], termdown_runs: list[dict]) -> dict:
    def med(runs, *path):
        return median(pick(r, *path) for r in runs)

    def per_change(runs, *path, key="switches"):
        values = []
        for r in runs:
            u = pick(r, *path)
            if u and u.get("changes") and u.get(key) is not None:
                values.append(u[key] / u["changes"])
        return median(values)

    S, T = splits_runs, termdown_runs
    summary = {"splits": {}, "termdown": {}}
    s = summary["splits"]
    for p, key in (("s", "plain_s"), ("ds", "plain_ds"), ("cs", "plain_cs")):
        s[f"lag_{p}"] = {k: med(S, key, "lag", k) for k in ("p50_ms", "p99_ms", "max_ms", "skipped", "values", "backwards")}
        s[f"running_plain_{p}"] = {
            "cpu_pct": med(S, key, "running", "cpu_pct"),
            "switches_per_s": med(S, key, "running", "switches_per_s"),
            "switches_per_change": per_change(S, key, "running"),
        }
    # Threads alive at once while running, over every running window of a run.
    running_windows = [("plain_s", "running"), ("plain_ds", "running"), ("plain_cs", "running")] + [
        ("big", p, "running") for p in ("s", "ds", "cs")]
    s["threads_running"] = {
        "max": median(max((pick(r, *w, "threads_max") or 0) for w in running_windows) for r in S),
        "seen": median(max((pick(r, *w, "threads_seen") or 0) for w in running_windows) for r in S),
        "max_of_runs": max((max((pick(r, *w, "threads_max") or 0) for w in running_windows) for r in S), default=None),
    }
    for p in ("s", "ds", "cs"):
        s[f"running_big_{p}"] = {
            "cpu_pct": med(S, "big", p, "running", "cpu_pct"),
            "switches_per_s": med(S, "big", p, "running", "switches_per_s"),
            "switches_per_change": per_change(S, "big", p, "running"),
            "nonvoluntary_per_change": per_change(S, "big", p, "running", key="nonvoluntary"),
            "ticks": med(S, "big", p, "running", "ticks"),
        }
        s[f"output_big_{p}"] = {k: med(S, "big", p, "output", k) for k in (
            "bytes_per_s", "changes_per_s", "bytes_per_change", "cells_per_change", "bytes_per_cell",
            "text_bytes_per_change", "bytes_over_text", "writes_per_change")}
    for state in ("ready", "paused"):
        s[state] = {k: med(S, "plain_s", state, k) for k in ("cpu_pct", "switches_per_s", "switches", "ticks", "seconds",
                                                              "threads_max")}
    s["paused"]["changes_per_s"] = median(
        pick(r, "plain_s", "paused", "changes") / pick(r, "plain_s", "paused", "seconds") for r in S
        if pick(r, "plain_s", "paused", "changes") is not None)
    s["paused"]["switches_per_change"] = per_change(S, "plain_s", "paused")
    s["paused"]["nonvoluntary_per_change"] = per_change(S, "plain_s", "paused", key="nonvoluntary")
    s["ready"]["nonvoluntary"] = med(S, "plain_s", "ready", "nonvoluntary")
    s["keys_tmpfs"] = {
        "p50_ms": median(percentile(pick(r, "keys_tmpfs", "keys_ms") or [], 50) for r in S),
        "p99_ms": median(percentile(pick(r, "keys_tmpfs", "keys_ms") or [], 99) for r in S),
        "count": median(len(pick(r, "keys_tmpfs", "keys_ms") or []) for r in S),
    }
    # The journal floor's keys, and splits' beyond them run by run (medians of the runs).
    floors = [(pick(r, "keys_tmpfs", "keys_ms"), pick(r, "keys_tmpfs", "journal_floor_ms")) for r in S]
    floors = [(k, f) for k, f in floors if k and f]
    if floors:
        s["keys_tmpfs"]["journal_floor"] = {
            "p50_ms": median(percentile(f, 50) for _, f in floors),
            "p99_ms": median(percentile(f, 99) for _, f in floors),
            "beyond_p50_ms": median(percentile(k, 50) - percentile(f, 50) for k, f in floors),
            "beyond_p99_ms": median(percentile(k, 99) - percentile(f, 99) for k, f in floors),
            # The first lap of a run (the first key after the start key; the start's own frame
            # is not timed) against the journal floor's, run by run: a slow first key is a run's p99.
            "first_lap_ms": median(k[0] for k, _ in floors),
            "floor_first_lap_ms": median(f[0] for _, f in floors),
            "beyond_first_lap_ms": median(k[0] - f[0] for k, f in floors),
        }
    flushes = [pick(r, "flush") or {} for r in S]
    ok = [f for f in flushes if f.get("available")]
    s["flush"] = {
        "available": bool(ok),
        "why": next((f.get("why") for f in flushes if not f.get("available")), None),
        "p50_ms": median(percentile(f["durations_ms"], 50) for f in ok),
        "p99_ms": median(percentile(f["durations_ms"], 99) for f in ok),
        "max_ms": max((max(f["durations_ms"]) for f in ok if f["durations_ms"]), default=None),
        "per_key": median(f["calls"] / f["keys"] for f in ok),
        "calls": sum(f["calls"] for f in ok),
    }
    for build in ("dynamic", "static"):
        s[f"rss_{build}"] = {
            "peak_rss_mb": median((pick(r, "rss", build, "peak_rss_kb") or 0) / 1024 for r in S
                                  if pick(r, "rss", build, "peak_rss_kb")),
            "private_dirty_mb": median((pick(r, "rss", build, "private_dirty_kb") or 0) / 1024 for r in S
                                       if pick(r, "rss", build, "private_dirty_kb")),
            "startup_ms": med(S, "rss", build, "startup_ms"),
        }
    s["keys"] = {
        "p50_ms": median(percentile(pick(r, "plain_s", "keys_ms") or [], 50) for r in S),
        "p99_ms": median(percentile(pick(r, "plain_s", "keys_ms") or [], 99) for r in S),
        "count": median(len(pick(r, "plain_s", "keys_ms") or []) for r in S),
    }
    for key, name in (("plain_cs", "resume_cs"), ("plain_s", "resume_s")):
        s[name] = {
            "first_delay_ms": med(S, key, "resume", "first", "delay_ms"),
            "first_error_ms": med(S, key, "resume", "first", "error_ms"),
            "right_delay_ms": med(S, key, "resume", "right", "delay_ms"),
        }
    startups = [[pick(r, "plain_s", "startup_ms"), pick(r, "plain_cs", "startup_ms"), pick(r, "plain_ds", "startup_ms")]
                + [pick(r, "big", p, "startup_ms") for p in ("s", "ds", "cs")] for r in S]
    s["startup_ms"] = median(median(x) for x in startups)
    s["history"] = {
        "startup_ms": median(median(pick(r, "history", "startups_ms") or [None]) for r in S),
        "first_ms": med(S, "history", "first_ms"),
        "journal_mb": med(S, "history", "journal_bytes") / 1e6 if med(S, "history", "journal_bytes") else None,
    }
    s["private_dirty_mb"] = median((pick(r, "plain_s", "private_dirty_kb") or 0) / 1024 for r in S)
    s["peak_rss_mb"] = median(
        max(v for v in [pick(r, "plain_s", "peak_rss_kb"), pick(r, "plain_cs", "peak_rss_kb"),
                        pick(r, "plain_ds", "peak_rss_kb")] + [pick(r, "big", p, "peak_rss_kb") for p in ("s", "ds", "cs")]
            if v is not None) / 1024 for r in S)

    t = summary["termdown"]
    t["lag_s"] = {k: med(T, "plain", "lag", k) for k in ("p50_ms", "p99_ms", "max_ms", "skipped", "values", "backwards")}
    t["running_plain_s"] = {
        "cpu_pct": med(T, "plain", "running", "cpu_pct"),
        "switches_per_s": med(T, "plain", "running", "switches_per_s"),
        "switches_per_change": per_change(T, "plain", "running"),
    }
    t["running_big_s"] = {
        "cpu_pct": med(T, "big", "running", "cpu_pct"),
        "switches_per_s": med(T, "big", "running", "switches_per_s"),
        "switches_per_change": per_change(T, "big", "running"),
        "ticks": med(T, "big", "running", "ticks"),
    }
    t["output_big_s"] = {k: med(T, "big", "output", k) for k in (
        "bytes_per_s", "changes_per_s", "bytes_per_change", "cells_per_change", "bytes_per_cell",
            "text_bytes_per_change", "bytes_over_text", "writes_per_change")}
    t["paused"] = {k: med(T, "plain", "paused", k) for k in ("cpu_pct", "switches_per_s", "switches", "ticks", "seconds",
                                                             "threads_max")}
    t["paused"]["changes_per_s"] = median(
        pick(r, "plain", "paused", "changes") / pick(r, "plain", "paused", "seconds") for r in T
        if pick(r, "plain", "paused", "changes") is not None)
    t["paused"]["switches_per_change"] = per_change(T, "plain", "paused")
    t["threads_running"] = {
        "max": median(max((pick(r, *w, "threads_max") or 0) for w in (("plain", "running"), ("big", "running")))
                      for r in T),
    }
    t["keys"] = {
        "p50_ms": median(percentile(pick(r, "plain", "keys_ms") or [], 50) for r in T),
        "p99_ms": median(percentile(pick(r, "plain", "keys_ms") or [], 99) for r in T),
        "count": median(len(pick(r, "plain", "keys_ms") or []) for r in T),
    }
    t["resume_s"] = {
        "first_delay_ms": med(T, "plain", "resume", "first", "delay_ms"),
        "first_error_ms": med(T, "plain", "resume", "first", "error_ms"),
        "right_delay_ms": med(T, "plain", "resume", "right", "delay_ms"),
    }
    t["startup_ms"] = median(median([pick(r, "plain", "startup_ms"), pick(r, "big", "startup_ms")]) for r in T)
    t["peak_rss_mb"] = median(
        max(v for v in [pick(r, "plain", "peak_rss_kb"), pick(r, "big", "peak_rss_kb")] if v is not None) / 1024 for r in T)
    return summary


def machine() -> dict:
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    distro = ""
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    distro = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return {
        "nproc": os.cpu_count(),
        "cpu": model,
        "kernel": platform.release(),
        "os": distro,
        "python": platform.python_version(),
        "load_before": os.getloadavg(),
    }


def versions(binary: str, python: str) -> dict:
    def out(argv):
        try:
            return subprocess.run(argv, capture_output=True, text=True, timeout=10).stdout.strip()
        except OSError:
            return "?"

    return {
        "splits": out([binary, "--version"]),
        "termdown": out([python, "-c", "import termdown; print(termdown.VERSION)"]),
        "pyte": out([python, "-c", "import importlib.metadata as m; print(m.version('pyte'))"]),
        "swift": out(["swift", "--version"]).splitlines()[0] if shutil.which("swift") else "?",
        "hot_path": hot_path_placed(binary),
        "commit": (out(["git", "-C", os.path.dirname(HERE), "rev-parse", "--short", "HEAD"])
                   + (" with local changes" if out(["git", "-C", os.path.dirname(HERE), "status", "--porcelain",
                                                    "--", "Sources", "Package.swift"]) else "")),
    }


def hot_path_placed(binary: str) -> str:
    """How many of the functions scripts/hot-path.order lists the binary has (the rest were
    renamed or removed since the list was written: time to run bench/hot_path.py again)."""
    order = os.path.join(os.path.dirname(HERE), "scripts", "hot-path.order")
    try:
        with open(order) as f:
            listed = {line.strip() for line in f if line.strip() and not line.startswith("#")}
        names = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return "?"
    present = {line.split()[-1] for line in names.splitlines() if line.split()}
    return f"{len(listed & present)} of {len(listed)}"


def build_dynamic() -> tuple[str | None, str | None]:
    """`swift build -c release --scratch-path .build-dynamic` (the Swift libraries linked
    dynamically): the binary, or the error."""
    root = os.path.dirname(HERE)
    scratch = os.path.join(root, ".build-dynamic")
    os.makedirs(scratch, exist_ok=True)
    log_path = os.path.join(scratch, "build.log")
    argv = ["swift", "build", "-c", "release", "--scratch-path", scratch]
    log("dynamic build: " + " ".join(argv[:-1]) + " .build-dynamic")
    with open(log_path, "w") as f:
        try:
            done = subprocess.run(argv, cwd=root, stdout=f, stderr=subprocess.STDOUT, timeout=1800)
            code = done.returncode
        except (OSError, subprocess.TimeoutExpired) as e:
            return None, f"{' '.join(argv[:5])}: {e}"
    binary = os.path.join(scratch, "release", "splits")
    if code == 0 and os.access(binary, os.X_OK):
        return binary, None
    with open(log_path, errors="replace") as f:
        errors = [line.strip() for line in f if "error" in line.lower()]
    return None, (f"exit {code}: " + "; ".join(errors[:3]))[:400]


def write_follow(binary: str, args) -> None:
    """The `status --follow` figures, to follow.json in the results."""
    log("splits status --follow")
    follow = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "commit": versions(binary, args.python)["commit"],
        "phases_s": {"running": PHASE["running_s"], "paused": PHASE["paused"]},
        "follow": run_follow(binary, args.runs),
    }
    with open(os.path.join(args.out, "follow.json"), "w") as f:
        json.dump(follow, f, indent=1)
    s = follow["follow"]
    log(f"follow: {s['switches_per_line']} switches per line, {s['paused_switches']} while paused "
        f"({s['paused_seconds']} s), results in {args.out}/follow.json")


def write_remote(binary: str, args) -> None:
    """`splits lap` from another process to the open screen showing it (bench/remote.py),
    `args.runs` times; the medians of each run's figures, to remote.json in the results."""
    import remote

    log("splits lap to the open screen")
    runs = []
    for n in range(1, args.runs + 1):
        log(f"  remote commands, run {n}/{args.runs}")
        runs.append(remote.measure(binary, laps=30 if args.quick else 100))
    done = [r for r in runs if r.get("available")]
    summary: dict = {"available": bool(done), "runs": runs}
    for part in ("command", "command_to_exit", "socket", "spawn_floor"):
        summary[part] = {key: median([r[part][key] for r in done]) for key in ("p50_ms", "p99_ms", "max_ms")}
    result = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "commit": versions(binary, args.python)["commit"],
        "remote": summary,
    }
    with open(os.path.join(args.out, "remote.json"), "w") as f:
        json.dump(result, f, indent=1)
    log(f"remote: splits lap to the screen p50 {summary['command']['p50_ms']} ms, p99 {summary['command']['p99_ms']} ms; "
        f"the screen's part p50 {summary['socket']['p50_ms']} ms; results in {args.out}/remote.json")


def write_sensors(binary: str, args) -> None:
    """The ride screen with four fake sensors at 4 Hz, then silent (bench/sensors.py), once:
    to sensors.json in the results."""
    import sensors

    log("the ride screen with four sensors")
    result = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "commit": versions(binary, args.python)["commit"],
        "sensors": sensors.measure(binary, seconds=3.0 if args.quick else 8.0),
    }
    result["machine"]["load_after"] = os.getloadavg()
    with open(os.path.join(args.out, "sensors.json"), "w") as f:
        json.dump(result, f, indent=1)
    s = result["sensors"]
    if not s.get("available"):
        log(f"sensors: not measured: {s.get('why')}")
        return
    for part in ("ready_streaming", "ready_silent", "running_streaming", "running_silent"):
        w = s[part]
        log(f"sensors, {part}: {w['cpu_pct']:.3f} % CPU, {w['switches_per_s']:.2f} switches/s for "
            f"{w['notifications_per_s']:.2f} notifications/s, {w['threads']} threads")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--splits", required=True, help="the release binary")
    parser.add_argument("--dynamic-splits", help="a release build with the Swift libraries linked dynamically (its "
                        "peak RSS and start-up are reported beside); by default built into .build-dynamic")
    parser.add_argument("--no-dynamic", action="store_true", help="no dynamic build")
    parser.add_argument("--python", default=sys.executable, help="the Python that has termdown")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="short phases, one run: a smoke test")
    parser.add_argument("--out", default=os.path.join(HERE, "results"))
    parser.add_argument("--only", choices=["follow", "remote", "sensors"], help="run only this part")
    args = parser.parse_args()
    if args.quick:
        for k in PHASE:
            PHASE[k] = max(0.3, PHASE[k] / 4)
        args.runs = 1
    binary = os.path.abspath(args.splits)
    os.makedirs(args.out, exist_ok=True)
    if args.only == "follow":
        write_follow(binary, args)
        return 0
    if args.only == "remote":
        write_remote(binary, args)
        return 0
    if args.only == "sensors":
        write_sensors(binary, args)
        return 0
    dynamic_binary, dynamic_error = None, None
    if args.dynamic_splits:
        dynamic_binary = os.path.abspath(args.dynamic_splits)
    elif not (args.quick or args.no_dynamic):
        dynamic_binary, dynamic_error = build_dynamic()

    began = time.monotonic()
    info = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "versions": versions(binary, args.python),
        "terminal": f"{COLUMNS}x{ROWS} pty, TERM=xterm-256color, LANG=C.UTF-8",
        "runs": args.runs,
        "phases_s": dict(PHASE),
        "dynamic": {"binary": dynamic_binary, "error": dynamic_error,
                    "version": versions(dynamic_binary, args.python)["splits"] if dynamic_binary else None},
    }
    log(f"bench: {info['machine']['cpu']}, {info['machine']['nproc']} cores, kernel {info['machine']['kernel']}")
    splits_runs, termdown_runs = [], []
    for n in range(1, args.runs + 1):
        log(f"run {n}/{args.runs}: splits")
        splits_runs.append(run_splits(binary, dynamic_binary))
        log(f"run {n}/{args.runs}: termdown")
        termdown_runs.append(run_termdown(args.python))
    log("splits status")
    status = status_latency(binary)
    write_follow(binary, args)
    write_remote(binary, args)
    write_sensors(binary, args)
    info["machine"]["load_after"] = os.getloadavg()
    info["seconds"] = round(time.monotonic() - began, 1)

    summary = summarize(splits_runs, termdown_runs)
    summary["splits"]["status"] = status
    result = {"info": info, "summary": summary}
    with open(os.path.join(args.out, "runs.json"), "w") as f:
        json.dump({"info": info, "splits": splits_runs, "termdown": termdown_runs}, f, indent=1)
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump(result, f, indent=1)
    log(f"bench: done in {info['seconds']} s; results in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
