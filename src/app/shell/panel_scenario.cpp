// The scenario panel: the kind's form (shell/kinds.h), Run/Cancel with progress, the JSON editor.
#include <imgui.h>

#include <algorithm>

#include "app/shell/kinds.h"
#include "app/shell/platform.h"
#include "app/widgets/input_text.h"
#include "app/shell/ui.h"
#include "io/scenario.h"

namespace loadlab::app {

void draw_scenario_panel(App& app) {
  const float s = app.ui_scale;
  ImGui::Text("Kind: %s", app.state.kind.c_str());
  if (app.state.scenario.contains("name"))
    ImGui::TextWrapped("%s", app.state.scenario["name"].get<std::string>().c_str());
  ImGui::Separator();
  if (const UiKind* kind = find_ui_kind(app.state.kind)) kind->draw_form(app);

  ImGui::Separator();
  if (app.jobs.busy()) {
    ImGui::ProgressBar(static_cast<float>(app.jobs.progress()), {-1, 0});
    if (ImGui::Button("Cancel", {-1, 0})) app.jobs.cancel();
  } else if (ImGui::Button("Run", {-1, 28 * s})) {
    app_run(app);
  }

  ImGui::Separator();
  if (ImGui::CollapsingHeader("Scenario JSON")) {
    input_text("##json", app.json_editor, true);
    if (ImGui::Button("Apply JSON")) app_import_text(app, app.json_editor, "the JSON editor");
  }
}

}  // namespace loadlab::app
