#!/usr/bin/env python3
"""Turns bench/results/{summary,runs}.json into the results part of docs/performance.md
(between the `bench:results` markers; the rest of the file is prose kept by hand) and the
chart docs/performance.png.

The `splits status --follow` figures (bench/results/follow.json, from `bench.py`, or
`bench.py --only follow` alone) go between the `bench:follow` markers, and those of
`splits lap` to the screen (remote.json, `--only remote`) between the `bench:remote` ones,
and those of the ride screen with four sensors (sensors.json, `--only sensors`) between the
`bench:sensors` ones; `report.py --only follow|remote|sensors` writes that block and nothing
else.

Usage: report.py [--results DIR] [--doc docs/performance.md] [--png docs/performance.png]
                 [--only follow|remote|sensors]
"""

from __future__ import annotations

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BEGIN = "<!-- bench:results:begin (written by bench/report.py) -->"
END = "<!-- bench:results:end -->"
FOLLOW_BEGIN = "<!-- bench:follow:begin (written by bench/report.py) -->"
FOLLOW_END = "<!-- bench:follow:end -->"
REMOTE_BEGIN = "<!-- bench:remote:begin (written by bench/report.py) -->"
REMOTE_END = "<!-- bench:remote:end -->"
SENSORS_BEGIN = "<!-- bench:sensors:begin (written by bench/report.py) -->"
SENSORS_END = "<!-- bench:sensors:end -->"


def fmt(value, digits=2, unit=""):
    if value is None:
        return "n/a"
    if isinstance(value, float):
        if abs(value) >= 100:
            text = f"{value:,.0f}"
        elif abs(value) >= 10:
            text = f"{value:.1f}"
        else:
            text = f"{value:.{digits}f}"
    else:
        text = str(value)
    return text + unit


def verdict(ok) -> str:
    if ok is None:
        return "n/a"
    return "**pass**" if ok else "**miss**"


def get(d, *path):
    for key in path:
        if not isinstance(d, dict):
            return None
        d = d.get(key)
    return d


def le(value, limit):
    return None if value is None else value <= limit


