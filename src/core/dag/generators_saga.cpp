// The random task graphs and networks of the SAGA library's data sets (Coleman & Krishnamachari,
// SAGA, ANRGUSC/saga on GitHub), as read in src/saga/schedulers/data/random.py: gen_out_trees
// (networkx's balanced_tree(branching, levels) directed away from the root, plus a sink joining
// the leaves), gen_in_trees (the same reversed), gen_parallel_chains (a source, num_chains chains
// of chain_length tasks, a sink) and gen_random_networks (complete networks). Task names follow
// SAGA's ("T0", "T1", ... in its numbering; network nodes "N0", ...).
//
// Weights: SAGA's default draws max(min(1e-9, gauss(1, 1/3)), 2), which is always 2 (the clip's
// bounds are swapped), so its default data sets have unit-free constant weights. We draw what the
// expression evidently means, gauss(1, 1/3) clipped to [1e-9, 2] (speeds and link speeds to
// [MachineLimits::min_speed, 2]), with our seeded RNG (Marsaglia's polar method over det_log, so
// native and WebAssembly draw the same bits). SAGA's self-links (speed 1e9) have no counterpart:
// a LoadLab machine charges nothing on one processor.
#include <algorithm>
#include <cmath>

#include "core/dag/generators.h"
#include "core/util/normal.h"
#include "core/util/rng.h"

namespace loadlab::core {

namespace {

double saga_gen_weight(util::Rng& rng, double lo) {
  const double x = 1.0 + util::standard_normal(rng) / 3.0;
  return x < lo ? lo : (x > 2.0 ? 2.0 : x);
}

void saga_gen_require(bool ok, const char* what) {
  if (!ok) throw GraphError(what);
}

}  // namespace

GraphShape saga_out_tree_shape(std::int32_t branching, std::int32_t levels) {
  GraphShape s = out_tree_shape(branching, levels);
  const TaskId sink = s.tasks;
  saga_gen_require(sink < GraphLimits::max_tasks, "tree too large");
  std::vector<bool> has_child(static_cast<std::size_t>(s.tasks), false);
  for (const auto& e : s.edges) has_child[static_cast<std::size_t>(e.first)] = true;
  for (TaskId t = 0; t < s.tasks; ++t)
    if (!has_child[static_cast<std::size_t>(t)]) s.edges.push_back({t, sink});
  s.tasks += 1;
  s.names.clear();
  for (TaskId t = 0; t < s.tasks; ++t) s.names.push_back("T" + std::to_string(t));
  return s;
}

GraphShape saga_in_tree_shape(std::int32_t branching, std::int32_t levels) {
  GraphShape s = saga_out_tree_shape(branching, levels);
  // SAGA reverses the out-tree's edges and keeps the names: T{sink} becomes the source. Ids are
  // reversed too so that they stay a topological order.
  reverse_shape(s);
  return s;
}

GraphShape saga_chains_shape(std::int32_t num_chains, std::int32_t chain_length) {
  saga_gen_require(num_chains >= 1 && chain_length >= 1,
                   "num_chains and chain_length must be at least 1");
  const std::int64_t total = 2 + static_cast<std::int64_t>(num_chains) * chain_length;
  saga_gen_require(total <= GraphLimits::max_tasks, "num_chains x chain_length too large");
  GraphShape s;
  s.tasks = static_cast<std::int32_t>(total);
  const TaskId sink = s.tasks - 1;
  TaskId next = 1;
  for (std::int32_t c = 0; c < num_chains; ++c) {
    s.edges.push_back({0, next});
    for (std::int32_t k = 1; k < chain_length; ++k, ++next) s.edges.push_back({next, next + 1});
    s.edges.push_back({next, sink});
    ++next;
  }
  for (TaskId t = 0; t < s.tasks; ++t) s.names.push_back("T" + std::to_string(t));
  return s;
}

TaskGraph saga_weighted_graph(const GraphShape& shape, std::uint64_t seed) {
  util::Rng rng(seed);
  std::vector<double> comp;
  comp.reserve(static_cast<std::size_t>(shape.tasks));
  for (TaskId t = 0; t < shape.tasks; ++t) comp.push_back(saga_gen_weight(rng, 1e-9));
  std::vector<DagEdge> edges;
  edges.reserve(shape.edges.size());
  for (const auto& [a, b] : shape.edges) edges.push_back({a, b, saga_gen_weight(rng, 1e-9)});
  return TaskGraph(std::move(comp), std::move(edges), shape.names);
}

Machine saga_random_network(std::int32_t nodes, std::uint64_t seed) {
  saga_gen_require(nodes >= 1 && nodes <= 1024, "network nodes must be in [1, 1024]");
  util::Rng rng(seed);
  Machine m = Machine::identical(nodes);
  const auto P = static_cast<std::size_t>(nodes);
  m.bandwidth.assign(P * P, 0.0);
  // SAGA weighs the complete graph's edges first, then the nodes.
  for (std::size_t p = 0; p < P; ++p)
    for (std::size_t q = p + 1; q < P; ++q)
      m.bandwidth[p * P + q] = m.bandwidth[q * P + p] =
          saga_gen_weight(rng, MachineLimits::min_speed);
  for (std::size_t p = 0; p < P; ++p)
    m.speeds.push_back(saga_gen_weight(rng, MachineLimits::min_speed));
  return m;
}

}  // namespace loadlab::core
