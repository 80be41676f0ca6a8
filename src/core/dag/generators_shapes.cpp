// Structural generators: fork-join, in/out-trees, DAGGEN-style layered random DAGs, the registry
// of generator names, and the random costs of paper 001 Section 6
// (../shared/seeds/001_37b951120b5002ad.txt: "random execution times and communication delays
// (i.i.d., uniform distribution with unit coefficient of variation)").
#include <algorithm>
#include <cmath>

#include "core/dag/generators.h"
#include "core/util/det_math.h"
#include "core/util/rng.h"

namespace loadlab::core {

namespace {

void require_shape(bool ok, const std::string& what) {
  if (!ok) throw GraphError(what);
}

}  // namespace

GraphShape fork_join_shape(std::int32_t width, std::int32_t stages) {
  require_shape(width >= 1 && width <= 1000000, "fork-join width must be in [1, 1000000]");
  require_shape(stages >= 1 && stages <= 1000000, "fork-join stages must be in [1, 1000000]");
  require_shape(1 + static_cast<std::int64_t>(width + 1) * stages <= GraphLimits::max_tasks,
                "fork-join graph too large");
  GraphShape s;
  TaskId fork = s.tasks++;
  s.names.push_back("fork");
  for (std::int32_t st = 0; st < stages; ++st) {
    const TaskId first = s.tasks;
    for (std::int32_t i = 0; i < width; ++i) {
      s.names.push_back("W" + std::to_string(st) + "_" + std::to_string(i));
      s.edges.push_back({fork, s.tasks++});
    }
    const TaskId join = s.tasks++;
    s.names.push_back("join" + std::to_string(st));
    for (std::int32_t i = 0; i < width; ++i) s.edges.push_back({first + i, join});
    fork = join;
  }
  return s;
}

GraphShape out_tree_shape(std::int32_t branching, std::int32_t depth) {
  require_shape(branching >= 1 && branching <= 1000, "tree branching must be in [1, 1000]");
  require_shape(depth >= 0 && depth <= 60, "tree depth must be in [0, 60]");
  std::int64_t total = 1, level = 1;
  for (std::int32_t d = 0; d < depth; ++d) {
    level *= branching;
    total += level;
    require_shape(total <= GraphLimits::max_tasks, "tree too large");
  }
  GraphShape s;
  s.tasks = static_cast<std::int32_t>(total);
  for (std::int32_t t = 0; t < s.tasks; ++t) {
    s.names.push_back("n" + std::to_string(t));
    if (t > 0) s.edges.push_back({(t - 1) / branching, t});
  }
  return s;
}

GraphShape in_tree_shape(std::int32_t branching, std::int32_t depth) {
  GraphShape s = out_tree_shape(branching, depth);
  reverse_shape(s);  // leaves first, root last
  return s;
}

void reverse_shape(GraphShape& s) {
  const TaskId n = s.tasks;
  for (auto& [a, b] : s.edges) {
    const TaskId na = n - 1 - b, nb = n - 1 - a;
    a = na;
    b = nb;
  }
  std::reverse(s.names.begin(), s.names.end());
}

GraphShape layered_shape(const LayeredSpec& sp, std::uint64_t seed) {
  require_shape(sp.n >= 1 && sp.n <= GraphLimits::max_tasks, "layered n must be in [1, 2000000]");
  require_shape(sp.fat > 0 && sp.fat <= 1, "fat must be in (0, 1]");
  require_shape(sp.density >= 0 && sp.density <= 1, "density must be in [0, 1]");
  require_shape(sp.regularity >= 0 && sp.regularity <= 1, "regularity must be in [0, 1]");
  require_shape(sp.jump >= 1 && sp.jump <= 1000, "jump must be in [1, 1000]");
  util::Rng rng(seed);
  const double width = std::max(1.0, std::round(std::pow(static_cast<double>(sp.n), sp.fat)));
  std::vector<std::int32_t> level_start{0};
  GraphShape s;
  s.tasks = sp.n;
  while (level_start.back() < sp.n) {
    const double f = rng.uniform_real(sp.regularity, 2.0 - sp.regularity);
    const auto size = static_cast<std::int32_t>(std::max(1.0, std::round(width * f)));
    level_start.push_back(std::min(sp.n, level_start.back() + size));
  }
  const auto levels = static_cast<std::int32_t>(level_start.size()) - 1;
  // Each task's parent count depends only on the level sizes: refuse a graph over the edge limit
  // before building it (n = 10^6 at density 0.5 would otherwise allocate ~5 * 10^8 edges first).
  const auto parents = [&](std::int32_t l) {
    const std::int32_t prev = level_start[l] - level_start[l - 1];
    const std::int32_t pool = level_start[l] - level_start[std::max(0, l - sp.jump)];
    return std::clamp<std::int32_t>(static_cast<std::int32_t>(std::round(sp.density * prev)), 1,
                                    pool);
  };
  std::int64_t edge_count = 0;
  for (std::int32_t l = 1; l < levels; ++l)
    edge_count += static_cast<std::int64_t>(level_start[l + 1] - level_start[l]) * parents(l);
  require_shape(edge_count <= GraphLimits::max_edges,
                "too many edges: " + std::to_string(edge_count) + " (limit " +
                    std::to_string(GraphLimits::max_edges) + "); lower density, fat or n");
  s.edges.reserve(static_cast<std::size_t>(edge_count));
  s.names.reserve(sp.n);
  for (std::int32_t t = 0; t < sp.n; ++t) s.names.push_back("v" + std::to_string(t));
  std::vector<TaskId> picked;
  for (std::int32_t l = 1; l < levels; ++l) {
    const std::int32_t lo = level_start[std::max(0, l - sp.jump)];
    const std::int32_t hi = level_start[l];  // parents in [lo, hi)
    const std::int32_t pool = hi - lo;
    const std::int32_t k = parents(l);
    for (TaskId t = level_start[l]; t < level_start[l + 1]; ++t) {
      picked.clear();
      if (k * 4 >= pool) {
        for (TaskId p = lo; p < hi; ++p) picked.push_back(p);
        rng.shuffle(picked.data(), picked.size());
        picked.resize(k);
      } else {
        while (static_cast<std::int32_t>(picked.size()) < k) {
          const auto p = static_cast<TaskId>(lo + static_cast<std::int32_t>(rng.below(pool)));
          if (std::find(picked.begin(), picked.end(), p) == picked.end()) picked.push_back(p);
        }
      }
      for (TaskId p : picked) s.edges.push_back({p, t});
    }
  }
  return s;
}

TaskGraph assign_costs(const GraphShape& shape, const CostSpec& c, std::uint64_t seed) {
  require_shape(c.ccr >= 0 && c.ccr <= 1e6, "ccr must be in [0, 1e6]");
  require_shape(c.mean_comp > 0 && c.mean_comp <= 1e9, "mean_comp must be in (0, 1e9]");
  require_shape(
      c.distribution == "uniform" || c.distribution == "exponential" || c.distribution == "unit",
      "distribution must be uniform, exponential or unit");
  util::Rng rng(seed);
  auto draw = [&](double mean) {
    if (c.distribution == "unit") return mean;
    if (c.distribution == "exponential") return -mean * util::det_log(1.0 - rng.uniform01());
    return 2.0 * mean * (1.0 - rng.uniform01());  // (0, 2 mean]
  };
  std::vector<double> comp(shape.tasks);
  double sum_comp = 0;
  for (auto& x : comp) sum_comp += (x = draw(c.mean_comp));
  std::vector<DagEdge> edges(shape.edges.size());
  double sum_comm = 0;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    edges[i] = {shape.edges[i].first, shape.edges[i].second, draw(1.0)};
    sum_comm += edges[i].comm;
  }
  // Scale communication so that the realised CCR is exactly the target.
  if (!edges.empty() && sum_comm > 0) {
    const double avg_comp = sum_comp / std::max<std::size_t>(1, comp.size());
    const double factor = c.ccr * avg_comp / (sum_comm / static_cast<double>(edges.size()));
    for (auto& e : edges) e.comm *= factor;
  }
  return TaskGraph(std::move(comp), std::move(edges), shape.names);
}

const std::vector<std::string>& generator_names() {
  static const std::vector<std::string> names = {
      "lu",           "laplace",     "stencil",         "fft",     "gaussian",
      "fork_join",    "out_tree",    "in_tree",         "layered", "saga_out_tree",
      "saga_in_tree", "saga_chains", "wfcommons_recipe"};
  return names;
}

}  // namespace loadlab::core
