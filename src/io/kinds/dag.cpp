// The "dag" kind: task-graph scheduling on P identical processors (papers 001 and 003).
// Format: docs/scenario-dag.md. The graph comes inline, from a file (.stg/.dot/.json, relative to
// the scenario's folder) or from a generator; every listed scheduler runs, its schedule is checked
// by the independent verifier, and metrics (NSL vs MCP as in paper 001 Section 6, and vs a lower
// bound) are reported.
#include "io/kinds/dag.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string_view>
#include <unordered_set>

#include "core/dag/generators.h"
#include "core/dag/hetero_schedulers.h"
#include "core/dag/narration.h"
#include "core/dag/narration_schedule.h"
#include "core/dag/registry.h"
#include "core/verify/schedule_verify.h"
#include "io/dag_formats/dag_formats.h"
#include "io/kinds/kinds.h"
#include "io/topology_json.h"

namespace loadlab::io {

namespace {

core::TaskGraph read_generator(const JsonReader& g, std::uint64_t seed) {
  const std::string gen = g.get_enum("generator", core::generator_names());
  auto i32 = [&](const char* key, std::int64_t def, std::int64_t lo, std::int64_t hi) {
    return static_cast<std::int32_t>(g.get_int_or(key, def, lo, hi));
  };
  core::GraphShape shape;
  std::vector<std::string_view> keys = {"generator", "ccr", "mean_comp", "distribution", "seed"};
  try {
    if (gen == "lu" || gen == "gaussian") {
      keys.push_back("size");
      // 1999 keeps both within GraphLimits::max_tasks (LU 1,999,000, Gaussian 1,999,999 tasks):
      // size 2000 would build ~2M tasks before TaskGraph refused them.
      const auto n = i32("size", gen == "lu" ? 62 : 63, gen == "lu" ? 1 : 2, 1999);
      shape = gen == "lu" ? core::lu_shape(n) : core::gaussian_shape(n);
    } else if (gen == "laplace") {
      keys.insert(keys.end(), {"width", "iterations"});
      shape = core::laplace_shape(i32("width", 32, 1, 100000), i32("iterations", 60, 1, 100000));
    } else if (gen == "stencil") {
      keys.insert(keys.end(), {"width", "steps"});
      shape = core::stencil_shape(i32("width", 40, 1, 1000000), i32("steps", 50, 1, 1000000));
    } else if (gen == "fft") {
      keys.push_back("points");
      const auto pts = i32("points", 256, 2, 65536);
      if ((pts & (pts - 1)) != 0)
        throw ScenarioError(g.pointer("points"), "must be a power of two");
      shape = core::fft_shape(pts);
    } else if (gen == "fork_join") {
      keys.insert(keys.end(), {"width", "stages"});
      shape = core::fork_join_shape(i32("width", 8, 1, 1000000), i32("stages", 4, 1, 1000000));
    } else if (gen == "saga_out_tree" || gen == "saga_in_tree" || gen == "saga_chains") {
      // SAGA's data sets with SAGA's parameter names and weights (core/dag/generators_saga.cpp).
      const bool chains = gen == "saga_chains";
      std::vector<std::string_view> saga_keys = {"generator", "seed"};
      if (chains)
        saga_keys.insert(saga_keys.end(), {"num_chains", "chain_length"});
      else
        saga_keys.insert(saga_keys.end(), {"branching_factor", "num_levels"});
      for (auto it = g.json().begin(); it != g.json().end(); ++it)
        if (std::find(saga_keys.begin(), saga_keys.end(), it.key()) == saga_keys.end())
          throw ScenarioError(
              g.pointer(it.key()),
              "unknown field for generator '" + gen + "' (its fields: " +
                  (chains ? "num_chains, chain_length" : "branching_factor, num_levels") +
                  ", seed)");
      const core::GraphShape saga_shape =
          chains                   ? core::saga_chains_shape(i32("num_chains", 2, 1, 100000),
                                                             i32("chain_length", 3, 1, 100000))
          : gen == "saga_out_tree" ? core::saga_out_tree_shape(i32("branching_factor", 2, 1, 1000),
                                                               i32("num_levels", 3, 0, 60))
                                   : core::saga_in_tree_shape(i32("branching_factor", 2, 1, 1000),
                                                              i32("num_levels", 3, 0, 60));
      return core::saga_weighted_graph(
          saga_shape, static_cast<std::uint64_t>(g.get_int_or(
                          "seed", static_cast<std::int64_t>(seed), 0, (1LL << 53) - 1)));
    } else if (gen == "wfcommons_recipe") {
      // WfCommons' application structures with costs fitted on real traces
      // (core/dag/generators_wfcommons.cpp): runtimes in seconds, data over `bandwidth` B/s.
      g.reject_unknown({"generator", "recipe", "tasks", "seed", "bandwidth"});
      const std::string recipe = g.get_enum_or("recipe", "blast", core::wfcommons_recipe_names());
      const auto tasks = i32("tasks", 50, core::wfcommons_recipe_min_tasks(recipe),
                             core::kWfcommonsRecipeMaxTasks);
      return core::wfcommons_recipe_graph(
          recipe, tasks,
          static_cast<std::uint64_t>(
              g.get_int_or("seed", static_cast<std::int64_t>(seed), 0, (1LL << 53) - 1)),
          g.get_number_or("bandwidth", 1e8, 1e-9, 1e18));
    } else if (gen == "out_tree" || gen == "in_tree") {
      keys.insert(keys.end(), {"branching", "depth"});
      const auto b = i32("branching", 2, 1, 1000), d = i32("depth", 5, 0, 60);
      shape = gen == "out_tree" ? core::out_tree_shape(b, d) : core::in_tree_shape(b, d);
    } else {
      keys.insert(keys.end(), {"n", "fat", "density", "regularity", "jump"});
      core::LayeredSpec sp;
      sp.n = i32("n", 100, 1, core::GraphLimits::max_tasks);
      sp.fat = g.get_number_or("fat", 0.5, 1e-6, 1);
      sp.density = g.get_number_or("density", 0.5, 0, 1);
      sp.regularity = g.get_number_or("regularity", 0.5, 0, 1);
      sp.jump = i32("jump", 1, 1, 1000);
      shape = core::layered_shape(sp, seed ^ 0x5eed);
    }
  } catch (const core::GraphError& e) {
    throw ScenarioError(g.pointer(), e.what());
  }
  for (auto it = g.json().begin(); it != g.json().end(); ++it)
    if (std::find(keys.begin(), keys.end(), it.key()) == keys.end()) {
      std::string list;
      for (auto k : keys) list += (list.empty() ? "" : ", ") + std::string(k);
      throw ScenarioError(g.pointer(it.key()),
                          "unknown field for generator '" + gen + "' (its fields: " + list + ")");
    }
  core::CostSpec cs;
  cs.ccr = g.get_number_or("ccr", 1.0, 0, 1e6);
  cs.mean_comp = g.get_number_or("mean_comp", 10.0, 1e-9, 1e9);
  cs.distribution = g.get_enum_or("distribution", "uniform", {"uniform", "exponential", "unit"});
  const auto cost_seed = static_cast<std::uint64_t>(
      g.get_int_or("seed", static_cast<std::int64_t>(seed), 0, (1LL << 53) - 1));
  try {
    return core::assign_costs(shape, cs, cost_seed);
  } catch (const core::GraphError& e) {
    throw ScenarioError(g.pointer(), e.what());
  }
}

}  // namespace

core::TaskGraph read_task_graph(const JsonReader& s, const RunContext& ctx, std::uint64_t seed,
                                core::StochasticCosts* stochastic) {
  const JsonReader g = s.object("graph");
  if (g.has("file")) {
    g.reject_unknown({"file", "bandwidth"});
    const std::string file = g.get_string("file");
    if (file.empty()) throw ScenarioError(g.pointer("file"), "must not be empty");
    const double bw = g.get_number_or("bandwidth", 1e8, 1e-9, 1e18);
    try {
      return read_graph_file(ctx.base_dir / file, bw);
    } catch (const DagFormatError& e) {
      throw ScenarioError(g.pointer("file"), e.what());
    }
  }
  if (g.has("generator")) return read_generator(g, seed);
  if (!g.has("tasks"))
    throw ScenarioError(g.pointer(), "needs \"tasks\" (inline graph), \"file\" or \"generator\"");
  return read_graph_json(g, stochastic);
}

// The node count a topology object declares, read from its size fields without building it (so a
// wrong-sized hypercube of 2^25 nodes is refused at once); -1 when the fields do not say (then
// read_topology reports them).
std::int64_t declared_topology_nodes(const JsonReader& t) {
  const Json& j = t.json();
  auto num = [&](const char* key) -> std::int64_t {
    return j.contains(key) && j[key].is_number_integer() ? j[key].get<std::int64_t>() : -1;
  };
  if (!j.contains("type") || !j["type"].is_string()) return -1;
  const std::string type = j["type"].get<std::string>();
  if (type == "hypercube") {
    const std::int64_t d = num("dim");
    return d >= 0 && d < 40 ? std::int64_t{1} << d : -1;
  }
  if (type == "mesh" || type == "torus") {
    const std::int64_t r = num("rows"), c = num("cols");
    return r > 0 && c > 0 && r < (1 << 30) && c < (1 << 30) ? r * c : -1;
  }
  if (type == "tree") {
    if (j.contains("parents"))
      return j["parents"].is_array() ? static_cast<std::int64_t>(j["parents"].size()) : -1;
    if (j.contains("generator") && j["generator"] == "kary") {
      const std::int64_t k = num("k"), depth = num("depth");
      if (k < 1 || depth < 0) return -1;
      std::int64_t total = 0, level = 1;
      for (std::int64_t d = 0; d <= depth && total <= (1 << 30);
           ++d, level = std::min<std::int64_t>(level * k, 1 << 30))
        total += level;
      return total;
    }
    return num("nodes");
  }
  return num("nodes");  // ring, line, complete, custom
}

// "bandwidth": {"topology": {...}, "links": b | [b per link]}: per-link bandwidths over a network
// of the balance kind's shapes, turned into the P x P matrix of route bandwidths
// (core::routed_bandwidth: least-time routes, data x sum of 1 / b over the links).
std::vector<double> read_routed_bandwidth(const JsonReader& b, int processors, std::uint64_t seed) {
  b.reject_unknown({"topology", "links"});
  const JsonReader tr = b.object("topology");
  const std::int64_t declared = declared_topology_nodes(tr);
  auto wrong_size = [&](std::int64_t n) {
    return ScenarioError(tr.pointer(), "has " + std::to_string(n) +
                                           " nodes, needs one per processor (" +
                                           std::to_string(processors) + ")");
  };
  if (declared >= 0 && declared != processors) throw wrong_size(declared);
  const core::Topology topo = read_topology(tr, seed);
  if (topo.size() != processors) throw wrong_size(topo.size());
  std::vector<double> links;
  if (!b.has("links")) {
    links = {1.0};
  } else if (b.at("links").is_array()) {
    const Json& a =
        b.array("links", static_cast<std::size_t>(core::MachineLimits::max_bandwidth_entries));
    if (static_cast<std::int64_t>(a.size()) != topo.edge_count())
      throw ScenarioError(b.pointer("links"),
                          "has " + std::to_string(a.size()) +
                              " entries, needs one per link of the topology (" +
                              std::to_string(topo.edge_count()) +
                              ", each link (a, b) with a < b once, ordered by a then b)");
    for (std::size_t i = 0; i < a.size(); ++i)
      links.push_back(JsonReader::as_number(a[i], b.pointer("links") + "/" + std::to_string(i),
                                            core::MachineLimits::min_bandwidth,
                                            core::MachineLimits::max_bandwidth));
  } else {
    links = {b.get_number("links", core::MachineLimits::min_bandwidth,
                          core::MachineLimits::max_bandwidth)};
  }
  try {
    return core::routed_bandwidth(topo, links);
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();  // "links...: why" or "topology: why"
    const auto colon = what.find(": ");
    throw ScenarioError(b.pointer() + "/" + what.substr(0, colon), what.substr(colon + 2));
  }
}

core::Machine read_machine(const JsonReader& s, const core::TaskGraph& g, int processors,
                           std::uint64_t seed) {
  core::Machine m = core::Machine::identical(processors);
  if (!s.has("machine")) return m;
  const JsonReader mr = s.object("machine");
  if (mr.has("generator")) {
    // SAGA's random complete network (core/dag/generators_saga.cpp), one node per processor.
    mr.reject_unknown({"generator", "seed", "names"});
    (void)mr.get_enum("generator", {"saga_random_network"});
    if (processors > 1024)
      throw ScenarioError(mr.pointer("generator"), "a SAGA network has at most 1024 nodes (have " +
                                                       std::to_string(processors) + " processors)");
    m = core::saga_random_network(
        processors, static_cast<std::uint64_t>(mr.get_int_or(
                        "seed", static_cast<std::int64_t>(seed), 0, (1LL << 53) - 1)));
    try {
      core::validate_machine(m, g);
      // One node, or equal draws: the identical-processor schedulers run on scaled costs.
      if (m.uniform() && !m.trivial()) (void)core::uniform_graph(g, m);
    } catch (const std::invalid_argument& e) {
      throw ScenarioError(mr.pointer(), e.what());
    } catch (const core::GraphError& e) {
      throw ScenarioError(mr.pointer(), std::string("scaled costs: ") + e.what());
    }
    return m;
  }
  mr.reject_unknown({"speeds", "bandwidth", "etc", "names"});
  using Limits = core::MachineLimits;
  const auto P = static_cast<std::size_t>(processors);
  // A row-major matrix of `rows` x P numbers in [lo, hi] (diagonal in [0, hi] if `diag_free`).
  auto matrix = [&](const char* key, std::size_t rows, double lo, double hi, bool diag_free) {
    // Read any length up to the kind's limits, so a wrong length gets the message below.
    const Json& a =
        mr.array(key, diag_free ? static_cast<std::size_t>(DagLimits::max_processors)
                                : static_cast<std::size_t>(core::GraphLimits::max_tasks));
    if (a.size() != rows)
      throw ScenarioError(mr.pointer(key), "has " + std::to_string(a.size()) + " rows, needs " +
                                               std::to_string(rows) +
                                               (diag_free ? " (processors)" : " (one per task)"));
    std::vector<double> out;
    out.reserve(rows * P);
    for (std::size_t i = 0; i < rows; ++i) {
      const std::string rp = mr.pointer(key) + "/" + std::to_string(i);
      const Json& row = a[i];
      if (!row.is_array() || row.size() != P)
        throw ScenarioError(
            rp, "must be an array of " + std::to_string(P) + " numbers (one per processor)");
      for (std::size_t j = 0; j < P; ++j)
        out.push_back(JsonReader::as_number(row[j], rp + "/" + std::to_string(j),
                                            diag_free && i == j ? 0.0 : lo, hi));
    }
    return out;
  };
  if (mr.has("speeds") && mr.has("etc"))
    throw ScenarioError(mr.pointer("etc"), "give either speeds or etc, not both");
  if (mr.has("speeds")) {
    const Json& a = mr.array("speeds", static_cast<std::size_t>(DagLimits::max_processors));
    if (a.size() != P)
      throw ScenarioError(mr.pointer("speeds"), "has " + std::to_string(a.size()) +
                                                    " entries, needs one per processor (" +
                                                    std::to_string(P) + ")");
    for (std::size_t p = 0; p < P; ++p)
      m.speeds.push_back(JsonReader::as_number(a[p], mr.pointer("speeds") + "/" + std::to_string(p),
                                               Limits::min_speed, Limits::max_speed));
  }
  if (mr.has("bandwidth")) {
    if (static_cast<std::int64_t>(P * P) > Limits::max_bandwidth_entries)
      throw ScenarioError(
          mr.pointer("bandwidth"),
          "a bandwidth matrix is limited to 1024 processors (have " + std::to_string(P) + ")");
    if (mr.at("bandwidth").is_object())
      m.bandwidth = read_routed_bandwidth(mr.object("bandwidth"), processors, seed);
    else
      m.bandwidth = matrix("bandwidth", P, Limits::min_bandwidth, Limits::max_bandwidth, true);
  }
  if (mr.has("etc")) {
    const auto V = static_cast<std::size_t>(g.size());
    if (static_cast<std::int64_t>(V * P) > Limits::max_etc_entries)
      throw ScenarioError(mr.pointer("etc"), "tasks x processors = " + std::to_string(V * P) +
                                                 " entries (limit 16000000)");
    m.etc = matrix("etc", V, 0.0, Limits::max_etc, false);
  }
  try {
    core::validate_machine(m, g);  // backstop: the reads above already checked every value
  } catch (const std::invalid_argument& e) {
    throw ScenarioError(mr.pointer(), e.what());
  }
  if (m.uniform() && !m.trivial()) {
    try {  // the identical-processor schedulers run on this graph: its costs must be valid
      (void)core::uniform_graph(g, m);
    } catch (const core::GraphError& e) {
      throw ScenarioError(mr.pointer(), std::string("scaled costs: ") + e.what());
    }
  }
  return m;
}

namespace {

// "machine": {"names": [one distinct, non-empty string of at most 256 characters per processor]}.
std::vector<std::string> read_processor_names(const JsonReader& s, int processors) {
  if (!s.has("machine") || !s.object("machine").has("names")) return {};
  const JsonReader mr = s.object("machine");
  const Json& a = mr.array("names", static_cast<std::size_t>(DagLimits::max_processors));
  if (static_cast<int>(a.size()) != processors)
    throw ScenarioError(mr.pointer("names"), "has " + std::to_string(a.size()) +
                                                 " names, needs one per processor (" +
                                                 std::to_string(processors) + ")");
  std::vector<std::string> names;
  std::unordered_set<std::string> seen;
  for (std::size_t p = 0; p < a.size(); ++p) {
    const std::string ptr = mr.pointer("names") + "/" + std::to_string(p);
    std::string n = JsonReader::as_string(a[p], ptr);
    if (n.empty() || n.size() > 256)
      throw ScenarioError(ptr, "must be a non-empty name of at most 256 characters");
    if (!seen.insert(n).second) throw ScenarioError(ptr, "repeats the name '" + n + "'");
    names.push_back(std::move(n));
  }
  return names;
}

// params/<algorithm>: heft has "rank", wba "alpha", hybrid "schedulers"; any other key is refused.
void read_dag_params(const JsonReader& s, core::DagOptions& o) {
  for (const auto& a : core::dag_algorithms()) {
    const std::string name = a.info.name;
    const char* key = name == "heft" ? "rank" : name == "wba" ? "alpha" : "schedulers";
    if (name != "heft" && name != "wba" && name != "hybrid") {
      reject_algorithm_params(s, name);
      continue;
    }
    const JsonReader p = algorithm_params(s, name);
    for (auto it = p.json().begin(); it != p.json().end(); ++it)
      if (it.key() != key)
        throw ScenarioError(p.pointer(it.key()), "not a setting of '" + name + "' (only '" + key +
                                                     "'; docs/scenario-dag.md)");
    if (name == "heft") {
      o.heft_rank = core::parse_heft_rank(p.get_enum_or("rank", "mean", core::heft_rank_names()));
    } else if (name == "wba") {
      o.wba_alpha = p.get_number_or("alpha", 0.5, 0.0, 1.0);
    } else if (p.has("schedulers")) {
      const Json& list = p.array("schedulers", core::dag_algorithms().size());
      if (list.empty())
        throw ScenarioError(p.pointer("schedulers"), "names at least one scheduler");
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = p.pointer("schedulers") + "/" + std::to_string(i);
        const std::string member = JsonReader::as_string(list[i], at);
        const core::DagAlgorithm* row = core::find_dag_algorithm(member);
        if (!row) throw ScenarioError(at, "unknown task-graph scheduler '" + member + "'");
        if (member == "hybrid") throw ScenarioError(at, "hybrid cannot contain itself");
        if (row->info.unbounded)
          throw ScenarioError(at, member + " may use more processors than given");
        o.hybrid_portfolio.push_back(member);
      }
    }
  }
}

// The importer's graph (RunContext::imported_graph) when the document's inline "graph" lists
// exactly its tasks and edges, in order, with the names read_graph_json accepts (non-empty, at
// most 256 characters, unique): reading that inline graph would then build this same graph, so it
// is not read again. Null otherwise: the document is read as usual, with its errors.
std::shared_ptr<const core::TaskGraph> dag_imported_graph(const JsonReader& s,
                                                          const RunContext& ctx) {
  if (!ctx.imported_graph) return nullptr;
  const core::TaskGraph& g = *ctx.imported_graph;
  const Json& doc = s.json();
  const auto graph = doc.find("graph");
  if (graph == doc.end() || !graph->is_object()) return nullptr;
  for (auto it = graph->begin(); it != graph->end(); ++it)
    if (it.key() != "tasks" && it.key() != "edges") return nullptr;
  const auto tasks = graph->find("tasks");
  if (tasks == graph->end() || !tasks->is_array() || tasks->empty() ||
      tasks->size() != static_cast<std::size_t>(g.size()))
    return nullptr;
  auto member = [](const Json& obj, const char* key) -> const Json* {
    const auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
  };
  std::unordered_set<std::string_view> names;
  names.reserve(tasks->size());
  for (core::TaskId i = 0; i < g.size(); ++i) {
    const Json& t = (*tasks)[static_cast<std::size_t>(i)];
    if (!t.is_object() || t.size() != 2) return nullptr;
    const Json* id = member(t, "id");
    const Json* cost = member(t, "cost");
    if (!id || !cost || !id->is_string() || !cost->is_number()) return nullptr;
    const auto& name = id->get_ref<const std::string&>();
    if (name.empty() || name.size() > 256 || name != g.name(i) || !names.insert(name).second ||
        cost->get<double>() != g.comp(i))
      return nullptr;
  }
  const auto edges = graph->find("edges");
  if (edges == graph->end()) return g.edge_count() == 0 ? ctx.imported_graph : nullptr;
  if (!edges->is_array() || edges->size() != static_cast<std::size_t>(g.edge_count()))
    return nullptr;
  for (std::size_t i = 0; i < edges->size(); ++i) {
    const Json& e = (*edges)[i];
    if (!e.is_object() || e.size() != 3) return nullptr;
    const Json* from = member(e, "from");
    const Json* to = member(e, "to");
    const Json* cost = member(e, "cost");
    const auto& ed = g.edge(static_cast<std::int64_t>(i));
    if (!from || !to || !cost || !from->is_string() || !to->is_string() || !cost->is_number() ||
        from->get_ref<const std::string&>() != g.name(ed.from) ||
        to->get_ref<const std::string&>() != g.name(ed.to) || cost->get<double>() != ed.comm)
      return nullptr;
  }
  return ctx.imported_graph;
}

// params/stochastic: {"plan": "mean" | "quantile", "k", "samples", "bins"} (docs/scenario-dag.md).
void read_stochastic_settings(const JsonReader& s, DagScenario& sc) {
  const JsonReader p = algorithm_params(s, "stochastic");
  p.reject_unknown({"plan", "k", "samples", "bins"});
  const std::string plan = p.get_enum_or("plan", "mean", {"mean", "quantile"});
  sc.plan.kind =
      plan == "mean" ? core::PlanStatistic::Kind::mean : core::PlanStatistic::Kind::quantile;
  sc.plan.k = p.get_number_or("k", 1.0, -10.0, 10.0);
  if (plan == "mean" && p.has("k"))
    throw ScenarioError(p.pointer("k"), "k applies to plan \"quantile\" (mean + k std) only");
  sc.evaluation.samples = p.get_int_or("samples", 1000, 1, core::StochasticLimits::max_samples);
  sc.evaluation.bins =
      static_cast<std::int32_t>(p.get_int_or("bins", 20, 1, core::StochasticLimits::max_bins));
  sc.evaluation.seed = sc.seed;
}

const std::vector<std::string>& dag_param_sections() {
  static const std::vector<std::string> sections = {"stochastic"};
  return sections;
}

}  // namespace

