// Browser frame-build benchmark (issue 11, defect 7): opens 2^20-node networks (1024 x 1024 mesh
// after MWA, 20-cube after CWA) and a 1,000,000-task Gantt chart in headless Chromium with
// software WebGL and prints the UI build time per frame from window.loadlab.frameStats() (ms of draw_frame + ImGui::Render on the main thread).
// Not a test (speed goals are benchmarks, RULES.md): the README's measurement table quotes it.
//   node tests/web/bench_frames.mjs <site dir> <screenshot dir>
import { join } from "node:path";
import { linkFor, startHarness } from "./harness.mjs";

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const { shots, base, browser, check, finish } = await startHarness({ detailLimit: 300 });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
const scenarios = [
  { name: "1024 x 1024 mesh, MWA", nodes: 1 << 20, file: "bench_mesh1024.png",
    sc: { loadlab: 1, kind: "balance", seed: 1, topology: { type: "mesh", rows: 1024, cols: 1024 },
          loads: { generator: "uniform", mean: 8 }, algorithms: ["mwa"] } },
  { name: "20-cube, CWA", nodes: 1 << 20, file: "bench_cube20.png",
    sc: { loadlab: 1, kind: "balance", seed: 1, topology: { type: "hypercube", dim: 20 },
          loads: { generator: "uniform", mean: 8 }, algorithms: ["cwa"] } },
  { name: "1,000,000-task Gantt chart, FLB on 32 processors", tasks: 1000000, file: "bench_gantt1m.png",
    sc: { loadlab: 1, kind: "dag", seed: 1, processors: 32,
          graph: { generator: "layered", n: 1000000, fat: 0.5, density: 0.004, regularity: 0.9, jump: 2,
                 ccr: 1.0, mean_comp: 10 },
          algorithms: ["flb"], ui: { tab: "gantt" } } },
];
for (const s of scenarios) {
  await page.goto(linkFor(base, s.sc));
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready, null, { timeout: 120000 });
  // Wait for the run without pulling the results through state() every time (they are large).
  const deadline = Date.now() + 600000;
  while (Date.now() < deadline) {
    const done = await page.evaluate(() => { const st = window.loadlab.state(); return !st.busy && Array.isArray(st.results) && st.results.length > 0; });
    if (done) break;
    await sleep(3000);
  }
  await page.evaluate(() => window.loadlab.frameStats());  // resets the maxima
  const ui = [];
  for (let i = 0; i < 40; i++) {
    await sleep(100);
    ui.push(await page.evaluate(() => window.loadlab.frameStats().ui));
  }
  ui.sort((a, b) => a - b);
  const med = ui[ui.length >> 1], p95 = ui[Math.floor(ui.length * 0.95)];
  console.log(`${s.name}: frame build median ${med.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${ui[ui.length - 1].toFixed(2)} ms`);
  await page.screenshot({ path: join(shots, s.file) });
  check(Number.isFinite(med), `${s.name}: frame stats reported`);
}
await finish();
