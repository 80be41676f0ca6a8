#!/usr/bin/env bash
# Quick start 2: installs what is missing, builds everything and runs every test, then prints a
# stage summary (stage, seconds, pass/fail).
#   scripts/test.sh [ctest args]   the full run (CI runs exactly this)
#   scripts/test.sh --quick        the edit loop: native unit tests, CLI tests and the browser smoke
#                                  suite on the release build (a few minutes on a warm tree)
#
# Each source is compiled as few times as the checks need:
#   web      emcc: the playground, the WebAssembly CLI and the unit tests under node
#   native   GCC release: the CLI, the desktop app and loadlab-mpi (no unit tests: see asan)
#   tsan     GCC ThreadSanitizer: only the libraries and the tests that start threads
#   asan     clang-14 ASan + UBSan (preset `fuzz`): the libFuzzer targets, every native unit test,
#            the CLI and example tests: the one native unit-test run
# and each test runs once: the WebAssembly unit tests, the browser suites (one Chromium), the
# desktop and MPI tests in the release tree's ctest; the determinism corpus uses the release CLI
# and the WebAssembly CLI already built.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/stages.sh
source scripts/lib/stages.sh
jobs=${LOADLAB_JOBS:-$(nproc)}
werror=()
if [ "${CI:-}" = true ]; then werror=(-DLOADLAB_WERROR=ON); fi

if [ "${1:-}" = --quick ]; then
  shift
  stage_or_stop "setup" bash scripts/setup.sh
  stage_or_stop "build web (emcc)" bash scripts/build.sh web "${werror[@]}"
  stage_or_stop "build native (release, unit tests)" bash scripts/build.sh native -DLOADLAB_UNIT_TESTS=ON "${werror[@]}"
  stage "test: native unit, CLI" ctest --test-dir build/native-release --output-on-failure -j "$jobs" \
    -R '^((core|io|sim|app)_tests|cli_tests|serve_tests)$' "$@"
  stage "test: browser smoke" node tests/web/run.mjs build/web/site build/native-release/screenshots \
    build/native-release/src/cli/loadlab --only=e2e
  stage_summary
  exit
fi

stage_or_stop "setup" bash scripts/setup.sh
stage "format (clang-format 14)" bash scripts/format.sh --check
stage_or_stop "build web (emcc)" bash scripts/build.sh web "${werror[@]}"
stage_or_stop "build native (release)" bash scripts/build.sh native -DLOADLAB_UNIT_TESTS=OFF "${werror[@]}"

# ThreadSanitizer over everything that starts threads: the simulation tests (BSP engine, barriers,
# the worker pool, the loop executors) and the app model's background jobs.
tsan_build() {
  cmake --preset tsan >/dev/null
  cmake --build build/tsan -j "$jobs" --target sim_tests app_tests
}
stage_or_stop "build tsan (threaded tests)" tsan_build
stage "test: tsan" ctest --preset tsan -j "$jobs"

# ASan + UBSan (clang-14, preset `fuzz`): one sanitizer build serves the libFuzzer smoke and every
# native unit test, the CLI and example tests and the dev-server test (the preset turns the app,
# the web tests and MPI off, so "all" is exactly those).
asan_build() {
  cmake --preset fuzz >/dev/null
  cmake --build build/fuzz -j "$jobs"
}
stage_or_stop "build asan (fuzz, unit tests)" asan_build
# The six fuzz targets, two at a time (one core each).
stage "fuzz smoke" env LOADLAB_FUZZ_PARALLEL="${LOADLAB_FUZZ_PARALLEL:-$jobs}" \
  bash scripts/fuzz.sh "${LOADLAB_FUZZ_SECONDS:-30}"
stage "test: asan (unit, CLI, examples)" ctest --preset fuzz -j "$jobs"
# Native = WebAssembly: >= 200 seeded scenarios of every kind, byte-identical results.
stage "determinism (native = wasm)" bash scripts/determinism.sh
# Everything else: WebAssembly unit tests, the browser suites, the desktop and MPI tests.
stage "test: wasm, browser, desktop, mpi" \
  ctest --test-dir build/native-release --output-on-failure -j "$jobs" "$@"
stage_summary