DagScenario read_dag_scenario(const JsonReader& s, const RunContext& ctx) {
  reject_unknown_keys(s, {"processors", "graph", "optimal_node_budget", "trace", "machine"});
  DagScenario sc;
  sc.kind = "dag";
  sc.processors = static_cast<int>(s.get_int("processors", 1, DagLimits::max_processors));
  sc.seed = sc.options.seed = read_seed(s);
  sc.options.optimal_node_budget = s.get_int_or("optimal_node_budget", 2'000'000, 1, 100'000'000);
  sc.trace = s.get_bool_or("trace", false);
  sc.algorithms = read_algorithms(s, core::dag_algorithm_names());
  read_dag_params(s, sc.options);
  core::StochasticCosts costs;
  std::shared_ptr<const core::TaskGraph> graph = dag_imported_graph(s, ctx);
  if (!graph)
    graph = std::make_shared<core::TaskGraph>(read_task_graph(s, ctx, sc.options.seed, &costs));
  const bool stochastic_asked = s.has("params") && s.object("params").has("stochastic");
  if (costs.any_random() || stochastic_asked) {
    read_stochastic_settings(s, sc);
    if (costs.comp.empty()) costs = core::constant_costs(*graph);  // a file or generator graph
    sc.mean_graph = graph;
    try {
      graph = std::make_shared<core::TaskGraph>(core::planning_graph(*graph, costs, sc.plan));
    } catch (const core::GraphError& e) {
      throw ScenarioError("/params/stochastic/k", std::string("planned costs: ") + e.what());
    }
    sc.stochastic = std::make_shared<const core::StochasticCosts>(std::move(costs));
    const double work = static_cast<double>(sc.evaluation.samples) *
                        (2.0 * graph->size() + static_cast<double>(graph->edge_count()));
    if (work > core::StochasticLimits::max_work)
      throw ScenarioError(
          "/params/stochastic/samples",
          "samples x (2 x tasks + edges) = " + std::to_string(static_cast<long long>(work)) +
              " exceeds the limit 4e8; use fewer samples");
  }
  const core::TaskGraph& g = *graph;
  sc.graph = std::move(graph);
  sc.machine = read_machine(s, g, sc.processors, sc.seed);
  sc.processor_names = read_processor_names(s, sc.processors);
  if (sc.stochastic && !sc.machine.etc.empty())
    throw ScenarioError("/machine/etc",
                        "an ETC matrix fixes every execution time; random costs "
                        "need identical processors or speeds");
  const bool uniform = sc.machine.uniform();
  if (sc.algorithms.empty()) {  // none named: the table's default set
    if (uniform) {
      for (const auto& a : core::dag_algorithms())
        if (a.default_set) sc.algorithms.emplace_back(a.info.name);
    } else {  // the identical-processor defaults refuse unequal machines
      sc.algorithms = {"heft", "cpop", "peft", "dls"};
    }
  }
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
    const std::string why = core::dag_algorithm_refusal(sc.algorithms[i], sc.machine);
    if (!why.empty()) throw ScenarioError("/algorithms/" + std::to_string(i), why);
  }
  const bool hybrid_runs =
      std::find(sc.algorithms.begin(), sc.algorithms.end(), "hybrid") != sc.algorithms.end();
  for (std::size_t i = 0; hybrid_runs && i < sc.options.hybrid_portfolio.size(); ++i) {
    const std::string why = core::dag_algorithm_refusal(sc.options.hybrid_portfolio[i], sc.machine);
    if (!why.empty()) throw ScenarioError("/params/hybrid/schedulers/" + std::to_string(i), why);
  }
  if (sc.trace && g.size() > DagLimits::max_trace_tasks)
    throw ScenarioError("/trace", "step traces are limited to graphs of at most " +
                                      std::to_string(DagLimits::max_trace_tasks) + " tasks");
  const double work = static_cast<double>(g.size()) * core::level_width(g) * sc.processors;
  std::vector<std::pair<std::string, std::string>> costly;  // (name, where it was named)
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i)
    costly.emplace_back(sc.algorithms[i], "/algorithms/" + std::to_string(i));
  for (std::size_t i = 0; hybrid_runs && i < sc.options.hybrid_portfolio.size(); ++i)
    costly.emplace_back(sc.options.hybrid_portfolio[i],
                        "/params/hybrid/schedulers/" + std::to_string(i));
  for (const auto& [a, where] : costly) {
    if (core::find_dag_algorithm(a)->quadratic && work > DagLimits::max_quadratic_work)
      throw ScenarioError(
          where, a + " costs about V x W x P = " + std::to_string(static_cast<long long>(work)) +
                     " steps on this graph (limit 4e9); use flb, which selects the same "
                     "earliest-starting task in O(V(log W + log P) + E)");
  }
  return sc;
}

