#include "app/partition/model_layout.h"

#include <algorithm>
#include <exception>
#include <limits>

#include "core/partition/layout.h"

namespace loadlab::app {

bool apply_graph_layout(PartitionViewModel& m, const std::vector<double>& xy) {
  if (!m.mesh || xy.size() != 2 * static_cast<std::size_t>(m.mesh->size())) return false;
  const std::size_t n = static_cast<std::size_t>(m.mesh->size());
  m.xy.resize(2 * n);
  for (std::size_t i = 0; i < 2 * n; ++i) m.xy[i] = static_cast<float>(xy[i]);
  m.synthetic_layout = false;
  m.graph_layout = true;
  if (n > 0) {
    m.x0 = m.y0 = std::numeric_limits<float>::max();
    m.x1 = m.y1 = std::numeric_limits<float>::lowest();
    for (std::size_t v = 0; v < n; ++v) {
      m.x0 = std::min(m.x0, m.xy[2 * v]), m.x1 = std::max(m.x1, m.xy[2 * v]);
      m.y0 = std::min(m.y0, m.xy[2 * v + 1]), m.y1 = std::max(m.y1, m.xy[2 * v + 1]);
    }
    if (m.x1 <= m.x0) m.x1 = m.x0 + 1;
    if (m.y1 <= m.y0) m.y1 = m.y0 + 1;
  }
  m.edge_length = typical_edge_length(m.xy, m.edges);
  return true;
}

GraphLayoutCache::Layout GraphLayoutCache::find(std::uint64_t key) const {
  for (const auto& [k, layout] : cache_)
    if (k == key) return layout;
  return nullptr;
}

void GraphLayoutCache::remember(std::uint64_t key, Layout layout) {
  cache_.erase(
      std::remove_if(cache_.begin(), cache_.end(), [&](const auto& e) { return e.first == key; }),
      cache_.end());
  cache_.emplace_back(key, std::move(layout));
  if (cache_.size() > kCachedGraphs) cache_.erase(cache_.begin());
}

bool GraphLayoutCache::update(PartitionViewModel& m) {
  // Collect a finished job first, whichever graph it was for.
  if (job_.busy()) {
    try {
      if (auto done = job_.poll()) {
        if (*done && !(*done)->empty()) remember(job_key_, *done);
      }
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }
  if (!m.mesh || m.mesh->has_coordinates() || m.graph_layout || m.mesh->size() == 0) return false;
  const std::uint64_t key = m.graph_hash;
  if (Layout hit = find(key)) return apply_graph_layout(m, *hit);
  if (job_.busy() && job_key_ == key) return false;                      // on its way
  if (!error_.empty() && job_key_ == key && !job_.busy()) return false;  // failed: keep the lattice
  error_.clear();
  job_key_ = key;
  ++started_;
  std::shared_ptr<const core::Mesh> mesh = m.mesh;
  job_.supersede([mesh](const JobControl& control) -> Layout {
    core::LayoutOptions opts;
    opts.cancel = control.cancel;
    opts.progress = [&control](double p) { control.progress(p); };
    // The core's cache: a run of a geometric method on this graph then reuses this layout.
    return core::cached_mesh_layout(*mesh, opts);  // null when cancelled
  });
  return false;
}

}  // namespace loadlab::app
