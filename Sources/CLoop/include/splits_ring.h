// The frame's write and the loop's wait in one system call: an io_uring of our own, through
// the three system calls (no liburing). SplitsRuntime's EventLoop uses it where the kernel
// allows it, and its epoll wait alone where it does not.
#ifndef SPLITS_RING_H
#define SPLITS_RING_H

#include <stddef.h>
#include <stdint.h>

typedef struct splits_ring splits_ring;

/// A ring of 8 entries; NULL with errno set when the kernel refuses one (no io_uring, a
/// seccomp filter, the io_uring_disabled sysctl, no memory).
splits_ring *splits_ring_open(void);

/// Whether the ring's waits end at a deadline of their own (Linux 6.12: the boot clock
/// registered for them, absolute time-outs): 1, or 0 when the loop keeps its deadlines on a
/// timerfd.
int splits_ring_keeps_deadlines(const splits_ring *ring);

/// Queues a write of `length` bytes of `bytes` to `fd` (copied; none when `length` is 0),
/// linked to a timeout of 1 ms for the time the kernel may wait for `fd` to take output and,
/// unless one is still armed from an earlier wait, a poll of `watch` for reading behind
/// them; submits them and waits in the same system call until `watch` is readable, until
/// `deadline` (nanoseconds on CLOCK_BOOTTIME, absolute; 0 for none, and ignored when the ring
/// does not keep deadlines), or at once when the write was short, failed or timed out (then
/// the poll was cancelled). A write still in the kernel at the deadline is waited for first.
/// Returns 1 when `watch` is readable or the write ended short (look what is ready), 0 when
/// the deadline came first (the poll stays armed for the next wait), or -1 with errno set
/// (EINTR: a signal came first; the poll stays armed). `*written` is the write's result: the
/// bytes written, or minus its errno (-ECANCELED: it wrote nothing within the time), or
/// INT64_MIN when no write was queued.
int splits_ring_wait(splits_ring *ring, int fd, const uint8_t *bytes, size_t length, int watch, int64_t deadline,
                     int64_t *written);

/// Makes the next `splits_ring_wait` fail with `error` before it submits anything, as a kernel
/// that refuses the ring in the middle of a run would (the tests of the loop's fall-back to
/// epoll).
void splits_ring_fail_next_wait(splits_ring *ring, int error);

/// Unmaps the ring and closes it.
void splits_ring_close(splits_ring *ring);

#endif
