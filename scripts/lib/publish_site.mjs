// The deployable copy of the playground (called by scripts/publish.sh; see there).
//   node scripts/lib/publish_site.mjs <built site> <out dir>
// Renames the cacheable assets to content-hashed names (so any host may cache them forever),
// rewrites the references to them, and writes precache.js (the build's version and the files the
// service worker precaches), _headers (COOP/COEP and caching for Netlify / Cloudflare Pages) and
// .nojekyll (GitHub Pages serves the folder as is). Prints a JSON summary.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

const [site, out] = process.argv.slice(2);
const need = ["index.html", "loadlab.js", "loadlab_web.js", "loadlab_web.wasm", "loadlab_web.worker.js",
              "coi-serviceworker.js", "manifest.webmanifest"];
for (const f of need) {
  if (!existsSync(join(site, f))) {
    console.error(`publish: ${join(site, f)} is missing: build the web site first (cmake --build build/web --target loadlab_web)`);
    process.exit(2);
  }
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// Everything but test leftovers and compressed files from an earlier run.
cpSync(site, out, { recursive: true, filter: (p) => !/\.(mjs|gz|br)$/.test(p) && !p.endsWith(sep + "precache.js") });

const hash = (buf) => createHash("sha256").update(buf).digest("hex");
const read = (f) => readFileSync(join(out, f));
const write = (f, s) => writeFileSync(join(out, f), s);
const replaceAll = (text, from, to) => text.split(from).join(to);

// Renames `file` to name.<hash>.ext after the references inside it were rewritten.
function hashed(file) {
  const h = hash(read(file)).slice(0, 10);
  const dot = file.indexOf(".");
  const name = file.slice(0, dot) + "." + h + file.slice(dot);
  renameSync(join(out, file), join(out, name));
  return name;
}
// The order follows the references: the wasm and the worker are named inside loadlab_web.js,
// which index.html names with loadlab.js.
const wasm = hashed("loadlab_web.wasm");
const worker = hashed("loadlab_web.worker.js");
let js = read("loadlab_web.js").toString();
for (const [from, to] of [["\"loadlab_web.wasm\"", `"${wasm}"`], ["\"loadlab_web.worker.js\"", `"${worker}"`]]) {
  if (!js.includes(from)) { console.error(`publish: loadlab_web.js no longer names ${from}; update scripts/lib/publish_site.mjs`); process.exit(3); }
  js = replaceAll(js, from, to);
}
write("loadlab_web.js", js);
const mainJs = hashed("loadlab_web.js");
const glue = hashed("loadlab.js");
let html = read("index.html").toString();
for (const [from, to] of [["src=\"loadlab_web.js\"", `src="${mainJs}"`], ["src=\"loadlab.js\"", `src="${glue}"`]]) {
  if (!html.includes(from)) { console.error(`publish: index.html no longer has ${from}`); process.exit(3); }
  html = replaceAll(html, from, to);
}
write("index.html", html);

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [relative(out, p).split(sep).join("/")];
  });
}
// The docs' screenshots are optional on a first visit: cached when first shown, not precached.
const files = walk(out).filter((f) => f !== ".nojekyll").sort();
const lazy = files.filter((f) => f.startsWith("docs/img/"));
const core = ["./", ...files.filter((f) => !lazy.includes(f) && !f.startsWith("_") && f !== "coi-serviceworker.js")];
const version = hash(Buffer.concat(files.map((f) => Buffer.concat([Buffer.from(f + "\0"), read(f)])))).slice(0, 16);
write("precache.js", "// Written by scripts/publish.sh: this build's version and what the service worker precaches.\n" +
  `self.LOADLAB_PRECACHE = ${JSON.stringify({ version, core: [...core, "precache.js", "coi-serviceworker.js"], lazy })};\n`);

// Hosts that read _headers (Netlify, Cloudflare Pages) isolate the page themselves; hashed names
// never change, the rest must be revalidated so a deploy is seen.
const isolation = "  Cross-Origin-Opener-Policy: same-origin\n  Cross-Origin-Embedder-Policy: require-corp\n  Cross-Origin-Resource-Policy: same-origin\n";
let headers = `/*\n${isolation}  Cache-Control: no-cache\n`;
for (const f of [wasm, worker, mainJs, glue]) headers += `/${f}\n  Cache-Control: public, max-age=31536000, immutable\n`;
headers += "/*.wasm\n  Content-Type: application/wasm\n/manifest.webmanifest\n  Content-Type: application/manifest+json\n";
write("_headers", headers);
write(".nojekyll", "");
console.log(JSON.stringify({ version, assets: { wasm, worker, js: mainJs, glue }, precached: core.length + 2, lazy: lazy.length }));
