// Layout and look: one example of every kind, each of its tabs, at 1280 x 800, 1920 x 1080 and on
// a 2x screen; through the test hook, no drawn text box may intersect another or be cut by its
// window or column (state().text_overlaps, counted from the frame's glyphs and from every text draw's
// full size against its clip rectangle, so a label ImGui cut or shortened with "..." counts). Also: the UI font is
// the proportional one, form labels wrap in a narrow scenario panel, the UI grows with the window, an edited scenario's title says so (panel,
// page title, share link), a bad link's error shows in a dismissible banner, and the page asks for
// nothing that is not there (favicon). The Run button stays in view in every kind at every size. At 1280 x 800 the view keeps at least 55% of the height
// (results pane as tall as its rows, caption strip on one line) and follows the theme (a light
// canvas under the light theme, a dark one under the dark). Screenshots go to the screenshot folder.
//   node tests/web/e2e_layout.mjs <site dir> <screenshot dir>
import { join } from "node:path";
import { linkFor, startHarness, waitFrames } from "./harness.mjs";

// Every kind, and the "ui" that brings each of its tabs to the front. CI checks each kind's first
// tab at the three sizes (about 2 minutes); LOADLAB_LAYOUT_ALL_TABS=1 sweeps every tab at 1280 x 800
// and 1920 x 1080 (each tab is an edit and a run: about 9 minutes).
const allTabs = process.env.LOADLAB_LAYOUT_ALL_TABS === "1";
const views = [
  { preset: "wu_example3", tabs: [{}] },
  { preset: "notes_problem3", key: "iterative_view", tabs: ["network", "sweeps", "convergence", "pressure"] },
  { preset: "flb_table1", key: "tab", tabs: ["graph", "gantt", "steps", "adversary"] },
  { preset: "loop_decreasing", key: "loop_view", tabs: ["schedule", "side_by_side", "machine"] },
  { preset: "os_mixed", key: "os_view", tabs: ["chart", "response", "compare", "load"] },
  { preset: "dlt_example1", key: "dlt_view", tabs: ["timing", "loads", "ibs"] },
  { preset: "dynamic_hotspot_mesh", key: "dynamic_view", tabs: ["chart", "tasks", "compare", "network", "phases", "threads"] },
  { preset: "partition_grid", key: "partition_view", tabs: ["mesh", "compare", "network", "steps"] },
];

const h = await startHarness({ detailLimit: 600 });
const { shots, base, browser, check, finish, close } = h;

async function ready(page) {
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 2,
                             null, { timeout: 90000 });
}

async function openPreset(page, preset) {
  await page.evaluate((p) => window.loadlab.openExample(p), preset);
  await page.waitForFunction((p) => {
    const s = window.loadlab.state();
    return !s.busy && s.scenario && s.gallery && Array.isArray(s.results) && s.results.length > 0 &&
      s.gallery.some((g) => g.preset === p && s.scenario.name && g.label.includes(s.scenario.name.slice(0, 12)));
  }, preset, { timeout: 60000, polling: 50 });
}

async function showTab(page, key, tab) {
  if (!key) return;
  await page.evaluate(([k, t]) => window.loadlab.setField("/ui", { [k]: t }), [key, tab]);
  await page.waitForFunction(() => !window.loadlab.state().busy, null, { timeout: 60000, polling: 50 });
}

// The text problems of the settled frame (a view may lay out over a frame or two).
async function problems(page) {
  await waitFrames(page, 4);
  return page.evaluate(() => {
    const s = window.loadlab.state();
    return { n: s.text_overlaps, boxes: s.text_boxes, where: s.text_problems, run: s.run_button,
             w: window.innerWidth, h: window.innerHeight, sliders: s.sliders, inSliders: s.text_in_sliders };
  });
}

// The Run button (Cancel while running) is pinned under the form: inside the window without
// scrolling, whatever the kind's form length and the window's size.
function runButtonChecks(name, p) {
  const b = p.run && p.run.box;
  check(b && b[0] >= 0 && b[1] >= 0 && b[2] <= p.w && b[3] <= p.h && b[3] - b[1] >= 10 && b[2] - b[0] >= 40,
        `${name}: the ${p.run ? p.run.label : "Run"} button is in view without scrolling (${b ? b.map(Math.round).join(", ") : "not drawn"} in ${p.w} x ${p.h})`, p.run);
}

