// The `loadlab` command-line tool: validate, run, render, link/unlink, reproduce, bench.
//
// Exit codes: 0 success, 2 bad input (message on stderr, naming the field), 1 internal failure
// (e.g. a result that fails its verifier), 3 (run) one or more algorithms failed at run time: the
// result JSON is still complete, each failed algorithm's entry carries "error" {message, field}.
#include <CLI/CLI.hpp>

#include <atomic>
#include <csignal>
#include <iostream>

#include "cli/adversary_command.h"
#include "cli/commands.h"
#include "cli/convert_command.h"
#include "cli/explain_command.h"
#include "cli/render_command.h"
#include "io/link_codec.h"
#include "io/presets.h"
#include "io/scenario.h"
#include "io/text_files.h"

namespace {

using loadlab::io::Json;
using loadlab::io::ScenarioError;

constexpr int kExitBadInput = 2;
constexpr int kExitAlgorithmFailed = 3;

loadlab::io::RunContext context_for(const std::string& path) {
  loadlab::io::RunContext ctx;
  ctx.base_dir =
      path == "-" ? std::filesystem::current_path() : std::filesystem::absolute(path).parent_path();
  return ctx;
}

// Entries of algorithms that failed at run time carry an "error" object and are not verifier
// findings (a dlt entry's "error" string says why no schedule exists: a result).
bool failed_entry(const Json& r) {
  return r.contains("error") && r["error"].is_object();
}

bool all_verified(const Json& result) {
  for (const auto& r : result["results"])
    if (!failed_entry(r) && !r.value("verified", false)) return false;
  return true;
}

// One stderr line per algorithm that failed at run time; returns how many.
int report_failed_algorithms(const Json& result) {
  int failed = 0;
  for (const auto& r : result["results"]) {
    if (!failed_entry(r)) continue;
    ++failed;
    const Json& e = r["error"];
    std::cerr << "loadlab: algorithm '" << r.value("algorithm", "?")
              << "' failed: " << e.value("field", "") << ": " << e.value("message", "") << "\n";
  }
  return failed;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"LoadLab: parallel scheduling and load balancing, from the papers"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("loadlab ") + LOADLAB_VERSION);

  std::string path, out_path, engine = "central", link, paper;
  int threads = 1;
  loadlab::cli::ReproduceOptions rep;
  loadlab::cli::BenchOptions bench;

  auto* validate = app.add_subcommand("validate", "Check a scenario file; names the bad field");
  validate->add_option("scenario", path, "Scenario JSON file ('-' = stdin)")->required();

  auto* run = app.add_subcommand(
      "run",
      "Run a scenario's algorithms and print the result JSON. Exit status: 0 all ran and verified, "
      "2 bad scenario (nothing runs), 3 an algorithm failed at run time (its entry has \"error\"; "
      "the others are complete), 1 a result failed its verifier");
  run->add_option("scenario", path, "Scenario JSON file ('-' = stdin)")->required();
  run->add_option("-o,--output", out_path, "Write the result JSON here instead of stdout");
  run->add_option("--engine", engine, "central: algorithms as functions; nodes: per-node programs")
      ->check(CLI::IsMember({"central", "nodes"}));
  run->add_option("--threads", threads, "Worker threads for --engine nodes")
      ->check(CLI::Range(1, 256));

  loadlab::cli::RenderOptions rend;
  auto* render = app.add_subcommand(
      "render", "Run a scenario and write a picture of one result's view as SVG or PNG");
  render->add_option("scenario", rend.scenario, "Scenario JSON file ('-' = stdin)")->required();
  render->add_option("--view", rend.view, "gantt (dag, loop, os), network (balance), plot")
      ->required()
      ->check(CLI::IsMember({"gantt", "network", "plot"}));
  render->add_option("--algorithm", rend.algorithm,
                     "The result to draw (default: the first that ran)");
  render->add_option("-o,--output", rend.out, "FILE.svg or FILE.png")->required();
  render->add_option("--scale", rend.scale, "PNG pixels per SVG unit (default 1)")
      ->check(CLI::Range(0.25, 8.0));

  auto* mklink = app.add_subcommand("link", "Print the share-link fragment (#s=...) of a scenario");
  mklink->add_option("scenario", path, "Scenario JSON file ('-' = stdin)")->required();

  auto* unlink = app.add_subcommand("unlink", "Print the scenario JSON inside a share link");
  unlink->add_option("link", link, "A URL, '#s=...' fragment or payload ('-' = stdin)")->required();

  std::string preset_name;
  auto* preset =
      app.add_subcommand("preset", "List the papers' worked examples, or print one as a scenario");
  preset->add_option("name", preset_name, "Preset name (omit to list them)");

