// The form keeps the scenario valid (Example 3's cube switched to a torus), bad share links stay
// reported and load nothing, and the address bar follows the scenario; the results export as
// TSV / CSV and the view as SVG / PNG; edits wait for a pause (two quick ones start one run);
// the results table's columns stay put across runs; loads come from a file (CSV, JSON; errors
// name the field and line); the number boxes take typing, Enter, Tab and Shift+Tab. (Links that keep the view:
// e2e_links.mjs.)
//   node tests/web/e2e_forms.mjs <site dir> <screenshot dir>
// Expected values come from the scenario format and the papers' examples, not from the page.
import { join } from "node:path";
import { deflateRawSync, inflateSync } from "node:zlib";
import { b64url, linkFor, startHarness, waitFrames } from "./harness.mjs";
import { example3, example4, freshPage as openFresh, same, withoutUi } from "./fixtures.mjs";

const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 400 });

let ok = false;
try {
  const pageErrors = [];
  const freshPage = (url) => openFresh(browser, url, pageErrors);
  const state = (page) => page.evaluate(() => window.loadlab.state());
  // Results of the current scenario: one per listed algorithm, nothing running.
  const waitResults = (page, n) => page.waitForFunction((k) => {
    const s = window.loadlab.state();
    return !s.busy && Array.isArray(s.results) && s.results.length === k;
  }, n, { timeout: 90000 });

  // --- Example 3's cube becomes a 4x4 torus through the form -------------------------------------
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
  await waitResults(page, 2);  // the optimum and the torus's own algorithm, ticked by the form
  st = await state(page);
  check(st.scenario.topology.type === "torus" && st.nodes === 16, "the torus is installed (16 nodes)", [st.scenario.topology, st.nodes]);
  check(Array.isArray(st.scenario.loads) && st.scenario.loads.length === 16 &&
        st.scenario.loads.every((w, i) => w === example3.loads[i % 8]),
        "the 8 loads were resized to 16 (the list repeated)", st.scenario.loads);
  const natural = st.scenario.algorithms.filter((a) => a !== "optimal");
  check(st.scenario.algorithms.includes("optimal") && natural.length === 1 && ["mwa", "diffusion"].includes(natural[0]) &&
        !st.scenario.algorithms.includes("cwa") && !st.scenario.algorithms.includes("dem"),
        "cwa and dem (hypercube only) were unchecked, the torus's own algorithm ticked", st.scenario.algorithms);
  check(st.unavailable && /needs a hypercube/.test(st.unavailable.cwa || "") && /needs a hypercube/.test(st.unavailable.dem || ""),
        "the picker greys out cwa and dem with the core table's reason", st.unavailable);
  check(!st.status_is_error && /resized from 8 to 16/.test(st.status) && /cwa/.test(st.status),
        "the status line says what the form changed", st.status);
  check(st.results.length === 2 && st.results.every((r) => r.verified) && new RegExp("ticked " + natural[0]).test(st.status),
        "the results are the torus's own (verified), and the status says what was ticked", [st.results.map((r) => r.algorithm), st.status]);
  // Checking an unsupported algorithm again is refused by the form, never sent to io.
  await page.evaluate(() => window.loadlab.setField("/algorithms", ["cwa", "optimal"]));
  await waitResults(page, 1);
  st = await state(page);
  check(same(st.scenario.algorithms, ["optimal"]) && !st.status_is_error, "cwa cannot be checked on a torus", [st.scenario.algorithms, st.status]);
  await waitFrames(page, 4);
  await page.screenshot({ path: join(shots, "forms_torus.png") });

  // --- The address bar follows the scenario ------------------------------------------------------
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

  // --- Getting data out: the results table as text, the view as SVG and PNG -----------------------
  page = await freshPage(base);
  await waitResults(page, 3);
  st = await state(page);
  const names = st.results.map((r) => r.algorithm);
  const tsv = await page.evaluate(() => window.loadlab.exportResults("tsv"));
  const tsvLines = tsv.replace(/\n$/, "").split("\n");
  check(tsvLines.length === 1 + names.length && tsvLines[0].startsWith("algorithm\t") &&
        same(tsvLines.slice(1).map((l) => l.split("\t")[0]), names) &&
        tsvLines.every((l) => l.split("\t").length === tsvLines[0].split("\t").length),
        "exportResults('tsv'): a header and one line per result, every line as many cells", tsv);
  // RFC 4180 fields: quoted ones may hold commas ("1,234"); every line has the header's count.
  const csvFields = (line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g).filter((f, i, a) => i < a.length - 1 || f !== "");
  const csv = await page.evaluate(() => window.loadlab.exportResults("csv"));
  const csvLines = csv.replace(/\n$/, "").split("\n");
  check(csvLines.length === tsvLines.length && csvLines[0].startsWith("algorithm,") &&
        csvLines.every((l) => csvFields(l).length === tsvLines[0].split("\t").length),
        "exportResults('csv'): the same lines, fields as in the header", csv);
  const svg = await page.evaluate(() => window.loadlab.exportView("svg"));
  check(svg.startsWith("<?xml") && svg.trimEnd().endsWith("</svg>") && (svg.match(/<circle /g) || []).length === 8,
        "exportView('svg') of the 3-cube's network: an SVG document with one circle per node (8)", svg.slice(0, 300));
  const pngUrl = await page.evaluate(() => window.loadlab.exportView("png"));
  const png = Buffer.from(pngUrl.replace(/^data:image\/png;base64,/, ""), "base64");
  let pixels = Buffer.alloc(0);
  for (let at = 8; at + 12 <= png.length;) {
    const n = png.readUInt32BE(at);
    if (png.toString("latin1", at + 4, at + 8) === "IDAT") pixels = Buffer.concat([pixels, png.subarray(at + 8, at + 8 + n)]);
    at += 12 + n;
  }
  const [pw, ph] = png.length > 24 ? [png.readUInt32BE(16), png.readUInt32BE(20)] : [0, 0];
  const raw = pixels.length ? inflateSync(pixels) : Buffer.alloc(0);
  check(pngUrl.startsWith("data:image/png;base64,") && png.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])) &&
        pw > 300 && pw < 1280 && ph > 200 && ph < 800 && raw.length === ph * (1 + 3 * pw) && new Set(raw).size > 16,
        "exportView('png'): a PNG of the view window only (smaller than the page), not blank", [pngUrl.slice(0, 40), pw, ph]);

  // --- Edits wait for a pause: two quick edits start one run -------------------------------------
  const runs0 = st.runs_started;
  const queued = await page.evaluate(() => [window.loadlab.editField("/loads/0", 18), window.loadlab.editField("/loads/1", 12)]);
  let st1 = await state(page);
  check(queued[0] && queued[1] && st1.edit_pending && st1.runs_started === runs0, "two quick edits wait for the pause: nothing ran yet",
        [queued, st1.edit_pending, st1.runs_started, runs0]);
  await page.waitForFunction(() => { const s = window.loadlab.state(); return !s.edit_pending && !s.busy && s.scenario.loads[1] === 12; },
                             null, { timeout: 30000 });
  st = await state(page);
  check(st.runs_started === runs0 + 1 && st.scenario.loads[0] === 18 && st.results.length === 3,
        "after the pause both edits are in and exactly one run started", [st.runs_started, runs0, st.scenario.loads]);

  // --- The results table's columns stay put: a re-run, then a run with one algorithm fewer --------
  const columns = (s) => ({ headers: s.results_table && s.results_table.headers, x: s.results_table && s.results_table.x });
  await waitFrames(page, 3);
  const cols0 = columns(await state(page));
  const rerun = async (started) => {
    await page.waitForFunction((n) => { const s = window.loadlab.state(); return !s.busy && s.runs_started > n && s.last_run === "done"; },
                               started, { timeout: 30000 });
    await waitFrames(page, 3);
    return state(page);
  };
  st = await state(page);
  await page.evaluate(() => window.loadlab.run());
  st = await rerun(st.runs_started);
  const cols1 = columns(st);
  check(Array.isArray(cols0.x) && cols0.x.length === cols0.headers.length && cols0.headers.length > 3 &&
        same(cols0.headers, cols1.headers) && same(cols0.x, cols1.x),
        "a re-run keeps the results table's columns and their x positions", [cols0, cols1]);
  await page.evaluate(() => window.loadlab.setField("/algorithms", ["cwa", "optimal"]));
  st = await rerun(st.runs_started);
  const cols2 = columns(st);
  check(st.results.length === 2 && same(cols0.headers, cols2.headers) && same(cols0.x, cols2.x),
        "a run of two of the three algorithms shows the same columns at the same places", [cols0, cols2]);

  // --- Loads from a file (the form's "Loads from file..."): CSV with a header, errors, the input ---
  const fileLoads = [5, 0, 7, 1, 2, 9, 3, 4];
  await page.evaluate((t) => window.loadlab.loadFile(t, "loads.csv"),
                      "node,load\n" + fileLoads.map((w, i) => `${i},${w}`).join("\n") + "\n");
  await page.waitForFunction((w) => { const s = window.loadlab.state();
    return !s.busy && JSON.stringify(s.scenario.loads) === JSON.stringify(w) && s.results.length === 2; },
  fileLoads, { timeout: 30000 }).catch(() => {});
  st = await state(page);
  check(same(st.scenario.loads, fileLoads) && st.results.every((r) => r.verified),
        "a CSV file's load column becomes the scenario's loads, and it runs", [st.scenario.loads, st.status]);
  await page.evaluate(() => window.loadlab.loadFile("4\n2\nlots\n1\n", "bad.csv"));
  await page.waitForFunction(() => window.loadlab.state().status_is_error, null, { timeout: 10000 }).catch(() => {});
  st = await state(page);
  check(st.status_is_error && /^\/loads: line 3 of bad\.csv/.test(st.status) && same(st.scenario.loads, fileLoads),
        "a bad value is refused with the field and the line named, the loads unchanged", st.status);
  await page.evaluate(() => window.loadlab.loadFile("[1, 2, 3]", "three.json"));
  await waitFrames(page, 4);
  st = await state(page);
  check(st.status_is_error && /three\.json has 3 loads; the topology has 8 nodes/.test(st.status),
        "a file with another node count is refused and says both counts", st.status);
  await page.setInputFiles("#load-file-input", { name: "ones.json", mimeType: "application/json",
                                                 buffer: Buffer.from("[1, 1, 1, 1, 1, 1, 1, 1]") });
  await page.waitForFunction(() => { const s = window.loadlab.state(); return !s.busy && s.scenario.loads.every((w) => w === 1); },
                             null, { timeout: 30000 }).catch(() => {});
  st = await state(page);
  check(st.scenario.loads.every((w) => w === 1) && !st.status_is_error,
        "the page's file input for loads reads a JSON file into the form", [st.scenario.loads, st.status]);

  // --- Number boxes: type a value and Enter; Tab and Shift+Tab move between fields -----------------
  const box = (s, label) => (s.number_fields || []).find((f) => f.label === label);
  const dimBox = box(st, "Dimension");
  check(dimBox !== undefined, "the cube's Dimension slider has a number box", st.number_fields);
  if (dimBox) {
    const k = st.display_scale || 1;
    await page.mouse.click((dimBox.box[0] + dimBox.box[2]) / 2 / k, (dimBox.box[1] + dimBox.box[3]) / 2 / k);
    await page.waitForFunction(() => window.loadlab.state().number_field_active === "Dimension", null, { timeout: 10000 }).catch(() => {});
    await page.keyboard.press("Control+A");
    await page.keyboard.type("4");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => { const s = window.loadlab.state(); return s.scenario.topology.dim === 4 && !s.edit_pending && !s.busy; },
                               null, { timeout: 30000 }).catch(() => {});
    st = await state(page);
    check(st.scenario.topology.dim === 4 && st.nodes === 16 && st.results.length > 0, "typing 4 and Enter in the Dimension box makes a 4-cube and runs it",
          [st.scenario.topology, st.nodes, st.status]);
    const dim2 = box(st, "Dimension");
    await page.mouse.click((dim2.box[0] + dim2.box[2]) / 2 / k, (dim2.box[1] + dim2.box[3]) / 2 / k);
    await page.waitForFunction(() => window.loadlab.state().number_field_active === "Dimension", null, { timeout: 10000 }).catch(() => {});
    await page.keyboard.press("Tab");
    await page.waitForFunction(() => { const s = window.loadlab.state(); return s.text_input && s.number_field_active !== "Dimension"; },
                               null, { timeout: 10000 }).catch(() => {});
    const afterTab = await state(page);
    await page.keyboard.press("Shift+Tab");
    await page.waitForFunction(() => window.loadlab.state().number_field_active === "Dimension", null, { timeout: 10000 }).catch(() => {});
    const afterBack = await state(page);
    check(afterTab.text_input && afterTab.number_field_active !== "Dimension" && afterBack.number_field_active === "Dimension",
          "Tab moves the keyboard to the next field and Shift+Tab back to the Dimension box",
          [afterTab.text_input, afterTab.number_field_active, afterBack.number_field_active]);
    await page.keyboard.press("Escape");
  }
  await page.close();

  // --- Bad links show a persistent error and load nothing ----------------------------------------
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
    // Nothing expires a status by time; what could replace it is a later event, drawn in a frame.
    await waitFrames(page, 10);
    const st3 = await state(page);
    check(st0.status_is_error && /Bad link/.test(st0.status) && why.test(st0.status), `${label}: a clear error names the problem`, st0.status);
    check(st3.status_is_error && st3.status === st0.status && st3.status_pinned, `${label}: the error is still there 10 frames later`, st3.status);
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
  await waitFrames(page, 10);
  st = await state(page);
  check(st.status_is_error && st.status.includes("/topology/dim") && !(Array.isArray(st.results) && st.results.length),
        "a refused scenario's error names /topology/dim, stays 10 frames and nothing runs", st.status);
  await page.close();

  check(pageErrors.length === 0, "no uncaught page errors", pageErrors);
  ok = true;
} finally {
  if (!ok) await close();
}
await finish();
