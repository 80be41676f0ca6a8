// Screenshots of the network drawings and a paper lesson for docs/playground.md: hypercubes as
// nested cubes with a colour per dimension (3-, 4- and 6-cube), an 8-cube as the load heatmap with
// its per-dimension flow bars, a tree, and Wu's Example 3 as a lesson step.
//   node scripts/network_screenshots.mjs build/web/site docs/img
// Then scripts/shrink_png.py docs/img/*.png keeps each under 150 KB.
import { join } from "node:path";
import { startHarness } from "../tests/web/harness.mjs";

const { shots, base, browser, check, finish, close } = await startHarness();
let ok = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(base);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 3, null, { timeout: 60000 });
  await page.evaluate(() => window.loadlab.welcome("dismiss"));
  const cube = (dim, mean, seed, select, step) => JSON.stringify({
    loadlab: 1, kind: "balance", name: `A random ${dim}-cube`, seed,
    topology: { type: "hypercube", dim }, loads: { generator: "multinomial", mean },
    algorithms: ["dem", "cwa"], ui: { select, step } });
  const shot = async (doc, file, n, step) => {
    await page.evaluate((t) => window.loadlab.open(t), doc);
    await page.waitForFunction(([k, s]) => {
      const st = window.loadlab.state();
      return Array.isArray(st.results) && st.results.length === k && /^Ran/.test(st.status) && st.step === s;
    }, [n, step], { timeout: 120000 });
    const f0 = await page.evaluate(() => window.loadlab.state().frames);
    await page.waitForFunction((f) => window.loadlab.state().frames >= f + 4, f0, { timeout: 10000 });
    await page.screenshot({ path: join(shots, file) });
    check(true, "took " + file);
  };
  const ex3 = { loadlab: 1, kind: "balance", name: "Wu, Example 3: CWA and DEM on a 3-cube", seed: 42,
                topology: { type: "hypercube", dim: 3 }, loads: [19, 11, 2, 9, 0, 9, 10, 4],
                algorithms: ["cwa", "dem", "optimal"], ui: { select: "dem", step: 1 } };
  await shot(JSON.stringify(ex3), "network_cube3.png", 3, 1);
  await shot(cube(4, 8, 3, "cwa", 0), "network_cube4.png", 2, 0);
  await shot(cube(6, 20, 7, "cwa", 1), "network_cube6.png", 2, 1);
  await shot(cube(8, 20, 5, "dem", 3), "network_cube8_heatmap.png", 2, 3);
  const ex1 = { loadlab: 1, kind: "balance", name: "Wu, Example 1: TWA on a 9-node tree", seed: 1,
                topology: { type: "tree", parents: [-1, 0, 1, 1, 0, 4, 0, 6, 6] },
                loads: [1, 4, 5, 11, 7, 2, 3, 3, 5], algorithms: ["twa", "optimal"], ui: { select: "twa", step: 1 } };
  await shot(JSON.stringify(ex1), "network_tree.png", 2, 1);
  // A lesson step: Wu's Example 3 (CWA), paper and playground side by side.
  await page.waitForFunction(() => window.loadlab.lesson("wu_examples", 3).ready, null, { timeout: 60000, polling: 50 });
  await page.screenshot({ path: join(shots, "lesson.png") });
  check(true, "took lesson.png");
  ok = true;
} finally {
  if (!ok) await close();
}
await finish();
