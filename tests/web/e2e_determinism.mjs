//, determinism: the browser's test hook agrees with the native CLI on a sample of the
// determinism corpus (scripts/determinism.sh compares the native and WebAssembly CLIs on all of
// it). The corpus is generated as that script does (scripts/gen_scenarios.py over the kinds the CLI
// reports, bases from examples/ and the presets); the sample is the smallest scenario of each kind.
// Each is opened through window.loadlab.open and every integer in state().results must equal the
// native `loadlab run` output at the same place (wall-clock fields *_ms, *_us, *_seconds aside).
//   node tests/web/e2e_determinism.mjs <site dir> <screenshot dir> <native loadlab CLI>
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repo, startHarness } from "./harness.mjs";

const cli = process.argv.slice(2).filter((a) => !a.startsWith("--"))[2];
if (!cli) {
  console.error("usage: e2e_determinism.mjs <site> <shots> <native loadlab CLI>");
  process.exit(2);
}
const { shots, base, browser, check, finish, close } = await startHarness({ detailLimit: 400 });
const work = mkdtempSync(join(tmpdir(), "loadlab-det-"));

// Integer leaves of a JSON value by path, times aside (they are wall-clock measurements).
const timeKey = /(_ms|_us|_seconds)$/;
function integers(v, path = "", out = new Map()) {
  if (Array.isArray(v)) v.forEach((x, i) => integers(x, path + "/" + i, out));
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) if (!timeKey.test(k)) integers(x, path + "/" + k, out);
  } else if (typeof v === "number" && Number.isInteger(v)) out.set(path, v);
  return out;
}

try {
  // The corpus, as scripts/determinism.sh makes it (fewer scenarios).
  const kinds = (spawnSync(cli, ["validate", "-"], { input: '{"loadlab": 1, "kind": "?"}', encoding: "utf8" }).stderr
    .match(/expected one of: (.*)\)/) || [])[1];
  check(!!kinds, "the CLI lists its kinds", kinds);
  const baseDir = join(work, "base");
  mkdirSync(baseDir, { recursive: true });
  for (const f of readdirSync(join(repo, "examples")).filter((f) => f.endsWith(".json")))
    writeFileSync(join(baseDir, f), readFileSync(join(repo, "examples", f)));
  for (const line of execFileSync(cli, ["preset"], { encoding: "utf8" }).trim().split("\n")) {
    const name = line.split("\t")[0];
    writeFileSync(join(baseDir, "preset_" + name + ".json"), execFileSync(cli, ["preset", name]));
  }
  const kindList = kinds.replace(/\s/g, "");
  execFileSync("python3", [join(repo, "scripts/gen_scenarios.py"), join(work, "sc"), "--count", "42", "--kinds", kindList,
                           "--base", ...readdirSync(baseDir).map((f) => join(baseDir, f))], { stdio: "inherit" });
  const files = readdirSync(join(work, "sc")).filter((f) => f.endsWith(".json"));
  const sample = kindList.split(",").map((k) => files.filter((f) => f.startsWith(k + "_"))
    .sort((a, b) => statSync(join(work, "sc", a)).size - statSync(join(work, "sc", b)).size)[0]).filter(Boolean);
  check(sample.length >= 6, "a sample of one scenario per kind (>= 6 kinds)", sample);
  // Random task costs: the Monte-Carlo makespans must match too, doubles included.
  sample.push(join(baseDir, "preset_dag_stochastic_example.json"));

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(base);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready && window.loadlab.state().frames > 2,
                             null, { timeout: 90000 });
  for (const f of sample) {
    const path = f.startsWith("/") ? f : join(work, "sc", f);
    const text = readFileSync(path, "utf8");
    const native = JSON.parse(execFileSync(cli, ["run", path], { encoding: "utf8", maxBuffer: 1 << 28 }));
    const before = await page.evaluate(() => window.loadlab.state().runs_started);
    const opened = await page.evaluate((t) => window.loadlab.open(t), text);
    // The run this open started, finished (a new results array for this scenario).
    await page.waitForFunction((n) => {
      const s = window.loadlab.state();
      return s.runs_started > n && !s.busy && Array.isArray(s.results);
    }, before, { timeout: 120000 });
    const st = await page.evaluate(() => window.loadlab.state());
    const want = integers(native.results), got = integers(st.results);
    const diffs = [];
    for (const [p, v] of want) if (got.get(p) !== v) diffs.push([p, v, got.get(p)]);
    for (const p of got.keys()) if (!want.has(p)) diffs.push([p, undefined, got.get(p)]);
    check(opened && !st.status_is_error && st.results.length === native.results.length && want.size > 0 && diffs.length === 0,
          `${f}: the browser's ${want.size} integers equal the native CLI's (${st.results.length} results)`,
          { opened, status: st.status, diffs: diffs.slice(0, 5) });
    const dists = (rs) => JSON.stringify(rs.map((r) => r.makespan_distribution ?? null));
    if (native.results.some((r) => r.makespan_distribution))
      check(dists(st.results) === dists(native.results),
            `${f}: every makespan_distribution (mean, std, quantiles, histogram) equals the native one`,
            { browser: dists(st.results).slice(0, 300), native: dists(native.results).slice(0, 300) });
  }
  await page.screenshot({ path: join(shots, "determinism_last.png") });
  check(pageErrors.length === 0, "no page errors", pageErrors);
} catch (e) {
  console.error(e);
  rmSync(work, { recursive: true, force: true });
  await close();
  throw e;
}
rmSync(work, { recursive: true, force: true });
await finish();
