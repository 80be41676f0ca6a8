#!/usr/bin/env bash
# Quick start 2: install what is missing, build everything, run every test with one ctest:
# native unit tests, CLI tests, the same unit tests as WebAssembly under node, the browser
# end-to-end test (headless Chromium) and the desktop smoke test (xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
werror=()
if [ "${CI:-}" = true ]; then werror=(-DLOADLAB_WERROR=ON); fi
bash scripts/build.sh web "${werror[@]}"
bash scripts/build.sh native "${werror[@]}"
ctest --test-dir build/native-release --output-on-failure "$@"
