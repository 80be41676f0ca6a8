#!/usr/bin/env bash
# Native = WebAssembly on a corpus: generates >= 200 seeded scenarios across every
# registered kind and a range of sizes (scripts/gen_scenarios.py), runs each with the native CLI
# (`loadlab run`) and the WebAssembly CLI under node (`loadlab_cli.js run`), and compares the
# result JSON byte for byte with wall-clock fields (*_ms, *_us, *_seconds) masked.
# Prints "N passed, N failed"; exit 0 only when all agree.
# Usage: scripts/determinism.sh [count]     (needs scripts/build.sh native and web first)
#   LOADLAB_NATIVE_CLI, LOADLAB_WASM_CLI, LOADLAB_DETERMINISM_DIR override the default paths.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-240}
native=${LOADLAB_NATIVE_CLI:-build/native-release/src/cli/loadlab}
wasm=${LOADLAB_WASM_CLI:-build/web/src/cli/loadlab_cli.js}
out=${LOADLAB_DETERMINISM_DIR:-build/determinism}
for f in "$native" "$wasm"; do
  [ -f "$f" ] || { echo "determinism: $f is missing (run scripts/build.sh native / web)" >&2; exit 2; }
done
rm -rf "$out"
mkdir -p "$out/base" "$out/scenarios" "$out/native" "$out/wasm"
# The registered kinds, as the CLI itself reports them, so a new kind cannot be left out.
kinds=$( (echo '{"loadlab": 1, "kind": "?"}' | "$native" validate - 2>&1 || true) |
        sed -n 's/.*expected one of: \(.*\))$/\1/p' | tr -d ' ')
[ -n "$kinds" ] || { echo "determinism: could not list the kinds" >&2; exit 2; }
cp examples/*.json "$out/base/"
for p in $("$native" preset | cut -f1); do "$native" preset "$p" >"$out/base/preset_$p.json"; done
python3 scripts/gen_scenarios.py "$out/scenarios" --count "$count" --kinds "$kinds" \
  --base "$out"/base/*.json
mask() { sed -E 's/("[A-Za-z_]*(_ms|_us|_seconds)"): -?[0-9][0-9.eE+-]*/\1: "(time)"/g' "$1"; }
# One scenario: both CLIs, then the comparison; prints a DIFFER line, and "ok" or "differ" last.
one() {
  local s=$1 name nrc wrc
  name=$(basename "$s" .json)
  "$native" run "$s" -o "$out/native/$name.json" 2>"$out/native/$name.err"
  nrc=$?
  node --no-experimental-fetch "$wasm" run "$s" -o "$out/wasm/$name.json" 2>"$out/wasm/$name.err"
  wrc=$?
  if [ "$nrc" = 0 ] && [ "$wrc" = 0 ] &&
     cmp -s <(mask "$out/native/$name.json") <(mask "$out/wasm/$name.json"); then
    echo ok
  else
    { echo "DIFFER: $name (native exit $nrc, wasm exit $wrc)"
      diff <(mask "$out/native/$name.json" 2>/dev/null) <(mask "$out/wasm/$name.json" 2>/dev/null) | head -5
      head -c 300 "$out/native/$name.err" "$out/wasm/$name.err" 2>/dev/null
      echo differ; } | tr -d '\000'
  fi
}
export -f one mask
export native wasm out
# The scenarios are independent: as many at a time as there are cores (each CLI runs on one).
set +e
results=$(find "$out/scenarios" -name '*.json' -print0 | sort -z |
          xargs -0 -n 1 -P "${LOADLAB_JOBS:-$(nproc)}" bash -c 'one "$1"' _)
set -e
grep -v -x -e ok -e differ <<<"$results" || true
pass=$(grep -c -x ok <<<"$results" || true)
fail=$(grep -c -x differ <<<"$results" || true)
# The adversarial search: the same seed must give the same ratios, counts and worst
# instance natively and in WebAssembly (its acceptance rule avoids libm; docs/adversary.md).
mkdir -p "$out/adversary"
advmask() { mask "$1" | sed -E 's/("(iterations_per_second|output)"): [^,]*/\1: "(masked)"/'; }
for args in "--a flb --b etf --tasks 12 --iterations 3000 --seed 1" \
            "--a mcp --b heft --tasks 20 --processors 3 --iterations 3000 --seed 2" \
            "--a heft --b cpop --tasks 15 --heterogeneous --iterations 3000 --seed 3" \
            "--a dls --b peft --tasks 10 --processors 5 --heterogeneous --iterations 2000 --seed 4" \
            "--a heft --b optimal --tasks 7 --processors 3 --heterogeneous --iterations 300 --seed 5" \
            "--a heft --b fastest_node --pisa 10 --iterations 500 --seed 1"; do
  name=adversary_$(echo "$args" | tr -cs 'A-Za-z0-9' '_')
  set +e
  # shellcheck disable=SC2086
  "$native" adversary $args --json -o "$out/adversary/$name.native.json" >"$out/adversary/$name.native.out" 2>&1
  nrc=$?
  # shellcheck disable=SC2086
  node --no-experimental-fetch "$wasm" adversary $args --json -o "$out/adversary/$name.wasm.json" >"$out/adversary/$name.wasm.out" 2>&1
  wrc=$?
  set -e
  if [ "$nrc" = 0 ] && [ "$wrc" = 0 ] &&
     cmp -s <(advmask "$out/adversary/$name.native.out") <(advmask "$out/adversary/$name.wasm.out") &&
     cmp -s "$out/adversary/$name.native.json" "$out/adversary/$name.wasm.json"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "DIFFER: $name (native exit $nrc, wasm exit $wrc)"
    diff <(advmask "$out/adversary/$name.native.out") <(advmask "$out/adversary/$name.wasm.out") | head -5 || true
  fi
done
# The WebAssembly CLI writes all of its output into a pipe, as the native one does (node's pipes
# are asynchronous and the runtime's exit used to cut them at 64 KiB): a result of 1-4 MB through a
# slow reader, byte for byte against the native CLI's (wall-clock fields masked).
big=$(find "$out/native" -name '*.json' -size +1000k -size -4000k | sort | head -1)
if [ -n "$big" ]; then
  s="$out/scenarios/$(basename "$big")"
  slowmask() { sleep 0.3; sed -E 's/("[A-Za-z_]*(_ms|_us|_seconds)"): -?[0-9][0-9.eE+-]*/\1: "(time)"/g'; }
  "$native" run "$s" | slowmask >"$out/pipe.native"
  node --no-experimental-fetch "$wasm" run "$s" | slowmask >"$out/pipe.wasm"
  if cmp -s "$out/pipe.native" "$out/pipe.wasm"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "DIFFER: piped output of $(basename "$s"): native $(wc -c <"$out/pipe.native") bytes, wasm $(wc -c <"$out/pipe.wasm")"
  fi
else
  fail=$((fail + 1))
  echo "DIFFER: no result of 1-4 MB in the corpus to pipe"
fi
echo "determinism ($kinds, adversary, pipe): $pass passed, $fail failed"
[ "$fail" = 0 ]
