#include "splits_build.h"

#include <stddef.h>

#if __has_include("splits_commit.h")
#include "splits_commit.h"
#endif

const char *splits_build_commit(void) {
#ifdef SPLITS_COMMIT
  return SPLITS_COMMIT;
#else
  return NULL;
#endif
}
