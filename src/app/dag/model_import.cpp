#include "app/dag/model_import.h"

#include <memory>
#include <optional>

#include "io/dag_formats/dag_formats.h"
#include "io/formats.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

std::string dag_import_base_name(const std::string& name) {
  const auto slash = name.find_last_of("/\\");
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

io::Json dag_import_wrap(const core::TaskGraph& g, const std::string& filename) {
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

// The task graph in a graph file, or null when the file is a scenario or of no known format.
std::shared_ptr<const core::TaskGraph> dag_import_read_graph(const std::string& filename,
                                                             const std::string& text,
                                                             const io::Json* parsed) {
  const std::string where = dag_import_base_name(filename);
  try {
    const io::FileFormat* format = io::format_by_extension(filename);
    if (!format) return nullptr;
    std::optional<io::Json> own;  // the text parsed here when the opener has not parsed it
    if (format->model == io::FileModel::scenario) {
      // One .json extension for several formats: told apart by their top-level keys.
      if (!parsed)
        parsed = &own.emplace(io::parse_json_text(text, io::ScenarioLimits::max_document_bytes));
      format = &io::json_file_format(*parsed);
    }
    if (format->model != io::FileModel::task_graph) return nullptr;
    return std::make_shared<const core::TaskGraph>(
        io::read_task_graph_file(*format, text, kImportBandwidth, parsed));
  } catch (const io::ScenarioError& e) {
    throw io::ScenarioError(e.pointer(), where + ": " + e.reason());
  } catch (const std::exception& e) {
    // DagFormatError (with its line number) and core::GraphError (e.g. a cycle).
    throw io::ScenarioError("", where + ": " + e.what());
  }
}

}  // namespace

std::optional<io::Json> wrap_graph_file_as_scenario(const std::string& filename,
                                                    const std::string& text,
                                                    const io::Json* parsed) {
  const auto g = dag_import_read_graph(filename, text, parsed);
  if (!g) return std::nullopt;
  return dag_import_wrap(*g, filename);
}

io::ScenarioPtr open_graph_file_as_scenario(const std::string& filename, const std::string& text,
                                            const io::Json* parsed, const io::RunContext& ctx) {
  auto g = dag_import_read_graph(filename, text, parsed);
  if (!g) return nullptr;
  io::RunContext with_graph = ctx;
  with_graph.imported_graph = g;  // the kind takes this graph instead of reading it back
  return io::parse_scenario(dag_import_wrap(*g, filename), with_graph);
}

}  // namespace loadlab::app
