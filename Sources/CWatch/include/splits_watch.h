#ifndef SPLITS_WATCH_H
#define SPLITS_WATCH_H

#include <stdint.h>

/// An inotify instance, close-on-exec and non-blocking; -1 with errno set on failure.
int splits_watch_open(void);

/// Watches directory `path` on the inotify instance `fd` for what `status --follow` needs:
/// entries created, written, deleted or moved, and the directory itself deleted or moved.
/// Not closed after writing: a reader of the journal opens its `-wal` file for writing too,
/// and closing it would wake the follower after each of its own reads. The watch descriptor, or -1 with errno set.
int splits_watch_directory(int fd, const char *path);

/// Watches directory `path` on the inotify instance `fd` for entries deleted or moved, and the
/// directory itself deleted or moved, nothing else: the ride screen's own writes wake
/// nothing. The watch descriptor, or -1 with errno set.
int splits_watch_removals(int fd, const char *path);

/// How many bytes of events wait unread on the inotify instance `fd` (FIONREAD), or -1.
int splits_watch_unread(int fd);

/// Stops watch `wd` of instance `fd` (0, or -1 with errno set).
int splits_watch_remove(int fd, int wd);

/// Whether an event's mask says the watched directory itself is gone (deleted, moved away,
/// unmounted, or the watch removed) or that events were lost.
int splits_watch_is_gone(uint32_t mask);
int splits_watch_overflowed(uint32_t mask);
/// Whether an event's mask says an entry was created.
int splits_watch_is_creation(uint32_t mask);

/// The size of an event's fixed part (`struct inotify_event` without its name).
int splits_watch_event_size(void);

/// An epoll instance watching `fd` for nothing but what epoll always reports (EPOLLERR and
/// EPOLLHUP): it becomes readable when the reader of the pipe `fd` writes to closes, or
/// the terminal hangs up. -1 with errno set when `fd` cannot be watched (a regular file).
int splits_hangup_watch(int fd);

#endif
