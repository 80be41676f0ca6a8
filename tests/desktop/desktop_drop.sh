#!/usr/bin/env bash
# On the desktop, a file dropped on the window opens like File > Import (undoable), and a
# bad one is refused with an error naming the problem. The drops are real XDND drag-and-drops
# under xvfb, from a small source client (xdnd_drop.py, python3-xlib) into GLFW's X11 backend.
#   desktop_drop.sh <loadlab_app> <examples dir> <screenshot dir>
# 1. a valid scenario (its path has a space: %20 in the uri-list) replaces the default example
#    and Edit > Undo open becomes available;
# 2. malformed JSON: the scenario is unchanged, the status is an error naming the file and why;
# 3. a file that does not exist: an error, the scenario unchanged;
# 4. two files at once: the last opens and the status says only one file opens at a time;
# 5. Ctrl+Z (Edit > Undo open) brings back the scenario that drop replaced;
# files_dropped (--state-out) counts every file.
set -eu
app=$1
examples=$2
outdir=$3
mkdir -p "$outdir"
here=$(cd "$(dirname "$0")" && pwd)
command -v xdotool >/dev/null || { echo "desktop_drop: xdotool missing (scripts/setup.sh installs it)"; exit 1; }
# python3-xlib is a Debian package: the system python has it even when another python3 is first
# on PATH.
py=""
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import Xlib' 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || { echo "desktop_drop: python3-xlib missing (scripts/setup.sh installs it)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LIBGL_ALWAYS_SOFTWARE=1
export XDG_CONFIG_HOME=$work/config  # never the user's settings or autosave
# What drop 4 replaces, for the undo check (settle reads it from the environment).
export DROPPED_NAME=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["name"])' \
  "$examples/dlt_example3_ibs.json")

cp "$examples/dlt_example3_ibs.json" "$work/drop me.json"
cp "$examples/cube3.json" "$work/cube3.json"
printf '{"kind": "balance", "name": "broken", "topology": {' >"$work/bad.json"

cat >"$work/drive.sh" <<'DRIVE'
set -eu
app=$1; work=$2; shot=$3; py=$4; xdnd=$5
"$app" --size 1280x800 --until "$work/stop" --state-out "$work/state.json" --screenshot "$shot" \
  >"$work/app.log" 2>&1 &
pid=$!
for i in $(seq 1 600); do [ -f "$work/state.json" ] && break; sleep 0.1; done
[ -f "$work/state.json" ] || { echo "the app never became ready"; cat "$work/app.log"; kill $pid; exit 1; }
wid=$(xdotool search --sync --name 'LoadLab$' | head -1)
snap() { cp "$work/state.json" "$work/$1.json"; }
# settle <python condition on s, the state>: waits up to 30 s (the open and its run are on a
# worker; the state file is rewritten every 8 frames), then a little more for the state to catch
# up. One python process polls: starting one per poll is slow on a loaded machine.
settle() {
  "$py" - "$work/state.json" "$1" <<'WAIT' || echo "(still not: $1)"
import json, sys, time
end = time.monotonic() + 30
while time.monotonic() < end:
    try:
        s = json.load(open(sys.argv[1]))
        if eval(sys.argv[2]):
            time.sleep(0.5)
            sys.exit(0)
    except (OSError, ValueError, KeyError):
        pass
    time.sleep(0.1)
sys.exit(1)
WAIT
}
drop() { "$py" "$xdnd" --window "$wid" "$@" || echo "(xdnd_drop exit $?)"; }
snap start
drop "$work/drop me.json"
settle "s['files_dropped'] >= 1 and s['status'].startswith('Ran')"  # opened and run
snap valid
drop "$work/bad.json"
settle "s['files_dropped'] >= 2 and 'bad.json' in s['status']"
snap bad
drop "$work/missing.json"
settle "s['files_dropped'] >= 3 and 'missing.json' in s['status']"
snap missing
drop "$work/bad.json" "$work/cube3.json"
settle "s['files_dropped'] >= 5 and 'files dropped' in s['status']"
snap two
# Ctrl held as a person holds it (see desktop_input.sh).
xdotool windowfocus --sync "$wid" || true
xdotool keydown ctrl; sleep 0.2; xdotool key z; sleep 0.2; xdotool keyup ctrl
settle "s['scenario_name'] == __import__('os').environ['DROPPED_NAME']"
snap undo
touch "$work/stop"
wait $pid
DRIVE
xvfb-run -a -s "-screen 0 1280x800x24" bash "$work/drive.sh" "$app" "$work" \
  "$outdir/desktop_drop.png" "$py" "$here/xdnd_drop.py"
python3 - "$work" "$examples" <<'PY'
import json, sys
w, ex = sys.argv[1], sys.argv[2]
S = {k: json.load(open(f"{w}/{k}.json")) for k in ["start", "valid", "bad", "missing", "two", "undo"]}
name = lambda f: json.load(open(f"{ex}/{f}"))["name"]
dlt, cube = name("dlt_example3_ibs.json"), name("cube3.json")
fails = 0
def check(cond, what, detail=None):
    global fails
    print(("  ok   " if cond else "  FAIL ") + what + ("" if cond else f": {detail!r}"))
    fails += 0 if cond else 1
get = lambda k, f: S[k].get(f, "<no " + f + " in the state>")
s, v, b, m, t = S["start"], S["valid"], S["bad"], S["missing"], S["two"]
check(get("start", "files_dropped") == 0, "nothing dropped at start", get("start", "files_dropped"))
check(s["scenario_name"] != dlt and not s["undo_available"], "the start shows another scenario, nothing to undo",
      (s["scenario_name"], s["undo_available"]))
check(v["scenario_name"] == dlt, "a dropped scenario file opens", v["scenario_name"])
check(v["undo_available"] is True, "... and Edit > Undo open is available", v["undo_available"])
check(not v["status_is_error"], "... without an error", v["status"])
check(get("valid", "files_dropped") == 1, "files_dropped counts it", get("valid", "files_dropped"))
check(b["scenario_name"] == dlt, "malformed JSON leaves the scenario unchanged", b["scenario_name"])
check(b["status_is_error"] is True and "bad.json" in b["status"] and "malformed JSON" in b["status"],
      "... and the status is an error naming the file and the problem", b["status"])
check(get("bad", "files_dropped") == 2, "files_dropped is 2", get("bad", "files_dropped"))
check(m["scenario_name"] == dlt and m["status_is_error"] is True and "Could not open" in m["status"]
      and "missing.json" in m["status"], "a missing file is an error, the scenario unchanged",
      (m["scenario_name"], m["status"]))
check(t["scenario_name"] == cube, "of two files dropped at once the last opens", t["scenario_name"])
check("2 files dropped" in t["status"] and "one file at a time" in t["status"] and not t["status_is_error"],
      "... and the status says only one file opens at a time", t["status"])
check(get("two", "files_dropped") == 5, "files_dropped counts every file (5)", get("two", "files_dropped"))
check(S["undo"]["scenario_name"] == dlt, "Ctrl+Z brings back the scenario the drop replaced",
      S["undo"]["scenario_name"])
for k in ["valid", "bad", "missing", "two"]:
    print(f"  status after the {k} drop: {S[k]['status']!r}")
print(f"desktop drop: {'all passed' if fails == 0 else str(fails) + ' failed'}")
sys.exit(1 if fails else 0)
PY
