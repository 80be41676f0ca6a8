// Browser test of issue 11, defects 3-5: the form keeps the scenario valid (Example 3's cube
// switched to a torus), bad share links stay reported and load nothing, links keep the view
// ("ui") and the address bar follows the scenario.
//   node tests/web/e2e_forms.mjs <site dir> <screenshot dir>
// Expected values come from the scenario format and the papers' examples, not from the page.
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { b64url, linkFor, repo, startHarness, waitFrames } from "./harness.mjs";

const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 400 });
const example3 = { loadlab: 1, kind: "balance", name: "Wu, Example 3: CWA and DEM on a 3-cube", seed: 42,
                   topology: { type: "hypercube", dim: 3 }, loads: [19, 11, 2, 9, 0, 9, 10, 4],
                   algorithms: ["cwa", "dem", "optimal"] };
const example4 = { loadlab: 1, kind: "balance", name: "Wu, Example 4: MWA on a 4x4 mesh", seed: 1,
                   topology: { type: "mesh", rows: 4, cols: 4 },
                   loads: [7, 12, 6, 16, 17, 3, 0, 15, 2, 13, 5, 5, 5, 6, 4, 12], algorithms: ["mwa", "optimal"] };
const flbGraph = { tasks: [2, 2, 2, 3, 3, 3, 2, 2].map((c, i) => ({ id: "t" + i, cost: c })),
  edges: [[0, 1, 1], [0, 2, 4], [0, 3, 1], [1, 4, 2], [1, 5, 1], [1, 6, 2], [3, 5, 1], [2, 6, 1], [4, 7, 1], [5, 7, 3], [6, 7, 2]]
    .map(([a, b, c]) => ({ from: "t" + a, to: "t" + b, cost: c })) };
const withoutUi = (sc) => { const c = { ...sc }; delete c.ui; return c; };
// Key order is not part of JSON's meaning (the page writes keys sorted): compare canonically.
const canon = (v) => Array.isArray(v) ? v.map(canon)
  : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
const same = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));

