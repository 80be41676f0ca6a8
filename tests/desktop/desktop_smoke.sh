#!/usr/bin/env bash
# Renders the cube example for a few frames under xvfb and checks a real PNG came out.
set -eu
app=$1
scenario=$2
outdir=$3
mkdir -p "$outdir"
rm -f "$outdir/desktop.png"
export LIBGL_ALWAYS_SOFTWARE=1
xvfb-run -a -s "-screen 0 1280x800x24" "$app" --scenario "$scenario" --frames 30 \
  --screenshot "$outdir/desktop.png" --size 1280x800
python3 - "$outdir/desktop.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", data[16:24])
assert (w, h) == (1280, 800), (w, h)
# Decode IDAT and check the frame is not a single flat colour (something was drawn).
pos, idat = 8, b""
while pos < len(data):
    n = struct.unpack(">I", data[pos:pos + 4])[0]
    if data[pos + 4:pos + 8] == b"IDAT":
        idat += data[pos + 8:pos + 8 + n]
    pos += 12 + n
raw = zlib.decompress(idat)
colours = {raw[i:i + 3] for i in range(1, len(raw), 4 * 97)}
assert len(colours) > 10, f"only {len(colours)} colours: blank frame?"
print(f"desktop smoke: {w}x{h} PNG with {len(colours)}+ distinct colours")
PY
