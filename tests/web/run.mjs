// Every browser suite in one Chromium and one server: starting a browser per suite cost more than
// many of the suites themselves. Each suite (tests/web/e2e*.mjs) still runs alone as
// `node tests/web/<suite>.mjs <site> <shots> [<native CLI>]`; here they are imported one after the
// other and share the runner's browser through harness.mjs. Each suite gets its own browser
// contexts (fresh storage), which are closed after it, so no suite sees another's autosave.
//   node tests/web/run.mjs <site dir> <screenshot dir> [<native loadlab CLI>] [--only=forms,kinds2]
// (or LOADLAB_BROWSER_ONLY=forms,kinds2)
// Prints a line per suite (checks, seconds) and, last, "N passed, N failed" over all checks.
import { launch } from "./harness.mjs";

// Fast, broad suites first, so a broken page shows up within seconds.
const all = ["e2e", "e2e_offline", "e2e_kinds1", "e2e_kinds2", "e2e_help", "e2e_forms", "e2e_links", "e2e_input", "e2e_layout", "e2e_render",
             "e2e_partition", "e2e_autosave", "e2e_determinism", "e2e_adversary", "e2e_real_data", "e2e_node_sim"];
const onlyArg = process.argv.find((a) => a.startsWith("--only="));
const onlyList = onlyArg ? onlyArg.slice("--only=".length) : process.env.LOADLAB_BROWSER_ONLY;
const only = onlyList ? onlyList.split(",").map((s) => s.startsWith("e2e") ? s : "e2e_" + s) : null;
const suites = only ? only.map((s) => (s === "e2e_e2e" ? "e2e" : s)) : all;
for (const s of suites) {
  if (!all.includes(s)) { console.error(`run.mjs: no suite ${s} (have: ${all.join(", ")})`); process.exit(2); }
}
// A hung suite must not take the others with it.
const suiteTimeoutMs = Number(process.env.LOADLAB_BROWSER_SUITE_TIMEOUT || 600) * 1000;

const { site, shots, base, browser, server } = await launch();
let current = null;
globalThis.__loadlabRunner = {
  attach(t) {
    current = t;
    return {
      site, shots, base, browser, check: t.check,
      finish: async () => { t.finished = true; },
      close: async () => {},
    };
  },
};

const rows = [];
let passed = 0, failed = 0;
for (const name of suites) {
  console.log(`--- ${name}`);
  current = null;
  const t0 = Date.now();
  let error = null;
  let timer;
  try {
    await Promise.race([
      import(`./${name}.mjs`),
      new Promise((_, no) => { timer = setTimeout(() => no(new Error(`timed out after ${suiteTimeoutMs / 1000} s`)), suiteTimeoutMs); }),
    ]);
  } catch (e) {
    error = e;
  } finally {
    clearTimeout(timer);
  }
  const seconds = (Date.now() - t0) / 1000;
  const t = current || { passed: 0, failed: 0 };
  if (error || !t.finished) {
    t.failed++;
    console.log(`  FAIL ${name} stopped early: ${error && error.stack ? error.stack : error || "finish() was never called"}`);
  }
  passed += t.passed;
  failed += t.failed;
  rows.push({ name, passed: t.passed, failed: t.failed, seconds });
  for (const c of browser.contexts()) await c.close().catch(() => {});
  // A timed-out suite may still be running: stop here rather than let it race the next one.
  if (error && /timed out/.test(String(error))) break;
}

await browser.close();
server.kill();
console.log("\nbrowser suites (one Chromium, SwiftShader):");
for (const r of rows) {
  console.log(`  ${r.failed ? "FAIL" : "ok  "} ${r.name.padEnd(16)} ${String(r.passed).padStart(4)} checks ${r.seconds.toFixed(1).padStart(7)} s`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && rows.length === suites.length ? 0 : 1);