namespace {

Json trace_json(const core::ScheduleTrace& tr) {
  Json steps = Json::array();
  for (const auto& st : tr.steps) {
    Json ready = Json::array(), cand = Json::array();
    for (const auto& r : st.ready)
      ready.push_back({{"task", r.task},
                       {"list", r.list},
                       {"emt", r.emt},
                       {"lmt", r.lmt},
                       {"priority", r.priority}});
    for (const auto& c : st.candidates)
      cand.push_back({{"task", c.task}, {"proc", c.proc}, {"est", c.est}});
    steps.push_back({{"ready", std::move(ready)},
                     {"candidates", std::move(cand)},
                     {"chosen",
                      {{"task", st.chosen.task},
                       {"proc", st.chosen.proc},
                       {"start", st.chosen.start},
                       {"finish", st.chosen.finish}}}});
    if (!st.duplicates.empty()) {
      Json dup = Json::array();
      for (const auto& d : st.duplicates)
        dup.push_back(
            {{"task", d.task}, {"proc", d.proc}, {"start", d.start}, {"finish", d.finish}});
      steps.back()["duplicates"] = std::move(dup);
    }
  }
  return steps;
}

std::shared_ptr<TypedScenario> parse_dag_kind(const JsonReader& s, const RunContext& ctx) {
  return std::make_shared<DagScenario>(read_dag_scenario(s, ctx));
}

std::vector<ResultPtr> run_dag_kind(const TypedScenario& scenario, const RunContext& ctx) {
  const auto& sc = dynamic_cast<const DagScenario&>(scenario);
  const double mcp_makespan =
      sc.machine.trivial() ? core::mcp(*sc.graph, sc.processors, false).makespan()
      : sc.machine.uniform()
          ? core::mcp(core::uniform_graph(*sc.graph, sc.machine), sc.processors, false).makespan()
          : core::heft(*sc.graph, sc.machine).makespan();
  std::vector<ResultPtr> results;
  for (std::size_t i = 0; i < sc.algorithms.size(); ++i) {
    if (ctx.cancel && ctx.cancel->load()) break;
    results.push_back(run_one_algorithm<DagRunResult>(sc.algorithms[i], i, ctx.cancel, [&] {
      return std::make_shared<DagRunResult>(run_dag_scheduler(sc, sc.algorithms[i], mcp_makespan));
    }));
    if (ctx.progress)
      ctx.progress(static_cast<double>(i + 1) / static_cast<double>(sc.algorithms.size()));
  }
  return results;
}

}  // namespace

