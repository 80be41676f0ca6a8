#include "app/shell/file_dialog.h"

#include <imgui.h>

#include <cstring>
#include <filesystem>
#include <optional>

#include "app/shell/app.h"
#include "app/shell/model_file_dialog.h"
#include "app/shell/platform.h"
#include "app/shell/ui.h"
#include "app/widgets/format.h"

namespace loadlab::app {

namespace {

struct FileDialogState {
  std::optional<FileDialogRequest> request;
  bool open_next_frame = false;
  std::string dir;
  char name[256] = {};
  std::string listed_dir;
  std::vector<FileDialogEntry> entries;
  std::string error;
  std::string confirm_replace;  // the path that exists, while asking
};

FileDialogState& file_dialog_state() {
  static FileDialogState s;
  return s;
}

std::string file_dialog_start_dir() {
  const std::string remembered = platform_load_setting("file_dialog_dir");
  if (file_dialog_is_dir(remembered)) return remembered;
  std::error_code ec;
  const std::string cwd = std::filesystem::current_path(ec).string();
  return ec ? std::string("/") : cwd;
}

void file_dialog_refresh(FileDialogState& s) {
  if (s.listed_dir == s.dir) return;
  s.listed_dir = s.dir;
  try {
    s.entries = file_dialog_list(s.dir, s.request->extensions);
    s.error.clear();
  } catch (const std::exception& e) {
    s.entries.clear();
    s.error = e.what();
  }
}

void file_dialog_finish(App& app, FileDialogState& s, const std::string& path) {
  platform_save_setting("file_dialog_dir", s.dir);
  const std::string message = s.request->on_chosen(path);
  set_status(app.state, message, message.rfind("Could", 0) == 0);
  s.request.reset();
  ImGui::CloseCurrentPopup();
}

const char* const kFileDialogPopup = "File###loadlab_file_dialog";

}  // namespace

void file_dialog_open(FileDialogRequest request) {
  auto& s = file_dialog_state();
  s.dir = file_dialog_start_dir();
  s.listed_dir.clear();
  std::snprintf(s.name, sizeof s.name, "%s", request.default_name.c_str());
  s.confirm_replace.clear();
  s.error.clear();
  s.request = std::move(request);
  s.open_next_frame = true;
}

bool file_dialog_visible() {
  return file_dialog_state().request.has_value();
}

void draw_file_dialog(App& app) {
  auto& s = file_dialog_state();
  if (!s.request) return;
  if (s.open_next_frame) {
    ImGui::OpenPopup(kFileDialogPopup);
    s.open_next_frame = false;
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize({vp->WorkSize.x * 0.5f, vp->WorkSize.y * 0.6f}, ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f},
      ImGuiCond_Appearing, {0.5f, 0.5f});
  bool keep = true;
  if (!ImGui::BeginPopupModal(kFileDialogPopup, &keep)) {
    if (!keep) s.request.reset();
    return;
  }
  const bool save = s.request->mode == FileDialogMode::save;
  ImGui::TextUnformatted(s.request->title.c_str());
  ImGui::Separator();
  if (ImGui::SmallButton("Up")) s.dir = file_dialog_parent(s.dir);
  ImGui::SameLine();
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", s.dir.c_str());
  ImGui::PopTextWrapPos();
  file_dialog_refresh(s);
  const float footer = ImGui::GetFrameHeightWithSpacing() * (s.confirm_replace.empty() ? 3 : 4);
  ImGui::BeginChild("##files", {0, -footer}, true);
  if (!s.error.empty()) ImGui::TextWrapped("%s", s.error.c_str());
  std::string enter_dir, pick_file;
  for (const auto& e : s.entries) {
    const std::string label = e.directory ? "[folder] " + e.name : e.name;
    const bool selected = !e.directory && e.name == s.name;
    if (ImGui::Selectable(label.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
      if (e.directory) {
        enter_dir = e.name;
      } else {
        std::snprintf(s.name, sizeof s.name, "%s", e.name.c_str());
        s.confirm_replace.clear();
        if (ImGui::IsMouseDoubleClicked(0)) pick_file = e.name;
      }
    }
    if (!e.directory) {
      ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::CalcTextSize("0,000,000 bytes").x);
      ImGui::TextDisabled("%s bytes", format_count(static_cast<long long>(e.bytes)).c_str());
    }
  }
  if (s.entries.empty() && s.error.empty()) ImGui::TextDisabled("(no matching files here)");
  ImGui::EndChild();
  if (!enter_dir.empty()) s.dir = file_dialog_join(s.dir, enter_dir);

  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 8);
  const bool enter =
      ImGui::InputText("File name", s.name, sizeof s.name, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemEdited()) s.confirm_replace.clear();
  const std::string problem = file_dialog_name_problem(s.name);
  if (!problem.empty() && s.name[0] != '\0') ImGui::TextDisabled("%s", problem.c_str());
  const std::string ext = s.request->extensions.empty() ? "" : s.request->extensions.front();
  const std::string path =
      file_dialog_join(s.dir, save ? file_dialog_with_extension(s.name, ext) : std::string(s.name));
  bool go = !pick_file.empty() || enter;
  if (!s.confirm_replace.empty()) {
    ImGui::TextColored({1.0f, 0.8f, 0.4f, 1.0f}, "%s exists. Replace it?",
                       std::filesystem::path(s.confirm_replace).filename().string().c_str());
    if (ImGui::Button("Replace")) {
      file_dialog_finish(app, s, s.confirm_replace);
      ImGui::EndPopup();
      return;
    }
    ImGui::SameLine();
    if (ImGui::Button("Keep it")) s.confirm_replace.clear();
  } else {
    ImGui::BeginDisabled(!problem.empty());
    go |= ImGui::Button(save ? "Save" : "Open");
    ImGui::EndDisabled();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) {
    s.request.reset();
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  if (go && problem.empty() && s.confirm_replace.empty()) {
    if (save && file_dialog_exists(path))
      s.confirm_replace = path;
    else if (!save && !file_dialog_exists(path))
      s.error = "Could not find " + path;
    else
      file_dialog_finish(app, s, path);
  }
  ImGui::EndPopup();
}

void save_file_as(App& app, const std::string& title, const std::string& name, std::string text) {
  if (std::strcmp(platform_name(), "desktop") != 0) {
    set_status(app.state, platform_export_file(name, text));  // the browser's download
    return;
  }
  const auto dot = name.rfind('.');
  FileDialogRequest r;
  r.mode = FileDialogMode::save;
  r.title = title;
  r.default_name = name;
  if (dot != std::string::npos) r.extensions = {name.substr(dot)};
  r.on_chosen = [text = std::move(text)](const std::string& path) {
    return platform_export_file(path, text);
  };
  file_dialog_open(std::move(r));
}

}  // namespace loadlab::app
