#include "splits_ring.h"

#include <errno.h>
#include <linux/io_uring.h>
#include <linux/time_types.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

// Linux 6.12's names for a wait timed on a clock of the ring's choosing, to an absolute
// deadline (include/uapi/linux/io_uring.h: IORING_REGISTER_CLOCK = 29 in the register opcodes,
// struct io_uring_clock_register, IORING_ENTER_ABS_TIMER = 1U << 5), under names of our own:
// an older installed header lacks them, a newer one has the opcode as an enum constant.
enum { RING_REGISTER_CLOCK = 29 };
#define RING_ENTER_ABS_TIMER (1U << 5)
struct ring_clock_register {
  uint32_t clockid;
  uint32_t reserved[3];
};

enum { RING_ENTRIES = 8, DATA_WRITE = 1, DATA_POLL = 2, DATA_TIMEOUT = 3, DATA_SHORT = 4 };

/// How long a write may wait in the kernel for the terminal to take output (1 ms).
#define RING_PATIENCE_NS 1000000L

struct splits_ring {
  int fd;
  unsigned *sq_head, *sq_tail, *sq_mask, *sq_array;
  unsigned *cq_head, *cq_tail, *cq_mask;
  struct io_uring_sqe *sqes;
  struct io_uring_cqe *cqes;
  void *sq_map, *cq_map, *sqe_map;
  size_t sq_size, cq_size, sqe_size;
  /// A poll of the watched descriptor is in the kernel, not completed yet.
  int poll_armed;
  /// A write is in the kernel, not completed yet (its bytes in `buffer`).
  int write_pending;
  /// The errno the next wait fails with before submitting (0: none; `splits_ring_fail_next_wait`).
  int fail_next;
  uint8_t *buffer;
  size_t capacity;
  /// The write's link timeout, read by the kernel when the write is submitted.
  struct __kernel_timespec patience;
  /// The kernel times the ring's waits to an absolute deadline on CLOCK_BOOTTIME.
  int keeps_deadlines;
  /// The deadline of the wait under way, read by the kernel when it is entered.
  struct __kernel_timespec until;
};

static int ring_setup(unsigned entries, struct io_uring_params *params) {
  return (int)syscall(__NR_io_uring_setup, entries, params);
}

static int ring_enter(int fd, unsigned submit, unsigned complete, unsigned flags) {
  return (int)syscall(__NR_io_uring_enter, fd, submit, complete, flags, NULL, 0);
}

/// Submits, and waits for `complete` completions or until `ring->until` (absolute, on the
/// boot clock) when `timed`.
static int ring_enter_until(splits_ring *ring, unsigned submit, unsigned complete, int timed) {
  if (!timed) return ring_enter(ring->fd, submit, complete, IORING_ENTER_GETEVENTS);
  struct io_uring_getevents_arg arg;
  memset(&arg, 0, sizeof arg);
  arg.ts = (uint64_t)(uintptr_t)&ring->until;
  unsigned flags = IORING_ENTER_GETEVENTS | IORING_ENTER_EXT_ARG | RING_ENTER_ABS_TIMER;
  return (int)syscall(__NR_io_uring_enter, ring->fd, submit, complete, flags, &arg, sizeof arg);
}

/// Whether the ring's waits can be timed on the boot clock, absolutely (Linux 6.12): the
/// clock registered, the extended argument that carries the deadline understood, and
/// completions skipped on success (the no-op behind a write).
static int register_boot_clock(int fd, const struct io_uring_params *params) {
  unsigned needed = IORING_FEAT_EXT_ARG | IORING_FEAT_CQE_SKIP;
  if ((params->features & needed) != needed) return 0;
  struct ring_clock_register clock;
  memset(&clock, 0, sizeof clock);
  clock.clockid = CLOCK_BOOTTIME;
  int saved = errno;
  int registered = (int)syscall(__NR_io_uring_register, fd, RING_REGISTER_CLOCK, &clock, 0) == 0;
  errno = saved;
  return registered;
}

static int64_t boot_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_BOOTTIME, &now);
  return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