DagRunResult run_dag_scheduler(const DagScenario& sc, const std::string& name,
                               double mcp_makespan) {
  const core::TaskGraph& g = *sc.graph;
  DagRunResult r;
  r.algorithm = name;
  r.graph = sc.graph;
  core::ScheduleTrace trace;
  core::OptimalResult opt;
  const bool trivial = sc.machine.trivial();
  const auto t0 = std::chrono::steady_clock::now();
  r.schedule = trivial ? core::run_dag_algorithm(name, g, sc.processors, sc.options,
                                                 sc.trace ? &trace : nullptr, &opt)
                       : core::run_dag_algorithm(name, g, sc.machine, sc.options,
                                                 sc.trace ? &trace : nullptr, &opt);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.scheduling_time_ms = secs * 1e3;
  const bool unbounded = core::dag_algorithm_unbounded(name);
  core::ScheduleCheck check;
  if (trivial) {
    check = core::verify_schedule(g, r.schedule, unbounded ? 0 : sc.processors);
    r.metrics =
        core::schedule_metrics(g, r.schedule, unbounded ? r.schedule.processors : sc.processors);
  } else if (unbounded) {  // DSC on a uniform machine: any number of processors like processor 0
    const core::TaskGraph scaled = core::uniform_graph(g, sc.machine);
    check = core::verify_schedule(scaled, r.schedule, 0);
    r.metrics = core::schedule_metrics(scaled, r.schedule, r.schedule.processors);
  } else {
    check = core::verify_schedule(g, sc.machine, r.schedule);
    r.metrics = core::schedule_metrics(g, sc.machine, r.schedule);
  }
  if (name.rfind("online_", 0) == 0) {  // the decisions in time, checked against the model
    r.online = core::online_arrivals(g, r.schedule);
    for (auto& e : core::verify_online_arrivals(g, r.schedule, *r.online))
      check.ok = false, check.errors.push_back(std::move(e));
  }
  r.verified = check.ok;
  r.errors = check.errors;
  r.nsl_mcp = mcp_makespan > 0 ? r.metrics.makespan / mcp_makespan : 1.0;
  if (!sc.machine.uniform()) r.nsl_reference = "heft";
  r.processors = r.schedule.processors;
  {
    std::vector<char> busy(std::max(1, r.schedule.processors), 0);
    for (const auto& e : r.schedule.entries)
      if (e.proc >= 0 && e.proc < r.schedule.processors && !busy[e.proc])
        busy[e.proc] = 1, ++r.processors_used;
  }
  r.critical_path = core::compute_levels(g).critical_path;
  r.level_width = core::level_width(g);
  if (name == "optimal") r.optimal = DagOptimalInfo{opt.proven, opt.nodes, opt.lower_bound};
  if (sc.trace) r.trace = std::move(trace);
  if (sc.stochastic) {
    r.plan = sc.plan.kind == core::PlanStatistic::Kind::mean ? "mean" : "quantile";
    r.plan_k = sc.plan.k;
    try {
      r.makespan_distribution =
          core::evaluate_schedule(g, sc.machine, *sc.stochastic, r.schedule, sc.evaluation);
    } catch (const std::invalid_argument& e) {
      throw ScenarioError("/params/stochastic", e.what());
    }
  }
  return r;
}

