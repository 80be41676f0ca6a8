// Importing a raw task-graph file (.stg, .dot / .gv, WfCommons or our inline-graph .json) into the
// playground: the graph is read with the io readers and embedded inline in a new "dag" scenario,
// so it also works in the browser (no file paths) and travels in share links.
#pragma once

#include <optional>
#include <string>

#include "io/json_reader.h"
#include "io/kind.h"
#include "io/scenario.h"

namespace loadlab::app {

/// Bandwidth (bytes per second) used to turn WfCommons file sizes into communication costs.
inline constexpr double kImportBandwidth = 1e8;

/// If `filename`/`text` is a task-graph file rather than a scenario (io/formats.h), returns a dag
/// scenario holding the graph inline (processors 4; flb, etf, mcp, dsc_llb, heft, plus optimal
/// for tiny graphs). Returns nullopt for a scenario document or an unknown extension (import it
/// as a scenario). `parsed`: the text already parsed as JSON (the opener parses a .json once),
/// or null. Throws io::ScenarioError (naming the file, line or field) for a broken graph file.
std::optional<io::Json> wrap_graph_file_as_scenario(const std::string& filename,
                                                    const std::string& text,
                                                    const io::Json* parsed = nullptr);

/// The same scenario parsed (io::parse_scenario with `ctx`), the graph read from the file handed
/// to it (io::RunContext::imported_graph) so that it is not read again from the scenario's inline
/// copy: one parse per import. Null where wrap_graph_file_as_scenario returns nullopt; throws the
/// same errors, and io::ScenarioError for a scenario io refuses (naming the field).
io::ScenarioPtr open_graph_file_as_scenario(const std::string& filename, const std::string& text,
                                            const io::Json* parsed, const io::RunContext& ctx);

}  // namespace loadlab::app
