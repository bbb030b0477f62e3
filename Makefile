# `make run` and `make test` do the whole set-up on a fresh machine.
SWIFT ?= swift
BIN := .build/debug/splits

.PHONY: run test build deps test-deps release clean

deps:
	@scripts/ensure-deps.sh

test-deps:
	@scripts/ensure-deps.sh --test
	@scripts/test-venv.sh

# The commit built, for `splits --version --verbose`: written for the build's length only,
# so that a later plain `swift build` says it does not know rather than a stale commit.
COMMIT_HEADER := Sources/CLoop/splits_commit.h
COMMIT_NOTE = commit=$$(git rev-parse --short HEAD 2>/dev/null) && git diff --quiet HEAD || commit="$$commit-modified"; \
	[ -z "$${commit%-modified}" ] || printf '\#define SPLITS_COMMIT "%s"\n' "$$commit" > $(COMMIT_HEADER)

build: deps
	@$(COMMIT_NOTE)
	$(SWIFT) build; status=$$?; rm -f $(COMMIT_HEADER); exit $$status

# The release build links the Swift libraries into the binary and places the screen's hot
# path together: its options are scripts/release-flags.sh's, which says why.
RELEASE := $(shell scripts/release-flags.sh)

release: deps
	@$(COMMIT_NOTE)
	$(SWIFT) build $(RELEASE); status=$$?; rm -f $(COMMIT_HEADER); exit $$status

run: build
	@$(BIN) $(ARGS)

# The end-to-end tests run after the others, not beside them: they time a real process in
# tmux, and the CPU-bound property tests running at the same time on two cores made their
# deadlines flaky.
# The fault drills (at fast counts) run after the other end-to-end tests, and the two that
# measure the process itself (a stalled terminal's buffer filling, wake-ups per thread, with
# four sensors streaming too) alone last: all of them at once on two cores made deadlines and
# clock checks flaky. The four streaming sensors (a bus, a mock and four streams) run on their
# own after those: beside them, status --follow's wake-up count doubled.
# Last, `make install-test` (scripts/install-test.sh): install into a temporary prefix and
# uninstall. It needs the release build (3.5 min from nothing on two cores; seconds after).
ALONE := TerminalStallTests|RuntimeThreadTests|FollowWakeUpTests
SENSORS_ALONE := SensorWakeUpTests
# Hundreds of `splits lap` processes, 4 at a time: alone too, after the rest, so that their
# load does not make the other tests' deadlines.
LOAD := RemoteLoadTests
# At most 8 end-to-end tests at once: 80 tmux panes started together on two cores made a
# capture take seconds and the timed checks (a workout's steps) flaky; 8 at a time is also
# quicker overall (Swift Testing's parallelization width, read from the environment).
E2E_WIDTH := SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=8
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip SplitsEndToEndTests
	$(E2E_WIDTH) $(SWIFT) test --skip-build --filter SplitsEndToEndTests --skip 'SplitsEndToEndTests\.Drill' --skip '$(ALONE)|$(SENSORS_ALONE)|$(LOAD)'
	$(SWIFT) test --skip-build --filter 'SplitsEndToEndTests\.Drill'
	$(SWIFT) test --skip-build --filter '$(ALONE)'
	$(SWIFT) test --skip-build --filter '$(SENSORS_ALONE)'
	$(SWIFT) test --skip-build --filter '$(LOAD)'
	@$(MAKE) --no-print-directory install-test

clean:
	rm -rf .build

# `make demo-sensors`: the sensors and ERG on the screen with no Bluetooth hardware: a fake
# BlueZ with four streaming sensors, and a small workout ridden with --erg
# (scripts/demo-sensors.sh; everything it starts is stopped and removed when the screen quits).
.PHONY: demo-sensors
demo-sensors: build
	@scripts/demo-sensors.sh $(BIN)

# `make bench`: splits against termdown (bench/, results in docs/performance.md).
BENCH_SCRATCH := .build-release
BENCH_VENV := bench/.venv
BENCH_PY := $(BENCH_VENV)/bin/python

.PHONY: bench
bench: deps
	$(SWIFT) build $(RELEASE) --scratch-path $(BENCH_SCRATCH)
	@test -x $(BENCH_PY) || python3 -m venv $(BENCH_VENV)
	@$(BENCH_PY) -m pip install --quiet --disable-pip-version-check -r bench/requirements.txt
	$(BENCH_PY) bench/bench.py --splits $(BENCH_SCRATCH)/release/splits
	$(BENCH_PY) bench/report.py

