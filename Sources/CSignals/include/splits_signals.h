// Stop and continue, handled where they arrive. A `kill -TSTP; kill -CONT` sent back to back
// must leave the process running, as it leaves any ordinary program running. The screen
// stops itself (raise(SIGSTOP)) only after restoring the terminal, so it must know, at that
// moment, whether a SIGCONT came after the SIGTSTP it is handling. A handler counts them as
// they are delivered; a thread hop later (a dispatch signal source) would be too late.
#ifndef SPLITS_SIGNALS_H
#define SPLITS_SIGNALS_H

/// Installs the SIGTSTP and SIGCONT handlers. Each delivery writes one byte to a pipe, 'T'
/// or 'C', for the main loop to read. Returns the pipe's read end (non-blocking), or -1 with
/// errno set.
int splits_watch_stop_continue(void);

/// Stops the process (as SIGTSTP's default action does) unless a SIGCONT came since the last
/// SIGTSTP, and returns once it is continued, or at once. The stop signal is made pending
/// (blocked) before it takes effect, so a SIGCONT sent after it discards it, as the kernel
/// discards pending stop signals when a SIGCONT is sent. One window is left, of the order
/// of a microsecond: sending the stop signal discards a SIGCONT sent just before it and not
/// yet handled; the look for one happens right before.
void splits_stop_unless_continued(void);

/// Puts the default SIGTSTP and SIGCONT actions back and closes the pipe.
void splits_unwatch_stop_continue(void);

#endif
