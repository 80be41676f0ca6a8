// Browser test of, "nothing a user made is lost": the scenario and its view are autosaved
// (localStorage, after a quiet time) and restored by a reload without a link; a link wins but the
// unsaved scenario stays reachable (restoreLast); opens can be undone (undoOpen, Ctrl+Z); a corrupt
// autosave gives a clear message and the default example; HTML/JS in a link's strings stays text;
// File > Save downloads JSON equal to the link document, which the native CLI runs.
//   node tests/web/e2e_autosave.mjs <site dir> <screenshot dir> [native loadlab CLI]
// Expected values are the scenarios this script writes, never read back from the page first.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { linkFor, startHarness, waitFrames } from "./harness.mjs";

const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 400 });
const cli = process.argv.slice(2).filter((a) => !a.startsWith("--"))[2];

const example3 = { loadlab: 1, kind: "balance", name: "Wu, Example 3: CWA and DEM on a 3-cube", seed: 42,
                   topology: { type: "hypercube", dim: 3 }, loads: [19, 11, 2, 9, 0, 9, 10, 4],
                   algorithms: ["cwa", "dem", "optimal"] };
const edited = { loadlab: 1, kind: "balance", name: "My edited mesh", seed: 7, topology: { type: "mesh", rows: 4, cols: 4 },
                 loads: [7, 12, 6, 16, 17, 3, 0, 15, 2, 13, 5, 5, 5, 6, 4, 12], algorithms: ["mwa", "optimal"],
                 ui: { zoom: 2 } };
const editedLoads = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 40];
const hostileName = "<img src=x onerror=window.__pwned=1>";
const canon = (v) => Array.isArray(v) ? v.map(canon)
  : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
const same = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));

const pageErrors = [];
async function openPage(ctx, url) {
  const page = await ctx.newPage();
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 2,
                             null, { timeout: 90000 });
  return page;
}
const newContext = () => browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, acceptDownloads: true });
const state = (page) => page.evaluate(() => window.loadlab.state());
// Nothing opening or running, and results shown.
const idle = (page) => page.waitForFunction(() => {
  const s = window.loadlab.state();
  return !s.busy && Array.isArray(s.results) && s.results.length > 0;
}, null, { timeout: 90000 });
const waitName = (page, name) => page.waitForFunction((n) => {
  const s = window.loadlab.state();
  return !s.busy && s.scenario.name === n && Array.isArray(s.results) && s.results.length > 0;
}, name, { timeout: 90000 });

