#define _GNU_SOURCE
#include "splits_watch.h"

#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <unistd.h>

int splits_watch_open(void) { return inotify_init1(IN_CLOEXEC | IN_NONBLOCK); }

int splits_watch_directory(int fd, const char *path) {
  uint32_t mask = IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO |
                  IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR;
  return inotify_add_watch(fd, path, mask);
}

int splits_watch_removals(int fd, const char *path) {
  return inotify_add_watch(
      fd, path, IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR);
}

int splits_watch_unread(int fd) {
  int count = 0;
  if (ioctl(fd, FIONREAD, &count) != 0) return -1;
  return count;
}

int splits_watch_remove(int fd, int wd) { return inotify_rm_watch(fd, wd); }

int splits_watch_is_gone(uint32_t mask) {
  return (mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT | IN_IGNORED)) != 0;
}

int splits_watch_is_creation(uint32_t mask) { return (mask & IN_CREATE) != 0; }

int splits_watch_overflowed(uint32_t mask) { return (mask & IN_Q_OVERFLOW) != 0; }

int splits_watch_event_size(void) { return (int)sizeof(struct inotify_event); }

int splits_hangup_watch(int fd) {
  int epoll = epoll_create1(EPOLL_CLOEXEC);
  if (epoll < 0) return -1;
  struct epoll_event event = {.events = 0, .data = {.fd = fd}};
  if (epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) != 0) {
    close(epoll);
    return -1;
  }
  return epoll;
}
