#!/usr/bin/env bash
# On the desktop the app autosaves to its config directory and restores on start.
#   desktop_autosave.sh <loadlab_app> <scenario.json> <screenshot dir>
# 1. --scenario FILE: the file wins; at exit the scenario is in $XDG_CONFIG_HOME/loadlab/autosave.json.
# 2. no --scenario: it is restored ("Restored your last scenario (name)").
# 3. a corrupt autosave: a clear error and the default example; the app still exits 0.
# 4. --scenario again: the autosave it displaced is kept for File > Restore last session.
set -eu
app=$1
scenario=$2
outdir=$3
mkdir -p "$outdir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config  # never the user's own autosave
export LIBGL_ALWAYS_SOFTWARE=1
name=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["name"])' "$scenario")
run() {  # run <state file> [args...]
  local state=$1
  shift
  xvfb-run -a -s "-screen 0 1280x800x24" "$app" --autosave --frames 30 --size 1280x800 --state-out "$state" "$@" \
    >"$work/out.txt" 2>&1 || { cat "$work/out.txt"; echo "FAIL: the app exited with an error"; exit 1; }
}
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
fail=0
expect() {  # expect <what> <actual> <pattern>
  if [[ "$2" == $3 ]]; then echo "  ok   $1"; else echo "  FAIL $1: got '$2'"; fail=1; fi
}

run "$work/s1.json" --scenario "$scenario"
saved=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["loadlab_autosave"], d["document"]["name"])' \
  "$XDG_CONFIG_HOME/loadlab/autosave.json")
expect "the scenario is autosaved at exit" "$saved" "1 $name"

run "$work/s2.json" --screenshot "$outdir/desktop_autosave_restored.png"
expect "a start without --scenario restores it" "$(field "$work/s2.json" scenario_name)" "$name"
expect "the status line says so" "$(field "$work/s2.json" status)" "Restored your last scenario ($name)"

printf '{"loadlab_autosave": 1, "document": {"kind": "bal' >"$XDG_CONFIG_HOME/loadlab/autosave.json"
run "$work/s3.json" --screenshot "$outdir/desktop_autosave_corrupt.png"
expect "a corrupt autosave is reported" "$(field "$work/s3.json" status)" "Your autosaved scenario could not be restored: it is not valid JSON*default example*"
expect "... as an error" "$(field "$work/s3.json" status_is_error)" "True"
expect "... and the default example is shown" "$(field "$work/s3.json" scenario_name)" "Wu, Example 3: CWA and DEM on a 3-cube"

# A valid autosave displaced by --scenario stays reachable (File > Restore last session).
python3 - "$scenario" "$XDG_CONFIG_HOME/loadlab/autosave.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["name"] = "Unsaved work"
json.dump({"loadlab_autosave": 1, "document": doc}, open(sys.argv[2], "w"))
PY
run "$work/s4.json" --scenario "$scenario"
expect "--scenario wins over the autosave" "$(field "$work/s4.json" scenario_name)" "$name"
expect "the displaced autosave is offered" "$(field "$work/s4.json" autosave_available)" "True"
expect "... and kept in autosave_previous.json" \
  "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["document"]["name"])' "$XDG_CONFIG_HOME/loadlab/autosave_previous.json")" \
  "Unsaved work"
# Another start with a file: the autosave is now that earlier file, unchanged: the older work
# stays in autosave_previous.json.
run "$work/s5.json" --scenario "$scenario"
expect "a second file start keeps the older work reachable" \
  "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["document"]["name"])' "$XDG_CONFIG_HOME/loadlab/autosave_previous.json")" \
  "Unsaved work"
expect "... and offers it" "$(field "$work/s5.json" autosave_available)" "True"
[ "$fail" = 0 ] && echo "desktop autosave: all passed"
exit $fail
