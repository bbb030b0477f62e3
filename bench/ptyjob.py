"""A program in a pseudo-terminal, run the way a shell runs a foreground job, its output
recorded with a CLOCK_MONOTONIC timestamp on every chunk and fed to a pyte screen.

The process tree is bench → session leader ("shell", waits) → program, in a process
group of its own that is the terminal's foreground group. That is what an interactive
shell does, and it matters: a process group whose parent is outside its session is
orphaned, and the kernel then drops SIGTSTP's default stop (termdown relies on it).
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import termios
import time

import pyte


class Screen(pyte.Screen):
    """pyte's screen plus REP (CSI n b), which ncurses uses for xterm-256color."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self._last = " "

    def draw(self, data: str) -> None:
        if data:
            self._last = data[-1]
        super().draw(data)

    def repeat_last(self, count: int = 1, *args, **kwargs) -> None:
        self.draw(self._last * max(1, count))


class Stream(pyte.ByteStream):
    csi = dict(pyte.ByteStream.csi, b="repeat_last")


def new_screen(columns: int, rows: int) -> tuple[Screen, Stream]:
    screen = Screen(columns, rows)
    return screen, Stream(screen)


TIME_RE = re.compile(r"(\d{2,}):(\d{2}):(\d{2})(?:\.(\d{1,2}))?")


def first_time_ns(screen: Screen) -> int | None:
    """The first HH:MM:SS(.d|.cc) on the screen from the top, in nanoseconds."""
    for line in screen.display:
        m = TIME_RE.search(line)
        if m:
            h, mi, s, frac = m.groups()
            ns = ((int(h) * 60 + int(mi)) * 60 + int(s)) * 1_000_000_000
            if frac:
                ns += int(frac) * 10 ** (9 - len(frac))
            return ns
    return None


def cells(screen: Screen) -> list[tuple]:
    """Every cell of the screen as a comparable tuple (character and attributes)."""
    out = []
    for y in range(screen.lines):
        row = screen.buffer[y]
        out.append(tuple(row[x] for x in range(screen.columns)))
    return out


