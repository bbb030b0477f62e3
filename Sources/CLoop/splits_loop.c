#include "splits_loop.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int splits_loop_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int splits_loop_add(int epoll, int fd) {
  struct epoll_event event;
  memset(&event, 0, sizeof event);
  event.events = EPOLLIN;
  event.data.fd = fd;
  return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

int splits_loop_add_writable(int epoll, int fd) {
  struct epoll_event event;
  memset(&event, 0, sizeof event);
  event.events = EPOLLOUT;
  event.data.fd = fd;
  return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

int splits_loop_remove(int epoll, int fd) {
  struct epoll_event event;
  memset(&event, 0, sizeof event);
  return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &event);
}

int splits_loop_wait(int epoll, int *fds, int capacity, int milliseconds) {
  struct epoll_event events[32];
  if (capacity > 32) capacity = 32;
  if (capacity < 1) capacity = 1;
  int count = epoll_wait(epoll, events, capacity, milliseconds);
  for (int i = 0; i < count; i++) fds[i] = events[i].data.fd;
  return count;
}

int splits_timer_create(void) { return timerfd_create(CLOCK_BOOTTIME, TFD_NONBLOCK | TFD_CLOEXEC); }

int splits_timer_set(int fd, int64_t nanoseconds) {
  struct itimerspec spec;
  memset(&spec, 0, sizeof spec);
  if (nanoseconds > 0) {
    spec.it_value.tv_sec = (time_t)(nanoseconds / 1000000000);
    spec.it_value.tv_nsec = (long)(nanoseconds % 1000000000);
  }
  return timerfd_settime(fd, nanoseconds > 0 ? TFD_TIMER_ABSTIME : 0, &spec, NULL);
}

int64_t splits_timer_remaining(int fd) {
  struct itimerspec spec;
  if (timerfd_gettime(fd, &spec) != 0) return -1;
  return (int64_t)spec.it_value.tv_sec * 1000000000 + spec.it_value.tv_nsec;
}

int splits_wake_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void splits_wake_post(int fd) {
  int saved = errno;
  (void)eventfd_write(fd, 1);
  errno = saved;
}

void splits_wake_drain(int fd) {
  eventfd_t value;
  (void)eventfd_read(fd, &value);
}

static void fill(sigset_t *set, const int *signals, int count) {
  sigemptyset(set);
  for (int i = 0; i < count; i++) sigaddset(set, signals[i]);
}

int splits_signalfd_open(const int *signals, int count) {
  sigset_t set;
  fill(&set, signals, count);
  int fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
  if (fd < 0) return -1;
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  return fd;
}

int splits_signalfd_take(int fd) {
  struct signalfd_siginfo info;
  ssize_t count = read(fd, &info, sizeof info);
  if (count != (ssize_t)sizeof info) return 0;
  return (int)info.ssi_signo;
}

void splits_signalfd_close(int fd, const int *signals, int count) {
  sigset_t set;
  fill(&set, signals, count);
  close(fd);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}
