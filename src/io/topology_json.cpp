#include "io/topology_json.h"

#include <stdexcept>

namespace loadlab::io {

namespace {

constexpr std::int64_t kMaxNodes = core::TopologyLimits::max_nodes;

// Wraps the model's own argument checks so their message lands on the right field.
template <class F>
core::Topology build(const std::string& pointer, F&& f) {
  try {
    return f();
  } catch (const std::invalid_argument& e) {
    throw ScenarioError(pointer, e.what());
  }
}

}  // namespace

core::Topology read_topology(const JsonReader& t, std::uint64_t seed) {
  const std::string type = t.get_enum(
      "type", {"tree", "hypercube", "mesh", "torus", "ring", "line", "complete", "custom"});
  if (type == "hypercube") {
    t.reject_unknown({"type", "dim"});
    const int dim = static_cast<int>(t.get_int("dim", 0, core::TopologyLimits::max_hypercube_dim));
    return core::Topology::hypercube(dim);
  }
  if (type == "mesh" || type == "torus") {
    t.reject_unknown({"type", "rows", "cols"});
    const int lo = type == "torus" ? 3 : 1;
    const auto rows = t.get_int("rows", lo, kMaxNodes);
    const auto cols = t.get_int("cols", lo, kMaxNodes);
    if (rows * cols > kMaxNodes)
      throw ScenarioError(t.pointer(), "rows*cols = " + std::to_string(rows * cols) +
                                           " nodes exceeds the limit of " +
                                           std::to_string(kMaxNodes));
    return type == "mesh" ? core::Topology::mesh(int(rows), int(cols))
                          : core::Topology::torus(int(rows), int(cols));
  }
  if (type == "ring" || type == "line" || type == "complete") {
    t.reject_unknown({"type", "nodes"});
    const std::int64_t hi = type == "complete" ? 8192 : kMaxNodes;
    const int n = static_cast<int>(t.get_int("nodes", type == "ring" ? 3 : 1, hi));
    if (type == "ring") return core::Topology::ring(n);
    if (type == "line") return core::Topology::line(n);
    return core::Topology::complete(n);
  }
  if (type == "tree") {
    t.reject_unknown({"type", "parents", "generator", "k", "depth", "nodes"});
    if (t.has("parents")) {
      if (t.has("generator"))
        throw ScenarioError(t.pointer("generator"), "give either parents or a generator, not both");
      auto raw = t.get_int_array("parents", kMaxNodes, -1, kMaxNodes);
      if (raw.empty()) throw ScenarioError(t.pointer("parents"), "must not be empty");
      std::vector<int> parents(raw.begin(), raw.end());
      return build(t.pointer("parents"), [&] { return core::Topology::tree(std::move(parents)); });
    }
    const std::string gen = t.get_enum("generator", {"kary", "random"});
    if (gen == "kary") {
      const int k = static_cast<int>(t.get_int("k", 1, kMaxNodes));
      const int depth = static_cast<int>(t.get_int("depth", 0, kMaxNodes));
      return build(t.pointer(), [&] { return core::Topology::kary_tree(k, depth); });
    }
    const int n = static_cast<int>(t.get_int("nodes", 1, kMaxNodes));
    util::Rng rng(seed);
    return core::Topology::random_tree(n, rng);
  }
  // custom
  t.reject_unknown({"type", "nodes", "edges"});
  const int n = static_cast<int>(t.get_int("nodes", 1, kMaxNodes));
  const Json& arr = t.array("edges", static_cast<std::size_t>(core::TopologyLimits::max_edges));
  std::vector<core::Edge> edges;
  edges.reserve(arr.size());
  for (std::size_t i = 0; i < arr.size(); ++i) {
    const std::string p = t.pointer("edges") + "/" + std::to_string(i);
    if (!arr[i].is_array() || arr[i].size() != 2)
      throw ScenarioError(p, "must be a pair [a, b] of node numbers");
    edges.push_back({static_cast<int>(JsonReader::as_int(arr[i][0], p + "/0", 0, n - 1)),
                     static_cast<int>(JsonReader::as_int(arr[i][1], p + "/1", 0, n - 1))});
  }
  auto topo = build(t.pointer("edges"), [&] { return core::Topology::custom(n, edges); });
  if (!topo.connected()) throw ScenarioError(t.pointer("edges"), "the graph is not connected");
  return topo;
}

core::LoadVector read_loads(const Json& loads, const std::string& pointer, int nodes,
                            std::uint64_t seed) {
  if (loads.is_array()) {
    if (loads.size() != static_cast<std::size_t>(nodes))
      throw ScenarioError(pointer, "has " + std::to_string(loads.size()) +
                                       " entries but the topology has " + std::to_string(nodes) +
                                       " nodes");
    core::LoadVector w(nodes);
    std::int64_t total = 0;
    for (int i = 0; i < nodes; ++i) {
      w[i] = JsonReader::as_int(loads[i], pointer + "/" + std::to_string(i), 0,
                                core::LoadLimits::max_load_per_node);
      total += w[i];
    }
    if (total > core::LoadLimits::max_total)
      throw ScenarioError(pointer,
                          "total load exceeds " + std::to_string(core::LoadLimits::max_total));
    return w;
  }
  if (!loads.is_object())
    throw ScenarioError(pointer, "must be an array of integers or a generator object");
  JsonReader g(loads, pointer);
  g.reject_unknown({"generator", "mean", "hot_node"});
  core::LoadGenerator kind{};
  const std::string name = g.get_enum("generator", {"uniform", "multinomial", "hot_spot", "ramp"});
  core::parse_load_generator(name, kind);
  const std::int64_t mean = g.get_int("mean", 0, core::LoadLimits::max_load_per_node / 2);
  const std::int64_t total = mean * nodes;
  if (kind == core::LoadGenerator::Multinomial && total > 50'000'000)
    throw ScenarioError(g.pointer("mean"), "multinomial loads are limited to 5e7 tasks in all");
  if (kind == core::LoadGenerator::HotSpot && total > core::LoadLimits::max_load_per_node)
    throw ScenarioError(g.pointer("mean"), "a hot spot of " + std::to_string(total) +
                                               " tasks exceeds the per-node limit");
  const int hot = static_cast<int>(g.get_int_or("hot_node", 0, 0, nodes - 1));
  util::Rng rng(seed);
  return core::generate_loads(kind, nodes, mean, rng, hot);
}

}  // namespace loadlab::io
