// Browser test of the help for newcomers: the welcome panel (first visit, dismissal
// remembered across a reload), the example gallery (each example loads with the name it is listed
// under), F1 help on the selected algorithm, formatted integers in the results table, and the
// optimum row visible at 1280 x 800 and 1920 x 1080, and the paper lessons (every step's number
// equal to the paper's), and the papers' experiments panel (the FLB paper's and the survey's OS
// quick sets as verdicts, the OS ones equal to the CLI's).
//   node tests/web/e2e_help.mjs <site dir> <screenshot dir> [loadlab CLI]
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { startHarness, waitFrames } from "./harness.mjs";

const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 600 });
let ok = false;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const ready = () => page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 3,
                                           null, { timeout: 60000 });
  const state = () => page.evaluate(() => window.loadlab.state());

  // 1. A first visit (fresh storage, no link) shows the welcome panel. "?welcome": automated
  //    browsers otherwise skip it so the other tests' clicks reach the views (platform_web.cpp).
  await page.goto(base + "?welcome");
  await ready();
  let st = await state();
  check(st.welcome_open === true, "a first visit shows the welcome panel", st.welcome_open);
  check(Array.isArray(st.gallery) && st.gallery.length >= 10, "the gallery lists the examples", st.gallery && st.gallery.length);
  await page.screenshot({ path: join(shots, "help_welcome.png") });

  // 2. Dismissing is remembered across a reload.
  await page.evaluate(() => window.loadlab.welcome("dismiss"));
  await page.waitForFunction(() => !window.loadlab.state().welcome_open, null, { timeout: 10000 });
  await page.reload();
  await ready();
  await waitFrames(page, 4);
  st = await state();
  check(st.welcome_open === false, "after dismissing, a reload does not show the welcome panel again", st.welcome_open);
  check(await page.evaluate(() => localStorage.getItem("loadlab.welcome_dismissed")) === "1",
        "the dismissal is stored in localStorage");

  // 3. Every gallery example loads with exactly the name it is listed under.
  const bad = [];
  for (const g of st.gallery) {
    const exists = await page.evaluate((p) => window.loadlab.openExample(p), g.preset);
    try {
      await page.waitForFunction((label) => {
        const s = window.loadlab.state();
        return s.scenario && s.scenario.name === label;
      }, g.label, { timeout: 60000 });
    } catch (e) {
      const s = await state();
      bad.push({ preset: g.preset, label: g.label, got: s.scenario && s.scenario.name, status: s.status });
      continue;
    }
    if (!exists) bad.push({ preset: g.preset, missing: true });
  }
  check(bad.length === 0, `all ${st.gallery.length} gallery examples load with their listed names`, bad);
  const labels = st.gallery.map((g) => g.label);
  check(new Set(labels).size === labels.length, "gallery names are unique", labels);

  // 4. Wu's Example 3 at 1280 x 800: the optimum row is on screen; numbers are formatted.
  // Waits for the opened scenario's own name: the opener installs from a worker, so right after
  // openExample the previous scenario (with as many results) can still be the one shown.
  const openAndRun = async (preset, name, n) => {
    await page.evaluate((p) => window.loadlab.openExample(p), preset);
    await page.waitForFunction(([nm, k]) => {
      const s = window.loadlab.state();
      return s.scenario && s.scenario.name === nm && !s.busy && Array.isArray(s.results) &&
             s.results.length === k && s.results_table && s.results_table.rows.length === k &&
             s.status.startsWith("Ran");
    }, [name, n], { timeout: 60000 });
    await waitFrames(page, 4);
    return state();
  };
  st = await openAndRun("wu_example3", "Wu, Example 3: CWA and DEM on a 3-cube", 3);
  check(st.results_visible.includes("optimal"), "at 1280x800 the optimum row is fully visible", st.results_visible);
  await page.screenshot({ path: join(shots, "help_results.png") });
  // The same at 1920 x 1080 (the canvas follows the window; the layout grows, nothing hides).
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.waitForFunction(() => { const s = window.loadlab.state(); return s.results_visible.includes("optimal"); },
                             null, { timeout: 10000 }).catch(() => {});
  st = await state();
  check(st.results_visible.includes("optimal") && st.results_visible.length === 3,
        "at 1920x1080 every results row is visible", st.results_visible);
  await page.screenshot({ path: join(shots, "help_results_1920.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitFrames(page, 4);

  // Integers as people write them: every integer >= 1000 in the results JSON appears with
  // thousands separators (Intl's en-US formatting, independent of ours), never as 3.522e+04.
  // A 12-cube's task-hops run into the hundreds of thousands. (A tiny real, e.g. a convergence
  // rate of 4.8e-17, may honestly be written in scientific notation.)
  st = await openAndRun("big_balance", "Big: CWA, DEM and the optimum on a 12-cube (4,096 nodes)", 3);
  const t = st.results_table;
  const issues = [];
  let bigInts = 0;
  t.keys.forEach((key, c) => {
    if (c < 2) return;
    st.results.forEach((r, i) => {
      const v = key.startsWith("metrics.") ? (r.metrics || {})[key.slice(8)] : r[key];
      const cell = t.rows[i][c];
      if (typeof v === "number" && Number.isInteger(v) && /e[+-]\d/.test(cell)) issues.push({ key, cell });
      if (typeof v === "number" && Number.isInteger(v) && Math.abs(v) >= 1000) {
        bigInts++;
        if (cell !== v.toLocaleString("en-US")) issues.push({ key, v, cell });
      }
    });
  });
  check(bigInts > 0 && issues.length === 0, `integers >= 1000 are shown with separators (${bigInts} cells)`, { issues, t });
  check(t.headers.every((h, c) => c < 2 || h !== t.keys[c] || !h.includes("_")), "column headers are words, not JSON keys", t.headers);

  // 5. F1 opens the help for the selected algorithm.
  st = await openAndRun("flb_table1", "FLB, Table 1 example (graph reconstructed from the printed trace)", 4);
  const selected = st.results[st.selected_result !== undefined ? st.selected_result : 0].algorithm;
  check(!st.help_open, "no help window before F1");
  await page.mouse.move(640, 790);
  await page.keyboard.press("F1");
  await page.waitForFunction(() => window.loadlab.state().help_open, null, { timeout: 10000 }).catch(() => {});
  st = await state();
  check(st.help_open && st.help_kind === "dag" && st.help_topic === selected,
        `F1 opens help on the selected algorithm (${selected})`, { open: st.help_open, kind: st.help_kind, topic: st.help_topic });
  await waitFrames(page, 4);
  await page.screenshot({ path: join(shots, "help_f1.png") });

  // 6. Paper lessons: every step of every lesson opens its scenario and, once run, shows the
  //    paper's number equal to the playground's (the lesson table's comparison, read live).
  const list = await page.evaluate(() => window.loadlab.lesson("", -1));
  check(Array.isArray(list.lessons) && list.lessons.length >= 7, "the paper lessons are listed", list);
  const disagree = [];
  let stepsRun = 0;
  for (const l of list.lessons || []) {
    for (let k = 0; k < l.steps; k++) {
      let r = null;
      try {
        await page.waitForFunction(([n, s]) => window.loadlab.lesson(n, s).ready, [l.name, k],
                                   { timeout: 60000, polling: 50 });
        r = await page.evaluate(([n, s]) => window.loadlab.lesson(n, s), [l.name, k]);
      } catch (e) {
        r = { timeout: true, state: await page.evaluate(([n, s]) => window.loadlab.lesson(n, s), [l.name, k]) };
      }
      stepsRun++;
      if (!r.agree) disagree.push({ lesson: l.name, step: k, r });
    }
  }
  check(stepsRun >= 20 && disagree.length === 0, `all ${stepsRun} lesson steps show the paper's number`, disagree);
  st = await state();
  await waitFrames(page, 4);
  await page.screenshot({ path: join(shots, "help_lesson.png") });

  // The network view lights the dimension a step exchanges over: Wu's CWA on the 3-cube walks
  // dimensions 2, 1, 0 (Example 3's tables), one per step.
  await page.waitForFunction(() => window.loadlab.lesson("wu_examples", 3).ready, null, { timeout: 60000, polling: 50 });
  const lit = [];
  for (const k of [0, 1, 2]) {
    await page.evaluate((s) => window.loadlab.setStep(s), k);
    await waitFrames(page, 3);
    const s = await state();
    lit.push(s.network && s.network.active_dims);
  }
  check(JSON.stringify(lit) === JSON.stringify([4, 2, 1]), "CWA's steps light dimensions 2, 1, 0 in turn", lit);

  // 7. Help > User guide shows the guide inside the app; the site carries it as a web page too.
  await page.evaluate(() => window.loadlab.openGuide());
  await page.waitForFunction(() => window.loadlab.state().guide_open, null, { timeout: 10000 }).catch(() => {});
  st = await state();
  const guideTitle = "The LoadLab playground: a short user guide";
  check(st.guide_open === true && st.guide_title === guideTitle, "Help > User guide shows the guide in the app",
        { open: st.guide_open, title: st.guide_title });
  // Its first picture (the welcome panel's screenshot, near the top) is fetched, decoded and drawn
  // as a texture, not as a link.
  const pictures = await page.waitForFunction(() => { const g = window.loadlab.state().guide_images;
                                                      return g && g.drawn >= 1 ? g : false; },
                                              null, { timeout: 20000 }).then((h) => h.jsonValue(), () => null);
  check(pictures && pictures.drawn >= 1 && pictures.ready >= 1 && pictures.failed === 0,
        "the guide draws its first picture as a texture", pictures || (await state()).guide_images);
  await waitFrames(page, 4);
  await page.screenshot({ path: join(shots, "help_guide.png") });
  const fetched = await page.evaluate(async () => {
    const get = async (p) => { const r = await fetch(p); return { status: r.status, type: r.headers.get("content-type") || "", text: await r.text() }; };
    return { html: await get("docs/playground.html"), md: await get("docs/playground.md") };
  });
  check(fetched.html.status === 200 && fetched.html.type.startsWith("text/html") &&
        fetched.html.text.includes(">" + guideTitle + "</h1>") && fetched.html.text.includes('src="img/'),
        "docs/playground.html is served as text/html with the guide's first heading and its pictures",
        { status: fetched.html.status, type: fetched.html.type, start: fetched.html.text.slice(0, 300) });
  check(fetched.md.status === 200 && fetched.md.type.startsWith("text/markdown"),
        "docs/playground.md is served as text, not as a download", { status: fetched.md.status, type: fetched.md.type });

  // 8. View > Papers' experiments and claims: the FLB paper's quick set runs on a worker (the page
  //    keeps drawing frames meanwhile), every claim gets a verdict, and its figures are plotted.
  const framesBefore = (await state()).frames;
  const started = await page.evaluate(() => window.loadlab.experiments("run", "flb", "quick"));
  check(started === true, "the experiments panel starts the FLB paper's quick set", started);
  const ex = await page.waitForFunction(() => {
    const e = window.loadlab.state().experiments;
    return e && !e.busy && e.claims > 0 && e.plots_drawn > 0 ? e : false;
  }, null, { timeout: 60000 }).then((h) => h.jsonValue(), async () => (await state()).experiments);
  check(ex && ex.open === true && ex.paper === "flb" && ex.size === "quick", "the panel shows the FLB quick set", ex);
  check(ex && ex.claims === 11 && Array.isArray(ex.verdicts) && ex.verdicts.length === 11 &&
        ex.verdicts.every((v) => v.verdict === "HOLDS" || v.verdict === "DIFFERS") &&
        ex.holds === ex.verdicts.filter((v) => v.verdict === "HOLDS").length,
        "each of the FLB paper's 11 claims (as reproduce flb --quick) has a verdict", ex && ex.verdicts);
  check(ex && ex.plots === 11 && ex.plots_drawn >= 1, "the panel draws the figures as plots", ex && { plots: ex.plots, drawn: ex.plots_drawn });
  check((await state()).frames > framesBefore, "frames kept coming while the experiments ran");
  await page.screenshot({ path: join(shots, "help_experiments.png") });

  // 9. The survey's OS claims in the same panel: the quick set's 13 verdicts, equal (in order) to
  //    the native CLI's `reproduce os --quick` (same code path, deterministic across builds).
  const osStarted = await page.evaluate(() => window.loadlab.experiments("run", "os", "quick"));
  check(osStarted === true, "the experiments panel starts the survey's OS quick set", osStarted);
  const os = await page.waitForFunction(() => {
    const e = window.loadlab.state().experiments;
    return e && e.paper === "os" && !e.busy && e.claims > 0 ? e : false;
  }, null, { timeout: 60000 }).then((h) => h.jsonValue(), async () => (await state()).experiments);
  check(os && os.claims === 13 && os.verdicts.length === 13 && os.plots === 15 &&
        new Set(os.verdicts.map((v) => v.id)).size === 13,
        "the survey's 13 OS claims each have a verdict and a plot (+ two load sweeps)", os);
  // A claim's bar chart names what its bars measure (a ratio's unit "x" is no axis name).
  check(os && Array.isArray(os.y_labels) && os.y_labels.length === os.plots &&
        os.y_labels.slice(2).every((l) => l.length > 8 && !/^\s*(x|%|value)\s*$/.test(l)),
        "each OS claim's bar chart has an axis label saying what the bars are", os && os.y_labels);
  const cli = process.argv.slice(2).filter((a) => !a.startsWith("--"))[2];
  if (cli) {
    const printed = execFileSync(cli, ["reproduce", "os", "--quick"], { encoding: "utf8" })
      .split("\n").filter((l) => l.startsWith("  -> ")).map((l) => l.slice(5).split(":")[0]);
    check(os && JSON.stringify(os.verdicts.map((v) => v.verdict)) === JSON.stringify(printed),
          "the panel's OS verdicts equal reproduce os --quick's", { panel: os && os.verdicts, cli: printed });
  }
  await page.evaluate(() => window.loadlab.experiments("close"));

  check(errors.length === 0, "no uncaught page errors", errors);
  await context.close();
  ok = true;
} finally {
  if (!ok) await close();
}
await finish();