let ok = false;
try {
  const pageErrors = [];
  async function freshPage(url) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(url);
    await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 2,
                               null, { timeout: 90000 });
    return page;
  }
  const state = (page) => page.evaluate(() => window.loadlab.state());
  // Results of the current scenario: one per listed algorithm, nothing running.
  const waitResults = (page, n) => page.waitForFunction((k) => {
    const s = window.loadlab.state();
    return !s.busy && Array.isArray(s.results) && s.results.length === k;
  }, n, { timeout: 90000 });

  // --- Defect 3: Example 3's cube becomes a 4x4 torus through the form ---------------------------
  let page = await freshPage(base);
  await waitResults(page, 3);
  let st = await state(page);
  check(same(st.scenario.topology, example3.topology) && st.results.length === 3, "the default scenario is Example 3 with 3 results",
        st.scenario.topology);
  check(same(st.unavailable && Object.keys(st.unavailable).filter((a) => ["cwa", "dem", "mwa"].includes(a)), ["mwa"]),
        "on the cube only mwa (of cwa, dem, mwa) is greyed out", st.unavailable);
  const applied = await page.evaluate(() => window.loadlab.setField("/topology", { type: "torus", rows: 4, cols: 4 }));
  check(applied === true, "the form's edit to a 4x4 torus is accepted (a valid scenario)", applied);
  st = await state(page);
  const oldResults = Array.isArray(st.results) && st.results.some((r) => r.algorithm === "cwa" || r.algorithm === "dem");
  check(!oldResults, "right after the edit no result of the cube is shown", st.results);
  await waitResults(page, 1);
  st = await state(page);
  check(st.scenario.topology.type === "torus" && st.nodes === 16, "the torus is installed (16 nodes)", [st.scenario.topology, st.nodes]);
  check(Array.isArray(st.scenario.loads) && st.scenario.loads.length === 16 &&
        st.scenario.loads.every((w, i) => w === example3.loads[i % 8]),
        "the 8 loads were resized to 16 (the list repeated)", st.scenario.loads);
  check(same(st.scenario.algorithms, ["optimal"]), "cwa and dem (hypercube only) were unchecked", st.scenario.algorithms);
  check(st.unavailable && /needs a hypercube/.test(st.unavailable.cwa || "") && /needs a hypercube/.test(st.unavailable.dem || ""),
        "the picker greys out cwa and dem with the core table's reason", st.unavailable);
  check(!st.status_is_error && /resized from 8 to 16/.test(st.status) && /cwa/.test(st.status),
        "the status line says what the form changed", st.status);
  check(st.results.length === 1 && st.results[0].algorithm === "optimal" && st.results[0].verified,
        "the results are the torus's own (optimal, verified)", st.results.map((r) => r.algorithm));
  // Checking an unsupported algorithm again is refused by the form, never sent to io.
  await page.evaluate(() => window.loadlab.setField("/algorithms", ["cwa", "optimal"]));
  await waitResults(page, 1);
  st = await state(page);
  check(same(st.scenario.algorithms, ["optimal"]) && !st.status_is_error, "cwa cannot be checked on a torus", [st.scenario.algorithms, st.status]);
  await waitFrames(page, 4);
  await page.screenshot({ path: join(shots, "forms_torus.png") });

  // --- Defect 5b: the address bar follows the scenario -------------------------------------------
  const decodedHash = async () => JSON.parse(await page.evaluate(() => window.loadlab.decodeLink(location.hash)));
  await page.waitForFunction(() => location.hash.startsWith("#s="), null, { timeout: 10000 }).catch(() => {});
  let fromHash = await decodedHash().catch((e) => String(e));
  check(fromHash && fromHash.topology && fromHash.topology.type === "torus", "after the form edit the address bar holds the torus", fromHash);
  const torusHash = await page.evaluate(() => location.hash);
  await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(example4));
  await waitResults(page, 2);
  // The link is written after a quiet time (debounced): wait for the address bar to change.
  await page.waitForFunction((h) => location.hash !== h, torusHash, { timeout: 20000 }).catch(() => {});
  st = await state(page);
  fromHash = await decodedHash().catch((e) => String(e));
  check(same(withoutUi(fromHash), withoutUi(st.scenario)), "after loading Example 4, location.hash is its link", fromHash);
  await page.close();

  // --- Defect 4: bad links show a persistent error and load nothing ------------------------------
  const bomb = b64url(deflateRawSync(Buffer.alloc(64 << 20, 0x20), { level: 9 }));  // 64 MiB of spaces
  const badLinks = [
    ["#s=@@@!!!", /base64url/],
    ["#s=", /empty/],
    ["#s=" + "A".repeat(1_200_000), /1200000 characters/],
    ["#s=" + bomb, /inflates beyond/],
  ];
  for (const [hash, why] of badLinks) {
    const label = hash.length > 24 ? hash.slice(0, 12) + "... (" + hash.length + " chars)" : hash;
    page = await freshPage(base + hash);
    const st0 = await state(page);
    await page.waitForTimeout(3000);
    const st3 = await state(page);
    check(st0.status_is_error && /Bad link/.test(st0.status) && why.test(st0.status), `${label}: a clear error names the problem`, st0.status);
    check(st3.status_is_error && st3.status === st0.status && st3.status_pinned, `${label}: the error is still there after 3 s`, st3.status);
    check(!(Array.isArray(st3.results) && st3.results.length), `${label}: nothing ran in its place (no results)`, st3.results);
    if (hash === "#s=@@@!!!") await page.screenshot({ path: join(shots, "forms_bad_link.png") });
    if (hash === "#s=") {
      // The page stays usable: dismissing clears the error, a good scenario then opens and runs.
      await page.evaluate(() => window.loadlab.dismissError());
      const opened = await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(example3));
      await waitResults(page, 3);
      st = await state(page);
      check(opened === true && !st.status_is_error && st.results.length === 3, "after a bad link the page still opens and runs a scenario", st.status);
    }
    await page.close();
  }
  // A link whose scenario io refuses (an over-limit size) is pinned too, and names the field.
  page = await freshPage(linkFor(base, { loadlab: 1, kind: "balance", topology: { type: "hypercube", dim: 40 }, loads: { generator: "uniform", mean: 1 } }));
  await page.waitForTimeout(3000);
  st = await state(page);
  check(st.status_is_error && st.status.includes("/topology/dim") && !(Array.isArray(st.results) && st.results.length),
        "a refused scenario's error names /topology/dim, stays 3 s and nothing runs", st.status);
  await page.close();

  // --- Defect 5a: links keep the view ("ui") -------------------------------------------------------
  const dagLink = { loadlab: 1, kind: "dag", processors: 2, graph: flbGraph, algorithms: ["flb", "etf", "mcp"], ui: { tab: "gantt" } };
  page = await freshPage(linkFor(base, dagLink));
  await waitResults(page, 3);
  await waitFrames(page, 4);
  let link = await page.evaluate(() => window.loadlab.link());
  check(link.ui && link.ui.tab === "gantt", "a link with ui.tab = gantt reopens on the Gantt tab", link.ui);
  await page.screenshot({ path: join(shots, "forms_dag_gantt.png") });
  await page.close();

  const balanceLink = { ...example3, ui: { select: "dem", step: 2, zoom: 2, pan: [0.1, -0.05] } };
  page = await freshPage(linkFor(base, balanceLink));
  await waitResults(page, 3);
  await waitFrames(page, 4);
  st = await state(page);
  link = await page.evaluate(() => window.loadlab.link());
  check(st.step === 2 && Math.abs(st.view_zoom - 2) < 1e-6, "a balance link restores its step and zoom", [st.step, st.view_zoom]);
  check(link.ui && link.ui.select === "dem" && link.ui.step === 2 && Array.isArray(link.ui.pan) &&
        Math.abs(link.ui.pan[0] - 0.1) < 1e-6, "the balance view state goes back into the link", link.ui);
  await page.screenshot({ path: join(shots, "forms_balance_ui.png") });
  await page.close();

  // The newer views' tabs go into the link too (written by the app, not just carried over): a link
  // without "ui" gets the first tab's name; a link naming another tab reopens on it.
  const examples = join(repo, "examples");
  const iterative = { loadlab: 1, kind: "balance", seed: 3, topology: { type: "ring", nodes: 8 },
                      loads: [40, 0, 0, 0, 8, 0, 0, 0], algorithms: ["gde", "diffusion"] };
  const views = [
    { sc: iterative, key: "iterative_view", first: "network", other: "convergence" },
    { sc: JSON.parse(readFileSync(join(examples, "dynamic_hotspot.json"), "utf8")), key: "dynamic_view", first: "chart", other: "network" },
    { sc: JSON.parse(readFileSync(join(examples, "partition_grid.json"), "utf8")), key: "partition_view", first: "mesh", other: "compare" },
    { sc: JSON.parse(readFileSync(join(examples, "os_mixed.json"), "utf8")), key: "os_view", first: "chart", other: "response" },
  ];
  for (const v of views) {
    for (const [ui, want] of [[undefined, v.first], [{ [v.key]: v.other }, v.other]]) {
      const sc = withoutUi(v.sc);
      if (ui) sc.ui = ui;
      page = await freshPage(linkFor(base, sc));
      await waitResults(page, sc.algorithms.length);
      await page.waitForFunction((k) => { const l = window.loadlab.link(); return l.ui && l.ui[k]; }, v.key, { timeout: 10000 })
        .catch(() => {});
      link = await page.evaluate(() => window.loadlab.link());
      check(link.ui && link.ui[v.key] === want, `${sc.kind}: the link records ${v.key} = ${want}`, link.ui);
      if (ui) await page.screenshot({ path: join(shots, `forms_${v.key}.png`) });
      await page.close();
    }
  }

  check(pageErrors.length === 0, "no uncaught page errors", pageErrors);
  ok = true;
} finally {
  if (!ok) await close();
}
await finish();
