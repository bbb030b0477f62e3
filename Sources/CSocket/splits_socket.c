#define _GNU_SOURCE
#include "splits_socket.h"

#include <errno.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/// Fills `address` with directory/name, or with /proc/self/fd/N/name when that is too long
/// (`*dirfd` is then an open descriptor of the directory the caller closes). 0 or -1.
static int control_address(const char *directory, const char *name, struct sockaddr_un *address, int *dirfd) {
  memset(address, 0, sizeof *address);
  address->sun_family = AF_UNIX;
  *dirfd = -1;
  int length = snprintf(address->sun_path, sizeof address->sun_path, "%s/%s", directory, name);
  if (length < 0) return -1;
  if ((size_t)length < sizeof address->sun_path) return 0;
  *dirfd = open(directory, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (*dirfd < 0) return -1;
  length = snprintf(address->sun_path, sizeof address->sun_path, "/proc/self/fd/%d/%s", *dirfd, name);
  if (length < 0 || (size_t)length >= sizeof address->sun_path) {
    close(*dirfd);
    *dirfd = -1;
    errno = ENAMETOOLONG;
    return -1;
  }
  return 0;
}

int splits_control_listen(const char *directory, const char *name) {
  struct sockaddr_un address;
  int dirfd;
  if (control_address(directory, name, &address, &dirfd) != 0) return -1;
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) goto fail;
  unlink(address.sun_path);
  // Created 0600 from the start: no moment in which another user could connect.
  mode_t previous = umask(0177);
  int bound = bind(fd, (struct sockaddr *)&address, sizeof address);
  umask(previous);
  if (bound != 0 || listen(fd, 64) != 0) goto fail;
  if (dirfd >= 0) close(dirfd);
  return fd;
fail:;
  int saved = errno;
  if (fd >= 0) close(fd);
  if (dirfd >= 0) close(dirfd);
  errno = saved;
  return -1;
}

int splits_control_connect(const char *directory, const char *name) {
  struct sockaddr_un address;
  int dirfd;
  if (control_address(directory, name, &address, &dirfd) != 0) return -1;
  // Non-blocking while connecting: a screen that is stopped (Ctrl-Z) or stalled lets its
  // backlog fill, and a blocking connect would then wait for ever. EAGAIN says so at once.
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    int saved = errno;
    if (fd >= 0) close(fd);
    if (dirfd >= 0) close(dirfd);
    errno = saved;
    return -1;
  }
  if (dirfd >= 0) close(dirfd);
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}

int splits_peer_gone(int fd) {
  struct pollfd watched = {.fd = fd, .events = POLLRDHUP};
  if (poll(&watched, 1, 0) < 0) return 0;
  return (watched.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

int splits_control_accept(int listener) { return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

long long splits_peer_uid(int fd) {
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0 || length != sizeof credentials) return -1;
  return (long long)credentials.uid;
}

int splits_wait_readable(int fd, int milliseconds) {
  struct pollfd watched = {.fd = fd, .events = POLLIN};
  for (;;) {
    int ready = poll(&watched, 1, milliseconds);
    if (ready < 0 && errno == EINTR) continue;
    return ready < 0 ? -1 : (ready > 0 ? 1 : 0);
  }
}

int splits_tcp_listen(int port) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int on = 1;
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
      bind(fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(fd, 64) != 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

int splits_tcp_port(int fd) {
  unsigned int address;
  int port;
  return splits_tcp_local(fd, &address, &port) == 0 ? port : -1;
}

int splits_tcp_accept(int listener, unsigned int *address, int *port) {
  struct sockaddr_in peer;
  socklen_t length = sizeof peer;
  int fd = accept4(listener, (struct sockaddr *)&peer, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
  if (fd < 0) return -1;
  *address = peer.sin_addr.s_addr;
  *port = ntohs(peer.sin_port);
  return fd;
}

int splits_tcp_local(int fd, unsigned int *address, int *port) {
  struct sockaddr_in local;
  socklen_t length = sizeof local;
  if (getsockname(fd, (struct sockaddr *)&local, &length) != 0 || local.sin_family != AF_INET) return -1;
  *address = local.sin_addr.s_addr;
  *port = ntohs(local.sin_port);
  return 0;
}
