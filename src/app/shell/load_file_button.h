// The "from file" load generator of the balance and dynamic forms: a button that reads a load
// vector (tasks per node) from a CSV, text or JSON file the user picks (io/load_file.h has the
// format and its limits): the browser's file input, the desktop's Open dialog
// (shell/file_dialog.h). The file's text arrives a frame or more later through load_file_deliver.
#pragma once

#include <string>

#include "core/model/loads.h"

namespace loadlab::app {

struct App;

/// Draws "Loads from file..." (with the format in its tooltip). Returns true in the frame a
/// picked file has been read: `out` then holds its loads, checked against `nodes` (the count must
/// match: a file for another network is refused). On any problem returns false and puts the
/// reason, naming `field` and the line, in the status line and under the button.
bool load_file_button(App& app, const std::string& field, int nodes, core::LoadVector& out);

/// A picked file's text for the current kind's button (web: loadlab_load_file; desktop: the
/// Open dialog; tests: window.loadlab.loadFile).
void load_file_deliver(const std::string& kind, std::string text, std::string name);

}  // namespace loadlab::app
