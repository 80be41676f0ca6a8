// The task graph's overview drawing for graphs too big to draw task by task (thousands of tasks):
// the layered layout (model_graph.h: longest-path layers, barycentre order) with every layer
// stretched to the widest layer's width, tasks binned into a fixed number of columns per layer
// (one mark per occupied bin) and edges aggregated into bundles between bins (one line per pair of
// bins, weighted by how many edges it stands for). Edge aggregation after the edge-bundling
// literature's simplest form (Holten and van Wijk, "Force-Directed Edge Bundling for Graph
// Visualization", 2009, discuss it as the baseline); Sugiyama, Tagawa and Toda, "Methods for Visual
// Understanding of Hierarchical System Structures", 1981, for the layering and barycentre order.
// Headless (no ImGui); built on the model's worker.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace loadlab::app {

struct DagModel;

struct DagOverview {
  int columns = 0;       ///< bins per layer (task marks)
  int edge_columns = 0;  ///< coarser bins per layer that the bundles join
  float width = 0;       ///< world width the stretched layers span (the widest layer's slots)
  std::vector<float> x;  ///< per task: stretched x in world slots, centred on 0
  /// Per layer: tasks per bin (`columns` entries each); bin b spans world x
  /// [-width/2 + b*width/columns, -width/2 + (b+1)*width/columns).
  std::vector<std::vector<std::uint32_t>> bins;
  struct Bundle {
    std::int32_t from_layer, to_layer;
    std::int32_t from_bin, to_bin;  ///< edge bins (of `edge_columns`)
    std::uint32_t edges;            ///< how many graph edges this line stands for
  };
  /// Per layer: "N tasks", with the name most of them share (up to the first '_', less trailing
  /// digits) first when at least half do (WfCommons tasks are named after their program:
  /// "mProject_ID0000001").
  std::vector<std::string> labels;
  std::vector<Bundle> bundles;  ///< heaviest first (ties: from_layer, from_bin, to_layer, to_bin)
  std::uint32_t max_bundle = 0;
  std::uint32_t max_bin = 0;
  std::int64_t dropped_edges = 0;  ///< edges in bundles beyond `max_bundles` (not drawn)
  float bin_x(int b) const {
    return -width / 2 + (static_cast<float>(b) + 0.5f) * width / static_cast<float>(columns);
  }
  float edge_bin_x(int b) const {
    return -width / 2 + (static_cast<float>(b) + 0.5f) * width / static_cast<float>(edge_columns);
  }
};

/// Graphs with at least this many tasks get an overview (smaller ones are drawn task by task).
inline constexpr std::int32_t kOverviewTasks = 1000;
/// Bins per layer (about 2 pixels each on a 1280-pixel-wide window), edge bins (about 8 pixels:
/// fewer, fuller bundles; a software rasteriser pays for every line's length) and bundles drawn
/// at most.
inline constexpr int kOverviewColumns = 480;
inline constexpr int kOverviewEdgeColumns = 120;
inline constexpr std::size_t kOverviewBundles = 40000;

/// The overview of the model's layered layout: `columns` bins per layer for the tasks,
/// `edge_columns` for the bundles, at most `max_bundles` bundles (the heaviest). Deterministic:
/// the same model gives the same overview.
DagOverview build_dag_overview(const DagModel& m, int columns, int edge_columns,
                               std::size_t max_bundles);

}  // namespace loadlab::app
