// Registry of the task-graph schedulers by their scenario names (issue 5 contract).
#include <stdexcept>

#include "core/dag/schedulers.h"

namespace loadlab::core {

const std::vector<std::string>& dag_algorithm_names() {
  static const std::vector<std::string> names = {
      "flb",    "etf",    "mcp",    "mcp_insertion", "fcp",    "dsc",
      "llb",    "dsc_llb", "hlfet", "hlfnet",        "scfet",  "scfnet",
      "random", "coffman_graham",   "heft",          "optimal"};
  return names;
}

bool dag_algorithm_unbounded(const std::string& name) { return name == "dsc"; }

Schedule run_dag_algorithm(const std::string& name, const TaskGraph& g, int processors,
                           const DagOptions& opts, ScheduleTrace* trace,
                           OptimalResult* optimal_info) {
  if (name == "flb") return flb(g, processors, trace);
  if (name == "etf") return etf(g, processors, trace);
  if (name == "mcp") return mcp(g, processors, false, trace);
  if (name == "mcp_insertion") return mcp(g, processors, true, trace);
  if (name == "fcp") return fcp(g, processors, trace);
  if (name == "dsc") return dsc(g);
  if (name == "llb") {
    // LLB on its own needs a clustering: the trivial one (each task its own cluster).
    std::vector<std::int32_t> single(g.size());
    for (TaskId t = 0; t < g.size(); ++t) single[t] = t;
    return llb(g, processors, single, trace);
  }
  if (name == "dsc_llb") return dsc_llb(g, processors, trace);
  if (name == "hlfet") return hlfet(g, processors, trace);
  if (name == "hlfnet") return hlfnet(g, processors, trace);
  if (name == "scfet") return scfet(g, processors, trace);
  if (name == "scfnet") return scfnet(g, processors, trace);
  if (name == "random") return random_priority(g, processors, opts.seed, trace);
  if (name == "coffman_graham") return coffman_graham(g, processors, trace);
  if (name == "heft") return heft(g, processors, trace);
  if (name == "optimal") {
    OptimalResult r =
        optimal_schedule(g, processors, opts.optimal_node_budget, opts.optimal_max_tasks);
    Schedule s = std::move(r.schedule);
    if (optimal_info) *optimal_info = std::move(r);
    return s;
  }
  throw std::invalid_argument("unknown task-graph scheduler '" + name + "'");
}

}  // namespace loadlab::core
