// Random start instances and the ordered-pair matrix of worst ratios, as in PISA's pairwise
// comparison (Coleman et al., "PISA: An Adversarial Approach To Comparing Task Graph Scheduling
// Algorithms", SAGA): every scheduler against every other, each cell one annealing run.
#include <set>
#include <stdexcept>

#include "core/dag/adversary.h"
#include "core/dag/registry.h"
#include "core/util/rng.h"

namespace loadlab::core {

AdversaryInstance random_adversary_instance(std::int32_t tasks, std::int32_t processors,
                                            bool heterogeneous, std::uint64_t seed) {
  if (tasks < 1 || tasks > AdversaryLimits::max_tasks)
    throw std::invalid_argument("tasks: must be in [1, " +
                                std::to_string(AdversaryLimits::max_tasks) + "], got " +
                                std::to_string(tasks));
  if (processors < 1 || processors > AdversaryLimits::max_processors)
    throw std::invalid_argument("processors: must be in [1, " +
                                std::to_string(AdversaryLimits::max_processors) + "], got " +
                                std::to_string(processors));
  util::Rng rng(seed);
  std::vector<double> comp(static_cast<std::size_t>(tasks));
  for (double& c : comp) c = 0.1 + 0.9 * rng.uniform01();
  // Each task after the first gets 0-2 distinct earlier predecessors: ids are a topological
  // order, so the graph is acyclic, and several entry tasks can occur.
  std::vector<DagEdge> edges;
  for (TaskId t = 1; t < tasks; ++t) {
    const auto k = std::min<std::uint64_t>(rng.below(3), static_cast<std::uint64_t>(t));
    TaskId first = -1;
    for (std::uint64_t i = 0; i < k; ++i) {
      TaskId u = static_cast<TaskId>(rng.below(static_cast<std::uint64_t>(t)));
      if (u == first) continue;  // a repeated draw: one predecessor only
      first = u;
      edges.push_back({u, t, rng.uniform01()});
    }
  }
  AdversaryInstance inst{TaskGraph(std::move(comp), std::move(edges)),
                         Machine::identical(processors)};
  if (heterogeneous) {
    const auto P = static_cast<std::size_t>(processors);
    inst.machine.speeds.resize(P);
    for (double& s : inst.machine.speeds) s = 0.5 + 1.5 * rng.uniform01();
    if (P >= 2) {
      inst.machine.bandwidth.assign(P * P, 0.0);
      for (std::size_t p = 0; p < P; ++p)
        for (std::size_t q = p + 1; q < P; ++q) {
          const double b = 0.5 + 1.5 * rng.uniform01();
          inst.machine.bandwidth[p * P + q] = b;
          inst.machine.bandwidth[q * P + p] = b;
        }
    }
  }
  return inst;
}

AdversaryMatrix adversary_pairwise(const std::vector<std::string>& schedulers,
                                   const AdversaryInstance& start, const AdversaryOptions& base,
                                   const std::function<bool(std::size_t, std::size_t)>& progress) {
  if (schedulers.size() < 2) throw std::invalid_argument("schedulers: needs at least 2 names");
  std::set<std::string> seen;
  for (const auto& s : schedulers) {
    if (!find_dag_algorithm(s))
      throw std::invalid_argument("schedulers: unknown scheduler '" + s + "'");
    if (!seen.insert(s).second)
      throw std::invalid_argument("schedulers: '" + s + "' appears twice");
  }
  const std::size_t n = schedulers.size();
  AdversaryMatrix m;
  m.schedulers = schedulers;
  m.ratio.assign(n, std::vector<double>(n, 0.0));
  m.best.assign(n, std::vector<AdversaryInstance>(n));
  const std::size_t total = n * (n - 1);
  std::size_t done = 0;
  for (std::size_t i = 0; i < n && !m.cancelled; ++i) {
    m.ratio[i][i] = 1.0;
    for (std::size_t j = 0; j < n && !m.cancelled; ++j) {
      if (i == j) continue;
      if (progress && !progress(done, total)) {
        m.cancelled = true;
        break;
      }
      AdversaryOptions o = base;
      o.a = schedulers[i];
      o.b = schedulers[j];
      AdversaryProgress inner;
      if (progress) inner = [&](const AdversaryResult&) { return progress(done, total); };
      AdversaryResult r = adversary_search(start, o, inner);
      if (r.cancelled) {
        m.cancelled = true;
        break;
      }
      m.ratio[i][j] = r.best_ratio;
      m.best[i][j] = std::move(r.best);
      ++done;
    }
  }
  if (!m.cancelled && progress) progress(total, total);
  return m;
}

}  // namespace loadlab::core
