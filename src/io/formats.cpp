#include "io/formats.h"

#include <algorithm>
#include <cctype>

#include "io/dag_formats/dag_formats.h"
#include "io/dag_formats/saga.h"
#include "io/mesh_formats/metis_graph.h"

namespace loadlab::io {

namespace {

core::TaskGraph formats_read_stg(std::string_view text, double, const Json*) {
  return read_stg(text);
}
core::TaskGraph formats_read_dot(std::string_view text, double, const Json*) {
  return read_dot(text);
}
core::TaskGraph formats_read_wfcommons(std::string_view text, double bandwidth, const Json* doc) {
  return doc ? read_wfcommons_json(*doc, bandwidth) : read_wfcommons(text, bandwidth);
}
core::TaskGraph formats_read_graph_json(std::string_view text, double, const Json* doc) {
  if (doc) return read_graph_json(JsonReader(*doc, ""));
  const Json parsed = parse_json_text(text, DagFormatLimits::max_file_bytes);
  return read_graph_json(JsonReader(parsed, ""));
}
// The task graph alone; `loadlab convert` reads the network too (read_saga).
core::TaskGraph formats_read_saga(std::string_view text, double, const Json* doc) {
  return doc ? read_saga_json(*doc).graph : read_saga(text).graph;
}

}  // namespace

const std::vector<FileFormat>& file_formats() {
  static const std::vector<FileFormat> table = {
      {"stg",
       "Kasahara's Standard Task Graph Set",
       {".stg"},
       nullptr,
       FileModel::task_graph,
       "dag",
       formats_read_stg},
      {"dot",
       "DOT digraph with \"size\" attributes",
       {".dot", ".gv"},
       nullptr,
       FileModel::task_graph,
       "dag",
       formats_read_dot},
      {"wfcommons",
       "WfCommons WfFormat 1.5 workflow",
       {".json"},
       "workflow",
       FileModel::task_graph,
       "dag",
       formats_read_wfcommons},
      {"saga",
       "SAGA problem instance (Coleman & Krishnamachari's SAGA library)",
       {".json"},
       "task_graph",
       FileModel::task_graph,
       "dag",
       formats_read_saga},
      {"graph",
       "LoadLab inline task graph",
       {".json"},
       "tasks",
       FileModel::task_graph,
       "dag",
       formats_read_graph_json},
      {"metis",
       "METIS / Chaco graph",
       {".graph", ".metis"},
       nullptr,
       FileModel::mesh,
       "partition",
       nullptr,
       read_metis_graph},
      {"xyz",
       "Chaco coordinates of a mesh's vertices",
       {".xyz"},
       nullptr,
       FileModel::coordinates,
       "partition"},
      {"scenario", "LoadLab scenario", {".json"}, nullptr, FileModel::scenario, ""},
  };
  return table;
}

const FileFormat* find_file_format(std::string_view name) {
  for (const FileFormat& f : file_formats())
    if (name == f.name) return &f;
  return nullptr;
}

std::string file_extension(std::string_view path) {
  const auto slash = path.find_last_of("/\\");
  const std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const auto dot = base.find_last_of('.');
  std::string ext(dot == std::string_view::npos ? std::string_view() : base.substr(dot));
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

const FileFormat* format_by_extension(std::string_view path) {
  const std::string ext = file_extension(path);
  if (ext == ".json") return find_file_format("scenario");
  for (const FileFormat& f : file_formats())
    for (const char* e : f.extensions)
      if (ext == e) return &f;
  return nullptr;
}

const FileFormat& json_file_format(const Json& doc) {
  const FileFormat& scenario = *find_file_format("scenario");
  if (!doc.is_object() || doc.contains("loadlab") || doc.contains("kind")) return scenario;
  // A bare SAGA TaskGraph shares "tasks" with our inline graph; "dependencies" tells it apart.
  if (doc.contains("tasks") && doc.contains("dependencies")) return *find_file_format("saga");
  for (const FileFormat& f : file_formats())
    if (f.json_key && doc.contains(f.json_key)) return f;
  return scenario;
}

bool is_scenario_file(std::string_view path, const Json* doc) {
  const std::string ext = file_extension(path);
  if (ext != ".json") return !format_by_extension(path);  // a link, the editor: no file name
  return !doc || json_file_format(*doc).model == FileModel::scenario;
}

core::TaskGraph read_task_graph_file(const FileFormat& f, std::string_view text, double bandwidth,
                                     const Json* doc) {
  if (!f.read_graph)
    throw ScenarioError("", std::string("'") + f.name + "' files hold no task graph");
  return f.read_graph(text, bandwidth, doc);
}

core::Mesh read_mesh_file(const FileFormat& f, std::string_view text) {
  if (!f.read_mesh) throw ScenarioError("", std::string("'") + f.name + "' files hold no mesh");
  return f.read_mesh(text);
}

}  // namespace loadlab::io
