// Browser frame benchmark: opens big scenarios in headless Chromium with software WebGL
// (SwiftShader) and prints, per scenario, the time of a drawn frame while the view zooms (median
// and p95 of the rAF intervals across which one frame was drawn: UI build, WebGL submission and
// SwiftShader's rasterisation together), the UI build time alone (window.loadlab.frameStats().ui:
// draw_frame + ImGui::Render on the main thread) and how many idle frames were drawn at all.
// Groups (--only=a,b; default all; the "floor" scenario always runs first): "big" (2^20-node balance networks, a 10^6-task Gantt chart),
// "mesh" (partition view at 15,606 / 50,000 / 100,000 vertices and Walshaw's crack without
// coordinates), "custom" (balance view of a custom graph of thousands of nodes), "dag" (the task
// graph of 1,312- and 10,000-task workflows).
// Also per scenario: the CPU time per drawn frame of the page's renderer and of the GPU process (where
// SwiftShader rasterises), from the browser's process list (DevTools SystemInfo.getProcessInfo).
// Unlike the intervals it does not grow with the machine's load: on a shared machine the
// intervals measure the other users too. The intervals' floor (an 8-node scene, measured first)
// is SwiftShader filling the 1280 x 800 canvas and compositing it, not requestAnimationFrame
// pacing (a blank page gets 16.7 ms intervals): it scales with the pixels, not the scene.
// Also per scenario: ImGui's draw calls in the last drawn frame and the draw commands they carry
// (Dear ImGui's own OpenGL 3 backend makes one draw call per command and reads GL state back;
// the page's renderer batches them: shell/model_draw_batches.h). --stock draws with Dear ImGui's
// own backend instead, to compare; --no-fills draws ImGui's opaque rectangles as triangles instead
// of clears (shell/model_draw_fills.h), to compare; --no-mesh-texture draws a dense mesh's
// vertices as point sprites instead of one texture (partition/mesh_renderer.h), to compare.
// Not a test (speed goals are benchmarks): the README's measurement tables quote it.
//   node tests/web/bench_frames.mjs <site dir> <screenshot dir> [--only=mesh,custom] [--stock] [--no-fills] [--no-mesh-texture]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { linkFor, repo, startHarness } from "./harness.mjs";
import { workflowOfShape } from "./workflow_gen.mjs";

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const stock = process.argv.includes("--stock");
// --no-fills: the batched renderer draws ImGui's opaque rectangles as triangles, not as clears.
const noFills = process.argv.includes("--no-fills");
const noMeshTexture = process.argv.includes("--no-mesh-texture");
const only = (process.argv.find((a) => a.startsWith("--only=")) || "").slice(7).split(",").filter(Boolean);
const { shots, base, browser, check, finish } = await startHarness({ detailLimit: 300 });
const cdp = await browser.newBrowserCDPSession();
// CPU seconds so far of the renderers and of the GPU process.
const processCpu = async () => {
  const { processInfo } = await cdp.send("SystemInfo.getProcessInfo");
  const sum = (type) => processInfo.filter((p) => p.type === type).reduce((a, p) => a + p.cpuTime, 0);
  return { renderer: sum("renderer"), gpu: sum("GPU") };
};
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });

// A METIS graph file as [vertices, edges as pairs] (0-based, each edge once).
function metisEdges(path) {
  const lines = readFileSync(path, "utf8").split("\n").filter((l) => !l.startsWith("%"));
  const n = Number(lines[0].trim().split(/\s+/)[0]);
  const edges = [];
  for (let v = 0; v < n; v++) {
    for (const w of (lines[v + 1] || "").trim().split(/\s+/).filter(Boolean).map((x) => Number(x) - 1))
      if (v < w) edges.push([v, w]);
  }
  return [n, edges];
}
const walshaw = (name) => join(repo, "..", "shared", "data", "walshaw", name);
const meshScenario = (n) => ({ loadlab: 1, kind: "partition", seed: 1, name: `random points, ${n} vertices`,
  mesh: { generator: "random_points", points: n }, parts: 16, algorithms: ["orb_i"] });

