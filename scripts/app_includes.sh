#!/usr/bin/env bash
# The includes between src/app folders: one row per (from folder, to folder) pair with the number
# of #include "app/<to>/..." lines in files of <from>. Usage: scripts/app_includes.sh [SRC_APP_DIR]
# (default src/app). Same-folder includes are left out. The last lines count the arrows into a kind
# folder from shell, model or widgets, and between two kind folders.
set -eu
dir=${1:-$(cd "$(dirname "$0")/.." && pwd)/src/app}
grep -rHo '#include "app/[a-z_]*/' "$dir" --include='*.cpp' --include='*.h' |
  sed -E "s#^$dir/([a-z_]+)/[^:]*:\#include \"app/([a-z_]+)/#\1 \2#" |
  awk '$1 != $2' | sort | uniq -c | awk '{printf "%-10s -> %-10s %3d\n", $2, $3, $1}' > /tmp/app_includes.$$
cat /tmp/app_includes.$$
awk '
  function neutral(f) { return f == "shell" || f == "model" || f == "widgets" }
  { pairs++; if (neutral($1) && !neutral($3)) up++; if (!neutral($1) && !neutral($3)) across++ }
  END { printf "folder pairs: %d; shell/model/widgets -> a kind: %d; kind -> another kind: %d\n",
        pairs, up + 0, across + 0 }' /tmp/app_includes.$$
rm -f /tmp/app_includes.$$