def rows(summary: dict, dynamic_error: str | None = None) -> list[tuple[str, str, str, str, str]]:
    """(metric, target, splits, termdown, verdict for splits)."""
    s, t = summary["splits"], summary["termdown"]
    out = []

    def lag(block):
        return f"{fmt(get(block, 'p50_ms'))} / {fmt(get(block, 'p99_ms'))} / {fmt(get(block, 'max_ms'))} ms"

    out.append(("Display lag p50 / p99 / max, whole seconds", "p99 ≤ 2 ms", lag(s["lag_s"]), lag(t["lag_s"]),
                verdict(le(get(s, "lag_s", "p99_ms"), 2))))
    out.append(("Display lag p50 / p99 / max, tenths", "p99 ≤ 2 ms", lag(s["lag_ds"]), "no tenths",
                verdict(le(get(s, "lag_ds", "p99_ms"), 2))))
    out.append(("Display lag p50 / p99 / max, hundredths", "p99 ≤ 2 ms", lag(s["lag_cs"]), "no hundredths",
                verdict(le(get(s, "lag_cs", "p99_ms"), 2))))
    skipped = [get(s, f"lag_{p}", "skipped") for p in ("s", "ds", "cs")]
    shown = [get(s, f"lag_{p}", "values") for p in ("s", "ds", "cs")]
    out.append(("Skipped values (s / ds / cs), of values shown",
                "none",
                " / ".join(fmt(v, 0) for v in skipped) + " of " + " / ".join(fmt(v, 0) for v in shown),
                f"{fmt(get(t, 'lag_s', 'skipped'), 0)} of {fmt(get(t, 'lag_s', 'values'), 0)}",
                verdict(all(v == 0 for v in skipped if v is not None))))
    fl = s.get("flush") or {}
    if fl.get("available"):
        flush = (f"; `fdatasync` p50 / p99 {fmt(fl.get('p50_ms'))} / {fmt(fl.get('p99_ms'))} ms "
                 f"({fmt(fl.get('per_key'), 1)} per key, strace)")
    else:
        flush = f"; `fdatasync` not measured ({fl.get('why') or 'no strace pass'})"
    out.append(("Key to screen p50 / p99 beyond the journal's flush (journal on tmpfs)", "p99 ≤ 0.5 ms",
                f"{fmt(get(s, 'keys_tmpfs', 'p50_ms'))} / {fmt(get(s, 'keys_tmpfs', 'p99_ms'))} ms on tmpfs; "
                f"{fmt(get(s, 'keys', 'p50_ms'))} / {fmt(get(s, 'keys', 'p99_ms'))} ms on disk" + flush,
                f"{fmt(get(t, 'keys', 'p50_ms'))} / {fmt(get(t, 'keys', 'p99_ms'))} ms (no journal)",
                verdict(le(get(s, "keys_tmpfs", "p99_ms"), 0.5))))
    jf = get(s, "keys_tmpfs", "journal_floor") or {}
    if jf:
        out.append(("Key to screen beyond the journal's commit, p50 / p99 (tmpfs; splits less a C stopwatch that "
                    "commits the same keys the same way, run by run)", "p99 ≤ 0.3 ms",
                    f"{fmt(jf.get('beyond_p50_ms'))} / {fmt(jf.get('beyond_p99_ms'))} ms (the journal floor "
                    f"{fmt(jf.get('p50_ms'))} / {fmt(jf.get('p99_ms'))} ms); the first lap "
                    f"{fmt(jf.get('beyond_first_lap_ms'))} ms beyond ({fmt(jf.get('first_lap_ms'))} against "
                    f"{fmt(jf.get('floor_first_lap_ms'))} ms)",
                    "—",
                    verdict(le(jf.get("beyond_p99_ms"), 0.3))))
    out.append(("Wake-ups while ready (context switches/s, all threads)", "≤ 0.05/s",
                f"{fmt(get(s, 'ready', 'switches_per_s'), 3)} ({fmt(get(s, 'ready', 'switches'), 0)} in "
                f"{fmt(get(s, 'ready', 'seconds'), 0)} s)", "no ready state",
                verdict(le(get(s, "ready", "switches_per_s"), 0.05))))
    out.append(("Wake-ups while paused: context switches per displayed change", "≤ 1.3",
                f"{fmt(get(s, 'paused', 'switches_per_change'))}, of which preempted "
                f"{fmt(get(s, 'paused', 'nonvoluntary_per_change'))} ({fmt(get(s, 'paused', 'switches_per_s'))}/s for "
                f"{fmt(get(s, 'paused', 'changes_per_s'))} changes/s)",
                f"{fmt(get(t, 'paused', 'switches_per_s'))}/s for {fmt(get(t, 'paused', 'changes_per_s'))} changes/s",
                verdict(le(get(s, "paused", "switches_per_change"), 1.3))))
    out.append(("CPU while ready / paused (% of a core)", "—",
                f"{fmt(get(s, 'ready', 'cpu_pct'), 4)} / {fmt(get(s, 'paused', 'cpu_pct'), 4)} %",
                f"— / {fmt(get(t, 'paused', 'cpu_pct'), 3)} %", ""))
    for p, name in (("s", "whole seconds"), ("ds", "tenths"), ("cs", "hundredths")):
        term = fmt(get(t, "running_big_s", "switches_per_change")) if p == "s" else "—"
        out.append((f"Context switches per displayed change, {name}", "≤ 1.3",
                    f"{fmt(get(s, f'running_big_{p}', 'switches_per_change'))}, of which preempted "
                    f"{fmt(get(s, f'running_big_{p}', 'nonvoluntary_per_change'))} "
                    f"({fmt(get(s, f'running_big_{p}', 'switches_per_s'))}/s)",
                    term + (f" ({fmt(get(t, 'running_big_s', 'switches_per_s'))}/s)" if p == "s" else ""),
                    verdict(le(get(s, f"running_big_{p}", "switches_per_change"), 1.3))))
    limits = {"s": 0.02, "ds": None, "cs": 1.0}
    for p, name in (("s", "whole seconds"), ("ds", "tenths"), ("cs", "hundredths")):
        limit = limits[p]
        out.append((f"CPU while running, {name} (% of a core)",
                    f"≤ {limit} %" if limit is not None else "—",
                    fmt(get(s, f"running_big_{p}", "cpu_pct"), 3) + " %",
                    (fmt(get(t, "running_big_s", "cpu_pct"), 3) + " %") if p == "s" else "—",
                    verdict(le(get(s, f"running_big_{p}", "cpu_pct"), limit)) if limit is not None else ""))
    th = s.get("threads_running") or {}
    out.append(("Threads while running (most alive at once, /proc/PID/task)", "≤ 3",
                f"{fmt(th.get('max'), 0)} ({fmt(th.get('seen'), 0)} seen in a window; most in any run "
                f"{fmt(th.get('max_of_runs'), 0)})",
                fmt(get(t, "threads_running", "max"), 0),
                verdict(le(th.get("max"), 3))))
    for p, name in (("s", "whole seconds"), ("cs", "hundredths")):
        o = s[f"output_big_{p}"]
        term = t["output_big_s"] if p == "s" else None
        def out_text(o):
            if not o:
                return "—"
            return (f"{fmt(o.get('bytes_per_change'), 0)} B for {fmt(o.get('cells_per_change'), 1)} cells "
                    f"({fmt(o.get('text_bytes_per_change'), 0)} B of text): "
                    f"{fmt(o.get('bytes_over_text'), 1)}×; {fmt(o.get('bytes_per_s'), 0)} B/s")
        out.append((f"Bytes per displayed change, {name}", "≤ 2× the changed cells",
                    out_text(o), out_text(term),
                    verdict(le(o.get("bytes_over_text"), 2))))
    r = s["resume_cs"]
    out.append(("First redraw after SIGCONT: delay, error of the time shown", "≤ 5 ms, stopped time counted",
                f"{fmt(r.get('first_delay_ms'))} ms, {fmt(r.get('first_error_ms'))} ms (hundredths)",
                f"{fmt(get(t, 'resume_s', 'first_delay_ms'))} ms, {fmt(get(t, 'resume_s', 'first_error_ms'), 0)} ms"
                + (f" (its old frame); a right frame after {fmt(get(t, 'resume_s', 'right_delay_ms'), 1)} ms"
                   if (get(t, 'resume_s', 'first_error_ms') or 0) < -1000 else ""),
                verdict(None if r.get("first_delay_ms") is None else
                        r["first_delay_ms"] <= 5 and r.get("first_error_ms") is not None
                        and -10 - 5 <= r["first_error_ms"] <= 1)))
    out.append(("Start-up to first frame", "≤ 25 ms", fmt(s.get("startup_ms"), 1, " ms"),
                fmt(t.get("startup_ms"), 0, " ms"), verdict(le(s.get("startup_ms"), 25))))
    history = s.get("history") or {}
    if history.get("startup_ms") is not None:
        out.append((f"Start-up to first frame, a year of hour-long rides with sensors "
                    f"({fmt(history.get('journal_mb'), 0, ' MB')} journal)", "≤ 25 ms",
                    f"{fmt(history.get('startup_ms'), 1, ' ms')}; the first opening, which reads every page: "
                    f"{fmt(history.get('first_ms'), 0, ' ms')} (then once a week)", "—",
                    verdict(le(history.get("startup_ms"), 25))))
    private = s.get("private_dirty_mb")
    out.append(("Peak RSS (VmHWM)", "≤ 16 MB",
                fmt(s.get("peak_rss_mb"), 1, " MB") + (f" (own dirty pages {fmt(private, 1)} MB)" if private else ""),
                fmt(t.get("peak_rss_mb"), 1, " MB"), verdict(le(s.get("peak_rss_mb"), 16))))
    static, dynamic = s.get("rss_static") or {}, s.get("rss_dynamic") or {}
    text = (f"{fmt(static.get('peak_rss_mb'), 1, ' MB')} (own dirty pages {fmt(static.get('private_dirty_mb'), 1)} MB; "
            f"start-up {fmt(static.get('startup_ms'), 1)} ms); ")
    if dynamic.get("peak_rss_mb"):
        text += (f"the Swift libraries linked dynamically, on the same script: "
                 f"{fmt(dynamic.get('peak_rss_mb'), 1, ' MB')}, start-up {fmt(dynamic.get('startup_ms'), 1)} ms")
    else:
        text += "the dynamic build not built: " + (dynamic_error or "none given")
    out.append(("Peak RSS on the script of three laps (the installed build, Swift libraries linked in)",
                "≤ 16 MB (the dynamic build beside)", text, "—", verdict(le(static.get("peak_rss_mb"), 16))))
    st = s.get("status") or {}
    line = st.get("line") or {}
    if line.get("available"):
        text = f"{fmt(line.get('p50_ms'), 1)} / {fmt(line.get('p99_ms'), 1)} ms (p50 / p99) with no ride"
        ride = st.get("line_ride") or {}
        if ride.get("available"):
            text += f", {fmt(ride.get('p50_ms'), 1)} / {fmt(ride.get('p99_ms'), 1)} ms riding with 20 laps"
        text += f"; starting `/bin/true` the same way: {fmt(st.get('spawn_floor_p50_ms'), 1)} ms"
        ok = le(max(line.get("p50_ms") or 0, ride.get("p50_ms") or 0), 20)
    else:
        text, ok = "n/a (no `splits status`)", None
    out.append(("`splits status`", "≤ 20 ms", text, "—", verdict(ok)))
    return out


