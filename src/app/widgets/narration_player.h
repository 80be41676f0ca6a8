// A kind view's narration (core::Narration, from its kind's io explain hook) and the step the view
// shows: built once per result (and per extra key, e.g. the dynamic view's node), stepped by the
// view's player, the arrow keys (KindModule::step_by) and the test hook's setStep (the kinds'
// "set_step" command). The shell draws the caption of `step` (KindModule::narration).
#pragma once

#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "app/widgets/gantt_chart.h"
#include "app/widgets/number_field.h"
#include "app/widgets/view_colours.h"
#include "core/common/narration.h"
#include "io/scenario.h"

namespace loadlab::app {

struct NarrationFollower {
  const void* source = nullptr;  ///< the result narrated (identity only)
  std::int64_t key = 0;
  std::shared_ptr<const core::Narration> narration;
  int step = 0;

  /// Rebuilds with build() when the result or key changed; the step goes back to 0.
  template <class Build>
  void follow(const void* src, std::int64_t k, Build&& build) {
    if (src == source && k == key) return;
    source = src;
    key = k;
    step = 0;
    narration = src ? std::make_shared<const core::Narration>(build()) : nullptr;
  }
  /// The kind's explain hook on one result of the current scenario (empty if it has none).
  static core::Narration explain(const io::TypedScenario& sc, const io::TypedResult& r) {
    const io::KindHandler* k = io::find_kind(sc.kind);
    if (!k || !k->explain || r.failed()) return {};
    return k->explain(sc, r);
  }
  int steps() const { return narration ? static_cast<int>(narration->steps.size()) : 0; }
  void seek(int s) { step = std::clamp(s, 0, std::max(0, steps() - 1)); }
  core::NarrationView view() const {
    if (!narration || narration->steps.empty()) return {};
    return {narration.get(), std::clamp(step, 0, steps() - 1)};
  }
};

/// ◀ [step slider] ▶ for the narration; nothing when there is no narration.
inline void draw_narration_player(NarrationFollower& f, const char* id, float width) {
  const int n = f.steps();
  if (n <= 0) return;
  ImGui::PushID(id);
  if (ImGui::ArrowButton("##prev", ImGuiDir_Left)) f.seek(f.step - 1);
  ImGui::SameLine();
  // Counted from 0, as the caption strip, the captions themselves ("part 0", "chunk 0") and the
  // balance view's step slider count.
  int shown = f.step;
  ImGui::SetNextItemWidth(width);
  const std::string fmt = "step %d of " + std::to_string(n - 1);
  if (readable_slider_int("##step", &shown, 0, n - 1, fmt.c_str())) f.seek(shown);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##next", ImGuiDir_Right)) f.seek(f.step + 1);
  if (ImGui::IsItemHovered() || ImGui::IsItemActive())
    ImGui::SetTooltip("Step through the narration (left/right arrow keys)");
  ImGui::PopID();
}

/// The time of the visible step of a narration whose captions start "t = <time>:" (the os and
/// dynamic kinds'), for a marker on the view's time chart; false when there is none.
inline bool narration_step_time(const NarrationFollower& f, double* time) {
  const auto v = f.view();
  if (!v.narration) return false;
  const std::string& text = v.narration->steps[static_cast<std::size_t>(v.step)].text;
  if (text.rfind("t = ", 0) != 0) return false;
  char* end = nullptr;
  *time = std::strtod(text.c_str() + 4, &end);
  return end != text.c_str() + 4;
}

/// A vertical line at the narrated moment over a Gantt chart just drawn.
inline void draw_narration_time_line(const NarrationFollower& f, const GanttChart& chart,
                                     float ui_scale) {
  double t = 0;
  if (!narration_step_time(f, &t)) return;
  const auto& l = chart.layout();
  const float x = l.x(t);
  if (x < l.px0 || x > l.px1) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddLine({x, l.py0}, {x, l.py1}, with_alpha(view_colours().highlight, 230), 2.0f * ui_scale);
}

/// The "set_step" command of a kind (the test hook's setStep(k), k 0-based); nullopt if `name`
/// is another command.
inline std::optional<io::Json> narration_set_step_command(NarrationFollower& f,
                                                          const std::string& name,
                                                          const io::Json& args) {
  if (name != "set_step") return std::nullopt;
  if (args.is_object() && args.contains("step") && args["step"].is_number_integer())
    f.seek(args["step"].get<int>());
  return io::Json{{"step", f.step}, {"steps", f.steps()}};
}

}  // namespace loadlab::app
