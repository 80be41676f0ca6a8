#!/usr/bin/env bash
# Builds what the other scripts need. Usage: scripts/build.sh web|native [extra cmake args]
#   web    -> build/web (WebAssembly app in build/web/site, wasm test programs)
#   native -> build/native-release (CLI, desktop app, tests; ctest also runs the web build's tests)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${LOADLAB_JOBS:-$(nproc)}
what=$1
shift
case "$what" in
  web)
    # Debian's emcc runs its optimizer under node and needs acorn from /usr/share/nodejs.
    export NODE_PATH=/usr/share/nodejs
    cmake --preset web "$@" >/dev/null
    cmake --build build/web -j "$jobs"
    ;;
  native)
    cmake --preset native-release "$@" >/dev/null
    cmake --build build/native-release -j "$jobs"
    ;;
  *) echo "usage: scripts/build.sh web|native" >&2; exit 2 ;;
esac
