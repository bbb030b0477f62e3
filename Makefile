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

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

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
