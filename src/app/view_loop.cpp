// The "loop" kind's view and form. Until its dedicated drawing lands, the generic JSON view is used.
#include <imgui.h>

#include "app/ui.h"

namespace loadlab::app {

void draw_loop_view(App& app) { draw_json_view(app); }

void draw_loop_form(App&) { ImGui::TextDisabled("Edit the scenario JSON below and press Apply."); }

}  // namespace loadlab::app
