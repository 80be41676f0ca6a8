// Development server for the playground: static files with the cross-origin isolation headers
// (COOP/COEP) that pthreads in the browser need. No dependencies beyond node.
//   node scripts/serve.mjs [dir] [port]     (defaults: build/web/site 8080; binds 127.0.0.1)
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const root = resolve(process.argv[2] || "build/web/site");
const port = Number(process.argv[3] || process.env.PORT || 8080);
const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8", ".wasm": "application/wasm",
  ".json": "application/json", ".png": "image/png", ".css": "text/css", ".ico": "image/x-icon",
};

const server = createServer(async (req, res) => {
  const headers = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-cache",
  };
  try {
    const url = new URL(req.url, "http://localhost");
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) throw Object.assign(new Error("forbidden"), { code: "EACCES" });
    if ((await stat(path)).isDirectory()) path = join(path, "index.html");
    const body = await readFile(path);
    res.writeHead(200, { ...headers, "Content-Type": types[extname(path)] || "application/octet-stream" });
    res.end(body);
  } catch (e) {
    res.writeHead(e.code === "EACCES" ? 403 : 404, headers);
    res.end(e.code === "EACCES" ? "forbidden" : "not found");
  }
});
server.listen(port, "127.0.0.1", () => {
  console.log(`LoadLab playground: http://127.0.0.1:${port}/  (serving ${root})`);
});
