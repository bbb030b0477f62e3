#ifndef SPLITS_SOCKET_H
#define SPLITS_SOCKET_H

#include <sys/types.h>

/// The ride screen's control socket: a Unix stream socket at `name` inside `directory`.
/// Paths longer than a socket address holds are reached through /proc/self/fd.

/// Binds and listens at directory/name with mode 0600, replacing whatever file is there
/// (the caller holds the screen lock, so a socket left there is stale). Non-blocking and
/// close-on-exec. Returns the descriptor, or -1 with errno set.
int splits_control_listen(const char *directory, const char *name);

/// Connects to directory/name (close-on-exec; blocking once connected). Returns the
/// descriptor, or -1 with errno set (ENOENT or ECONNREFUSED: no screen listens there;
/// EAGAIN: one does, but its backlog is full, as while it is stopped).
int splits_control_connect(const char *directory, const char *name);

/// Whether the peer of a connected socket has closed its end (or failed): 1, else 0.
int splits_peer_gone(int fd);

/// Accepts one connection, non-blocking and close-on-exec; -1 with errno (EAGAIN: none).
int splits_control_accept(int listener);

/// The user id of the process at the other end of a connected Unix socket (SO_PEERCRED),
/// or -1 when the kernel does not say.
long long splits_peer_uid(int fd);

/// Waits up to `milliseconds` for `fd` to become readable: 1 readable (or closed), 0 timed
/// out, -1 error.
int splits_wait_readable(int fd, int milliseconds);

/// LiveSplit Server's listener: a TCP socket bound to 127.0.0.1:`port` (0: a port the system
/// picks), SO_REUSEADDR, non-blocking and close-on-exec. Returns the descriptor, or -1 with
/// errno set (EADDRINUSE: the port is taken).
int splits_tcp_listen(int port);

/// The port a TCP socket is bound to, or -1.
int splits_tcp_port(int fd);

/// Accepts one TCP connection (non-blocking, close-on-exec) and gives its peer's IPv4 address
/// as the kernel's 32-bit word in network order (as /proc/net/tcp prints it) and its port;
/// -1 with errno (EAGAIN: none).
int splits_tcp_accept(int listener, unsigned int *address, int *port);

/// The local IPv4 address and port of a TCP socket, as `splits_tcp_accept` gives a peer's; 0
/// or -1.
int splits_tcp_local(int fd, unsigned int *address, int *port);

#endif