class Usage:
    """CPU time and context switches of every thread of a process, read from /proc.

    CPU comes from /proc/PID/task/TID/schedstat (nanoseconds on the CPU), because
    /proc/PID/stat's utime+stime counts in 10 ms ticks, too coarse for a process that runs
    a few microseconds a second; the tick count is kept beside it as a cross-check.
    Context switches are /proc/PID/task/TID/status voluntary + nonvoluntary (the
    process's own status counts only its main thread). A thread's last reading is kept
    after it exits, so sampling often loses at most what a thread did after its last
    sample.
    """

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.seen: dict[str, tuple[int, int, int]] = {}
        self.ticks = 0
        # (time, thread ids listed in /proc/PID/task) of every sample: how many threads
        # were alive at each sample.
        self.history: list[tuple[int, frozenset]] = []

    def sample(self) -> dict:
        base = f"/proc/{self.pid}"
        try:
            tids = os.listdir(f"{base}/task")
        except OSError:
            tids = []
        for tid in tids:
            try:
                with open(f"{base}/task/{tid}/schedstat") as f:
                    cpu = int(f.read().split()[0])
                switches = involuntary = 0
                with open(f"{base}/task/{tid}/status") as f:
                    for line in f:
                        if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                            switches += int(line.split()[1])
                        if line.startswith("nonvoluntary_ctxt_switches"):
                            involuntary = int(line.split()[1])
                self.seen[tid] = (cpu, switches, involuntary)
            except (OSError, ValueError, IndexError):
                pass
        try:
            with open(f"{base}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            self.ticks = int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            pass
        t = time.monotonic_ns()
        if tids:
            self.history.append((t, frozenset(tids)))
        return {"t": t, "threads": dict(self.seen), "ticks": self.ticks}

    def live_threads(self, start: int, end: int) -> tuple[int | None, int | None]:
        """The most threads alive at one sample in [start, end], and how many distinct
        threads the samples of that window saw."""
        window = [tids for t, tids in self.history if start <= t <= end]
        if not window:
            return None, None
        return max(len(tids) for tids in window), len(frozenset().union(*window))

    @staticmethod
    def delta(a: dict, b: dict) -> dict:
        cpu = switches = involuntary = 0
        for tid, (c, s, n) in b["threads"].items():
            c0, s0, n0 = a["threads"].get(tid, (0, 0, 0))
            cpu += c - c0
            switches += s - s0
            involuntary += n - n0
        seconds = (b["t"] - a["t"]) / 1e9
        return {
            "seconds": seconds,
            "cpu_ns": cpu,
            "cpu_pct": 100.0 * cpu / (b["t"] - a["t"]),
            "ticks": b["ticks"] - a["ticks"],
            "switches": switches,
            "switches_per_s": switches / seconds,
            # Of the switches, those where the thread was preempted (it could have run on).
            "nonvoluntary": involuntary,
            "threads": len(b["threads"]),
        }


def status_field(pid: int, name: str) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def proc_state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "?"


class Job:
    """One program in a pty of `rows`×`columns`."""

    def __init__(self, argv: list[str], env: dict[str, str], rows: int = 24, columns: int = 80) -> None:
        self.rows, self.columns = rows, columns
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        r, w = os.pipe()
        shell = os.fork()
        if shell == 0:  # the session leader, standing in for the user's shell
            try:
                os.close(master)
                os.close(r)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                pid = os.fork()
                if pid == 0:  # the program
                    os.setpgid(0, 0)
                    signal.signal(signal.SIGTTOU, signal.SIG_IGN)
                    os.tcsetpgrp(slave, os.getpid())
                    for sig in (signal.SIGTTOU, signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT):
                        signal.signal(sig, signal.SIG_DFL)
                    for fd in (0, 1, 2):
                        os.dup2(slave, fd)
                    os.close(slave)
                    os.write(w, struct.pack("qq", os.getpid(), time.monotonic_ns()))
                    os.close(w)
                    os.execve(argv[0], argv, env)
                os.close(w)
                os.close(slave)
                signal.signal(signal.SIGHUP, signal.SIG_IGN)
                _, status = os.waitpid(pid, 0)
                os._exit(os.waitstatus_to_exitcode(status) & 0xFF)
            except BaseException:
                os._exit(127)
        os.close(slave)
        os.close(w)
        data = b""
        while len(data) < 16:
            part = os.read(r, 16 - len(data))
            if not part:
                break
            data += part
        os.close(r)
        self.shell = shell
        self.master = master
        self.pid, self.t_exec = struct.unpack("qq", data)
        self.chunks: list[tuple[int, bytes]] = []
        self.keys: list[tuple[int, bytes]] = []
        self.usage = Usage(self.pid)
        self.screen, self.stream = new_screen(columns, rows)
        self._fed = 0
        self._last_sample = 0
        self.exit_code: int | None = None
        self.peak_rss_kb: int | None = None
        self.private_dirty_kb: int | None = None

    # Reading

    def _read_once(self, timeout: float) -> bool:
        try:
            ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        except InterruptedError:
            return False
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        t = time.monotonic_ns()
        if not data:
            time.sleep(min(0.01, max(0.0, timeout)))
            return False
        self.chunks.append((t, data))
        return True

    def pump_until(self, deadline_ns: int, sample_every_ns: int = 250_000_000) -> None:
        """Reads and timestamps output until `deadline_ns`, sampling /proc now and then."""
        while True:
            now = time.monotonic_ns()
            if now >= deadline_ns:
                return
            if now - self._last_sample >= sample_every_ns:
                self.usage.sample()
                self._last_sample = time.monotonic_ns()
                continue
            wait = min(deadline_ns, self._last_sample + sample_every_ns) - now
            self._read_once(wait / 1e9)

    def pump(self, seconds: float) -> None:
        self.pump_until(time.monotonic_ns() + int(seconds * 1e9))

    def live_screen(self) -> Screen:
        while self._fed < len(self.chunks):
            self.stream.feed(self.chunks[self._fed][1])
            self._fed += 1
        return self.screen

    def wait_for(self, predicate, timeout: float) -> int | None:
        """Reads until `predicate(screen)` holds; returns the timestamp of the chunk that made
        it hold (None on time-out)."""
        deadline = time.monotonic_ns() + int(timeout * 1e9)
        if predicate(self.live_screen()):
            return self.chunks[-1][0] if self.chunks else time.monotonic_ns()
        while time.monotonic_ns() < deadline:
            if self._read_once((deadline - time.monotonic_ns()) / 1e9):
                if predicate(self.live_screen()):
                    return self.chunks[-1][0]
        return None

    # Acting

    def send(self, data: bytes) -> int:
        t = time.monotonic_ns()
        os.write(self.master, data)
        self.keys.append((t, data))
        return t

    def signal(self, sig: int) -> int:
        t = time.monotonic_ns()
        os.kill(self.pid, sig)
        return t

    def wait_state(self, state: str, timeout: float = 2.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc_state(self.pid) == state:
                return True
            self._read_once(0.002)
        return False

    def note_peak_rss(self) -> None:
        self.peak_rss_kb = status_field(self.pid, "VmHWM")
        # What of it is the process's own (not pages of shared libraries also mapped by
        # other processes): private dirty pages.
        try:
            with open(f"/proc/{self.pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Private_Dirty:"):
                        self.private_dirty_kb = int(line.split()[1])
        except OSError:
            pass

    def finish(self, quit_key: bytes | None = b"q", timeout: float = 3.0) -> None:
        self.note_peak_rss()
        if quit_key is not None:
            try:
                self.send(quit_key)
            except OSError:
                pass
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.shell, os.WNOHANG)
            if pid:
                self.exit_code = os.waitstatus_to_exitcode(status)
                break
            self._read_once(0.02)
        else:
            for sig in (signal.SIGCONT, signal.SIGTERM):
                try:
                    os.kill(self.pid, sig)
                except ProcessLookupError:
                    pass
            time.sleep(0.2)
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.shell, 0)
            self.exit_code = -1
        os.close(self.master)