def table(summary: dict, dynamic_error: str | None = None) -> str:
    lines = ["| metric | target | splits | termdown | splits vs target |", "|---|---|---|---|---|"]
    for metric, target, s, t, v in rows(summary, dynamic_error):
        lines.append(f"| {metric} | {target} | {s} | {t} | {v} |")
    return "\n".join(lines)


def machine_text(info: dict) -> str:
    m = info["machine"]
    v = info["versions"]
    load_b = ", ".join(f"{x:.2f}" for x in m.get("load_before", []))
    load_a = ", ".join(f"{x:.2f}" for x in m.get("load_after", []))
    return (
        f"- Date: {info['date']}; {info['runs']} runs of each program, interleaved; the bench took "
        f"{info.get('seconds', '?')} s.\n"
        f"- Machine: {m['cpu']}, {m['nproc']} cores, Linux {m['kernel']} ({m.get('os', '')}); load average "
        f"{load_b} before and {load_a} after (the cores are shared with other work, so the tails are "
        f"those of a busy machine).\n"
        f"- Programs: splits {v.get('splits', '?')} at commit {v.get('commit', '?')} (release build, {v.get('swift', '?')}; "
        f"functions of scripts/hot-path.order found in it: {v.get('hot_path', '?')}); termdown "
        f"{v.get('termdown', '?')} on Python {m.get('python', '?')}; terminal model pyte {v.get('pyte', '?')}; "
        f"{info['terminal']}.\n"
    )


