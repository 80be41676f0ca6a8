// Results side by side (one row per algorithm, one column per metric), the JSON view used for
// scenario kinds without a dedicated view, and the status line.
#include <imgui.h>

#include <set>

#include "app/balance/view_experiments.h"
#include "app/shell/platform.h"
#include "app/shell/ui.h"

namespace loadlab::app {

namespace {

// Scalars worth a column: top-level numbers/bools of a result and everything in its "metrics".
std::vector<std::string> metric_columns(const io::Json& results) {
  std::vector<std::string> cols;
  std::set<std::string> seen;
  auto add = [&](const std::string& key) {
    if (seen.insert(key).second) cols.push_back(key);
  };
  for (const auto& r : results) {
    for (auto it = r.begin(); it != r.end(); ++it)
      if ((it->is_number() || it->is_boolean()) && it.key() != "verified") add(it.key());
    if (r.contains("metrics") && r["metrics"].is_object())
      for (auto it = r["metrics"].begin(); it != r["metrics"].end(); ++it)
        if ((it->is_number() || it->is_boolean()) && !seen.count(it.key()))
          add("metrics." + it.key());
  }
  return cols;
}

std::string cell_text(const io::Json& r, const std::string& col) {
  const io::Json* v = nullptr;
  if (col.rfind("metrics.", 0) == 0) {
    if (r.contains("metrics") && r["metrics"].contains(col.substr(8))) v = &r["metrics"][col.substr(8)];
  } else if (r.contains(col)) {
    v = &r[col];
  }
  if (!v) return "";
  if (v->is_number_float()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v->get<double>());
    return buf;
  }
  return v->dump();
}

}  // namespace

void draw_results_panel(App& app) {
  AppState& st = app.state;
  if (!st.results.is_array() || st.results.empty()) {
    ImGui::TextDisabled(app.jobs.busy() ? "Running..." : "No results yet: pick algorithms and press Run.");
    return;
  }
  const auto cols = metric_columns(st.results);
  const int ncols = 2 + static_cast<int>(cols.size());
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("results", std::min(ncols, 64), flags, {0, -balance_comparison_height(app)})) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("algorithm");
    ImGui::TableSetupColumn("verified");
    for (std::size_t c = 0; c < cols.size() && c + 2 < 64; ++c)
      ImGui::TableSetupColumn(cols[c].rfind("metrics.", 0) == 0 ? cols[c].c_str() + 8 : cols[c].c_str());
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < st.results.size(); ++i) {
      const auto& r = st.results[i];
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      const std::string name = r.value("algorithm", "?");
      if (ImGui::Selectable(name.c_str(), st.selected_result == static_cast<int>(i),
                            ImGuiSelectableFlags_SpanAllColumns)) {
        st.selected_result = static_cast<int>(i);
        st.step = 0;
      }
      ImGui::TableSetColumnIndex(1);
      const bool ok = r.value("verified", false);
      ImGui::TextColored(ok ? ImVec4(0.4f, 0.9f, 0.4f, 1) : ImVec4(1, 0.4f, 0.4f, 1), ok ? "yes" : "NO");
      for (std::size_t c = 0; c < cols.size() && c + 2 < 64; ++c) {
        ImGui::TableSetColumnIndex(static_cast<int>(c) + 2);
        ImGui::TextUnformatted(cell_text(r, cols[c]).c_str());
      }
    }
    ImGui::EndTable();
  }
  draw_balance_comparison(app);
}

void draw_json_view(App& app) {
  ImGui::TextDisabled("This scenario kind has no graphical view yet; its JSON and results:");
  ImGui::BeginChild("json", {0, 0}, true);
  ImGui::TextUnformatted(app.state.scenario.dump(2).c_str());
  if (app.state.results.is_array()) {
    ImGui::Separator();
    const std::string text = app.state.results.dump(2);
    // Very long results are cut for display; Export results gives the whole document.
    ImGui::TextUnformatted(text.c_str(), text.c_str() + std::min<std::size_t>(text.size(), 200000));
  }
  ImGui::EndChild();
}

void draw_status_line(App& app) {
  const AppState& st = app.state;
  const bool isolated = platform_cross_origin_isolated();
  ImGui::TextColored(isolated ? ImVec4(0.5f, 0.85f, 0.5f, 1) : ImVec4(1, 0.6f, 0.3f, 1), "%s",
                     isolated ? "threads: on" : "threads: off (not cross-origin isolated)");
  ImGui::SameLine();
  ImGui::TextDisabled("| %s |", platform_name());
  ImGui::SameLine();
  if (st.status_is_error) ImGui::TextColored({1, 0.45f, 0.45f, 1}, "%s", st.status.c_str());
  else ImGui::TextUnformatted(st.status.c_str());
}

}  // namespace loadlab::app
