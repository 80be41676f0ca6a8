#include "app/dag/model_graph.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <numeric>

#include "core/dag/schedulers.h"
#include "io/kinds/dag.h"

namespace loadlab::app {

namespace {

// Layer = longest path (in edges) from an entry; within a layer, barycenter sweeps (down, up,
// down) reduce crossings. O(sweeps * (V log W + E)), fine for a million tasks on a worker.
void model_graph_layout(DagModel& m) {
  const core::TaskGraph& g = m.graph;
  const std::int32_t n = g.size();
  m.layer.assign(n, 0);
  for (core::TaskId t : g.topo_order())
    for (auto e : g.in_edges(t)) m.layer[t] = std::max(m.layer[t], m.layer[g.edge(e).from] + 1);
  const std::int32_t layers = n ? *std::max_element(m.layer.begin(), m.layer.end()) + 1 : 0;
  m.layer_tasks.assign(layers, {});
  for (core::TaskId t = 0; t < n; ++t) m.layer_tasks[m.layer[t]].push_back(t);
  std::vector<double> pos(n), key(n);
  auto assign = [&]() {
    for (auto& lt : m.layer_tasks)
      for (std::size_t i = 0; i < lt.size(); ++i)
        pos[lt[i]] = static_cast<double>(i) - (lt.size() - 1) / 2.0;
  };
  assign();
  auto sweep = [&](bool down) {
    const std::int32_t first = down ? 1 : layers - 2, last = down ? layers : -1,
                       dir = down ? 1 : -1;
    for (std::int32_t l = first; l != last; l += dir) {
      auto& lt = m.layer_tasks[l];
      for (core::TaskId t : lt) {
        double sum = 0;
        int cnt = 0;
        for (auto e : down ? g.in_edges(t) : g.out_edges(t)) {
          sum += pos[down ? g.edge(e).from : g.edge(e).to];
          ++cnt;
        }
        key[t] = cnt ? sum / cnt : pos[t];
      }
      std::stable_sort(lt.begin(), lt.end(),
                       [&](core::TaskId a, core::TaskId b) { return key[a] < key[b]; });
      for (std::size_t i = 0; i < lt.size(); ++i)
        pos[lt[i]] = static_cast<double>(i) - (lt.size() - 1) / 2.0;
    }
  };
  if (layers > 1) {
    sweep(true);
    sweep(false);
    sweep(true);
  }
  // The critical path's task goes to the middle of its layer, so the path reads as one vertical
  // line however large the graph (the other tasks keep their barycenter order).
  const auto& cp = m.levels.critical_path_tasks;
  for (core::TaskId t : cp) {
    auto& lt = m.layer_tasks[m.layer[t]];
    auto it = std::find(lt.begin(), lt.end(), t);
    const auto mid = lt.begin() + static_cast<std::ptrdiff_t>(lt.size() / 2);
    if (it < mid)
      std::rotate(it, it + 1, mid + 1);
    else if (it > mid)
      std::rotate(mid, it, it + 1);
  }
  for (auto& lt : m.layer_tasks)
    for (std::size_t i = 0; i < lt.size(); ++i)
      pos[lt[i]] = static_cast<double>(i) - (lt.size() - 1) / 2.0;
  m.x.resize(n);
  for (core::TaskId t = 0; t < n; ++t) m.x[t] = static_cast<float>(pos[t]);
  m.max_layer_width = 0;
  for (const auto& lt : m.layer_tasks)
    m.max_layer_width =
        std::max<std::int32_t>(m.max_layer_width, static_cast<std::int32_t>(lt.size()));
}

}  // namespace

std::uint64_t dag_graph_identity(const core::TaskGraph& g) {
  // Each 64-bit word through splitmix64's finaliser, folded in with an odd multiplier: cheap
  // enough for millions of edges on the worker, and no two graphs a user opens collide in practice.
  std::uint64_t h = 0x6a09e667f3bcc909ull;
  auto mix = [&h](std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    x ^= x >> 31;
    h = (h ^ x) * 0x9e3779b97f4a7c15ull;
  };
  auto mix_double = [&mix](double d) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    mix(bits);
  };
  mix(static_cast<std::uint64_t>(g.size()));
  mix(static_cast<std::uint64_t>(g.edge_count()));
  for (core::TaskId t = 0; t < g.size(); ++t) {
    const std::string& name = g.name(t);
    mix(name.size());
    for (std::size_t i = 0; i < name.size(); i += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, name.data() + i, std::min<std::size_t>(8, name.size() - i));
      mix(word);
    }
    mix_double(g.comp(t));
  }
  for (const auto& e : g.edges()) {
    mix((static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.from)) << 32) |
        static_cast<std::uint32_t>(e.to));
    mix_double(e.comm);
  }
  return h ? h : 1;
}

