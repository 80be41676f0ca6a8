// What every kind's main view shows under its summary line: the independent verifier's badge and
// the view's tab bar (a tab a share link's "ui" or a button asked for comes to the front; the one
// drawn is what the next link records).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/widgets/tabs.h"

namespace loadlab::app {

/// On the summary line: "verified" in green or "NOT verified" in red; when not verified and
/// `first_error` is given and not empty, the verifier's first complaint on the next line.
void verified_badge(bool verified, const std::string* first_error = nullptr);

struct ViewTab {
  const char* label;
  std::function<void()> draw;
};

/// The view's tab bar (`id` as ImGui's "##..." id), tabs in index order.
void kind_tab_bar(const char* id, TabRequest& tabs, const std::vector<ViewTab>& list);

}  // namespace loadlab::app
