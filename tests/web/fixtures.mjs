// Scenarios and helpers several browser suites share. Values are the papers' worked examples:
// Wu 1997 (On Runtime Parallel Scheduling for Processor Load Balancing), Examples 3 and 4, and the
// task graph of Radulescu & van Gemund 1999 (FLB), Table 1.
export const example3 = { loadlab: 1, kind: "balance", name: "Wu, Example 3: CWA and DEM on a 3-cube", seed: 42,
                          topology: { type: "hypercube", dim: 3 }, loads: [19, 11, 2, 9, 0, 9, 10, 4],
                          algorithms: ["cwa", "dem", "optimal"] };
export const example4 = { loadlab: 1, kind: "balance", name: "Wu, Example 4: MWA on a 4x4 mesh", seed: 1,
                          topology: { type: "mesh", rows: 4, cols: 4 },
                          loads: [7, 12, 6, 16, 17, 3, 0, 15, 2, 13, 5, 5, 5, 6, 4, 12], algorithms: ["mwa", "optimal"] };
export const flbGraph = { tasks: [2, 2, 2, 3, 3, 3, 2, 2].map((c, i) => ({ id: "t" + i, cost: c })),
  edges: [[0, 1, 1], [0, 2, 4], [0, 3, 1], [1, 4, 2], [1, 5, 1], [1, 6, 2], [3, 5, 1], [2, 6, 1], [4, 7, 1], [5, 7, 3], [6, 7, 2]]
    .map(([a, b, c]) => ({ from: "t" + a, to: "t" + b, cost: c })) };
export const withoutUi = (sc) => { const c = { ...sc }; delete c.ui; return c; };
// Key order is not part of JSON's meaning (the page writes keys sorted): compare canonically.
const canon = (v) => Array.isArray(v) ? v.map(canon)
  : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
export const same = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));

/// A new page at `url` (its own browser context), ready once the playground drew a few frames.
export async function freshPage(browser, url, pageErrors, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 2,
                             null, { timeout: 90000 });
  return page;
}