const scenarios = [
  // The floor: what a frame costs on this machine with next to nothing drawn (compare with it).
  { group: "floor", name: "floor: balance view of a 3-cube (8 nodes)", file: "bench_floor.png",
    sc: () => ({ loadlab: 1, kind: "balance", seed: 1, topology: { type: "hypercube", dim: 3 },
                 loads: { generator: "uniform", mean: 8 }, algorithms: ["cwa"] }) },
  { group: "big", name: "1024 x 1024 mesh, MWA", file: "bench_mesh1024.png",
    sc: () => ({ loadlab: 1, kind: "balance", seed: 1, topology: { type: "mesh", rows: 1024, cols: 1024 },
                 loads: { generator: "uniform", mean: 8 }, algorithms: ["mwa"] }) },
  { group: "big", name: "20-cube, CWA", file: "bench_cube20.png",
    sc: () => ({ loadlab: 1, kind: "balance", seed: 1, topology: { type: "hypercube", dim: 20 },
                 loads: { generator: "uniform", mean: 8 }, algorithms: ["cwa"] }) },
  { group: "big", name: "1,000,000-task Gantt chart, FLB on 32 processors", file: "bench_gantt1m.png",
    sc: () => ({ loadlab: 1, kind: "dag", seed: 1, processors: 32,
                 graph: { generator: "layered", n: 1000000, fat: 0.5, density: 0.004, regularity: 0.9, jump: 2,
                          ccr: 1.0, mean_comp: 10 },
                 algorithms: ["flb"], ui: { tab: "gantt" } }) },
  { group: "mesh", name: "partition view, 15,606 vertices (4elt's size), 16 parts", file: "bench_part15k.png", sc: () => meshScenario(15606) },
  { group: "mesh", name: "partition view, 50,000 vertices, 16 parts", file: "bench_part50k.png", sc: () => meshScenario(50000) },
  { group: "mesh", name: "partition view, 100,000 vertices, 16 parts", file: "bench_part100k.png", sc: () => meshScenario(100000) },
  { group: "mesh", name: "partition view, Walshaw crack (10,240 vertices, no coordinates), 16 parts", file: "bench_part_crack.png",
    sc: () => { const [n, edges] = metisEdges(walshaw("crack.graph"));
                return { loadlab: 1, kind: "partition", seed: 1, name: "crack", mesh: { vertices: n, edges }, parts: 16, algorithms: ["ggp"] }; } },
  { group: "custom", name: "balance view, custom graph: Walshaw crack (10,240 nodes, 30,380 links)", file: "bench_custom_crack.png",
    sc: () => { const [n, edges] = metisEdges(walshaw("crack.graph"));
                return { loadlab: 1, kind: "balance", seed: 1, name: "crack", topology: { type: "custom", nodes: n, edges },
                         loads: { generator: "uniform", mean: 8 }, algorithms: ["optimal"] }; } },
  { group: "custom", name: "balance view, custom graph: Walshaw 3elt (4,720 nodes, 13,722 links)", file: "bench_custom_3elt.png",
    sc: () => { const [n, edges] = metisEdges(walshaw("3elt.graph"));
                return { loadlab: 1, kind: "balance", seed: 1, name: "3elt", topology: { type: "custom", nodes: n, edges },
                         loads: { generator: "uniform", mean: 8 }, algorithms: ["optimal"] }; } },
  { group: "dag", name: "task graph, Montage-shaped workflow of 1,312 tasks", file: "bench_dag_montage1312.png", workflow: ["montage", 1312] },
  { group: "dag", name: "task graph, Montage-shaped workflow of 10,000 tasks", file: "bench_dag_montage10k.png", workflow: ["montage", 10000] },
  { group: "dag", name: "task graph, Epigenomics-shaped workflow of 4,000 tasks", file: "bench_dag_epigenomics4k.png", workflow: ["epigenomics", 4000] },
];

// A frame, here, is a frame the page actually draws. An idle page draws nothing (a frame that would
// draw the picture already shown is left out: frameStats().skipped), so its rAF intervals say
// nothing about drawing; the frames are measured while the view zooms continuously: one wheel
// notch over the view (alternately in and out) before every frame, each such frame drawn anew.
// Per tick the page records the rAF time and frameStats().drawn; a frame's time is the interval
// between two ticks across which exactly one frame was drawn.
const zoomFrames = (count) => page.evaluate((k) => new Promise((done) => {
  const canvas = document.getElementById("canvas");
  const st = window.loadlab.state();
  const vb = st.mesh_canvas && st.mesh_canvas[2] > st.mesh_canvas[0] ? st.mesh_canvas : st.view_box;
  const x = (vb[0] + vb[2]) / 2, y = (vb[1] + vb[3]) / 2;
  const ticks = [];
  let i = 0;
  const tick = (t) => {
    const fs = window.loadlab.frameStats();
    ticks.push([t, fs.drawn]);
    if (ticks.length > k) {
      const drawnFrames = [];
      for (let j = 1; j < ticks.length; j++) if (ticks[j][1] - ticks[j - 1][1] === 1) drawnFrames.push(ticks[j][0] - ticks[j - 1][0]);
      done({ intervals: drawnFrames, drawn: ticks[ticks.length - 1][1] - ticks[0][1], ticks: k });
      return;
    }
    canvas.dispatchEvent(new WheelEvent("wheel", { deltaY: i++ % 2 ? 100 : -100, deltaMode: 0, clientX: x, clientY: y, bubbles: true, cancelable: true }));
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}), count);
// Idle: rAF ticks with no input, and how many of them drew.
const idleFrames = (count) => page.evaluate((k) => new Promise((done) => {
  const s0 = window.loadlab.frameStats();
  let n = 0;
  const tick = () => { if (++n < k) requestAnimationFrame(tick); else { const s1 = window.loadlab.frameStats(); done({ drawn: s1.drawn - s0.drawn, skipped: s1.skipped - s0.skipped }); } };
  requestAnimationFrame(tick);
}), count);
const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return { med: s[s.length >> 1], p95: s[Math.floor(s.length * 0.95)], max: s[s.length - 1] }; };

