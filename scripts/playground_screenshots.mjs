// Screenshots for docs/playground.md: one per scenario kind, the welcome panel, the help window and
// the papers' experiments panel (the survey's OS claims) at 1280 x 800 and 1920 x 1080,
// taken in headless Chromium from a built site.
//   node scripts/playground_screenshots.mjs build/web/site docs/img
// Then scripts/shrink_png.py docs/img/*.png keeps each under 150 KB (palette PNG).
import { join } from "node:path";
import { startHarness } from "../tests/web/harness.mjs";

const { shots, base, browser, check, finish, close } = await startHarness();
let ok = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(base + "?welcome");
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 3, null, { timeout: 60000 });
  await page.waitForFunction(() => window.loadlab.state().worker_ran, null, { timeout: 60000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(shots, "welcome.png") });
  await page.evaluate(() => window.loadlab.welcome("dismiss"));

  const shot = async (preset, file, n) => {
    await page.evaluate((p) => window.loadlab.openExample(p), preset);
    await page.waitForFunction((k) => {
      const s = window.loadlab.state();
      return Array.isArray(s.results) && s.results.length === k && /^Ran/.test(s.status);
    }, n, { timeout: 120000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(shots, file) });
    check(true, "took " + file);
  };
  // The papers' experiments panel on the survey's OS claims (quick set), then closed.
  // `scroll`: wheel notches over the figures (the claims' bar charts come after the load sweeps).
  const experimentsShot = async (file, scroll = 0) => {
    await page.evaluate(() => window.loadlab.experiments("run", "os", "quick"));
    await page.waitForFunction(() => {
      const e = window.loadlab.state().experiments;
      return e && e.paper === "os" && !e.busy && e.claims > 0 && e.plots_drawn > 0;
    }, null, { timeout: 120000 });
    const vp = page.viewportSize();
    await page.mouse.move(vp.width / 2, vp.height / 2);
    for (let i = 0; i < scroll; ++i) {
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(50);
    }
    await page.mouse.move(vp.width / 2, 4);  // off the plots: no hover tooltip in the picture
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(shots, file) });
    await page.evaluate(() => window.loadlab.experiments("close"));
    check(true, "took " + file);
  };
  await shot("wu_example3", "playground_balance.png", 3);
  await experimentsShot("experiments_os.png", 6);
  await shot("flb_table1", "playground_dag.png", 4);
  await shot("loop_decreasing", "playground_loop.png", 9);
  await shot("dlt_example4", "playground_dlt.png", 4);
  await shot("dynamic_hotspot_mesh", "playground_dynamic.png", 7);
  await shot("partition_grid", "playground_partition.png", 10);
  await shot("os_mixed", "playground_os.png", 8);
  // The help window on the selected algorithm (F1) over Wu's Example 3.
  await shot("wu_example3", "playground_balance.png", 3);
  await page.mouse.move(640, 790);
  await page.keyboard.press("F1");
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(shots, "help.png") });
  // A big screen: the LU graph at 1920 x 1080 (a fresh page: no help window).
  await page.reload();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 3, null, { timeout: 60000 });
  await page.evaluate(() => window.loadlab.welcome("dismiss"));
  await shot("big_dag", "playground_dag_1920.png", 4);
  // Every kind again at 1920 x 1080 (the UI grows with the window) and on a 2x screen (the font
  // rasterised at the device pixel ratio; a 1280 x 800 window of 2560 x 1600 pixels).
  const kinds = [["wu_example3", "balance", 3], ["flb_table1", "dag", 4], ["loop_decreasing", "loop", 9],
                 ["dlt_example4", "dlt", 4], ["dynamic_hotspot_mesh", "dynamic", 7],
                 ["partition_grid", "partition", 10], ["os_mixed", "os", 8]];
  for (const [preset, kind, n] of kinds) await shot(preset, `playground_${kind}_1920x1080.png`, n);
  // (over Wu's Example 3: a view of few colours keeps the palette PNG of the panel faithful)
  await shot("wu_example3", "playground_balance_1920x1080.png", 3);
  await experimentsShot("experiments_os_1920x1080.png");
  const hi = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  const page2 = await hi.newPage();
  await page2.goto(base);
  await page2.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 3, null, { timeout: 60000 });
  for (const [preset, kind, n] of kinds) {
    await page2.evaluate((p) => window.loadlab.openExample(p), preset);
    await page2.waitForFunction((k) => {
      const s = window.loadlab.state();
      return Array.isArray(s.results) && s.results.length === k && /^Ran/.test(s.status);
    }, n, { timeout: 120000 });
    await page2.waitForTimeout(800);
    await page2.screenshot({ path: join(shots, `playground_${kind}_2x.png`) });
    check(true, `took playground_${kind}_2x.png`);
  }
  await hi.close();
  ok = true;
} finally {
  if (!ok) await close();
}
await finish();
