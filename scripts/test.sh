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
# ThreadSanitizer over the simulation tests (threads, barriers, the worker pool).
cmake --preset tsan >/dev/null
cmake --build build/tsan -j "${LOADLAB_JOBS:-$(nproc)}" --target sim_tests
ctest --preset tsan
# Everything else, in one ctest (its summary is the last thing printed).
ctest --test-dir build/native-release --output-on-failure "$@"
