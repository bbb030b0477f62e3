#!/usr/bin/env python3
"""Runs a command where io_uring is refused as a seccomp filter refuses it (Docker's default
profile): io_uring_setup fails with EPERM, everything else is allowed.

    without_io_uring.py COMMAND [ARGUMENT ...]
"""

import ctypes
import os
import sys

IO_URING_SETUP = 425  # the same number on every architecture (new system calls are shared)
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
EPERM = 1


class SockFilter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint)]


class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(SockFilter))]


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: without_io_uring.py COMMAND [ARGUMENT ...]")
    program = [
        SockFilter(0x20, 0, 0, 0),  # load the system call's number
        SockFilter(0x15, 0, 1, IO_URING_SETUP),  # io_uring_setup?
        SockFilter(0x06, 0, 0, SECCOMP_RET_ERRNO | EPERM),
        SockFilter(0x06, 0, 0, SECCOMP_RET_ALLOW),
    ]
    filters = (SockFilter * len(program))(*program)
    fprog = SockFprog(len(program), filters)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        sys.exit(f"prctl(PR_SET_NO_NEW_PRIVS): {os.strerror(ctypes.get_errno())}")
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        sys.exit(f"prctl(PR_SET_SECCOMP): {os.strerror(ctypes.get_errno())}")
    os.execvp(sys.argv[1], sys.argv[1:])


if __name__ == "__main__":
    main()
