// One partitioning method timed and checked for the reproduce commands (partition, walshaw): the
// record carries the time in ms, 1/0 for the verifier, the edge cut and the imbalance, in that
// order; the caller may put more from the returned metrics.
#pragma once

#include <chrono>
#include <string_view>
#include <vector>

#include "cli/reproduce_split.h"
#include "core/partition/metrics.h"
#include "core/partition/partition.h"
#include "core/verify/partition_verify.h"

namespace loadlab::cli {

inline core::PartitionMetrics put_partition_run(RunRecord& mine, std::string_view method,
                                                const core::Mesh& m, int parts,
                                                const core::PartitionParams& params) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<int> part = core::run_partition_method(method, m, parts, params);
  mine.put(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  const core::PartitionMetrics pm = core::compute_partition_metrics(m, part, parts);
  mine.put(core::verify_partition(m, parts, part, pm).ok ? 1 : 0);
  mine.put(static_cast<double>(pm.edge_cut));
  mine.put(pm.imbalance);
  return pm;
}

}  // namespace loadlab::cli
