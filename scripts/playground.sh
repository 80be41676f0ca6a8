#!/usr/bin/env bash
# Quick start 1: install what is missing, build the web playground, serve it with COOP/COEP.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh web
echo "Open http://127.0.0.1:${PORT:-8080}/ (Ctrl+C to stop)"
exec node scripts/serve.mjs build/web/site "${PORT:-8080}"
