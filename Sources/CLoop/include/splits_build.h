// What the build knew of itself, for `splits --version --verbose`.
#ifndef SPLITS_BUILD_H
#define SPLITS_BUILD_H

/// The commit built, when the build was given it (`make build` and `make release` write it
/// to Sources/CLoop/splits_commit.h for the build's length); NULL otherwise.
const char *splits_build_commit(void);

#endif
