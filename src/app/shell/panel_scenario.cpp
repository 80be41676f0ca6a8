// The scenario panel: the kind's form (shell/registry.h), Run/Cancel with progress, the JSON
// editor. The editor is tall and monospace; a syntax error (checked here, before the worker parses)
// or a validation error naming a JSON pointer marks its line in the text (widgets/format.h).
#include <imgui.h>
#include <imgui_internal.h>  // the editor's child window, for its scroll offset

#include <algorithm>

#include "app/shell/app_setup.h"
#include "app/shell/live_update.h"
#include "app/shell/panel_help.h"
#include "app/shell/platform.h"
#include "app/shell/registry.h"
#include "app/shell/theme.h"
#include "app/shell/ui.h"
#include "app/widgets/format.h"
#include "app/widgets/number_field.h"
#include "io/run_estimate.h"
#include "io/scenario.h"

namespace loadlab::app {

namespace {

constexpr const char* kEditorOrigin = "the JSON editor";

// The current scenario's predicted run time (model/run_estimate.h), computed once per scenario.
const io::RunEstimate& panel_run_estimate(const App& app) {
  static const io::TypedScenario* seen = nullptr;
  static io::RunEstimate estimate;
  if (app.state.parsed.get() != seen) {
    seen = app.state.parsed.get();
    const double slowdown = std::string(platform_name()) == "web" ? io::kWebSlowdown : 1.0;
    estimate = seen ? io::estimate_run(*seen, slowdown) : io::RunEstimate{};
  }
  return estimate;
}

// "Estimated: about 25 s, mostly optimal": muted, or in the warning colour past
// io::kLongRunSeconds.
void draw_run_estimate_line(const io::RunEstimate& e) {
  if (!e.known || e.seconds < 1.0) return;
  std::string text = "Estimated run: " + io::estimate_text(e.seconds);
  if (e.seconds > io::kLongRunSeconds)
    text += ", mostly " + e.slowest + ". A long run: Cancel stops it.";
  ImGui::PushTextWrapPos(0);
  if (e.seconds > io::kLongRunSeconds)
    ImGui::TextColored(theme_colour(current_palette().text_warning), "%s", text.c_str());
  else
    ImGui::TextDisabled("%s", text.c_str());
  ImGui::PopTextWrapPos();
}

int grow_string(ImGuiInputTextCallbackData* d) {
  if (d->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    auto* str = static_cast<std::string*>(d->UserData);
    str->resize(static_cast<std::size_t>(d->BufTextLen));
    d->Buf = str->data();
  }
  return 0;
}

// The validation error of the editor's last Apply arrives later (the worker parses it): take it
// from the status line while it is the editor's.
void follow_editor_error(App& app) {
  HelpUi& h = app.help;
  const std::string prefix = std::string("Could not load ") + kEditorOrigin + ": ";
  const AppState& st = app.state;
  if (!h.json_error.empty() && st.parsed.get() != h.json_error_scenario) {
    h.json_error.clear();  // another scenario was installed since (the editor holds its text)
    h.json_error_line = 0;
  }
  if (st.status_is_error && st.status.rfind(prefix, 0) == 0) {
    const std::string msg = st.status.substr(prefix.size());
    if (msg != h.json_error && msg.rfind("line ", 0) != 0) {  // "line N: ..." = our syntax error
      h.json_error = msg;
      h.json_error_line = validation_error_line(app.json_editor, msg);
      h.json_error_scenario = st.parsed.get();
    }
  }
}

void draw_json_editor(App& app, float height) {
  HelpUi& h = app.help;
  const char* label = "##json";
  const ImGuiID id = ImGui::GetID(label);
  if (ImFont* mono = monospace_font()) ImGui::PushFont(mono);
  const float line_h = ImGui::GetTextLineHeight();
  std::string& text = app.json_editor;
  const bool changed = ImGui::InputTextMultiline(
      label, text.data(), text.capacity() + 1, {-1, height},
      ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_AllowTabInput, grow_string, &text);
  const ImVec2 box_min = ImGui::GetItemRectMin(), box_max = ImGui::GetItemRectMax();
  h.json_editor_box[0] = box_min.x, h.json_editor_box[1] = box_min.y;
  h.json_editor_box[2] = box_max.x, h.json_editor_box[3] = box_max.y;
  h.json_editor_frame = ImGui::GetFrameCount();
  if (changed) h.json_error_line = 0;  // the marked line may have moved
  // Mark the error's line inside the editor: a red band behind it and a marker in the margin.
  if (h.json_error_line > 0) {
    float scroll = 0;
    char name[256];
    ImFormatString(name, sizeof name, "%s/%s_%08X", ImGui::GetCurrentWindow()->Name, label, id);
    if (ImGuiWindow* child = ImGui::FindWindowByName(name)) scroll = child->Scroll.y;
    const float y =
        box_min.y + ImGui::GetStyle().FramePadding.y + (h.json_error_line - 1) * line_h - scroll;
    if (y + line_h > box_min.y && y < box_max.y) {
      ImDrawList* dl = ImGui::GetWindowDrawList();
      dl->PushClipRect(box_min, box_max, true);
      dl->AddRectFilled({box_min.x, y}, {box_max.x, y + line_h}, IM_COL32(220, 60, 60, 70));
      dl->AddRectFilled({box_min.x, y}, {box_min.x + 3, y + line_h}, IM_COL32(255, 80, 80, 255));
      dl->PopClipRect();
    }
  }
  if (ImFont* mono = monospace_font()) {
    (void)mono;
    ImGui::PopFont();
  }
  if (!h.json_error.empty()) {
    ImGui::PushTextWrapPos(0);
    if (h.json_error_line > 0)
      ImGui::TextColored({1, 0.45f, 0.45f, 1}, "Line %d: %s", h.json_error_line,
                         h.json_error.c_str());
    else
      ImGui::TextColored({1, 0.45f, 0.45f, 1}, "%s", h.json_error.c_str());
    ImGui::PopTextWrapPos();
  }
  if (ImGui::Button("Apply JSON")) {
    h.json_error.clear();
    h.json_error_line = 0;
    if (auto err = json_syntax_error(text)) {
      h.json_error = err->message;
      h.json_error_line = err->line;
      h.json_error_scenario = app.state.parsed.get();
      set_status(app.state,
                 std::string("Could not load ") + kEditorOrigin + ": line " +
                     std::to_string(err->line) + ": " + err->message,
                 true);
    } else {
      app_import_text(app, text, kEditorOrigin);
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Revert")) {
    text = app.state.scenario.dump(2);
    h.json_error.clear();
    h.json_error_line = 0;
  }
  ImGui::SameLine();
  ImGui::Checkbox("large", &h.json_editor_large);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Edit in a large window");
}

// The Run / Cancel control, the progress, the estimate and the pending-edit line: pinned under
// the form, so they are in view whatever the form's length and the window's height.
void draw_scenario_run_footer(App& app) {
  const float s = app.ui_scale;
  ImGui::Separator();
  auto record_run_button = [&app](const char* label) {
    HelpUi& h = app.help;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    h.run_button_box[0] = a.x, h.run_button_box[1] = a.y;
    h.run_button_box[2] = b.x, h.run_button_box[3] = b.y;
    h.run_button_label = label;
    h.run_button_frame = ImGui::GetFrameCount();
  };
  static double run_seen_since = -1;  // when this panel first saw the current run busy
  if (!app.jobs.busy()) run_seen_since = -1;
  if (app.jobs.busy()) {
    const double now = ImGui::GetTime();
    if (run_seen_since < 0) run_seen_since = now;
    const double elapsed = now - run_seen_since, done = app.jobs.progress();
    ImGui::ProgressBar(static_cast<float>(done), {-1, 0});
    // Past a second, say how long it has run and, from the progress so far, about how long is left.
    if (const io::RunEstimate& e = panel_run_estimate(app); e.known && e.seconds >= 1.0)
      ImGui::TextDisabled("Estimated: %s", io::estimate_text(e.seconds).c_str());
    if (elapsed > 1.0) {
      if (done > 0.02)
        ImGui::TextDisabled("Running %.0f s; about %.0f s left", elapsed,
                            elapsed * (1 - done) / done);
      else
        ImGui::TextDisabled("Running %.0f s", elapsed);
    }
    const bool cancel = ImGui::Button("Cancel", {-1, 0});
    record_run_button("Cancel");
    if (cancel) app_cancel_run(app);
  } else {
    const io::RunEstimate& estimate = panel_run_estimate(app);
    draw_run_estimate_line(estimate);
    const bool run = ImGui::Button("Run", {-1, 28 * s});
    record_run_button("Run");
    if (run) {
      // A run predicted to be long asks first; a waiting edit runs once installed.
      if (estimate.known && estimate.seconds > io::kLongRunSeconds)
        ImGui::OpenPopup("Long run");
      else if (!live_update_flush(app))
        app_run(app);
    }
    if (ImGui::BeginPopupModal("Long run", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
      ImGui::Text("This run will take %s (mostly %s).", io::estimate_text(estimate.seconds).c_str(),
                  estimate.slowest.c_str());
      ImGui::TextUnformatted("Cancel stops it; the previous results stay until it finishes.");
      if (ImGui::Button("Run anyway")) {
        if (!live_update_flush(app)) app_run(app);
        ImGui::CloseCurrentPopup();
      }
      ImGui::SameLine();
      if (ImGui::Button("Not now")) ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
  }
  if (app.link.edit_pending && !app.jobs.busy())
    ImGui::TextDisabled("Edited: runs when you pause, or press Run.");
}

}  // namespace

void draw_scenario_panel(App& app) {
  const float s = app.ui_scale;
  ImGui::Text("Kind: %s", app.state.kind.c_str());
  ImGui::TextWrapped("%s", scenario_title(app).c_str());
  static bool renaming = false;  // the Title field, shown on demand (an input cuts long titles)
  if (renaming) {
    draw_title_field(app);
    if (ImGui::SmallButton("Done##title")) renaming = false;
  } else if (ImGui::SmallButton("Rename...")) {
    renaming = true;
  }
  ImGui::Separator();
  // The form and the JSON editor scroll in a child window; the run footer under it keeps the
  // height it took in the last frame (a first guess before that: an estimate line and the button).
  static float footer_h = 0;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float footer_guess = 2 * ImGui::GetFrameHeightWithSpacing() + 28 * s;
  const float reserve = (footer_h > 0 ? footer_h : footer_guess) + style.ItemSpacing.y;
  const float form_h = ImGui::GetContentRegionAvail().y - reserve;
  ImGui::BeginChild("##scenario_form", {0, std::max(form_h, 4 * ImGui::GetFrameHeight())}, false);
  if (const KindModule* kind = find_kind_module(app.state.kind)) {
    number_field_hint();  // how the number boxes beside the sliders work
    kind->draw_form(app);
  }

  ImGui::Separator();
  follow_editor_error(app);
  if (!app.help.json_error.empty()) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
  if (ImGui::CollapsingHeader("Scenario JSON")) {
    if (app.help.json_editor_large) {
      ImGui::TextDisabled("Editing in the large window.");
      if (ImGui::Button("Back here")) app.help.json_editor_large = false;
    } else {
      // Tall: at least 20 lines, or the rest of the panel.
      const float line = ImGui::GetTextLineHeight();
      const float rest = ImGui::GetContentRegionAvail().y - 3 * ImGui::GetFrameHeightWithSpacing();
      draw_json_editor(app, std::max(20 * line, rest));
    }
  }
  ImGui::EndChild();
  const float footer_top = ImGui::GetCursorPosY();
  draw_scenario_run_footer(app);
  footer_h = ImGui::GetCursorPosY() - footer_top;

  if (app.help.json_editor_large) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowSize({vp->WorkSize.x * 0.6f, vp->WorkSize.y * 0.8f}, ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(
        {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f},
        ImGuiCond_Appearing, {0.5f, 0.5f});
    bool open = true;
    if (ImGui::Begin("Scenario JSON###json_editor", &open, ImGuiWindowFlags_NoSavedSettings)) {
      const float rest = ImGui::GetContentRegionAvail().y - 3 * ImGui::GetFrameHeightWithSpacing();
      draw_json_editor(app, std::max(10 * ImGui::GetTextLineHeight(), rest));
    }
    ImGui::End();
    if (!open) app.help.json_editor_large = false;
  }
}

}  // namespace loadlab::app
