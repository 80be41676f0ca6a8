#include "app/dag/model_import.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/dag_formats/dag_formats.h"
#include "io/dag_formats/saga.h"
#include "io/formats.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

std::string dag_import_base_name(const std::string& name) {
  const auto slash = name.find_last_of("/\\");
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

// A SAGA file's network: its nodes become the processors, under the file's node names.
struct DagImportNetwork {
  core::Machine machine;
  std::vector<std::string> names;
};

// `network`: a SAGA file's network, or null.
io::Json dag_import_wrap(const core::TaskGraph& g, const std::string& filename,
                         const DagImportNetwork* network = nullptr) {
  const core::Machine* machine = network ? &network->machine : nullptr;
  const io::Json mj =
      network ? io::machine_scenario_json(network->machine, network->names) : io::Json::object();
  io::Json algs = mj.empty() ? io::Json{"flb", "etf", "mcp", "dsc_llb", "heft"}
                             : io::Json{"heft", "cpop", "peft", "mct", "fastest_node"};
  if (g.size() <= 20) algs.push_back("optimal");
  io::Json sc = {{"loadlab", io::kScenarioVersion},
                 {"kind", "dag"},
                 {"name", "Imported " + dag_import_base_name(filename) + " (" +
                              std::to_string(g.size()) + " tasks)"},
                 {"processors", machine ? machine->processors : 4},
                 {"graph", io::graph_to_json(g)},
                 {"algorithms", algs}};
  if (!mj.empty()) sc["machine"] = mj;
  return sc;
}

// The task graph in a graph file, or null when the file is a scenario or of no known format.
// A SAGA file's network goes to `network` (when given), which stays null otherwise.
std::shared_ptr<const core::TaskGraph> dag_import_read_graph(
    const std::string& filename, const std::string& text, const io::Json* parsed,
    std::optional<DagImportNetwork>* network = nullptr) {
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
    if (network && std::string(format->name) == "saga") {
      io::SagaInstance inst = parsed ? io::read_saga_json(*parsed) : io::read_saga(text);
      if (inst.has_network)
        *network = DagImportNetwork{std::move(inst.machine), std::move(inst.node_names)};
      return std::make_shared<const core::TaskGraph>(std::move(inst.graph));
    }
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
  std::optional<DagImportNetwork> network;
  const auto g = dag_import_read_graph(filename, text, parsed, &network);
  if (!g) return std::nullopt;
  return dag_import_wrap(*g, filename, network ? &*network : nullptr);
}

io::ScenarioPtr open_graph_file_as_scenario(const std::string& filename, const std::string& text,
                                            const io::Json* parsed, const io::RunContext& ctx) {
  std::optional<DagImportNetwork> network;
  auto g = dag_import_read_graph(filename, text, parsed, &network);
  if (!g) return nullptr;
  io::RunContext with_graph = ctx;
  with_graph.imported_graph = g;  // the kind takes this graph instead of reading it back
  return io::parse_scenario(dag_import_wrap(*g, filename, network ? &*network : nullptr),
                            with_graph);
}

}  // namespace loadlab::app
