// Bringing a tab to the front: the one way every view does it. A view keeps a TabRequest in its
// view state; the scenario's "ui" or a button sets it, and the tab bar takes it once.
#pragma once

#include <imgui.h>

namespace loadlab::app {

struct TabRequest {
  int index = -1;  ///< tab to select on the next frame, -1 = none
  int shown = -1;  ///< the tab drawn last frame (what a share link's "ui" records), -1 = none yet
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

/// Same, and records the tab as the one shown (TabRequest::shown).
inline bool begin_tab(TabRequest& tabs, const char* label, int index, int request) {
  const bool open = begin_tab(label, index, request);
  if (open) tabs.shown = index;
  return open;
}

}  // namespace loadlab::app
