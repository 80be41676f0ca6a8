// Overview of big task graphs: stretched layers, binned tasks, bundled edges (model_overview.h).
#include "app/dag/model_overview.h"

#include <algorithm>

#include "app/dag/model_graph.h"

namespace loadlab::app {

DagOverview build_dag_overview(const DagModel& m, int columns, int edge_columns,
                               std::size_t max_bundles) {
  DagOverview ov;
  const core::TaskGraph& g = m.graph;
  const std::int32_t n = g.size();
  const auto layers = static_cast<std::int32_t>(m.layer_tasks.size());
  if (n == 0 || layers == 0 || columns <= 0 || edge_columns <= 0) return ov;
  ov.columns = columns;
  ov.edge_columns = edge_columns;
  ov.width = static_cast<float>(std::max<std::int32_t>(1, m.max_layer_width));
  ov.x.assign(static_cast<std::size_t>(n), 0.0f);
  ov.bins.assign(static_cast<std::size_t>(layers),
                 std::vector<std::uint32_t>(static_cast<std::size_t>(columns), 0));
  std::vector<std::int32_t> edge_bin(static_cast<std::size_t>(n), 0);
  for (std::int32_t l = 0; l < layers; ++l) {
    const auto& lt = m.layer_tasks[static_cast<std::size_t>(l)];
    const double w = static_cast<double>(lt.size());
    for (std::size_t i = 0; i < lt.size(); ++i) {
      // Slot centres spread evenly over [0, 1): a layer of one task sits in the middle.
      const double u = (static_cast<double>(i) + 0.5) / w;
      const core::TaskId t = lt[i];
      ov.x[static_cast<std::size_t>(t)] = static_cast<float>((u - 0.5) * ov.width);
      const auto b = std::min(columns - 1, static_cast<int>(u * columns));
      edge_bin[static_cast<std::size_t>(t)] =
          std::min(edge_columns - 1, static_cast<int>(u * edge_columns));
      auto& count = ov.bins[static_cast<std::size_t>(l)][static_cast<std::size_t>(b)];
      ++count;
      ov.max_bin = std::max(ov.max_bin, count);
    }
  }
  ov.labels.resize(static_cast<std::size_t>(layers));
  for (std::int32_t l = 0; l < layers; ++l) {
    const auto& lt = m.layer_tasks[static_cast<std::size_t>(l)];
    std::vector<std::string> stems;
    stems.reserve(lt.size());
    for (core::TaskId t : lt) {
      const std::string& name = g.name(t);
      // Up to the first '_', without trailing digits: "sol2sanger_ID0000007" -> "sol2sanger",
      // "W0_12" -> "W", "t17" -> "t".
      std::size_t k = std::min(name.find('_'), name.size());
      while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9') --k;
      stems.push_back(name.substr(0, k));
    }
    std::sort(stems.begin(), stems.end());
    std::string best;
    std::size_t best_count = 0;
    for (std::size_t i = 0; i < stems.size();) {
      std::size_t j = i;
      while (j < stems.size() && stems[j] == stems[i]) ++j;
      if (j - i > best_count) best_count = j - i, best = stems[i];
      i = j;
    }
    std::string label = std::to_string(lt.size()) + (lt.size() == 1 ? " task" : " tasks");
    if (!best.empty() && 2 * best_count >= lt.size())
      label = best + (best_count == lt.size() ? " x " : " etc. x ") + label;
    ov.labels[static_cast<std::size_t>(l)] = std::move(label);
  }
  // Each edge as (from cell, to cell), a cell = layer * edge_columns + edge bin; sorting groups the
  // bundles (deterministic, unlike iterating a hash map).
  std::vector<std::uint64_t> keys;
  keys.reserve(static_cast<std::size_t>(g.edge_count()));
  auto cell = [&](core::TaskId t) {
    return static_cast<std::uint64_t>(m.layer[static_cast<std::size_t>(t)]) *
               static_cast<std::uint64_t>(edge_columns) +
           static_cast<std::uint64_t>(edge_bin[static_cast<std::size_t>(t)]);
  };
  for (std::int64_t e = 0; e < g.edge_count(); ++e) {
    const auto& ed = g.edge(e);
    keys.push_back(cell(ed.from) << 32 | cell(ed.to));
  }
  std::sort(keys.begin(), keys.end());
  std::vector<std::pair<std::uint32_t, std::uint64_t>> runs;  // (edges, key)
  for (std::size_t i = 0; i < keys.size();) {
    std::size_t j = i;
    while (j < keys.size() && keys[j] == keys[i]) ++j;
    runs.push_back({static_cast<std::uint32_t>(j - i), keys[i]});
    i = j;
  }
  // Heaviest first, then by key: the kept bundles are the same on every machine.
  std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  const auto cols = static_cast<std::uint64_t>(edge_columns);
  for (std::size_t k = 0; k < runs.size(); ++k) {
    if (k >= max_bundles) {
      ov.dropped_edges += runs[k].first;
      continue;
    }
    const std::uint64_t from = runs[k].second >> 32, to = runs[k].second & 0xFFFFFFFFull;
    ov.bundles.push_back({static_cast<std::int32_t>(from / cols),
                          static_cast<std::int32_t>(to / cols),
                          static_cast<std::int32_t>(from % cols),
                          static_cast<std::int32_t>(to % cols), runs[k].first});
    ov.max_bundle = std::max(ov.max_bundle, runs[k].first);
  }
  return ov;
}

}  // namespace loadlab::app
