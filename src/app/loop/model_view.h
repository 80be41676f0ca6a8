// What the loop view draws, read from the typed results (io::LoopRunResult) and the typed scenario
// (io::LoopScenario): no result JSON is parsed back. Headless (no ImGui), tested in tests/app.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/model/app_state.h"
#include "core/loops/technique.h"
#include "io/kinds/loop.h"

namespace loadlab::app {

/// One technique's run as the views show it. The chunk table stays in the typed result (shared,
/// not copied: a run may list 10^5 chunks).
struct LoopTechniqueData {
  std::shared_ptr<const io::LoopRunResult> result;
  std::string name, title, formula, source;
  double parallel_time = 0, imbalance = 0, cov = 0;
  double mean_finish = 0;  ///< mean of the threads' finish times
  std::int64_t num_chunks = 0, syncs = 0;
  bool verified = false;
  bool truncated = false;    ///< the result lists fewer chunks than ran (chunks_listed)
  std::uint32_t colour = 0;  ///< filled by the view (ImU32)
  /// The listed chunks, in hand-out order.
  const std::vector<core::LoopChunk>& chunks() const { return result->run.chunks; }
};

/// The loop scenario's numbers the view prints beside the techniques.
struct LoopViewModel {
  std::vector<LoopTechniqueData> tech;
  std::int64_t n = 0;     ///< iterations N
  int p = 1;              ///< processors P
  double mu = 1, sd = 0;  ///< mean and standard deviation of the generated iteration costs
  double overhead = 0;    ///< h
  std::int64_t chunk_size = 0, block_size = 0, min_chunk = 1;  ///< as given (0 = default)
  double tapering_alpha = 1;
};

/// The view model of the current loop scenario and its typed results (empty `tech` when the
/// state holds no loop results).
LoopViewModel loop_view_model(const AppState& st);

}  // namespace loadlab::app