  loadlab::cli::ExplainOptions expl;
  auto* explain = app.add_subcommand(
      "explain", "Run a scenario and narrate each algorithm step by step (pseudo-code, captions)");
  explain->footer(loadlab::cli::kExplainHelp);
  explain->add_option("scenario", expl.scenario, "Scenario JSON file ('-' = stdin)")->required();
  explain->add_option("--algorithm", expl.algorithm,
                      "Only this algorithm (one of the scenario's algorithms)");
  auto* step_opt = explain->add_option("--step", expl.step,
                                       "Only step K (0 = the first), its pseudo-code line marked");
  explain->add_flag("--json", expl.json,
                    "Print the narrations as JSON: [{algorithm, citation, pseudocode, steps: "
                    "[{step, text, line}]}]");

  loadlab::cli::ConvertOptions conv;
  auto* convert = app.add_subcommand(
      "convert",
      "Convert a task graph or mesh between STG, DOT, WfCommons, METIS graph and scenario JSON");
  convert->footer(loadlab::cli::kConvertHelp);
  convert->add_option("input", conv.in, "File to read ('-' = stdin, then --from is needed)")
      ->required();
  convert->add_option("output", conv.out, "File to write ('-' = stdout, then --to is needed)")
      ->required();
  convert->add_option("--from", conv.from, "Input format (default: from the extension and keys)");
  convert->add_option("--to", conv.to,
                      "Output format (default: from the extension; .json = scenario)");
  convert
      ->add_option(
          "--bandwidth", conv.bandwidth,
          "WfCommons: bytes per second between file sizes and edge costs (both directions)")
      ->check(CLI::Range(1e-9, 1e18));
  convert->add_option("--processors", conv.processors, "Processors of a dag scenario written")
      ->check(CLI::Range(1, 1024));
  convert->add_option("--parts", conv.parts, "Parts of a partition scenario written")
      ->check(CLI::Range(1, 4096));
  convert->add_option("--name", conv.name,
                      "Name of a scenario written (default: the input's name)");

  loadlab::cli::AdversaryCliOptions adv;
  auto* adversary = app.add_subcommand(
      "adversary",
      "Search for an instance where scheduler A is worst against B (PISA-style annealing)");
  adversary->add_option("--a", adv.a, "Scheduler A (its makespan is the numerator)");
  adversary->add_option("--b", adv.b, "Scheduler B (the denominator; 'optimal' on <= 12 tasks)");
  adversary->add_option("--tasks", adv.tasks, "Tasks of the random start instance (1..200)");
  adversary->add_option("--processors", adv.processors,
                        "Processors of the random start instance (1..64)");
  adversary->add_flag("--heterogeneous", adv.heterogeneous,
                      "Random speeds and bandwidths in the start instance");
  adversary->add_option("--scenario", adv.scenario,
                        "Start from this dag scenario instead of a random instance");
  adversary->add_option("--iterations", adv.iterations, "Annealing iterations (0..1e8)");
  adversary->add_option("--seed", adv.seed, "Seed of the start instance and of the search");
  adversary->add_option("-o,--output", adv.output,
                        "Write the worst instance found as a dag scenario");
  adversary->add_flag("--json", adv.json, "Print a JSON record");
  adversary->add_option("--target", adv.target,
                        "makespan (default) or expected_makespan: each cost uniform within "
                        "+-spread of its value, the ratio of mean makespans over --samples runs");
  adversary->add_option("--spread", adv.spread, "Relative spread of the random costs (0..1)");
  adversary->add_option("--samples", adv.samples,
                        "Executions per schedule for expected_makespan (1..10000)");
  adversary->add_option("--pisa", adv.pisa,
                        "PISA's setup: the best of N restarts (1..1000) from chains of 3-5 tasks "
                        "on 3-5 processors, weights kept in [0.1, 1]; --iterations per restart");

  auto* reproduce = app.add_subcommand("reproduce", "Print a paper's tables beside ours");
  reproduce
      ->add_option(
          "paper", paper,
          "wu (Wu 1997), flb (Radulescu & van Gemund 1999), notes (the course notes' Problems "
          "2-3), dlt (Li, Veeravalli & Ko 2001), rips (Wu 1997, dynamic), partition "
          "(Houstis et al. Table 1), os (Houstis et al. Section 4), adversary (PISA pairwise "
          "matrix), saga (SAGA's data sets and PISA's matrix on heterogeneous machines), walshaw "
          "(real meshes vs METIS; needs --data), loops (Houstis et al. "
          "Section 3.1 loop-scheduling claims)")
      ->required()
      ->check(CLI::IsMember({"wu", "flb", "notes", "dlt", "rips", "partition", "os", "adversary",
                             "saga", "walshaw", "loops"}));
  reproduce->add_option("--csv", rep.csv_dir, "Also write CSV files into this folder");
  reproduce->add_option("--svg", rep.svg_dir,
                        "flb, wu: also draw the figures as SVG plots into this folder");
  reproduce->add_option("--cases", rep.cases, "Random cases per cell")
      ->check(CLI::Range(1, 100000));
  reproduce->add_option("--seed", rep.seed, "Seed of the random cases");
  reproduce->add_flag("--quick", rep.quick, "Fewer cases and sizes (for smoke tests)");
  reproduce->add_option(
      "--data", rep.data_dir,
      "walshaw: folder holding 3elt.graph, crack.graph, data.graph, whitaker3.graph; saga: "
      "a folder of WfCommons traces to add to SAGA's data sets");

