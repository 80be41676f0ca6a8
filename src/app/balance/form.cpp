// The "balance" kind's form: topology and size, load generator, seed, algorithms. The fields live
// in balance_state(app).form (model_form.h turns them into scenario JSON and back).
#include <imgui.h>

#include <algorithm>

#include "app/balance/module.h"
#include "app/shell/live_update.h"
#include "app/shell/theme.h"
#include "app/shell/ui.h"
#include "app/widgets/algorithm_picker.h"
#include "app/widgets/input_text.h"
#include "core/balance/registry.h"
#include "io/scenario.h"

namespace loadlab::app {

void draw_balance_form(App& app) {
  ScenarioForm& f = balance_state(app).form;
  bool changed = false;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 6);
  changed |= ImGui::Combo("Topology", &f.topology, kTopologies, IM_ARRAYSIZE(kTopologies));
  switch (f.topology) {
    case 0:
      changed |= input_text("Parents", f.tree_parents);
      break;
    case 1:
      changed |= ImGui::SliderInt("Dimension", &f.dim, 0, 21);
      break;
    case 2:
    case 3:
      changed |= ImGui::SliderInt("Rows", &f.rows, f.topology == 3 ? 3 : 1, 1448, "%d",
                                  ImGuiSliderFlags_Logarithmic);
      changed |= ImGui::SliderInt("Cols", &f.cols, f.topology == 3 ? 3 : 1, 1448, "%d",
                                  ImGuiSliderFlags_Logarithmic);
      break;
    case 7:
      changed |= ImGui::SliderInt("k", &f.k, 1, 6);
      changed |= ImGui::SliderInt("Depth", &f.depth, 0, 8);
      break;
    default:
      changed |= ImGui::SliderInt("Nodes", &f.nodes, 3, 4096);
      break;
  }
  ImGui::Separator();
  changed |= ImGui::Combo("Loads", &f.load_mode, kLoadModes, IM_ARRAYSIZE(kLoadModes));
  if (f.load_mode == 0)
    changed |= input_text("Per node", f.explicit_loads);
  else
    changed |= ImGui::SliderInt("Mean", &f.mean, 0, 1000);
  changed |= ImGui::InputInt("Seed", &f.seed);
  f.seed = std::max(f.seed, 0);
  ImGui::PopItemWidth();

  ImGui::Separator();
  ImGui::TextUnformatted("Algorithms");
  // What the last edit changed to keep the scenario valid, where the ticks are (not only in the
  // status line): "unchecked cwa: needs a hypercube; ticked mwa, the algorithm written for a mesh".
  if (!app.link.run_note.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(theme_colour(current_palette().text_warning), "Changed: %s",
                       app.link.run_note.c_str());
    ImGui::PopTextWrapPos();
  }
  const auto algs = io::algorithm_names_of("balance");
  if (algs.empty()) ImGui::TextDisabled("(none available in this build yet)");
  // An algorithm the topology does not support is greyed out with the core table's reason.
  const std::vector<std::string> why = f.unavailable_reasons(algs);
  for (std::size_t i = 0; i < algs.size() && i < 64; ++i) {
    const bool unavailable = !why[i].empty();
    ImGui::BeginDisabled(unavailable);
    bool on = f.algorithm_checked[i] && !unavailable;
    if (ImGui::Checkbox(algs[i].c_str(), &on)) {
      f.algorithm_checked[i] = on;
      changed = true;
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      if (unavailable)
        ImGui::SetTooltip("%s", why[i].c_str());
      else
        algorithm_tooltip("balance", algs[i]);  // idea, paper, complexity
    }
    if (i % 3 != 2 && i + 1 < algs.size()) ImGui::SameLine();
  }
  if (changed) {
    // Keep the scenario valid: loads follow the node count, unsupported algorithms are
    // unchecked; the notes say so in the status line.
    const std::vector<std::string> notes = f.make_consistent(algs);
    try {
      const io::Json fields = f.to_json(algs);
      // The form owns these keys; name, description, params and ui of the scenario stay.
      const io::Json& base = app_edit_base(app);
      io::Json doc =
          base.is_object() && base.value("kind", "") == "balance" ? base : io::Json::object();
      for (const char* key : {"loadlab", "kind", "seed", "topology", "loads", "algorithms"})
        doc[key] = fields[key];
      // Parsed on the worker (a 2^20-node network takes a moment), then run: the views never
      // show the previous scenario's results for the new network.
      live_apply(app, doc, notes);
    } catch (const io::ScenarioError& e) {
      set_status(app.state, e.what(), true);
    }
  }
}

}  // namespace loadlab::app
