// Importing a METIS/Chaco mesh graph (.graph, the Walshaw partitioning archive's format) into the
// playground: the graph is read with io::read_metis_graph and embedded inline in a new "partition"
// scenario, so it works in the browser (no file paths) and travels in share links. A Chaco
// coordinates file (.xyz) imported next attaches its coordinates to that graph (one file at a
// time: import the .graph, then its .xyz).
#pragma once

#include <optional>
#include <string>

#include "io/json_reader.h"

namespace loadlab::app {

/// If `filename` names a mesh file (io/formats.h: .graph, .metis), returns a partition scenario
/// holding the graph inline (P = 8; multilevel, orb_e, ggp, sa, cm, plus metis where built).
/// Returns nullopt for other files. Throws io::ScenarioError naming the file and line for a broken
/// graph. (A FileImporter: the third argument, the text parsed as JSON, plays no part.)
std::optional<io::Json> wrap_mesh_file_as_scenario(const std::string& filename,
                                                   const std::string& text,
                                                   const io::Json* parsed = nullptr);

/// True if `filename` names a coordinates file (io/formats.h: .xyz, any case) for the current
/// mesh.
bool is_coordinates_file(const std::string& filename);

/// `current` (a partition scenario whose mesh is inline, e.g. an imported .graph) with the
/// coordinates of the .xyz `text` inline and the geometric methods strips_pxq, orb_i and orb_kl
/// added. Throws io::ScenarioError naming the file (and the line) if `current` has no inline
/// mesh, a line is not 2 or 3 finite numbers, or the file has more or fewer lines than vertices.
io::Json attach_coordinates_file(const io::Json& current, const std::string& filename,
                                 const std::string& text);

}  // namespace loadlab::app
