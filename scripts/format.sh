#!/usr/bin/env bash
# Formats every C++ source under src/ and tests/ with .clang-format (clang-format 14).
#   scripts/format.sh           rewrite the files in place
#   scripts/format.sh --check   change nothing; fail and list the files that would change (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
cf=${CLANG_FORMAT:-clang-format-14}
mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h')
if [ "${1:-}" = --check ]; then
  if ! out=$("$cf" --dry-run --Werror "${files[@]}" 2>&1); then
    echo "format: these files differ from .clang-format (run scripts/format.sh):"
    grep -oE '^[^:]+\.(cpp|h):' <<<"$out" | sort -u | sed 's/:$//; s/^/  /'
    exit 1
  fi
  echo "format: ${#files[@]} files match .clang-format"
else
  "$cf" -i "${files[@]}"
fi
