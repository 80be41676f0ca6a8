// The files LoadLab reads besides scenario documents, in one table: how a file is recognised (its
// extension; a .json by its top-level keys), which reader reads it and which scenario kind it
// opens as. `loadlab convert` and the playground's File > Import both choose through it, so a new
// format is one row here and its reader.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/dag/task_graph.h"
#include "core/partition/mesh.h"
#include "io/json_reader.h"

namespace loadlab::io {

/// What a file of the format holds once read.
enum class FileModel {
  task_graph,   ///< core::TaskGraph (read_task_graph_file)
  mesh,         ///< core::Mesh (read_mesh_file)
  coordinates,  ///< vertex coordinates for a mesh read before (read_xyz_coordinates)
  scenario,     ///< a scenario document (parse_scenario)
};

struct FileFormat {
  const char* name;                     ///< "stg", ...: `loadlab convert --from/--to` (a contract)
  const char* title;                    ///< for help texts
  std::vector<const char*> extensions;  ///< lower case, with the dot
  /// For a .json format: the top-level key that tells it apart (a document with "loadlab" or
  /// "kind" is always a scenario); nullptr for formats that are not JSON.
  const char* json_key;
  FileModel model;
  const char* kind;  ///< the scenario kind a file of it opens as ("dag", "partition"; "" = its own)
  /// The reader (model task_graph): `doc` is the text already parsed for a JSON format, or null;
  /// `bandwidth` (bytes per second) turns WfCommons file sizes into communication costs.
  core::TaskGraph (*read_graph)(std::string_view text, double bandwidth, const Json* doc) = nullptr;
  /// The reader (model mesh).
  core::Mesh (*read_mesh)(std::string_view text) = nullptr;
};

/// Every format: stg, dot, wfcommons, saga, graph, metis, xyz, scenario.
const std::vector<FileFormat>& file_formats();
/// The format named `name` (FileFormat::name), or nullptr.
const FileFormat* find_file_format(std::string_view name);
/// The lower-case extension of the file name at the end of `path` (".graph"), or "".
std::string file_extension(std::string_view path);
/// The format a file's name says, or nullptr for an unknown extension. Every .json format shares
/// the extension: for ".json" this is the scenario format until json_file_format has looked in.
const FileFormat* format_by_extension(std::string_view path);
/// A parsed .json file's format, by its top-level keys: a scenario when it has "loadlab" or "kind"
/// (or is no object), else the first JSON format whose key it has, else a scenario (whose parser
/// then names what is missing).
const FileFormat& json_file_format(const Json& doc);
/// Whether a file named `path` whose text parses to `doc` (when it is JSON) is a scenario
/// document: a .json (or an unnamed text, such as a link) that json_file_format calls one.
bool is_scenario_file(std::string_view path, const Json* doc);

/// Reads a task-graph file of format `f` (FileFormat::read_graph; ScenarioError for a format of
/// another model). Throws DagFormatError, ScenarioError or core::GraphError as the reader does.
core::TaskGraph read_task_graph_file(const FileFormat& f, std::string_view text, double bandwidth,
                                     const Json* doc = nullptr);
/// Reads a mesh file of format `f` (FileFormat::read_mesh). Throws std::invalid_argument naming
/// the line.
core::Mesh read_mesh_file(const FileFormat& f, std::string_view text);

}  // namespace loadlab::io
