// The "balance" kind's form: topology and size, load generator, seed, algorithms. The fields live in
// App::balance.form (model_form.h turns them into scenario JSON and back).
#include <imgui.h>

#include <algorithm>

#include "app/shell/ui.h"
#include "app/widgets/input_text.h"
#include "io/scenario.h"

namespace loadlab::app {

void draw_balance_form(App& app) {
  ScenarioForm& f = app.balance.form;
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
  const auto algs = io::algorithm_names_of("balance");
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

}  // namespace loadlab::app
