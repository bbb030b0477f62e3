// The C side of the terminal layer: what Swift 6 cannot import from ncurses directly.
// C globals (stdscr, curscr, COLS, LINES) are not concurrency-safe as imported vars, and
// attribute macros do not import at all; static inline accessors do both cleanly.
#ifndef SPLITS_CNCURSES_SHIM_H
#define SPLITS_CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
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

static const attr_t splits_attr_normal = A_NORMAL;
static const attr_t splits_attr_bold = A_BOLD;
static const attr_t splits_attr_dim = A_DIM;
static const attr_t splits_attr_reverse = A_REVERSE;
static const attr_t splits_attr_underline = A_UNDERLINE;

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

/// Draws a UTF-8 string at (y, x) with the given attributes and colour pair.
static inline void splits_put(int y, int x, const char *utf8, attr_t attrs, short pair) {
  attr_set(attrs, pair, NULL);
  mvaddstr(y, x, utf8);
}

#endif
