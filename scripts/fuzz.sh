#!/usr/bin/env bash
# Builds the libFuzzer targets (preset `fuzz`: clang-14, ASan + UBSan) and runs each for the given
# time with bounded memory and per-input time, then prints executions and crashes per target.
# Usage: scripts/fuzz.sh [seconds per target, default 30] [target ...]
#   LOADLAB_FUZZ_DIR (default build/fuzz): build folder; corpora grow in $LOADLAB_FUZZ_DIR/corpus.
# A crash/hang/OOM input is saved in $LOADLAB_FUZZ_DIR/artifacts/<target>/: fix the bug, then
# check the input in under tests/fuzz/regressions/<target>/ (replayed by io_tests).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-30}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(scenario link stg dot wfcommons metis)
dir=${LOADLAB_FUZZ_DIR:-build/fuzz}
shared=${LOADLAB_SHARED_DIR:-$(cd .. && pwd)/shared}
cmake --preset fuzz -B "$dir" >/dev/null
# The seeds need a CLI (presets, links): the native build's if there is one, else one built here.
ll=${LOADLAB_CLI:-build/native-release/src/cli/loadlab}
extra=()
if [ ! -x "$ll" ]; then ll=$dir/src/cli/loadlab; extra=(loadlab); fi
cmake --build "$dir" -j "${LOADLAB_JOBS:-$(nproc)}" --target "${extra[@]}" "${targets[@]/#/fuzz_}"

# Seeds (regenerated each time; big data is referenced in place, not copied).
seeds=$dir/seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{scenario,link}
cp examples/*.json tests/fuzz/seeds/scenario/*.json "$seeds/scenario/" 2>/dev/null || true
for p in $("$ll" preset | cut -f1); do "$ll" preset "$p" >"$seeds/scenario/preset_$p.json"; done
kinds=$( (echo '{"loadlab": 1, "kind": "?"}' | "$ll" validate - 2>&1 || true) |
        sed -n 's/.*expected one of: \(.*\))$/\1/p' | tr -d ' ')
python3 scripts/gen_scenarios.py "$seeds/generated" --count 60 --kinds "$kinds" \
  --base "$seeds"/scenario/*.json >/dev/null
cp "$seeds"/generated/*.json "$seeds/scenario/"
for s in "$seeds"/scenario/*.json; do
  "$ll" link "$s" >"$seeds/link/$(basename "$s" .json).txt" 2>/dev/null || true
done
seed_dirs() {
  case $1 in
    scenario|link) echo "$seeds/$1 tests/fuzz/regressions/$1" ;;
    stg) echo "$shared/data/stg/50 tests/fuzz/regressions/stg" ;;
    dot) echo "tests/fuzz/seeds/dot tests/fuzz/regressions/dot" ;;
    wfcommons) echo "$shared/data/wfcommons tests/fuzz/regressions/wfcommons" ;;
    metis) echo "$shared/data/walshaw tests/fuzz/regressions/metis" ;;
  esac
}

summary=()
crashed=0
for t in "${targets[@]}"; do
  mkdir -p "$dir/corpus/$t" "$dir/artifacts/$t"
  log=$dir/fuzz_$t.log
  echo "fuzz: $t for ${secs}s"
  set +e
  # shellcheck disable=SC2046
  "$dir/tests/fuzz/fuzz_$t" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/$t/" "$dir/corpus/$t" $(seed_dirs "$t") \
    >"$log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  found=$(find "$dir/artifacts/$t" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  if [ "$rc" != 0 ] || [ "$found" != 0 ]; then
    crashed=1
    grep -m3 -E 'ERROR|SUMMARY|terminate|runtime error' "$log" || tail -5 "$log"
  fi
  summary+=("$(printf '%-10s %5ss %12s executions  corpus %5s  crashes %s  (exit %s)' "$t" "$secs" \
    "${execs:-?}" "$(ls "$dir/corpus/$t" | wc -l)" "$found" "$rc")")
done
echo "fuzz summary (ASan + UBSan, -rss_limit_mb=2048 -timeout=10):"
printf '  %s\n' "${summary[@]}"
exit $crashed
