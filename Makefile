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
