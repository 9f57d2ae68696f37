# Thin wrapper over CMake and CTest (see README.md).
#   make demo   install missing packages, build, run roomforge on the bundled content
#   make check  build, run the tests labelled fast (unit suites, CLI goldens: minutes)
#   make test   build, run the whole suite, then again under ASan/UBSan (all but
#               the tests labelled whole, whose fast samples run there) even when
#               the first half failed, and report both (tests/make_test.sh); CI runs it
#   make test-tsan  build with ThreadSanitizer and run the tests labelled threads
#               (test_threads, test_stats, stats_cli; make test runs it after the
#               sanitized half)
#   make bench  build optimised and run the benchmarks in tools/bench
#   make fuzz   build the libFuzzer harnesses (clang) and run each FUZZ_SECONDS (30),
#               then check the clang build makes the gcc build's levels
#               (tests/same_levels.sh); make test runs it after both halves
#   make package  the Debian packages (CPack DEB, cmake/package.cmake) of a
#               prefix-/usr build, in $(DEB_BUILD): apt install ./$(DEB_BUILD)/*.deb
#   make install [PREFIX=DIR] [DESTDIR=DIR]  build, then install under PREFIX
#               (default: the build's CMAKE_INSTALL_PREFIX, /usr/local), staged
#               under DESTDIR when given; the Lua module goes to PREFIX/lib/lua/5.4
#               (README.md: LUA_CPATH, PKG_CONFIG_PATH, LD_LIBRARY_PATH for it)
BUILD ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
BENCH_BUILD ?= build-bench
FUZZ_BUILD ?= build-fuzz
DEB_BUILD ?= build-deb
FUZZ_SECONDS ?= 30
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CTEST_FLAGS ?= --output-on-failure -j $(JOBS)

.PHONY: all deps deps-test build demo check test test-plain test-asan test-tsan bench fuzz install package clean

all: build

deps:
	@sh tools/deps.sh

deps-test:
	@sh tools/deps.sh test

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	sh tools/demo.sh $(BUILD)/roomforge

check: build
	cd $(BUILD) && ctest $(CTEST_FLAGS) -L '^fast$$'

test-plain: build
	cd $(BUILD) && ctest $(CTEST_FLAGS)

# -O1: AddressSanitizer's own advice; the suite runs about 1.5x faster than
# at -O0 (test_level 57 s against 105 s), with stacks as exact.
$(ASAN_BUILD)/CMakeCache.txt:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG='-g -O1' -DRF_SANITIZE=ON

test-asan: deps $(ASAN_BUILD)/CMakeCache.txt
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && CK_FORK=no ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 RF_SANITIZED=1 ctest $(CTEST_FLAGS) -LE '^whole$$'

$(TSAN_BUILD)/CMakeCache.txt:
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRF_TSAN=ON

# Only the threading tests: their executables alone are built. The build
# tree is configured first, so the list of tests labelled threads is today's.
# Check's per-case timeouts are hang guards: doubled, for a build that
# ThreadSanitizer slows.
test-tsan: deps $(TSAN_BUILD)/CMakeCache.txt
	cmake -S . -B $(TSAN_BUILD) >/dev/null
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target roomforge_cli $$(cd $(TSAN_BUILD) && \
	  ctest -N -L '^threads$$' | sed -n 's/^ *Test *#[0-9]*: \(test_[a-z_]*\)$$/\1/p')
	cd $(TSAN_BUILD) && CK_FORK=no CK_TIMEOUT_MULTIPLIER=2 \
	  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 RF_SANITIZED=1 ctest $(CTEST_FLAGS) -L '^threads$$'

test: deps-test
	@sh tests/make_test.sh "$(MAKE)" $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(TSAN_BUILD)

$(BENCH_BUILD)/CMakeCache.txt:
	cmake -S . -B $(BENCH_BUILD) -DCMAKE_BUILD_TYPE=Release -DRF_TESTS=OFF

bench: deps $(BENCH_BUILD)/CMakeCache.txt
	cmake --build $(BENCH_BUILD) -j $(JOBS)
	sh tools/bench/run.sh $(BENCH_BUILD)

$(FUZZ_BUILD)/CMakeCache.txt:
	CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRF_LIBFUZZER=ON -DRF_TESTS=OFF

# After the harnesses, the clang build's levels against the gcc build's
# (tests/same_levels.sh), when that build is there (make test builds it first).
fuzz: deps-test $(FUZZ_BUILD)/CMakeCache.txt
	cmake --build $(FUZZ_BUILD) -j $(JOBS)
	sh tools/fuzz/run_libfuzzer.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)
	@if [ -x $(BUILD)/roomforge ]; then sh tests/same_levels.sh $(BUILD)/roomforge $(FUZZ_BUILD)/roomforge; \
	 else echo "same levels: not checked (no $(BUILD)/roomforge: make build first)"; fi

# PREFIX and DESTDIR reach cmake --install (the install is relocatable:
# roomforge.pc, the CLI and the Lua module find their files from where they
# are), so `make install PREFIX=$$HOME/.local` never touches /usr/local.
install: build
	DESTDIR='$(DESTDIR)' cmake --install $(BUILD)$(if $(PREFIX), --prefix '$(abspath $(PREFIX))')

$(DEB_BUILD)/CMakeCache.txt:
	cmake -S . -B $(DEB_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr -DRF_TESTS=OFF

package: deps $(DEB_BUILD)/CMakeCache.txt
	cmake --build $(DEB_BUILD) -j $(JOBS)
	cd $(DEB_BUILD) && rm -f *.deb && cpack -G DEB

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(BENCH_BUILD) $(FUZZ_BUILD) $(DEB_BUILD)
