// Adversarial instance search: simulated annealing maximizing makespan(A) / makespan(B), after
// PISA (Coleman et al., "PISA: An Adversarial Approach To Comparing Task Graph Scheduling
// Algorithms"; SAGA). The mutation set, the acceptance rule and why it is bit-identical natively
// and in WebAssembly: core/dag/adversary.h and docs/adversary.md.
//
// Index:
//   deterministic_exp_neg      - exp(-x) from + - * / only
//   validation                 - field-named std::invalid_argument before any work
//   Evaluator                  - runs A and B on one instance (proven flag for "optimal")
//   Mutator                    - the six mutation kinds, every value kept inside the limits
//   adversary_search_observed  - the annealing loop, history thinning, progress / cancel
#include "core/dag/adversary.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/dag/registry.h"
#include "core/dag/stochastic.h"
#include "core/util/rng.h"

namespace loadlab::core {

double deterministic_exp_neg(double x) {
  if (!(x > 0)) return 1.0;
  if (x >= 40.0) return 0.0;  // exp(-40) ~ 4e-18: below uniform01's resolution (2^-53)
  // exp(-x) = exp(-x / 2^k)^(2^k); halving is exact, so only the polynomial and the squarings
  // round, each correctly (IEEE), identically on every target without fused multiply-adds.
  int k = 0;
  double y = x;
  while (y > 0.125) {
    y *= 0.5;
    ++k;
  }
  // Horner form of the Taylor series: 1 - y (1 - y/2 (1 - y/3 (... (1 - y/12)))).
  double s = 1.0;
  for (int j = 12; j >= 1; --j) s = 1.0 - (y / j) * s;
  for (int i = 0; i < k; ++i) s *= s;
  return s;
}

namespace {

[[noreturn]] void bad(const std::string& field, const std::string& why) {
  throw std::invalid_argument(field + ": " + why);
}

std::string adversary_num(double v) {
  std::string s = std::to_string(v);
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

bool accepts_nonuniform(const std::string& name) {
  const DagAlgorithm* a = find_dag_algorithm(name);
  return a && a->run_machine;
}

void check_scheduler(const std::string& field, const std::string& name,
                     const AdversaryInstance& inst) {
  if (!find_dag_algorithm(name)) {
    std::string known;
    for (const auto& n : dag_algorithm_names()) known += (known.empty() ? "" : ", ") + n;
    bad(field, "unknown scheduler '" + name + "' (known: " + known + ")");
  }
  if (name == "optimal" && inst.graph.size() > AdversaryLimits::max_optimal_tasks)
    bad(field, "optimal needs at most " + std::to_string(AdversaryLimits::max_optimal_tasks) +
                   " tasks, the instance has " + std::to_string(inst.graph.size()));
  const std::string refusal = dag_algorithm_refusal(name, inst.machine);
  if (!refusal.empty()) bad(field, refusal);
}

void validate(const AdversaryInstance& inst, const AdversaryOptions& o) {
  const TaskGraph& g = inst.graph;
  if (g.size() < 1 || g.size() > AdversaryLimits::max_tasks)
    bad("graph", "needs 1.." + std::to_string(AdversaryLimits::max_tasks) + " tasks, has " +
                     std::to_string(g.size()));
  for (TaskId t = 0; t < g.size(); ++t)
    if (!(g.comp(t) > 0))
      bad("graph", "task " + g.name(t) + " has cost " + adversary_num(g.comp(t)) +
                       "; the adversary needs positive task costs");
  const Machine& m = inst.machine;
  if (m.processors < 1 || m.processors > AdversaryLimits::max_processors)
    bad("processors", "must be in [1, " + std::to_string(AdversaryLimits::max_processors) +
                          "], got " + std::to_string(m.processors));
  if (!m.etc.empty())
    bad("machine", "etc matrices are not supported by the adversary (use speeds / bandwidth)");
  try {
    validate_machine(m, g);
  } catch (const std::invalid_argument& e) {
    // validate_machine names the field first ("speeds/2: ..."): keep it, under "machine/".
    const std::string what = e.what();
    const auto colon = what.find(": ");
    if (colon == std::string::npos) bad("machine", what);
    bad("machine/" + what.substr(0, colon), what.substr(colon + 2));
  }
  check_scheduler("a", o.a, inst);
  check_scheduler("b", o.b, inst);
  if (o.iterations < 0 || o.iterations > AdversaryLimits::max_iterations)
    bad("iterations", "must be in [0, " + std::to_string(AdversaryLimits::max_iterations) +
                          "], got " + std::to_string(o.iterations));
  if (!(o.final_temperature > 0 && std::isfinite(o.initial_temperature) &&
        o.initial_temperature >= o.final_temperature))
    bad("initial_temperature", "needs initial_temperature >= final_temperature > 0");
  if (!(o.min_weight > 0 && o.min_weight <= o.max_weight && o.max_weight <= GraphLimits::max_cost))
    bad("min_weight", "needs 0 < min_weight <= max_weight <= 1e12");
  if (!(o.min_speed >= MachineLimits::min_speed && o.min_speed <= o.max_speed &&
        o.max_speed <= MachineLimits::max_speed))
    bad("min_speed", "needs 1e-6 <= min_speed <= max_speed <= 1e6");
  if (o.target != "makespan" && o.target != "expected_makespan")
    bad("target", "must be \"makespan\" or \"expected_makespan\", got \"" + o.target + "\"");
  if (!(o.spread >= 0 && o.spread <= 1)) bad("spread", "must be in [0, 1]");
  if (o.samples < 1 || o.samples > 10000) bad("samples", "must be in [1, 10000]");
}

/// Runs A and B on instances; "optimal" reports whether it proved its result.
class Evaluator {
 public:
  explicit Evaluator(const AdversaryOptions& o) : o_(o) {}
  /// Ratio makespan(A) / makespan(B); false if an "optimal" run was not proven.
  bool evaluate(const TaskGraph& g, const Machine& m, double& ratio, double& ma, double& mb) const {
    bool proven = true;
    ma = run(o_.a, g, m, proven);
    mb = run(o_.b, g, m, proven);
    ratio = ma / mb;
    return proven;
  }

 private:
  double run(const std::string& name, const TaskGraph& g, const Machine& m, bool& proven) const {
    OptimalResult info;
    const Schedule s = run_dag_algorithm(name, g, m, o_.dag_options, nullptr, &info);
    if (name == "optimal") proven = proven && info.proven;
    if (o_.target != "expected_makespan") return s.makespan();
    return expected_makespan(g, m, s);
  }
  // Mean makespan of s over o_.samples executions with every cost uniform within ±spread of its
  // value; the seed depends only on the options, so A and B see the same draws.
  double expected_makespan(const TaskGraph& g, const Machine& m, const Schedule& s) const {
    StochasticCosts costs;
    costs.comp.reserve(static_cast<std::size_t>(g.size()));
    for (double c : g.comps())
      costs.comp.push_back(CostDistribution::uniform(c - c * o_.spread, c + c * o_.spread));
    costs.comm.reserve(g.edges().size());
    for (const auto& e : g.edges())
      costs.comm.push_back(
          CostDistribution::uniform(e.comm - e.comm * o_.spread, e.comm + e.comm * o_.spread));
    EvaluateOptions eo;
    eo.samples = o_.samples;
    eo.bins = 1;
    eo.seed = o_.seed ^ 0x57a7u;
    return evaluate_schedule(g, m, costs, s, eo).mean;
  }
  const AdversaryOptions& o_;
};

/// The mutable form of an instance: vectors, rebuilt into a TaskGraph per candidate (cheap for
/// the sizes allowed: O(V + E log E), no validation beyond TaskGraph's own).
struct Work {
  std::vector<double> comp;
  std::vector<DagEdge> edges;
  std::vector<std::string> names;
  Machine machine;
};

Work work_of(const AdversaryInstance& inst) {
  return {inst.graph.comps(), inst.graph.edges(), inst.graph.names(), inst.machine};
}

class Mutator {
 public:
  Mutator(const AdversaryOptions& o, bool vary_machine) : o_(o), vary_(vary_machine) {}

  /// Applies one mutation to `w` (whose graph is `g`).
  void mutate(Work& w, const TaskGraph& g, util::Rng& rng) const {
    const std::int64_t n = g.size();
    const std::int64_t e = g.edge_count();
    const std::int32_t P = w.machine.processors;
    enum Kind { Cost, Data, Add, Delete, Speed, Bandwidth };
    Kind kinds[6];
    int count = 0;
    kinds[count++] = Cost;
    if (e > 0) kinds[count++] = Data;
    if (e < n * (n - 1) / 2) kinds[count++] = Add;
    if (e > 0) kinds[count++] = Delete;
    if (vary_) kinds[count++] = Speed;
    if (vary_ && P >= 2) kinds[count++] = Bandwidth;
    switch (kinds[rng.below(static_cast<std::uint64_t>(count))]) {
      case Cost: {
        const auto t = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(n)));
        w.comp[t] = clamp(w.comp[t] * factor(rng), o_.min_weight, o_.max_weight);
        break;
      }
      case Data: {
        const auto i = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(e)));
        double& d = w.edges[i].comm;
        if (rng.below(8) == 0) {
          d = 0;
        } else if (d > 0) {
          d = clamp(d * factor(rng), o_.min_weight, o_.max_weight);
        } else {
          d = std::min(o_.max_weight, mean_comp(w) * rng.uniform01());
        }
        break;
      }
      case Add:
        add_edge(w, g, rng);
        break;
      case Delete:
        w.edges.erase(w.edges.begin() +
                      static_cast<std::ptrdiff_t>(rng.below(static_cast<std::uint64_t>(e))));
        break;
      case Speed: {
        if (w.machine.speeds.empty()) w.machine.speeds.assign(static_cast<std::size_t>(P), 1.0);
        const auto p = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(P)));
        w.machine.speeds[p] = clamp(w.machine.speeds[p] * factor(rng), o_.min_speed, o_.max_speed);
        break;
      }
      case Bandwidth: {
        auto& bw = w.machine.bandwidth;
        const auto PP = static_cast<std::size_t>(P);
        if (bw.empty()) {
          bw.assign(PP * PP, 1.0);
          for (std::size_t p = 0; p < PP; ++p) bw[p * PP + p] = 0.0;
        }
        // An unordered pair p < q, uniformly among P (P - 1) / 2.
        auto p = static_cast<std::size_t>(rng.below(PP));
        auto q = static_cast<std::size_t>(rng.below(PP - 1));
        if (q >= p) ++q;
        if (p > q) std::swap(p, q);
        const double f = factor(rng);
        const double v = clamp(bw[p * PP + q] * f, o_.min_speed, o_.max_speed);
        bw[p * PP + q] = v;
        bw[q * PP + p] = v;
        break;
      }
    }
  }

 private:
  /// Uniform in [0.5, 2): halves to doubles a value.
  static double factor(util::Rng& rng) { return 0.5 + 1.5 * rng.uniform01(); }
  static double clamp(double v, double lo, double hi) { return v < lo ? lo : (v > hi ? hi : v); }
  static double mean_comp(const Work& w) {
    double s = 0;
    for (double c : w.comp) s += c;
    return s / static_cast<double>(w.comp.size());
  }

  /// Adds an edge between a uniformly chosen non-adjacent pair, in an acyclic direction.
  void add_edge(Work& w, const TaskGraph& g, util::Rng& rng) const {
    const auto n = static_cast<std::size_t>(g.size());
    std::vector<std::uint8_t> adj(n * n, 0);
    for (const DagEdge& d : w.edges) {
      adj[static_cast<std::size_t>(d.from) * n + static_cast<std::size_t>(d.to)] = 1;
      adj[static_cast<std::size_t>(d.to) * n + static_cast<std::size_t>(d.from)] = 1;
    }
    const std::uint64_t free_pairs = n * (n - 1) / 2 - w.edges.size();
    std::uint64_t k = rng.below(free_pairs);
    TaskId u = 0, v = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        if (!adj[i * n + j] && k-- == 0) {
          u = static_cast<TaskId>(i);
          v = static_cast<TaskId>(j);
          i = n;
          break;
        }
    if (rng.below(2) == 1) std::swap(u, v);
    // u -> v closes a cycle iff v already reaches u; then v -> u cannot (the graph is acyclic).
    if (reaches(g, v, u)) std::swap(u, v);
    w.edges.push_back({u, v, std::min(o_.max_weight, mean_comp(w) * rng.uniform01())});
  }

  static bool reaches(const TaskGraph& g, TaskId from, TaskId to) {
    std::vector<std::uint8_t> seen(static_cast<std::size_t>(g.size()), 0);
    std::vector<TaskId> stack{from};
    seen[static_cast<std::size_t>(from)] = 1;
    while (!stack.empty()) {
      const TaskId t = stack.back();
      stack.pop_back();
      if (t == to) return true;
      for (auto e : g.out_edges(t)) {
        const TaskId s = g.edge(e).to;
        if (!seen[static_cast<std::size_t>(s)]) {
          seen[static_cast<std::size_t>(s)] = 1;
          stack.push_back(s);
        }
      }
    }
    return false;
  }

  const AdversaryOptions& o_;
  bool vary_;
};

