#!/bin/sh
# The `swift build` options of the release build, printed on one line: read by the Makefile
# (make release, install, bench) and bench/render.sh, so that each builds the same program.
# - The Swift libraries are linked into the binary (docs/decisions.md, "The release build is
#   linked statically"), with the toolchain's lld: the default linker warns at every link
#   about a glibc function Foundation's static library refers to (`mktemp`).
# - Every function in a section of its own, and the screen's hot path placed side by side in
#   the order scripts/hot-path.order gives (docs/decisions.md, "The release build places the
#   screen's hot path together"); a name the binary no longer has is skipped without a word.
#   The list's path is the package's own: `swift build` runs from the package's root.
# - Relative relocations packed (DT_RELR: 17 KB instead of 2.1 MB the loader reads at every
#   start) and no symbol of the program's own exported to the libraries it loads (12,700 that
#   every library's symbol lookups searched first): docs/decisions.md, "The release build
#   packs its relocations and exports nothing". Packed only where the C library reads them
#   (glibc 2.36 or later: Debian 12, Ubuntu 24.04); elsewhere they stay as they were.
set -eu
packed=""
glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
if [ -n "$glibc" ] && [ "${glibc% *}" -eq 2 ] && [ "${glibc#* }" -ge 36 ]; then
  packed="-Xlinker -z -Xlinker pack-relative-relocs "
fi
echo "-c release --static-swift-stdlib -Xswiftc -use-ld=lld" \
  "-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections" \
  "-Xlinker --symbol-ordering-file=scripts/hot-path.order -Xlinker --no-warn-symbol-ordering" \
  "${packed}-Xlinker --no-export-dynamic"
