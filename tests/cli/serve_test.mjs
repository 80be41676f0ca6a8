// scripts/serve.mjs refuses to serve anything outside its root and binds to loopback.
// Usage: node serve_test.mjs <source dir>. Starts the server on a free loopback port (port 0) over
// a temporary root and sends raw request paths (node's client does not normalize them).
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

const src = process.argv[2];
const tmp = mkdtempSync(join(tmpdir(), "loadlab-serve-"));
const root = join(tmp, "site");
mkdirSync(join(root, "sub"), { recursive: true });
mkdirSync(join(tmp, "site2"));
writeFileSync(join(root, "index.html"), "INDEX");
writeFileSync(join(root, "sub", "a.json"), "{}");
writeFileSync(join(tmp, "secret.txt"), "SECRET");
writeFileSync(join(tmp, "site2", "secret.txt"), "SECRET");
symlinkSync(join(tmp, "secret.txt"), join(root, "link.txt"));
symlinkSync(tmp, join(root, "updir"));
symlinkSync(join(root, "sub", "a.json"), join(root, "inside.json"));

let fails = 0;
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) fails++;
};

const server = spawn(process.execPath, [join(src, "scripts", "serve.mjs"), root, "0"],
                     { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, LOADLAB_HOST: "" } });
const line = await new Promise((res, rej) => {
  let buf = "";
  server.stdout.on("data", (d) => {
    buf += d;
    if (buf.includes("\n")) res(buf);
  });
  server.on("exit", (c) => rej(new Error(`server exited with ${c}`)));
  setTimeout(() => rej(new Error("server did not start")), 10000);
});
const m = /http:\/\/([^:/]+):(\d+)\//.exec(line);
check(m && m[1] === "127.0.0.1", `binds to 127.0.0.1 by default (${line.trim()})`);
const port = Number(m[2]);

const get = (path) => new Promise((res, rej) => {
  const r = request({ host: "127.0.0.1", port, path, method: "GET" }, (resp) => {
    let body = "";
    resp.on("data", (d) => (body += d));
    resp.on("end", () => res({ status: resp.statusCode, body }));
  });
  r.on("error", rej);
  r.end();
});

try {
  const served = [["/", "INDEX"], ["/index.html", "INDEX"], ["/sub/a.json", "{}"], ["/inside.json", "{}"]];
  for (const [path, body] of served) {
    const r = await get(path);
    check(r.status === 200 && r.body === body, `serves ${path} (${r.status})`);
  }
  check((await get("/nope.html")).status === 404, "missing file is 404");
  const refused = [
    "/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
    "/.%2e/secret.txt", "/sub/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt", "/..%2Fsecret.txt",
    "/%2e%2e%2fsecret.txt", "/..%5csecret.txt", "/..\\secret.txt", "/../site2/secret.txt",
    "/link.txt", "/updir/secret.txt", "/index.html%00.json", "/%E0%A4%A", "..", "/./index.html",
  ];
  for (const path of refused) {
    const r = await get(path);
    check((r.status === 403 || r.status === 400) && !r.body.includes("SECRET"), `refuses ${JSON.stringify(path)} (${r.status})`);
  }
} finally {
  server.kill();
  rmSync(tmp, { recursive: true, force: true });
}
console.log(fails ? `${fails} failed` : "all passed");
process.exit(fails ? 1 : 0);
