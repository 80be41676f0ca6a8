#!/usr/bin/env bash
# Quick start 2: install what is missing, build everything, run every test: the simulation and
# app-model tests under ThreadSanitizer, the unit tests under ASan + UBSan, a fuzz smoke, the
# native = WebAssembly corpus, then one ctest with the native unit tests, CLI tests, the same unit tests
# as WebAssembly under node, the browser end-to-end tests (headless Chromium) and the desktop
# smoke test (xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
werror=()
if [ "${CI:-}" = true ]; then werror=(-DLOADLAB_WERROR=ON); fi
bash scripts/build.sh web "${werror[@]}"
bash scripts/build.sh native "${werror[@]}"
# ThreadSanitizer over everything that starts threads: the simulation tests (BSP engine,
# barriers, the worker pool, the loop executors) and the app model's background jobs.
tsan_targets=(sim_tests)
if [ -d tests/app ]; then tsan_targets+=(app_tests); fi
cmake --preset tsan >/dev/null
cmake --build build/tsan -j "${LOADLAB_JOBS:-$(nproc)}" --target "${tsan_targets[@]}"
ctest --preset tsan
# ASan + UBSan (clang-14, preset `fuzz`): one sanitizer build serves both the libFuzzer smoke
# (issue 16; README: Reliability) and every native unit test, the CLI and example tests and the
# dev-server test (the preset turns the app, the web tests and MPI off, so "all" is exactly those).
bash scripts/fuzz.sh "${LOADLAB_FUZZ_SECONDS:-30}"
cmake --build build/fuzz -j "${LOADLAB_JOBS:-$(nproc)}"
ctest --preset fuzz
# Native = WebAssembly: >= 200 seeded scenarios of every kind, byte-identical results.
bash scripts/determinism.sh
# Everything else, in one ctest (its summary is the last thing printed).
ctest --test-dir build/native-release --output-on-failure "$@"