splits_ring *splits_ring_open(void) {
  struct io_uring_params params;
  memset(&params, 0, sizeof params);
  // The kernel's work for the ring (the linked poll's arming, completions) runs only while
  // the loop waits in it: the pty's worker, woken by the write, then runs while the loop
  // sleeps instead of preempting it (a kernel before 6.1 refuses the flags: a plain ring).
  params.flags = IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN;
  int fd = ring_setup(RING_ENTRIES, &params);
  if (fd < 0 && errno == EINVAL) {
    memset(&params, 0, sizeof params);
    fd = ring_setup(RING_ENTRIES, &params);
  }
  if (fd < 0) return NULL;
  splits_ring *ring = calloc(1, sizeof *ring);
  if (!ring) {
    close(fd);
    errno = ENOMEM;
    return NULL;
  }
  ring->fd = fd;
  ring->keeps_deadlines = register_boot_clock(fd, &params);
  ring->sq_size = params.sq_off.array + params.sq_entries * sizeof(unsigned);
  ring->cq_size = params.cq_off.cqes + params.cq_entries * sizeof(struct io_uring_cqe);
  int single = (params.features & IORING_FEAT_SINGLE_MMAP) != 0;
  if (single) {
    if (ring->cq_size > ring->sq_size) ring->sq_size = ring->cq_size;
    ring->cq_size = ring->sq_size;
  }
  ring->sq_map = mmap(NULL, ring->sq_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQ_RING);
  if (ring->sq_map == MAP_FAILED) goto fail_sq;
  ring->cq_map = single ? ring->sq_map
                        : mmap(NULL, ring->cq_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd,
                               IORING_OFF_CQ_RING);
  if (ring->cq_map == MAP_FAILED) goto fail_cq;
  ring->sqe_size = params.sq_entries * sizeof(struct io_uring_sqe);
  ring->sqe_map = mmap(NULL, ring->sqe_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQES);
  if (ring->sqe_map == MAP_FAILED) goto fail_sqes;
  char *sq = ring->sq_map, *cq = ring->cq_map;
  ring->sq_head = (unsigned *)(sq + params.sq_off.head);
  ring->sq_tail = (unsigned *)(sq + params.sq_off.tail);
  ring->sq_mask = (unsigned *)(sq + params.sq_off.ring_mask);
  ring->sq_array = (unsigned *)(sq + params.sq_off.array);
  ring->cq_head = (unsigned *)(cq + params.cq_off.head);
  ring->cq_tail = (unsigned *)(cq + params.cq_off.tail);
  ring->cq_mask = (unsigned *)(cq + params.cq_off.ring_mask);
  ring->cqes = (struct io_uring_cqe *)(cq + params.cq_off.cqes);
  ring->sqes = ring->sqe_map;
  return ring;

fail_sqes: {
  int saved = errno;
  if (!single) munmap(ring->cq_map, ring->cq_size);
  errno = saved;
}
fail_cq: {
  int saved = errno;
  munmap(ring->sq_map, ring->sq_size);
  errno = saved;
}
fail_sq: {
  int saved = errno;
  close(fd);
  free(ring);
  errno = saved;
}
  return NULL;
}

/// The next free entry, cleared, with its index placed in the submission array; the tail is
/// published by `publish`.
static struct io_uring_sqe *next_entry(splits_ring *ring, unsigned *tail) {
  unsigned index = *tail & *ring->sq_mask;
  struct io_uring_sqe *sqe = &ring->sqes[index];
  memset(sqe, 0, sizeof *sqe);
  ring->sq_array[index] = index;
  *tail += 1;
  return sqe;
}

/// Takes the completions waiting: the poll's (sets *ready, or *cut when the chain before it
/// failed), the write's (sets *written); the link timeout's carry nothing.
static void reap(splits_ring *ring, int *ready, int *cut, int64_t *written) {
  unsigned head = __atomic_load_n(ring->cq_head, __ATOMIC_RELAXED);
  unsigned tail = __atomic_load_n(ring->cq_tail, __ATOMIC_ACQUIRE);
  while (head != tail) {
    struct io_uring_cqe *cqe = &ring->cqes[head & *ring->cq_mask];
    if (cqe->user_data == DATA_POLL) {
      ring->poll_armed = 0;
      if (cqe->res == -ECANCELED) *cut = 1;
      else *ready = 1;
    } else if (cqe->user_data == DATA_WRITE) {
      ring->write_pending = 0;
      *written = cqe->res;
    }
    head++;
  }
  __atomic_store_n(ring->cq_head, head, __ATOMIC_RELEASE);
}

/// Queues the write of `length` bytes (copied) and its link timeout, linked to what follows.
static int queue_write(splits_ring *ring, unsigned *tail, int fd, const uint8_t *bytes, size_t length, int linked) {
  if (length > ring->capacity) {
    uint8_t *grown = realloc(ring->buffer, length);
    if (!grown) {
      errno = ENOMEM;
      return -1;
    }
    ring->buffer = grown;
    ring->capacity = length;
  }
  memcpy(ring->buffer, bytes, length);
  struct io_uring_sqe *sqe = next_entry(ring, tail);
  sqe->opcode = IORING_OP_WRITE;
  sqe->fd = fd;
  sqe->addr = (uint64_t)(uintptr_t)ring->buffer;
  sqe->len = (uint32_t)length;
  sqe->off = (uint64_t)-1;  // the file's position: a terminal or a pipe has none
  sqe->flags = IOSQE_IO_LINK;
  sqe->user_data = DATA_WRITE;
  // A descriptor that takes nothing now makes the kernel wait for it to take output: never
  // longer than the patience, after which the write is cancelled having written nothing.
  ring->patience.tv_sec = 0;
  ring->patience.tv_nsec = RING_PATIENCE_NS;
  sqe = next_entry(ring, tail);
  sqe->opcode = IORING_OP_LINK_TIMEOUT;
  sqe->fd = -1;
  sqe->addr = (uint64_t)(uintptr_t)&ring->patience;
  sqe->len = 1;
  sqe->flags = linked ? IOSQE_IO_LINK : 0;
  sqe->user_data = DATA_TIMEOUT;
  ring->write_pending = 1;
  return 0;
}

