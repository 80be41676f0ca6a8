// Development server for the playground: static files with the cross-origin isolation headers
// (COOP/COEP) that pthreads in the browser need. No dependencies beyond node.
//   node scripts/serve.mjs [dir] [port]     (defaults: build/web/site 8080; binds 127.0.0.1,
//   LOADLAB_HOST=0.0.0.0 to expose it on purpose; port 0 picks a free one)
// Only files inside the root are served: ".." segments (raw or percent-encoded), encoded slashes
// and backslashes, NUL bytes and symlinks leading out of the root are refused with 403.
import { createServer } from "node:http";
import { readFile, realpath, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";

const root = resolve(process.argv[2] || "build/web/site");
const port = Number(process.argv[3] ?? process.env.PORT ?? 8080);
const host = process.env.LOADLAB_HOST || "127.0.0.1";
const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8", ".wasm": "application/wasm",
  ".json": "application/json", ".png": "image/png", ".css": "text/css", ".ico": "image/x-icon",
  ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json", ".md": "text/markdown; charset=utf-8",
};
const forbidden = () => Object.assign(new Error("forbidden"), { code: "EACCES" });
const inside = (dir, p) => p === dir || p.startsWith(dir.endsWith(sep) ? dir : dir + sep);

// The request path as root-relative segments, or a 403 for anything that tries to leave the root.
function segments(rawUrl) {
  const rawPath = rawUrl.split(/[?#]/, 1)[0];
  if (!rawPath.startsWith("/")) throw forbidden();
  const out = [];
  for (const raw of rawPath.split("/")) {
    // Encoded separators would let one segment name a path elsewhere: refuse, don't decode.
    if (/%(2f|5c|00)/i.test(raw) || raw.includes("\\")) throw forbidden();
    let seg;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      throw forbidden();
    }
    if (seg === ".." || seg === "." || seg.includes("\0") || seg.includes("/")) throw forbidden();
    if (seg !== "") out.push(seg);
  }
  return out;
}

const server = createServer(async (req, res) => {
  const headers = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-cache",
  };
  try {
    let path = join(root, ...segments(req.url || "/"));
    if (!inside(root, path)) throw forbidden();
    if ((await stat(path)).isDirectory()) path = join(path, "index.html");
    // Symlinks may point anywhere: what is served must really live under the (real) root.
    const real = await realpath(path);
    if (!inside(await realpath(root), real)) throw forbidden();
    const body = await readFile(real);
    res.writeHead(200, { ...headers, "Content-Type": types[extname(path)] || "application/octet-stream" });
    res.end(body);
  } catch (e) {
    res.writeHead(e.code === "EACCES" ? 403 : 404, headers);
    res.end(e.code === "EACCES" ? "forbidden" : "not found");
  }
});
server.listen(port, host, () => {
  const a = server.address();
  console.log(`LoadLab playground: http://${a.address}:${a.port}/  (serving ${root})`);
});
