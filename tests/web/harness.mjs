// What the browser tests share: the site and screenshot folders from the command line, a COOP/COEP
// server (scripts/serve.mjs) on a random port, headless Chromium (playwright-core, SwiftShader
// WebGL), check() with a pass/fail tally, and share links made with node's own zlib.
//   const h = await startHarness(); ... h.check(cond, what, detail) ... await h.finish();
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateRawSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, "../..");
const require = createRequire(join(repo, "package.json"));
const { chromium } = require("playwright-core");

export const b64url = (buf) => buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
/// A share link for scenario `sc` under `base` (raw deflate + base64url in #s=, as web/loadlab.js).
export const linkFor = (base, sc) => base + "#s=" + b64url(deflateRawSync(Buffer.from(JSON.stringify(sc))));

/// Waits until the page has drawn `n` more frames (a view settles in a few frames; never a fixed
/// sleep, which is too short on a loaded machine and wasted time on an idle one).
export async function waitFrames(page, n = 3, timeout = 30000) {
  const f0 = await page.evaluate(() => window.loadlab.state().frames);
  await page.waitForFunction((t) => window.loadlab.state().frames >= t, f0 + n, { timeout, polling: 16 });
}

// LOADLAB_BROWSER_TIMES=1 prefixes every check with the seconds since its suite started, to find
// where a slow suite spends its time.
const showTimes = process.env.LOADLAB_BROWSER_TIMES === "1";
function tally(detailLimit) {
  const t = { passed: 0, failed: 0 };
  const t0 = Date.now();
  const at = () => (showTimes ? `[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ` : "");
  t.check = (cond, what, detail) => {
    if (cond) { t.passed++; console.log("  ok   " + at() + what); }
    else { t.failed++; console.log("  FAIL " + at() + what + (detail !== undefined ? ": " + JSON.stringify(detail).slice(0, detailLimit) : "")); }
  };
  return t;
}

/// Starts the server and the browser. `detailLimit` truncates failure details (characters).
/// Under tests/web/run.mjs every suite shares the runner's server and browser instead: finish()
/// then reports the suite's tally to the runner, and close() leaves the browser to the runner.
export async function startHarness({ detailLimit = Infinity } = {}) {
  if (globalThis.__loadlabRunner) return globalThis.__loadlabRunner.attach(tally(detailLimit));
  const { site, shots, base, browser, server } = await launch();
  const t = tally(detailLimit);

  /// Closes the browser and the server, prints the tally and exits (0 when nothing failed).
  async function finish() {
    await browser.close();
    server.kill();
    console.log(`${t.passed} passed, ${t.failed} failed`);
    process.exit(t.failed === 0 ? 0 : 1);
  }
  /// Closes everything without exiting (an exception is on its way).
  async function close() {
    await browser.close();
    server.kill();
  }
  return { site, shots, base, browser, check: t.check, finish, close };
}

/// The site and screenshot folders from the command line, the COOP/COEP server on a free port and
/// headless Chromium (SwiftShader WebGL).
export async function launch() {
  const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const site = resolve(args[0] || join(repo, "build/web/site"));
  const shots = resolve(args[1] || join(repo, "build/screenshots"));
  mkdirSync(shots, { recursive: true });

  const port = 18000 + Math.floor(Math.random() * 2000);
  const server = spawn(process.execPath, [join(repo, "scripts/serve.mjs"), site, String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((ok) => server.stdout.once("data", ok));
  const base = `http://127.0.0.1:${port}/`;

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--no-first-run", "--disable-gpu-sandbox"],
  });
  return { site, shots, base, browser, server };
}
