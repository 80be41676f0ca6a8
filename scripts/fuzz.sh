#!/usr/bin/env bash
# Builds the libFuzzer targets (preset `fuzz`: clang-14, ASan + UBSan) and runs each for the given
# time with bounded memory and per-input time, then prints executions and crashes per target.
# Usage: scripts/fuzz.sh [seconds per target, default 30] [target ...]
#   LOADLAB_FUZZ_DIR (default build/fuzz): build folder; corpora grow in $LOADLAB_FUZZ_DIR/corpus.
#   LOADLAB_FUZZ_TIMEOUT (default 60): seconds one input may take before it counts as a hang. Some
#   correct inputs (an os scenario with a Poisson stream of jobs) take 3 s of CPU under ASan +
#   UBSan; on a 2-core machine shared by several targets and builds their wall time reached 45 s,
#   and 10 s reported correct inputs as hangs. Real hangs never end, so 60 s still catches them.
#   LOADLAB_FUZZ_PARALLEL (default 1): targets run this many at a time (one core each), so a long
#   run of all targets takes ceil(targets / N) x seconds of wall time.
# A crash/hang/OOM input is saved in $LOADLAB_FUZZ_DIR/artifacts/<target>/: fix the bug, then
# check the input in under tests/fuzz/regressions/<target>/ (replayed by io_tests).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-30}
per_input=${LOADLAB_FUZZ_TIMEOUT:-60}
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
# Seeds are small on purpose: the "big_*" presets take seconds each under ASan + UBSan, which
# would cut the executions and, on a loaded machine, trip the per-input timeout. The fuzzer still
# grows documents by mutation; the harness only runs those under its caps (tests/fuzz/fuzz_entries.h).
for p in $("$ll" preset | cut -f1); do
  case $p in big_*) continue ;; esac
  "$ll" preset "$p" >"$seeds/scenario/preset_$p.json"
done
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

fuzz_one() {
  local t=$1
  mkdir -p "$dir/corpus/$t" "$dir/artifacts/$t"
  local log=$dir/fuzz_$t.log rc
  echo "fuzz: $t for ${secs}s"
  set +e
  # shellcheck disable=SC2046
  "$dir/tests/fuzz/fuzz_$t" -max_total_time="$secs" -rss_limit_mb=2048 -timeout="$per_input" \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/$t/" "$dir/corpus/$t" $(seed_dirs "$t") \
    >"$log" 2>&1
  rc=$?
  set -e
  echo "$rc" >"$dir/fuzz_$t.rc"
}

parallel=${LOADLAB_FUZZ_PARALLEL:-1}
running=0
for t in "${targets[@]}"; do
  rm -f "$dir/fuzz_$t.rc"
  fuzz_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then wait -n || true; running=$((running - 1)); fi
done
wait

summary=()
crashed=0
for t in "${targets[@]}"; do
  log=$dir/fuzz_$t.log
  rc=$(cat "$dir/fuzz_$t.rc" 2>/dev/null || echo '?')
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  found=$(find "$dir/artifacts/$t" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  if [ "$rc" != 0 ] || [ "$found" != 0 ]; then
    crashed=1
    echo "fuzz: $t:"
    grep -m3 -E 'ERROR|SUMMARY|terminate|runtime error' "$log" || tail -5 "$log"
  fi
  summary+=("$(printf '%-10s %5ss %12s executions  corpus %5s  crashes %s  (exit %s)' "$t" "$secs" \
    "${execs:-?}" "$(ls "$dir/corpus/$t" | wc -l)" "$found" "$rc")")
done
echo "fuzz summary (ASan + UBSan, -rss_limit_mb=2048 -timeout=$per_input, $parallel at a time):"
printf '  %s\n' "${summary[@]}"
exit $crashed
