// Drawing positions for a mesh given without coordinates (an imported .graph without its .xyz):
// core::cached_mesh_layout (pivot MDS + sparse stress, src/core/partition/layout.h) computed on a
// BackgroundJob (a Web Worker in the browser) with progress and cancel, cached per graph (keyed by
// core::mesh_graph_hash), so switching methods, re-running or re-opening the same graph reuses it;
// filling the core's cache too, so the geometric methods of a run use the same layout.
// Until it arrives the view keeps the index-order lattice. A mesh with coordinates (.xyz) never
// starts a layout: its own coordinates win. Headless; tested in tests/app.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/model/background_job.h"
#include "app/partition/model_view.h"

namespace loadlab::app {

/// Puts `xy` (x, y per vertex, from compute_mesh_layout) into the model as its drawing positions:
/// xy, bounding box, typical edge length; graph_layout = true, synthetic_layout = false. Ignored
/// (false) when the sizes do not match the model's mesh.
bool apply_graph_layout(PartitionViewModel& m, const std::vector<double>& xy);

class GraphLayoutCache {
 public:
  using Layout = std::shared_ptr<const std::vector<double>>;
  static constexpr std::size_t kCachedGraphs = 4;

  /// Called every frame with the current model: applies a cached layout at once, otherwise starts
  /// (or supersedes) the job for this graph and applies its result when it arrives. True when the
  /// model's positions changed (the caller refits the view and bumps its generation).
  bool update(PartitionViewModel& m);

  /// A layout is being computed for the model's graph.
  bool running() const { return job_.busy(); }
  double progress() const { return job_.progress(); }
  /// Why the last layout failed ("" if it did not).
  const std::string& error() const { return error_; }
  /// The cached layout of graph `key`, or null.
  Layout find(std::uint64_t key) const;
  std::size_t cached() const { return cache_.size(); }
  /// Layout jobs started so far (tests: a cached graph starts none).
  int jobs_started() const { return started_; }

 private:
  void remember(std::uint64_t key, Layout layout);

  BackgroundJob<Layout> job_;
  std::uint64_t job_key_ = 0;
  std::vector<std::pair<std::uint64_t, Layout>> cache_;  // most recent last
  std::string error_;
  int started_ = 0;
};

}  // namespace loadlab::app