int splits_ring_keeps_deadlines(const splits_ring *ring) { return ring->keeps_deadlines; }

void splits_ring_fail_next_wait(splits_ring *ring, int error) { ring->fail_next = error; }

int splits_ring_wait(splits_ring *ring, int fd, const uint8_t *bytes, size_t length, int watch, int64_t deadline,
                     int64_t *written) {
  *written = INT64_MIN;
  if (ring->fail_next) {
    errno = ring->fail_next;
    ring->fail_next = 0;
    return -1;
  }
  unsigned tail = __atomic_load_n(ring->sq_tail, __ATOMIC_RELAXED);
  unsigned queued = 0;
  // The completions that end this wait: with a write, the write's, its timeout's and the
  // poll's (cancelled at once when the write was short, failed or timed out); else the poll's.
  unsigned wanted = 1;
  if (length > 0) {
    // With the poll armed by an earlier wait and the deadlines kept here, a no-op linked
    // behind the write completes visibly only when the link breaks (the write short, failed
    // or timed out): three completions either way, so a frame written whole waits on for the
    // poll or the deadline in the same system call, and one written short is answered at once.
    int marker = ring->poll_armed && ring->keeps_deadlines;
    if (queue_write(ring, &tail, fd, bytes, length, !ring->poll_armed || marker) != 0) return -1;
    queued += 2;
    wanted = ring->poll_armed && !marker ? 2 : 3;
    if (marker) {
      struct io_uring_sqe *sqe = next_entry(ring, &tail);
      sqe->opcode = IORING_OP_NOP;
      sqe->fd = -1;
      sqe->flags = IOSQE_CQE_SKIP_SUCCESS;
      sqe->user_data = DATA_SHORT;
      queued++;
    }
  }
  if (!ring->poll_armed) {
    struct io_uring_sqe *sqe = next_entry(ring, &tail);
    sqe->opcode = IORING_OP_POLL_ADD;
    sqe->fd = watch;
    sqe->poll32_events = POLLIN;
    sqe->user_data = DATA_POLL;
    ring->poll_armed = 1;
    queued++;
  }
  __atomic_store_n(ring->sq_tail, tail, __ATOMIC_RELEASE);
  // Timed to the deadline until it passes; after it, only a write still in the kernel is
  // waited for (its link timeout bounds that).
  int timed = deadline > 0 && ring->keeps_deadlines;
  if (timed) {
    ring->until.tv_sec = deadline / 1000000000;
    ring->until.tv_nsec = deadline % 1000000000;
  }
  int ready = 0, cut = 0, due = 0;
  while (1) {
    int entered = ring_enter_until(ring, queued, wanted, timed && !due);
    int saved = errno;
    if (entered > 0) queued -= (unsigned)entered < queued ? (unsigned)entered : queued;
    reap(ring, &ready, &cut, written);
    // A wait that submitted returns the count submitted even when it timed out: the clock says.
    if (timed && !due && !ready && ((entered < 0 && saved == ETIME) || boot_now() >= deadline)) due = 1;
    // The write's bytes are the ring's own: it may be left to end in a later wait only when a
    // signal interrupts, never on the way out of a normal one.
    if (!ring->write_pending && (ready || cut)) return 1;
    // A write short, failed or timed out is answered at once, even with the poll still armed.
    if (length > 0 && !ring->write_pending && *written != (int64_t)length) return 1;
    if (due && !ring->write_pending) return 0;
    if (entered < 0) {
      if (saved == EINTR && !ring->write_pending) {
        errno = EINTR;
        return -1;
      }
      if (saved != EINTR && saved != EAGAIN && saved != EBUSY && saved != ETIME) {
        errno = saved;
        return -1;
      }
    }
    // What ended this pass was not enough (a poll armed earlier, a link timeout's own
    // completion, the deadline with the write still in the kernel): wait for one more.
    wanted = 1;
  }
}

void splits_ring_close(splits_ring *ring) {
  if (!ring) return;
  munmap(ring->sqe_map, ring->sqe_size);
  if (ring->cq_map != ring->sq_map) munmap(ring->cq_map, ring->cq_size);
  munmap(ring->sq_map, ring->sq_size);
  close(ring->fd);
  free(ring->buffer);
  free(ring);
}
