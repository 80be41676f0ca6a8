// Browser end-to-end test of the playground's node simulation.
//   node tests/web/e2e_node_sim.mjs <site dir> <screenshot dir> [--quick]
// Serves the site with COOP/COEP (scripts/serve.mjs), opens balance scenarios through share links
// made with node's own zlib, runs the algorithm as node programs in the page's Web Workers through
// window.loadlab.nodeSim(), and asserts through window.loadlab.state() / nodeSimState():
//   - pause, single-step and resume act between supersteps;
//   - the node programs end on exactly the centralized result's final_loads (and task-hops);
//   - frames keep coming while the simulation runs (the UI thread never waits for it), input is
//     still handled, and the frame times of a 65,536-node run (256 x 256 mesh, MWA) are printed.
// --quick skips the 65,536-node run.
import { join } from "node:path";
import { linkFor, startHarness } from "./harness.mjs";

const quick = process.argv.includes("--quick");
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const sameArray = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
function stats(intervals) {
  const s = [...intervals].sort((a, b) => a - b);
  const q = (p) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN);
  return { frames: s.length, median: q(0.5), p95: q(0.95), max: s.length ? s[s.length - 1] : NaN };
}
const fmt = (st) => `${st.frames} frames, median ${st.median.toFixed(1)} ms, p95 ${st.p95.toFixed(1)} ms, max ${st.max.toFixed(1)} ms`;

const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 400 });
let ok = false;

// Opens `sc` through a share link and waits for the centralized result of `algorithm`, whose
// final_loads the node simulation must reproduce. Returns that result entry.
async function openScenario(page, sc, algorithm, nodes) {
  await page.goto(linkFor(base, sc));
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 0, null, { timeout: 60000 });
  const deadline = Date.now() + 120000;
  for (;;) {
    const ok = await page.evaluate(([alg, n]) => {
      const st = window.loadlab.state();
      const r = Array.isArray(st.results) ? st.results.find((x) => x.algorithm === alg) : null;
      if (r && Array.isArray(r.final_loads) && r.final_loads.length === n && st.nodes === n) return true;
      window.loadlab.run();  // no-op while a run is busy; starts one if the link's run was skipped
      return false;
    }, [algorithm, nodes]);
    if (ok) break;
    if (Date.now() > deadline) {
      const st = await page.evaluate(() => { const s = window.loadlab.state();
        return { status: s.status, nodes: s.nodes, busy: s.busy, opening: s.opening,
                 results: Array.isArray(s.results) ? s.results.map((r) => r.algorithm) : s.results }; });
      throw new Error("the centralized result of " + algorithm + " never arrived: " + JSON.stringify(st));
    }
    await sleep(200);
  }
  const st = await page.evaluate(() => window.loadlab.state());
  return { central: st.results.find((x) => x.algorithm === algorithm), state: st };
}

async function waitSim(page, pred, arg, timeout = 60000) {
  await page.waitForFunction(([p, a]) => new Function("s", "a", "return " + p)(window.loadlab.nodeSimState(false), a),
                             [pred, arg], { timeout, polling: 50 });
  return page.evaluate(() => window.loadlab.nodeSimState(false));
}

