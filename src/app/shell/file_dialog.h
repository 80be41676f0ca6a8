// The desktop's Save and Open dialogs: an ImGui popup of our own (shell/model_file_dialog.h lists
// the folder): the folder's files and subfolders, a name field, a confirmation before a file is
// replaced, and the last folder used remembered (platform setting "file_dialog_dir"). The browser
// has its own: downloads and the file picker.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace loadlab::app {

struct App;

enum class FileDialogMode { save, open };

struct FileDialogRequest {
  FileDialogMode mode = FileDialogMode::save;
  std::string title;                    ///< e.g. "Export results as CSV"
  std::string default_name;             ///< save: the name field's first text
  std::vector<std::string> extensions;  ///< with the dot; the first is added to a bare name
  /// Called with the chosen path; returns the status line's message (an error starts "Could").
  std::function<std::string(const std::string& path)> on_chosen;
};

/// Opens the dialog (replacing one still open).
void file_dialog_open(FileDialogRequest request);
/// Draws it when open; to be called once per frame.
void draw_file_dialog(App& app);
/// The dialog is open (the test hook and the shortcuts).
bool file_dialog_visible();

/// Desktop: asks where to save `text` (suggesting `name`) and writes it there; web: a download.
void save_file_as(App& app, const std::string& title, const std::string& name, std::string text);

}  // namespace loadlab::app