def chart(runs: dict, summary: dict, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def lags(program, key):
        out = []
        for r in runs[program]:
            block = r.get(key) if key in r else None
            if block and block.get("lag"):
                out.extend(block["lag"]["lags_ms"])
        return out

    series = [
        ("splits, hundredths", lags("splits", "plain_cs"), "#1b7837"),
        ("splits, tenths", lags("splits", "plain_ds"), "#5aae61"),
        ("splits, seconds", lags("splits", "plain_s"), "#a6dba0"),
        ("termdown, seconds", lags("termdown", "plain"), "#9970ab"),
    ]
    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(15, 4.8), gridspec_kw={"width_ratios": [1.25, 1, 1]})
    fig.suptitle("splits vs termdown on a shared 2-core machine (bars: medians of 3 runs)", fontsize=12)

    labels = [f"{name}\n(n={len(values)})" for name, values, _ in series]
    data = [values if values else [float("nan")] for _, values, _ in series]
    box = ax1.boxplot(data, orientation="horizontal", whis=(1, 99), showfliers=True, patch_artist=True,
                      flierprops={"markersize": 3, "alpha": 0.5})
    for patch, (_, _, color) in zip(box["boxes"], series):
        patch.set_facecolor(color)
    ax1.set_yticks(range(1, len(labels) + 1), labels)
    ax1.set_xscale("log")
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
    ax1.xaxis.set_major_locator(FixedLocator([0.2, 0.5, 1, 2, 5, 10, 20, 50]))
    ax1.xaxis.set_minor_locator(NullLocator())
    ax1.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    ax1.axvline(2.0, color="#d73027", linestyle="--", linewidth=1)
    ax1.text(2.05, len(series) + 0.35, "target p99 ≤ 2 ms", color="#d73027", fontsize=8, va="bottom")
    ax1.set_xlabel("display lag, ms (log): value appeared − value became true")
    ax1.set_title("Display lag, 3 runs pooled (box: quartiles; whiskers: 1st–99th pct.)", fontsize=10)
    ax1.set_ylim(0.4, len(series) + 0.9)

    s, t = summary["splits"], summary["termdown"]
    states = ["ready", "paused", "running\nseconds", "running\ntenths", "running\nhundredths"]
    split_cpu = [get(s, "ready", "cpu_pct"), get(s, "paused", "cpu_pct"), get(s, "running_big_s", "cpu_pct"),
                 get(s, "running_big_ds", "cpu_pct"), get(s, "running_big_cs", "cpu_pct")]
    term_cpu = [None, get(t, "paused", "cpu_pct"), get(t, "running_big_s", "cpu_pct"), None, None]
    split_sw = [get(s, "ready", "switches_per_s"), get(s, "paused", "switches_per_s"),
                get(s, "running_big_s", "switches_per_s"), get(s, "running_big_ds", "switches_per_s"),
                get(s, "running_big_cs", "switches_per_s")]
    term_sw = [None, get(t, "paused", "switches_per_s"), get(t, "running_big_s", "switches_per_s"), None, None]

    def bars(ax, a, b, title, ylabel, targets):
        x = list(range(len(states)))
        w = 0.38
        present = [v for v in a + b if v]
        floor = min(present + [t for _, t in targets]) / 4 if present else 1e-3
        top = max(present + [t for _, t in targets]) * 6 if present else 1
        ax.set_ylim(floor, top)
        for offset, values, color, name in ((-w / 2, a, "#1b7837", "splits"), (w / 2, b, "#9970ab", "termdown")):
            heights = [max(v, floor) if v is not None else 0 for v in values]
            ax.bar([i + offset for i in x], heights, w, label=name, color=color, bottom=0)
            for i, v in enumerate(values):
                if v is not None:
                    ax.text(i + offset, max(v, floor) * 1.15, fmt(v, 3 if v < 1 else 1), ha="center", fontsize=7)
                elif name == "termdown":
                    ax.text(i + offset, floor * 1.4, "no such\nstate" if i == 0 else "no such\nprecision",
                            ha="center", va="bottom", fontsize=6, color="#777", rotation=90)
        for i, target in targets:
            ax.hlines(target, i - 0.45, i + 0.45, colors="#d73027", linestyles="--", linewidth=1.2)
        ax.set_yscale("log")
        ax.set_ylim(floor, top)
        ax.set_xticks(x, states, fontsize=8)
        ax.set_ylabel(ylabel)
        ax.set_title(title, fontsize=10)
        ax.legend(fontsize=8, loc="upper left")

    bars(ax2, split_cpu, term_cpu, "CPU per state (red: target)", "% of one core (log)",
         [(2, 0.02), (4, 1.0)])
    changes_per_s = [None, get(s, "paused", "changes_per_s"), get(s, "output_big_s", "changes_per_s"),
                     get(s, "output_big_ds", "changes_per_s"), get(s, "output_big_cs", "changes_per_s")]
    targets = [(0, 0.05)] + [(i, 1.3 * c) for i, c in enumerate(changes_per_s) if c]
    bars(ax3, split_sw, term_sw, "Context switches/s (red: target, 1.3 per change)", "switches/s (log)",
         targets)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


