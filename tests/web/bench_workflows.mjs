// Browser benchmark: time from importing a WfCommons workflow (File > Import of the JSON text) to
// its results (every default scheduler run and verified) and to the first frame of its task graph,
// for Montage-shaped workflows of 1,312 tasks (the size of the public Montage instance) and 10,000
// tasks (tests/web/workflow_gen.mjs), in headless Chromium. Not a test (speed goals are
// benchmarks): the README quotes it with the machine's load. Best of `--repeat=N` (default 2).
//   node tests/web/bench_workflows.mjs <site dir> <screenshot dir> [--repeat=2] [--shapes=montage,epigenomics]
import { startHarness, waitFrames } from "./harness.mjs";
import { workflowOfShape } from "./workflow_gen.mjs";

const arg = (name, dflt) => (process.argv.find((a) => a.startsWith(`--${name}=`)) || `=${dflt}`).split("=")[1];
const repeat = Number(arg("repeat", 2));
const shapes = arg("shapes", "montage").split(",");
const { base, browser, check, finish } = await startHarness({ detailLimit: 300 });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });

for (const shape of shapes) {
  for (const tasks of [1312, 10000]) {
    const text = JSON.stringify(workflowOfShape(shape, tasks, 1), null, 1);
    let best = null;
    for (let r = 0; r < repeat; r++) {
      await page.goto(base);
      await page.waitForFunction(() => window.loadlab && window.loadlab.ready, null, { timeout: 120000 });
      await page.evaluate(() => window.loadlab.welcome("dismiss"));
      const t0 = Date.now();
      await page.setInputFiles("#file-input", { name: `${shape}-${tasks}.json`, mimeType: "application/json", buffer: Buffer.from(text) });
      // The page restores the previous scenario on load: wait for this import's name.
      await page.waitForFunction((file) => { const s = window.loadlab.summary(); return !s.opening && s.name.startsWith(`Imported ${file}`); },
                                 `${shape}-${tasks}.json`, { timeout: 300000, polling: 20 });
      const opened = Date.now() - t0;
      await page.waitForFunction(() => { const s = window.loadlab.summary(); return !s.busy && s.results.length > 0; },
                                 null, { timeout: 600000, polling: 20 });
      const results = Date.now() - t0;
      await waitFrames(page, 1, 120000);
      const drawn = Date.now() - t0;
      const s = await page.evaluate(() => window.loadlab.summary());
      const ok = s.results.every((x) => x.verified);
      check(ok && s.tasks >= tasks * 0.98, `${shape} ${tasks}: ${s.results.length} schedules verified`, s.results);
      if (!best || results < best.results) best = { opened, results, drawn, algs: s.results.map((x) => x.algorithm).join(", "), n: s.tasks };
    }
    console.log(`${shape}, ${best.n} tasks (${(text.length / 1e6).toFixed(1)} MB): opened ${(best.opened / 1000).toFixed(2)} s, ` +
                `results (${best.algs}) ${(best.results / 1000).toFixed(2)} s, next frame ${(best.drawn / 1000).toFixed(2)} s after the import`);
  }
}
await finish();
