// The iterative balancing (GDE) and dynamic kinds in the browser build:
//   node tests/web/e2e_kinds1.mjs <site dir> <screenshot dir>
// Opens the notes' Problems 2 and 3 (GDE, balance kind) and the dynamic kind's gallery presets
// through the test hook, checks that every result is verified and carries the keys the views read
// (Problem 2: 7500 everywhere after one sweep; Problem 3: 22 sweeps, ERRATA.md 003), that the
// views drew frames without errors, and keeps a screenshot of each view
// (kinds1_*.png). A scenario with diffusion, gradient and termination detection is opened with
// window.loadlab.open(json) to show the convergence plot and the pressure surface.
// A fork scheduled by DSH checks that the Gantt chart hatches the copies (state().gantt, the SVG).
import { join } from "node:path";
import { startHarness } from "./harness.mjs";

const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 500 });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 }, deviceScaleFactor: 1 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 2,
                             null, { timeout: 60000 });
  await page.evaluate(() => window.loadlab.welcome("dismiss"));
  const state = () => page.evaluate(() => window.loadlab.state());
  // Waits until the scenario named `name` is installed, has run, and a few frames were drawn.
  const settle = async (name, shot) => {
    await page.waitForFunction((n) => { const s = window.loadlab.state();
                                        return !s.busy && s.scenario && s.scenario.name === n &&
                                               Array.isArray(s.results) && s.results.length > 0; },
                               name, { timeout: 30000 });
    const f0 = (await state()).frames;
    await page.waitForFunction((t) => window.loadlab.state().frames >= t, f0 + 8, { timeout: 20000 });
    await page.screenshot({ path: join(shots, shot) });
    return state();
  };
  const openJson = async (sc) => page.evaluate((text) => window.loadlab.open(text), JSON.stringify(sc));

  // 1. Notes, Problem 2 (gallery preset): one GDE sweep, every processor holds 7500.
  check(await page.evaluate(() => window.loadlab.openExample("notes_problem2")), "the notes_problem2 preset exists");
  let st = await settle("Notes, Problem 2: GDE (lambda = 1/2) on a 4-cube", "kinds1_problem2.png");
  let gde = st.results.find((r) => r.algorithm === "gde");
  check(gde && gde.verified === true, "Problem 2: gde is verified", gde);
  check(gde && gde.final_loads.length === 16 && gde.final_loads.every((w) => w === 7500),
        "Problem 2: every processor holds 7500 after one sweep (ERRATA 003)", gde && gde.final_loads);
  check(gde && gde.colouring && gde.colouring.colours === 4, "Problem 2: the 4-cube has 4 colour classes", gde && gde.colouring);

  // 1b. Narration: Wu's Example 1 step by step (Wu 1997, Example 1's table: W_3 = 11, Q_3 = 5,
  //     W_1 = 20, Q_1 = 15, W_6 = 11, Q_6 = 12, W_7 = 3, Q_7 = 4; 16 task-hops), each step's
  //     caption read from state().narration after setStep(k).
  check(await page.evaluate(() => window.loadlab.openExample("wu_example1")), "the wu_example1 preset exists");
  st = await settle("Wu, Example 1: TWA on a 9-node tree", "kinds1_narration_twa.png");
  const twaSteps = ["node 3: its subtree holds 11 tasks, its quota is 5, so it sends 6 up to node 1",
                    "node 1: its subtree holds 20 tasks, its quota is 15, so it sends 5 up to node 0",
                    "node 6: its subtree holds 11 tasks, its quota is 12, so node 0 sends 1 down to it",
                    "node 7: its subtree holds 3 tasks, its quota is 4, so node 6 sends 1 down to it",
                    "16 task-hops"];
  for (let k = 0; k < twaSteps.length; ++k) {
    await page.evaluate((step) => window.loadlab.setStep(step), k);
    const seen = await page.waitForFunction((want) => { const n = window.loadlab.state().narration;
                                                        return typeof n === "string" && n.includes(want) ? n : false; },
                                            twaSteps[k], { timeout: 10000 }).then((h) => h.jsonValue(), () => null);
    check(seen, `Example 1 narration, step ${k}: "${twaSteps[k]}"`, (await state()).narration);
  }

  // 1c. Narration in the other kinds: one algorithm each, stepped with setStep(k); the caption
  //     under the view (state().narration) carries the step's numbers from the paper or a hand
  //     calculation, and the lit pseudo-code line (state().narration_line) is the one that step
  //     executes.
  const flbDoc = await page.evaluate(() => { window.loadlab.openExample("flb_table1"); return true; });
  check(flbDoc, "the flb_table1 preset exists");
  st = await settle("FLB, Table 1 example (graph reconstructed from the printed trace)", "kinds1_narration_dag_graph.png");
  const narratedKinds = [
    // FLB's Table 1, row 3: t2-p0 (EP, EST 5) against t1-p1 (non-EP, EST 3) -> t1 on p1 at [3, 5].
    { sc: { ...st.scenario, name: "narrated flb", algorithms: ["flb"], ui: { tab: "steps", select: "flb" } },
      step: 2, caption: "FLB schedules t1 on P1 at [3, 5]", line: "schedule the pair that starts earlier" },
    // Guided self-scheduling: the second chunk is ceil(750 / 4) = 188.
    { sc: { loadlab: 1, kind: "loop", name: "narrated gss", iterations: 1000, processors: 4,
            cost: { profile: "decreasing", value: 1 }, overhead: 0.5, algorithms: ["gss"] },
      step: 1, caption: "⌈750/4⌉) = 188", line: "chunk = max(k, ⌈R/P⌉)" },
    // Li, Veeravalli & Ko, Example 3 (Table 2): IBS's second round injects 485.6.
    { sc: { loadlab: 1, kind: "dlt", name: "narrated ibs", dim: 8, E: 3, C: 2, load: 1000, buffer: 10,
            algorithms: ["ibs"] },
      step: 1, caption: "X = C(8,1)·L_q = 485.6", line: "L_q = B_q/α_q" },
    // Houstis et al.'s coscheduling fragmentation: the 5-thread job leaves P5-P9 idle.
    { sc: { loadlab: 1, kind: "os", name: "narrated coscheduling", processors: 10,
            jobs: [{ work: 20, threads: 10 }, { work: 10, threads: 5 }], algorithms: ["coscheduling"],
            params: { coscheduling: { quantum: 1 } } },
      step: 1, caption: "5 of 10 processors idle (P5–P9)", line: "switch together to the next row" },
    // Bisecting an 8 x 8 grid into two halves of 32 cuts the 8 edges across the middle (the mesh
    // view narrates the parts; the bisection's own steps come with the Bisection steps tab).
    { sc: { loadlab: 1, kind: "partition", name: "narrated orb_m", mesh: { generator: "grid", rows: 8, cols: 8 },
            parts: 2, algorithms: ["orb_m"] },
      step: 1, caption: "In all 8 edges are cut", line: "bisect(left, ⌊P/2⌋)" },
    // Work stealing on two nodes, 8 tasks on node 0: node 1 steals half, 4 tasks.
    { sc: { loadlab: 1, kind: "dynamic", name: "narrated work stealing", topology: { type: "line", nodes: 2 },
            workload: { initial: [8, 0], duration: { profile: "constant", value: 1 } }, costs: { hop: 0.1 },
            algorithms: ["work_stealing"] },
      step: 1, caption: "node 1 is idle and steals half of node 0's queue: 4 tasks", line: "the victim sends half" },
  ];
  for (const n of narratedKinds) {
    check(await openJson(n.sc), `${n.sc.kind}: window.loadlab.open accepts "${n.sc.name}"`);
    await settle(n.sc.name, `kinds1_narration_${n.sc.kind}.png`);
    // The view builds its narration when drawn (the dag's Steps tab records its trace on a worker).
    await page.waitForFunction(() => (window.loadlab.state().narration || "") !== "", null, { timeout: 20000 }).catch(() => {});
    await page.evaluate((k) => window.loadlab.setStep(k), n.step);
    const seen = await page.waitForFunction(([c, l]) => {
      const s = window.loadlab.state();
      return typeof s.narration === "string" && s.narration.includes(c) &&
             typeof s.narration_line === "string" && s.narration_line.includes(l) ? [s.narration, s.narration_line] : false;
    }, [n.caption, n.line], { timeout: 15000 }).then((h) => h.jsonValue(), () => null);
    const now = await state();
    check(seen, `${n.sc.kind} narration, step ${n.step}: "${n.caption}", pseudo-code line "${n.line}" lit`,
          { narration: now.narration, line: now.narration_line });
  }

  // 1d. Duplicates in the Gantt chart: a (1) forks to b, c, d (2 each) over messages of 5 on three
  //     processors; DSH copies a beside two children so each starts at 1 (makespan 3 = a + b, the
  //     computation-only critical path): 4 tasks + 2 hatched copies, and the SVG marks both copies.
  const fork = { loadlab: 1, kind: "dag", name: "fork with copies", processors: 3, algorithms: ["dsh"],
                 graph: { tasks: [1, 2, 2, 2].map((c, i) => ({ id: "abcd"[i], cost: c })),
                          edges: ["b", "c", "d"].map((to) => ({ from: "a", to, cost: 5 })) },
                 ui: { tab: "gantt" } };
  check(await openJson(fork), "window.loadlab.open accepts the fork with dsh");
  st = await settle(fork.name, "kinds1_dag_duplicates_gantt.png");
  const dshRun = st.results.find((r) => r.algorithm === "dsh");
  check(dshRun && dshRun.verified === true && dshRun.makespan === 3, "dsh on the fork: verified, makespan 3", dshRun);
  const gantt = await page.waitForFunction(() => { const g = window.loadlab.state().gantt;
                                                  return g && g.bars === 6 ? g : false; },
                                           null, { timeout: 10000 }).then((h) => h.jsonValue(), () => null);
  check(gantt && gantt.duplicates === 2, "the Gantt chart draws 6 bars, 2 of them hatched copies", gantt);
  const forkSvg = await page.evaluate(() => window.loadlab.exportView("svg"));
  check((forkSvg.match(/task a \(duplicate\)/g) || []).length === 2 && forkSvg.includes("duplicate (a task run again"),
        "the Gantt SVG hatches both copies of a and explains the hatching", forkSvg.slice(0, 200));

  // 1e. Online arrivals (dag_online_example, Steps tab on online_heft): worked by hand in
  //     tests/io/test_dag_online_preset.cpp, offline HEFT 12 and online HEFT 15; decisions a at 0,
  //     b, c, e at 1 (a finished), d at 5 (e finished). After the second decision the clock is 1,
  //     a, b, c, e are revealed, a and b placed; after the last, the clock is 5 and all 5 placed.
  check(await page.evaluate(() => window.loadlab.openExample("dag_online_example")), "the dag_online_example preset exists");
  st = await settle("Online vs offline HEFT: a hidden chain", "kinds1_online_dag.png");
  const mk = Object.fromEntries((st.results || []).map((r) => [r.algorithm, r.makespan]));
  check(mk.heft === 12 && mk.online_heft === 15 && mk.online_mct === 15,
        "online preset: offline HEFT 12, online HEFT and MCT 15 (by hand)", mk);
  // The Steps tab takes the online record when drawn (its first frame resets the step).
  await page.waitForFunction(() => { const s = window.loadlab.state();
                                     return s.online && (s.narration || "").startsWith("t = "); },
                             null, { timeout: 15000 }).catch(() => {});
  const onlineFrames = [
    { step: 1, time: 1, revealed: ["a", "b", "c", "e"], placed: ["a", "b"], caption: "cannot know that d arrives at 5" },
    { step: 4, time: 5, revealed: ["a", "b", "c", "e", "d"], placed: ["a", "b", "c", "e", "d"], caption: "t = 5: d" },
  ];
  for (const f of onlineFrames) {
    await page.evaluate((k) => window.loadlab.setStep(k), f.step);
    const seen = await page.waitForFunction((want) => {
      const s = window.loadlab.state(), o = s.online;
      return o && o.step === want.step && typeof s.narration === "string" && s.narration.includes(want.caption)
        ? { online: o, narration: s.narration } : false;
    }, f, { timeout: 15000 }).then((h) => h.jsonValue(), () => null);
    const o = seen && seen.online;
    check(o && o.time === f.time && JSON.stringify(o.revealed) === JSON.stringify(f.revealed) &&
          JSON.stringify(o.placed) === JSON.stringify(f.placed),
          `online frame at decision ${f.step}: clock ${f.time}, revealed ${f.revealed}, placed ${f.placed}; caption "${f.caption}"`,
          seen || { online: (await state()).online, narration: (await state()).narration });
  }

  // 2. Notes, Problem 3, opened as JSON with the sweeps tab in front: 22 sweeps.
  const p3 = await page.evaluate(() => { window.loadlab.openExample("notes_problem3"); return true; });
  check(p3, "the notes_problem3 preset exists");
  st = await settle("Notes, Problem 3: GDE on a 5x5 mesh, load 1000 (i + j)", "kinds1_problem3_network.png");
  const p3doc = st.scenario;
  p3doc.ui = { iterative_view: "sweeps" };
  p3doc.name = "Problem 3, sweeps tab";
  check(await openJson(p3doc), "window.loadlab.open accepts Problem 3 with a ui.iterative_view");
  st = await settle("Problem 3, sweeps tab", "kinds1_problem3_sweeps.png");
  gde = st.results.find((r) => r.algorithm === "gde");
  check(gde && gde.verified === true && gde.sweeps === 22, "Problem 3: gde is verified and takes 22 sweeps (ERRATA 003)",
        gde && { verified: gde.verified, sweeps: gde.sweeps });
  check(gde && gde.colouring && gde.colouring.colours === 4 && gde.colouring.colour.length === 40,
        "Problem 3: four colour classes over the mesh's 40 edges", gde && gde.colouring);
  // The Sweeps tab opens on the last sweep: the caption is its last colour class, where the stop
  // rule holds after the notes' 22 sweeps.
  const sweepCaption = await page.waitForFunction(() => { const n = window.loadlab.state().narration;
                                                          return typeof n === "string" && n.includes("GDE sweep 22, colour class 3 of 4") &&
                                                                 n.includes("held after sweep 22") ? n : false; },
                                                   null, { timeout: 10000 }).then((h) => h.jsonValue(), () => null);
  check(sweepCaption, "Problem 3, Sweeps tab: the caption narrates sweep 22's last colour class and the stop rule", (await state()).narration);

  // 3. Diffusion, gradient and GDE with termination detection on the same mesh: convergence plot
  //    and pressure surface.
  const mix = { ...p3doc, name: "Problem 3: diffusion, gradient, gde with termination",
                algorithms: ["gde", "diffusion", "gradient"],
                params: { gde: { lambda: 0.5, stop: { max_minus_min: 1 }, termination: "dijkstra_scholten" },
                          diffusion: { alpha: "optimal", stop: { max_minus_min: 1 } },
                          gradient: { max_sweeps: 50 } },
                ui: { iterative_view: "convergence" } };
  check(await openJson(mix), "window.loadlab.open accepts the mixed iterative scenario");
  st = await settle(mix.name, "kinds1_convergence.png");
  check(st.results.length === 3 && st.results.every((r) => r.verified === true),
        "gde, diffusion and gradient are all verified", st.results.map((r) => [r.algorithm, r.verified]));
  const t = st.results.find((r) => r.algorithm === "gde");
  check(t && t.termination && t.termination.detected_at_sweep >= 22,
        "termination is detected no earlier than the stop rule holds", t && t.termination);
  const g = st.results.find((r) => r.algorithm === "gradient");
  check(g && Array.isArray(g.pressure) && g.pressure.length === 25, "gradient reports a pressure per node", g && g.pressure);
  mix.ui = { iterative_view: "pressure" };
  mix.name = "Problem 3: pressure tab";
  await openJson(mix);
  await settle(mix.name, "kinds1_pressure.png");
  mix.ui = { iterative_view: "sweeps" };
  mix.name = "Problem 3: sweeps with the termination tree";
  await openJson(mix);
  await settle(mix.name, "kinds1_ds_tree.png");

  // 4. The dynamic kind's gallery presets: every strategy verified, the views drawn.
  for (const [preset, n] of [["dynamic_hotspot_mesh", 7], ["dynamic_bursts_hypercube", 5], ["dynamic_bnb_ring", 5]]) {
    // Opening installs the scenario from the opener's worker a few frames later: wait for the new
    // name, not only the kind (the previous preset is dynamic too).
    const before = (await state()).scenario.name;
    check(await page.evaluate((p) => window.loadlab.openExample(p), preset), `the ${preset} preset exists`);
    await page.waitForFunction((b) => { const s = window.loadlab.state(); return s.kind === "dynamic" && s.scenario.name !== b; },
                               before, { timeout: 30000 });
    const name = (await state()).scenario.name;
    st = await settle(name, `kinds1_${preset}.png`);
    check(st.kind === "dynamic" && st.results.length === n && st.results.every((r) => r.verified === true),
          `${preset}: ${n} strategies, all verified`, st.results.map((r) => [r.algorithm, r.verified]));
    check(st.results.every((r) => r.completion_time > 0 && r.efficiency > 0 && r.efficiency <= 1),
          `${preset}: completion time and efficiency in (0, 1]`, st.results.map((r) => [r.algorithm, r.efficiency]));
    check(!st.status_is_error, `${preset}: no error in the status line`, st.status);
  }
  // The other dynamic tabs, through the scenario's "ui".
  const hot = (await page.evaluate(() => window.loadlab.scenario()));
  for (const tab of ["tasks", "compare", "network"]) {
    await openJson({ ...hot, name: `bnb ring: ${tab}`, ui: { dynamic_view: tab } });
    await settle(`bnb ring: ${tab}`, `kinds1_dynamic_${tab}.png`);
  }
  // RIPS's system phases replayed (select rips: the last strategy of the bnb ring preset).
  await openJson({ ...hot, name: "bnb ring: phases", ui: { dynamic_view: "phases", select: "rips" } });
  st = await settle("bnb ring: phases", "kinds1_dynamic_phases.png");
  check(st.dynamic_threads && st.dynamic_threads.phase.phase >= 0 && st.dynamic_threads.phase.steps > 0 &&
        st.dynamic_threads.phase.matches_run === true && st.dynamic_threads.phase.error === "",
        "System phases: the first RIPS phase that moves tasks replays to the run's migrations",
        st.dynamic_threads && st.dynamic_threads.phase);
  // The shared-memory strategies on 2 real threads (Web Workers): each runs the tree exactly once.
  for (const workload of ["scenario", "uts_geometric"]) {
    await openJson({ ...hot, name: `bnb ring: threads ${workload}`, ui: { dynamic_view: "threads" } });
    check(await page.evaluate((w) => window.loadlab.dynamicThreads(w, 2), workload), `Real threads (${workload}) started`);
    await page.waitForFunction(() => { const d = window.loadlab.state().dynamic_threads; return d && !d.busy && d.rows; },
                               null, { timeout: 120000 });
    st = await settle(`bnb ring: threads ${workload}`, `kinds1_dynamic_threads_${workload}.png`);
    const d = st.dynamic_threads;
    check(d.error === "" && d.threads === 2 && d.rows.length === 3 &&
          d.rows.every((r) => r.verified === true && r.tasks === d.tasks && r.seconds > 0),
          `Real threads (${workload}): none, random, work_stealing each ran the ${d.tasks} tasks once, on Web Workers`, d);
    const ws = d.rows.find((r) => r.strategy === "work_stealing");
    console.log(`  real threads ${workload}: ${d.rows.map((r) => `${r.strategy} ${r.seconds.toFixed(3)} s, ` +
                `efficiency ${(100 * r.efficiency).toFixed(0)}%, steals ${r.steals}`).join("; ")}`);
    check(ws && ws.steals > 0, `Real threads (${workload}): work stealing stole (roots start on one thread)`, ws);
  }
  // 5. One strategy fails while running, the other completes: the failed strategy's row says so
  //    (with its reason), every dynamic view skips it, and the page keeps running.
  const failing = { loadlab: 1, kind: "dynamic", seed: 3, topology: { type: "line", nodes: 2 },
                    workload: { initial: [12, 0], duration: { profile: "constant", value: 1e8 } },
                    algorithms: ["none", "work_stealing"] };
  for (const tab of ["chart", "tasks", "compare", "network"]) {
    const name = `one strategy fails: ${tab}`;
    await openJson({ ...failing, name, ui: { dynamic_view: tab } });
    st = await settle(name, `kinds1_failed_row_${tab}.png`);
    const none = st.results.find((r) => r.algorithm === "none");
    const ws = st.results.find((r) => r.algorithm === "work_stealing");
    check(none && none.error && none.error.field === "/workload" && /ran past time/.test(none.error.message) &&
          none.verified === false, `${tab}: the failed strategy's entry carries its error`, none);
    check(ws && !ws.error && ws.verified === true && ws.tasks === 12, `${tab}: the other strategy's result is complete`, ws);
    const t = st.results_table;
    const row = t && t.rows.find((r) => r[0] === "none");
    check(row && row[1] === "failed" && row.some((c) => /ran past time/.test(c)),
          `${tab}: the results table shows the failed row with its reason`, t && t.rows);
    check(t && t.rows.some((r) => r[0] === "work_stealing" && r[1] === "yes"), `${tab}: and the verified row`, t && t.rows);
  }
  const f0 = (await state()).frames;
  await page.waitForFunction((t) => window.loadlab.state().frames >= t, f0 + 30, { timeout: 20000 });
  check(await page.evaluate(() => window.loadlab.openExample("dynamic_bnb_ring")), "after the failure, another preset opens");
  st = await settle(hot.name, "kinds1_after_failure.png");
  check(st.results.length === 5 && st.results.every((r) => r.verified === true && !r.error),
        "after the failure, the next run is complete and verified", st.results.map((r) => r.algorithm));

  const stats = await page.evaluate(() => window.loadlab.frameStats());
  check(errors.length === 0, "no page errors", errors);
  check(stats && stats.ui > 0 && stats.ui_max < 2000, "frames were drawn, none took 2 s of UI time", stats);
} catch (e) {
  console.log("  FAIL exception: " + (e && e.stack ? e.stack : e));
  await close();
  throw e;
}
await finish();