constexpr std::size_t kHistoryCap = 2000;

/// Keeps history within kHistoryCap: drops every other point (the last one stays).
void thin(std::vector<AdversaryPoint>& h, std::int64_t& stride) {
  if (h.size() < kHistoryCap) return;
  std::vector<AdversaryPoint> kept;
  kept.reserve(h.size() / 2 + 1);
  for (std::size_t i = 0; i < h.size(); i += 2) kept.push_back(h[i]);
  if (kept.back().iteration != h.back().iteration) kept.push_back(h.back());
  h = std::move(kept);
  stride *= 2;
}

}  // namespace

double adversary_ratio(const AdversaryInstance& inst, const AdversaryOptions& opts,
                       double* makespan_a, double* makespan_b, bool* proven) {
  AdversaryOptions o = opts;
  o.iterations = 0;
  validate(inst, o);
  double r = 0, ma = 0, mb = 0;
  const bool ok = Evaluator(o).evaluate(inst.graph, inst.machine, r, ma, mb);
  if (makespan_a) *makespan_a = ma;
  if (makespan_b) *makespan_b = mb;
  if (proven) *proven = ok;
  return r;
}

AdversaryResult adversary_search(const AdversaryInstance& start, const AdversaryOptions& opts,
                                 const AdversaryProgress& progress, std::int64_t progress_every) {
  return adversary_search_observed(start, opts, progress, progress_every, {});
}