try {
  // --- 1. Edit, autosave after the quiet time, reload without a link: the edit is back ----------
  const ctx = await newContext();
  let page = await openPage(ctx, base);
  await idle(page);
  let st = await state(page);
  check(st.scenario.name === example3.name && st.autosave_available === false && st.undo_available === false,
        "a first visit shows the default example, nothing to restore or undo", [st.scenario.name, st.autosave_available, st.undo_available]);
  check(await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(edited)), "a script opens the mesh scenario");
  await waitName(page, edited.name);
  check(await page.evaluate((l) => window.loadlab.setField("/loads", l), editedLoads), "the form edits its loads");
  const editedAt = Date.now();
  await page.waitForFunction((l) => {
    const t = localStorage.getItem("loadlab.autosave") || "";
    return t.includes("My edited mesh") && t.includes(JSON.stringify(l));
  }, editedLoads, { timeout: 20000 });
  const savedAfter = (Date.now() - editedAt) / 1000;
  check(savedAfter >= 1.5 && savedAfter < 15, "the edit is autosaved after the ~2 s quiet time, not at once", savedAfter);
  const stored = JSON.parse(await page.evaluate(() => localStorage.getItem("loadlab.autosave")));
  check(stored.loadlab_autosave === 1 && stored.document.name === edited.name && same(stored.document.loads, editedLoads) &&
        stored.document.ui && stored.document.ui.zoom === 2,
        "the autosave holds the scenario and its view (ui.zoom 2)", stored.document);
  st = await state(page);
  check(st.autosave.saves >= 1 && st.autosave.limit === 1048576, "state().autosave counts the saves; the cap is 1 MiB", st.autosave);
  await page.close();
  page = await openPage(ctx, base);
  await page.waitForFunction(() => /Restored your last scenario/.test(window.loadlab.state().status), null, { timeout: 90000 });
  await idle(page);
  st = await state(page);
  check(st.scenario.name === edited.name && same(st.scenario.loads, editedLoads),
        "a reload without a link restores the edited scenario", [st.scenario.name, st.scenario.loads]);
  check(Math.abs(st.view_zoom - 2) < 1e-6, "... and its view (zoom 2)", st.view_zoom);
  check(st.status === "Restored your last scenario (My edited mesh)" && !st.status_is_error,
        "the status line says it was restored, with the name", st.status);
  check(st.results.map((r) => r.algorithm).join() === "mwa,optimal" && st.results.every((r) => r.verified),
        "the restored scenario ran (mwa, optimal, verified)", st.results.map((r) => [r.algorithm, r.verified]));
  await page.screenshot({ path: join(shots, "autosave_restored.png") });
  await page.close();

  // --- 2. A link wins; the unsaved scenario stays reachable --------------------------------------
  const linked = { ...example3, name: "Linked cube" };
  page = await openPage(ctx, linkFor(base, linked));
  await waitName(page, "Linked cube");
  st = await state(page);
  check(st.autosave_available === true, "with a link, the last session is offered (autosave_available)", st.autosave_available);
  check(!/Restored/.test(st.status), "the link was not replaced by the autosave", st.status);
  const previous = await page.evaluate(() => localStorage.getItem("loadlab.autosave_previous") || "");
  check(previous.includes("My edited mesh"), "the displaced autosave is kept under autosave_previous", previous.slice(0, 120));
  check(await page.evaluate(() => window.loadlab.restoreLast()), "restoreLast() starts the restore");
  await waitName(page, edited.name);
  st = await state(page);
  check(same(st.scenario.loads, editedLoads) && st.autosave_available === false,
        "the edited scenario is back; nothing more to restore", [st.scenario.loads, st.autosave_available]);
  check(st.undo_available === true, "restoring is an open: it can be undone", st.undo_available);
  // Ctrl+Z on the canvas (no text field has the keyboard): back to the linked cube.
  await page.mouse.click(900, 300);
  await page.keyboard.press("Control+z");
  await waitName(page, "Linked cube");
  check(true, "Ctrl+Z undoes the restore (the linked cube is back)");

  // --- 3. Open a gallery example, then undo -----------------------------------------------------
  st = await state(page);
  const before = st.scenario;
  const example = st.gallery[0];
  check(await page.evaluate((p) => window.loadlab.openExample(p), example.preset), "a gallery example opens", example);
  await page.waitForFunction((n) => { const s = window.loadlab.state(); return !s.busy && s.scenario.name !== n; },
                             before.name, { timeout: 90000 });
  st = await state(page);
  check(st.undo_available === true && st.autosave.undo_depth >= 1, "after the example, Undo open is available", st.autosave);
  check(await page.evaluate(() => window.loadlab.undoOpen()), "undoOpen() starts the undo");
  await waitName(page, before.name);
  st = await state(page);
  check(same({ ...st.scenario, ui: undefined }, { ...before, ui: undefined }), "the previous scenario is back, unchanged",
        st.scenario.name);
  // Pasting a scenario (open) is undone the same way.
  await page.evaluate((t) => window.loadlab.open(t), JSON.stringify({ ...example3, name: "Pasted" }));
  await waitName(page, "Pasted");
  await page.evaluate(() => window.loadlab.undoOpen());
  await waitName(page, before.name);
  check(true, "a pasted scenario is undone too");
  // A file dropped on the page opens, and is undone the same way.
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], "dropped.json", { type: "application/json" }));
    document.getElementById("canvas").dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, JSON.stringify({ ...example3, name: "Dropped" }));
  await waitName(page, "Dropped");
  await page.evaluate(() => window.loadlab.undoOpen());
  await waitName(page, before.name);
  check(true, "a dropped file opens and is undone too");
  await page.close();
  await ctx.close();

  // --- 4. A corrupt autosave: a clear message, the default example -------------------------------
  for (const [what, text, pattern] of [
    ["not JSON", '{"loadlab_autosave": 1, "document": {"kind": "bal', /not valid JSON/],
    ["another program's data", '["something", "else"]', /not a LoadLab autosave/],
    ["an invalid scenario", JSON.stringify({ loadlab_autosave: 1, document: { loadlab: 1, kind: "balance",
      topology: { type: "hypercube", dim: 3 }, loads: [1, 2, 3, 4, 5, 6, 7, -8] } }), /\/loads\/7/],
  ]) {
    const c = await newContext();
    await c.addInitScript((t) => localStorage.setItem("loadlab.autosave", t), text);
    const p = await openPage(c, base);
    await idle(p);
    await waitFrames(p, 4);
    st = await state(p);
    check(st.status_is_error && /autosaved scenario could not be restored/.test(st.status) && pattern.test(st.status) &&
          /default example/.test(st.status),
          `a corrupt autosave (${what}) is reported clearly`, st.status);
    check(st.scenario.name === example3.name && st.results.length === 3,
          `... and the default example runs (${what})`, [st.scenario.name, st.results.length]);
    if (what === "not JSON") await p.screenshot({ path: join(shots, "autosave_corrupt.png") });
    await c.close();
  }

  // --- 5. HTML/JS in a link's strings is drawn as text; File > Save ------------------------------
  const hostile = { ...example3, name: hostileName, description: "<script>window.__pwned=2</script>" };
  const hctx = await newContext();
  page = await openPage(hctx, linkFor(base, hostile));
  await waitName(page, hostileName);
  const pwned = () => page.evaluate(() => ({ pwned: window.__pwned, imgs: document.querySelectorAll("img").length,
                                            onerror: document.querySelectorAll("[onerror]").length }));
  let p = await pwned();
  check(p.pwned === undefined && p.imgs === 0 && p.onerror === 0, "the link's HTML/JS strings are not interpreted", p);
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 30000 }),
                                        page.evaluate(() => window.loadlab.save())]);
  const savedPath = join(shots, "autosave_saved_scenario.json");
  await download.saveAs(savedPath);
  const saved = JSON.parse(readFileSync(savedPath, "utf8"));
  const linkDoc = await page.evaluate(() => window.loadlab.link());
  check(same(saved, linkDoc) && saved.name === hostileName, "File > Save downloads the link document (scenario + view)",
        [download.suggestedFilename(), saved.name]);
  check(download.suggestedFilename() === "img-src-x-onerror-window-pwned-1.json", "the file name is the name's words only",
        download.suggestedFilename());
  st = await state(page);
  check(/^Downloaded /.test(st.status), "the status line says it was downloaded", st.status);
  if (cli) {
    let out = "", code = 0;
    try { out = execFileSync(cli, ["run", savedPath], { encoding: "utf8", timeout: 60000 }); }
    catch (e) { code = e.status; out = String(e.stderr); }
    let algs = [];
    try { algs = JSON.parse(out).results.map((r) => r.algorithm); } catch (e) { /* reported below */ }
    check(code === 0 && algs.join() === "cwa,dem,optimal", "the native CLI runs the saved file (loadlab run)", [code, out.slice(0, 200)]);
  }
  // The hostile name in the autosave and the restored status line stays text too.
  await page.evaluate(() => window.loadlab.autosaveNow());
  await page.waitForFunction(() => (localStorage.getItem("loadlab.autosave") || "").includes("onerror"), null, { timeout: 20000 });
  await page.close();
  page = await openPage(hctx, base);
  await page.waitForFunction(() => /Restored your last scenario/.test(window.loadlab.state().status), null, { timeout: 90000 });
  st = await state(page);
  p = await pwned();
  check(st.status === `Restored your last scenario (${hostileName})` && p.pwned === undefined && p.imgs === 0,
        "restored with the hostile name as text in the status line", [st.status, p]);
  await waitFrames(page, 4);
  await page.screenshot({ path: join(shots, "autosave_hostile.png") });
  await hctx.close();
  check(pageErrors.length === 0, "no page errors", pageErrors);
} catch (e) {
  console.error(e);
  await close();
  throw e;
}
await finish();
