#!/usr/bin/env bash
# Frame-build benchmark of the desktop app: CPU time per frame (the UI plus
# ImGui::Render) once the run has finished, for a 2^20-node network after a run, for GDE's Sweeps
# tab on a 1024 x 1024 torus (the iterative tabs' level of detail) and for a 1,000,000-task Gantt
# chart. Not a test: prints the figures the README's measurement table quotes.
#   tests/desktop/bench_frames.sh <loadlab_app> [seconds of idle frames, default 5]
set -eu
app=$1
secs=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LIBGL_ALWAYS_SOFTWARE=1
cat > "$tmp/mesh1024.json" <<'JSON'
{"loadlab": 1, "kind": "balance", "name": "bench: 1024 x 1024 mesh", "seed": 1,
 "topology": {"type": "mesh", "rows": 1024, "cols": 1024}, "loads": {"generator": "uniform", "mean": 8},
 "algorithms": ["mwa"]}
JSON
cat > "$tmp/cube20.json" <<'JSON'
{"loadlab": 1, "kind": "balance", "name": "bench: 20-cube", "seed": 1,
 "topology": {"type": "hypercube", "dim": 20}, "loads": {"generator": "uniform", "mean": 8},
 "algorithms": ["cwa"]}
JSON
cat > "$tmp/torus1024_sweeps.json" <<'JSON'
{"loadlab": 1, "kind": "balance", "name": "bench: 1024 x 1024 torus, GDE sweeps", "seed": 1,
 "topology": {"type": "torus", "rows": 1024, "cols": 1024}, "loads": {"generator": "uniform", "mean": 8},
 "algorithms": ["gde"], "params": {"gde": {"max_sweeps": 20}}, "ui": {"iterative_view": "sweeps"}}
JSON
cat > "$tmp/dag1m.json" <<'JSON'
{"loadlab": 1, "kind": "dag", "name": "bench: 1,000,000-task Gantt chart", "seed": 1, "processors": 32,
 "graph": {"generator": "layered", "n": 1000000, "fat": 0.5, "density": 0.004, "regularity": 0.9,
           "jump": 2, "ccr": 1.0, "mean_comp": 10},
 "algorithms": ["flb"], "ui": {"tab": "gantt"}}
JSON
for sc in mesh1024 cube20 torus1024_sweeps dag1m; do
  echo "== $sc"
  rm -f "$tmp/state.json" "$tmp/stop"
  # Runs until the run is done (the state file appears), then $frames-ish more seconds of frames.
  ( for i in $(seq 1 600); do [ -f "$tmp/state.json" ] && break; sleep 1; done
    sleep "$secs"; touch "$tmp/stop" ) &
  xvfb-run -a -s "-screen 0 1280x800x24" "$app" --scenario "$tmp/$sc.json" --size 1280x800 \
    --state-out "$tmp/state.json" --until "$tmp/stop" | grep -E "status|frame build"
  wait
done
