// WfCommons (WfFormat 1.5) workflows of the public recipes' shapes at any size, with the fields a
// real instance carries (files with sizes, commands with arguments, machines), so that a test or a
// benchmark can open a multi-megabyte real-shaped workflow without shipping one. Shapes follow the
// WfCommons recipes (Coleman et al., "WfCommons: A Framework for Enabling Scientific Workflow
// Research and Development", 2022) and the instances in WfCommons' public archive:
//  - montage: mProject per image, mDiffFit per overlapping pair, one mConcatFit and mBgModel,
//    mBackground per image, then mImgtbl, mAdd, mViewer (a wide fan-in, a 1-task waist, a fan-out);
//  - epigenomics: per lane fastqSplit -> per chunk filterContams -> sol2sanger -> fast2bfq -> map,
//    mapMerge per lane, then a global mapMerge -> maqIndex -> pileup (parallel pipelines);
//  - genome (1000Genome): per chromosome many individuals -> individuals_merge, one sifting, then
//    mutation_overlap and frequency per population, each needing the merge and the sifting;
//  - cycles: per (crop, location) a baseline_cycles -> several cycles runs -> a parser each, a
//    summary per crop, one cycles_plots (fan-out, pipelines, two merge levels);
//  - soykb: per sample a 6-step alignment pipeline, haplotype_caller per (sample, chromosome),
//    merge_gcvf / genotype_gvcfs per chromosome (fan-in across samples), combine_variants, two
//    select/filter branches, one final merge;
//  - blast: split_fasta -> N blastall -> cat_blast and cat (one fan-out, two merges).
// Runtimes and sizes from a seeded LCG: the same (shape, tasks, seed) gives the same document.
//   node tests/web/workflow_gen.mjs TASKS [SHAPE] > workflow.json
export const workflowShapes = ["montage", "epigenomics", "genome", "cycles", "soykb", "blast"];

function workflowBuilder(seed) {
  let x = seed >>> 0 || 1;
  const rnd = () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
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
  // A task whose inputs are its parents' first outputs and whose output is one new file.
  function step(name, parents, runtime, tag) {
    const out = file(`${name}.${tag}.out`, 100_000 + Math.floor(4e6 * rnd()));
    return task(name, parents, parents.map((p) => p.outputFiles[0]), [out], runtime, [...parents.map((p) => p.outputFiles[0]), out]);
  }
  function document(shape, description, system) {
    // Every file a task names is listed once, with a size (WfFormat requires it).
    const listed = new Set(files.map((f) => f.id));
    for (const t of spec) {
      for (const f of [...t.inputFiles, ...t.outputFiles]) {
        if (!listed.has(f)) { listed.add(f); files.push({ id: f, sizeInBytes: 1000 + Math.floor(1e5 * rnd()) }); }
      }
    }
    return {
      name: `${shape}-synthetic-${spec.length}`, description: `${description} (tests/web/workflow_gen.mjs)`,
      createdAt: "2026-11-27T00:00:00Z", schemaVersion: "1.5",
      author: { name: "LoadLab tests", email: "tests@example.org" },
      workflow: { specification: { tasks: spec, files }, execution: { makespanInSeconds: 0, executedAt: "2026-11-27T00:00:00Z", tasks: exec } },
      runtimeSystem: system,
    };
  }
  return { rnd, file, task, step, document, count: () => spec.length };
}

const pegasus = { name: "Pegasus", version: "5.0", url: "https://pegasus.isi.edu" };

