#include "app/partition/model_import.h"

#include <algorithm>
#include <cctype>

#include "core/partition/partition.h"
#include "io/mesh_formats/metis_graph.h"
#include "io/scenario.h"

namespace loadlab::app {

std::optional<io::Json> wrap_mesh_file_as_scenario(const std::string& filename, const std::string& text) {
  const auto slash = filename.find_last_of("/\\");
  const std::string base = slash == std::string::npos ? filename : filename.substr(slash + 1);
  std::string lower = base;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower.size() < 6 || lower.compare(lower.size() - 6, 6, ".graph") != 0) return std::nullopt;
  if (text.size() > io::kMaxMeshFileBytes)
    throw io::ScenarioError("", base + ": larger than " + std::to_string(io::kMaxMeshFileBytes >> 20) + " MiB");
  core::Mesh m;
  try {
    m = io::read_metis_graph(text);
  } catch (const std::exception& e) {
    throw io::ScenarioError("", base + ": " + e.what());
  }
  io::Json edges = io::Json::array();
  for (int v = 0; v < m.size(); ++v)
    for (int w : m.neighbours(v))
      if (v < w) edges.push_back({v, w});
  const int parts = std::min(8, std::max(1, m.size()));
  io::Json algs = {"orb_e", "ggp", "sa", "cm"};
  if (core::metis_available()) algs.push_back("metis");
  std::string name = "Imported " + base + " (" + std::to_string(m.size()) + " vertices, " +
                     std::to_string(m.edge_count()) + " edges)";
  // The inline form carries no per-vertex weights: a weighted file is partitioned with unit weights.
  if (!m.weights().empty()) name += ", vertex weights dropped";
  return io::Json{{"loadlab", io::kScenarioVersion},
                  {"kind", "partition"},
                  {"name", name},
                  {"seed", 1},
                  {"mesh", {{"vertices", m.size()}, {"edges", std::move(edges)}}},
                  {"parts", parts},
                  {"algorithms", algs}};
}

}  // namespace loadlab::app