SKELETON = f"""# Performance

{BEGIN}
{END}
"""


def follow_block(result: dict) -> str:
    """The `status --follow` table: switches per printed line at whole seconds, and while
    paused."""
    f = result["follow"]
    runs = f.get("runs") or []
    machine = result.get("machine") or {}
    per_line = f.get("switches_per_line")
    paused = f.get("paused_switches")
    lines = [
        FOLLOW_BEGIN,
        "",
        "`splits status --follow` beside a running ride screen, its output a pipe (medians of "
        f"{len(runs)} runs; {fmt(get(result, 'phases_s', 'running'), 0)} s running, "
        f"{fmt(get(result, 'phases_s', 'paused'), 0)} s paused; context switches of every thread of the "
        "follower, voluntary + nonvoluntary, from /proc/PID/task/*/status):",
        "",
        "| Metric | Target | splits | Verdict |",
        "|---|---|---|---|",
        f"| `status --follow` at whole seconds: context switches per printed line | ≤ 1.3 | {fmt(per_line)}, of which "
        f"preempted {fmt(f.get('nonvoluntary_per_line'))} ({fmt(f.get('lines_per_s'))} lines/s, "
        f"{fmt(f.get('threads_max'))} threads at most) | {verdict(le(per_line, 1.3))} |",
        f"| `status --follow` while paused: context switches | 0 | {fmt(paused)} in {fmt(f.get('paused_seconds'), 1)} s "
        f"| {verdict(None if paused is None else paused == 0)} |",
        "",
        f"Measured {result.get('date', '?')} on {machine.get('cpu', '?')}, {machine.get('nproc', '?')} cores, kernel "
        f"{machine.get('kernel', '?')}, commit {result.get('commit', '?')}; duplicate lines: {f.get('duplicates')}; "
        f"exit statuses once the pipe closed: {f.get('exit_codes')}.",
        "",
        FOLLOW_END,
    ]
    return "\n".join(lines)


