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


// Terminfo strings of the current terminal, for frames the screen writes itself. Each is
// NULL when the terminal lacks the capability (the capability macros and the variadic
// tiparm do not import into Swift). Parameterised ones come from tiparm's static buffer:
// copy the bytes before the next call.

/// Cursor address (cup) of (row, column), both from 0.
static inline const char *splits_ti_cup(int row, int column) {
  return cursor_address ? tiparm(cursor_address, row, column) : NULL;
}
/// The cursor right by n columns (cuf), or NULL when the terminal has none.
static inline const char *splits_ti_cuf(int n) {
  return parm_right_cursor ? tiparm(parm_right_cursor, n) : NULL;
}
/// Set attributes (sgr) to exactly reverse, dim and bold, nothing else (colours reset too).
static inline const char *splits_ti_sgr(int reverse, int dim, int bold) {
  return set_attributes ? tiparm(set_attributes, 0, 0, reverse, 0, dim, bold, 0, 0, 0) : NULL;
}
/// Foreground colour (setaf; setf with its own colour numbering when setaf is missing).
static inline const char *splits_ti_setaf(int color) {
  if (set_a_foreground) return tiparm(set_a_foreground, color);
  static const int setf_order[8] = {0, 4, 2, 6, 1, 5, 3, 7};
  if (set_foreground && color >= 0 && color < 8) return tiparm(set_foreground, setf_order[color]);
  return NULL;
}
/// All attributes off (sgr0).
static inline const char *splits_ti_sgr0(void) { return exit_attribute_mode; }
/// Default colours back (op).
static inline const char *splits_ti_op(void) { return orig_pair; }
static inline const char *splits_ti_bold(void) { return enter_bold_mode; }
static inline const char *splits_ti_dim(void) { return enter_dim_mode; }
static inline const char *splits_ti_rev(void) { return enter_reverse_mode; }
/// The cursor to the top-left corner (home, or cup of 0, 0).
static inline const char *splits_ti_home(void) {
  return cursor_home ? cursor_home : splits_ti_cup(0, 0);
}

/// A descriptor of its own for the terminal on fd, opened non-blocking so that a write can
/// never hang (fd's own description is shared with the shell and stays as it is), or -1.
static inline int splits_open_output(int fd) {
  const char *name = ttyname(fd);
  if (!name) return -1;
  return open(name, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
}

#endif