DerivedScenario derive_dag_scenario(const io::TypedScenario& scenario) {
  const auto* dag = dynamic_cast<const io::DagScenario*>(&scenario);
  if (!dag || !dag->graph) return nullptr;
  auto d = std::make_shared<DagDerived>();
  d->graph_identity = dag_graph_identity(*dag->graph);
  return d;
}

namespace {
const core::TaskGraph kNoGraph;
}  // namespace

DagModel::DagModel(std::shared_ptr<const core::TaskGraph> g)
    : source(std::move(g)), graph(source ? *source : kNoGraph) {}

std::shared_ptr<DagModel> build_dag_model(const io::ScenarioPtr& scenario, std::uint64_t key) {
  // The graph io built (and bounds-checked) when it parsed the scenario: the same task ids as
  // every typed result of that scenario.
  const auto* dag = dynamic_cast<const io::DagScenario*>(scenario.get());
  auto m = std::make_shared<DagModel>(dag ? dag->graph : nullptr);
  m->key = key;
  const auto t0 = std::chrono::steady_clock::now();
  try {
    if (!dag || !dag->graph) throw std::runtime_error("not a dag scenario");
    m->levels = core::compute_levels(m->graph);  // before layout: it centres the critical path
    m->ccr = m->graph.ccr();
    model_graph_layout(*m);
    const auto n = m->graph.size();
    m->on_cp.assign(n, 0);
    m->edge_on_cp.assign(static_cast<std::size_t>(m->graph.edge_count()), 0);
    const auto& cp = m->levels.critical_path_tasks;
    for (std::size_t i = 0; i < cp.size(); ++i) {
      m->on_cp[cp[i]] = 1;
      if (i + 1 < cp.size())
        for (auto e : m->graph.out_edges(cp[i]))
          if (m->graph.edge(e).to == cp[i + 1]) m->edge_on_cp[e] = 1;
    }
    if (n >= kOverviewTasks)
      m->overview = std::make_shared<const DagOverview>(
          build_dag_overview(*m, kOverviewColumns, kOverviewEdgeColumns, kOverviewBundles));
  } catch (const std::exception& e) {
    m->error = e.what();
  }
  m->build_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return m;
}

DagTrace compute_trace(std::shared_ptr<const DagModel> model, const std::string& algorithm,
                       int processors, const io::ScenarioPtr& scenario) {
  DagTrace t;
  t.algorithm = algorithm;
  t.computed = true;
  if (!model || !model->error.empty()) {
    t.error = "the graph is not available";
    return t;
  }
  if (model->graph.size() > kMaxTraceTasks) {
    t.error =
        "step traces are limited to graphs of at most " + std::to_string(kMaxTraceTasks) + " tasks";
    return t;
  }
  const auto* dag = dynamic_cast<const io::DagScenario*>(scenario.get());
  if (!dag) {
    t.error = "not a dag scenario";
    return t;
  }
  if (dag->document.contains("machine")) {  // the steps below replay identical processors only
    t.error =
        "step traces are not shown yet for scenarios with a \"machine\" (heterogeneous processors)";
    return t;
  }
  try {
    core::DagOptions opts;
    opts.seed = dag->options.seed;
    opts.optimal_node_budget = dag->options.optimal_node_budget;
    core::run_dag_algorithm(algorithm, model->graph, processors, opts, &t.trace);
    if (t.trace.steps.empty()) t.error = algorithm + " does not record list-scheduling decisions";
  } catch (const std::exception& e) {
    t.error = e.what();
  }
  return t;
}

void dag_summary(const io::TypedScenario* scenario, io::Json& j) {
  // A task graph's size without the graph (state() would carry megabytes for 10,000 tasks).
  const auto* dag = dynamic_cast<const io::DagScenario*>(scenario);
  if (dag && dag->graph) j["tasks"] = dag->graph->size();
}

}  // namespace loadlab::app
