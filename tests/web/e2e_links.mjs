// Links keep the view ("ui"): a dag link reopens on its tab, a balance link restores its step,
// zoom and pan, and every kind's view names its tab in the link the app writes.
//   node tests/web/e2e_links.mjs <site dir> <screenshot dir>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { linkFor, repo, startHarness, waitFrames } from "./harness.mjs";
import { example3, flbGraph, freshPage, withoutUi } from "./fixtures.mjs";

const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 400 });
let ok = false;
try {
  const pageErrors = [];
  const state = (page) => page.evaluate(() => window.loadlab.state());
  let st;
  // --- Links keep the view ("ui") ------------------------------------------------------------------
  // One page: each link is pasted into its address bar (the hashchange path opens it like a first
  // load); a unique name tells when its scenario is installed.
  const page = await freshPage(browser, base, pageErrors);
  let n = 0;
  async function pasteLink(sc) {
    sc.name = `${sc.name || "view link"} (${++n})`;
    await page.evaluate((h) => { location.hash = h; }, linkFor("", sc));
    await page.waitForFunction(([name, k]) => {
      const s = window.loadlab.state();
      return window.loadlab.ready && !s.busy && s.scenario.name === name && Array.isArray(s.results) && s.results.length === k;
    }, [sc.name, sc.algorithms.length], { timeout: 90000 });
  }
  const dagLink = { loadlab: 1, kind: "dag", processors: 2, graph: flbGraph, algorithms: ["flb", "etf", "mcp"], ui: { tab: "gantt" } };
  await pasteLink(dagLink);
  await waitFrames(page, 4);
  let link = await page.evaluate(() => window.loadlab.link());
  check(link.ui && link.ui.tab === "gantt", "a link with ui.tab = gantt reopens on the Gantt tab", link.ui);
  await page.screenshot({ path: join(shots, "forms_dag_gantt.png") });

  const balanceLink = { ...example3, ui: { select: "dem", step: 2, zoom: 2, pan: [0.1, -0.05] } };
  await pasteLink(balanceLink);
  await waitFrames(page, 4);
  st = await state(page);
  link = await page.evaluate(() => window.loadlab.link());
  check(st.step === 2 && Math.abs(st.view_zoom - 2) < 1e-6, "a balance link restores its step and zoom", [st.step, st.view_zoom]);
  check(link.ui && link.ui.select === "dem" && link.ui.step === 2 && Array.isArray(link.ui.pan) &&
        Math.abs(link.ui.pan[0] - 0.1) < 1e-6, "the balance view state goes back into the link", link.ui);
  await page.screenshot({ path: join(shots, "forms_balance_ui.png") });

  // The newer views' tabs go into the link too (written by the app, not just carried over): a link
  // without "ui" gets the first tab's name; a link naming another tab reopens on it.
  const examples = join(repo, "examples");
  const iterative = { loadlab: 1, kind: "balance", seed: 3, topology: { type: "ring", nodes: 8 },
                      loads: [40, 0, 0, 0, 8, 0, 0, 0], algorithms: ["gde", "diffusion"] };
  const views = [
    { sc: iterative, key: "iterative_view", first: "network", other: "convergence" },
    { sc: JSON.parse(readFileSync(join(examples, "dynamic_hotspot.json"), "utf8")), key: "dynamic_view", first: "chart", other: "network" },
    { sc: JSON.parse(readFileSync(join(examples, "partition_grid64_p4.json"), "utf8")), key: "partition_view", first: "mesh", other: "compare" },
    { sc: JSON.parse(readFileSync(join(examples, "os_mixed.json"), "utf8")), key: "os_view", first: "chart", other: "response" },
  ];
  for (const v of views) {
    for (const [ui, want] of [[undefined, v.first], [{ [v.key]: v.other }, v.other]]) {
      const sc = withoutUi(v.sc);
      if (ui) sc.ui = ui;
      await pasteLink(sc);
      // The wanted value, not just the key: the previous link (same kind) already has the key.
      await page.waitForFunction(([k, w]) => { const l = window.loadlab.link(); return l.ui && l.ui[k] === w; },
                                 [v.key, want], { timeout: 10000 }).catch(() => {});
      link = await page.evaluate(() => window.loadlab.link());
      check(link.ui && link.ui[v.key] === want, `${sc.kind}: the link records ${v.key} = ${want}`, link.ui);
      if (ui) await page.screenshot({ path: join(shots, `forms_${v.key}.png`) });
    }
  }
  await page.close();

  check(pageErrors.length === 0, "no uncaught page errors", pageErrors);
  ok = true;
} finally {
  if (!ok) await close();
}
await finish();