  auto* benchcmd = app.add_subcommand("bench", "Time the algorithms; prints JSON records");
  benchcmd->add_option("--filter", bench.filter, "Only benchmarks whose name contains this");
  benchcmd->add_flag("--quick", bench.quick, "Small sizes (for smoke tests)");
  benchcmd->add_option("--threads", bench.threads, "Threads for threaded benchmarks")
      ->check(CLI::Range(1, 256));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : kExitBadInput;
  }

  try {
    if (*validate) {
      loadlab::io::parse_scenario_text(loadlab::io::read_document(path), context_for(path));
      std::cout << "ok\n";
      return 0;
    }
    if (*run) {
      auto ctx = context_for(path);
      ctx.engine = engine;
      ctx.threads = threads;
      // Parsed (and validated) once; the typed scenario is what runs.
      const auto parsed = loadlab::io::parse_scenario_text(loadlab::io::read_document(path), ctx);
      Json result = loadlab::io::results_document(*parsed, loadlab::io::run_parsed(*parsed, ctx));
      const std::string text = result.dump(2) + "\n";
      if (out_path.empty())
        std::cout << text;
      else
        loadlab::io::write_text_file(out_path, text);
      const int failed = report_failed_algorithms(result);
      if (!all_verified(result)) {
        std::cerr << "loadlab: a result failed its verifier (see \"verified\": false)\n";
        return 1;
      }
      return failed > 0 ? kExitAlgorithmFailed : 0;
    }
    if (*render) {
      loadlab::cli::render_command(rend, std::cerr);
      return 0;
    }
    if (*mklink) {
      Json scenario =
          loadlab::io::load_scenario_text(loadlab::io::read_document(path), context_for(path));
      std::cout << "#" << loadlab::io::encode_link(scenario) << "\n";
      return 0;
    }
    if (*unlink) {
      const std::string text = link == "-" ? loadlab::io::read_document("-") : link;
      Json scenario = loadlab::io::decode_link(text);
      loadlab::io::validate_scenario(scenario, loadlab::io::RunContext{});
      std::cout << scenario.dump(2) << "\n";
      return 0;
    }
    if (*preset) {
      if (preset_name.empty()) {
        for (const auto& p : loadlab::io::presets()) std::cout << p.name << "\t" << p.title << "\n";
        return 0;
      }
      std::cout << loadlab::io::find_preset(preset_name).scenario.dump(2) << "\n";
      return 0;
    }
    if (*explain) {
      expl.step_given = step_opt->count() > 0;
      return loadlab::cli::explain_command(expl, std::cout, std::cerr);
    }
    if (*convert) {
      loadlab::cli::convert_command(conv, std::cerr);
      return 0;
    }
    if (*adversary) return loadlab::cli::adversary_command(adv, std::cout, std::cerr);
    if (*reproduce) {
      if (paper == "adversary") return loadlab::cli::reproduce_adversary(rep, std::cout);
      if (paper == "saga") return loadlab::cli::reproduce_saga(rep, std::cout);
      if (paper == "wu") return loadlab::cli::reproduce_wu(rep, std::cout);
      if (paper == "flb") return loadlab::cli::reproduce_flb(rep, std::cout);
      if (paper == "notes") return loadlab::cli::reproduce_notes(rep, std::cout);
      if (paper == "rips") return loadlab::cli::reproduce_rips(rep, std::cout);
      if (paper == "partition") return loadlab::cli::reproduce_partition(rep, std::cout);
      if (paper == "os") return loadlab::cli::reproduce_os(rep, std::cout);
      if (paper == "loops") return loadlab::cli::reproduce_loops(rep, std::cout);
      if (paper == "walshaw") return loadlab::cli::reproduce_walshaw(rep, std::cout);
      return loadlab::cli::reproduce_dlt(rep, std::cout);
    }
    if (*benchcmd) {
      Json all = Json::array();
      for (auto* fn :
           {loadlab::cli::bench_balance, loadlab::cli::bench_dag, loadlab::cli::bench_loops,
            loadlab::cli::bench_sim, loadlab::cli::bench_dynamic, loadlab::cli::bench_partition,
            loadlab::cli::bench_os, loadlab::cli::bench_iterative,
            loadlab::cli::bench_dynamic_threads, loadlab::cli::bench_adversary})
        for (auto& rec : fn(bench)) all.push_back(rec);
      std::cout << all.dump(2) << "\n";
      return 0;
    }
  } catch (const ScenarioError& e) {
    std::cerr << "loadlab: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "loadlab: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
