#include "splits_output.h"

#include <errno.h>
#include <stdio.h>

int splits_stdout_flush(void) {
  errno = 0;
  if (fflush(stdout) != 0) return errno != 0 ? errno : EIO;
  if (ferror(stdout)) return EIO;
  return 0;
}