Json DagRunResult::to_json() const {
  if (failed()) return failure_json();
  const core::TaskGraph& g = *graph;
  Json r = {{"algorithm", algorithm},
            {"makespan", metrics.makespan},
            {"verified", verified},
            {"schedule", schedule_to_json(g, schedule)},
            {"metrics",
             {{"makespan", metrics.makespan},
              {"lower_bound", metrics.lower_bound},
              {"nsl_lower_bound", metrics.nsl_lower_bound},
              {nsl_reference == "mcp" ? "nsl_mcp" : "nsl_heft", nsl_mcp},
              {"speedup", metrics.speedup},
              {"efficiency", metrics.efficiency},
              {"scheduling_time_ms", scheduling_time_ms},
              {"processors", processors},
              {"processors_used", processors_used}}},
            {"graph",
             {{"tasks", g.size()},
              {"edges", g.edge_count()},
              {"ccr", g.ccr()},
              {"critical_path", critical_path},
              {"level_width", level_width}}}};
  // Duplication-based schedulers: how many extra copies (each also marked in "schedule").
  if (const auto copies = schedule.duplicate_count(); copies > 0)
    r["metrics"]["duplicates"] = copies;
  if (!verified) r["verify_errors"] = errors;
  if (optimal)
    r["optimal"] = {{"proven", optimal->proven},
                    {"nodes", optimal->nodes},
                    {"lower_bound", optimal->lower_bound}};
  if (trace) r["trace"] = trace_json(*trace);
  if (online) {
    Json arrivals = Json::array();
    for (const auto& a : *online)
      arrivals.push_back({{"task", g.name(a.task)}, {"released", a.released}});
    r["online"] = {{"arrivals", std::move(arrivals)}};
  }
  if (makespan_distribution) {
    r["makespan_distribution"] = makespan_distribution_json();
    // Also as metrics, so that results tables show them as columns.
    r["metrics"]["expected_makespan"] = makespan_distribution->mean;
    r["metrics"]["p95_makespan"] = makespan_distribution->p95;
  }
  return r;
}

