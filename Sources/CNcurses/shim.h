// The C side of the terminal layer: what Swift 6 cannot import from ncurses directly.
// C globals (stdscr, curscr, COLS, LINES) are not concurrency-safe as imported vars, and
// attribute macros do not import at all; static inline accessors do both cleanly.
#ifndef SPLITS_CNCURSES_SHIM_H
#define SPLITS_CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include <stdio.h>
#include <langinfo.h>
#include <signal.h>

static inline WINDOW *splits_stdscr(void) { return stdscr; }
static inline FILE *splits_stdout_file(void) { return stdout; }
static inline FILE *splits_stdin_file(void) { return stdin; }
static inline WINDOW *splits_curscr(void) { return curscr; }
/// Frees the terminal description a setupterm() check loaded.
static inline void splits_free_cur_term(void) { del_curterm(cur_term); }
/// The character set of the current LC_CTYPE ("UTF-8" when wide characters will render).
static inline const char *splits_codeset(void) { return nl_langinfo(CODESET); }
static inline int splits_cols(void) { return COLS; }
static inline int splits_lines(void) { return LINES; }

/// The terminal size from the kernel (ioctl is variadic, so Swift cannot call it).
/// Returns 0 and fills rows/cols, or -1 when fd is not a terminal.
static inline int splits_window_size(int fd, int *rows, int *cols) {
  struct winsize ws;
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
  *rows = ws.ws_row;
  *cols = ws.ws_col;
  return 0;
}

/// How many bytes wait unread in the kernel's buffer for fd (FIONREAD), or -1.
static inline int splits_bytes_waiting(int fd) {
  int count = 0;
  if (ioctl(fd, FIONREAD, &count) != 0) return -1;
  return count;
}

/// One byte (0–255) or key code (KEY_…) from the standard screen, or ERR when nothing waits.
static inline int splits_getch(void) { return wgetch(stdscr); }


// Terminfo strings, for frames the screen writes itself (the capability macros and the
// variadic tiparm do not import into Swift).

/// A string capability of the current terminal by its terminfo name ("sgr0", "cup"), as the
/// entry holds it (parameters and padding included), or NULL when the terminal lacks it.
static inline const char *splits_tigetstr(const char *name) {
  const char *value = tigetstr(name);
  return value == (const char *)-1 ? NULL : value;
}
/// A numeric capability of the current terminal by its terminfo name, or -1 when it lacks it.
static inline int splits_tigetnum(const char *name) {
  int value = tigetnum(name);
  return value < 0 ? -1 : value;
}
/// A parameterised terminfo string expanded with up to nine numeric parameters (tiparm; the
/// format need not belong to the current terminal). The result is in tiparm's static buffer:
/// copy the bytes before the next call. NULL when the format is not valid.
static inline const char *splits_tiparm(const char *format, int p1, int p2, int p3, int p4, int p5,
                                        int p6, int p7, int p8, int p9) {
  return tiparm(format, p1, p2, p3, p4, p5, p6, p7, p8, p9);
}

/// A descriptor of its own for the terminal on fd, opened non-blocking so that a write can
/// never hang (fd's own description is shared with the shell and stays as it is), or -1.
static inline int splits_open_output(int fd) {
  const char *name = ttyname(fd);
  if (!name) return -1;
  return open(name, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
}

#endif
