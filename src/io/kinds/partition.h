// The "partition" scenario kind: a mesh split into P parts by the methods of survey 002 Table 1
// (and METIS as the baseline), optionally mapped onto a processor network. Format:
// docs/scenario-partition.md.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/model/topology.h"
#include "core/partition/mesh.h"
#include "core/partition/metrics.h"
#include "core/partition/partition.h"
#include "io/kind.h"
#include "io/scenario.h"

namespace loadlab::io {

struct PartitionScenario : TypedScenario {
  std::shared_ptr<const core::Mesh> mesh;
  std::string mesh_description;  ///< e.g. "grid 64x64", "file 4elt.graph"
  int parts = 2;
  std::optional<core::Topology> topology;
  std::map<std::string, core::PartitionParams> params;  ///< per algorithm (defaults filled in)
};

struct PartitionResult : TypedResult {
  /// False when the method could not run in this build (METIS in WebAssembly: native_only) or
  /// failed at run time (failed()): `note` says why.
  bool available = true;
  bool native_only = false;
  std::string note;
  /// "layout" when a geometric method ran on the computed layout (the mesh has no coordinates).
  std::string coordinates;
  std::vector<int> part;
  core::PartitionMetrics metrics;
  std::optional<core::Allocation> allocation;
  double time_ms = 0;
  Json to_json() const override;
};

/// Reads the "mesh" object (generator, inline graph or file relative to ctx.base_dir).
core::Mesh read_partition_mesh(const JsonReader& mesh, std::uint64_t seed, const RunContext& ctx,
                               std::string* description = nullptr);

/// Runs one algorithm of a parsed scenario: partition, metrics, allocation, verification, timing.
std::shared_ptr<PartitionResult> run_partition_algorithm(const PartitionScenario& sc,
                                                         const std::string& algorithm);

KindHandler partition_kind();

}  // namespace loadlab::io
