// Random start instances and the ordered-pair matrix of worst ratios, as in PISA's pairwise
// comparison (Coleman & Krishnamachari, "PISA: An Adversarial Approach To Comparing Task Graph
// Scheduling Algorithms", 2024; SAGA): every scheduler against every other, each cell one
// annealing run or, as PISA does, the best of several runs from PISA's own start instances
// (chains of 3-5 tasks on 3-5 processors, every weight uniform in [0.1, 1)).
#include <set>
#include <stdexcept>

#include "core/dag/adversary.h"
#include "core/dag/registry.h"
#include "core/util/rng.h"

namespace loadlab::core {

namespace {

// Speeds, then each link p < q (symmetric), uniform in [lo, lo + span): the draw order every
// seeded instance depends on.
void adversary_draw_machine(Machine& m, std::int32_t processors, double lo, double span,
                            util::Rng& rng) {
  const auto P = static_cast<std::size_t>(processors);
  m.speeds.resize(P);
  for (double& s : m.speeds) s = lo + span * rng.uniform01();
  if (P < 2) return;
  m.bandwidth.assign(P * P, 0.0);
  for (std::size_t p = 0; p < P; ++p)
    for (std::size_t q = p + 1; q < P; ++q) {
      const double b = lo + span * rng.uniform01();
      m.bandwidth[p * P + q] = b;
      m.bandwidth[q * P + p] = b;
    }
}

}  // namespace

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
  if (heterogeneous) adversary_draw_machine(inst.machine, processors, 0.5, 1.5, rng);
  return inst;
}

AdversaryInstance pisa_start_instance(std::int32_t tasks, std::int32_t processors,
                                      std::uint64_t seed) {
  // The same field checks and messages as random_adversary_instance.
  random_adversary_instance(tasks, processors, false, seed);
  util::Rng rng(seed);
  std::vector<double> comp(static_cast<std::size_t>(tasks));
  for (double& c : comp) c = 0.1 + 0.9 * rng.uniform01();
  std::vector<DagEdge> edges;
  for (TaskId t = 1; t < tasks; ++t) edges.push_back({t - 1, t, 0.1 + 0.9 * rng.uniform01()});
  AdversaryInstance inst{TaskGraph(std::move(comp), std::move(edges)),
                         Machine::identical(processors)};
  adversary_draw_machine(inst.machine, processors, 0.1, 0.9, rng);
  return inst;
}

std::vector<AdversaryInstance> pisa_start_instances(std::int32_t restarts, std::int32_t min_size,
                                                    std::int32_t max_size, std::uint64_t seed) {
  if (restarts < 1 || restarts > 1000)
    throw std::invalid_argument("restarts: must be in [1, 1000], got " + std::to_string(restarts));
  if (min_size < 1 || min_size > max_size || max_size > AdversaryLimits::max_optimal_tasks)
    throw std::invalid_argument("min_size: needs 1 <= min_size <= max_size <= " +
                                std::to_string(AdversaryLimits::max_optimal_tasks));
  std::vector<AdversaryInstance> starts;
  util::Rng rng(seed);
  for (std::int32_t k = 0; k < restarts; ++k) {
    const auto tasks = static_cast<std::int32_t>(rng.uniform_int(min_size, max_size));
    const auto processors = static_cast<std::int32_t>(rng.uniform_int(min_size, max_size));
    starts.push_back(pisa_start_instance(tasks, processors, rng.next_u64()));
  }
  return starts;
}

AdversaryResult adversary_search_restarts(const std::vector<AdversaryInstance>& starts,
                                          const AdversaryOptions& opts,
                                          const AdversaryProgress& progress,
                                          std::int64_t progress_every) {
  if (starts.empty()) throw std::invalid_argument("starts: needs at least one start instance");
  AdversaryResult best;
  std::int64_t iterations = 0, accepted = 0, improvements = 0, unproven = 0;
  for (std::size_t k = 0; k < starts.size(); ++k) {
    AdversaryOptions o = opts;
    // k times an odd constant: a different seed for every restart, opts.seed itself for k = 0.
    o.seed = opts.seed + 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(k);
    AdversaryResult r = adversary_search(starts[k], o, progress, progress_every);
    iterations += r.iterations;
    accepted += r.accepted;
    improvements += r.improvements;
    unproven += r.unproven;
    const bool cancelled = r.cancelled;
    if (k == 0 || r.best_ratio > best.best_ratio) best = std::move(r);
    if (cancelled) {
      best.cancelled = true;
      break;
    }
  }
  best.iterations = iterations;
  best.accepted = accepted;
  best.improvements = improvements;
  best.unproven = unproven;
  return best;
}

AdversaryMatrix adversary_pairwise(const std::vector<std::string>& schedulers,
                                   const AdversaryInstance& start, const AdversaryOptions& base,
                                   const std::function<bool(std::size_t, std::size_t)>& progress) {
  return adversary_pairwise(schedulers, std::vector<AdversaryInstance>{start}, base, progress);
}

AdversaryMatrix adversary_pairwise(const std::vector<std::string>& schedulers,
                                   const std::vector<AdversaryInstance>& starts,
                                   const AdversaryOptions& base,
                                   const std::function<bool(std::size_t, std::size_t)>& progress) {
  if (starts.empty()) throw std::invalid_argument("starts: needs at least one start instance");
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
      AdversaryResult r = adversary_search_restarts(starts, o, inner);
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