// rAF intervals measured by the page itself (independent of the app's own frame counter).
async function startFrameProbe(page) {
  await page.evaluate(() => {
    window.__probe = { last: 0, gaps: [], on: true };
    const tick = (t) => {
      const p = window.__probe;
      if (p.last) p.gaps.push(t - p.last);
      p.last = t;
      if (p.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
async function stopFrameProbe(page) {
  return page.evaluate(() => { window.__probe.on = false; return window.__probe.gaps; });
}

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));

  // 1. A 16 x 16 mesh with MWA: pause, single-step, resume, final loads = centralized MWA.
  console.log("16 x 16 mesh, MWA, 2 engine threads, 40 supersteps/s");
  const mesh16 = { loadlab: 1, kind: "balance", seed: 7, topology: { type: "mesh", rows: 16, cols: 16 },
                   loads: { generator: "multinomial", mean: 6 }, algorithms: ["mwa"] };
  let { central } = await openScenario(page, mesh16, "mwa", 256);
  check(central.verified === true, "the centralized MWA result is verified");
  const f0 = (await page.evaluate(() => window.loadlab.state())).frames;
  check(await page.evaluate(() => window.loadlab.nodeSim({ algorithm: "mwa", threads: 2, speed: 40 })), "nodeSim() starts MWA");
  let s = await waitSim(page, "s.superstep >= 8", null);
  check(s.running && s.threads === 2 && s.algorithm === "mwa", "the simulation runs on 2 engine threads", s);
  await page.evaluate(() => window.loadlab.nodeSimCommand("pause"));
  await sleep(300);  // a superstep in progress completes; the UI's snapshot catches up
  const paused1 = await page.evaluate(() => window.loadlab.nodeSimState(false));
  await sleep(700);
  const paused2 = await page.evaluate(() => window.loadlab.nodeSimState(false));
  check(paused2.paused && paused2.superstep === paused1.superstep && !paused2.finished,
        "pause: no superstep runs while paused", [paused1.superstep, paused2.superstep]);
  check(paused2.in_flight > 0 || paused2.messages > 0, "messages are in flight / counted while paused", paused2);
  await page.screenshot({ path: join(shots, "node_sim_mesh16_paused.png") });
  await page.evaluate(() => window.loadlab.nodeSimCommand("step"));
  s = await waitSim(page, "s.superstep === a", paused2.superstep + 1, 10000);
  await sleep(500);
  s = await page.evaluate(() => window.loadlab.nodeSimState(false));
  check(s.superstep === paused2.superstep + 1, "single step: exactly one more superstep, then paused", [paused2.superstep, s.superstep]);
  await page.evaluate(() => window.loadlab.nodeSimCommand("resume"));
  s = await waitSim(page, "s.finished || s.failed", null, 60000);
  let st = await page.evaluate(() => window.loadlab.state());
  let ns = st.node_sim;
  check(!ns.failed, "the node simulation did not fail", ns.error);
  check(sameArray(ns.final_loads, central.final_loads), "MWA node programs end on the centralized final_loads",
        { node: ns.final_loads && ns.final_loads.slice(0, 16), central: central.final_loads.slice(0, 16) });
  check(ns.matches_central === 1, "the app itself reports '= central result'", ns.matches_central);
  check(ns.tasks_moved === central.metrics.task_hops, "tasks moved by messages = centralized task-hops",
        [ns.tasks_moved, central.metrics.task_hops]);
  // docs/simulation.md: MWA takes at most 3(n1 + n2) - 6 communication supersteps.
  check(ns.supersteps > 0 && ns.supersteps <= 3 * (16 + 16) - 6, "MWA supersteps within 3(n1+n2)-6 = 90", ns.supersteps);
  check(ns.off_ui_thread === true, "supersteps ran off the UI thread (a Web Worker)");
  check(st.frames - f0 > 30, "frames kept advancing while the simulation ran", st.frames - f0);
  await page.screenshot({ path: join(shots, "node_sim_mesh16_done.png") });

  // 2. Wu's 3-cube (Example 3) with CWA, as fast as possible; then reset returns to the initial loads.
  console.log("3-cube (Wu, Example 3), CWA, as fast as possible");
  const cube = { loadlab: 1, kind: "balance", seed: 42, topology: { type: "hypercube", dim: 3 },
                 loads: [19, 11, 2, 9, 0, 9, 10, 4], algorithms: ["cwa", "dem"] };
  ({ central } = await openScenario(page, cube, "cwa", 8));
  check(await page.evaluate(() => window.loadlab.nodeSim({ algorithm: "cwa", threads: 2, speed: 0 })), "nodeSim() starts CWA");
  await waitSim(page, "s.finished || s.failed", null, 30000);
  ns = (await page.evaluate(() => window.loadlab.state())).node_sim;
  check(sameArray(ns.final_loads, central.final_loads), "CWA node programs end on the centralized final_loads",
        [ns.final_loads, central.final_loads]);
  // The balanced 3-cube: 64 tasks on 8 nodes, every node ends with 8 (Example 3).
  check(sameArray(ns.final_loads, [8, 8, 8, 8, 8, 8, 8, 8]), "Example 3 ends with 8 tasks on every node", ns.final_loads);
  check(ns.supersteps === 6, "CWA takes 2d = 6 supersteps on the 3-cube (docs/simulation.md)", ns.supersteps);
  check(await page.evaluate(() => window.loadlab.nodeSimCommand("reset")), "reset is accepted");
  await page.waitForFunction(() => !window.loadlab.nodeSimState(false).active, null, { timeout: 10000 }).catch(() => {});
  s = await page.evaluate(() => window.loadlab.nodeSimState(false));
  check(!s.active && s.enabled && s.superstep === 0, "after reset no run is active and the mode stays on", s);
  check(await page.evaluate(() => !window.loadlab.nodeSim({ algorithm: "mwa" })), "MWA is refused on a hypercube");
  check(await page.evaluate(() => window.loadlab.nodeSim({ algorithm: "dem", threads: 1, speed: 0 })), "DEM starts on 1 thread");
  await waitSim(page, "s.finished || s.failed", null, 30000);
  const dem = (await page.evaluate(() => window.loadlab.state()));
  check(sameArray(dem.node_sim.final_loads, dem.results.find((x) => x.algorithm === "dem").final_loads),
        "DEM node programs end on the centralized final_loads", dem.node_sim.final_loads);

  // 3. 65,536 nodes: a 256 x 256 mesh with MWA in the workers while the UI keeps drawing.
  if (!quick) {
    console.log("256 x 256 mesh (65,536 nodes), MWA, 2 engine threads, as fast as possible");
    const big = { loadlab: 1, kind: "balance", seed: 3, topology: { type: "mesh", rows: 256, cols: 256 },
                  loads: { generator: "uniform", mean: 8 }, algorithms: ["mwa"] };
    ({ central } = await openScenario(page, big, "mwa", 65536));
    await sleep(1000);
    const cpu = () => page.evaluate(() => window.loadlab.frameStats ? window.loadlab.frameStats() : null);
    const cpuFmt = (c) => c ? `main-thread CPU per frame: UI ${c.ui.toFixed(1)} ms (max ${c.ui_max.toFixed(1)}), WebGL submit ${c.render.toFixed(1)} ms (max ${c.render_max.toFixed(1)})` : "";
    await cpu();
    await startFrameProbe(page);
    await sleep(3000);
    const idle = stats(await stopFrameProbe(page));
    console.log("  frame time, simulation idle:    " + fmt(idle));
    console.log("    " + cpuFmt(await cpu()));
    const zoom0 = (await page.evaluate(() => window.loadlab.state())).view_zoom;
    await startFrameProbe(page);
    const tStart = Date.now();
    check(await page.evaluate(() => window.loadlab.nodeSim({ algorithm: "mwa", threads: 2, speed: 0 })), "nodeSim() starts MWA on 65,536 nodes");
    // Input while it runs: wheel over the network view must zoom (the UI thread handles events).
    // The pointer goes to the middle of the view window the page reports.
    const vb = (await page.evaluate(() => window.loadlab.state())).view_box;
    await page.mouse.move((vb[0] + vb[2]) / 2, (vb[1] + vb[3]) / 2);
    for (let i = 0; i < 3; i++) { await page.mouse.wheel(0, -120); await sleep(150); }
    let roundTrip = 0;
    for (;;) {
      const t = Date.now();
      s = await page.evaluate(() => window.loadlab.nodeSimState(false));
      roundTrip = Math.max(roundTrip, Date.now() - t);
      if (s.finished || s.failed || Date.now() - tStart > 300000) break;
      await sleep(100);
    }
    const runMs = Date.now() - tStart;
    const running = stats(await stopFrameProbe(page));
    st = await page.evaluate(() => window.loadlab.state());
    ns = st.node_sim;
    console.log(`  run: ${runMs} ms wall, ${ns.busy_seconds.toFixed(2)} s stepping, ${ns.supersteps} supersteps, ${ns.messages} messages`);
    console.log("  frame time, simulation running: " + fmt(running));
    const runCpu = await cpu();
    console.log("    " + cpuFmt(runCpu));
    console.log(`  app's own frame times while stepping: max ${ns.frame_ms_max.toFixed(1)} ms over ${ns.frames_running} frames; ` +
                `node-sim toolbar + overlay max ${ns.overlay_ms_max.toFixed(2)} ms per frame; slowest nodeSimState() round trip ${roundTrip} ms`);
    check(!ns.failed && ns.finished, "the 65,536-node run finished", ns.error);
    check(sameArray(ns.final_loads, central.final_loads), "65,536 nodes: node programs end on the centralized final_loads");
    check(ns.tasks_moved === central.metrics.task_hops, "65,536 nodes: tasks moved = centralized task-hops", [ns.tasks_moved, central.metrics.task_hops]);
    check(ns.supersteps <= 3 * (256 + 256) - 6, "65,536 nodes: supersteps within 3(n1+n2)-6", ns.supersteps);
    check(running.frames >= Math.max(5, runMs / 1000), "frames kept coming during the run (at least 1 per second)", running);
    check(ns.frames_running > 0, "the app drew frames while the simulation stepped", ns.frames_running);
    check(st.view_zoom !== zoom0, "mouse-wheel input during the run was handled (view zoomed)", [zoom0, st.view_zoom]);
    // The UI thread never waits for a superstep: a design that did would stall one frame for the
    // whole run (seconds). The bounds are loose because SwiftShader renders on the same 2 cores.
    check(running.max < Math.max(2000, 4 * idle.max), "no frame stalls: max frame gap stays near the idle one", [running.max, idle.max]);
    check(!runCpu || runCpu.ui_max < 1000, "the UI's own work per frame stays below 1 s while the run steps", runCpu);
    // Submitting a frame to WebGL never waits for the GPU process: nothing reads GL state back
    // (a glGet waits until SwiftShader has drawn every queued frame: 0.5-0.8 s under load).
    check(!runCpu || runCpu.render_max < 250, "submitting a frame to WebGL never waits for the GPU process (< 250 ms)", runCpu);
    await page.screenshot({ path: join(shots, "node_sim_mesh256_done.png") });

    // 4. The 16-cube (65,536 nodes) with CWA: 65,536 messages in flight per superstep while the
    // w vectors double, so the overlay's dot budget (max_dots, culled to the view) is exercised.
    console.log("16-cube (65,536 nodes), CWA, 2 engine threads, 4 supersteps/s");
    const cube16 = { loadlab: 1, kind: "balance", seed: 11, topology: { type: "hypercube", dim: 16 },
                     loads: { generator: "multinomial", mean: 4 }, algorithms: ["cwa"] };
    ({ central } = await openScenario(page, cube16, "cwa", 65536));
    await cpu();
    await startFrameProbe(page);
    const t16 = Date.now();
    check(await page.evaluate(() => window.loadlab.nodeSim({ algorithm: "cwa", threads: 2, speed: 4 })), "nodeSim() starts CWA on the 16-cube");
    s = await waitSim(page, "s.superstep >= 3 && s.in_flight >= 65536", null, 120000);
    await page.screenshot({ path: join(shots, "node_sim_cube16_running.png") });
    await page.evaluate(() => window.loadlab.nodeSimSpeed(0));
    s = await waitSim(page, "s.finished || s.failed", null, 300000);
    const cubeRun = stats(await stopFrameProbe(page));
    console.log(`  run: ${Date.now() - t16} ms wall, ${s.busy_seconds.toFixed(2)} s stepping, ${s.supersteps} supersteps, ${s.messages} messages`);
    console.log("  frame time, simulation running: " + fmt(cubeRun));
    console.log("    " + cpuFmt(await cpu()));
    console.log(`  node-sim toolbar + overlay max ${s.overlay_ms_max.toFixed(2)} ms per frame (at most ${4096} dots drawn)`);
    st = await page.evaluate(() => window.loadlab.state());
    check(sameArray(st.node_sim.final_loads, central.final_loads), "16-cube: CWA node programs end on the centralized final_loads");
    check(st.node_sim.supersteps === 32, "16-cube: CWA takes 2d = 32 supersteps", st.node_sim.supersteps);
  }

  check(pageErrors.length === 0, "no uncaught page errors", pageErrors);
  ok = true;
} finally {
  if (!ok) await close();
}
await finish();
