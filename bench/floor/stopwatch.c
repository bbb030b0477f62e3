/* The least a terminal stopwatch can do, for the bench's floor: what the machine, the pty
 * and the bench's own reading cost before any program's work. Not splits: a reference.
 *
 *   stopwatch [--plain] [--precision s|ds|cs] [--journal]
 *
 * Shows READY; space starts the clock (the boot clock read when the key is read) and pauses
 * it; `l` counts a lap (the line written at once); `q` quits. Each displayed change: one wait
 * (ppoll on the terminal, timed to the next change on the boot clock), the foreground check
 * (TIOCGPGRP, as splits does), and one write of the changed text at its place.
 *
 * With `--journal`, each key (start, pause, lap) is committed to a SQLite journal,
 * `$SPLITS_DATA_DIR/floor.sqlite` (the directory made if missing), before its line is written, the way splits commits an event: WAL, `synchronous = FULL`,
 * foreign keys on, `BEGIN IMMEDIATE`, the open ride and the ride's finish looked up, the
 * ride's row on its first event, the event's row (an AUTOINCREMENT key and an index on the
 * ride, as splits' `events`), `COMMIT`; the statements prepared once. What a key costs beyond
 * that is what a program adds to the journal's commit.
 *
 * Built by bench/compare.py (cc -O2, with -lsqlite3). */
#define _GNU_SOURCE
#include <poll.h>
#include <sqlite3.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

static sqlite3 *db;
static sqlite3_stmt *begin, *open_ride, *finished, *new_ride, *event, *commit;

static void journal_open(void) {
  const char *dir = getenv("SPLITS_DATA_DIR");
  char path[4096];
  if (!dir || snprintf(path, sizeof path, "%s/floor.sqlite", dir) >= (int)sizeof path) exit(3);
  mkdir(dir, 0700);
  if (sqlite3_open(path, &db) != SQLITE_OK) exit(3);
  const char *setup =
      "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;"
      "CREATE TABLE IF NOT EXISTS rides (number INTEGER PRIMARY KEY NOT NULL, started_at INTEGER NOT NULL,"
      " finished_at INTEGER);"
      "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY AUTOINCREMENT,"
      " ride INTEGER NOT NULL REFERENCES rides(number), kind TEXT NOT NULL, wall_ms INTEGER NOT NULL,"
      " boot_id TEXT NOT NULL, boottime_ns INTEGER NOT NULL, countdown_steps INTEGER NOT NULL DEFAULT 0,"
      " step_end TEXT);"
      "CREATE INDEX IF NOT EXISTS events_by_ride ON events(ride, id);"
      "CREATE INDEX IF NOT EXISTS rides_by_finish ON rides(finished_at, number);";
  if (sqlite3_exec(db, setup, NULL, NULL, NULL) != SQLITE_OK) exit(3);
  const char *sql[] = {
      "BEGIN IMMEDIATE",
      "SELECT number FROM rides WHERE finished_at IS NULL ORDER BY number DESC LIMIT 1",
      "SELECT finished_at FROM rides WHERE number = 1",
      "INSERT INTO rides (number, started_at) VALUES (1, ?)",
      "INSERT INTO events (ride, kind, wall_ms, boot_id, boottime_ns, countdown_steps, step_end)"
      " VALUES (1, ?, ?, 'boot', ?, 0, NULL)",
      "COMMIT"};
  sqlite3_stmt **out[] = {&begin, &open_ride, &finished, &new_ride, &event, &commit};
  for (int i = 0; i < 6; i++)
    if (sqlite3_prepare_v3(db, sql[i], -1, SQLITE_PREPARE_PERSISTENT, out[i], NULL) != SQLITE_OK) exit(3);
}

static int step(sqlite3_stmt *s) {
  int code = sqlite3_step(s);
  sqlite3_reset(s);
  return code;
}

/* One key's event committed; exits when the journal refuses it. */
static void journal_record(const char *kind, long long at) {
  if (!db) return;
  if (step(begin) != SQLITE_DONE) exit(4);
  step(open_ride);
  int has_row = sqlite3_step(finished) == SQLITE_ROW;
  sqlite3_reset(finished);
  if (!has_row) {
    sqlite3_bind_int64(new_ride, 1, at / 1000000LL);
    if (step(new_ride) != SQLITE_DONE) exit(4);
  }
  sqlite3_bind_text(event, 1, kind, -1, SQLITE_STATIC);
  sqlite3_bind_int64(event, 2, at / 1000000LL);
  sqlite3_bind_int64(event, 3, at);
  if (step(event) != SQLITE_DONE) exit(4);
  if (step(commit) != SQLITE_DONE) exit(4);
}

int main(int argc, char **argv) {
  long long unit = 10000000LL; /* hundredths */
  for (int i = 1; i + 1 < argc; i++) {
    if (strcmp(argv[i], "--precision") == 0) {
      if (strcmp(argv[i + 1], "s") == 0) unit = 1000000000LL;
      if (strcmp(argv[i + 1], "ds") == 0) unit = 100000000LL;
    }
  }
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--journal") == 0) journal_open();
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
    if (key == ' ' || key == 'l') journal_record(key == 'l' ? "lap" : running ? "pause" : "start", at);
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
  if (db) sqlite3_close_v2(db);
  tcsetattr(0, TCSANOW, &saved);
  put("\033[?1049l", 8);
  return 0;
}
