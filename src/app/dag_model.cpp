#include "app/dag_model.h"

#include <algorithm>
#include <chrono>
#include <numeric>

#include "core/dag/generators.h"
#include "core/dag/schedulers.h"
#include "io/dag_formats/dag_formats.h"

namespace loadlab::app {

namespace {

core::TaskGraph generate(const io::Json& g, std::uint64_t scenario_seed) {
  const std::string gen = g.at("generator").get<std::string>();
  auto i32 = [&](const char* k, int def) { return static_cast<std::int32_t>(g.value(k, def)); };
  core::GraphShape shape;
  if (gen == "lu")
    shape = core::lu_shape(i32("size", 62));
  else if (gen == "gaussian")
    shape = core::gaussian_shape(i32("size", 63));
  else if (gen == "laplace")
    shape = core::laplace_shape(i32("width", 32), i32("iterations", 60));
  else if (gen == "stencil")
    shape = core::stencil_shape(i32("width", 40), i32("steps", 50));
  else if (gen == "fft")
    shape = core::fft_shape(i32("points", 256));
  else if (gen == "fork_join")
    shape = core::fork_join_shape(i32("width", 8), i32("stages", 4));
  else if (gen == "out_tree")
    shape = core::out_tree_shape(i32("branching", 2), i32("depth", 5));
  else if (gen == "in_tree")
    shape = core::in_tree_shape(i32("branching", 2), i32("depth", 5));
  else {
    core::LayeredSpec sp;
    sp.n = i32("n", 100);
    sp.fat = g.value("fat", 0.5);
    sp.density = g.value("density", 0.5);
    sp.regularity = g.value("regularity", 0.5);
    sp.jump = i32("jump", 1);
    // Same seed derivation as io/kinds/dag.cpp, so the drawing is the graph that was scheduled.
    shape = core::layered_shape(sp, scenario_seed ^ 0x5eed);
  }
  core::CostSpec cs;
  cs.ccr = g.value("ccr", 1.0);
  cs.mean_comp = g.value("mean_comp", 10.0);
  cs.distribution = g.value("distribution", std::string("uniform"));
  const auto seed = g.value("seed", static_cast<std::int64_t>(scenario_seed));
  return core::assign_costs(shape, cs, static_cast<std::uint64_t>(seed));
}

// Layer = longest path (in edges) from an entry; within a layer, barycenter sweeps (down, up,
// down) reduce crossings. O(sweeps * (V log W + E)), fine for a million tasks on a worker.
void layout(DagModel& m) {
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

core::TaskGraph build_scenario_graph(const io::Json& s) {
  const io::Json& g = s.at("graph");
  const auto seed = static_cast<std::uint64_t>(s.value("seed", std::int64_t{1}));
  if (g.contains("file"))
    return io::read_graph_file(g.at("file").get<std::string>(), g.value("bandwidth", 1e8));
  if (g.contains("generator")) return generate(g, seed);
  return io::read_graph_json(io::JsonReader(g, "/graph"));
}

std::string graph_key(const io::Json& s) {
  if (!s.is_object() || !s.contains("graph")) return "";
  return s["graph"].dump() + "#" + std::to_string(s.value("seed", std::int64_t{1}));
}

std::shared_ptr<DagModel> build_dag_model(const io::Json& scenario, std::string key) {
  auto m = std::make_shared<DagModel>();
  m->key = std::move(key);
  const auto t0 = std::chrono::steady_clock::now();
  try {
    m->graph = build_scenario_graph(scenario);
    m->levels = core::compute_levels(m->graph);  // before layout: it centres the critical path
    layout(*m);
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
    m->by_name.reserve(static_cast<std::size_t>(n));
    for (core::TaskId t = 0; t < n; ++t) m->by_name.emplace(m->graph.name(t), t);
  } catch (const std::exception& e) {
    m->error = e.what();
  }
  m->build_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return m;
}

bool trace_from_json(const io::Json& arr, core::ScheduleTrace& out) {
  out.steps.clear();
  if (!arr.is_array()) return false;
  try {
    for (const auto& st : arr) {
      core::TraceStep step;
      for (const auto& r : st.at("ready"))
        step.ready.push_back({r.value("task", 0), r.value("list", -1), r.value("emt", 0.0),
                              r.value("lmt", 0.0), r.value("priority", 0.0)});
      for (const auto& c : st.at("candidates"))
        step.candidates.push_back({c.value("task", 0), c.value("proc", 0), c.value("est", 0.0)});
      const auto& ch = st.at("chosen");
      step.chosen = {ch.value("task", 0), ch.value("proc", 0), ch.value("start", 0.0),
                     ch.value("finish", 0.0)};
      out.steps.push_back(std::move(step));
    }
  } catch (const std::exception&) {
    out.steps.clear();
    return false;
  }
  return true;
}

DagTrace compute_trace(std::shared_ptr<const DagModel> model, const std::string& algorithm,
                       int processors, const io::Json& scenario) {
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
  try {
    core::DagOptions opts;
    opts.seed = static_cast<std::uint64_t>(scenario.value("seed", std::int64_t{1}));
    opts.optimal_node_budget = scenario.value("optimal_node_budget", std::int64_t{2'000'000});
    core::run_dag_algorithm(algorithm, model->graph, processors, opts, &t.trace);
    if (t.trace.steps.empty()) t.error = algorithm + " does not record list-scheduling decisions";
  } catch (const std::exception& e) {
    t.error = e.what();
  }
  return t;
}

}  // namespace loadlab::app
