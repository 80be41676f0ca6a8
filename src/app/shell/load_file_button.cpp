#include "app/shell/load_file_button.h"

#include <imgui.h>

#include <cstring>
#include <filesystem>
#include <optional>

#include "app/shell/app.h"
#include "app/shell/file_dialog.h"
#include "app/shell/platform.h"
#include "app/shell/ui.h"
#include "io/json_reader.h"
#include "io/load_file.h"

namespace loadlab::app {

namespace {

struct PickedLoadFile {
  std::string kind, text, name;
};

struct LoadFileButtonState {
  std::optional<PickedLoadFile> picked;
  std::string error;       // the last file's problem, shown under the button
  std::string error_kind;  // ... of this kind's form
};

LoadFileButtonState& load_file_button_state() {
  static LoadFileButtonState s;
  return s;
}

}  // namespace

void load_file_deliver(const std::string& kind, std::string text, std::string name) {
  load_file_button_state().picked = PickedLoadFile{kind, std::move(text), std::move(name)};
}

bool load_file_button(App& app, const std::string& field, int nodes, core::LoadVector& out) {
  auto& s = load_file_button_state();
  const std::string kind = app.state.kind;
  if (ImGui::SmallButton("Loads from file...")) {
    if (!platform_request_load_file()) {
      FileDialogRequest r;
      r.mode = FileDialogMode::open;
      r.title = "Loads from a file (.csv, .txt, .json)";
      r.extensions = {".csv", ".txt", ".tsv", ".json"};
      r.on_chosen = [kind](const std::string& path) -> std::string {
        try {
          load_file_deliver(kind, platform_read_file(path),
                            std::filesystem::path(path).filename().string());
          return "Reading loads from " + path;
        } catch (const std::exception& e) {
          return std::string("Could not read loads: ") + e.what();
        }
      };
      file_dialog_open(std::move(r));
    }
  }
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextUnformatted(
        "Tasks per node from a file: CSV or text (one count per cell or line; a header such as "
        "\"node,load\" picks the load column) or JSON (a list, or a scenario's loads). One "
        "count per node, whole numbers from 0 to 1,000,000,000.");
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  if (s.error_kind == kind && !s.error.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored({1.0f, 0.45f, 0.45f, 1.0f}, "%s", s.error.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!s.picked || s.picked->kind != kind) return false;
  const PickedLoadFile picked = std::move(*s.picked);
  s.picked.reset();
  s.error_kind = kind;
  try {
    core::LoadVector loads = io::parse_load_file(picked.text, picked.name, field);
    if (static_cast<long long>(loads.size()) != nodes)
      throw io::ScenarioError(field, picked.name + " has " + std::to_string(loads.size()) +
                                         " loads; the topology has " + std::to_string(nodes) +
                                         " nodes (one load per node)");
    s.error.clear();
    out = std::move(loads);
    set_status(app.state,
               "Loads read from " + picked.name + " (" + std::to_string(out.size()) + " nodes)");
    return true;
  } catch (const io::ScenarioError& e) {
    s.error = e.what();
    set_status(app.state, e.what(), true);
    return false;
  }
}

}  // namespace loadlab::app