AdversaryResult adversary_search_observed(const AdversaryInstance& start,
                                          const AdversaryOptions& opts,
                                          const AdversaryProgress& progress,
                                          std::int64_t progress_every,
                                          const AdversaryAcceptHook& on_accept) {
  validate(start, opts);
  if (progress_every < 1) progress_every = 1;
  const Evaluator eval(opts);
  const bool vary = opts.vary_machine && accepts_nonuniform(opts.a) && accepts_nonuniform(opts.b);
  const Mutator mutator(opts, vary);
  util::Rng rng(opts.seed);

  AdversaryResult res;
  res.machine_varied = vary;
  res.start = start;
  res.best = start;
  double ma = 0, mb = 0;
  if (!eval.evaluate(start.graph, start.machine, res.start_ratio, ma, mb))
    bad("graph",
        "optimal could not prove the start instance's optimum within "
        "optimal_node_budget; use fewer tasks or a larger budget");
  res.best_ratio = res.current_ratio = res.start_ratio;
  res.best_makespan_a = ma;
  res.best_makespan_b = mb;
  res.history.push_back({0, res.best_ratio, res.current_ratio});
  if (on_accept) on_accept(start, res.start_ratio);

  TaskGraph current = start.graph;
  Work work = work_of(start);
  std::int64_t stride = std::max<std::int64_t>(1, opts.iterations / 1000);
  const double t0 = opts.initial_temperature, t1 = opts.final_temperature;
  const auto K = static_cast<double>(std::max<std::int64_t>(1, opts.iterations));

  for (std::int64_t it = 1; it <= opts.iterations; ++it) {
    Work cand = work;
    mutator.mutate(cand, current, rng);
    TaskGraph g(cand.comp, cand.edges, cand.names);
    double r = 0, a = 0, b = 0;
    bool accept = false;
    if (!eval.evaluate(g, cand.machine, r, a, b)) {
      ++res.unproven;
    } else if (r >= res.current_ratio) {
      accept = true;
    } else {
      // Linear cooling; the drop is relative so the temperature does not depend on the scale.
      const double temp = t0 + (t1 - t0) * (static_cast<double>(it - 1) / K);
      const double x = (res.current_ratio - r) / res.current_ratio / temp;
      accept = rng.uniform01() < deterministic_exp_neg(x);
    }
    bool record = it % stride == 0;
    if (accept) {
      ++res.accepted;
      res.current_ratio = r;
      work = std::move(cand);
      current = std::move(g);
      if (on_accept) on_accept(AdversaryInstance{current, work.machine}, r);
      if (r > res.best_ratio) {
        ++res.improvements;
        res.best_ratio = r;
        res.best_makespan_a = a;
        res.best_makespan_b = b;
        res.best = AdversaryInstance{current, work.machine};
        record = true;
      }
    }
    res.iterations = it;
    if (record) {
      res.history.push_back({it, res.best_ratio, res.current_ratio});
      thin(res.history, stride);
    }
    if (progress && it % progress_every == 0 && !progress(res)) {
      res.cancelled = true;
      break;
    }
  }
  if (res.history.back().iteration != res.iterations)
    res.history.push_back({res.iterations, res.best_ratio, res.current_ratio});
  return res;
}

}  // namespace loadlab::core
