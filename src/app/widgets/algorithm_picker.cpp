#include "app/widgets/algorithm_picker.h"

#include <algorithm>

#include "app/widgets/number_field.h"
#include "core/common/algorithm_info.h"
#include "core/common/citations.h"
#include "io/scenario.h"

namespace loadlab::app {

bool algorithm_picker(io::Json& doc, const std::string& kind, const AlgorithmPickerOptions& opt) {
  const auto algs = io::algorithm_names_of(kind);
  std::vector<std::string> chosen;
  if (doc.contains("algorithms") && doc["algorithms"].is_array())
    for (const auto& a : doc["algorithms"])
      if (a.is_string()) chosen.push_back(a.get<std::string>());
  bool changed = false;
  const float col2 = ImGui::GetContentRegionAvail().x * 0.5f;
  // Two columns when every name fits in half the panel; one when a narrow panel would make the
  // names run into each other.
  float widest = 0;
  for (const auto& a : algs) widest = std::max(widest, checkbox_width(a.c_str()));
  const bool two_columns = widest + ImGui::GetStyle().ItemSpacing.x <= col2;
  for (std::size_t i = 0; i < algs.size(); ++i) {
    bool on = std::find(chosen.begin(), chosen.end(), algs[i]) != chosen.end();
    if (two_columns && i % 2) ImGui::SameLine(col2);
    if (opt.colour)
      ImGui::PushStyleColor(ImGuiCol_CheckMark,
                            ImGui::ColorConvertU32ToFloat4(opt.colour(algs[i])));
    if (ImGui::Checkbox(algs[i].c_str(), &on)) {
      changed = true;
      if (on)
        chosen.push_back(algs[i]);
      else
        chosen.erase(std::remove(chosen.begin(), chosen.end(), algs[i]), chosen.end());
    }
    if (opt.colour) ImGui::PopStyleColor();
    // The form's own note (e.g. why it is disabled) or else the algorithm's help text.
    const char* tip = opt.tooltip && ImGui::IsItemHovered() ? opt.tooltip(algs[i]) : nullptr;
    if (tip)
      ImGui::SetTooltip("%s", tip);
    else
      algorithm_tooltip(kind, algs[i]);
  }
  bool first_button = true;
  auto button = [&first_button](const char* label) {
    if (!first_button)
      same_line_if_fits(ImGui::CalcTextSize(label, nullptr, true).x +
                        ImGui::GetStyle().FramePadding.x * 2);
    first_button = false;
    return ImGui::SmallButton(label);
  };
  if (opt.all_button && button("all")) chosen = algs, changed = true;
  for (const auto& p : opt.presets)
    if (button(p.label)) chosen = p.algorithms, changed = true;
  if (changed) {
    // Keep the table's order so colours and tables line up.
    std::vector<std::string> ordered;
    for (const auto& a : algs)
      if (std::find(chosen.begin(), chosen.end(), a) != chosen.end()) ordered.push_back(a);
    doc["algorithms"] = ordered;
  }
  if (chosen.empty() && opt.none_checked_note) ImGui::TextDisabled("%s", opt.none_checked_note);
  return changed;
}

void algorithm_tooltip(const std::string& kind, const std::string& algorithm) {
  if (!ImGui::IsItemHovered()) return;
  const io::KindHandler* k = io::find_kind(kind);
  const core::AlgorithmInfo* a = k ? core::find_algorithm(k->algorithms(), algorithm) : nullptr;
  if (!a) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
  ImGui::Text("%s (%s)", a->title, a->name);
  ImGui::TextDisabled("%s | runs on: %s", core::cite_sources(a->paper).c_str(), a->applies_to);
  ImGui::TextWrapped("%s", a->description);
  if (a->complexity && *a->complexity) ImGui::Text("Complexity: %s", a->complexity);
  ImGui::TextDisabled("F1 or Help > Algorithms for the formula.");
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace loadlab::app
