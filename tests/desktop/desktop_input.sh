#!/usr/bin/env bash
# Wheel zoom and fast clicks on the desktop build, driven like a user with xdotool under xvfb:
# one wheel notch up zooms the network in by a bounded factor around the cursor and a notch down
# zooms back out; two clicks inside one frame are two clicks for ImGui (the input queue); Right
# steps and Ctrl+= scales the UI. The app reports its state in --state-out (tests read JSON).
#   desktop_input.sh <loadlab_app> <scenario.json> <screenshot dir>
set -eu
app=$1
scenario=$2
outdir=$3
mkdir -p "$outdir"
command -v xdotool >/dev/null || { echo "desktop_input: xdotool missing (scripts/setup.sh installs it)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LIBGL_ALWAYS_SOFTWARE=1
export XDG_CONFIG_HOME=$work/config  # the UI scale setting must not reach the user's settings
cat > "$work/drive.sh" <<'DRIVE'
set -eu
app=$1; scenario=$2; work=$3; shot=$4
"$app" --scenario "$scenario" --size 1280x800 --until "$work/stop" --state-out "$work/state.json" \
  --screenshot "$shot" > "$work/app.log" 2>&1 &
pid=$!
for i in $(seq 1 600); do [ -f "$work/state.json" ] && break; sleep 0.1; done
[ -f "$work/state.json" ] || { echo "the app never became ready"; cat "$work/app.log"; kill $pid; exit 1; }
wid=$(xdotool search --sync --name 'LoadLab$' | head -1)
xdotool windowfocus --sync "$wid" || true
snap() { sleep 0.6; cp "$work/state.json" "$work/$1.json"; }
# Cursor over the network view, off its centre so "around the cursor" is tested.
read cx cy < <(python3 -c "import json;s=json.load(open('$work/state.json'));print(int(s['view_centre'][0]+90),int(s['view_centre'][1]-60))")
xdotool mousemove --window "$wid" "$cx" "$cy"
snap before
xdotool click 4   # one notch up
snap wheel_up
xdotool click 5   # one notch down
snap wheel_down
xdotool click --repeat 2 --delay 1 1   # two clicks inside one frame (1 ms apart)
snap clicks
xdotool key Right
snap right
# Ctrl held as a person holds it (xdotool's "key ctrl+equal" sends all four key events at once,
# and Xvfb now and then delivered the "=" without the modifier).
xdotool keydown ctrl; sleep 0.2; xdotool key equal; sleep 0.2; xdotool keyup ctrl
# Rebuilding the font atlas at the new size can take a few frames on a busy machine: wait for it
# (up to 10 s) before the snapshot; the check below still fails if the scale never changes.
for i in $(seq 1 100); do
  python3 -c "import json,sys;a=json.load(open('$work/right.json'));b=json.load(open('$work/state.json'));sys.exit(0 if b['ui_scale_user']!=a['ui_scale_user'] else 1)" 2>/dev/null && break
  sleep 0.1
done
snap scale
touch "$work/stop"
wait $pid
echo "$cx $cy" > "$work/cursor"
DRIVE
xvfb-run -a -s "-screen 0 1280x800x24" bash "$work/drive.sh" "$app" "$scenario" "$work" "$outdir/desktop_input.png"
python3 - "$work" <<'PY'
import json, sys
w = sys.argv[1]
S = {k: json.load(open(f"{w}/{k}.json")) for k in ["before", "wheel_up", "wheel_down", "clicks", "right", "scale"]}
cx, cy = map(float, open(f"{w}/cursor").read().split())
fails = 0
def check(cond, what, detail=None):
    global fails
    print(("  ok   " if cond else "  FAIL ") + what + ("" if cond else f": {detail}"))
    fails += 0 if cond else 1
def under_cursor(s):
    k = s["view_base_scale"] * s["view_zoom"]
    return ((cx - s["view_centre"][0]) / k - s["view_pan"][0], (cy - s["view_centre"][1]) / k - s["view_pan"][1])
b, u, d = S["before"], S["wheel_up"], S["wheel_down"]
f = u["view_zoom"] / b["view_zoom"]
check(1.05 <= f <= 1.3, "one wheel notch up zooms in by a factor in [1.05, 1.3]", f)
p0, p1 = under_cursor(b), under_cursor(u)
check(abs(p0[0] - p1[0]) < 1e-3 and abs(p0[1] - p1[1]) < 1e-3, "the point under the cursor stays put", (p0, p1))
check(d["view_zoom"] < u["view_zoom"] and abs(d["view_zoom"] - b["view_zoom"]) < 1e-3, "one notch down zooms back out", d["view_zoom"])
c = S["clicks"]["input"]["clicks"] - d["input"]["clicks"]
check(c == 2, "two clicks 1 ms apart are two clicks", c)
r = S["right"]["step"] - S["clicks"]["step"]
check(r == 1, "Right steps forward by one", (S["clicks"]["step"], S["right"]["step"]))
check(S["scale"]["ui_scale_user"] > S["right"]["ui_scale_user"], "Ctrl+= enlarges the UI", S["scale"]["ui_scale_user"])
print(f"desktop input: {'ok' if fails == 0 else str(fails) + ' failed'}")
sys.exit(1 if fails else 0)
PY
