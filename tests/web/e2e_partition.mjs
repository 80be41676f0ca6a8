// Browser test of the partition view's finish (step view, big meshes through shaders,
// .xyz import):   node tests/web/e2e_partition.mjs <site dir> <screenshot dir>
//  - a 1000 x 1000 grid (10^6 vertices) drawn through shaders/mesh.*: parts visible in colour, and
//    the frame times the page reports stay within budget while the view is zoomed;
//  - 15,606 random points: drawn as one texture, the same pixels as the point sprites;
//  - the Bisection steps tab: the Fiedler vector's heatmap (blue and red halves), the orb_kl moves'
//    cut plot;
//  - File > Import of a .graph, then its .xyz through the page's file input: the scenario gets the
//    coordinates and the geometric methods; a short .xyz is refused naming the file;
//  - File > Import of 3elt.graph (no coordinates): drawn with its graph layout once the worker is done.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repo, startHarness, waitFrames } from "./harness.mjs";

// The Walshaw archive's meshes (LOADLAB_SHARED_DIR, default: the folder beside the repository).
const walshaw = join(process.env.LOADLAB_SHARED_DIR || join(repo, "..", "shared"), "data", "walshaw");

const { shots, browser, base, check, finish, close } = await startHarness({ detailLimit: 400 });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 0, null, { timeout: 60000 });
  await page.evaluate(() => window.loadlab.welcome && window.loadlab.welcome("dismiss"));

  async function open(sc, name, timeout = 120000) {
    const opened = await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(sc));
    check(opened === true, `${name}: opened`);
    await page.waitForFunction((n) => {
      const s = window.loadlab.state();
      return Array.isArray(s.results) && s.results.length === n && !s.busy;
    }, sc.algorithms.length, { timeout });
    await waitFrames(page, 4);
    const st = await page.evaluate(() => window.loadlab.state());
    check(st.results.every((r) => r.verified === true), `${name}: every result verified`);
    const buf = await page.screenshot({ path: join(shots, `browser_${name}.png`) });
    return { st, png: buf.toString("base64") };
  }
  // Colour statistics of the mesh canvas the page reports (state().mesh_canvas); `square` is the
  // area a mesh fitted to the canvas fills at most (the canvas's shorter side squared), so the
  // checks do not depend on how much room the rest of the view leaves the canvas.
  const pixels = (b64) => page.evaluate(async (data) => {
    const vb = window.loadlab.state().mesh_canvas;
    const img = new Image();
    img.src = "data:image/png;base64," + data;
    await img.decode();
    const cv = document.createElement("canvas");
    cv.width = img.width; cv.height = img.height;
    const ctx = cv.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const sx = img.width / window.innerWidth;
    const x0 = Math.floor(vb[0] * sx), x1 = Math.floor(vb[2] * sx);
    const y0 = Math.floor(vb[1] * sx), y1 = Math.floor(vb[3] * sx);
    const d = ctx.getImageData(x0, y0, x1 - x0, y1 - y0).data;
    let red = 0, blue = 0, coloured = 0;
    const hues = new Set();
    for (let i = 0; i < d.length; i += 4) {
      const r = d[i], g = d[i + 1], b = d[i + 2];
      if (r > 200 && g < 110 && b < 110) red++;
      if (b > 180 && r < 120) blue++;
      const mx = Math.max(r, g, b), mn = Math.min(r, g, b);
      if (mx > 120 && mx - mn > 60) hues.add(((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5)), coloured++;
    }
    const side = Math.min(x1 - x0, y1 - y0);
    return { red, blue, colours: hues.size, coloured, total: d.length / 4, square: side * side };
  }, b64);

  // 1. A 10^6-vertex grid into 16 parts: drawn (most of the view coloured by part), frames in budget.
  const big = { loadlab: 1, kind: "partition", name: "1000 x 1000 grid", seed: 1,
    mesh: { generator: "grid", rows: 1000, cols: 1000 }, parts: 16, algorithms: ["strips_pxq", "orb_i"] };
  let o = await open(big, "partition_grid_1m", 300000);
  let px = await pixels(o.png);
  check(px.coloured > px.square * 0.6 && px.colours >= 6, "1M grid: the mesh is drawn in part colours", px);
  await page.evaluate(() => window.loadlab.frameStats());  // reset the maxima
  await page.mouse.move(820, 330);
  for (let i = 0; i < 8; ++i) { await page.mouse.wheel(0, -200); await page.waitForTimeout(120); }
  await waitFrames(page, 4);
  const fs = await page.evaluate(() => window.loadlab.frameStats());
  // SwiftShader renders on the CPU: the budget checked here is the UI thread's work per frame.
  check(fs.ui_max < 100, "1M grid: zooming keeps the UI work per frame under 100 ms", fs);
  const zoomed = await page.screenshot({ path: join(shots, "browser_partition_grid_1m_zoomed.png") });
  px = await pixels(zoomed.toString("base64"));
  check(px.coloured > px.square * 0.6, "1M grid zoomed: still drawn", px);

  // 1b. A dense mesh (15,606 random points, 4elt's size) is drawn as one texture (the point sprites
  //     rasterised on the CPU), rebuilt when the view changes, not when it stays; the picture is the
  //     point-sprite path's (Module._loadlab_mesh_texture(0)) pixel for pixel but for rounding at a
  //     square's corner.
  const dense = { loadlab: 1, kind: "partition", name: "15606 random points", seed: 1,
    mesh: { generator: "random_points", points: 15606 }, parts: 16, algorithms: ["orb_i"] };
  o = await open(dense, "partition_dense_texture");
  check(o.st.mesh_draw === "texture", "dense mesh: drawn as one texture", o.st.mesh_draw);
  const builds0 = o.st.mesh_texture_builds;
  await waitFrames(page, 4);
  check((await page.evaluate(() => window.loadlab.state().mesh_texture_builds)) === builds0,
        "dense mesh: an unchanged view does not rebuild the texture");
  const cb = o.st.mesh_canvas;
  await page.mouse.move((cb[0] + cb[2]) / 2, (cb[1] + cb[3]) / 2);
  await page.mouse.wheel(0, -100);
  await page.waitForFunction((b) => window.loadlab.state().mesh_texture_builds > b, builds0, { timeout: 30000 });
  await waitFrames(page, 4);
  const viaTexture = await page.screenshot({ path: join(shots, "browser_partition_dense_texture.png") });
  await page.evaluate(() => Module._loadlab_mesh_texture(0));
  await page.waitForFunction(() => window.loadlab.state().mesh_draw === "points", null, { timeout: 30000 });
  await waitFrames(page, 4);
  const viaPoints = await page.screenshot({ path: join(shots, "browser_partition_dense_points.png") });
  await page.evaluate(() => Module._loadlab_mesh_texture(1));
  const diff = await page.evaluate(async ([a, b]) => {
    const vb = window.loadlab.state().mesh_canvas;
    const load = async (data) => {
      const img = new Image();
      img.src = "data:image/png;base64," + data;
      await img.decode();
      const cv = document.createElement("canvas");
      cv.width = img.width; cv.height = img.height;
      const ctx = cv.getContext("2d");
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(Math.floor(vb[0]), Math.floor(vb[1]), Math.floor(vb[2] - vb[0]), Math.floor(vb[3] - vb[1])).data;
    };
    const [ta, pb] = [await load(a), await load(b)];
    let differ = 0, coloured = 0, near = 0;
    const w = Math.floor(vb[2] - vb[0]);
    const same = (i, j) => ta[i] === pb[j] && ta[i + 1] === pb[j + 1] && ta[i + 2] === pb[j + 2];
    for (let i = 0; i < ta.length; i += 4) {
      const mx = Math.max(ta[i], ta[i + 1], ta[i + 2]), mn = Math.min(ta[i], ta[i + 1], ta[i + 2]);
      if (mx > 120 && mx - mn > 60) coloured++;
      if (same(i, i)) continue;
      differ++;
      // A corner rounded the other way: the point path shows a neighbouring pixel's colour.
      for (const d of [-4, 4, -4 * w, 4 * w]) if (i + d >= 0 && i + d < ta.length && same(i + d, i)) { near++; break; }
    }
    return { differ, near, coloured, total: ta.length / 4 };
  }, [viaTexture.toString("base64"), viaPoints.toString("base64")]);
  console.log(`dense mesh: ${diff.differ} of ${diff.total} canvas pixels differ between texture and points (${diff.near} of them a neighbour's colour)`);
  check(diff.coloured > diff.total * 0.3, "dense mesh: the texture shows the mesh in part colours", diff);
  check(diff.differ <= diff.total * 0.0005 && diff.near >= diff.differ * 0.9,
        "dense mesh: texture and point sprites draw the same pixels (but for a corner's rounding)", diff);

  // 2. The step view: orb_e's Fiedler vector as a heatmap (blue below the median, red above).
  const pts = { loadlab: 1, kind: "partition", name: "steps", seed: 4,
    mesh: { generator: "random_points", points: 3000 }, parts: 4, algorithms: ["orb_e", "orb_kl"],
    ui: { partition_view: "steps", select: "orb_e" } };
  o = await open(pts, "partition_steps_fiedler");
  px = await pixels(o.png);
  check(px.red > px.square * 0.015 && px.blue > px.square * 0.015, "steps: the Fiedler vector drawn blue and red", px);
  const kl = { ...pts, ui: { partition_view: "steps", select: "orb_kl" } };
  o = await open(kl, "partition_steps_kl");
  // Seek to the middle of the timeline by clicking the cut plot (the bottom of the view).
  await page.mouse.click(860, 585);
  await waitFrames(page, 4);
  await page.screenshot({ path: join(shots, "browser_partition_steps_kl_mid.png") });

  // 3. File > Import: a 2 x 3 grid's .graph, then its .xyz through the page's file input.
  const graph = "6 7\n2 4\n1 3 5\n2 6\n1 5\n2 4 6\n3 5\n";
  const xyz = "0 0 0\n1 0 0\n2 0 0\n0 1 0\n1 1 0\n2 1 0\n";
  const setFile = async (name, text) => {
    await page.setInputFiles("#file-input", { name, mimeType: "text/plain", buffer: Buffer.from(text) });
    await page.waitForTimeout(1500);
    return page.evaluate(() => ({ st: window.loadlab.state(), sc: window.loadlab.scenario() }));
  };
  let r = await setFile("tiny.graph", graph);
  check(r.sc.kind === "partition" && r.sc.mesh.vertices === 6 && !r.sc.mesh.coordinates, "import: .graph inline", r.sc.mesh);
  r = await setFile("tiny.xyz", xyz);
  check(Array.isArray(r.sc.mesh.coordinates) && r.sc.mesh.coordinates.length === 6, "import: .xyz attached", r.sc.mesh);
  check(r.sc.algorithms.includes("orb_i"), "import: geometric methods added", r.sc.algorithms);
  r = await setFile("short.xyz", "0 0\n1 0\n");
  check(r.st.status_is_error && /short\.xyz/.test(r.st.status), "import: a short .xyz is refused naming the file", r.st.status);
  await page.screenshot({ path: join(shots, "browser_partition_import_error.png") });

  // 4. A real mesh without coordinates (the Walshaw archive's 3elt): imported, it is drawn with its
  //    graph layout, computed on a worker with progress; the multilevel method's 8 parts show.
  const threeElt = readFileSync(join(walshaw, "3elt.graph"));
  await page.setInputFiles("#file-input", { name: "3elt.graph", mimeType: "text/plain", buffer: threeElt });
  await page.waitForFunction(() => {
    const s = window.loadlab.state();
    return s.kind === "partition" && /3elt/.test(s.scenario.name || "") && Array.isArray(s.results) &&
      s.results.length > 0 && !s.busy;
  }, null, { timeout: 120000 });
  await page.waitForFunction(() => window.loadlab.state().mesh_layout === "ready", null, { timeout: 120000 });
  let st3 = await page.evaluate(() => window.loadlab.state());
  check(st3.scenario.mesh.coordinates === undefined, "3elt: imported without coordinates");
  // Reopened with the mesh tab in front (the steps tab was): same graph, so the cached layout is
  // drawn at once, no second layout job.
  const sc3 = { ...st3.scenario, ui: { partition_view: "mesh" } };
  await page.evaluate((t) => window.loadlab.open(t), JSON.stringify(sc3));
  await page.waitForFunction(() => {
    const s = window.loadlab.state();
    return Array.isArray(s.results) && s.results.length > 0 && !s.busy && s.mesh_layout === "ready";
  }, null, { timeout: 120000 });
  await waitFrames(page, 4);
  st3 = await page.evaluate(() => window.loadlab.state());
  check(st3.results[0].algorithm === "multilevel" && st3.results.every((e) => e.verified === true),
        "3elt: multilevel first, every result verified", st3.results.map((e) => [e.algorithm, e.verified]));
  const shot3 = await page.screenshot({ path: join(shots, "browser_partition_3elt_layout.png") });
  px = await pixels(shot3.toString("base64"));
  check(px.coloured > px.square * 0.2 && px.colours >= 6, "3elt: the mesh is drawn with its layout in part colours", px);
  check(errors.length === 0, "no page errors", errors);
} catch (e) {
  console.error(e);
  await close();
  throw e;
}
await finish();