def remote_block(result: dict) -> str:
    """`splits lap` from another process to the open screen showing the lap, and the part of
    it that is not process start-up."""
    r = result["remote"]
    command, socket_part, floor = r.get("command") or {}, r.get("socket") or {}, r.get("spawn_floor") or {}
    machine = result.get("machine") or {}
    p50, p99 = command.get("p50_ms"), command.get("p99_ms")
    runs = r.get("runs") or []
    lines = [
        REMOTE_BEGIN,
        "",
        "`splits lap` started from another process while the ride screen runs at whole seconds in a "
        f"pty (medians of {len(runs)} runs of {fmt(get(runs[0], 'laps') if runs else None, 0)} laps): from starting the "
        "command to the output chunk that shows the new lap count. The screen's part is the same request "
        "written straight to the control socket (accept, reducer, journal commit with fsync, frame); the rest "
        "is starting the process.",
        "",
        "| Metric | Target | splits | Verdict |",
        "|---|---|---|---|",
        f"| `splits lap` to the lap on screen, median | ≤ 15 ms | {fmt(p50)} ms | {verdict(le(p50, 15))} |",
        f"| `splits lap` to the lap on screen, p99 | ≤ 30 ms | {fmt(p99)} ms | {verdict(le(p99, 30))} |",
        f"| of which the screen's part (request on the socket to the lap on screen), median / p99 | — | "
        f"{fmt(socket_part.get('p50_ms'))} / {fmt(socket_part.get('p99_ms'))} ms |  |",
        f"| `splits lap` start to exit, median / p99 | — | {fmt(get(r, 'command_to_exit', 'p50_ms'))} / "
        f"{fmt(get(r, 'command_to_exit', 'p99_ms'))} ms |  |",
        f"| starting `/bin/true` the same way, median | — | {fmt(floor.get('p50_ms'))} ms |  |",
        "",
    ]
    # A run that measured nothing says why, so that an n/a cannot pass unnoticed.
    failed = [run.get("why", "?") for run in runs if not run.get("available")]
    if failed:
        lines += [f"Not measured in {len(failed)} of {len(runs)} runs: {failed[0]}", ""]
    lines += [
        f"Measured {result.get('date', '?')} on {machine.get('cpu', '?')}, {machine.get('nproc', '?')} cores, kernel "
        f"{machine.get('kernel', '?')}, commit {result.get('commit', '?')}.",
        "",
        REMOTE_END,
    ]
    return "\n".join(lines)


def sensors_block(result: dict) -> str:
    """The ride screen with four sensors at 4 Hz and silent: CPU, wake-ups per second and per
    notification, threads; ready and running at whole seconds."""
    s = result["sensors"]
    machine = result.get("machine") or {}
    load = machine.get("load_before") or []
    lines = [SENSORS_BEGIN, ""]
    if not s.get("available"):
        lines += [f"The ride screen with four sensors: not measured ({s.get('why')}).", "", SENSORS_END]
        return "\n".join(lines)
    lines += [
        f"The ride screen (`--plain --precision s`, 80×24 pty) with {s.get('sensors')} sensors remembered on the fake "
        f"BlueZ (`Tests/tools/fake_bluez.py`), each notifying every {fmt(s.get('interval_s'))} s, then connected but "
        f"silent (figures stale); one run, {fmt(s.get('seconds'), 0)} s per window; CPU and context switches of every "
        "thread of the screen from /proc/PID/task/* (a wake-up is a voluntary one, a sleep ended; preempted: the "
        "nonvoluntary ones, which the machine's load adds), and the notifications the fake's streams counted:",
        "",
        "| State | Sensors | Notifications/s | CPU (% of a core) | Wake-ups/s (voluntary switches) | "
        "per notification | Preempted/s | Threads | Verdict |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for part, state, sensors, limit in (
        ("ready_streaming", "ready", "4 at 4 Hz", "≤ 1 per notification"),
        ("ready_silent", "ready", "4 silent", "0"),
        ("running_streaming", "running, whole seconds", "4 at 4 Hz", "≤ 1 per notification + 1/s"),
        ("running_silent", "running, whole seconds", "4 silent", "≤ 1/s, as without sensors"),
    ):
        w = s.get(part) or {}
        notes, seconds = w.get("notifications") or 0, w.get("seconds") or 0
        wakes = None if w.get("switches") is None else w["switches"] - (w.get("nonvoluntary") or 0)
        ok = {
            "ready_streaming": le(wakes, notes),
            "ready_silent": None if wakes is None else wakes == 0,
            "running_streaming": le(wakes, notes + seconds + 1),
            "running_silent": le(wakes, seconds + 1),
        }[part]
        lines.append(
            f"| {state} | {sensors} | {fmt(w.get('notifications_per_s'))} | {fmt(w.get('cpu_pct'), 3)} % | "
            f"{fmt(wakes / seconds if wakes is not None and seconds else None)} | "
            f"{fmt(wakes / notes) if wakes is not None and notes else '—'} | "
            f"{fmt((w.get('nonvoluntary') or 0) / seconds if seconds else None)} | "
            f"{fmt(w.get('threads'), 0)} | {verdict(ok)} ({limit}) |")
    lines += [
        "",
        f"Measured {result.get('date', '?')} on {machine.get('cpu', '?')}, {machine.get('nproc', '?')} cores, kernel "
        f"{machine.get('kernel', '?')}, commit {result.get('commit', '?')}; load average "
        f"{', '.join(f'{x:.2f}' for x in load)} before (the fake BlueZ's Python streams run on the same two cores).",
        "",
        SENSORS_END,
    ]
    return "\n".join(lines)


