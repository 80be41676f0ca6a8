// Mouse wheel zoom, fast clicks (several inside one frame), UI scale and keyboard shortcuts, in
// the browser build:
//   node tests/web/e2e_input.mjs <site dir> <screenshot dir>
// One wheel notch (pixels or lines) zooms the network in by a bounded factor around the cursor,
// a notch down zooms out, 50 small trackpad deltas zoom smoothly; presses and releases delivered
// inside one frame are each seen by ImGui; Ctrl+= scales the UI; Space plays, Right steps; Ctrl+Enter
// runs; none of them while a text field has the keyboard; Cancel stops a long run and gives its
// worker back.
import { join } from "node:path";
import { linkFor, startHarness } from "./harness.mjs";

const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 400 });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const cube = { loadlab: 1, kind: "balance", seed: 42, topology: { type: "hypercube", dim: 3 },
                 loads: [19, 11, 2, 9, 0, 9, 10, 4], algorithms: ["cwa"] };
  await page.goto(linkFor(base, cube));
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 2,
                             null, { timeout: 60000 });
  await page.waitForFunction(() => { const s = window.loadlab.state();
                                     return s.worker_ran && s.results.length > 0 && s.view_base_scale > 0; },
                             null, { timeout: 60000 });
  const state = () => page.evaluate(() => { const s = window.loadlab.state(); delete s.scenario; return s; });
  const frames = async (n) => {
    const f0 = (await state()).frames;
    await page.waitForFunction((t) => window.loadlab.state().frames >= t, f0 + n, { timeout: 20000 });
  };
  let st = await state();
  check(Array.isArray(st.view_pan) && Array.isArray(st.view_centre) && st.display_scale === 1,
        "the test hook reports the view's pan, centre and display scale", st);

  // The cursor over the network view, off its centre (canvas pixels = CSS pixels at ratio 1).
  const cx = st.view_centre[0] + 90, cy = st.view_centre[1] - 60;
  await page.mouse.move(cx, cy);
  await frames(3);
  const underCursor = (s) => {
    const k = s.view_base_scale * s.view_zoom;
    return [(cx - s.view_centre[0]) / k - s.view_pan[0], (cy - s.view_centre[1]) / k - s.view_pan[1]];
  };
  // Dispatches wheel events synchronously (one frame sees them all) at the cursor.
  const wheel = async (deltaY, deltaMode, count = 1) => {
    const before = await state();
    await page.evaluate(([x, y, dy, mode, n]) => {
      const c = document.getElementById("canvas");
      for (let i = 0; i < n; i++)
        c.dispatchEvent(new WheelEvent("wheel", { deltaY: dy, deltaMode: mode, clientX: x, clientY: y,
                                                  bubbles: true, cancelable: true }));
    }, [cx, cy, deltaY, deltaMode, count]);
    await frames(4);
    const after = await state();
    return { before, after, factor: after.view_zoom / before.view_zoom };
  };

  // 1. One notch in pixels (Chromium: deltaY = -100 per notch up) zooms in around the cursor.
  let w = await wheel(-100, 0);
  check(w.factor >= 1.05 && w.factor <= 1.3, "one wheel notch up (deltaMode 0, -100 px) zooms in by 1.05-1.3x", w.factor);
  const p0 = underCursor(w.before), p1 = underCursor(w.after);
  check(Math.abs(p0[0] - p1[0]) < 1e-3 && Math.abs(p0[1] - p1[1]) < 1e-3,
        "the point under the cursor stays put while zooming", { before: p0, after: p1 });
  await page.screenshot({ path: join(shots, "e2e_input_zoom.png") });
  // Firefox's unit: 3 lines per notch.
  w = await wheel(-3, 1);
  check(w.factor >= 1.05 && w.factor <= 1.3, "one wheel notch up (deltaMode 1, -3 lines) zooms in by 1.05-1.3x", w.factor);
  // Wheel down zooms out by the same bounded factor.
  w = await wheel(100, 0);
  check(w.factor < 1 && w.factor >= 1 / 1.3 && w.factor <= 1 / 1.05, "one wheel notch down zooms out", w.factor);
  w = await wheel(3, 1);
  check(w.factor < 1 && w.factor >= 1 / 1.3, "one line-mode notch down zooms out", w.factor);
  // 2. A trackpad: 50 small deltas (2 px each, 100 px in all) = about one notch, not 50 or 400x.
  w = await wheel(-2, 0, 50);
  check(w.factor > 1.0 && w.factor <= 1.3, "50 trackpad deltas of 2 px zoom in smoothly (about one notch)", w.factor);
  // The same spread over frames adds up the same way.
  const z0 = (await state()).view_zoom;
  for (let i = 0; i < 5; i++) { await wheel(-2, 0, 10); }
  const z1 = (await state()).view_zoom;
  check(z1 / z0 > 1.0 && z1 / z0 <= 1.3, "trackpad deltas over several frames add up to the same zoom", z1 / z0);

  // 3. Fast clicks: press+release inside one frame is a click; two of them are two clicks.
  const clicks = async (n) => {
    const before = (await state()).input;
    await page.evaluate(([x, y, k]) => {
      const c = document.getElementById("canvas");
      for (let i = 0; i < k; i++)
        for (const type of ["mousedown", "mouseup"])
          c.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, button: 0, buttons: type === "mousedown" ? 1 : 0,
                                                 bubbles: true, cancelable: true }));
    }, [cx, cy, n]);
    await frames(2 * n + 4);
    const after = (await state()).input;
    return { clicks: after.clicks - before.clicks, releases: after.releases - before.releases, pending: after.pending };
  };
  let c = await clicks(1);
  check(c.clicks === 1 && c.releases === 1, "a press and release inside one frame is one click", c);
  c = await clicks(2);
  check(c.clicks === 2 && c.releases === 2, "two press/release pairs inside one frame are two clicks", c);
  check(c.pending === 0, "the input queue drains", c);
  // page.mouse.down/up without waiting (CDP events, usually within one frame).
  const before = (await state()).input.clicks;
  await Promise.all([page.mouse.down(), page.mouse.up()]);
  await frames(6);
  check((await state()).input.clicks === before + 1, "page.mouse.down/up without waiting is a click");

  // 4. UI scale: Ctrl+= enlarges (fonts rebuilt at the new size), Ctrl+- shrinks.
  st = await state();
  await page.keyboard.press("Control+Equal");
  await frames(4);
  let s2 = await state();
  check(s2.ui_scale_user > st.ui_scale_user && s2.ui_scale > st.ui_scale, "Ctrl+= makes the UI larger",
        { before: st.ui_scale, after: s2.ui_scale });
  await page.screenshot({ path: join(shots, "e2e_input_scale.png") });
  await page.keyboard.press("Control+Minus");
  await frames(4);
  s2 = await state();
  check(Math.abs(s2.ui_scale_user - st.ui_scale_user) < 1e-6, "Ctrl+- goes back", s2.ui_scale_user);

  // 5. Shortcuts: Right steps forward, Left back, Space plays and pauses.
  st = await state();
  await page.keyboard.press("ArrowRight");
  await frames(3);
  s2 = await state();
  check(s2.step === st.step + 1, "Right steps forward", { before: st.step, after: s2.step });
  await page.keyboard.press("ArrowLeft");
  await frames(3);
  check((await state()).step === st.step, "Left steps back");
  await page.keyboard.press("Space");
  await frames(3);
  check((await state()).playing === true, "Space plays");
  await page.keyboard.press("Space");
  await frames(3);
  check((await state()).playing === false, "Space pauses");

  // 6. Ctrl+Enter runs the scenario again (once the previous run is done).
  await page.waitForFunction(() => !window.loadlab.state().busy, null, { timeout: 60000 });
  st = await state();
  await page.keyboard.press("Control+Enter");
  await frames(4);
  s2 = await state();
  check(s2.runs_started === st.runs_started + 1, "Ctrl+Enter starts a run", { before: st.runs_started, after: s2.runs_started });
  await page.waitForFunction(() => !window.loadlab.state().busy, null, { timeout: 60000 });

  // 7. No shortcuts while typing: with the JSON editor focused, Space, Right and Ctrl+Enter are
  // text (or nothing), never play, step or run.
  await page.evaluate(() => window.loadlab.jsonEditor(true));
  await frames(4);
  st = await state();
  check(Array.isArray(st.json_editor), "the JSON editor is on screen", st.json_editor);
  if (Array.isArray(st.json_editor)) {
    const [x0, y0, x1, y1] = st.json_editor;
    await page.mouse.click((x0 + x1) / 2, y0 + (y1 - y0) * 0.3);
    await frames(4);
    st = await state();
    check(st.text_input === true, "a click in the editor gives it the keyboard", st.text_input);
    for (const key of ["Space", "ArrowRight", "ArrowRight", "Control+Enter"]) await page.keyboard.press(key);
    await frames(4);
    s2 = await state();
    check(s2.playing === false && s2.step === st.step && s2.runs_started === st.runs_started,
          "typing in the editor neither plays, steps nor runs",
          { playing: s2.playing, step: [st.step, s2.step], runs: [st.runs_started, s2.runs_started] });
    await page.screenshot({ path: join(shots, "e2e_input_typing.png") });
    await page.keyboard.press("Escape");
    await page.evaluate(() => window.loadlab.jsonEditor(false));
    await frames(4);
    st = await state();
    check(st.text_input === false, "closing the editor gives the keyboard back", st.text_input);
    await page.keyboard.press("ArrowRight");
    await frames(3);
    check((await state()).step === st.step + 1, "shortcuts work again after typing");
  }

  // 8. Cancel: a long run (five algorithms on a 256 x 256 mesh) stops at the next algorithm, the UI
  // keeps drawing meanwhile, the state says "cancelled", nothing of it is shown, and the worker
  // is given back (a second cancelled run needs no new Web Worker).
  const long = { loadlab: 1, kind: "balance", seed: 3, topology: { type: "mesh", rows: 256, cols: 256 },
                 loads: { generator: "uniform", mean: 10 }, algorithms: ["mwa", "diffusion", "gde", "gradient", "optimal"] };
  const cancelOnce = async () => {
    const before = await state();
    await page.evaluate((t) => { window.loadlab.open(t); }, JSON.stringify(long));
    await page.waitForFunction((n) => { const s = window.loadlab.state();
                                        return s.busy && s.last_run === "running" && s.runs_started > n; },
                               before.runs_started, { timeout: 60000, polling: 50 });
    const running = await state();
    // Frames keep coming while it computes (the run is on a worker thread, not the page's).
    const drew = await page.waitForFunction((f) => { const s = window.loadlab.state(); return s.frames >= f + 3 && s.busy; },
                                            running.frames, { timeout: 30000, polling: 50 }).then(() => true, () => false);
    await page.evaluate(() => window.loadlab.cancel());
    await page.waitForFunction(() => !window.loadlab.state().busy, null, { timeout: 90000, polling: 50 });
    await frames(3);
    return { running, drew, after: await state(), workers: page.workers().length };
  };
  const c1 = await cancelOnce();
  check(c1.after.last_run === "cancelled" && c1.after.runs_cancelled === c1.running.runs_cancelled + 1 &&
        /cancelled/i.test(c1.after.status) && !c1.after.status_is_error,
        "Cancel stops the long run: the state says cancelled, the status line too (not as an error)",
        [c1.after.last_run, c1.after.status]);
  check(!(Array.isArray(c1.after.results) && c1.after.results.length),
        "the cancelled run's results are not shown", (c1.after.results || []).length);
  check(c1.drew, "the UI kept drawing frames during the long run (before Cancel)", [c1.running.frames, c1.after.frames]);
  await page.screenshot({ path: join(shots, "e2e_input_cancelled.png") });
  const c2 = await cancelOnce();
  check(c2.after.last_run === "cancelled" && c2.workers <= c1.workers,
        "a second cancelled run needs no new worker thread (none leaked)", [c1.workers, c2.workers]);
  // The page still runs scenarios: the cube again, to completion.
  await page.evaluate((t) => { window.loadlab.open(t); }, JSON.stringify(cube));
  await page.waitForFunction(() => { const s = window.loadlab.state(); return !s.busy && s.last_run === "done" && s.results.length === 1; },
                             null, { timeout: 60000 });
  check(true, "after cancelling, a scenario runs to completion again");

  check(errors.length === 0, "no page errors", errors);
  await page.screenshot({ path: join(shots, "e2e_input.png") });
} catch (e) {
  console.error(e);
  await close();
  throw e;
}
await finish();