export function montageWorkflow(tasksWanted, seed = 1) {
  const b = workflowBuilder(seed);
  const { rnd, file, task } = b;
  const images = Math.max(3, Math.ceil((tasksWanted - 5) / 4));
  const diffsWanted = Math.max(1, tasksWanted - 2 * images - 5);
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
  const background = project.map((p) => task("mBackground", [p, model], [p.outputFiles[0], "corrections.tbl"],
    [`c${p.outputFiles[0]}`], 1 + rnd(), ["-t", p.outputFiles[0], `c${p.outputFiles[0]}`, "pimages.tbl", "corrections.tbl"]));
  const imgtbl = task("mImgtbl", background, background.map((x) => x.outputFiles[0]), ["cimages.tbl"], 5 + rnd(), [".", "-t", "cimages.tbl"]);
  const add = task("mAdd", [imgtbl], ["cimages.tbl", "region.hdr"], ["mosaic.fits"], 60 + 20 * rnd(), ["-e", "cimages.tbl", "region.hdr", "mosaic.fits"]);
  task("mViewer", [add], ["mosaic.fits"], ["mosaic.png"], 5 + rnd(), ["-ct", "1", "-gray", "mosaic.fits", "-1s", "max", "gaussian", "-png", "mosaic.png"]);
  return b.document("montage", "A Montage-shaped workflow generated for tests", pegasus);
}

export function epigenomicsWorkflow(tasksWanted, seed = 1) {
  const b = workflowBuilder(seed);
  const { rnd, step } = b;
  // Per lane: 1 split + 4 per chunk + 1 merge; 3 global tasks. Lanes of about 50 chunks.
  const lanes = Math.max(1, Math.round((tasksWanted - 3) / 202));
  const chunks = Math.max(1, Math.floor((tasksWanted - 3 - 2 * lanes) / (4 * lanes)));
  const merges = [];
  for (let l = 0; l < lanes; l++) {
    const split = step("fastqSplit", [], 20 + 10 * rnd(), `lane${l}`);
    const maps = [];
    for (let c = 0; c < chunks; c++) {
      let t = split;
      for (const name of ["filterContams", "sol2sanger", "fast2bfq", "map"])
        t = step(name, [t], (name === "map" ? 30 : 2) * (1 + rnd()), `lane${l}.${c}`);
      maps.push(t);
    }
    merges.push(step("mapMerge", maps, 10 + 5 * rnd(), `lane${l}`));
  }
  const all = step("mapMerge", merges, 20 + 5 * rnd(), "all");
  step("pileup", [step("maqIndex", [all], 15 + 5 * rnd(), "all")], 40 + 10 * rnd(), "all");
  return b.document("epigenomics", "An Epigenomics-shaped workflow generated for tests", pegasus);
}

export function genomeWorkflow(tasksWanted, seed = 1) {
  const b = workflowBuilder(seed);
  const { rnd, step } = b;
  // Per chromosome: k individuals + merge + sifting + 2 per population (7 populations).
  const populations = 7;
  const chromosomes = Math.max(1, Math.min(22, Math.round(tasksWanted / 120)));
  const individuals = Math.max(1, Math.floor(tasksWanted / chromosomes) - 2 - 2 * populations);
  for (let c = 1; c <= chromosomes; c++) {
    const ind = [];
    for (let i = 0; i < individuals; i++) ind.push(step("individuals", [], 30 + 30 * rnd(), `chr${c}.${i}`));
    const merge = step("individuals_merge", ind, 10 + 5 * rnd(), `chr${c}`);
    const sift = step("sifting", [], 5 + 5 * rnd(), `chr${c}`);
    for (let p = 0; p < populations; p++) {
      step("mutation_overlap", [merge, sift], 10 + 10 * rnd(), `chr${c}.pop${p}`);
      step("frequency", [merge, sift], 60 + 30 * rnd(), `chr${c}.pop${p}`);
    }
  }
  return b.document("genome", "A 1000Genome-shaped workflow generated for tests", pegasus);
}