# `make bench-remote`, `make bench-follow` and `make bench-sensors`: only `splits lap` to the
# open screen, only `splits status --follow`, or only the ride screen with four fake sensors
# (the fake BlueZ needs the test dependencies: `make test-deps`); each its own block of
# docs/performance.md.
.PHONY: bench-remote bench-follow bench-sensors
bench-remote bench-follow bench-sensors: bench-%: deps
	$(SWIFT) build $(RELEASE) --scratch-path $(BENCH_SCRATCH)
	@test -x $(BENCH_PY) || python3 -m venv $(BENCH_VENV)
	@$(BENCH_PY) -m pip install --quiet --disable-pip-version-check -r bench/requirements.txt
	$(BENCH_PY) bench/bench.py --splits $(BENCH_SCRATCH)/release/splits --only $*
	$(BENCH_PY) bench/report.py --only $*

# `make drills`: the fault drills at full counts, one at a time (issue 6; docs/reliability.md).
DRILLS_SCRATCH := .build-drills
DRILLS_FIGURES := $(DRILLS_SCRATCH)/drill-figures.txt

.PHONY: drills
drills: test-deps
	$(SWIFT) build --build-tests --scratch-path $(DRILLS_SCRATCH)
	@mkdir -p $(DRILLS_SCRATCH) && rm -f $(DRILLS_FIGURES)
	@SPLITS_DRILL_SCALE=full SPLITS_DRILL_REPORT=$(CURDIR)/$(DRILLS_FIGURES) $(SWIFT) test --skip-build \
	  --scratch-path $(DRILLS_SCRATCH) --no-parallel --filter 'SplitsEndToEndTests\.Drill'; status=$$?; \
	  echo "== drill figures ($(DRILLS_FIGURES))"; cat $(DRILLS_FIGURES) 2>/dev/null; exit $$status

# `make install PREFIX=…` (default ~/.local): the release build, the manual page and the
# shell completions argument-parser writes (`splits --generate-completion-script`).
# `make uninstall PREFIX=…` removes exactly those files. A leading ~ in PREFIX is the home
# directory even when the shell passed it on unexpanded (zsh does).
PREFIX ?= $(HOME)/.local
INSTALL_PREFIX = $(patsubst ~/%,$(HOME)/%,$(patsubst ~,$(HOME),$(PREFIX)))
RELEASE_BIN := .build/release/splits
COMPLETIONS := .build/completions
INSTALLED_BIN = $(INSTALL_PREFIX)/bin/splits
INSTALLED_MAN = $(INSTALL_PREFIX)/share/man/man1/splits.1
INSTALLED_BASH = $(INSTALL_PREFIX)/share/bash-completion/completions/splits
INSTALLED_ZSH = $(INSTALL_PREFIX)/share/zsh/site-functions/_splits
INSTALLED_FISH = $(INSTALL_PREFIX)/share/fish/vendor_completions.d/splits.fish

.PHONY: install uninstall install-test
install: release
	@mkdir -p $(COMPLETIONS)
	$(RELEASE_BIN) --generate-completion-script bash > $(COMPLETIONS)/splits.bash
	$(RELEASE_BIN) --generate-completion-script zsh > $(COMPLETIONS)/_splits
	$(RELEASE_BIN) --generate-completion-script fish > $(COMPLETIONS)/splits.fish
	install -D -m 0755 $(RELEASE_BIN) "$(INSTALLED_BIN)"
	install -D -m 0644 docs/splits.1 "$(INSTALLED_MAN)"
	install -D -m 0644 $(COMPLETIONS)/splits.bash "$(INSTALLED_BASH)"
	install -D -m 0644 $(COMPLETIONS)/_splits "$(INSTALLED_ZSH)"
	install -D -m 0644 $(COMPLETIONS)/splits.fish "$(INSTALLED_FISH)"

uninstall:
	rm -f "$(INSTALLED_BIN)" "$(INSTALLED_MAN)" "$(INSTALLED_BASH)" "$(INSTALLED_ZSH)" "$(INSTALLED_FISH)"

install-test: test-deps
	@scripts/install-test.sh
