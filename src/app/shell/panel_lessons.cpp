#include "app/shell/panel_lessons.h"

#include <imgui.h>

#include <algorithm>

#include "app/model/lessons.h"
#include "app/shell/panel_help.h"
#include "app/shell/ui.h"
#include "io/presets.h"

namespace loadlab::app {

namespace {

// One lesson plays at a time (one window); the App does not need to know.
struct LessonPlayer {
  int lesson = -1;  ///< index into lessons(), -1 = none open
  int step = 0;
  bool open = false;
};

LessonPlayer& lesson_player() {
  static LessonPlayer p;
  return p;
}

int lesson_index(const std::string& name) {
  const auto& all = lessons();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].name == name) return static_cast<int>(i);
  return -1;
}

// True when the app shows the step's scenario and its run has finished.
bool lesson_step_ready(const App& app, const LessonStep& s) {
  std::string want;
  for (const auto& p : io::presets())
    if (p.name == s.preset) want = p.scenario.value("name", "");
  if (app.opener.busy() || app.jobs.busy()) return false;  // the old run's results may be shown
  return !want.empty() && app.state.scenario.is_object() &&
         app.state.scenario.value("name", "") == want && app.state.results.is_array() &&
         !app.state.results.empty();
}

void open_lesson_index(App& app, int lesson, int step) {
  LessonPlayer& p = lesson_player();
  const auto& l = lessons()[static_cast<std::size_t>(lesson)];
  step = std::clamp(step, 0, static_cast<int>(l.steps.size()) - 1);
  p.lesson = lesson, p.step = step, p.open = true;
  app_load_scenario(app, lesson_scenario(l.steps[static_cast<std::size_t>(step)]),
                    "lesson " + l.name);
}

}  // namespace

bool open_lesson_step(App& app, const std::string& name, int step) {
  const int i = lesson_index(name);
  if (i < 0) return false;
  const auto& l = lessons()[static_cast<std::size_t>(i)];
  if (step < 0 || step >= static_cast<int>(l.steps.size())) return false;
  LessonPlayer& p = lesson_player();
  if (!(p.open && p.lesson == i && p.step == step)) open_lesson_index(app, i, step);
  return true;
}

io::Json lesson_hook(App& app, const std::string& name, int step) {
  if (name.empty()) {
    io::Json list = io::Json::array();
    for (const auto& l : lessons()) list.push_back({{"name", l.name}, {"steps", l.steps.size()}});
    return {{"lessons", list}};
  }
  if (!open_lesson_step(app, name, step))
    return {{"error", "no lesson \"" + name + "\" with a step " + std::to_string(step)}};
  const Lesson& l = lessons()[static_cast<std::size_t>(lesson_player().lesson)];
  const LessonStep& s = l.steps[static_cast<std::size_t>(step)];
  const bool ready = lesson_step_ready(app, s);
  const LessonCheck c = check_lesson_step(s, ready ? app.state.results : io::Json());
  return {{"lesson", l.name},
          {"step", step},
          {"steps", l.steps.size()},
          {"paper", c.paper},
          {"here", c.here ? *c.here : io::Json()},
          {"agree", c.agree},
          {"line", c.line},
          {"differs", s.differs},
          {"ready", ready && c.here.has_value()}};
}

bool draw_lessons_section(App& app) {
  bool started = false;
  ImGui::TextUnformatted("Paper lessons: the papers' worked examples, step by step");
  ImGui::PushTextWrapPos(0);
  const auto& all = lessons();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Lesson& l = all[i];
    ImGui::PushID(static_cast<int>(i));
    char label[256];
    std::snprintf(label, sizeof label, "%s  (%zu steps)", l.title.c_str(), l.steps.size());
    if (ImGui::Selectable(label)) {
      open_lesson_index(app, static_cast<int>(i), 0);
      started = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", l.citation.c_str());
    ImGui::PopID();
  }
  ImGui::PopTextWrapPos();
  return started;
}

void draw_lesson_window(App& app) {
  LessonPlayer& p = lesson_player();
  if (!p.open || p.lesson < 0) return;
  const Lesson& l = lessons()[static_cast<std::size_t>(p.lesson)];
  const int steps = static_cast<int>(l.steps.size());
  const LessonStep& s = l.steps[static_cast<std::size_t>(p.step)];
  const float f = ImGui::GetFontSize();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize({30 * f, 0}, ImGuiCond_Appearing);
  // Bottom right, over the results rather than the view the step talks about.
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x - f, vp->WorkPos.y + vp->WorkSize.y - 2 * f},
      ImGuiCond_Appearing, {1.0f, 1.0f});
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: it sits over the results table
  bool open = true;
  if (ImGui::Begin("Lesson###lesson", &open, ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored({0.55f, 0.75f, 1.0f, 1.0f}, "%s", l.title.c_str());
    ImGui::TextDisabled("%s", l.citation.c_str());
    ImGui::Separator();
    ImGui::Text("Step %d of %d", p.step + 1, steps);
    ImGui::TextUnformatted(s.text.c_str());
    ImGui::Spacing();
    const bool ready = lesson_step_ready(app, s);
    const LessonCheck c = check_lesson_step(s, ready ? app.state.results : io::Json());
    const ImVec4 col = !c.here   ? ImVec4{0.7f, 0.7f, 0.7f, 1}
                       : c.agree ? ImVec4{0.45f, 0.9f, 0.5f, 1}
                                 : ImVec4{1.0f, 0.65f, 0.3f, 1};
    ImGui::TextColored(col, "%s", c.line.c_str());
    if (c.here && c.agree) {
      ImGui::SameLine();
      ImGui::TextDisabled("(the same)");
    }
    if (!s.differs.empty())
      ImGui::TextDisabled("Note on the printed example: %s", s.differs.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    ImGui::BeginDisabled(p.step == 0);
    if (ImGui::Button("< Back")) open_lesson_index(app, p.lesson, p.step - 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(p.step + 1 >= steps);
    if (ImGui::Button("Next >")) open_lesson_index(app, p.lesson, p.step + 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Show this step again"))
      open_lesson_index(app, p.lesson, p.step);  // restores the step's view after exploring
  }
  ImGui::End();
  if (!open) p.open = false;
}

}  // namespace loadlab::app