Json DagRunResult::makespan_distribution_json() const {
  const core::MakespanDistribution& d = *makespan_distribution;
  Json out = {{"samples", d.samples},
              {"mean", d.mean},
              {"std", d.sd},
              {"min", d.min},
              {"p5", d.p5},
              {"p50", d.p50},
              {"p95", d.p95},
              {"max", d.max},
              {"plan", plan},
              {"histogram", {{"edges", d.histogram.edges}, {"counts", d.histogram.counts}}}};
  if (plan == "quantile") out["k"] = plan_k;
  if (!d.finish.empty() &&
      schedule.entries.size() <= static_cast<std::size_t>(DagLimits::max_spread_json_entries)) {
    Json finish = Json::array();
    for (std::size_t e = 0; e < d.finish.size(); ++e)
      finish.push_back({{"task", graph->name(schedule.entries[e].task)},
                        {"mean", d.finish[e].mean},
                        {"p5", d.finish[e].p5},
                        {"p95", d.finish[e].p95}});
    out["finish"] = std::move(finish);
  }
  return out;
}

namespace {

core::Narration explain_dag_kind(const TypedScenario&, const TypedResult& result) {
  const auto& r = dynamic_cast<const DagRunResult&>(result);
  if (r.online) return core::online_narration(r.algorithm, *r.graph, r.schedule, *r.online);
  const core::DagAlgorithm* a = core::find_dag_algorithm(r.algorithm);
  return core::narrate_dag_schedule(*r.graph, r.algorithm, a ? a->info.paper : "", r.schedule);
}

// The Steps tab narrates any list scheduler in one generic loop; only FLB's is its own, so only
// FLB has pseudo-code of its own to show.
std::vector<std::string> dag_kind_pseudocode(std::string_view algorithm) {
  if (algorithm == "flb") return core::dag_pseudocode(algorithm);
  return {};
}

}  // namespace

KindHandler dag_kind() {
  KindHandler kind{"dag", "Task-graph scheduling", core::dag_algorithm_table, parse_dag_kind,
                   run_dag_kind};
  kind.param_sections = dag_param_sections;
  kind.explain = explain_dag_kind;
  kind.pseudocode = dag_kind_pseudocode;
  return kind;
}

}  // namespace loadlab::io
