// Real data never breaks the page: a 10 MB Montage-shaped WfCommons workflow (10,000 tasks) opens
// by File > Import and by a drop, a scenario of exactly the 16 MiB limit opens from a share link and
// one byte more is refused naming the limit, and a crash of the module shows a panel that offers a
// reload, after which the autosaved scenario is back.
//   node tests/web/e2e_real_data.mjs <site dir> <screenshot dir>
import { join } from "node:path";
import { linkFor, startHarness, waitFrames } from "./harness.mjs";
import { example3, freshPage } from "./fixtures.mjs";
import { montageWorkflow } from "./workflow_gen.mjs";

const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 400 });
const LIMIT = 16 * 1024 * 1024;  // docs/scenario-format.md: a document is at most 16 MiB of JSON text
let ok = false;
try {
  const pageErrors = [];
  let page = await freshPage(browser, base, pageErrors);
  await page.evaluate(() => window.loadlab.welcome("dismiss"));
  const summary = () => page.evaluate(() => window.loadlab.summary());
  // The summary, not state(): state() carries the scenario and every schedule (megabytes here).
  // Until the scenario named like `re` is installed, or an open failed (the checks then say why).
  const waitOpened = (re, timeout = 120000) => page.waitForFunction((src) => {
    const s = window.loadlab.summary();
    return !s.opening && (new RegExp(src).test(s.name) || /^Could not load/.test(s.status));
  }, re.source, { timeout, polling: 100 });

  // 1. File > Import of a 10 MB workflow (the module used to receive it on its stack and crash).
  const big = JSON.stringify(montageWorkflow(10000, 1), null, 1);  // indented, as WfCommons ships them
  check(big.length >= 10_000_000, `the generated workflow is at least 10 MB (${big.length} bytes)`);
  await page.setInputFiles("#file-input", { name: "montage-10000.json", mimeType: "application/json", buffer: Buffer.from(big) });
  await waitOpened(/^Imported montage-10000\.json/);
  let s = await summary();
  check(s.kind === "dag" && s.tasks >= 10000 && !s.status_is_error,
        "File > Import opens the 10 MB workflow as a task graph of >= 10,000 tasks", { name: s.name, tasks: s.tasks, status: s.status });
  await page.waitForFunction(() => { const x = window.loadlab.summary(); return !x.busy && x.results.length > 0; },
                             null, { timeout: 120000, polling: 100 });
  s = await summary();
  check(s.results.length === 5 && s.results.every((r) => r.verified && r.makespan > 0),
        "every default scheduler (flb, etf, mcp, dsc_llb, heft) schedules the 10,000 tasks, verified", s.results);
  await waitFrames(page, 3);
  await page.screenshot({ path: join(shots, "real_data_import_10k.png") });

  // 2. The same size dropped on the page (a different instance, so the open is its own).
  const dropped = JSON.stringify(montageWorkflow(10400, 2), null, 1);
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], "montage-10400.json", { type: "application/json" }));
    window.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, dropped);
  await waitOpened(/^Imported montage-10400\.json/);
  s = await summary();
  check(s.kind === "dag" && s.tasks >= 10400 && !s.status_is_error,
        "a dropped 10 MB workflow opens too", { name: s.name, tasks: s.tasks, status: s.status });

  // 3. A share link whose scenario is exactly 16 MiB of text, and one byte over.
  const padded = (bytes, name) => {
    const sc = { ...example3, name, description: "" };
    sc.description = " ".repeat(bytes - JSON.stringify(sc).length);
    const text = JSON.stringify(sc);
    if (text.length !== bytes) throw new Error(`padding missed: ${text.length}`);
    return sc;
  };
  await page.evaluate((h) => { location.hash = h; }, linkFor("", padded(LIMIT, "exactly 16 MiB")));
  await waitOpened(/^exactly 16 MiB$/);
  await page.waitForFunction(() => { const x = window.loadlab.summary(); return !x.busy && x.results.length === 3; },
                             null, { timeout: 60000, polling: 100 });
  s = await summary();
  check(s.results.every((r) => r.verified) && !s.status_is_error, "a 16 MiB scenario opens from a link and runs", s.results);
  await page.evaluate((h) => { location.hash = h; }, linkFor("", padded(LIMIT + 1, "one byte over")));
  await page.waitForFunction(() => window.loadlab.ready && window.loadlab.summary().status_is_error, null, { timeout: 60000 });
  s = await summary();
  check(/16777216/.test(s.status) && s.name === "exactly 16 MiB",
        "one byte over 16 MiB is refused, naming the limit, and nothing else changes", { status: s.status, name: s.name });
  check(pageErrors.length === 0, "no page errors while opening real-sized data", pageErrors);

  // 4. A crash: the panel says so and offers a reload; the reload brings the autosave back.
  await page.evaluate(() => window.loadlab.dismissError());
  const mine = { ...example3, name: "autosaved before the crash" };
  const seq0 = await page.evaluate(() => window.loadlabShare.linkSeq);
  check(await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(mine)), "a small scenario opens");
  await page.evaluate(() => window.loadlab.autosaveNow());
  await page.waitForFunction((n) => (localStorage.getItem("loadlab.autosave") || "").includes(n), mine.name, { timeout: 20000 });
  // The address bar follows the scenario after a quiet time; once it has, clear it, so that the
  // reload below starts from the autosave (a link would win over it).
  await page.waitForFunction((k) => window.loadlabShare.linkSeq > k && window.loadlabShare.lastLink === location.href,
                             seq0, { timeout: 20000 });
  await page.evaluate(() => history.replaceState(null, "", location.pathname));
  check(!(await page.evaluate(() => window.loadlab.crashShown())), "no crash panel before the crash");
  await page.evaluate(() => window.loadlab.testAbort());
  await page.waitForFunction(() => window.loadlab.crashShown(), null, { timeout: 20000 }).catch(() => {});
  // A run that ended after the clearing above may have written its link back; the stopped module
  // writes nothing more, so clearing once again here is final.
  await page.evaluate(() => history.replaceState(null, "", location.pathname));
  const panel = await page.evaluate(() => ({
    shown: window.loadlab.crashShown(),
    text: document.getElementById("crash").innerText,
    reload: !!document.getElementById("crash-reload"), copy: !!document.getElementById("crash-copy"),
  }));
  check(panel.shown && /stopped/i.test(panel.text) && /autosaved/i.test(panel.text) && panel.reload && panel.copy,
        "an abort shows the crash panel: what happened, the autosave, Reload and Copy details", panel);
  await page.screenshot({ path: join(shots, "real_data_crash.png") });
  await Promise.all([page.waitForEvent("load"), page.click("#crash-reload")]);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 2, null, { timeout: 90000 });
  await page.waitForFunction((n) => window.loadlab.summary().name === n, mine.name, { timeout: 30000 }).catch(() => {});
  s = await summary();
  // The reload's address had no link, so the name can only come from the autosave ("Restored your
  // last scenario" is soon replaced by the run's own status line).
  const hash = await page.evaluate(() => new URL(performance.getEntriesByType("navigation")[0].name).hash);
  check(s.name === mine.name && hash === "", "after Reload the autosaved scenario is back", { name: s.name, status: s.status, hash });
  await page.close();
  ok = true;
} finally {
  if (!ok) await close();
}
await finish();