for (const s of scenarios) {
  if (only.length && !only.includes(s.group) && s.group !== "floor") continue;
  if (s.workflow) {
    await page.goto(base);
    await page.waitForFunction(() => window.loadlab && window.loadlab.ready, null, { timeout: 120000 });
    await page.evaluate(() => window.loadlab.welcome("dismiss"));
    const [shape, n] = s.workflow;
    const text = JSON.stringify(workflowOfShape(shape, n, 1));
    await page.setInputFiles("#file-input", { name: `${shape}-${n}.json`, mimeType: "application/json", buffer: Buffer.from(text) });
  } else {
    await page.goto(linkFor(base, s.sc()));
    await page.waitForFunction(() => window.loadlab && window.loadlab.ready, null, { timeout: 120000 });
  }
  if (stock) await page.evaluate(() => Module._loadlab_stock_imgui_renderer(1));
  if (noFills) await page.evaluate(() => Module._loadlab_imgui_fills(0));
  if (noMeshTexture) await page.evaluate(() => Module._loadlab_mesh_texture(0));
  // Wait for the run through the summary (state() would carry the large results every time).
  const deadline = Date.now() + 600000;
  while (Date.now() < deadline) {
    const done = await page.evaluate(() => { const x = window.loadlab.summary(); return !x.busy && !x.opening && x.results.length > 0; });
    if (done) break;
    await sleep(500);
  }
  // The pointer over the view (ImGui zooms the view under it): the mesh canvas in the partition view.
  const vb = await page.evaluate(() => { const st = window.loadlab.state(); return st.mesh_canvas && st.mesh_canvas[2] > st.mesh_canvas[0] ? st.mesh_canvas : st.view_box; });
  await page.mouse.move((vb[0] + vb[2]) / 2, (vb[1] + vb[3]) / 2);
  await zoomFrames(10);  // the first frames after a run upload buffers
  await page.evaluate(() => window.loadlab.frameStats());  // resets the maxima
  const cpu0 = await processCpu();
  const z = await zoomFrames(40);
  const cpu1 = await processCpu();
  // How the measured frames drew the mesh (the UI-build samples below zoom further in).
  const meshDraw = s.group === "mesh" ? await page.evaluate(() => window.loadlab.state().mesh_draw) : "";
  if (!z.intervals.length) console.log("no drawn-frame intervals", JSON.stringify(z), JSON.stringify(vb));
  const frames = stats(z.intervals.length ? z.intervals : [NaN]);
  const perFrame = (k) => ((cpu1[k] - cpu0[k]) * 1000) / Math.max(1, z.drawn);
  const ui = [];
  for (let i = 0; i < 20; i++) {
    await zoomFrames(1);
    ui.push(await page.evaluate(() => window.loadlab.frameStats().ui));
  }
  const u = stats(ui);
  const last = await page.evaluate(() => window.loadlab.frameStats());
  await sleep(300);  // the view settles after the last notch
  const idle = await idleFrames(30);
  console.log(`${s.name}: drawn frame median ${frames.med.toFixed(1)} ms (p95 ${frames.p95.toFixed(1)}, max ${frames.max.toFixed(1)}; ` +
              `${z.drawn} of ${z.ticks} zooming ticks drawn); UI build median ${u.med.toFixed(2)} ms (p95 ${u.p95.toFixed(2)}); ` +
              `CPU per drawn frame: renderer ${perFrame("renderer").toFixed(1)} ms, GPU process ${perFrame("gpu").toFixed(1)} ms; ` +
              (stock ? "ImGui: Dear ImGui's own backend; " : `ImGui: ${last.draw_calls} draw calls for ${last.commands} commands, ${last.vertices} vertices, ${last.fills} opaque rectangles as clears (${last.fills_in_place} in place), ${last.fills_dropped} left out; `) +
              `idle: ${idle.drawn} of ${idle.drawn + idle.skipped} frames drawn` + (meshDraw ? `; measured frames drew the mesh as ${meshDraw}` : ""));
  await page.screenshot({ path: join(shots, s.file) });
  check(Number.isFinite(frames.med) && Number.isFinite(u.med), `${s.name}: frame times measured`);
  check(z.drawn >= 30, `${s.name}: zooming draws (nearly) every frame`, z);
  check(idle.drawn <= 3, `${s.name}: an idle view is not drawn again`, idle);
}
await finish();
