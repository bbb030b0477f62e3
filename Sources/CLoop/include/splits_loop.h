// The screen's main loop (SplitsRuntime's EventLoop): one epoll instance, a timerfd on the
// boot clock for every deadline, an eventfd for work handed over from another thread, and a
// signalfd for the signals that become inputs.
#ifndef SPLITS_LOOP_H
#define SPLITS_LOOP_H

#include <stdint.h>

#include "splits_build.h"
#include "splits_ring.h"

/// An epoll instance, close-on-exec; -1 with errno set.
int splits_loop_create(void);

/// Watches `fd` for reading (level-triggered) on `epoll`: 0, or -1 with errno set.
int splits_loop_add(int epoll, int fd);

/// Stops watching `fd` (0, or -1 with errno set).
int splits_loop_remove(int epoll, int fd);

/// Adds `fd` to the epoll instance for writability alone (level-triggered); -1 with errno
/// set on failure.
int splits_loop_add_writable(int epoll, int fd);

/// Waits up to `milliseconds` (-1: for ever) for descriptors of `epoll` to be ready, and
/// writes up to `capacity` of them to `fds`. The count, 0 on a time-out, or -1 with errno set
/// (EINTR: a signal's handler ran).
int splits_loop_wait(int epoll, int *fds, int capacity, int milliseconds);

/// A timerfd on CLOCK_BOOTTIME, non-blocking and close-on-exec; -1 with errno set.
int splits_timer_create(void);

/// Arms `fd` to expire once at `nanoseconds` on CLOCK_BOOTTIME (absolute), or disarms it when
/// `nanoseconds` is 0 or less. Either way the expirations not yet read are forgotten, so the
/// descriptor is no longer readable. 0, or -1 with errno set.
int splits_timer_set(int fd, int64_t nanoseconds);

/// How long until the timerfd `fd` expires, in nanoseconds: 0 when it is not set (or has
/// expired), -1 with errno set.
int64_t splits_timer_remaining(int fd);

/// An eventfd, non-blocking and close-on-exec; -1 with errno set.
int splits_wake_create(void);

/// Makes the eventfd `fd` readable.
void splits_wake_post(int fd);

/// Reads the eventfd `fd` back to not readable.
void splits_wake_drain(int fd);

/// Blocks `count` signals of `signals` on the calling thread and returns a signalfd that
/// reads them (non-blocking, close-on-exec); -1 with errno set (nothing is blocked then).
int splits_signalfd_open(const int *signals, int count);

/// The next signal waiting on the signalfd `fd`, or 0 when none is.
int splits_signalfd_take(int fd);

/// Closes the signalfd `fd` and unblocks the `count` signals of `signals` (those pending are
/// then discarded if ignored).
void splits_signalfd_close(int fd, const int *signals, int count);

#endif
