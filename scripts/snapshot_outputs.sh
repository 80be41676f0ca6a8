#!/usr/bin/env bash
# Writes what `loadlab run` and `loadlab render` print for every example and preset into OUTDIR,
# one file per command (stdout, stderr and exit status), so two builds can be compared with
# `diff -r`: a refactoring that should change no output is checked by
#   scripts/snapshot_outputs.sh old/loadlab before && scripts/snapshot_outputs.sh new/loadlab after
#   && diff -r before after
# Renders: every view (gantt, network, plot) as SVG for each algorithm of the results, and the
# first algorithm's Gantt chart as PNG.
set -u
loadlab=$(realpath "$1")
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out/scenarios"
for f in "$root"/examples/*.json; do cp "$f" "$out/scenarios/example_$(basename "$f")"; done
"$loadlab" preset | cut -f1 | while read -r p; do
  "$loadlab" preset "$p" > "$out/scenarios/preset_$p.json"
done
# Examples may name files next to them (meshes, graphs): run them from examples/.
record() {  # name, command...
  local name=$1
  shift
  "$@" > "$out/$name.out" 2> "$out/$name.err"
  echo "exit $?" >> "$out/$name.err"
}
for s in "$out"/scenarios/*.json; do
  base=$(basename "$s" .json)
  src=$s
  [[ $base == example_* ]] && src="$root/examples/${base#example_}.json"
  record "$base.run" "$loadlab" run "$src"
  algorithms=$(python3 -c 'import json,sys
try:
  d = json.load(open(sys.argv[1]))
  print(" ".join(r.get("algorithm", "") for r in d.get("results", [])))
except Exception:
  pass' "$out/$base.run.out")
  for view in gantt network plot; do
    record "$base.render.$view" "$loadlab" render "$src" --view "$view" -o "$out/$base.$view.svg"
    for a in $algorithms; do
      record "$base.render.$view.$a" "$loadlab" render "$src" --view "$view" --algorithm "$a" \
        -o "$out/$base.$view.$a.svg"
    done
  done
  record "$base.render.png" "$loadlab" render "$src" --view gantt -o "$out/$base.gantt.png"
done
# The commands' messages name the output paths: keep them relative so two OUTDIRs compare. The
# results' wall-clock measurements ("scheduling_time_ms", "time_ms") differ from run to run.
sed -i "s#$out/##g" "$out"/*.err
sed -i -E 's/"(scheduling_time_ms|time_ms)": *[-0-9.eE+]+/"\1": "wall clock"/g' "$out"/*.run.out
echo "$(ls "$out"/*.err | wc -l) commands, $(ls "$out"/*.svg "$out"/*.png 2>/dev/null | wc -l) pictures"
