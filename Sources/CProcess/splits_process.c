#define _GNU_SOURCE
#include "splits_process.h"

#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

int splits_pidfd_open(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }
