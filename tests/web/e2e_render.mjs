// Big networks in the browser: 4,096-16,384 nodes must not draw as garbage triangles (ImGui's
// 16-bit indices wrap past 65,535 vertices on WebGL2). Opens a 12-cube, a 14-cube and
// the node-simulation view of a 14-cube, and checks the screenshot's pixels: the bands around the
// network's bounding box (inside the view's margin; the mapping comes from state()) hold only
// background pixels, and the box itself is drawn. Also a 4 x 4 torus (wrap-around links drawn as border stubs)
// for the screenshot. (The 2^20-node heatmap is measured by tests/web/bench_frames.mjs.) On the
// paused node simulation, the batched ImGui renderer against Dear ImGui's own backend, pixel by pixel.
//   node tests/web/e2e_render.mjs <site dir> <screenshot dir>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { linkFor, startHarness, waitFrames } from "./harness.mjs";

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// Minimal PNG decoder (8-bit RGB/RGBA, all five filters): playwright's screenshots.
function decodePng(buf) {
  const w = buf.readUInt32BE(16), h = buf.readUInt32BE(20), type = buf[25];
  const bpp = type === 6 ? 4 : 3;
  const parts = [];
  for (let pos = 8; pos < buf.length;) {
    const n = buf.readUInt32BE(pos), kind = buf.toString("ascii", pos + 4, pos + 8);
    if (kind === "IDAT") parts.push(buf.subarray(pos + 8, pos + 8 + n));
    pos += 12 + n;
  }
  const raw = inflateSync(Buffer.concat(parts)), stride = w * bpp;
  const out = Buffer.alloc(h * stride);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= bpp ? out[y * stride + i - bpp] : 0, b = y > 0 ? out[(y - 1) * stride + i] : 0;
      const c = i >= bpp && y > 0 ? out[(y - 1) * stride + i - bpp] : 0;
      let v = x;
      if (f === 1) v = x + a;
      else if (f === 2) v = x + b;
      else if (f === 3) v = x + ((a + b) >> 1);
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      out[y * stride + i] = v & 255;
    }
  }
  return { w, h, px: (x, y) => [out[y * stride + x * bpp], out[y * stride + x * bpp + 1], out[y * stride + x * bpp + 2]] };
}

// The network's box from the view mapping: screen = centre + (p - 0.5 + pan) * base_scale * zoom.
function checkBands(h, img, st, what) {
  const k = st.display_scale || 1;
  const s = st.view_base_scale * st.view_zoom * k;
  const [cx, cy] = [st.view_centre[0] * k, st.view_centre[1] * k], [px, py] = st.view_pan;
  const x0 = cx + (-0.5 + px) * s, x1 = cx + (0.5 + px) * s, y0 = cy + (-0.5 + py) * s, y1 = cy + (0.5 + py) * s;
  const inner = 12 * k, outer = 34 * k;
  const bands = [[x0 - outer, y0 - outer, x0 - inner, y1 + inner], [x1 + inner, y0 - outer, x1 + outer, y1 + inner],
                 [x0 - inner, y0 - outer, x1 + inner, y0 - inner]];
  const samples = [];
  for (const [a, b, c, e] of bands)
    for (let y = Math.max(0, Math.floor(b)); y < Math.min(img.h, e); y++)
      for (let x = Math.max(0, Math.floor(a)); x < Math.min(img.w, c); x++) samples.push(img.px(x, y));
  const counts = new Map();
  for (const p of samples) counts.set(p.join(), (counts.get(p.join()) || 0) + 1);
  const bg = [...counts.entries()].sort((p, q) => q[1] - p[1])[0][0].split(",").map(Number);
  const off = samples.filter((p) => Math.max(...p.map((v, i) => Math.abs(v - bg[i]))) > 24).length;
  const inside = new Set();
  for (let y = Math.floor(y0); y < y1; y += 7) for (let x = Math.floor(x0); x < x1; x += 7) if (x >= 0 && y >= 0 && x < img.w && y < img.h) inside.add(img.px(x, y).join());
  console.log(`  ${what}: box (${x0.toFixed(0)},${y0.toFixed(0)})-(${x1.toFixed(0)},${y1.toFixed(0)}), ${samples.length} band pixels, ${off} not background; ${inside.size} colours inside`);
  h.check(samples.length > 2000, `${what}: the bands around the network are on screen`, samples.length);
  h.check(off <= samples.length / 500, `${what}: no pixels drawn outside the network's box`, { off, bg });
  h.check(inside.size > 3, `${what}: the network is drawn`, inside.size);
}

