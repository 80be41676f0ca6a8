#!/usr/bin/env bash
# Big networks must not draw as garbage triangles (16-bit draw indices wrap
# past 65,535 vertices). Renders a 12-cube and a 14-cube under xvfb, reads the network view's
# mapping from --state-out, and checks that the bands around the network's bounding box (inside
# the view's margin) hold only background pixels. Also prints the frame build times.
#   desktop_render.sh <loadlab_app> <screenshot dir>
set -eu
app=$1
outdir=$2
mkdir -p "$outdir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LIBGL_ALWAYS_SOFTWARE=1
for d in 12 14; do
  cat > "$tmp/cube$d.json" <<JSON
{"loadlab": 1, "kind": "balance", "name": "render test: $d-cube", "seed": 5,
 "topology": {"type": "hypercube", "dim": $d}, "loads": {"generator": "uniform", "mean": 8},
 "algorithms": ["cwa"]}
JSON
  rm -f "$outdir/desktop_render_cube$d.png"
  xvfb-run -a -s "-screen 0 1280x800x24" "$app" --scenario "$tmp/cube$d.json" --frames 20 \
    --screenshot "$outdir/desktop_render_cube$d.png" --size 1280x800 --state-out "$tmp/state$d.json"
  python3 - "$outdir/desktop_render_cube$d.png" "$tmp/state$d.json" "$d" <<'PY'
import json, struct, sys, zlib
png, state, d = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3]
data = open(png, "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h, depth, ctype = struct.unpack(">IIBB", data[16:26])
bpp = {6: 4, 2: 3}[ctype]
pos, idat = 8, b""
while pos < len(data):
    n = struct.unpack(">I", data[pos:pos + 4])[0]
    if data[pos + 4:pos + 8] == b"IDAT":
        idat += data[pos + 8:pos + 8 + n]
    pos += 12 + n
raw = zlib.decompress(idat)
stride = w * bpp
rows, prev = [], bytearray(stride)
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride if f else 0):  # our PNG writer uses filter 0 only
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line); prev = line
px = lambda x, y: tuple(rows[y][x * bpp:x * bpp + 3])
assert state["nodes"] == 2 ** int(d), state["nodes"]
cx, cy = state["view_centre"]; s = state["view_base_scale"] * state["view_zoom"]; px_, py_ = state["view_pan"]
# Layout [0,1]^2 -> pixels (the view's mapping); the view keeps a margin of ~40 px around it.
x0, x1 = cx + (-0.5 + px_) * s, cx + (0.5 + px_) * s
y0, y1 = cy + (-0.5 + py_) * s, cy + (0.5 + py_) * s
inner, outer = 12, 34
bands = [(x0 - outer, y0 - outer, x0 - inner, y1 + inner),   # left
         (x1 + inner, y0 - outer, x1 + outer, y1 + inner),   # right
         (x0 - inner, y0 - outer, x1 + inner, y0 - inner)]   # top (legend and notes sit at the bottom)
from collections import Counter
samples = []
for (a, b, c, e) in bands:
    for y in range(max(0, int(b)), min(h, int(e))):
        for x in range(max(0, int(a)), min(w, int(c))):
            samples.append(px(x, y))
assert len(samples) > 2000, f"bands too small: {len(samples)} pixels (state {state})"
bg, _ = Counter(samples).most_common(1)[0]
off = sum(1 for p in samples if max(abs(p[i] - bg[i]) for i in range(3)) > 24)
inside = Counter(px(x, y) for y in range(int(y0), int(y1), 7) for x in range(int(x0), int(x1), 7))
print(f"{d}-cube: bbox ({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f}), {len(samples)} band pixels, "
      f"{off} not background {bg}; {len(inside)} colours inside")
assert off <= len(samples) // 500, f"{off} non-background pixels outside the network (garbage triangles?)"
assert len(inside) > 3, "nothing drawn inside the network's box"
PY
done
