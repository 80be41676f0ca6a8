// What the partition view draws, read from the typed scenario (io::PartitionScenario: the mesh, P,
// the processor network) and the typed results (io::PartitionResult): no result JSON is parsed
// back. Headless (no ImGui), tested in tests/app. Paper: survey 002 §2.2-2.3, Table 1
// (../shared/seeds/002_6cf480ff57e2bb72.txt).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/model/app_state.h"
#include "core/partition/metrics.h"
#include "io/kinds/partition.h"

namespace loadlab::app {

/// One method's result as the comparison table shows it.
struct PartitionMethodData {
  std::shared_ptr<const io::PartitionResult> result;
  std::string name, title;
  bool available = true, verified = false;
  std::string note;
  /// Cut edges of the mesh under this partition (indices into PartitionViewModel::edges).
  std::vector<std::int64_t> cut;
  /// Part graph (cut edges between each pair of parts), for the network view.
  std::vector<core::PartEdge> part_graph;
  const core::PartitionMetrics& metrics() const { return result->metrics; }
  const std::vector<int>& part() const { return result->part; }
};

struct PartitionViewModel {
  std::shared_ptr<const core::Mesh> mesh;
  std::string mesh_description;
  int parts = 0;
  std::optional<core::Topology> topology;
  std::vector<core::MeshEdge> edges;  ///< every mesh edge once (a < b), CSR order
  std::vector<PartitionMethodData> methods;
  /// 2-D drawing coordinates per vertex (x, y interleaved): the mesh's own (3-D meshes: x and y
  /// plus a small z shear so layers do not overlap exactly) or, without coordinates, the graph's
  /// layout once computed (model_layout.h), until then vertices on a square lattice in index order.
  std::vector<float> xy;
  bool synthetic_layout = false;
  /// xy comes from the graph layout (model_layout.h) because the mesh has no coordinates.
  bool graph_layout = false;
  /// core::mesh_graph_hash of a mesh without coordinates (the layout cache's key); 0 otherwise.
  std::uint64_t graph_hash = 0;
  float x0 = 0, y0 = 0, x1 = 1, y1 = 1;  ///< bounding box of xy
  /// Typical distance of neighbouring vertices in xy (median of a sample of edges): the views'
  /// level of detail compares it, times the zoom, with pixels.
  double edge_length = 1;
};

/// Median length of up to 4096 edges spread over `edges` (1 if there are none).
double typical_edge_length(const std::vector<float>& xy, const std::vector<core::MeshEdge>& edges);

/// Builds the model from the current scenario and results (cheap for the results; O(|E|) for the
/// edge list and cut lists).
PartitionViewModel partition_view_model(const AppState& st);

/// Edges (indices into `edges`) whose ends lie in different parts.
std::vector<std::int64_t> partition_cut_edges(const std::vector<core::MeshEdge>& edges,
                                              const std::vector<int>& part);

/// A distinct colour for part p (packed RGBA as ImU32: r | g << 8 | b << 16 | a << 24), the same in
/// every partition view so part i looks alike across methods.
std::uint32_t part_colour(int p);

/// Level of detail for big meshes: the vertices binned into a cols x rows raster over the world
/// window [x0, x1] x [y0, y1] (y up). cell = part of a vertex in it (-1 = empty); boundary = the
/// cell holds vertices of two parts or a vertex with a cut edge.
struct PartRaster {
  int cols = 0, rows = 0;
  std::vector<int> cell;
  std::vector<std::uint8_t> boundary;
};
PartRaster rasterize_parts(const PartitionViewModel& m, const std::vector<int>& part, double x0,
                           double y0, double x1, double y1, int cols, int rows);

}  // namespace loadlab::app
