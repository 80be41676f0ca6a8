#!/usr/bin/env bash
# Behaviour unchanged: runs two builds of the CLI (say, one from before a refactor and one from
# after it) on the same corpus and compares their `loadlab run` JSON byte for byte, with
# wall-clock fields (*_ms, *_us, *_seconds) masked. The corpus is every examples/*.json, every
# preset (`loadlab preset`), and seeded scenarios of all registered kinds made by
# scripts/gen_scenarios.py from those (fixed generator seed: the same files on every machine).
# Prints "N scenarios, N identical, N differ"; exit 0 only when all agree.
# Usage: scripts/corpus.sh OLD_CLI NEW_CLI [count]   (count: generated scenarios, default 200)
#   LOADLAB_CORPUS_DIR overrides the output folder (default build/corpus); the outputs stay in
#   its old/ and new/ folders for a look at what differs.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
old=$(realpath "$1")
new=$(realpath "$2")
count=${3:-200}
out=${LOADLAB_CORPUS_DIR:-build/corpus}
for f in "$old" "$new"; do
  [ -x "$f" ] || { echo "corpus: $f is not an executable CLI" >&2; exit 2; }
done
rm -rf "$out"
mkdir -p "$out/scenarios" "$out/generated" "$out/old" "$out/new"
kinds=$( (echo '{"loadlab": 1, "kind": "?"}' | "$old" validate - 2>&1 || true) |
        sed -n 's/.*expected one of: \(.*\))$/\1/p' | tr -d ' ')
[ -n "$kinds" ] || { echo "corpus: could not list the kinds" >&2; exit 2; }
cp examples/*.json "$out/scenarios/"
for p in $("$old" preset | cut -f1); do "$old" preset "$p" >"$out/scenarios/preset_$p.json"; done
python3 scripts/gen_scenarios.py "$out/generated" --count "$count" --kinds "$kinds" \
  --base "$out"/scenarios/*.json >/dev/null
for f in "$out"/generated/*.json; do mv "$f" "$out/scenarios/gen_$(basename "$f")"; done
corpus_mask() { sed -E 's/("[A-Za-z_]*(_ms|_us|_seconds)"): -?[0-9][0-9.eE+-]*/\1: "(time)"/g' "$1"; }
corpus_one() {
  local s=$1 name orc nrc
  name=$(basename "$s" .json)
  "$old" run "$s" -o "$out/old/$name.json" 2>"$out/old/$name.err" && orc=0 || orc=$?
  "$new" run "$s" -o "$out/new/$name.json" 2>"$out/new/$name.err" && nrc=0 || nrc=$?
  # A scenario both refuse the same way is the same behaviour too.
  if [ "$orc" = "$nrc" ] && cmp -s "$out/old/$name.err" "$out/new/$name.err" &&
     cmp -s <(corpus_mask "$out/old/$name.json" 2>/dev/null) \
            <(corpus_mask "$out/new/$name.json" 2>/dev/null); then
    echo ok
  else
    echo "DIFFER: $name (old exit $orc, new exit $nrc)"
    echo differ
  fi
}
export -f corpus_one corpus_mask
export old new out
results=$(find "$out/scenarios" -name '*.json' -print0 | sort -z |
          xargs -0 -n 1 -P "${LOADLAB_JOBS:-$(nproc)}" bash -c 'corpus_one "$1"' _)
grep -v -x -e ok -e differ <<<"$results" || true
pass=$(grep -c -x ok <<<"$results" || true)
fail=$(grep -c -x differ <<<"$results" || true)
per_kind=$(for f in "$out"/scenarios/*.json; do grep -m1 -o '"kind": *"[a-z_]*"' "$f"; done |
  sed 's/.*"\([a-z_]*\)"$/\1/' | sort | uniq -c | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2}')
echo "$((pass + fail)) scenarios ($per_kind), $pass identical, $fail differ"
[ "$fail" = 0 ]
