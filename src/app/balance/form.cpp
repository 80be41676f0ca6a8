// The "balance" kind's form: topology and size, load generator, seed, algorithms. The fields live
// in balance_state(app).form (model_form.h turns them into scenario JSON and back).
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <string>
#include <vector>

#include "app/balance/module.h"
#include "app/shell/app.h"
#include "app/widgets/algorithm_picker.h"
#include "app/widgets/input_text.h"
#include "app/widgets/number_field.h"
#include "core/balance/registry.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

// Lists longer than this are edited as a table (node, load) instead of one long line.
constexpr std::size_t kBalanceLoadsInline = 64;

// What the form last did to the loads on its own (e.g. a list too long for the node count became
// a generator): shown under the Loads field until the user picks the loads again.
std::string g_balance_loads_note;
bool g_balance_loads_table_open = false;

bool balance_parse_loads(const std::string& text, std::vector<long long>& out) {
  out.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t' || text[i] == '\n') {
      ++i;
      continue;
    }
    std::size_t used = 0;
    try {
      out.push_back(std::stoll(text.substr(i, 24), &used));
    } catch (const std::exception&) {
      return false;
    }
    i += used;
  }
  return true;
}

// The explicit loads: one line when short; a summary and "Edit as table" when long.
bool balance_loads_field(std::string& text) {
  std::vector<long long> v;
  if (!balance_parse_loads(text, v) || v.size() <= kBalanceLoadsInline)
    return input_text("Per node", text);
  long long sum = 0, hi = 0;
  for (long long x : v) sum += x, hi = std::max(hi, x);
  ImGui::Text("%zu loads, total %lld, max %lld", v.size(), sum, hi);
  ImGui::SameLine();
  if (ImGui::SmallButton(g_balance_loads_table_open ? "Hide table" : "Edit as table"))
    g_balance_loads_table_open = !g_balance_loads_table_open;
  if (!g_balance_loads_table_open) return false;
  bool changed = false;
  const ImGuiTableFlags flags =
      ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_RowBg;
  if (ImGui::BeginTable("loads_table", 2, flags, {0, ImGui::GetFrameHeightWithSpacing() * 10})) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("node", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
    ImGui::TableSetupColumn("load");
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(v.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::Text("%d", i);
        ImGui::TableSetColumnIndex(1);
        ImGui::PushID(i);
        ImGui::SetNextItemWidth(-FLT_MIN);
        long long x = v[static_cast<std::size_t>(i)];
        if (ImGui::InputScalar("##load", ImGuiDataType_S64, &x) && x >= 0) {
          v[static_cast<std::size_t>(i)] = x;
          changed = true;
        }
        ImGui::PopID();
      }
    ImGui::EndTable();
  }
  if (changed) {
    std::string joined;
    for (long long x : v) joined += (joined.empty() ? "" : " ") + std::to_string(x);
    text = joined;
  }
  return changed;
}

}  // namespace

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
      changed |= slider_int("Dimension", &f.dim, 0, 21);
      break;
    case 2:
    case 3:
      changed |= slider_int("Rows", &f.rows, f.topology == 3 ? 3 : 1, 1448, "%d",
                            ImGuiSliderFlags_Logarithmic);
      changed |= slider_int("Cols", &f.cols, f.topology == 3 ? 3 : 1, 1448, "%d",
                            ImGuiSliderFlags_Logarithmic);
      break;
    case 7:
      changed |= slider_int("k", &f.k, 1, 6);
      changed |= slider_int("Depth", &f.depth, 0, 8);
      break;
    default:
      changed |= slider_int("Nodes", &f.nodes, 3, 4096);
      break;
  }
  ImGui::Separator();
  if (ImGui::Combo("Loads", &f.load_mode, kLoadModes, IM_ARRAYSIZE(kLoadModes))) {
    changed = true;
    g_balance_loads_note.clear();  // the user chose: no longer the form's doing
  }
  if (!g_balance_loads_note.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.8f, 0.4f, 1.0f));
    ImGui::TextWrapped("%s", g_balance_loads_note.c_str());
    ImGui::PopStyleColor();
  }
  {  // the "from file" generator: the file's loads become the explicit list
    core::LoadVector from_file;
    if (load_file_button(app, "/loads", static_cast<int>(f.node_count()), from_file)) {
      std::string text;
      for (const auto x : from_file) text += (text.empty() ? "" : " ") + std::to_string(x);
      f.load_mode = 0;
      f.explicit_loads = std::move(text);
      g_balance_loads_note.clear();
      changed = true;
    }
  }
  if (f.load_mode == 0)
    changed |= balance_loads_field(f.explicit_loads);
  else
    changed |= slider_int("Mean", &f.mean, 0, 1000);
  changed |= ImGui::InputInt("Seed", &f.seed);
  f.seed = std::max(f.seed, 0);
  ImGui::PopItemWidth();

  ImGui::Separator();
  ImGui::TextUnformatted("Algorithms");
  // What the last edit changed to keep the scenario valid, where the ticks are (not only in the
  // status line): "unchecked cwa: needs a hypercube; ticked mwa, the algorithm written for a mesh".
  if (!app.link.run_note.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(app_theme_colour(&Palette::text_warning), "Changed: %s",
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
    if (i % 3 != 2 && i + 1 < algs.size()) same_line_if_fits(checkbox_width(algs[i + 1].c_str()));
  }
  if (changed) {
    // Keep the scenario valid: loads follow the node count, unsupported algorithms are
    // unchecked; the notes say so in the status line.
    const std::vector<std::string> notes = f.make_consistent(algs);
    for (const auto& n : notes)
      if (n.rfind("loads", 0) == 0) g_balance_loads_note = "The form changed the loads: " + n;
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
