// `loadlab adversary`: see adversary_command.h. Exit codes as the rest of the CLI: 0 success,
// 2 bad input (the message names the flag, or the scenario's field), 1 internal failure.
#include "cli/adversary_command.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/dag/adversary.h"
#include "core/dag/registry.h"
#include "io/kinds/dag_adversary.h"
#include "io/scenario.h"
#include "io/text_files.h"

namespace loadlab::cli {

namespace {

std::string fixed(double v, int digits = 6) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

/// Core errors start with the option's name ("a: unknown scheduler ..."): name the flag instead.
std::string flag_message(const std::string& what, bool from_scenario) {
  const auto colon = what.find(':');
  const std::string field = what.substr(0, colon);
  for (const char* f :
       {"a", "b", "iterations", "tasks", "processors", "seed", "target", "spread", "samples"})
    if (field == f && !(from_scenario && field == "processors")) return "--" + what;
  if (field == "restarts" && colon != std::string::npos) return "--pisa" + what.substr(colon);
  if (from_scenario) return "--scenario: " + what;
  return what;
}

}  // namespace

bool parse_adversary_args(const std::vector<std::string>& args, AdversaryCliOptions& o,
                          std::string& error) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& k = args[i];
    if (k == "--heterogeneous") {
      o.heterogeneous = true;
      continue;
    }
    if (k == "--json") {
      o.json = true;
      continue;
    }
    if (i + 1 >= args.size()) {
      error = k + ": needs a value";
      return false;
    }
    const std::string& v = args[++i];
    try {
      if (k == "--a")
        o.a = v;
      else if (k == "--b")
        o.b = v;
      else if (k == "--tasks")
        o.tasks = std::stoi(v);
      else if (k == "--processors")
        o.processors = std::stoi(v);
      else if (k == "--scenario")
        o.scenario = v;
      else if (k == "--iterations")
        o.iterations = std::stoll(v);
      else if (k == "--seed")
        o.seed = std::stoull(v);
      else if (k == "-o" || k == "--output")
        o.output = v;
      else if (k == "--target")
        o.target = v;
      else if (k == "--spread")
        o.spread = std::stod(v);
      else if (k == "--samples")
        o.samples = std::stoll(v);
      else if (k == "--pisa")
        o.pisa = std::stoi(v);
      else {
        error = "unknown option " + k;
        return false;
      }
    } catch (const std::exception&) {
      error = k + ": not a number: " + v;
      return false;
    }
  }
  return true;
}

