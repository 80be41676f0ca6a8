// The "from file" load generator of the balance and dynamic forms: a button that reads a load
// vector (tasks per node) from a CSV, text or JSON file the user picks (io/load_file.h has the
// format and its limits): the browser's file input, the desktop's Open dialog
// (shell/file_dialog.h). The file's text arrives a frame or more later through load_file_deliver.
#pragma once

#include <string>

#include "app/shell/app.h"

namespace loadlab::app {

struct App;

// load_file_button itself is declared in shell/app.h, where the kinds' forms find it.

/// A picked file's text for the current kind's button (web: loadlab_load_file; desktop: the
/// Open dialog; tests: window.loadlab.loadFile).
void load_file_deliver(const std::string& kind, std::string text, std::string name);

}  // namespace loadlab::app
