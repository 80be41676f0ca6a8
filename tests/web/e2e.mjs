// Browser end-to-end test of the WebAssembly playground.
//   node tests/web/e2e.mjs <site dir> <screenshot dir>
// Serves the site with COOP/COEP (scripts/serve.mjs), opens a share link made here with node's
// own zlib (an implementation independent of ours), and asserts through window.loadlab.state().
import { join } from "node:path";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { b64url, startHarness, waitFrames } from "./harness.mjs";

const { shots, base, browser, check, finish, close } = await startHarness();
let ok = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const consoleErrors = [];
  page.on("pageerror", (e) => consoleErrors.push(String(e)));

  // 1. Open a share link for Wu's 3-cube example.
  const cube = { loadlab: 1, kind: "balance", seed: 42, topology: { type: "hypercube", dim: 3 },
                 loads: [19, 11, 2, 9, 0, 9, 10, 4] };
  const link = base + "#s=" + b64url(deflateRawSync(Buffer.from(JSON.stringify(cube))));
  const t0 = Date.now();
  await page.goto(link);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 0, null, { timeout: 60000 });
  const firstFrameMs = Date.now() - t0;
  await page.waitForFunction(() => window.loadlab.state().worker_ran, null, { timeout: 60000 });
  let st = await page.evaluate(() => window.loadlab.state());
  check(st.kind === "balance", "the link's scenario kind is loaded", st.kind);
  check(JSON.stringify(st.scenario.loads) === JSON.stringify(cube.loads), "the link's loads are restored exactly", st.scenario.loads);
  check(st.scenario.topology.type === "hypercube" && st.scenario.topology.dim === 3, "the link's topology is restored", st.scenario.topology);
  check(st.nodes === 8, "the network view has 8 nodes", st.nodes);
  check(st.cross_origin_isolated === true, "the page is cross-origin isolated");
  check(st.worker_ran === true && st.worker_thread_differs === true, "a worker thread ran the scenario", st);
  check(!st.status_is_error, "no error in the status line", st.status);
  await waitFrames(page, 4);
  await page.screenshot({ path: join(shots, "browser.png") });

  // 2. Copy link: the page's own link decodes (with node's zlib) to the same scenario.
  const made = await page.evaluate(() => window.loadlab.copyLink());
  const frag = made.split("#s=")[1] || "";
  let decoded = null;
  try { decoded = JSON.parse(inflateRawSync(Buffer.from(frag, "base64url")).toString()); } catch (e) { decoded = String(e); }
  check(decoded && decoded.kind === "balance" && JSON.stringify(decoded.loads) === JSON.stringify(cube.loads),
        "the page's Copy link decodes to the same scenario", decoded);

  // 3. A bad link shows a clear message and leaves the app usable.
  await page.goto(base + "#s=not-a-valid-link");
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready, null, { timeout: 60000 });
  st = await page.evaluate(() => window.loadlab.state());
  check(st.status_is_error && /Bad link/.test(st.status), "a bad link is reported in the status line", st.status);
  check(st.kind === "balance" && st.nodes > 0, "after a bad link the default scenario is still usable", st.kind);
  // A link with absurd sizes is refused with the field named, not attempted.
  const huge = { loadlab: 1, kind: "balance", topology: { type: "hypercube", dim: 40 }, loads: { generator: "uniform", mean: 1 } };
  await page.goto(base + "#s=" + b64url(deflateRawSync(Buffer.from(JSON.stringify(huge)))));
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready, null, { timeout: 60000 });
  st = await page.evaluate(() => window.loadlab.state());
  check(st.status_is_error && st.status.includes("/topology/dim"), "a 2^40-node link is refused naming /topology/dim", st.status);
  const opened = await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(cube));
  check(opened === true, "the app still opens a good scenario afterwards");

  // 4. The other scenario kinds run in the browser's workers too, with the papers' numbers.
  async function openAndWait(scenario) {
    await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(scenario));
    await page.waitForFunction((n) => {
      const s = window.loadlab.state();
      return Array.isArray(s.results) && s.results.length === n;
    }, scenario.algorithms.length, { timeout: 60000 });
    return page.evaluate(() => window.loadlab.state());
  }
  const byName = (st) => Object.fromEntries(st.results.map((r) => [r.algorithm, r]));
  // FLB paper, Table 1 graph (ERRATA 001): FLB 14, ETF 14, MCP 13.
  const flbGraph = { tasks: [2, 2, 2, 3, 3, 3, 2, 2].map((c, i) => ({ id: "t" + i, cost: c })),
    edges: [[0, 1, 1], [0, 2, 4], [0, 3, 1], [1, 4, 2], [1, 5, 1], [1, 6, 2], [3, 5, 1], [2, 6, 1], [4, 7, 1], [5, 7, 3], [6, 7, 2]]
      .map(([a, b, c]) => ({ from: "t" + a, to: "t" + b, cost: c })) };
  st = await openAndWait({ loadlab: 1, kind: "dag", processors: 2, graph: flbGraph, algorithms: ["flb", "etf", "mcp"] });
  let r = byName(st);
  check(r.flb && r.flb.makespan === 14 && r.etf.makespan === 14 && r.mcp.makespan === 13,
        "dag in the browser: FLB 14, ETF 14, MCP 13 (ERRATA 001)", st.results.map((x) => [x.algorithm, x.makespan]));
  check(st.results.every((x) => x.verified), "dag results verified in the browser");
  // Divisible load, Example 1 (paper 004 with ERRATA): T* = 273.8.
  st = await openAndWait({ loadlab: 1, kind: "dlt", dim: 8, E: 3, C: 2, load: 1000, algorithms: ["closed_form"] });
  r = byName(st);
  check(r.closed_form && Math.abs(r.closed_form.finish_time - 273.8) < 0.05 && r.closed_form.verified,
        "dlt in the browser: Example 1 T* = 273.8", r.closed_form && r.closed_form.finish_time);
  // Loop scheduling: equal-cost iterations, static blocks: T_par = N/P exactly.
  st = await openAndWait({ loadlab: 1, kind: "loop", iterations: 1000, processors: 4, cost: { profile: "constant", value: 1 },
                           overhead: 0, algorithms: ["static_block", "gss"] });
  r = byName(st);
  check(r.static_block && r.static_block.parallel_time === 250 && r.gss.verified,
        "loop in the browser: static blocks of 1000 unit iterations on 4 threads take 250", r.static_block && r.static_block.parallel_time);
  // "Run on my machine": the loop body really runs on P = 4 threads in the page's Web Workers.
  await page.evaluate(() => window.loadlab.loopMeasure());
  await page.waitForFunction(() => {
    const m = window.loadlab.state().loop_measure;
    return m && !m.busy && Array.isArray(m.rows) && m.rows.length === 2;
  }, null, { timeout: 120000 });
  const lm = (await page.evaluate(() => window.loadlab.state())).loop_measure;
  check(!lm.error && lm.threads === 4 && lm.rows.every((x) => x.measured > 0 && x.predicted > 0 && x.chunks > 0),
        "loop in the browser: real threads measured every technique", lm);
  await page.screenshot({ path: join(shots, "browser_loop.png") });

  check(consoleErrors.length === 0, "no uncaught page errors", consoleErrors);
  console.log(`time to first frame: ${firstFrameMs} ms (headless Chromium, SwiftShader)`);
  ok = true;
} finally {
  if (!ok) await close();
}
await finish();
