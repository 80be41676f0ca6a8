// The "dlt" kind's view and form. Until its dedicated drawing lands, the generic JSON view is used.
#include <imgui.h>

#include "app/ui.h"

namespace loadlab::app {

void draw_dlt_view(App& app) { draw_json_view(app); }

void draw_dlt_form(App&) { ImGui::TextDisabled("Edit the scenario JSON below and press Apply."); }

}  // namespace loadlab::app