const h = await startHarness({ detailLimit: 400 });
const { shots, base, browser, check, finish, close } = h;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));

  async function open(sc, nodes, wantResults = true) {
    await page.goto(linkFor(base, sc));
    await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 0, null, { timeout: 60000 });
    const deadline = Date.now() + 120000;
    for (;;) {
      const st = await page.evaluate(() => window.loadlab.state());
      if (st.nodes === nodes && !st.busy && (!wantResults || (Array.isArray(st.results) && st.results.length > 0))) break;
      if (Date.now() > deadline) throw new Error(`scenario with ${nodes} nodes never finished: ${st.status}`);
      await sleep(250);
    }
    await waitFrames(page, 6);  // a few frames with the results
  }
  async function shoot(name) {
    const file = join(shots, name);
    await page.screenshot({ path: file });
    return decodePng(readFileSync(file));
  }

  for (const d of [12, 14]) {
    console.log(`${d}-cube`);
    await open({ loadlab: 1, kind: "balance", name: `render test: ${d}-cube`, seed: 5,
                 topology: { type: "hypercube", dim: d }, loads: { generator: "uniform", mean: 8 }, algorithms: ["cwa"] }, 2 ** d);
    const st = await page.evaluate(() => window.loadlab.state());
    checkBands(h, await shoot(`render_cube${d}.png`), st, `${d}-cube`);
  }

  console.log("14-cube, node simulation");
  check(await page.evaluate(() => window.loadlab.nodeSim({ algorithm: "cwa", threads: 2, speed: 2 })), "nodeSim() starts CWA on the 14-cube");
  await page.waitForFunction(() => window.loadlab.nodeSimState(false).in_flight > 0, null, { timeout: 60000, polling: 50 });
  await page.evaluate(() => window.loadlab.nodeSimCommand("pause"));
  await waitFrames(page, 6);
  checkBands(h, await shoot("render_cube14_node_sim.png"), await page.evaluate(() => window.loadlab.state()), "14-cube node simulation");
  // The page draws ImGui's commands in fewer draw calls, commands clipped alike sharing one
  // (shell/model_draw_batches.h), and its large opaque rectangles as clears over a frame cleared to
  // the windows' background, those in that colour left out (shell/model_draw_fills.h): the same
  // pixels as Dear ImGui's own backend, which makes one draw call per command over the former
  // clear colour. Same frame (paused), both renderers, every pixel.
  async function compareRenderers(pg, name) {
    const batched = await pg.evaluate(() => { window.loadlab.frameStats(); return window.loadlab.frameStats(); });
    const file = join(shots, `render_${name}_batched.png`);
    await pg.screenshot({ path: file });
    const pixelsBatched = decodePng(readFileSync(file));
    await pg.evaluate(() => Module._loadlab_stock_imgui_renderer(1));
    await waitFrames(pg, 3);
    const stockFile = join(shots, `render_${name}_stock.png`);
    await pg.screenshot({ path: stockFile });
    const pixelsStock = decodePng(readFileSync(stockFile));
    await pg.evaluate(() => Module._loadlab_stock_imgui_renderer(0));
    let differ = 0;
    for (let y = 0; y < pixelsStock.h; y++)
      for (let x = 0; x < pixelsStock.w; x++) if (pixelsStock.px(x, y).join() !== pixelsBatched.px(x, y).join()) differ++;
    const theme = await pg.evaluate(() => window.loadlab.state().theme);
    console.log(`  ${name} (${theme} theme) ImGui: ${batched.draw_calls} draw calls for ${batched.commands} commands (${batched.vertices} vertices), ` +
                `${batched.fills} opaque rectangles as clears (${batched.fills_in_place} in place), ${batched.fills_dropped} left out; ${differ} pixels differ from Dear ImGui's own backend`);
    check(pixelsStock.w === 1280 && differ === 0, `${name}: the batched ImGui renderer draws exactly the pixels of Dear ImGui's own backend`, differ);
    check(batched.fills > 0 && batched.fills_dropped > 0, `${name}: opaque rectangles were drawn as clears and the windows' backgrounds left out`, batched);
    return { batched, theme };
  }
  const { batched, theme } = await compareRenderers(page, "cube14_node_sim");
  // Half as many draw calls as commands, and one more for each fill drawn between two triangles
  // of one draw call (a window's background over the previous window's border).
  check(batched.draw_calls > 0 && batched.draw_calls <= batched.commands / 2 + batched.fills_in_place,
        "ImGui's commands are drawn in at most half as many draw calls (plus one per fill in place)", batched);
  // The other theme (another clear colour), on the smallest view: a 3-cube.
  const other = theme === "dark" ? "light" : "dark";
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: other });
  const page2 = await ctx.newPage();
  page2.on("pageerror", (e) => errors.push(String(e)));
  await page2.goto(linkFor(base, { loadlab: 1, kind: "balance", name: "render test: 3-cube", seed: 1, topology: { type: "hypercube", dim: 3 },
                                   loads: { generator: "uniform", mean: 8 }, algorithms: ["cwa"] }));
  await page2.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().nodes === 8 &&
                              !window.loadlab.state().busy && window.loadlab.state().results.length > 0, null, { timeout: 60000, polling: 100 });
  await waitFrames(page2, 6);
  const second = await compareRenderers(page2, "cube3");
  check(second.theme === other, `the 3-cube is compared in the ${other} theme`, second.theme);
  await ctx.close();
  await page.evaluate(() => window.loadlab.nodeSimCommand("off"));

  // A screenshot for the eye: torus wrap-around links as stubs leaving the border.
  console.log("4 x 4 torus");
  await open({ loadlab: 1, kind: "balance", name: "render test: torus", seed: 3, topology: { type: "torus", rows: 4, cols: 4 },
               loads: [30, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 7], algorithms: [] }, 16);
  await shoot("render_torus4.png");
  check(errors.length === 0, "no page errors", errors);
} catch (e) {
  console.log("FAIL " + (e && e.stack ? e.stack : e));
  await close();
  throw e;
}
await finish();
