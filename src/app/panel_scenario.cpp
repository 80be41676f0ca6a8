// The scenario panel: topology and size, load generator, seed, algorithm picker, Run/Cancel.
#include <imgui.h>

#include <algorithm>

#include "app/platform.h"
#include "app/ui.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

std::vector<std::string> algorithms_of(const std::string& kind) {
  return io::algorithm_names_of(kind);
}

bool input_text(const char* label, std::string& value, bool multiline = false) {
  char buf[8192];
  std::snprintf(buf, sizeof buf, "%s", value.c_str());
  const bool changed = multiline
                           ? ImGui::InputTextMultiline(label, buf, sizeof buf, {-1, ImGui::GetTextLineHeight() * 4})
                           : ImGui::InputText(label, buf, sizeof buf);
  if (changed) value = buf;
  return changed;
}

void draw_balance_form(App& app) {
  ScenarioForm& f = app.form;
  bool changed = false;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 6);
  changed |= ImGui::Combo("Topology", &f.topology, kTopologies, IM_ARRAYSIZE(kTopologies));
  switch (f.topology) {
    case 0: changed |= input_text("Parents", f.tree_parents); break;
    case 1: changed |= ImGui::SliderInt("Dimension", &f.dim, 0, 12); break;
    case 2:
    case 3:
      changed |= ImGui::SliderInt("Rows", &f.rows, f.topology == 3 ? 3 : 1, 128);
      changed |= ImGui::SliderInt("Cols", &f.cols, f.topology == 3 ? 3 : 1, 128);
      break;
    case 7:
      changed |= ImGui::SliderInt("k", &f.k, 1, 6);
      changed |= ImGui::SliderInt("Depth", &f.depth, 0, 8);
      break;
    default: changed |= ImGui::SliderInt("Nodes", &f.nodes, 3, 4096); break;
  }
  ImGui::Separator();
  changed |= ImGui::Combo("Loads", &f.load_mode, kLoadModes, IM_ARRAYSIZE(kLoadModes));
  if (f.load_mode == 0) changed |= input_text("Per node", f.explicit_loads);
  else changed |= ImGui::SliderInt("Mean", &f.mean, 0, 1000);
  changed |= ImGui::InputInt("Seed", &f.seed);
  f.seed = std::max(f.seed, 0);
  ImGui::PopItemWidth();

  ImGui::Separator();
  ImGui::TextUnformatted("Algorithms");
  const auto algs = algorithms_of("balance");
  if (algs.empty()) ImGui::TextDisabled("(none available in this build yet)");
  for (std::size_t i = 0; i < algs.size() && i < 64; ++i) {
    changed |= ImGui::Checkbox(algs[i].c_str(), &f.algorithm_checked[i]);
    if (i % 3 != 2 && i + 1 < algs.size()) ImGui::SameLine();
  }
  if (changed) {
    try {
      io::Json doc = f.to_json(algs);
      if (auto err = set_scenario(app.state, doc)) set_status(app.state, *err, true);
      else {
        app.json_editor = app.state.scenario.dump(2);
        set_status(app.state, "Scenario updated");
      }
    } catch (const io::ScenarioError& e) {
      set_status(app.state, e.what(), true);
    }
  }
}

}  // namespace

void draw_scenario_panel(App& app) {
  const float s = app.ui_scale;
  ImGui::Text("Kind: %s", app.state.kind.c_str());
  if (app.state.scenario.contains("name"))
    ImGui::TextWrapped("%s", app.state.scenario["name"].get<std::string>().c_str());
  ImGui::Separator();
  if (app.state.kind == "balance") draw_balance_form(app);
  else if (app.state.kind == "dlt") draw_dlt_form(app);
  else if (app.state.kind == "loop") draw_loop_form(app);
  else if (app.state.kind == "dag") draw_dag_form(app);

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
