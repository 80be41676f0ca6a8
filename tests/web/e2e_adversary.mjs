// Browser test of the dag view's Adversary tab:
//   node tests/web/e2e_adversary.mjs <site dir> <screenshot dir>
//  - a link with "ui": {"tab": "adversary", "adversary": {...}} opens the tab set up;
//  - a search (flb vs etf) runs on a Web Worker: the UI keeps drawing frames, the plotted history
//    grows while it runs, the best ratio is >= 1; the iterations per second are printed;
//  - heft vs the exact optimum on the 8-task graph: best ratio >= 1;
//  - the pairwise matrix of three schedulers: a heatmap with every off-diagonal ratio;
//  - "Open worst instance": the scenario becomes the instance with algorithms [A, B], both results
//    verified, their two Gantt charts side by side; the share link carries it.
import { join } from "node:path";
import { linkFor, startHarness, waitFrames } from "./harness.mjs";

const { shots, browser, base, check, finish, close } = await startHarness({ detailLimit: 400 });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const state = () => page.evaluate(() => window.loadlab.state());

  // The FLB paper's 8-task example on 2 processors (io/presets.cpp "flb_table1").
  const sc = {
    loadlab: 1, kind: "dag", name: "FLB Table 1 graph", processors: 2,
    graph: {
      tasks: [["t0", 2], ["t1", 2], ["t2", 2], ["t3", 3], ["t4", 3], ["t5", 3], ["t6", 2], ["t7", 2]]
        .map(([id, cost]) => ({ id, cost })),
      edges: [["t0", "t1", 1], ["t0", "t2", 4], ["t0", "t3", 1], ["t1", "t4", 2], ["t1", "t5", 1],
              ["t1", "t6", 2], ["t3", "t5", 1], ["t2", "t6", 1], ["t4", "t7", 1], ["t5", "t7", 3],
              ["t6", "t7", 2]].map(([from, to, cost]) => ({ from, to, cost })),
    },
    algorithms: ["flb", "etf"],
    // 30,000 iterations: long enough (about 2-5 s) that the polling below sees the search running.
    ui: { tab: "adversary", adversary: { a: "flb", b: "etf", iterations: 30000, seed: 3,
                                          pairwise: ["flb", "etf", "mcp"], pair_iterations: 150 } },
  };
  await page.goto(linkFor(base, sc));
  await page.waitForFunction(() => {
    if (!(window.loadlab && window.loadlab.ready)) return false;
    const s = window.loadlab.state();
    return s.kind === "dag" && Array.isArray(s.results) && s.results.length === 2 && !s.busy;
  }, null, { timeout: 90000 });
  await waitFrames(page, 4);
  let st = await state();
  check(st.adversary && st.adversary.settings.iterations === 30000 && st.adversary.settings.seed === 3,
        "the link's ui.adversary sets the tab up", st.adversary && st.adversary.settings);
  await page.screenshot({ path: join(shots, "browser_adversary_tab.png") });

  // 1. A search on a worker; poll while it runs.
  async function search(what, timeout = 240000) {
    const started = await page.evaluate(() => window.loadlab.adversary("start"));
    check(started === true, `${what}: started`);
    const seen = [];
    const t0 = Date.now();
    let s = await state();
    const frames0 = s.frames;
    while (Date.now() - t0 < timeout) {
      s = await state();
      if (s.adversary.running) seen.push({ it: s.adversary.iterations, hist: s.adversary.history, frames: s.frames });
      if (!s.adversary.running && s.adversary.done && s.adversary.started >= 1) break;
      await page.waitForTimeout(50);
    }
    const d = s.adversary.done;
    check(d && !d.error && d.iterations > 0, `${what}: finished`, d);
    return { d, seen, frames: s.frames - frames0, s };
  }
  let r = await search("flb vs etf");
  const growing = r.seen.filter((p) => p.hist > 0);
  check(growing.length >= 2 && growing[growing.length - 1].hist > growing[0].hist,
        "flb vs etf: the plotted history grows while the search runs", r.seen.slice(0, 8));
  check(r.seen.length >= 2 && r.seen[r.seen.length - 1].it > r.seen[0].it, "flb vs etf: progress reported while running");
  // Frames drawn while the search ran (on a worker): a blocked main thread draws none. Few are
  // needed, since a loaded machine renders swiftshader at a handful of frames per second.
  check(r.frames >= 2, "flb vs etf: the UI kept drawing frames during the search", r.frames);
  check(r.d.best_ratio >= 1, "flb vs etf: best ratio >= 1", r.d.best_ratio);
  check(r.d.iterations === 30000 && r.d.cancelled === false, "flb vs etf: every iteration ran", r.d);
  console.log(`  adversarial iterations per second (browser, flb vs etf, 8 tasks, P = 2): ${Math.round(r.d.iterations_per_second)}` +
              ` (${r.d.iterations} in ${r.d.seconds.toFixed(2)} s)`);
  await page.screenshot({ path: join(shots, "browser_adversary_search.png") });
  const worst = r.d;

  // 2. Against the exact optimum on the same small graph.
  await page.evaluate(() => window.loadlab.setField("/ui", { tab: "adversary",
    adversary: { a: "heft", b: "optimal", iterations: 300, seed: 2, pairwise: ["flb", "etf", "mcp"], pair_iterations: 150 } }));
  await page.waitForFunction(() => window.loadlab.state().adversary.settings.b === "optimal", null, { timeout: 30000 });
  r = await search("heft vs optimal");
  check(r.d.best_ratio >= 1, "heft vs optimal: best ratio >= 1 (the optimum is never beaten)", r.d.best_ratio);
  console.log(`  adversarial iterations per second (browser, heft vs optimal, 8 tasks): ${Math.round(r.d.iterations_per_second)}`);

  // 3. Cancel: a long search stops and keeps its best so far.
  await page.evaluate(() => window.loadlab.setField("/ui", { tab: "adversary",
    adversary: { a: "flb", b: "etf", iterations: 5000000, seed: 3, start: "random", tasks: 40, processors: 4,
                 pairwise: ["flb", "etf", "mcp"], pair_iterations: 150 } }));
  await page.waitForFunction(() => window.loadlab.state().adversary.settings.iterations === 5000000, null, { timeout: 30000 });
  check(await page.evaluate(() => window.loadlab.adversary("start")), "long search: started");
  await page.waitForFunction(() => window.loadlab.state().adversary.iterations > 2000, null, { timeout: 120000 });
  const t1 = Date.now();
  const it1 = (await state()).adversary.iterations;
  await page.waitForTimeout(3000);
  st = await state();
  const ips40 = (st.adversary.iterations - it1) / ((Date.now() - t1) / 1000);
  console.log(`  adversarial iterations per second (browser, flb vs etf, random 40 tasks, P = 4): ${Math.round(ips40)}`);
  await page.screenshot({ path: join(shots, "browser_adversary_running.png") });
  await page.evaluate(() => window.loadlab.adversary("cancel"));
  await page.waitForFunction(() => { const a = window.loadlab.state().adversary; return !a.running && a.done; }, null, { timeout: 60000 });
  st = await state();
  check(st.adversary.done.cancelled === true && st.adversary.done.iterations < 5000000 && st.adversary.done.best_ratio >= 1,
        "long search: cancelled with its best so far", st.adversary.done);

  // 4. The pairwise matrix as a heatmap (back to the 8-task start).
  await page.evaluate(() => window.loadlab.setField("/ui", { tab: "adversary",
    adversary: { a: "flb", b: "etf", iterations: 30000, seed: 3, pairwise: ["flb", "etf", "mcp"], pair_iterations: 150 } }));
  await page.waitForFunction(() => window.loadlab.state().adversary.settings.iterations === 30000, null, { timeout: 30000 });
  check(await page.evaluate(() => window.loadlab.adversary("pairwise")), "pairwise: started");
  await page.waitForFunction(() => { const p = window.loadlab.state().adversary.pairwise; return !p.running && p.ratio; }, null, { timeout: 240000 });
  st = await state();
  const m = st.adversary.pairwise;
  check(m.schedulers.length === 3 && m.ratio.every((row, i) => row.every((v, j) => i === j || v >= 1)),
        "pairwise: every ordered pair has a worst ratio >= 1", m);
  await waitFrames(page, 4);
  await page.screenshot({ path: join(shots, "browser_adversary_pairwise.png") });

  // 5. Open the flb-vs-etf worst instance: [A, B], verified, side by side, in the link.
  r = await search("flb vs etf again");
  check(r.d.best_ratio === worst.best_ratio, "the same seed finds the same worst ratio", [r.d.best_ratio, worst.best_ratio]);
  check(await page.evaluate(() => window.loadlab.adversary("open_worst")), "open worst: accepted");
  await page.waitForFunction(() => {
    const s = window.loadlab.state();
    return /^Adversary: flb \/ etf/.test(s.scenario.name || "") && Array.isArray(s.results) && s.results.length === 2 && !s.busy;
  }, null, { timeout: 60000 });
  await waitFrames(page, 4);
  st = await state();
  check(st.results.map((x) => x.algorithm).join(",") === "flb,etf" && st.results.every((x) => x.verified),
        "open worst: the instance runs flb and etf, both verified", st.results.map((x) => [x.algorithm, x.verified]));
  const ratio = st.results[0].makespan / st.results[1].makespan;
  check(Math.abs(ratio - worst.best_ratio) < 1e-9 * worst.best_ratio, "open worst: its makespans reproduce the ratio", [ratio, worst.best_ratio]);
  const link = await page.evaluate(() => window.loadlab.link());
  check(link.ui && link.ui.tab === "gantt" && link.ui.compare === true && link.ui.adversary && link.ui.adversary.a === "flb",
        "open worst: the share link carries the instance, the Gantt tab compared and the tab's settings", link.ui);
  const png = await page.screenshot({ path: join(shots, "browser_adversary_worst_gantt.png") });
  // Two charts side by side: task bars (saturated colours) in the left and the right half of the view.
  const halves = await page.evaluate(async (data) => {
    const img = new Image();
    img.src = "data:image/png;base64," + data;
    await img.decode();
    const cv = document.createElement("canvas");
    cv.width = img.width; cv.height = img.height;
    const ctx = cv.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const count = (x0, x1) => {
      const d = ctx.getImageData(x0, Math.floor(img.height * 0.12), x1 - x0, Math.floor(img.height * 0.45)).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) {
        const mx = Math.max(d[i], d[i + 1], d[i + 2]), mn = Math.min(d[i], d[i + 1], d[i + 2]);
        if (mx > 120 && mx - mn > 60) n++;
      }
      return n;
    };
    const x0 = Math.floor(img.width * 0.36), mid = Math.floor((x0 + img.width) / 2);
    return { left: count(x0, mid), right: count(mid, img.width) };
  }, png.toString("base64"));
  check(halves.left > 2000 && halves.right > 2000, "open worst: bars drawn in both halves (two Gantt charts side by side)", halves);
  check(errors.length === 0, "no page errors", errors);
} catch (e) {
  console.error(e);
  await close();
  throw e;
}
await finish();
