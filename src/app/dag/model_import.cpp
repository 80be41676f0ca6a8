#include "app/dag/model_import.h"

#include <algorithm>
#include <cctype>

#include "io/dag_formats/dag_formats.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

std::string lower_extension(const std::string& name) {
  const auto slash = name.find_last_of("/\\");
  const std::string base = slash == std::string::npos ? name : name.substr(slash + 1);
  const auto dot = base.find_last_of('.');
  std::string ext = dot == std::string::npos ? "" : base.substr(dot);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

std::string dag_import_base_name(const std::string& name) {
  const auto slash = name.find_last_of("/\\");
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

io::Json wrap(const core::TaskGraph& g, const std::string& filename) {
  io::Json algs = {"flb", "etf", "mcp", "dsc_llb", "heft"};
  if (g.size() <= 20) algs.push_back("optimal");
  return {{"loadlab", io::kScenarioVersion},
          {"kind", "dag"},
          {"name", "Imported " + dag_import_base_name(filename) + " (" + std::to_string(g.size()) +
                       " tasks)"},
          {"processors", 4},
          {"graph", io::graph_to_json(g)},
          {"algorithms", algs}};
}

}  // namespace

std::optional<io::Json> wrap_graph_file_as_scenario(const std::string& filename,
                                                    const std::string& text) {
  const std::string ext = lower_extension(filename);
  const std::string where = dag_import_base_name(filename);
  try {
    if (ext == ".stg") return wrap(io::read_stg(text), filename);
    if (ext == ".dot" || ext == ".gv") return wrap(io::read_dot(text), filename);
    if (ext != ".json") return std::nullopt;
    // JSON: a scenario (has "kind") is left to the scenario import; WfCommons has "workflow";
    // a bare inline graph has "tasks".
    const io::Json doc = io::parse_json_text(text, io::ScenarioLimits::max_document_bytes);
    if (!doc.is_object() || doc.contains("kind") || doc.contains("loadlab")) return std::nullopt;
    if (doc.contains("workflow")) return wrap(io::read_wfcommons(text, kImportBandwidth), filename);
    if (doc.contains("tasks")) return wrap(io::read_graph_json(io::JsonReader(doc, "")), filename);
    return std::nullopt;
  } catch (const io::ScenarioError& e) {
    throw io::ScenarioError(e.pointer(), where + ": " + e.reason());
  } catch (const std::exception& e) {
    // DagFormatError (with its line number) and core::GraphError (e.g. a cycle).
    throw io::ScenarioError("", where + ": " + e.what());
  }
}

}  // namespace loadlab::app