export function cyclesWorkflow(tasksWanted, seed = 1) {
  const b = workflowBuilder(seed);
  const { rnd, step } = b;
  // Per (crop, location): baseline + 4 x (cycles + parser); a summary per crop and one plot.
  const crops = 4, increases = 4, perSite = 1 + 2 * increases;
  const sites = Math.max(1, Math.floor((tasksWanted - 1 - crops) / (crops * perSite)));
  const summaries = [];
  for (let c = 0; c < crops; c++) {
    const parsers = [];
    for (let s = 0; s < sites; s++) {
      const base = step("baseline_cycles", [], 20 + 10 * rnd(), `crop${c}.site${s}`);
      for (let k = 0; k < increases; k++) {
        const run = step("cycles", [base], 20 + 10 * rnd(), `crop${c}.site${s}.n${k}`);
        parsers.push(step("cycles_fertilizer_increase_output_parser", [run, base], 1 + rnd(), `crop${c}.site${s}.n${k}`));
      }
    }
    summaries.push(step("cycles_fertilizer_increase_output_summary", parsers, 5 + 5 * rnd(), `crop${c}`));
  }
  step("cycles_plots", summaries, 30 + 10 * rnd(), "all");
  return b.document("cycles", "A Cycles-shaped workflow generated for tests", pegasus);
}

export function soykbWorkflow(tasksWanted, seed = 1) {
  const b = workflowBuilder(seed);
  const { rnd, step } = b;
  // Per sample: 6 alignment steps + one haplotype_caller per chromosome; per chromosome: merge and
  // genotype; then combine, 2 x (select, filter), merge: 6 + s * (6 + c) + 2c tasks.
  const chromosomes = 20;
  const samples = Math.max(1, Math.floor((tasksWanted - 6 - 2 * chromosomes) / (6 + chromosomes)));
  const callers = Array.from({ length: chromosomes }, () => []);
  for (let s = 0; s < samples; s++) {
    let t = null;
    for (const name of ["alignment_to_reference", "sort_sam", "dedup", "add_replace", "realign_target_creator", "indel_realign"])
      t = step(name, t ? [t] : [], 10 * (1 + rnd()), `s${s}`);
    for (let c = 0; c < chromosomes; c++) callers[c].push(step("haplotype_caller", [t], 30 + 30 * rnd(), `s${s}.chr${c}`));
  }
  const genotyped = callers.map((cs, c) => step("genotype_gvcfs", [step("merge_gcvf", cs, 5 + 5 * rnd(), `chr${c}`)], 20 + 10 * rnd(), `chr${c}`));
  const combined = step("combine_variants", genotyped, 10 + 5 * rnd(), "all");
  const snp = step("filtering_snp", [step("select_variants_snp", [combined], 5 + rnd(), "snp")], 5 + rnd(), "snp");
  const indel = step("filtering_indel", [step("select_variants_indel", [combined], 5 + rnd(), "indel")], 5 + rnd(), "indel");
  step("merge_variants", [snp, indel], 5 + rnd(), "all");
  return b.document("soykb", "A SoyKB-shaped workflow generated for tests", pegasus);
}

export function blastWorkflow(tasksWanted, seed = 1) {
  const b = workflowBuilder(seed);
  const { rnd, step } = b;
  const split = step("split_fasta", [], 5 + 5 * rnd(), "query");
  const hits = [];
  for (let i = 0; i < Math.max(1, tasksWanted - 3); i++) hits.push(step("blastall", [split], 60 + 60 * rnd(), `part${i}`));
  step("cat_blast", hits, 5 + 5 * rnd(), "hits");
  step("cat", hits, 2 + rnd(), "log");
  return b.document("blast", "A BLAST-shaped workflow generated for tests", pegasus);
}

/// A workflow of the named shape (workflowShapes) with about `tasks` tasks.
export function workflowOfShape(shape, tasks, seed = 1) {
  const make = { montage: montageWorkflow, epigenomics: epigenomicsWorkflow, genome: genomeWorkflow,
                 cycles: cyclesWorkflow, soykb: soykbWorkflow, blast: blastWorkflow }[shape];
  if (!make) throw new Error(`unknown workflow shape "${shape}" (one of ${workflowShapes.join(", ")})`);
  return make(tasks, seed);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(JSON.stringify(workflowOfShape(process.argv[3] || "montage", Number(process.argv[2] || 1312)), null, 1));
}
