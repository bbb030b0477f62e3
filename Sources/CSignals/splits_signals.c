#include "splits_signals.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <unistd.h>

static atomic_long continues;
static atomic_long continues_at_stop;
static int pipe_fds[2] = {-1, -1};

static void notify(char byte) {
  int saved = errno;
  if (pipe_fds[1] >= 0) {
    // Non-blocking: a full pipe already holds a byte that wakes the main loop.
    ssize_t written = write(pipe_fds[1], &byte, 1);
    (void)written;
  }
  errno = saved;
}

static void on_signal(int signal) {
  if (signal == SIGCONT) {
    atomic_fetch_add(&continues, 1);
    notify('C');
  } else {
    atomic_store(&continues_at_stop, atomic_load(&continues));
    notify('T');
  }
}

int splits_watch_stop_continue(void) {
  if (pipe_fds[0] >= 0) return pipe_fds[0];
  if (pipe(pipe_fds) != 0) return -1;
  for (int i = 0; i < 2; i++) {
    fcntl(pipe_fds[i], F_SETFL, fcntl(pipe_fds[i], F_GETFL) | O_NONBLOCK);
    fcntl(pipe_fds[i], F_SETFD, FD_CLOEXEC);
  }
  struct sigaction action = {0};
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  // Neither handler interrupts the other: the stop's snapshot and the count stay in order.
  sigaddset(&action.sa_mask, SIGTSTP);
  sigaddset(&action.sa_mask, SIGCONT);
  if (sigaction(SIGTSTP, &action, NULL) != 0 || sigaction(SIGCONT, &action, NULL) != 0) return -1;
  return pipe_fds[0];
}

/// Whether a SIGCONT has been delivered since the last SIGTSTP.
static int continued_since_stop(void) {
  return atomic_load(&continues) != atomic_load(&continues_at_stop);
}

/// Whether a SIGCONT came since the last SIGTSTP: counted by its handler, or sent and not yet
/// handled (pending: this thread blocks it).
static int continued_or_pending(void) {
  sigset_t pending;
  sigemptyset(&pending);
  sigpending(&pending);
  return continued_since_stop() || sigismember(&pending, SIGCONT);
}

void splits_stop_unless_continued(void) {
  // SIGCONT is blocked on this thread too, so that one sent but not yet handled (its handler
  // runs on another thread, perhaps not yet scheduled) shows in sigpending().
  sigset_t blocked, tstp, old;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGTSTP);
  sigaddset(&blocked, SIGCONT);
  sigemptyset(&tstp);
  sigaddset(&tstp, SIGTSTP);
  pthread_sigmask(SIG_BLOCK, &blocked, &old);
  struct sigaction stop = {0}, ours;
  stop.sa_handler = SIG_DFL;
  sigemptyset(&stop.sa_mask);
  sigaction(SIGTSTP, &stop, &ours);
  // Sending a stop signal discards a pending SIGCONT, so look for one first, right before.
  if (!continued_or_pending()) {
    // Pending on this thread, blocked, with the default action (stop) once unblocked. A
    // SIGCONT sent from now on discards it.
    raise(SIGTSTP);
    // One handled between the look and the raise.
    if (continued_since_stop()) {
      stop.sa_handler = SIG_IGN;  // discards the pending SIGTSTP
      sigaction(SIGTSTP, &stop, NULL);
    }
    // The stop happens here, unless a SIGCONT discarded it. (Unblocked explicitly: the
    // thread running the main queue may be one that blocks SIGTSTP.)
    pthread_sigmask(SIG_UNBLOCK, &tstp, NULL);
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  sigaction(SIGTSTP, &ours, NULL);
}

void splits_unwatch_stop_continue(void) {
  signal(SIGTSTP, SIG_DFL);
  signal(SIGCONT, SIG_DFL);
  for (int i = 0; i < 2; i++) {
    if (pipe_fds[i] >= 0) close(pipe_fds[i]);
    pipe_fds[i] = -1;
  }
}
