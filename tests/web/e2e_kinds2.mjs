// Browser test of the partition and os kinds' playground:
//   node tests/web/e2e_kinds2.mjs <site dir> <screenshot dir>
// Opens the gallery presets through window.loadlab.open(json), asserts their results in state()
// are verified (with values known independently of our code: 1 x P strips of a 32 x 32 grid into
// 8 parts cut 7 * 32 edges; a 5-process job alone in a 10-processor coscheduling row leaves half
// the row idle), and that the view draws: the screenshot's pixels are read back in the page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repo, startHarness, waitFrames } from "./harness.mjs";

const example = (name) => JSON.parse(readFileSync(join(repo, "examples", name + ".json"), "utf8"));
// The presets (src/io/presets.cpp, `loadlab preset NAME`) that have no file in examples/.
const presets = {
  partition_grid: { loadlab: 1, kind: "partition", name: "Houstis et al. (1996), Table 1 on a grid", seed: 1,
    mesh: { generator: "grid", rows: 32, cols: 32 }, parts: 8, topology: { type: "hypercube", dim: 3 },
    algorithms: ["strips_1xp", "strips_pxq", "orb_m", "orb_i", "orb_e", "orb_kl", "ggp", "orb_sa", "sa", "cm"],
    params: { sa: { sweeps: 20 }, orb_sa: { sweeps: 20 } } },
  partition_holes_hot: { loadlab: 1, kind: "partition", name: "Holes, hot region, 16 parts", seed: 2,
    mesh: { generator: "with_holes", rows: 40, cols: 40, holes: 4, weights: "hot_region" },
    parts: 16, topology: { type: "torus", rows: 4, cols: 4 }, algorithms: ["strips_pxq", "orb_i", "orb_kl", "ggp", "cm"] },
  os_mixed: example("os_mixed"),
  os_coscheduling_fragmentation: { loadlab: 1, kind: "os", name: "Coscheduling fragmentation (Houstis et al. 1996, Section 4.2)", processors: 10,
    jobs: [{ arrival: 0, work: 100, threads: 10 }, { arrival: 0, work: 100, threads: 5 }],
    algorithms: ["coscheduling", "central_queue", "process_control"], params: { coscheduling: { quantum: 1 } } },
};

const { shots, browser, base, check, finish, close } = await startHarness({ detailLimit: 400 });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 0, null, { timeout: 60000 });
  await page.evaluate(() => window.loadlab.welcome && window.loadlab.welcome("dismiss"));

  async function openPreset(name) {
    const sc = presets[name];
    const opened = await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(sc));
    check(opened === true, `${name}: opened`);
    await page.waitForFunction((n) => {
      const s = window.loadlab.state();
      return Array.isArray(s.results) && s.results.length === n;
    }, sc.algorithms.length, { timeout: 30000 });
    await waitFrames(page, 4);
    const st = await page.evaluate(() => window.loadlab.state());
    check(st.kind === sc.kind, `${name}: kind ${sc.kind}`, st.kind);
    check(st.results.every((r) => r.verified === true), `${name}: every result verified`,
      st.results.filter((r) => !r.verified).map((r) => r.algorithm));
    check(!st.status_is_error, `${name}: no error in the status line`, st.status);
    const png = join(shots, `browser_${name}.png`);
    const buf = await page.screenshot({ path: png });
    return { st, by: Object.fromEntries(st.results.map((r) => [r.algorithm, r])), png: buf.toString("base64") };
  }

  // Pixel statistics of the main view (right of the scenario panel, above the results table),
  // computed in the page from the screenshot.
  const pixels = (b64) => page.evaluate(async (data) => {
    const img = new Image();
    img.src = "data:image/png;base64," + data;
    await img.decode();
    const cv = document.createElement("canvas");
    cv.width = img.width; cv.height = img.height;
    const ctx = cv.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const x0 = Math.floor(img.width * 0.35), y0 = Math.floor(img.height * 0.1);
    const d = ctx.getImageData(x0, y0, img.width - x0, Math.floor(img.height * 0.55)).data;
    let red = 0, coloured = 0;
    const hues = new Set();
    for (let i = 0; i < d.length; i += 4) {
      const r = d[i], g = d[i + 1], b = d[i + 2];
      if (r > 225 && g < 80 && b < 80) red++;
      const mx = Math.max(r, g, b), mn = Math.min(r, g, b);
      if (mx > 120 && mx - mn > 60) hues.add(((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5)), coloured++;
    }
    return { red, colours: hues.size, coloured };
  }, b64);

  // Partition: 1 x P strips of a 32 x 32 grid into 8 parts cut 7 boundaries of 32 edges.
  let o = await openPreset("partition_grid");
  check(o.by.strips_1xp && o.by.strips_1xp.edge_cut === 7 * 32, "partition_grid: strips_1xp cuts 224 edges",
    o.by.strips_1xp && o.by.strips_1xp.edge_cut);
  check(Object.values(o.by).every((r) => r.part && r.part.length === 1024), "partition_grid: a part per vertex");
  let px = await pixels(o.png);
  check(px.red > 300, "partition_grid: cut edges drawn in red", px);
  check(px.colours >= 6, "partition_grid: the parts drawn in distinct colours", px);

  o = await openPreset("partition_holes_hot");
  px = await pixels(o.png);
  check(px.red > 300 && px.colours >= 8, "partition_holes_hot: mesh drawn by part with cut edges", px);

  // OS: every policy verified; the mixed stream's chart is drawn in job colours.
  o = await openPreset("os_mixed");
  check(Object.keys(o.by).length === 8, "os_mixed: eight policies", Object.keys(o.by));
  px = await pixels(o.png);
  check(px.colours >= 10, "os_mixed: processor x time chart drawn in job colours", px);

  // Response time vs arrival rate (the "load" tab, docs/scenario-os.md): the sweep runs on a worker
  // after the results arrive; once drawn, the eight policies' lines and legend are coloured (the
  // "Sweeping..." text and the axes are grey).
  presets.os_mixed_load = { ...presets.os_mixed, ui: { os_view: "load" } };
  o = await openPreset("os_mixed_load");
  let loadPx = null;
  for (let i = 0; i < 60; ++i) {
    const b = (await page.screenshot({ path: join(shots, "browser_os_mixed_load.png") })).toString("base64");
    loadPx = await pixels(b);
    if (loadPx.colours >= 8) break;
    await waitFrames(page, 4);
  }
  check(loadPx.colours >= 8, "os_mixed: response time vs arrival rate drawn, a line per policy", loadPx);
  // Lines, not the filled processor x time chart: far fewer coloured pixels than that tab.
  check(loadPx.coloured * 3 < px.coloured, "os_mixed: the load tab is shown (lines, not the chart)",
    { load: loadPx.coloured, chart: px.coloured });

  // Coscheduling (002 §4.2): while the 5-process job's row runs, 5 of 10 processors idle; after the
  // 10-process job leaves it runs alone on half the machine: at least a quarter of the time is lost.
  // On the chart tab: the os view keeps the tab it showed (the load tab, just above) across opens.
  presets.os_coscheduling_fragmentation.ui = { os_view: "chart" };
  o = await openPreset("os_coscheduling_fragmentation");
  check(o.by.coscheduling && o.by.coscheduling.fragmentation >= 0.25, "coscheduling fragments the machine",
    o.by.coscheduling && o.by.coscheduling.fragmentation);
  px = await pixels(o.png);
  check(px.colours >= 2, "os_coscheduling_fragmentation: chart drawn", px);
  check(errors.length === 0, "no page errors", errors);
} catch (e) {
  console.error(e);
  await close();
  throw e;
}
await finish();
