// The frame's chrome around the views: the scenario's title as shown, the error banner, the
// developer overlay.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/model/autosave.h"
#include "app/shell/model_link.h"
#include "app/shell/theme.h"
#include "app/shell/ui.h"

namespace loadlab::app {

namespace {
constexpr const char* kEditedPrefix = "(edited) ";
}  // namespace

std::string scenario_title(const App& app) {
  const std::string name = scenario_display_name(app.state.scenario);
  if (!app.scenario_edited || app.scenario_named || name.rfind(kEditedPrefix, 0) == 0) return name;
  return kEditedPrefix + name;
}

io::Json shared_link_document(const App& app) {
  io::Json doc = current_link_document(app);
  // A link to an edited scenario says so: whoever opens it must not take it for the example.
  if (doc.is_object() && doc.contains("name") && doc["name"].is_string())
    doc["name"] = scenario_title(app);
  return doc;
}

void draw_title_field(App& app) {
  // The field shows the title until typed into; Enter names the scenario (an edit, not a run).
  const std::string shown = scenario_title(app);
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s", app.title_field.c_str());
  ImGui::SetNextItemWidth(-1);
  const bool entered = ImGui::InputTextWithHint("##title", "Title", buf, sizeof buf,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
  const bool active = ImGui::IsItemActive();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The scenario's title: type your own name for it and press Enter");
  if (active || entered) app.title_field = buf;
  if (entered && !app.title_field.empty() && app.title_field != shown) {
    io::Json doc = app_edit_copy(app);
    app_edit_restore(app, doc);
    doc["name"] = app.title_field;
    app_apply_edit(app, doc, false);
    app.scenario_named = true;
  }
  if (!active) app.title_field = shown;
}

bool banner_visible(const App& app) {
  const AppState& st = app.state;
  return st.status_is_error && !st.status.empty() &&
         !(app.banner_dismissed && app.banner_message == st.status);
}

void draw_banner(App& app) {
  const AppState& st = app.state;
  if (st.status != app.banner_message) {  // a new error shows again after an old one's Dismiss
    app.banner_message = st.status;
    app.banner_dismissed = false;
  }
  if (!st.status_is_error || st.status.empty() || app.banner_dismissed) return;
  const Palette& p = current_palette();
  const float pad = ImGui::GetStyle().FramePadding.x;
  const float button_w = ImGui::CalcTextSize("Dismiss").x + 2 * ImGui::GetStyle().FramePadding.x;
  const float wrap = std::max(80.0f, ImGui::GetContentRegionAvail().x - button_w - 4 * pad);
  const float text_h = ImGui::CalcTextSize(st.status.c_str(), nullptr, false, wrap).y;
  const float h = std::max(text_h, ImGui::GetFrameHeight()) + 2 * pad;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, theme_colour(p.banner_bg));
  ImGui::BeginChild("##banner", {0, h}, false, ImGuiWindowFlags_NoScrollbar);
  ImGui::SetCursorPos({pad, pad});
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
  ImGui::TextColored(theme_colour(p.text_error), "%s", st.status.c_str());
  ImGui::PopTextWrapPos();
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - button_w - pad);
  ImGui::SetCursorPosY(pad);
  if (ImGui::Button("Dismiss##banner")) {
    app.banner_dismissed = true;
    app.state.status_pinned = false;
  }
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void draw_developer_overlay(App& app, float dt) {
  if (!app.developer_overlay) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos({vp->WorkPos.x + vp->WorkSize.x - 8, vp->WorkPos.y + 8}, ImGuiCond_Always,
                          {1, 0});
  ImGui::SetNextWindowBgAlpha(0.9f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("##developer_overlay", nullptr, flags)) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::Text("frame %.1f ms (avg %.1f ms, %.0f fps)", dt * 1000.0f,
                io.Framerate > 0 ? 1000.0f / io.Framerate : 0.0f, io.Framerate);
    ImGui::Text("vertices %d, indices %d", io.MetricsRenderVertices, io.MetricsRenderIndices);
    ImGui::Text("UI scale %.2f, frame %lld", app.ui_scale,
                static_cast<long long>(app.state.frames));
  }
  ImGui::End();
}

}  // namespace loadlab::app
