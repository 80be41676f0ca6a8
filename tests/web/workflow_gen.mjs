// A WfCommons (WfFormat 1.5) workflow of the Montage recipe's shape at any size, with the fields
// a real instance carries (files with sizes, commands with arguments, machines), so that a test or a
// benchmark can open a multi-megabyte real-shaped workflow without shipping one. Montage (the
// Pegasus mosaic engine): mProject per image, mDiffFit per overlapping pair, one mConcatFit and
// mBgModel, mBackground per image, then mImgtbl, mAdd, mViewer; runtimes from a seeded LCG.
//   node tests/web/workflow_gen.mjs TASKS > montage.json
export function montageWorkflow(tasksWanted, seed = 1) {
  let x = seed >>> 0 || 1;
  const rnd = () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
  const images = Math.max(3, Math.ceil((tasksWanted - 5) / 4));
  const diffsWanted = Math.max(1, tasksWanted - 2 * images - 5);
  const spec = [], exec = [], files = [];
  let next = 1;
  const id = (name) => `${name}_ID${String(next++).padStart(7, "0")}`;
  const file = (name, size) => { files.push({ id: name, sizeInBytes: size }); return name; };
  function task(name, parents, inputs, outputs, runtime, args) {
    const t = { name: id(name), parents: parents.map((p) => p.name), children: [], inputFiles: inputs, outputFiles: outputs };
    t.id = t.name;
    for (const p of parents) p.children.push(t.id);
    spec.push(t);
    exec.push({ id: t.id, runtimeInSeconds: Number(runtime.toFixed(3)), command: { program: name, arguments: args },
                coreCount: 1, avgCPU: Number((60 + 40 * rnd()).toFixed(2)), readBytes: Math.floor(1e6 * rnd()),
                writtenBytes: Math.floor(1e6 * rnd()), memoryInBytes: Math.floor(4e7 * rnd()),
                machines: [`worker-${1 + Math.floor(8 * rnd())}.cluster.example.org`] });
    return t;
  }
  const project = [];
  for (let i = 0; i < images; i++) {
    const raw = file(`2mass-atlas-${String(i).padStart(6, "0")}-j.fits`, 2_000_000 + Math.floor(1e6 * rnd()));
    const out = file(`p2mass-atlas-${String(i).padStart(6, "0")}-j.fits`, 4_000_000 + Math.floor(1e6 * rnd()));
    project.push(task("mProject", [], [raw, "region-oversized.hdr"], [out, out.replace(".fits", "_area.fits")],
                      10 + 5 * rnd(), ["-X", raw, out, "region-oversized.hdr"]));
  }
  const diffs = [];
  // Neighbours overlap first, then images two and three apart, until the task count is reached.
  for (const gap of [1, 2, 3]) {
    for (let i = 0; i + gap < images; i++) {
      const j = i + gap;
      if (diffs.length >= diffsWanted) break;
      const out = file(`diff.${i}.${j}.fits`, 300_000 + Math.floor(2e5 * rnd()));
      diffs.push(task("mDiffFit", [project[i], project[j]], [project[i].outputFiles[0], project[j].outputFiles[0]],
                      [out, `fit.${i}.${j}.txt`], 1 + rnd(), ["-d", "-s", `fit.${i}.${j}.txt`, project[i].outputFiles[0],
                      project[j].outputFiles[0], out, "region-oversized.hdr"]));
    }
  }
  const concat = task("mConcatFit", diffs, diffs.map((d) => d.outputFiles[1]), ["fits.tbl"], 30 + 10 * rnd(), ["statfile.tbl", "fits.tbl", "."]);
  const model = task("mBgModel", [concat], ["fits.tbl", "pimages.tbl"], ["corrections.tbl"], 40 + 10 * rnd(), ["-i", "100000", "pimages.tbl", "fits.tbl", "corrections.tbl"]);
  const background = project.map((p, i) => task("mBackground", [p, model], [p.outputFiles[0], "corrections.tbl"],
    [`c${p.outputFiles[0]}`], 1 + rnd(), ["-t", p.outputFiles[0], `c${p.outputFiles[0]}`, "pimages.tbl", "corrections.tbl"]));
  const imgtbl = task("mImgtbl", background, background.map((b) => b.outputFiles[0]), ["cimages.tbl"], 5 + rnd(), [".", "-t", "cimages.tbl"]);
  const add = task("mAdd", [imgtbl], ["cimages.tbl", "region.hdr"], ["mosaic.fits"], 60 + 20 * rnd(), ["-e", "cimages.tbl", "region.hdr", "mosaic.fits"]);
  task("mViewer", [add], ["mosaic.fits"], ["mosaic.png"], 5 + rnd(), ["-ct", "1", "-gray", "mosaic.fits", "-1s", "max", "gaussian", "-png", "mosaic.png"]);
  // Every file a task names is listed once, with a size (WfFormat requires it).
  const listed = new Set(files.map((f) => f.id));
  for (const t of spec) {
    for (const f of [...t.inputFiles, ...t.outputFiles]) {
      if (!listed.has(f)) { listed.add(f); files.push({ id: f, sizeInBytes: 1000 + Math.floor(1e5 * rnd()) }); }
    }
  }
  return {
    name: `montage-synthetic-${spec.length}`, description: "A Montage-shaped workflow generated for tests (tests/web/workflow_gen.mjs)",
    createdAt: "2026-11-27T00:00:00Z", schemaVersion: "1.5",
    author: { name: "LoadLab tests", email: "tests@example.org" },
    workflow: { specification: { tasks: spec, files }, execution: { makespanInSeconds: 0, executedAt: "2026-11-27T00:00:00Z", tasks: exec } },
    runtimeSystem: { name: "Pegasus", version: "5.0", url: "https://pegasus.isi.edu" },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(JSON.stringify(montageWorkflow(Number(process.argv[2] || 1312)), null, 1));
}