int adversary_command(const AdversaryCliOptions& o, std::ostream& out, std::ostream& err) {
  const bool from_scenario = !o.scenario.empty();
  core::AdversaryOptions opts;
  opts.a = o.a;
  opts.b = o.b;
  opts.iterations = o.iterations;
  opts.seed = o.seed;
  opts.target = o.target;
  opts.spread = o.spread;
  opts.samples = o.samples;
  core::AdversaryInstance start;
  std::vector<core::AdversaryInstance> starts;
  if (o.pisa != 0 && from_scenario) {
    err << "loadlab: --pisa: PISA's start instances replace --scenario; give one of them\n";
    return 2;
  }
  try {
    if (o.pisa != 0) {
      opts.min_weight = 0.1;
      opts.max_weight = 1.0;
      opts.min_speed = 0.1;
      opts.max_speed = 1.0;
      starts = core::pisa_start_instances(o.pisa, 3, 5, o.seed);
      // As PISA fixes speeds for schedulers defined on identical processors (ETF, FCP, FLB).
      for (auto& st : starts)
        if (!core::dag_algorithm_refusal(o.a, st.machine).empty() ||
            !core::dag_algorithm_refusal(o.b, st.machine).empty())
          st.machine = core::Machine::identical(st.machine.processors);
      start = starts.front();
    } else if (from_scenario) {
      io::RunContext ctx;
      ctx.base_dir = std::filesystem::absolute(o.scenario).parent_path();
      const auto parsed = io::parse_scenario_text(io::read_document(o.scenario), ctx);
      const auto* dag = dynamic_cast<const io::DagScenario*>(parsed.get());
      if (!dag) {
        err << "loadlab: --scenario: kind '" << parsed->kind
            << "' is not a task graph (the adversary needs \"kind\": \"dag\")\n";
        return 2;
      }
      start = io::adversary_instance_from(*dag);
      opts.dag_options = dag->options;
    } else {
      start = core::random_adversary_instance(o.tasks, o.processors, o.heterogeneous, o.seed);
    }
  } catch (const io::ScenarioError& e) {
    err << "loadlab: --scenario: " << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    err << "loadlab: " << flag_message(e.what(), false) << "\n";
    return 2;
  }
  core::AdversaryResult r;
  const auto t0 = std::chrono::steady_clock::now();
  try {
    r = starts.empty() ? core::adversary_search(start, opts)
                       : core::adversary_search_restarts(starts, opts);
  } catch (const std::invalid_argument& e) {
    err << "loadlab: " << flag_message(e.what(), from_scenario) << "\n";
    return 2;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double rate = secs > 0 ? static_cast<double>(r.iterations) / secs : 0;
  if (!o.output.empty()) {
    const nlohmann::json sc =
        io::adversary_instance_scenario(r.best, {o.a, o.b}, opts.dag_options.seed);
    io::write_text_file(o.output, sc.dump(2) + "\n");
  }
  // With restarts, the start shown is the best run's.
  const core::AdversaryInstance& shown = starts.empty() ? start : r.start;
  const std::int32_t tasks = shown.graph.size();
  if (o.json) {
    nlohmann::json j = {{"a", o.a},
                        {"b", o.b},
                        {"tasks", tasks},
                        {"processors", shown.machine.processors},
                        {"iterations", r.iterations},
                        {"seed", o.seed},
                        {"start_ratio", r.start_ratio},
                        {"best_ratio", r.best_ratio},
                        {"best_makespan_a", r.best_makespan_a},
                        {"best_makespan_b", r.best_makespan_b},
                        {"accepted", r.accepted},
                        {"improvements", r.improvements},
                        {"unproven", r.unproven},
                        {"machine_varied", r.machine_varied},
                        {"best_tasks", r.best.graph.size()},
                        {"best_edges", r.best.graph.edge_count()},
                        {"elapsed_seconds", secs},
                        {"iterations_per_second", rate}};
    if (!o.output.empty()) j["output"] = o.output;
    if (o.pisa) j["pisa_restarts"] = o.pisa;
    j["target"] = o.target;
    if (o.target == "expected_makespan") {
      j["spread"] = o.spread;
      j["samples"] = o.samples;
    }
    out << j.dump(2) << "\n";
    return 0;
  }
  const bool expected = o.target == "expected_makespan";
  if (expected)
    out << "target:        expected makespan, costs uniform within +-" << fixed(o.spread, 2)
        << " of their value, " << o.samples << " executions per schedule\n";
  const char* what = expected ? "E[makespan]" : "makespan";
  out << "adversary: " << what << "(" << o.a << ") / " << what << "(" << o.b << "), " << tasks
      << " tasks, " << shown.machine.processors << " processors"
      << (shown.machine.trivial() ? " (identical)" : "") << ", seed " << o.seed << "\n";
  if (o.pisa)
    out << "PISA's setup:  best of " << o.pisa
        << " restarts from chains of 3-5 tasks on 3-5 processors, weights in [0.1, 1]; the best "
           "run above\n";
  out << "start ratio:   " << fixed(r.start_ratio) << "\n";
  out << "ratio reached: " << fixed(r.best_ratio) << "  (" << what << " " << o.a << " "
      << fixed(r.best_makespan_a) << ", " << o.b << " " << fixed(r.best_makespan_b) << ")\n";
  out << "iterations:    " << r.iterations << " (accepted " << r.accepted << ", improvements "
      << r.improvements;
  if (r.unproven) out << ", unproven optimum " << r.unproven;
  out << ") in " << fixed(secs, 3) << " s = " << fixed(rate, 0) << " iterations/s\n";
  if (!r.machine_varied && (o.heterogeneous || !shown.machine.trivial()))
    out << "machine:       kept as given (" << o.a << " or " << o.b
        << " needs identical processors)\n";
  if (!o.output.empty()) out << "wrote:         " << o.output << "\n";
  return 0;
}

}  // namespace loadlab::cli
