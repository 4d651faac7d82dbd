# Tabletop: the two commands a newcomer needs are `make run` and `make test`.
# Every target installs what is missing first (scripts/install-deps is idempotent).

JOBS ?= $(shell nproc)
BIN := build/bin/tabletop
CTEST_FLAGS ?= --output-on-failure -j $(JOBS)

.PHONY: all deps build debug run test test-release test-sanitize soak bench strength fuzz format clean

all: build

deps:
	@scripts/install-deps

build/release/build.ninja: CMakeLists.txt CMakePresets.json | deps
	cmake --preset release >/dev/null

build: deps build/release/build.ninja
	cmake --build --preset release -j $(JOBS)
	@mkdir -p build && ln -sfn release/bin build/bin

build/debug/build.ninja: CMakeLists.txt CMakePresets.json | deps
	cmake --preset debug >/dev/null

# The sanitizer build only needs the conformance suite and the core tests.
debug: deps build/debug/build.ninja
	cmake --build --preset debug -j $(JOBS) --target conformance_test core_test

# Until the web server exists, the main job is a terminal game of Relativity against the computer.
run: build
	$(BIN) play relativity --seats human,$(or $(AI),mcts:time=2000)

test: test-release test-sanitize

test-release: build
	cd build/release && ctest $(CTEST_FLAGS)

# The conformance suite again under AddressSanitizer and UndefinedBehaviorSanitizer: every game at
# every player count, 100 playouts each (the release run above plays 200), in parallel.
test-sanitize: debug
	cd build/debug && TABLETOP_CONFORMANCE_PLAYOUTS=100 ctest $(CTEST_FLAGS) -L 'conformance_test|core_test'

# Long random-playout soak: many more games per title than `make test`.
soak: build
	TABLETOP_SOAK_GAMES=5000 build/release/bin/conformance_test --gtest_brief=1

# Every game's Google Benchmark binary, then the search bench (prints the "Bench: N" signature).
bench: build
	@for b in build/release/bin/*_bench; do echo "== $$b"; $$b || exit 1; done
	$(BIN) bench

# The strength table (long: 200 games per game and opponent). STRENGTH_ARGS narrows it, e.g.
# make strength STRENGTH_ARGS="--game relativity --games 100"
strength: build
	scripts/strength $(STRENGTH_ARGS)

# libFuzzer on every input path (fuzz/targets.h), FUZZ_SECONDS each (default 30), in a clang
# build with ASan + UBSan (build/fuzz). e.g. make fuzz FUZZ_SECONDS=600 FUZZ_TARGETS="record state"
FUZZ_SECONDS ?= 30
build/fuzz/build.ninja: CMakeLists.txt CMakePresets.json
	@scripts/install-deps --fuzz
	cmake --preset fuzz >/dev/null

fuzz: build/fuzz/build.ninja
	@scripts/install-deps --fuzz
	cmake --build --preset fuzz -j $(JOBS) --target fuzzers
	scripts/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

format:
	find src bench tools fuzz \( -name '*.h' -o -name '*.cc' \) -print0 | xargs -0 clang-format -i

clean:
	rm -rf build
