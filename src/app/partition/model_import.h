// Importing a METIS/Chaco mesh graph (.graph, the Walshaw partitioning archive's format) into the
// playground: the graph is read with io::read_metis_graph and embedded inline in a new "partition"
// scenario, so it works in the browser (no file paths) and travels in share links.
#pragma once

#include <optional>
#include <string>

#include "io/json_reader.h"

namespace loadlab::app {

/// If `filename` ends in .graph, returns a partition scenario holding the graph inline (P = 8; the
/// methods that need no coordinates: orb_e, ggp, sa, cm, plus metis where built). Returns nullopt for
/// other extensions. Throws io::ScenarioError naming the file and line for a broken graph.
std::optional<io::Json> wrap_mesh_file_as_scenario(const std::string& filename, const std::string& text);

}  // namespace loadlab::app
