#!/usr/bin/env bash
# Quick start 2: install what is missing, build everything, run every test: the simulation tests
# under ThreadSanitizer, then one ctest with the native unit tests, CLI tests, the same unit tests
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
# ASan + UBSan over every native unit test, the CLI and example tests and the dev-server test:
# the asan preset turns the app and the web tests off, so "all" is exactly the tests and the CLI.
# No -Werror here: GCC 12 reports false maybe-uninitialized warnings in LEMON under -fsanitize.
cmake --preset asan >/dev/null
cmake --build build/asan -j "${LOADLAB_JOBS:-$(nproc)}"
ctest --preset asan
# Fuzz smoke (issue 16): every libFuzzer target for a short time (README: Reliability).
bash scripts/fuzz.sh "${LOADLAB_FUZZ_SECONDS:-30}"
# Native = WebAssembly: >= 200 seeded scenarios of every kind, byte-identical results.
bash scripts/determinism.sh
# Everything else, in one ctest (its summary is the last thing printed).
ctest --test-dir build/native-release --output-on-failure "$@"
