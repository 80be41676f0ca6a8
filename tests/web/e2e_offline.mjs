// The installable, offline web app: the site as scripts/publish.sh writes it, served by its own
// server which this suite stops. Loaded once, the page must reload with no server, stay
// cross-origin isolated (threads work), open a share link and a gallery example; a new deploy must
// show the "new version" banner and, once accepted, run the new build.
//   node tests/web/e2e_offline.mjs <site dir> <screenshot dir>
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { linkFor, repo, startHarness } from "./harness.mjs";

const { site, shots, browser, check, finish, close } = await startHarness({ detailLimit: 400 });
const work = mkdtempSync(join(tmpdir(), "loadlab-offline-"));
const pub = join(work, "pub");
let server = null;
let ok = false;

function publish(from) {
  const r = spawnSync("bash", [join(repo, "scripts/publish.sh"), pub, "--site", from, "--no-compress"], { encoding: "utf8" });
  if (r.status !== 0) throw new Error("publish.sh failed: " + r.stderr + r.stdout);
  const m = /version ([0-9a-f]+)/.exec(r.stdout);
  return m[1];
}
async function startServer(port) {
  const s = spawn(process.execPath, [join(repo, "scripts/serve.mjs"), pub, String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise((ok) => s.stdout.once("data", (d) => ok(String(d))));
  return { proc: s, port: Number(/:(\d+)\//.exec(line)[1]) };
}
async function stopServer() {
  const exited = new Promise((ok) => server.proc.once("exit", ok));
  server.proc.kill();
  await exited;
  server = null;
}
const refused = (port) => new Promise((ok) => {
  const req = request({ host: "127.0.0.1", port, path: "/" }, () => ok(false));
  req.on("error", () => ok(true));
  req.end();
});
const ready = (page) => page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 2,
                                              null, { timeout: 90000 });
const ourCaches = (page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("loadlab-")));

try {
  const v1 = publish(site);
  const precache = readFileSync(join(pub, "precache.js"), "utf8");
  check(precache.includes(`"version":"${v1}"`) && /loadlab_web\.[0-9a-f]{10}\.wasm/.test(precache),
        "publish.sh wrote precache.js with the build's version and the hashed wasm", precache.slice(0, 200));
  server = await startServer(0);
  const base = `http://127.0.0.1:${server.port}/`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(base);
  await ready(page);
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    return link ? (await fetch(link.href)).json() : null;
  });
  check(manifest && manifest.name && manifest.start_url && manifest.icons.some((i) => i.type === "image/svg+xml"),
        "index.html links a web app manifest with a name, start URL and SVG icon", manifest);
  await page.waitForFunction(async (v) => navigator.serviceWorker.controller !== null &&
                             (await caches.keys()).includes("loadlab-" + v), v1, { timeout: 90000, polling: 100 });
  const cached = await page.evaluate(async (v) => (await (await caches.open("loadlab-" + v)).keys()).map((r) => new URL(r.url).pathname), v1);
  const wasmName = /loadlab_web\.[0-9a-f]{10}\.wasm/.exec(precache)[0];
  check(["/index.html", "/" + wasmName, "/docs/playground.md", "/manifest.webmanifest"].every((p) => cached.includes(p)),
        `the worker precached the site into loadlab-${v1} (${cached.length} files)`, cached);

  // --- Offline -----------------------------------------------------------------------------------
  const port = server.port;
  await stopServer();
  check(await refused(port), "the server is down (connections refused)");
  await page.reload();
  await ready(page);
  const iso = await page.evaluate(() => ({ isolated: self.crossOriginIsolated, sab: typeof SharedArrayBuffer }));
  check(iso.isolated === true && iso.sab === "function", "offline: the page reloads from the cache, cross-origin isolated", iso);

  // A share link opened with no network (a new navigation: the query makes it one).
  const linked = { loadlab: 1, kind: "balance", name: "Offline link: CWA on a 3-cube", seed: 42,
                   topology: { type: "hypercube", dim: 3 }, loads: [10, 2, 7, 0, 4, 9, 1, 3], algorithms: ["cwa"] };
  await page.goto(linkFor(base + "?offline=1", linked));
  await ready(page);
  await page.waitForFunction(() => !window.loadlab.state().busy, null, { timeout: 90000 });
  let st = await page.evaluate(() => window.loadlab.state());
  check(st.scenario.name === linked.name && st.results.length === 1 && st.results[0].verified === true,
        "offline: a share link opens and its algorithm runs and verifies", { name: st.scenario.name, results: st.results });

  // A gallery example, then the shared-memory strategies on real threads (Web Workers).
  check(await page.evaluate(() => window.loadlab.openExample("dynamic_bnb_ring")), "offline: a gallery example opens");
  await page.waitForFunction(() => { const s = window.loadlab.state(); return !s.busy && s.kind === "dynamic"; }, null, { timeout: 90000 });
  const example = await page.evaluate(() => window.loadlab.scenario());
  const threadsView = { ...example, name: "offline threads", ui: { dynamic_view: "threads" } };
  check(await page.evaluate((j) => window.loadlab.open(j), JSON.stringify(threadsView)), "offline: the example opens on its Threads tab");
  check(await page.evaluate(() => window.loadlab.dynamicThreads("scenario", 2)), "offline: real threads start");
  await page.waitForFunction(() => { const d = window.loadlab.state().dynamic_threads; return d && !d.busy && (d.rows || d.error); },
                             null, { timeout: 120000 });
  st = await page.evaluate(() => window.loadlab.state());
  const d = st.dynamic_threads;
  check(d.error === "" && d.threads === 2 && d.rows.length > 0 && d.rows.every((r) => r.verified === true),
        "offline: 2 Web Worker threads ran the example's workload and verified", d);
  await page.screenshot({ path: join(shots, "offline_threads.png") });

  // --- A new deploy ------------------------------------------------------------------------------
  const site2 = join(work, "site2");
  cpSync(site, site2, { recursive: true });
  appendFileSync(join(site2, "loadlab.js"), "\n// a later build\n");
  const v2 = publish(site2);
  check(v2 !== v1, "a changed file gives the build a new version", [v1, v2]);
  server = await startServer(port);
  // A user learns about a deploy on the next visit: the browser checks the worker on navigation.
  // (Chromium takes about a minute here before it fetches the worker again; the same with
  // registration.update(), with the context set offline instead, and with the worker stopped.)
  await page.goto(base);
  await ready(page);
  await page.waitForSelector("#update-banner button", { timeout: 180000 });
  check(/new version/i.test(await page.textContent("#update-banner")), "the page says a new version is available");
  await page.screenshot({ path: join(shots, "offline_update_banner.png") });
  await Promise.all([page.waitForEvent("load", { timeout: 90000 }), page.click("#update-banner button")]);
  await ready(page);
  const after = await page.evaluate(() => [...document.scripts].map((s) => s.getAttribute("src")).filter(Boolean));
  const glue2 = /loadlab\.[0-9a-f]{10}\.js/.exec(readFileSync(join(pub, "index.html"), "utf8"))[0];
  check(after.includes(glue2), "after Reload the page runs the new build", after);
  // The new worker deletes the old cache while it activates, before it takes the page over.
  const names = await ourCaches(page);
  check(names.length === 1 && names[0] === "loadlab-" + v2, "the old build's cache is deleted", names);
  check(pageErrors.length === 0, "no page errors", pageErrors);
  await context.close();
  ok = true;
} finally {
  if (server) await stopServer();
  rmSync(work, { recursive: true, force: true });
  if (!ok) await close();
}
await finish();
