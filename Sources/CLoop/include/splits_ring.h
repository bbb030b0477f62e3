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

/// Queues a write of `length` bytes of `bytes` to `fd` (copied; none when `length` is 0),
/// linked to a timeout of 1 ms for the time the kernel may wait for `fd` to take output and,
/// unless one is still armed from an interrupted wait, a poll of `watch` for reading behind
/// them; submits them and waits in the same system call until `watch` is readable, or at once
/// when the write was short, failed or timed out (then the poll was cancelled). Returns 0, or
/// -1 with errno set (EINTR: a signal came first; the poll stays armed for the next wait).
/// `*written` is the write's result: the bytes written, or minus its errno (-ECANCELED: it
/// wrote nothing within the time), or INT64_MIN when no write was queued.
int splits_ring_wait(splits_ring *ring, int fd, const uint8_t *bytes, size_t length, int watch, int64_t *written);

/// Unmaps the ring and closes it.
void splits_ring_close(splits_ring *ring);

#endif
