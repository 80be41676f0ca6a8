#include "app/partition/model_import.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

#include "core/partition/partition.h"
#include "core/partition/registry.h"
#include "io/formats.h"
#include "io/mesh_formats/metis_graph.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

std::string partition_import_base_name(const std::string& filename) {
  const auto slash = filename.find_last_of("/\\");
  return slash == std::string::npos ? filename : filename.substr(slash + 1);
}

}  // namespace

bool is_coordinates_file(const std::string& filename) {
  const io::FileFormat* format = io::format_by_extension(filename);
  return format && format->model == io::FileModel::coordinates;
}

io::Json attach_coordinates_file(const io::Json& current, const std::string& filename,
                                 const std::string& text) {
  const std::string base = partition_import_base_name(filename);
  const bool inline_mesh =
      current.is_object() && current.value("kind", "") == "partition" && current.contains("mesh") &&
      current["mesh"].is_object() && current["mesh"].contains("vertices") &&
      current["mesh"].contains("edges") && current["mesh"]["vertices"].is_number_integer();
  if (!inline_mesh)
    throw io::ScenarioError(
        "", base +
                ": coordinates attach to an imported mesh graph; import its .graph file first "
                "(File > Import), then the .xyz");
  if (text.size() > io::kMaxMeshFileBytes)
    throw io::ScenarioError(
        "", base + ": larger than " + std::to_string(io::kMaxMeshFileBytes >> 20) + " MiB");
  const long long n = current["mesh"]["vertices"].get<long long>();
  if (n < 0 || n > core::MeshLimits::max_vertices)
    throw io::ScenarioError("/mesh/vertices", "out of range");
  // The reader checks the lines against a mesh of n vertices; edges play no part in it.
  core::Mesh probe = core::Mesh::from_edges(static_cast<int>(n), {});
  try {
    io::read_xyz_coordinates(text, probe);
  } catch (const std::exception& e) {
    throw io::ScenarioError(
        "", base + ": " + e.what() + " (the current mesh has " + std::to_string(n) + " vertices)");
  }
  io::Json out = current;
  io::Json coords = io::Json::array();
  const int dim = probe.dim();
  for (int v = 0; v < probe.size(); ++v) {
    io::Json row = io::Json::array();
    for (int a = 0; a < dim; ++a) row.push_back(probe.coord(v, a));
    coords.push_back(std::move(row));
  }
  out["mesh"]["coordinates"] = std::move(coords);
  // With coordinates the geometric methods apply: add the Table 1 ones a user is most likely to
  // compare (in the table's order, keeping the methods already chosen).
  std::set<std::string> chosen = {"strips_pxq", "orb_i", "orb_kl"};
  if (out.contains("algorithms") && out["algorithms"].is_array())
    for (const auto& a : out["algorithms"])
      if (a.is_string()) chosen.insert(a.get<std::string>());
  io::Json algs = io::Json::array();
  for (const auto& info : core::partition_algorithm_table())
    if (chosen.count(info.name)) algs.push_back(std::string(info.name));
  out["algorithms"] = std::move(algs);
  const std::string name = out.value("name", std::string("mesh"));
  out["name"] = name + ", coordinates from " + base + " (" + std::to_string(dim) + "-D)";
  return out;
}

std::optional<io::Json> wrap_mesh_file_as_scenario(const std::string& filename,
                                                   const std::string& text, const io::Json*) {
  const std::string base = partition_import_base_name(filename);
  const io::FileFormat* format = io::format_by_extension(filename);
  if (!format || format->model != io::FileModel::mesh) return std::nullopt;
  if (text.size() > io::kMaxMeshFileBytes)
    throw io::ScenarioError(
        "", base + ": larger than " + std::to_string(io::kMaxMeshFileBytes >> 20) + " MiB");
  core::Mesh m;
  try {
    m = io::read_mesh_file(*format, text);
  } catch (const std::exception& e) {
    throw io::ScenarioError("", base + ": " + e.what());
  }
  io::Json edges = io::Json::array();
  for (int v = 0; v < m.size(); ++v)
    for (int w : m.neighbours(v))
      if (v < w) edges.push_back({v, w});
  const int parts = std::min(8, std::max(1, m.size()));
  io::Json algs = {"multilevel", "orb_e", "ggp", "sa", "cm"};
  if (core::metis_available()) algs.push_back("metis");
  std::string name = "Imported " + base + " (" + std::to_string(m.size()) + " vertices, " +
                     std::to_string(m.edge_count()) + " edges)";
  // The inline form carries no per-vertex weights: a weighted file is partitioned with unit
  // weights.
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