def write_block(results: str, doc_path: str, name: str, begin: str, end: str, render) -> bool:
    """Puts the block rendered from `name`.json into the document, in place of its old one
    (after the results block when new)."""
    path = os.path.join(results, name + ".json")
    if not os.path.exists(path):
        return False
    with open(path) as f:
        block = render(json.load(f))
    doc = open(doc_path).read() if os.path.exists(doc_path) else SKELETON
    if begin in doc and end in doc:
        head, rest = doc.split(begin, 1)
        _, tail = rest.split(end, 1)
        doc = head + block + tail
    elif END in doc:
        head, tail = doc.split(END, 1)
        doc = head + END + "\n\n" + block + tail
    else:
        doc = doc.rstrip("\n") + "\n\n" + block + "\n"
    with open(doc_path, "w") as f:
        f.write(doc)
    return True


PARTS = {
    "follow": (FOLLOW_BEGIN, FOLLOW_END, follow_block, "status --follow"),
    "remote": (REMOTE_BEGIN, REMOTE_END, remote_block, "splits lap to the screen"),
    "sensors": (SENSORS_BEGIN, SENSORS_END, sensors_block, "the ride screen with four sensors"),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", default=os.path.join(HERE, "results"))
    parser.add_argument("--doc", default=os.path.join(ROOT, "docs", "performance.md"))
    parser.add_argument("--png", default=os.path.join(ROOT, "docs", "performance.png"))
    parser.add_argument("--only", choices=sorted(PARTS), help="write only this block")
    args = parser.parse_args()
    if args.only:
        begin, end, render, what = PARTS[args.only]
        if not write_block(args.results, args.doc, args.only, begin, end, render):
            print(f"report: no {args.results}/{args.only}.json (run bench.py --only {args.only})", file=sys.stderr)
            return 1
        print(f"report: {args.doc} ({what})", file=sys.stderr)
        return 0
    with open(os.path.join(args.results, "summary.json")) as f:
        result = json.load(f)
    with open(os.path.join(args.results, "runs.json")) as f:
        runs = json.load(f)
    summary, info = result["summary"], result["info"]

    block = "\n".join([
        BEGIN,
        "",
        table(summary, get(info, "dynamic", "error")),
        "",
        machine_text(info),
        "![Display lag per program and precision; CPU and context switches per state](performance.png)",
        "",
        END,
    ])
    doc = open(args.doc).read() if os.path.exists(args.doc) else SKELETON
    if BEGIN in doc and END in doc:
        head, rest = doc.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        doc = head + block + tail
    else:
        doc = doc.rstrip("\n") + "\n\n" + block + "\n"
    with open(args.doc, "w") as f:
        f.write(doc)
    for name, (begin, end, render, _) in PARTS.items():
        write_block(args.results, args.doc, name, begin, end, render)
    chart(runs, summary, args.png)
    print(f"report: {args.doc}, {args.png}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
