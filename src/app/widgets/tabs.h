// Bringing a tab to the front: the one way every view does it. A view keeps a TabRequest in its
// view state; the scenario's "ui" or a button sets it, and the tab bar takes it once.
#pragma once

#include <imgui.h>

namespace loadlab::app {

struct TabRequest {
  int index = -1;  ///< tab to select on the next frame, -1 = none
  void request(int i) { index = i; }
  /// The request for this frame (then forgotten).
  int take() {
    const int r = index;
    index = -1;
    return r;
  }
};

/// BeginTabItem that selects the tab when `request` (from TabRequest::take) names it.
inline bool begin_tab(const char* label, int index, int request) {
  return ImGui::BeginTabItem(label, nullptr, request == index ? ImGuiTabItemFlags_SetSelected : 0);
}

}  // namespace loadlab::app
