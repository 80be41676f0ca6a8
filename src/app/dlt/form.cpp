// The "dlt" kind's form (docs/scenario-dlt.md): d, E, C, L, B, delta and the algorithms, with live
// update: every edit rewrites the scenario and re-runs it (the solvers take microseconds).
#include <imgui.h>

#include <algorithm>

#include "app/dlt/view.h"
#include "app/shell/app.h"
#include "app/widgets/algorithm_picker.h"
#include "app/widgets/number_field.h"
#include "core/dlt/registry.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

std::vector<std::string> dlt_algorithms() {
  return io::algorithm_names_of("dlt");
}

// What an algorithm needs comes from the core table (core/dlt/registry.h), never a second list.
bool needs_buffer(const std::string& a) {
  const auto* row = core::find_dlt_algorithm(a);
  return row && row->needs_buffer;
}
bool needs_granularity(const std::string& a) {
  const auto* row = core::find_dlt_algorithm(a);
  return row && row->needs_granularity;
}

// A logarithmic slider over [lo, hi] (or type any value the scenario accepts in the box).
bool log_slider(const char* label, io::Json& doc, const char* key, double dflt, double lo,
                double hi) {
  double v = doc.value(key, dflt);
  if (!slider_scalar(label, ImGuiDataType_Double, &v, &lo, &hi, "%.4g",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoRoundToFormat))
    return false;
  doc[key] = v;
  return true;
}

// An optional field: a checkbox that adds/removes it, then its slider.
bool optional_slider(const char* check, const char* label, io::Json& doc, const char* key,
                     double dflt, double lo, double hi) {
  bool on = doc.contains(key);
  bool changed = false;
  if (form_checkbox(check, &on)) {
    if (on)
      doc[key] = dflt;
    else
      doc.erase(key);
    changed = true;
  }
  if (on) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 7);
    changed |= log_slider(label, doc, key, dflt, lo, hi);
  }
  return changed;
}

}  // namespace

ImU32 dlt_algorithm_colour(const std::string& name) {
  if (name == "closed_form") return IM_COL32(110, 160, 240, 255);
  if (name == "algorithm_a") return IM_COL32(230, 200, 90, 255);
  if (name == "ibs") return IM_COL32(120, 210, 130, 255);
  if (name == "algorithm_a_prime") return IM_COL32(225, 120, 200, 255);
  return IM_COL32(200, 200, 200, 255);
}

void draw_dlt_form(App& app) {
  io::Json doc = app_edit_base(app);  // the newest edit, still parsing on the worker
  bool changed = false;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 7);
  int dim = doc.value("dim", 8);
  if (slider_int("Dimension d", &dim, 1, 24)) doc["dim"] = dim, changed = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("2^d processors in d+1 layers");
  changed |= log_slider("E (compute)", doc, "E", 3.0, 0.001, 1000.0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Time to compute one unit of load");
  changed |= log_slider("C (link)", doc, "C", 2.0, 0.001, 1000.0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Time to send one unit of load over one link");
  changed |= log_slider("Load L", doc, "load", 1000.0, 1.0, 1e6);
  ImGui::PopItemWidth();
  changed |= optional_slider("Buffers", "B##buffer", doc, "buffer", 10.0, 0.01, 1e4);
  changed |= optional_slider("Granularity", "delta##gran", doc, "granularity", 2.0, 0.01, 1e4);

  // Algorithms: the ones whose field is missing are disabled (and dropped when it goes away).
  ImGui::TextDisabled("Algorithms");
  const auto algs = dlt_algorithms();
  std::vector<std::string> chosen;
  const bool listed = doc.contains("algorithms") && doc["algorithms"].is_array();
  if (listed)
    for (const auto& a : doc["algorithms"]) chosen.push_back(a.get<std::string>());
  bool algs_changed = false;
  std::vector<std::string> notes;
  const bool has_b = doc.contains("buffer"), has_g = doc.contains("granularity");
  for (const auto& a : algs) {
    const bool possible = (!needs_buffer(a) || has_b) && (!needs_granularity(a) || has_g);
    auto it = std::find(chosen.begin(), chosen.end(), a);
    if (!possible && it != chosen.end()) {
      chosen.erase(it);
      algs_changed = true;
      notes.push_back("unchecked " + a + " (it needs " +
                      (needs_buffer(a) && !has_b ? "buffers" : "a granularity") + ")");
    }
    bool on = listed ? std::find(chosen.begin(), chosen.end(), a) != chosen.end() : possible;
    ImGui::BeginDisabled(!possible);
    ImGui::PushStyleColor(ImGuiCol_CheckMark,
                          ImGui::ColorConvertU32ToFloat4(dlt_algorithm_colour(a)));
    if (ImGui::Checkbox(a.c_str(), &on)) {
      if (!listed)  // materialise the implicit "everything possible" list first
        for (const auto& b : algs)
          if ((!needs_buffer(b) || has_b) && (!needs_granularity(b) || has_g)) chosen.push_back(b);
      chosen.erase(std::remove(chosen.begin(), chosen.end(), a), chosen.end());
      if (on) chosen.push_back(a);
      algs_changed = true;
    }
    ImGui::PopStyleColor();
    ImGui::EndDisabled();
    if (!possible && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s runs on: %s. Turn on %s above to use it.", a.c_str(),
                        core::find_dlt_algorithm(a)->info.applies_to,
                        needs_buffer(a) && !has_b ? "Buffers (B)" : "Granularity (delta)");
    else if (possible)
      algorithm_tooltip("dlt", a);  // idea, paper, complexity
  }
  if (algs_changed || (listed && changed)) {
    std::vector<std::string> ordered;
    for (const auto& a : algs)
      if (std::find(chosen.begin(), chosen.end(), a) != chosen.end() &&
          (!needs_buffer(a) || has_b) && (!needs_granularity(a) || has_g))
        ordered.push_back(a);
    doc["algorithms"] = ordered;
    changed = true;
  }
  if (changed) live_apply(app, doc, notes);
}

}  // namespace loadlab::app
