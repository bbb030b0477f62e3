#!/usr/bin/env bash
# `make install` into a fresh temporary prefix, the installed program, manual page and
# completions checked, then `make uninstall` and every file checked gone.
# Exits non-zero when any check fails; the last line is "install test: N passed, M failed".
set -uo pipefail

cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
prefix=$scratch/prefix
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1" >&2; }
finish() {
  echo "install test: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}

files=(
  "$prefix/bin/splits"
  "$prefix/share/man/man1/splits.1"
  "$prefix/share/bash-completion/completions/splits"
  "$prefix/share/zsh/site-functions/_splits"
  "$prefix/share/fish/vendor_completions.d/splits.fish"
)

if "$MAKE" --no-print-directory install PREFIX="$prefix"; then
  pass "make install PREFIX=$prefix"
else
  fail "make install PREFIX=$prefix"
  finish
fi

# The program: its version, and status on an empty data directory ("no ride").
bin=$prefix/bin/splits
if [ -x "$bin" ] && version=$("$bin" --version) && [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  pass "splits --version: $version"
else
  fail "splits --version printed '${version:-}'"
fi
data=$scratch/data
if status=$(env -u SPLITS_DATA_DIR "$bin" status --data-dir "$data" 2>&1) && [ -n "$status" ]; then
  pass "splits status: $status"
else
  fail "splits status exited non-zero or printed nothing: $status"
fi
if json=$("$bin" status --json --data-dir "$data") && [[ $json == *'"state": "none"'* ]]; then
  pass "splits status --json: state none"
else
  fail "splits status --json: $json"
fi

# Self-contained: no Swift library is loaded from the toolchain (docs/decisions.md, "The
# release build is linked statically").
if libs=$(ldd "$bin" 2>&1) && ! grep -qiE 'libswift|libFoundation|libdispatch|libBlocksRuntime' <<<"$libs"; then
  pass "the installed splits loads no Swift library"
else
  fail "the installed splits loads Swift libraries: $(grep -iE 'swift|Foundation|dispatch' <<<"$libs" | head -n 3)"
fi

# The manual page: man formats it without a complaint.
page=$prefix/share/man/man1/splits.1
if man_out=$(MANPAGER=cat MANWIDTH=80 man -l "$page" 2>"$scratch/man.err" | head -n 5) \
  && [[ $man_out == *"SPLITS(1)"* ]] && [ ! -s "$scratch/man.err" ]; then
  pass "man -l $page"
  printf '%s\n' "$man_out" | sed 's/^/    /'
else
  fail "man -l $page: $man_out $(cat "$scratch/man.err")"
fi

# The completions: there, not empty, and the bash one is valid bash.
for file in "${files[@]:2}"; do
  if [ -s "$file" ]; then pass "non-empty $file"; else fail "missing or empty: $file"; fi
done
if bash -n "$prefix/share/bash-completion/completions/splits" 2>/dev/null; then
  pass "the bash completion parses"
else
  fail "the bash completion does not parse"
fi

# Uninstall: every installed file gone.
if "$MAKE" --no-print-directory uninstall PREFIX="$prefix"; then
  pass "make uninstall PREFIX=$prefix"
else
  fail "make uninstall PREFIX=$prefix"
fi
for file in "${files[@]}"; do
  if [ -e "$file" ]; then fail "still there after uninstall: $file"; else pass "removed $file"; fi
done
left=$(find "$prefix" -type f 2>/dev/null)
if [ -z "$left" ]; then pass "no file left under the prefix"; else fail "left under the prefix: $left"; fi

finish
