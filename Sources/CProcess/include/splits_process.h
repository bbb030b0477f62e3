#ifndef SPLITS_PROCESS_H
#define SPLITS_PROCESS_H

#include <sys/types.h>

/// A file descriptor that becomes readable when process `pid` (a child) ends: pidfd_open(2),
/// which the C library in use may not wrap. -1 with errno set when the kernel lacks it.
int splits_pidfd_open(pid_t pid);

#endif