// Share of the pixels inside `box` (CSS pixels) of a screenshot that are near black: a dark
// canvas shows as most of its area, a light one as almost none (data colours are never that dark).
async function darkShare(page, png, box) {
  return page.evaluate(async ([data, b]) => {
    const img = new Image();
    img.src = "data:image/png;base64," + data;
    await img.decode();
    const cv = document.createElement("canvas");
    cv.width = img.width; cv.height = img.height;
    const ctx = cv.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const k = img.width / window.innerWidth;
    const x0 = Math.floor(b[0] * k), y0 = Math.floor(b[1] * k);
    const d = ctx.getImageData(x0, y0, Math.max(1, Math.floor(b[2] * k) - x0), Math.max(1, Math.floor(b[3] * k) - y0)).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.max(d[i], d[i + 1], d[i + 2]) < 48) dark++;
    return dark / (d.length / 4);
  }, [png.toString("base64"), box]);
}

// Room for the view at 1280 x 800: the drawing area (the view window; the mesh canvas for the
// partition's mesh) is at least 55% of the window's height, and a results table of a few rows
// shows them all in a pane no taller than they need (no empty area under them).
async function roomChecks(page, name, tab) {
  const g = await page.evaluate(() => {
    const s = window.loadlab.state();
    return { vb: s.view_box, mesh: s.mesh_canvas, rb: s.results_box, rows: (s.results || []).length,
             visible: (s.results_visible || []).length, kind: s.kind, theme: s.theme, caption_open: s.caption_open };
  });
  const H = page.viewportSize().height;
  // The partition's mesh tab draws in its canvas, under the summary, the tabs and the controls.
  const box = g.kind === "partition" && tab === "mesh" ? g.mesh : g.vb;
  const share = (box[3] - box[1]) / H;
  check(share >= 0.55, `${name}: the view draws in ${Math.round(share * 100)}% of the window's height (>= 55%)`, g);
  const pane = (g.rb[3] - g.rb[1]) / H;
  // (balance adds its comparison with the optimum under the table: a taller pane.)
  check(g.rows > 5 ? g.visible >= 5 : g.visible === g.rows && (pane < 0.25 || g.kind === "balance"),
        `${name}: the results pane fits its ${g.rows} rows (${g.visible} on screen, ${Math.round(pane * 100)}% of the height)`, g);
  return g;
}

const failures = [];
let slidersSeen = 0;
async function sweep(page, label, all, which = views) {
  for (const v of which) {
    await openPreset(page, v.preset);
    const tabs = all ? v.tabs : v.tabs.slice(0, 1);
    for (const tab of tabs) {
      await showTab(page, v.key, tab);
      const p = await problems(page);
      const name = `${label} ${v.preset}${v.key ? " " + tab : ""}`;
      if (p.n !== 0) failures.push({ name, ...p });
      check(p.n === 0 && p.boxes > 20, `${name}: ${p.boxes} text boxes, none overlapping or cut`, p);
      runButtonChecks(name, p);
      // A form slider draws no value under its grab: no text box meets a slider's frame (the
      // number box beside it shows the value).
      slidersSeen += p.sliders || 0;
      check(p.inSliders === 0, `${name}: no text in the form's ${p.sliders} slider frames`, p.inSliders);
      const png = await page.screenshot({ path: join(shots, `layout_${label}_${v.preset}${v.key ? "_" + tab : ""}.png`) });
      if (label !== "1280x800") continue;
      const g = await roomChecks(page, name, tab);
      // The views follow the theme: no dark canvas under the light theme.
      if (g.theme === "light") {
        const dark = await darkShare(page, png, g.vb);
        check(dark < 0.12, `${name}: the light theme's view has a light canvas (${(dark * 100).toFixed(1)}% near-black pixels)`, dark);
      }
    }
  }
}

