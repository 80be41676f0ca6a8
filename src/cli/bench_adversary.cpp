// `loadlab bench --filter adversary`: adversarial search iterations per second on
// 20-task instances (goal >= 10,000 iterations/s natively); each iteration mutates the instance,
// rebuilds the graph and runs both schedulers once. Pairs: flb vs etf and mcp vs heft on 4
// identical processors (the machine stays fixed), heft vs cpop on a heterogeneous machine (speeds
// and bandwidths vary too). Search: core/dag/adversary.h (PISA, Coleman et al.).
#include <chrono>

#include "cli/commands.h"
#include "core/dag/adversary.h"

namespace loadlab::cli {

nlohmann::json bench_adversary(const BenchOptions& opts) {
  nlohmann::json out = nlohmann::json::array();
  struct Case {
    const char* a;
    const char* b;
    bool hetero;
  };
  const Case cases[] = {{"flb", "etf", false}, {"mcp", "heft", false}, {"heft", "cpop", true}};
  const std::int32_t tasks = 20, processors = 4;
  const std::int64_t iterations = opts.quick ? 300 : 20000;
  for (const Case& c : cases) {
    const std::string name =
        std::string("adversary/") + c.a + "_vs_" + c.b + "/V20" + (c.hetero ? "/hetero" : "");
    if (!opts.filter.empty() && name.find(opts.filter) == std::string::npos) continue;
    core::AdversaryOptions o;
    o.a = c.a;
    o.b = c.b;
    o.iterations = iterations;
    const core::AdversaryInstance start =
        core::random_adversary_instance(tasks, processors, c.hetero, 1);
    const auto t0 = std::chrono::steady_clock::now();
    const core::AdversaryResult r = core::adversary_search(start, o);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out.push_back({{"name", name},
                   {"seconds", s},
                   {"iterations", r.iterations},
                   {"iterations_per_second", static_cast<double>(r.iterations) / s},
                   {"tasks", tasks},
                   {"processors", processors},
                   {"best_ratio", r.best_ratio},
                   {"goal_iterations_per_second", 10000}});
  }
  return out;
}

}  // namespace loadlab::cli
