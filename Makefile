# `make run` and `make test` do the whole set-up on a fresh machine.
SWIFT ?= swift
BIN := .build/debug/splits

.PHONY: run test build deps test-deps release clean

deps:
	@scripts/ensure-deps.sh

test-deps:
	@scripts/ensure-deps.sh --test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: build
	@$(BIN) $(ARGS)

# The end-to-end tests run after the others, not beside them: they time a real process in
# tmux, and the CPU-bound property tests running at the same time on two cores made their
# deadlines flaky.
# The fault drills (at fast counts) run after the other end-to-end tests, and the two that
# measure the process itself (a stalled terminal's buffer filling, wake-ups per thread) alone
# last: all of them at once on two cores made deadlines and clock checks flaky.
ALONE := TerminalStallTests|RuntimeThreadTests
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip SplitsEndToEndTests
	$(SWIFT) test --skip-build --filter SplitsEndToEndTests --skip 'SplitsEndToEndTests\.Drill' --skip '$(ALONE)'
	$(SWIFT) test --skip-build --filter 'SplitsEndToEndTests\.Drill'
	$(SWIFT) test --skip-build --filter '$(ALONE)'

clean:
	rm -rf .build

# `make bench`: splits against termdown (bench/, results in docs/performance.md).
BENCH_SCRATCH := .build-release
BENCH_VENV := bench/.venv
BENCH_PY := $(BENCH_VENV)/bin/python

.PHONY: bench
bench: deps
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH)
	@test -x $(BENCH_PY) || python3 -m venv $(BENCH_VENV)
	@$(BENCH_PY) -m pip install --quiet --disable-pip-version-check -r bench/requirements.txt
	$(BENCH_PY) bench/bench.py --splits $(BENCH_SCRATCH)/release/splits
	$(BENCH_PY) bench/report.py

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