try {
  const missing = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const consoleLines = [];
  page.on("console", (m) => consoleLines.push(m.text()));
  page.on("response", (r) => { if (r.status() === 404) missing.push(r.url()); });
  await page.goto(base);
  await ready(page);

  // Type and scale: a proportional UI font, a UI that grows with the window.
  const small = await page.evaluate(() => window.loadlab.state());
  check(small.font === "Inter", "the UI font is Inter (proportional), not the bitmap ProggyClean", small.font);
  check(["dark", "light"].includes(small.theme), "a theme is set (the system's preference)", small.theme);

  await sweep(page, "1280x800", allTabs);
  check(slidersSeen >= 8, `the forms' sliders were checked (${slidersSeen} in all)`, slidersSeen);

  // Form labels wrap instead of being cut: the scenario panel dragged to its narrowest, then the
  // forms with the longest labels ("mean tasks per node", "barrier every (work)", "hot region
  // (weight 4 in the lower-left quarter)") show no cut or overlapping text.
  {
    const wide = (await page.evaluate(() => window.loadlab.state())).scenario_panel_width;
    const y = 300;
    await page.mouse.move(wide - 2, y);
    await waitFrames(page, 2);
    await page.mouse.down();
    for (const x of [wide - 30, wide - 90, 260, 200, 150]) {
      await page.mouse.move(x, y);
      await waitFrames(page, 2);
    }
    await page.mouse.up();
    await waitFrames(page, 3);
    const narrow = (await page.evaluate(() => window.loadlab.state())).scenario_panel_width;
    check(narrow < wide * 0.75, "dragging the scenario panel's right edge makes it narrow", [wide, narrow]);
    const narrowViews = views.filter((v) => ["dynamic_hotspot_mesh", "os_mixed", "partition_grid"].includes(v.preset));
    await sweep(page, "narrow_panel", false, narrowViews);
    await page.mouse.move(narrow - 2, y);
    await waitFrames(page, 2);
    await page.mouse.down();
    for (const x of [narrow + 60, wide]) {
      await page.mouse.move(x, y);
      await waitFrames(page, 2);
    }
    await page.mouse.up();
    await waitFrames(page, 3);
  }

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.waitForFunction((s0) => window.loadlab.state().ui_scale > s0 + 0.1, small.ui_scale, { timeout: 20000 });
  const big = await page.evaluate(() => window.loadlab.state());
  check(big.ui_scale > small.ui_scale * 1.1, "the UI grows with the window (1920 x 1080 over 1280 x 800)",
        [small.ui_scale, big.ui_scale]);
  // The larger sizes take half of the kinds each (every kind is seen at 1280 x 800 and at one of
  // them), which keeps the suite within its CI budget; LOADLAB_LAYOUT_ALL_TABS=1 takes them all.
  await sweep(page, "1920x1080", allTabs, allTabs ? views : views.filter((v, i) => i % 2 === 0));

  // State that tells the truth: an edited example is titled so, in the page title and the link.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPreset(page, "wu_example3");
  const before = await page.evaluate(() => window.loadlab.state().title);
  check(!/^\(edited\)/.test(before) && (await page.title()).includes(before), "an example shows its own title, also as the page title",
        [before, await page.title()]);
  await page.evaluate(() => window.loadlab.setField("/topology", { type: "mesh", rows: 4, cols: 4 }));
  await page.waitForFunction(() => { const s = window.loadlab.state(); return !s.busy && s.nodes === 16; }, null, { timeout: 60000 });
  const edited = await page.evaluate(() => ({ s: window.loadlab.state(), link: window.loadlab.link() }));
  check(edited.s.title === "(edited) " + before && edited.link.name === edited.s.title,
        "an edited scenario is titled \"(edited) ...\" in the panel and the share link", [edited.s.title, edited.link.name]);
  await page.waitForFunction((t) => document.title.includes(t), edited.s.title, { timeout: 10000 });
  check(true, "the page title follows the edited title");
  const algs = edited.s.scenario.algorithms || [];
  check(algs.includes("mwa") && !algs.includes("cwa") && /mwa/.test(edited.s.status),
        "a cube turned into a mesh keeps what applies, ticks MWA and says so", [algs, edited.s.status]);
  await waitFrames(page, 3);
  await page.screenshot({ path: join(shots, "layout_edited_title.png") });

  // A bad link's error: a banner above the view until dismissed.
  await page.goto(base + "#s=not-a-link");
  await ready(page);
  await page.waitForFunction(() => window.loadlab.state().status_is_error, null, { timeout: 20000 });
  await waitFrames(page, 3);
  await page.screenshot({ path: join(shots, "layout_banner.png") });
  const banner = await page.evaluate(() => window.loadlab.state());
  check(banner.banner === true, "a bad link's error shows in the banner above the view", banner.status);
  await page.evaluate(() => window.loadlab.dismissError());
  await waitFrames(page, 3);
  check((await page.evaluate(() => window.loadlab.state().banner)) === false, "Dismiss hides the banner");

  check(missing.length === 0, "the page requests nothing that is not there (favicon, icons)", missing);
  check(!consoleLines.some((l) => /Blocking on the main thread/.test(l)),
        "no \"Blocking on the main thread\" warnings", consoleLines.filter((l) => /Blocking/.test(l)));
  check(errors.length === 0, "no page errors", errors);
  await context.close();

  // The dark theme (the system's preference): the views' canvases are dark too (the measure above
  // sees a dark canvas), and the caption strip stays folded to one line unless opened (remembered).
  const dk = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: "dark" });
  const page3 = await dk.newPage();
  await page3.goto(base);
  await ready(page3);
  for (const v of [views[4], views[7]]) {  // os_mixed's chart, partition_grid's mesh
    await openPreset(page3, v.preset);
    await waitFrames(page3, 4);
    const png = await page3.screenshot({ path: join(shots, `layout_dark_${v.preset}.png`) });
    const s3 = await page3.evaluate(() => window.loadlab.state());
    const box = v.preset === "partition_grid" ? s3.mesh_canvas : s3.view_box;
    const dark = await darkShare(page3, png, box);
    check(s3.theme === "dark" && dark > 0.3, `dark theme ${v.preset}: the view's canvas is dark (${(dark * 100).toFixed(0)}% near-black)`, [s3.theme, dark]);
  }
  const line = await page3.evaluate(() => window.loadlab.state());
  check(line.caption_open === false && line.narration.length > 0, "the caption strip is one line by default", line.caption_open);
  // More opens the whole caption (the view makes room for it); the choice is remembered.
  await page3.mouse.click(line.view_box[2] - 30, (line.view_box[3] + line.results_box[1]) / 2);
  await page3.waitForFunction(() => window.loadlab.state().caption_open === true, null, { timeout: 10000, polling: 50 });
  await waitFrames(page3, 3);
  const opened = await page3.evaluate(() => window.loadlab.state());
  check(opened.view_box[3] < line.view_box[3] - 40, "More opens the caption strip and the view makes room for it",
        [line.view_box, opened.view_box]);
  await page3.screenshot({ path: join(shots, "layout_dark_caption_open.png") });
  await page3.reload();
  await ready(page3);
  check((await page3.evaluate(() => window.loadlab.state().caption_open)) === true, "an opened caption strip stays open after a reload");
  await dk.close();

  // A 2x screen: the first tab of every kind, rasterised at the device pixel ratio.
  const hi = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  const page2 = await hi.newPage();
  await page2.goto(base);
  await ready(page2);
  const st2 = await page2.evaluate(() => window.loadlab.state());
  check(st2.display_scale === 2 && st2.ui_scale >= 2, "on a 2x screen the UI is rasterised at twice the pixels", [st2.display_scale, st2.ui_scale]);
  await sweep(page2, "2x", false, allTabs ? views : views.filter((v, i) => i % 2 === 1));
  await hi.close();
  if (failures.length) console.log("  text problems:", JSON.stringify(failures.map((f) => [f.name, f.n])));
} catch (e) {
  await close();
  throw e;
}
await finish();
