// Browser benchmark of the balance optimum: opens a 256 x 256 mesh (65,536 nodes, multinomial loads
// of mean 100: the size and distribution of `loadlab bench --filter balance/optimal/mesh256`; the
// page draws its own loads from each scenario seed) with only the optimum checked, through
// window.loadlab.open, and prints the wall time until its verified result is in the page (the run
// happens on the page's worker), and how much of it the open took (parsing the scenario, on a
// worker too). It polls summary(), not state(): state() serialises the scenario and the previous
// run's results (65,536 nodes' loads and transfers) on the page's thread at every poll, work the
// page does not do for a user, on the cores the run shares. Not a test (speed goals are
// benchmarks): the README quotes it.
//   node tests/web/bench_optimal.mjs <site dir> <screenshot dir> [--poll-state]
import { startHarness } from "./harness.mjs";

const { base, browser, check, finish } = await startHarness({ detailLimit: 300 });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
await page.goto(base);
await page.waitForFunction(() => window.loadlab && window.loadlab.ready, null, { timeout: 120000 });
const pollState = process.argv.includes("--poll-state");  // the previous way, for comparison
const runs = [];
for (let i = 0; i < 3; i++) {
  const sc = { loadlab: 1, kind: "balance", name: `optimum ${i}`, seed: 12345 + i,
               topology: { type: "mesh", rows: 256, cols: 256 },
               loads: { generator: "multinomial", mean: 100 }, algorithms: ["optimal"] };
  const t0 = Date.now();
  const opened = await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(sc));
  const openSeconds = (Date.now() - t0) / 1000;
  await page.waitForFunction(([name, full]) => {
    const s = full ? window.loadlab.state() : window.loadlab.summary();
    const n = full ? s.scenario && s.scenario.name : s.name;
    return !s.busy && n === name && Array.isArray(s.results) && s.results.length === 1;
  }, [sc.name, pollState], { timeout: 300000, polling: 20 });
  const seconds = (Date.now() - t0) / 1000;
  const st = await page.evaluate(() => window.loadlab.state());
  const r = st.results[0];
  check(opened === true && r.algorithm === "optimal" && r.verified, `run ${i}: optimum verified`, r && r.algorithm);
  console.log(`256 x 256 mesh, optimum, seed ${sc.seed}: ${seconds.toFixed(2)} s, of which open ${openSeconds.toFixed(2)} s (task-hops ${r.metrics && r.metrics.task_hops})`);
  runs.push(seconds);
}
runs.sort((a, b) => a - b);
console.log(`best ${runs[0].toFixed(2)} s, median ${runs[1].toFixed(2)} s`);
await finish();
