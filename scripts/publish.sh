#!/usr/bin/env bash
# Writes the playground as a folder that any static host serves as is.
# Usage: scripts/publish.sh DIR [--site build/web/site] [--no-compress]
#   DIR gets: index.html, content-hashed loadlab_web.<hash>.{js,wasm,worker.js} and loadlab.<hash>.js,
#   the service worker (coi-serviceworker.js: offline use, updates, and COOP/COEP for hosts that
#   cannot send headers, e.g. GitHub Pages), precache.js (the build's version = a hash of its files),
#   manifest.webmanifest and icons, docs/, _headers (COOP/COEP for Netlify / Cloudflare Pages),
#   .nojekyll, and precompressed .gz (and .br when Debian's brotli is installed) beside every text
#   and wasm file, for hosts that serve them. Prints what a first visit downloads, compressed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="" site="$root/build/web/site" compress=1
while [ $# -gt 0 ]; do
  case "$1" in
    --site) site="$2"; shift 2 ;;
    --site=*) site="${1#--site=}"; shift ;;
    --no-compress) compress=0; shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "publish: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) if [ -n "$out" ]; then echo "publish: one output folder only" >&2; exit 2; fi; out="$1"; shift ;;
  esac
done
[ -n "$out" ] || { echo "usage: scripts/publish.sh DIR [--site SITE] [--no-compress]" >&2; exit 2; }
[ -d "$site" ] || { echo "publish: no site at $site: build it (cmake --build build/web --target loadlab_web)" >&2; exit 2; }
case "$(cd "$(dirname "$out")" 2>/dev/null && pwd)/$(basename "$out")" in
  "$root"|"$root/"|"/") echo "publish: refusing to overwrite $out" >&2; exit 2 ;;
esac

node "$root/scripts/lib/publish_site.mjs" "$site" "$out"

if [ $compress = 1 ]; then
  have_br=0
  command -v brotli >/dev/null && have_br=1
  [ $have_br = 1 ] || echo "publish: brotli not installed (apt-get install brotli): writing .gz only"
  while IFS= read -r -d '' f; do
    gzip -9 -n -k -f "$f"
    if [ $have_br = 1 ]; then brotli -q 11 -k -f "$f"; fi
  done < <(find "$out" -type f \( -name '*.html' -o -name '*.js' -o -name '*.wasm' -o -name '*.md' \
              -o -name '*.json' -o -name '*.webmanifest' -o -name '*.svg' \) -print0)
fi

# What a first visit downloads: the page, its scripts, the wasm, the manifest and icon, and what
# the service worker precaches (the same files plus the docs' text). Compressed sizes are what a
# host that serves the precompressed files (or compresses on the fly) sends.
node - "$out" "$compress" <<'NODE'
const { readFileSync, statSync, existsSync } = require("node:fs");
const { join } = require("node:path");
const { gzipSync, brotliCompressSync, constants } = require("node:zlib");
const out = process.argv[2];
const measure = process.argv[3] === "1";  // compressing the wasm at brotli's best takes seconds
global.self = {};
eval(readFileSync(join(out, "precache.js"), "utf8"));
const files = self.LOADLAB_PRECACHE.core.filter((f) => f !== "./");
let raw = 0, gz = 0, br = 0;
for (const f of files) {
  const p = join(out, f);
  const buf = readFileSync(p);
  raw += buf.length;
  if (!measure) continue;
  const compressible = !/\.png$/.test(f);
  gz += compressible ? (existsSync(p + ".gz") ? statSync(p + ".gz").size : gzipSync(buf, { level: 9 }).length) : buf.length;
  br += compressible ? (existsSync(p + ".br") ? statSync(p + ".br").size
        : brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length) : buf.length;
}
const mb = (n) => (n / 1e6).toFixed(2) + " MB";
if (!measure) {
  console.log(`publish: ${out}: version ${self.LOADLAB_PRECACHE.version}; first visit ${files.length} files: ${mb(raw)} raw`);
  process.exit(0);
}
console.log(`publish: ${out}: version ${self.LOADLAB_PRECACHE.version}; first visit ${files.length} files: ` +
            `${mb(raw)} raw, ${mb(gz)} gzip, ${mb(br)} brotli`);
NODE
