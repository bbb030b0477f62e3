/* The least a terminal stopwatch can do, for the bench's floor: what the machine, the pty
 * and the bench's own reading cost before any program's work. Not splits: a reference.
 *
 *   stopwatch [--plain] [--precision s|ds|cs]
 *
 * Shows READY; space starts the clock (the boot clock read when the key is read) and pauses
 * it; `l` counts a lap (the line written at once, no journal); `q` quits. Each displayed
 * change: one wait (ppoll on the terminal, timed to the next change on the boot clock), the
 * foreground check (TIOCGPGRP, as splits does), and one write of the changed text at its
 * place. Built by bench/compare.py (cc -O2). */
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_BOOTTIME, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void put(const char *s, int n) {
  if (tcgetpgrp(1) != getpgrp()) return;
  while (n > 0) {
    ssize_t w = write(1, s, (size_t)n);
    if (w <= 0) return;
    s += w;
    n -= (int)w;
  }
}

int main(int argc, char **argv) {
  long long unit = 10000000LL; /* hundredths */
  for (int i = 1; i + 1 < argc; i++) {
    if (strcmp(argv[i], "--precision") == 0) {
      if (strcmp(argv[i + 1], "s") == 0) unit = 1000000000LL;
      if (strcmp(argv[i + 1], "ds") == 0) unit = 100000000LL;
    }
  }
  struct termios saved, raw;
  tcgetattr(0, &saved);
  raw = saved;
  cfmakeraw(&raw);
  tcsetattr(0, TCSANOW, &raw);
  const char *start = "\033[?1049h\033[H\033[2J Stopwatch                                                READY";
  put(start, (int)strlen(start));
  int running = 0, laps = 0;
  long long began = 0, shown = -1, accumulated = 0;
  char buf[96];
  for (;;) {
    long long now = now_ns();
    long long elapsed = accumulated + (running ? now - began : 0);
    long long value = elapsed / unit;
    if (value != shown) {
      shown = value;
      long long cs = elapsed / 10000000LL, s = cs / 100;
      int n;
      if (unit == 1000000000LL)
        n = snprintf(buf, sizeof buf, "\033[3;2H%02lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
      else if (unit == 100000000LL)
        n = snprintf(buf, sizeof buf, "\033[3;2H%02lld:%02lld:%02lld.%lld", s / 3600, s / 60 % 60, s % 60, cs / 10 % 10);
      else
        n = snprintf(buf, sizeof buf, "\033[3;2H%02lld:%02lld:%02lld.%02lld", s / 3600, s / 60 % 60, s % 60, cs % 100);
      put(buf, n);
    }
    struct pollfd in = {.fd = 0, .events = POLLIN};
    struct timespec wait, *timeout = NULL;
    if (running) {
      long long next = began - accumulated + (value + 1) * unit;
      long long left = next - now_ns();
      if (left < 0) left = 0;
      wait.tv_sec = left / 1000000000LL;
      wait.tv_nsec = left % 1000000000LL;
      timeout = &wait;
    }
    if (ppoll(&in, 1, timeout, NULL) <= 0) continue;
    char key;
    if (read(0, &key, 1) != 1 || key == 'q') break;
    long long at = now_ns();
    if (key == ' ') {
      if (running) accumulated += at - began;
      else began = at;
      running = !running;
      const char *state = running ? "\033[1;58HRUNNING" : "\033[1;58HPAUSED ";
      put(state, (int)strlen(state));
    } else if (key == 'l') {
      int n = snprintf(buf, sizeof buf, "\033[5;2HLaps %d", ++laps);
      put(buf, n);
    }
  }
  tcsetattr(0, TCSANOW, &saved);
  put("\033[?1049l", 8);
  return 0;
}
